"""Restrictions and requirements that count the other attackers or blockers (the grammar's "counting" rules): what a
creature may do depends on the rest of the declaration (508.1c, 509.1b), or a requirement is obeyed by a number of
blockers (509.1c)."""

from __future__ import annotations

from typing import Any

from legality.text.context import Unreadable
from legality.text.forms.base import COLOR_LETTERS, NP, Forms, _number, _one, _toks, quality_of
from legality.text.tree import Pred
from models.abilities import BlockedByCount, OthersAlso, Quality


def _others_quality(np: NP) -> Quality | None:
    """The quality of the other creatures a counting restriction or requirement counts ("creatures with greater
    power", "an Eldrazi"); None for any creature. "Other" is dropped: the creature itself is never counted."""
    q = quality_of(NP(tuple(f for f in np.fields if f != ("other", True)), np.controller))
    return None if q == Quality() else q


class CountingForms(Forms):
    """Restrictions and requirements that count the other attackers or blockers."""

    def cant_attack_unless_others(self, c: list[Any]) -> Pred:
        n, quality = next(x for x in c if isinstance(x, tuple))
        return self._ab(OthersAlso(kind="cant_attack_unless_others_attack", n=n, quality=quality))

    def cant_block_unless_others(self, c: list[Any]) -> Pred:
        n, quality = next(x for x in c if isinstance(x, tuple))
        return self._ab(OthersAlso(kind="cant_block_unless_others_block", n=n, quality=quality))

    def others_at_least(self, c: list[Any]) -> tuple[int, Quality | None]:
        """"at least two other creatures": the creature itself is not counted, so "other" must be said."""
        np = _one(c, NP)
        if ("other", True) not in np.fields:
            raise Unreadable("'at least N creatures' that may count the creature itself: give the restriction as "
                             "a cant_attack_unless_others_attack ability")
        return (_number(_toks(c, "NUMBER")[0]), _others_quality(np))

    def others_one(self, c: list[Any]) -> tuple[int, Quality | None]:
        return (1, _others_quality(_one(c, NP)))

    def others_colors(self, c: list[Any]) -> tuple[int, Quality | None]:
        """"a black or green creature also attacks" (Scarred Puma): any of the two colours."""
        colors = tuple(COLOR_LETTERS[str(t)] for t in _toks(c, "COLOR"))
        return (1, Quality(any_of=tuple(Quality(colors=(x,)) for x in colors)))

    def must_be_blocked_by(self, c: list[Any]) -> Pred:
        at_least, at_most, quality = next(x for x in c if isinstance(x, tuple))
        return self._ab(BlockedByCount(kind="must_be_blocked_by", at_least=at_least, at_most=at_most,
                                       quality=quality))

    def blockers_at_least(self, c: list[Any]) -> tuple[int, int | None, Quality | None]:
        return (_number(_toks(c, "NUMBER")[0]), None, _others_quality(_one(c, NP)))

    def blockers_exactly(self, c: list[Any]) -> tuple[int, int | None, Quality | None]:
        n = _number(_toks(c, "NUMBER")[0])
        return (n, n, _others_quality(_one(c, NP)))

    def blockers_one(self, c: list[Any]) -> tuple[int, int | None, Quality | None]:
        return (1, None, _others_quality(_one(c, NP)))
