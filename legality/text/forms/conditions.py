"""Conditions ("as long as you control an artifact", "unless defending player controls an Island", "during your
turn"): counts of permanents, a player's life, hand and graveyard, designations (702.131c, 724, 725, 309.7), counters
on the object (122.1), read into a ``Condition`` that is tested on the board."""

from __future__ import annotations

import re
from typing import Any, cast

from legality.text.context import Unreadable
from legality.text.describe import quality_words
from legality.text.forms.base import NP, Forms, _number, _of, _one, _toks, quality_of
from models.abilities import Condition

COST_WORDS = re.compile(r"^(?:you |its controller |their controller |that player |defending player )?"
                        r"(?:pays?|sacrifices?|taps?|untaps?|discards?|returns?|exiles?|puts?|removes?|reveals?)\b")
"""The words of a cost paid to attack or block ("unless you sacrifice two Islands", "unless you pay {1}")."""

DESIGNATIONS = ("city's blessing", "monarch", "initiative", "completed a dungeon")


def _plural(words: str) -> str:
    """"creature" -> "creatures" (the last word of a description), for a condition's words."""
    return words if words.endswith("s") else words + "s"


def _article(words: str) -> str:
    """"enchantment" -> "an enchantment", "other creature" -> "another creature"."""
    if words.startswith("other "):
        return "an" + words
    return f"{'an' if words[:1] in tuple('aeiou') else 'a'} {words}"


