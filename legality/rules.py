"""Restrictions, requirements and costs as plain data: the common shape of every declaration problem.

A declaration is a set of *atoms*: ``(creature, target)`` pairs, where the target is a player,
planeswalker or battle for an attack (508.1b) and an attacking creature for a block (509.1a).
Restrictions are hard conditions on that set; requirements are "if able" conditions whose number
obeyed is maximised (508.1d, 509.1c); costs say which atoms oblige their controller to pay.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Literal

from msgspec import Struct, field

Atom = tuple[str, str]
"""(creature id, target id): one assignment of a declaration."""

Declaration = frozenset[Atom]
Kind = Literal["attack", "block"]

INFINITY = 1 << 30


def in_domain(domain: Iterable[tuple[int, int]], count: int) -> bool:
    """Whether ``count`` lies in one of the intervals of ``domain`` (a restriction's or a counting requirement's)."""
    for lo, hi in domain:  # noqa: SIM110 (a loop: several times faster than any() on a generator, on hot paths)
        if lo <= count <= hi:
            return True
    return False


class Forbidden(Struct, frozen=True):
    """One reason an atom can never be declared (tapped, flying, "can't block", ...)."""

    atom: Atom
    rule: str
    message: str
    source: str


class Restriction(Struct, frozen=True):
    """"The number of chosen groups lies in ``domain``", enforced only if a trigger atom is chosen.

    A group counts when any of its atoms is chosen (one group per creature counts creatures, one
    group per atom counts assignments). With no trigger the restriction always applies.
    Menace: groups = the blocks on the attacker, domain {0} ∪ [2, ∞). "Can't attack alone":
    trigger = the creature's attacks, groups = each other creature's attacks, domain [1, ∞).
    """

    rule: str
    message: str
    source: str
    groups: tuple[frozenset[Atom], ...]
    domain: tuple[tuple[int, int], ...]
    trigger: frozenset[Atom] = frozenset()
    permanents: tuple[str, ...] = ()

    def allows(self, count: int) -> bool:
        return in_domain(self.domain, count)


class Requirement(Struct, frozen=True):
    """"[creature] attacks/blocks [targets] if able": obeyed when any atom of ``fulfils`` is chosen.

    A conditional requirement (Viashino Bey, Ekundu Cyclops) applies only when an atom of
    ``condition`` is chosen; the edition's ``conditional`` switch decides how it counts then.
    A counting requirement (509.1c, one that names its blockers: Gorm the Great "must be blocked by two
    or more creatures if able") has a ``domain``: it is obeyed when the number of chosen ``groups`` (one
    group per blocker) lies in it, as a Restriction's count; ``fulfils`` is then the union of the groups,
    every atom that takes part. Its domain never holds 0: a requirement is never obeyed by doing nothing.
    """

    rule: str
    text: str
    source: str
    creature: str
    fulfils: frozenset[Atom]
    condition: frozenset[Atom] | None = None
    groups: tuple[frozenset[Atom], ...] = ()
    domain: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        if any(lo <= 0 for lo, _ in self.domain):
            raise ValueError(f"requirement {self.text!r}: a count of 0 can't obey a requirement")
        if self.domain and self.fulfils != frozenset().union(*self.groups):
            raise ValueError(f"requirement {self.text!r}: fulfils must be the union of its groups")

    @property
    def counting(self) -> bool:
        """Whether it is obeyed by a number of groups (``domain``) rather than by any one atom."""
        return bool(self.domain)

    def allows(self, count: int) -> bool:
        """Whether ``count`` chosen groups obey a counting requirement."""
        return in_domain(self.domain, count)


class Cost(Struct, frozen=True):
    """A cost instance (effect, creature): incurred when any taxed atom is chosen (508.1h, 509.1d). ``unit``: what is
    paid, "" for generic mana, else the permanents sacrificed ("Island permanents to sacrifice", 508.1h)."""

    key: str
    rule: str
    source: str
    creature: str
    payer: str
    amount: int
    taxed: frozenset[Atom]
    unit: str = ""


def budget_key(payer: str, unit: str) -> str:
    """The key of ``Problem.budgets`` for what ``payer`` can pay in ``unit``: the player's id for mana."""
    return payer if not unit else f"{payer}\x1f{unit}"


class Problem(Struct, frozen=True):
    """One declaration to be made: every atom, and the rules on them.

    ``atoms`` are the pairs a declaration could contain at all; ``forbidden`` gives the reasons
    some of them can never be chosen. One problem covers the attack (802.3a) or one defending
    player's blocks (802.4b).
    """

    kind: Kind
    defending_player: str | None
    atoms: tuple[Atom, ...]
    forbidden: Mapping[Atom, tuple[Forbidden, ...]]
    restrictions: tuple[Restriction, ...]
    requirements: tuple[Requirement, ...]
    costs: tuple[Cost, ...]
    budgets: Mapping[str, int] = field(default_factory=dict)
    """What each player can pay at most, by ``budget_key``: mana available, permanents they could sacrifice."""

    @property
    def allowed(self) -> tuple[Atom, ...]:
        """Atoms no atom-level restriction forbids."""
        return tuple(a for a in self.atoms if a not in self.forbidden)

    def restrict(self, atoms: Iterable[Atom]) -> Problem:
        """The same problem on a subset of its atoms (for components of the board)."""
        keep = set(atoms)
        return Problem(
            kind=self.kind,
            defending_player=self.defending_player,
            atoms=tuple(a for a in self.atoms if a in keep),
            forbidden={a: r for a, r in self.forbidden.items() if a in keep},
            restrictions=tuple(r for r in self.restrictions
                               if any(a in keep for g in r.groups for a in g) or r.trigger & keep),
            requirements=tuple(q for q in self.requirements if q.fulfils & keep
                               or (q.condition and q.condition & keep)),
            costs=tuple(c for c in self.costs if c.taxed & keep),
            budgets=self.budgets,
        )


class Violation(Struct, frozen=True):
    """A restriction (or structural rule) the checked declaration breaks, for the verdict."""

    rule: str
    message: str
    permanents: tuple[str, ...] = ()
    source: str | None = None
