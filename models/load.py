"""Reading a board: JSON text or data → ``Board``, with every defect named by its JSON path.

Structural defects come from pydantic; the cross-references (ids that must exist, who may attack
what, who may block what) are checked here, all at once, so a user sees every problem in one go.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from models.abilities import AttacksPlayer, BlocksAttacker, CantAttack, CantBlock, Grant, Protection
from models.board import Board


@dataclass(frozen=True)
class Problem:
    """One defect in a board: where (a JSON path such as ``$.permanents[2].power``) and what."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


class BoardError(ValueError):
    """The input is not a valid board file: malformed JSON, a bad field, or a dangling id."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(str(p) for p in problems))


def json_path(loc: tuple[int | str, ...]) -> str:
    """Render a pydantic location tuple as a JSON path."""
    out = "$"
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _pydantic_problems(err: ValidationError) -> list[Problem]:
    problems = []
    for e in err.errors():
        # Discriminated unions add the tag to the location ("...abilities[0].cant_attack.n"): drop it.
        raw = e["loc"]
        loc = tuple(p for k, p in enumerate(raw)
                    if not (p in _ABILITY_KINDS and k > 0 and isinstance(raw[k - 1], int)))
        msg = e["msg"]
        if e["type"] == "extra_forbidden":
            msg = "unknown field"
        elif e["type"] == "missing":
            msg = "required field is missing"
        problems.append(Problem(json_path(loc), msg))
    return problems


def _ability_kinds() -> frozenset[str]:
    from typing import get_args

    from models import abilities as ab

    kinds: set[str] = set()
    for cls in vars(ab).values():
        if isinstance(cls, type) and issubclass(cls, BaseModel) and "kind" in cls.model_fields:
            kinds.update(get_args(cls.model_fields["kind"].annotation))
    return frozenset(kinds)


_ABILITY_KINDS = _ability_kinds()


CardDefaults = Callable[[str], Mapping[str, Any] | None]
"""Card name → the board fields a card library supplies for it (None if unknown)."""


def fill_from_library(data: Mapping[str, Any], cards: CardDefaults) -> dict[str, Any]:
    """The board with each permanent's missing fields taken from the card library by ``name``."""
    out = dict(data)
    perms = data.get("permanents")
    if isinstance(perms, list):
        filled = []
        for p in perms:
            if isinstance(p, Mapping) and isinstance(p.get("name"), str):
                known = cards(p["name"])
                if known:
                    p = {**{k: v for k, v in known.items() if k not in p}, **p}
            filled.append(p)
        out["permanents"] = filled
    return out