class ConditionForms(Forms):
    """Conditions of statics, predicates and templates."""

    def as_long_as(self, c: list[Any]) -> Condition:
        return cast(Condition, c[0])

    if_cond = as_long_as

    def unless(self, c: list[Any]) -> Condition:
        """"unless C"; a cost ("unless you pay {1}", "unless you sacrifice two Islands") is no condition (508.1d,
        508.1g: paid as the declaration is made)."""
        cond = cast(Condition, c[0])
        if cond.kind == "open" and COST_WORDS.match(cond.text):
            raise Unreadable(f"a cost to attack or block ({cond.text!r}): give it as a structured cost")
        return cond.model_copy(update={"negate": not cond.negate})

    def open_cond(self, c: list[Any]) -> Condition:
        """A condition no field of the board answers ("you've drawn two or more cards this turn"): judged both
        ways (``either.py``); not one about each defending player in turn, which can hold for some and not others."""
        words = str(c[0])
        if "defending player" in words:  # true for some defending players and not others (508.1c): not one fact
            raise Unreadable(f"a condition on each defending player the board does not decide ({words!r})")
        return Condition(kind="open", text=words)

    def attacked_last_turn(self, c: list[Any]) -> Condition:
        """"it attacked during your last turn" (Giant Turtle): what happened in an earlier turn, which no field of the
        board gives and no declaration of this turn can change: open, judged both ways (``either.py``)."""
        return Condition(kind="open", text="it attacked during your last turn")

    def during_your_turn(self, c: list[Any]) -> Condition:
        return Condition(kind="your_turn", text="during your turn")

    def count_one(self, c: list[Any]) -> tuple[NP, int | None, int | None]:
        return (_one(c, NP), 1, None)

    def count_either(self, c: list[Any]) -> tuple[NP, int | None, int | None]:
        """"an artifact or an enchantment": one permanent of either kind."""
        a, b = _of(c, NP)
        return (NP((("any_of", (quality_of(a), quality_of(b))),)), 1, None)

    def count_another(self, c: list[Any]) -> tuple[NP, int | None, int | None]:
        np = _one(c, NP)
        return (NP((*np.fields, ("other", True)), np.controller), 1, None)

    def count_n(self, c: list[Any]) -> tuple[NP, int | None, int | None]:
        return (_one(c, NP), _number(_toks(c, "NUMBER")[0]), None)

    def count_at_least(self, c: list[Any]) -> tuple[NP, int | None, int | None]:
        np = _one(c, NP)
        if _toks(c, "OTHER"):
            np = NP((*np.fields, ("other", True)), np.controller)
        return (np, _number(_toks(c, "NUMBER")[0]), None)

    def count_none(self, c: list[Any]) -> tuple[NP, int | None, int | None]:
        return (_one(c, NP), None, 0)

    def _control(self, c: list[Any], player: Any, negate: bool, text: str) -> Condition:
        np, at_least, at_most = c[0]
        q = quality_of(np, counted=True)
        count = (f"{at_least} or more" if at_least not in (None, 1) else "no" if at_most == 0
                 else "another" if q.other else "a")
        return Condition(kind="control", player=player, quality=q, at_least=at_least,
                         at_most=at_most, negate=negate, text=f"{text} {count} {quality_words(q)}")

    def you_control(self, c: list[Any]) -> Condition:
        return self._control(c, "you", False, "you control")

    def you_dont_control(self, c: list[Any]) -> Condition:
        return self._control(c, "you", True, "you don't control")

    def opponent_controls(self, c: list[Any]) -> Condition:
        return self._control(c, "opponent", False, "an opponent controls")

    def defending_controls(self, c: list[Any]) -> Condition:
        return self._control(c, "defending", False, "defending player controls")

    def control_more(self, c: list[Any]) -> Condition:
        """"you control more creatures than defending player": a comparison of two counts on the board, for each
        defending player in turn (an attack restriction per player, 508.1c) or with the attacking player."""
        q = quality_of(_one(c, NP), counted=True)
        than = str(_toks(c, "MORE_THAN")[0])
        return Condition(kind="control", player="defending" if than == "defending player" else "you", quality=q,
                         more_than="defending" if than == "defending player" else "attacking",
                         text=f"you control more {_plural(quality_words(q))} than {than}")

    def _amount(self, c: list[Any], kind: Any, bound: str, text: str, player: Any = "you") -> Condition:
        """A condition on a player's count ("you have N or less life"): ``bound`` is at_least or at_most."""
        n = _number(_toks(c, "NUMBER")[0])
        return Condition(kind=kind, player=player, text=text.format(n), **{bound: n})

    def graveyard_at_least(self, c: list[Any]) -> Condition:
        return self._amount(c, "graveyard", "at_least", "{} or more cards in your graveyard")

    def graveyard_types_at_least(self, c: list[Any]) -> Condition:
        """Delirium's condition (207.2c): a count of card types (205.2a) among the cards in the graveyard."""
        return self._amount(c, "graveyard_types", "at_least", "{} or more card types among cards in your graveyard")

    def life_at_most(self, c: list[Any]) -> Condition:
        return self._amount(c, "life", "at_most", "you have {} or less life")

    def life_at_least(self, c: list[Any]) -> Condition:
        return self._amount(c, "life", "at_least", "you have {} or more life")

    def hand_at_least(self, c: list[Any]) -> Condition:
        return self._amount(c, "hand", "at_least", "you have {} or more cards in hand")

    def hand_at_most(self, c: list[Any]) -> Condition:
        return self._amount(c, "hand", "at_most", "you have {} or fewer cards in hand")

    def opponent_life_at_most(self, c: list[Any]) -> Condition:
        return self._amount(c, "life", "at_most", "an opponent has {} or less life", "opponent")

    def empty_hand(self, c: list[Any]) -> Condition:
        return Condition(kind="hand", at_most=0, text="you have no cards in hand")

    def designation(self, c: list[Any]) -> Condition:
        """The city's blessing (702.131c), the monarch (724), the initiative (725), a completed dungeon (309.7):
        facts of the player, read from the board's ``designations``."""
        words = str(c[0])
        which = next(d for d in DESIGNATIONS if d in words)
        return Condition(kind="designation", designation=which, text=words)

    def your_turn(self, c: list[Any]) -> Condition:
        return Condition(kind="your_turn", text="it's your turn")

    def not_your_turn(self, c: list[Any]) -> Condition:
        return Condition(kind="your_turn", negate=True, text="it's not your turn")

    def self_is(self, c: list[Any]) -> Condition:
        state = str(_toks(c, "SELF_STATE")[0])
        return Condition(kind="self", state=state, text=f"it is {state}")

    def self_counters(self, c: list[Any]) -> Condition:
        """"~ has a +1/+1 counter on it", "... two or more charge counters ...", "... no ... counters ...":
        counters on the object the ability comes from (122.1), read from the board's ``counters``."""
        words = str(_toks(c, "COUNTER_COUNT")[0])
        m = re.match(r"((?:a|an|no|[a-z0-9]+)(?: or more)?)(?: ((?:[+-]\d+/[+-]\d+|[a-z]+)))? counters?$", words)
        assert m is not None
        amount, name = m[1], m[2] or ""  # "" any kind of counter
        if amount == "no":
            return Condition(kind="counters", counter=name, at_most=0, text=f"it has no {name} counters")
        n = 1 if amount in ("a", "an") else _number(amount.removesuffix(" or more"))
        return Condition(kind="counters", counter=name, at_least=n, text=f"it has {words}")

    def battlefield_count(self, c: list[Any]) -> Condition:
        """"there's another creature on the battlefield" (Shauku, Endbringer): permanents of every player."""
        np, at_least, at_most = c[0]
        q = quality_of(np, counted=True)
        return Condition(kind="control", player="any", quality=q, at_least=at_least, at_most=at_most,
                         text=f"there's {_article(quality_words(q))} on the battlefield")

    def battlefield_one(self, c: list[Any]) -> Condition:
        """"an enchantment is on the battlefield" (Wirecat): one permanent of every player's."""
        q = quality_of(_one(c, NP), counted=True)
        return Condition(kind="control", player="any", quality=q, at_least=1,
                         text=f"{_article(quality_words(q))} is on the battlefield")

    def _self_stat(self, c: list[Any], bound: str) -> Condition:
        """"~'s power is 5 or greater" (Karsus Depthguard), "its power is 6 or greater" (Technodrome): the power or
        toughness of the object the ability comes from, its current value on the board (613.4)."""
        stat, n = str(_toks(c, "STAT")[0]), _number(_toks(c, "NUMBER")[0])
        words = "greater" if bound == "at_least" else "less"
        return Condition(kind=cast(Any, stat), text=f"its {stat} is {n} or {words}", **{bound: n})

    def self_stat_at_least(self, c: list[Any]) -> Condition:
        return self._self_stat(c, "at_least")

    def self_stat_at_most(self, c: list[Any]) -> Condition:
        return self._self_stat(c, "at_most")

    def battlefield_at_least(self, c: list[Any]) -> Condition:
        n = _number(_toks(c, "NUMBER")[0])
        return Condition(kind="control", player="any", quality=quality_of(_one(c, NP), counted=True), at_least=n,
                         text="on the battlefield")
