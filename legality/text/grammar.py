"""The grammar of combat rules text: subjects, predicates and qualities, each a table of patterns.

A sentence is read as ``[duration,] SUBJECT PREDICATE [and PREDICATE]* [duration]``, or matched
whole by a template (``templates.py``). Patterns work on normalised text: lower case, the card's
own name replaced by ``~``, reminder text removed (see ``normalise``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from models.abilities import (
    AttackCost,
    BlockAdditional,
    BlockCost,
    BlockedByQuality,
    BlockerCount,
    CanBlockOnly,
    CantAttack,
    CantBlock,
    CreatureAbility,
    Quality,
    Simple,
)

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8, "nine": 9, "ten": 10}
NUM = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
CARD_TYPES = ("artifact", "enchantment", "land", "creature", "planeswalker")
DURATION = re.compile(r"^(?:this turn, |until end of turn, )|(?: this turn| this combat| until end of turn)$")


def number(word: str) -> int:
    return NUMBERS[word] if word in NUMBERS else int(word)


class Unreadable(ValueError):
    """A sentence that looks combat-relevant but that the grammar can't read (with the reason)."""


@dataclass(frozen=True)
class Context:
    """What some texts need from the board: X, and the hand size of the source's controller."""

    x: int | None = None
    hand_size: int | None = None
    source_id: str | None = None

    def amount(self, token: str, per_card_in_hand: bool = False) -> int:
        if per_card_in_hand:
            if self.hand_size is None:
                raise Unreadable("the cost counts cards in hand: give the controller's hand_size")
            return int(token) * self.hand_size if token.isdigit() else self.hand_size
        if token == "x":
            if self.x is None:
                raise Unreadable("the amount is X: give the effect's x")
            return self.x
        return int(token)


# ------------------------------------------------------------------------------------------- qualities

def quality(phrase: str, ctx: Context) -> Quality:
    """A creature quality from words such as "black", "artifact", "walls", "with flying", "with power 2 or less"."""
    p = phrase.strip().removesuffix(" creatures").removesuffix(" creature")
    m = re.fullmatch(r"(?:creatures? )?with power (\d+) or (less|greater)", p)
    if m:
        n = int(m.group(1))
        return Quality(power_at_most=n) if m.group(2) == "less" else Quality(power_at_least=n)
    m = re.fullmatch(r"(?:creatures? )?with power greater than the number of cards in your hand", p)
    if m:
        if ctx.hand_size is None:
            raise Unreadable("the quality counts cards in hand: give the controller's hand_size")
        return Quality(power_at_least=ctx.hand_size + 1)
    m = re.fullmatch(r"(?:creatures? )?(with|without) (flying|reach|shadow|horsemanship|defender|trample|haste)", p)
    if m:
        return Quality(keywords=(m.group(2),), negate=m.group(1) == "without")
    if p in ("walls", "wall"):
        return Quality(subtypes=("Wall",))
    words = p.split()
    if words and all(w.removeprefix("non") in COLORS or w in CARD_TYPES or w == "legendary" for w in words):
        q: dict[str, Any] = {}
        for w in words:
            if w.startswith("non") and w[3:] in COLORS:
                q["colors"] = (COLORS[w[3:]],)
                q["negate"] = True
            elif w in COLORS:
                q["colors"] = (COLORS[w],)
            elif w in CARD_TYPES:
                q["types"] = (w,)
            elif w == "legendary":
                q["supertypes"] = ("legendary",)
        return Quality(**q)
    raise Unreadable(f"unknown creature quality {phrase!r}")


# ------------------------------------------------------------------------------------------- predicates

def _defined_x(m: re.Match[str]) -> None:
    """A cost whose X the text defines from the game ("where X is ...") can't be read from the board."""
    if "where x is" in m.group(0):
        raise Unreadable("the cost's X is defined by the game state: give the amount as an attack_cost/block_cost "
                         "ability")


