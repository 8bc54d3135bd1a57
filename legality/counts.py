"""Qualities bounded by a count of the board ("creatures with power less than the number of Islands you control"):
the count is taken as the game is built, and the bound becomes a plain one (``power_at_most``) that every later stage
reads as any other; nothing downstream meets an uncounted bound."""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

from legality.match import MatchContext, matches
from models.abilities import Quality
from models.board import Board, Permanent

M = TypeVar("M", bound=BaseModel)


_SEEN: dict[int, tuple[BaseModel, bool]] = {}
"""``has_count`` by the ability object itself (kept with it, so its id can't be reused meanwhile): the abilities read
from a card's text are the same objects board after board, and hashing one walks all its fields."""


def has_count(model: BaseModel) -> bool:
    """Whether a quality within ``model`` (an ability) is bounded by a count of the board."""
    hit = _SEEN.get(id(model))
    if hit is not None and hit[0] is model:
        return hit[1]
    value = "power_less_than_count" in model.model_dump_json(exclude_defaults=True)
    if len(_SEEN) >= 8192:
        _SEEN.clear()
    _SEEN[id(model)] = (model, value)
    return value


def counted(model: M, board: Board, ctx: MatchContext) -> M:
    """``model`` with every "power less than the number of [permanents]" made "power at most N - 1", N the number of
    permanents on the board with that quality as ``ctx`` (the ability's controller and source) measures it."""
    if not has_count(model):
        return model
    return _walk(model, board, ctx)


def _walk(model: M, board: Board, ctx: MatchContext) -> M:
    update: dict[str, object] = {}
    for name in type(model).model_fields:
        value = getattr(model, name)
        new = _value(value, board, ctx)
        if new is not value:
            update[name] = new
    if isinstance(model, Quality) and model.power_less_than_count is not None:
        n = sum(1 for p in board.permanents if matches(model.power_less_than_count, p, _keywords(p), ctx))
        bound = n - 1 if model.power_at_most is None else min(model.power_at_most, n - 1)
        update.update(power_less_than_count=None, power_at_most=bound)
    return model.model_copy(update=update) if update else model


def _value(value: object, board: Board, ctx: MatchContext) -> object:
    if isinstance(value, BaseModel):
        return _walk(value, board, ctx)
    if isinstance(value, tuple):
        items = tuple(_value(v, board, ctx) for v in value)
        return items if any(a is not b for a, b in zip(items, value, strict=True)) else value
    return value


def _keywords(p: Permanent) -> frozenset[str]:
    """The keywords the board gives a permanent (what is counted is lands and the like, not what abilities grant)."""
    return frozenset(k.lower() for k in p.keywords)
