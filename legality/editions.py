"""Rules editions and how each judges a declaration against its requirements.

``current`` and ``m10``: the declaration must reach the global maximum (508.1d, 509.1c).
``2006``: rule 500.5, the declaration is compared only with its neighbourhood: itself with any
assignments removed, plus assignments that each fulfil a requirement in force in it. A requirement that
names its blockers by number (Gorm the Great: "blocked by two or more creatures") is fulfilled only by
several creatures together; 500.5 asks to consider "any options for any creature(s) that will satisfy a
requirement", so every assignment that takes part in fulfilling it (each block of that attacker by a
creature the requirement counts) is in the neighbourhood, as one block is for "must be blocked".
Both switches of ``rules_options`` apply to every edition (contract, "Editions").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from msgspec import Struct

from legality.deadline import OutOfTime
from legality.evaluate import in_force, incurred, obeyed, score, violations
from legality.rules import Atom, Declaration, Problem, Requirement, Violation
from legality.solve import EXPLANATION_SECONDS, Best, best_by_parts, obeyable
from models.board import RulesOptions


class Edition(Struct, frozen=True):
    """One rules regime: how requirements are maximised and how damage is divided."""

    name: str
    neighbourhood: bool
    damage: Literal["free", "ordered"]
    summary: str


EDITIONS: dict[str, Edition] = {
    "current": Edition("current", False, "free",
                       "global maximum of requirements (508.1d/509.1c); damage divided freely (510.1c-d)"),
    "m10": Edition("m10", False, "ordered",
                   "global maximum of requirements; damage assignment order (July 2009 to August 2024)"),
    "2006": Edition("2006", True, "free",
                    "rule 500.5 neighbourhood (2003-07 to 2007-02); damage divided freely (310.2c)"),
}


def find_edition(name: str) -> Edition:
    """The edition with this name (ValueError naming the known ones otherwise)."""
    try:
        return EDITIONS[name]
    except KeyError:
        raise ValueError(f"unknown rules edition {name!r}; known: {', '.join(EDITIONS)}") from None


class Judgement(Struct, frozen=True):
    """How one edition judges one declaration of one problem."""

    legal: bool | None
    violations: tuple[Violation, ...]
    obeyed: int
    maximum: int | None
    proven: bool
    better: Declaration | None
    missed: tuple[Requirement, ...]
    closest: bool = True
    solved: bool = True
    """False for a problem left unsolved because the verdict was already known to be illegal (``unsolved``)."""


def allowed_atoms(problem: Problem, paid: frozenset[str]) -> list[Atom]:
    """Atoms that may be chosen without paying any cost outside ``paid``."""
    unpaid = frozenset().union(*(c.taxed for c in problem.costs if c.key not in paid))
    return [a for a in problem.allowed if a not in unpaid]


def neighbourhood(problem: Problem, decl: Declaration, base: list[Atom]) -> list[Atom]:
    """Rule 500.5: the declaration's own atoms, plus atoms fulfilling a requirement in force in it (for a counting
    requirement, every atom of its groups: the options of the creatures that together satisfy it)."""
    addable: set[Atom] = set()
    for q in problem.requirements:
        if in_force(q, decl):
            addable |= q.fulfils
    return [a for a in base if a in decl or a in addable]


def better_in_neighbourhood(problem: Problem, decl: Declaration, better: Declaration, options: RulesOptions) -> bool:
    """Whether the part of ``better`` (a declaration breaking no restriction, found against the global maximum)
    inside the rule 500.5 neighbourhood of ``decl`` still obeys more than ``decl``: then the 2006 edition
    finds ``decl`` illegal too, with no solve. False says nothing."""
    if violations(problem, decl):
        return False
    paid = frozenset() if options.paid_costs == "cost-free" else incurred(problem, decl)
    inside = better & frozenset(neighbourhood(problem, decl, allowed_atoms(problem, paid)))
    return (not violations(problem, inside)
            and score(problem, inside, options.conditional) > score(problem, decl, options.conditional))


Explain = Literal["none", "verdict", "full"]
"""How much of the explanation to work out: ``full`` the maximum and the closest better declaration;
``verdict`` the maximum and any better declaration at it; ``none`` only what the verdict needs."""

EXPLANATION_SHARE = 0.25
"""What the explanation of a declaration that breaks a restriction may take: the smaller of this share of
the time limit and ``EXPLANATION_SECONDS``. Its verdict (illegal) needs no solve, so the maximum and
``better`` get a budget; past it the maximum is "at least N" (``maximum_proven`` false)."""


def unsolved(problem: Problem, decl: Declaration, options: RulesOptions) -> Judgement:
    """The judgement of a problem not solved because only legality is asked and the verdict is already illegal
    elsewhere: its own declaration, which breaks no restriction, stands as its part of ``better``."""
    return Judgement(None, (), score(problem, decl, options.conditional), None, False, None, (), False, False)


def judge(problem: Problem, decl: Declaration, edition: Edition, options: RulesOptions,
          time_limit: float, explain: Explain = "full", broken: Sequence[Violation] | None = None) -> Judgement:
    """Judge ``decl`` (atoms of ``problem`` only) under the edition and switches; ``broken``, its violations when
    the caller has them already."""
    viol = tuple(violations(problem, decl) if broken is None else broken)
    if viol and explain == "none":
        return Judgement(False, viol, score(problem, decl, options.conditional), None, False, None, ())
    if viol:
        time_limit = min(time_limit * EXPLANATION_SHARE, EXPLANATION_SECONDS)
    cond = options.conditional
    unpayable = any(v.rule in ("508.1j", "509.1f") for v in viol)
    paid = frozenset() if options.paid_costs == "cost-free" or unpayable else incurred(problem, decl)
    base = allowed_atoms(problem, paid)
    atoms = neighbourhood(problem, decl, base) if edition.neighbourhood and not viol else base
    own = score(problem, decl, cond)
    if not viol and own >= obeyable(problem, atoms, cond):
        return Judgement(True, viol, own, own, True, None, ())  # obeys all it could: no solver needed
    try:
        best = best_by_parts(problem, atoms, decl, cond, time_limit, closest=explain == "full",
                             explanation=0.0 if explain == "none" else EXPLANATION_SECONDS)
    except OutOfTime:  # the verdict's deadline: a declaration breaking a restriction is illegal all the same
        if not viol:
            raise
        best = Best("unknown", 0, None)
    if best.status == "unknown" or best.witness is None:
        return Judgement(None if not viol else False, viol, own, None, False, None, ())
    proven = best.status == "optimal"
    if viol:
        legal: bool | None = False
    elif best.maximum > own:
        legal = False
    elif proven:
        legal = True
    else:
        legal = None
    better = best.witness if legal is False and best.witness != decl else None
    missed: tuple[Requirement, ...] = ()
    if better is not None:
        missed = tuple(q for q in problem.requirements
                       if obeyed(q, better, cond) and not obeyed(q, decl, cond))
    maximum = max(best.maximum, own) if not viol else best.maximum
    return Judgement(legal, viol, own, maximum, proven, better, missed, best.closest)