Builder = Callable[[re.Match[str], Context], list[CreatureAbility]]
PREDICATES: list[tuple[str, re.Pattern[str], Builder]] = []


def constant(name: str, pattern: str, *abilities: CreatureAbility) -> None:
    """Register a predicate that always means the same abilities ("can't block")."""
    PREDICATES.append((name, re.compile(pattern + r"$"), lambda m, c: list(abilities)))


def predicate(name: str, pattern: str) -> Callable[[Builder], Builder]:
    """Register a predicate template (a verb phrase such as "can't block")."""
    def wrap(f: Builder) -> Builder:
        PREDICATES.append((name, re.compile(pattern + r"$"), f))
        return f
    return wrap


constant("can't attack or block alone", r"can(?:'t|not) attack or block alone",
         Simple(kind="cant_attack_or_block_alone"))


constant("can't attack alone", r"can(?:'t|not) attack alone", Simple(kind="cant_attack_alone"))


constant("can't block alone", r"can(?:'t|not) block alone", Simple(kind="cant_block_alone"))


constant("can only attack alone", r"can only attack alone", Simple(kind="attacks_alone_only"))


@predicate("can't attack or block unless pays",
           r"can(?:'t|not) attack or block unless (?:its|their) controller pays? \{(?P<n>\d+|x)\}"
           r"(?P<per> for each card in your hand)?")
def _p5(m: re.Match[str], c: Context) -> list[CreatureAbility]:
    n = c.amount(m["n"], bool(m["per"]))
    return [AttackCost(kind="attack_cost", amount=n), BlockCost(kind="block_cost", amount=n)]


constant("can't attack or block", r"can(?:'t|not) attack or block", Simple(kind="cant_attack_or_block"))


@predicate("can't attack (you) unless pays",
           r"can(?:'t|not) attack(?P<you> you(?P<pw> or planeswalkers you control)?)? unless (?:its|their) "
           r"controller pays? \{(?P<n>\d+|x)\}(?: for each (?:creature|of those creatures)[^.]*| for each card in "
           r"your hand(?P<per>))?")
def _p7(m: re.Match[str], c: Context) -> list[CreatureAbility]:
    _defined_x(m)
    return [AttackCost(kind="attack_cost", amount=c.amount(m["n"], m["per"] is not None),
                       defender="you" if m["you"] else None, planeswalkers=bool(m["pw"]))]


@predicate("can't attack (you)", r"can(?:'t|not) attack(?P<you> you(?P<pw> or planeswalkers you control)?)?")
def _p8(m: re.Match[str], c: Context) -> list[CreatureAbility]:
    return [CantAttack(kind="cant_attack", defender="you" if m["you"] else None, planeswalkers=bool(m["pw"]))]


@predicate("can't block unless pays",
           r"can(?:'t|not) block unless (?:its|their) controller pays? \{(?P<n>\d+|x)\}(?: for each [^.]*)?")
def _p9(m: re.Match[str], c: Context) -> list[CreatureAbility]:
    _defined_x(m)
    return [BlockCost(kind="block_cost", amount=c.amount(m["n"]))]


@predicate("can't block [attacker]", r"can(?:'t|not) block (?P<who>~|it|that creature)")
def _p10(m: re.Match[str], c: Context) -> list[CreatureAbility]:
    if c.source_id is None:
        raise Unreadable("names the source: give the effect's source_id")
    return [CantBlock(kind="cant_block", attacker=c.source_id)]


@predicate("can't block creatures with [quality]", r"can(?:'t|not) block (?P<q>creatures with .+)")
def _p11b(m: re.Match[str], c: Context) -> list[CreatureAbility]:
    return [CantBlock(kind="cant_block", quality=quality(m["q"], c))]


@predicate("can't block [quality] creatures", r"can(?:'t|not) block (?P<q>.+) creatures")
def _p11(m: re.Match[str], c: Context) -> list[CreatureAbility]:
    return [CantBlock(kind="cant_block", quality=quality(m["q"], c))]