MAX_DEPTH = 100
"""Arrays and objects may nest this deep in a board file (a board needs about 8 levels; ``meta`` the rest)."""


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _decode(data: str | bytes) -> Any:
    """JSON text → Python data, every failure (bad syntax, NaN, deep nesting, huge integers) a ``BoardError``."""
    try:
        return json.loads(data, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise BoardError([Problem("$", f"not valid JSON: {exc.msg} (line {exc.lineno}, "
                                       f"column {exc.colno})")]) from None
    except UnicodeDecodeError as exc:
        raise BoardError([Problem("$", f"not UTF-8 text at byte {exc.start + 1}")]) from None
    except RecursionError:
        raise BoardError([Problem("$", f"arrays and objects nested more than {MAX_DEPTH} levels deep")]) from None
    except ValueError as exc:  # NaN/Infinity, integers of more than 4300 digits
        raise BoardError([Problem("$", f"not valid JSON: {exc}")]) from None


def _too_deep(data: Any) -> bool:
    """Whether arrays and objects nest more than ``MAX_DEPTH`` levels (checked without recursion)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, Mapping):
            items: Any = value.values()
        elif isinstance(value, (list, tuple)):
            items = value
        else:
            continue
        if depth > MAX_DEPTH:
            return True
        stack.extend((v, depth + 1) for v in items)
    return False


def _validate(data: Mapping[str, Any]) -> Board:
    """Validate strictly, as JSON: an integer field takes only a JSON integer (not "2", true or 2.0)."""
    if _too_deep(data):
        raise BoardError([Problem("$", f"arrays and objects nested more than {MAX_DEPTH} levels deep")])
    try:
        text = json.dumps(data, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise BoardError([Problem("$", f"not JSON data: {exc}")]) from None
    try:
        return Board.model_validate_json(text, strict=True)
    except ValidationError as err:
        raise BoardError(_pydantic_problems(err)) from None


def parse_board(data: str | bytes | Mapping[str, Any], departed: bool | None = None,
                cards: CardDefaults | None = None) -> Board:
    """Parse and validate a board from JSON text or already-decoded data; raise ``BoardError``.

    ``departed``: whether an attack target or a blocker may be absent from the battlefield (it has
    left it, 506.4c, 509.1h), as in the combat damage step; by default, when the board has ``damage``.
    ``cards``: a card library; fields a permanent doesn't give come from it (explicit fields win).
    """
    if isinstance(data, (str, bytes)):
        data = _decode(data)
    if not isinstance(data, Mapping):
        raise BoardError([Problem("$", "a board must be a JSON object")])
    if cards is not None:
        data = fill_from_library(data, cards)
    board = _validate(data)
    problems = list(check_references(board, board.damage is not None if departed is None else departed))
    if problems:
        raise BoardError(problems)
    return board


def check_references(board: Board, departed: bool = False) -> Iterator[Problem]:
    """Every cross-reference defect of a structurally valid board (see ``parse_board`` for ``departed``)."""
    players = {p.id for p in board.players}
    perms = {p.id: p for p in board.permanents}
    seen: dict[str, str] = {}
    for i, pl in enumerate(board.players):
        if pl.id in seen:
            yield Problem(f"$.players[{i}].id", f"duplicate id {pl.id!r} (also {seen[pl.id]})")
        seen.setdefault(pl.id, f"$.players[{i}]")
    for i, pm in enumerate(board.permanents):
        if pm.id in seen:
            yield Problem(f"$.permanents[{i}].id", f"duplicate id {pm.id!r} (also {seen[pm.id]})")
        seen.setdefault(pm.id, f"$.permanents[{i}]")
    if board.active_player not in players:
        yield Problem("$.active_player", f"{board.active_player!r} is not a player id")

    for i, pm in enumerate(board.permanents):
        at = f"$.permanents[{i}]"
        if pm.controller not in players:
            yield Problem(f"{at}.controller", f"{pm.controller!r} is not a player id")
        if pm.owner is not None and pm.owner not in players:
            yield Problem(f"{at}.owner", f"{pm.owner!r} is not a player id")
        if pm.protector is not None:
            if "battle" not in pm.card_types:
                yield Problem(f"{at}.protector", "only a battle has a protector (310.8)")
            elif pm.protector not in players:
                yield Problem(f"{at}.protector", f"{pm.protector!r} is not a player id")
        if pm.attached_to is not None:
            if pm.attached_to not in perms and pm.attached_to not in players:
                yield Problem(f"{at}.attached_to", f"{pm.attached_to!r} is not a permanent or player id")
            elif pm.attached_to == pm.id:
                yield Problem(f"{at}.attached_to", "a permanent can't be attached to itself")
        if pm.is_creature and (pm.power is None or pm.toughness is None):
            yield Problem(at, "a creature needs power and toughness")
        for j, ab in enumerate(pm.abilities):
            yield from _ability_refs(ab, f"{at}.abilities[{j}]", players, perms)

    for i, ef in enumerate(board.effects):
        at = f"$.effects[{i}]"
        if ef.controller not in players:
            yield Problem(f"{at}.controller", f"{ef.controller!r} is not a player id")
        if ef.source_id is not None and ef.source_id not in perms:
            yield Problem(f"{at}.source_id", f"{ef.source_id!r} is not a permanent id")
        for j, t in enumerate(ef.targets):
            if t not in perms and t not in players:
                yield Problem(f"{at}.targets[{j}]", f"{t!r} is not a permanent or player id")
        for j, ab in enumerate(ef.abilities):
            yield from _ability_refs(ab, f"{at}.abilities[{j}]", players, perms)

    yield from _check_attacks(board, players, perms, departed)
    yield from _check_blocks(board, perms, departed)
    yield from _check_damage(board, players, perms, departed)


def _ability_refs(ab: Any, at: str, players: set[str], perms: Mapping[str, Any]) -> Iterator[Problem]:
    if isinstance(ab, (CantAttack,)) and ab.defender not in (None, "you") and ab.defender not in players:
        yield Problem(f"{at}.defender", f"{ab.defender!r} is not a player id (or \"you\")")
    if isinstance(ab, AttacksPlayer) and ab.player not in players and ab.player != "you":
        yield Problem(f"{at}.player", f"{ab.player!r} is not a player id")
    if isinstance(ab, (BlocksAttacker, CantBlock)) and ab.attacker is not None and ab.attacker not in perms:
        yield Problem(f"{at}.attacker", f"{ab.attacker!r} is not a permanent id")
    if isinstance(ab, Protection):
        given = (ab.quality is not None) + (ab.player is not None) + ab.everything
        if given != 1:
            yield Problem(at, "protection needs exactly one of quality, player, everything")
        if ab.player is not None and ab.player not in players and ab.player != "you":
            yield Problem(f"{at}.player", f"{ab.player!r} is not a player id")
    if isinstance(ab, Grant):
        for k, inner in enumerate(ab.abilities):
            yield from _ability_refs(inner, f"{at}.abilities[{k}]", players, perms)


def _check_attacks(board: Board, players: set[str], perms: Mapping[str, Any],
                   departed: bool) -> Iterator[Problem]:
    if board.attacks is None:
        return
    seen: set[str] = set()
    band_target: dict[str, str] = {}
    for i, a in enumerate(board.attacks):
        at = f"$.attacks[{i}]"
        pm = perms.get(a.attacker)
        if pm is None:
            yield Problem(f"{at}.attacker", f"{a.attacker!r} is not a permanent id")
        elif not pm.is_creature:
            yield Problem(f"{at}.attacker", f"{a.attacker!r} is not a creature; only a creature can "
                                           "attack (506.3)")
        elif pm.controller != board.active_player:
            yield Problem(f"{at}.attacker", f"{a.attacker!r} is controlled by {pm.controller!r}, not by "
                                           f"the active player {board.active_player!r} (506.2)")
        if a.attacker in seen:
            yield Problem(f"{at}.attacker", f"{a.attacker!r} attacks twice; a creature attacks one "
                                           "player, planeswalker or battle (508.1b)")
        seen.add(a.attacker)
        if a.target in players:
            if a.target == board.active_player:
                yield Problem(f"{at}.target", "the active player can't attack themselves (506.2)")
        elif a.target in perms:
            tgt = perms[a.target]
            if "planeswalker" in tgt.card_types:
                if tgt.controller == board.active_player:
                    yield Problem(f"{at}.target", f"planeswalker {a.target!r} is controlled by the "
                                                 "attacking player, who can't attack it (506.2)")
            elif "battle" in tgt.card_types:
                if tgt.protector is None:
                    yield Problem(f"{at}.target", f"battle {a.target!r} has no protector")
                elif tgt.protector == board.active_player:
                    yield Problem(f"{at}.target", f"battle {a.target!r} is protected by the attacking "
                                                 "player, who can never attack it (310.8b)")
            else:
                yield Problem(f"{at}.target", f"{a.target!r} is neither a player, a planeswalker nor a "
                                             "battle; only those can be attacked (506.3)")
        elif not departed:
            yield Problem(f"{at}.target", f"{a.target!r} is not a player or permanent id")
        if a.band is not None and band_target.setdefault(a.band, a.target) != a.target:
                yield Problem(f"{at}.target", f"band {a.band!r} attacks two different targets; a band "
                                             "attacks one player, planeswalker or battle (702.22d)")


def _check_blocks(board: Board, perms: Mapping[str, Any], departed: bool) -> Iterator[Problem]:
    if board.blocks is None:
        return
    if board.attacks is None:
        yield Problem("$.blocks", "blocks need the declaration of attackers ($.attacks)")
        return
    attacking = {a.attacker for a in board.attacks}
    pairs: set[tuple[str, str]] = set()
    for i, b in enumerate(board.blocks):
        at = f"$.blocks[{i}]"
        pm = perms.get(b.blocker)
        if pm is None:
            if not departed:
                yield Problem(f"{at}.blocker", f"{b.blocker!r} is not a permanent id")
        elif not pm.is_creature:
            yield Problem(f"{at}.blocker", f"{b.blocker!r} is not a creature; only a creature can "
                                          "block (506.3)")
        if b.attacker not in attacking:
            yield Problem(f"{at}.attacker", f"{b.attacker!r} is not an attacking creature ($.attacks)")
        if (b.blocker, b.attacker) in pairs:
            yield Problem(at, f"{b.blocker!r} blocks {b.attacker!r} twice")
        pairs.add((b.blocker, b.attacker))


def _check_damage(board: Board, players: set[str], perms: Mapping[str, Any],
                  departed: bool) -> Iterator[Problem]:
    for i, d in enumerate(board.damage or ()):
        if d.source not in perms:
            yield Problem(f"$.damage[{i}].source", f"{d.source!r} is not a permanent id")
        for j, t in enumerate(d.to):
            if t.target not in perms and t.target not in players:
                yield Problem(f"$.damage[{i}].to[{j}].target", f"{t.target!r} is not a player or "
                                                               "permanent id")
    for key, order in (board.damage_order or {}).items():
        if key not in perms and not departed:
            yield Problem(f"$.damage_order.{key}", f"{key!r} is not a permanent id")
        for j, other in enumerate(order):
            if other not in perms and not departed:
                yield Problem(f"$.damage_order.{key}[{j}]", f"{other!r} is not a permanent id")
