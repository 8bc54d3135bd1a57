"""The typed tree the grammar reads a sentence into: selectors, predicates, conditions, sentences.

Nodes are plain frozen values; ``compile.py`` turns them into the ability vocabulary. A node that
the grammar recognised but whose meaning the checker can't apply carries the reason (``unreadable``),
so the sentence is reported as not understood rather than dropped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from models.abilities import Ability, Condition, CreatureAbility, Quality

SubjectKind = Literal["self", "attached", "target", "group"]


@dataclass(frozen=True)
class Selector:
    """Who a clause is about: the object itself, what it is attached to, a target, or a group."""

    kind: SubjectKind
    quality: Quality | None = None
    to: Literal["you", "opponents", "all", "target_players", "enchanted_player"] = "all"
    unreadable: str = ""
    pronoun: bool = False


@dataclass(frozen=True)
class Pred:
    """One predicate: keywords and abilities it gives, abilities it takes away, or a P/T change."""

    keywords: tuple[str, ...] = ()
    abilities: tuple[CreatureAbility, ...] = ()
    loses: tuple[str, ...] = ()
    loses_all: bool = False
    loses_others: bool = False
    cant_gain: bool = False
    pt: bool = False
    condition: Condition | None = None
    unreadable: str = ""
    self_only: str = ""
    """Why it can't be read unless the clause's subject is the object itself ("~ can't attack unless you pay {2}")."""


@dataclass(frozen=True)
class Clause:
    """SUBJECT PREDICATE (and PREDICATE)*."""

    subject: Selector
    preds: tuple[Pred, ...]


@dataclass(frozen=True)
class NoCombat:
    """A clause the grammar read whole as a form with no combat meaning (and why it has none).

    ``target``: it names a target, which a later "it" in the same sentence refers to. ``led``: a condition, choice or
    trigger leads it, and so governs the effects after it in the sentence too.
    """

    why: str
    target: bool = False
    led: bool = False


@dataclass(frozen=True)
class Placed:
    """Abilities a whole-sentence form means, and where they go ("self", "target" or "global")."""

    where: Literal["self", "attached", "target", "global"]
    abilities: tuple[Ability, ...]
    name: str


@dataclass(frozen=True)
class Unread:
    """A part the grammar recognised but whose meaning the checker can't apply: never dropped.

    ``combat``: an effect with combat meaning under a condition or choice the checker can't read (a triggered ability
    holding one still has a combat effect); ``led``: that condition leads it, and so governs the effects after it."""

    why: str
    combat: bool = False
    led: bool = False


Part = Clause | NoCombat | Placed | Unread


@dataclass(frozen=True)
class Sentence:
    """A sentence as read: its form, its parts, and the condition that governs all of it."""

    form: Literal["static", "effects", "triggered", "activated", "keywords", "template"]
    parts: tuple[Part, ...]
    condition: Condition | None = None
    keywords: tuple[str, ...] = ()
    event: str = ""
    notes: tuple[str, ...] = field(default=())