constant("can't block", r"can(?:'t|not) block", CantBlock(kind="cant_block"))


constant("attacks each combat if able", r"attacks? (?:each combat|each turn|this turn|this combat)? ?if able",
         Simple(kind="attacks_each_combat"))


@predicate("blocks [attacker] if able", r"blocks? (?P<who>~|it) (?:this turn |this combat |each combat )?if able")
def _p14(m: re.Match[str], c: Context) -> list[CreatureAbility]:
    if c.source_id is None:
        raise Unreadable("names the source: give the effect's source_id")
    from models.abilities import BlocksAttacker
    return [BlocksAttacker(kind="blocks_if_able", attacker=c.source_id)]


constant("blocks each combat if able", r"blocks? (?:each combat|each turn|this turn|this combat)? ?if able",
         Simple(kind="blocks_each_combat"))


@predicate("can't be blocked except by N or more", r"can(?:'t|not) be blocked except by (?P<n>" + NUM +
           r") or more creatures")
def _p16(m: re.Match[str], c: Context) -> list[CreatureAbility]:
    return [BlockerCount(kind="min_blockers", n=number(m["n"]))]


@predicate("can't be blocked by more than N", r"can(?:'t|not) be blocked by more than (?P<n>" + NUM +
           r") creatures?")
def _p17(m: re.Match[str], c: Context) -> list[CreatureAbility]:
    return [BlockerCount(kind="max_blockers", n=number(m["n"]))]


constant("can't be blocked unless all block",
           r"can(?:'t|not) be blocked unless all creatures defending player controls block it",
         Simple(kind="cant_be_blocked_unless_all_block"))


@predicate("can't be blocked except by [quality]", r"can(?:'t|not) be blocked except by (?P<q>.+)")
def _p19(m: re.Match[str], c: Context) -> list[CreatureAbility]:
    q = m["q"]
    if q in ("artifact creatures and/or black creatures", "black creatures and/or artifact creatures"):
        raise _Keyword("fear")
    return [BlockedByQuality(kind="cant_be_blocked_except_by", quality=quality(q, c))]


@predicate("can't be blocked by [quality]", r"can(?:'t|not) be blocked by (?P<q>.+)")
def _p20(m: re.Match[str], c: Context) -> list[CreatureAbility]:
    return [BlockedByQuality(kind="cant_be_blocked_by", quality=quality(m["q"], c))]


constant("can't be blocked", r"can(?:'t|not) be blocked|is unblockable", Simple(kind="cant_be_blocked"))


@predicate("can block an additional N creatures", r"can block an additional (?:(?P<n>" + NUM +
           r") )?creatures?(?: each combat)?")
def _p22(m: re.Match[str], c: Context) -> list[CreatureAbility]:
    return [BlockAdditional(kind="block_additional", n=number(m["n"]) if m["n"] else 1)]


constant("can block any number of creatures", r"can block any number of creatures(?: each combat)?",
         Simple(kind="block_any_number"))


@predicate("can block only [quality]", r"can block only (?P<q>.+)")
def _p24(m: re.Match[str], c: Context) -> list[CreatureAbility]:
    return [CanBlockOnly(kind="can_block_only", quality=quality(m["q"], c))]


constant("must be blocked if able", r"must be blocked(?: each combat| this turn)? if able",
         Simple(kind="must_be_blocked"))


constant("assigns combat damage equal to its toughness",
           r"assigns? combat damage equal to (?:its|their) toughness rather than (?:its|their) power",
         Simple(kind="damage_by_toughness"))


class _Keyword(Exception):
    def __init__(self, *keywords: str) -> None:
        self.keywords = keywords


KEYWORD_VERB = re.compile(r"(?:has|have|gains?) (?P<kws>.+)")
PT_CHANGE = re.compile(r"gets? [+-]\d+/[+-]\d+|gets? [+-]x/[+-]x")
