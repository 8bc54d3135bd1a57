"""Judging one concrete declaration in plain Python: no solver needed to see what it breaks or obeys."""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet

from legality.rules import Atom, Declaration, Problem, Requirement, Restriction, Violation, budget_key

Conditional = str  # "in-force" | "implication"


def count_groups(r: Restriction, decl: Declaration) -> int:
    return sum(1 for g in r.groups if g & decl)


def restriction_applies(r: Restriction, decl: Declaration) -> bool:
    return not r.trigger or bool(r.trigger & decl)


def broken_restrictions(problem: Problem, decl: Declaration) -> list[Restriction]:
    return [r for r in problem.restrictions
            if restriction_applies(r, decl) and not r.allows(count_groups(r, decl))]


def incurred(problem: Problem, decl: Iterable[Atom]) -> frozenset[str]:
    """Keys of the cost instances the declaration incurs (508.1h, 509.1d)."""
    d = frozenset(decl)
    return frozenset(c.key for c in problem.costs if c.taxed & d)


def cost_totals(problem: Problem, decl: Declaration, unit: str = "") -> dict[str, int]:
    """Total cost per paying player, in ``unit`` (generic mana, or permanents to sacrifice)."""
    keys = incurred(problem, decl)
    out: dict[str, int] = {}
    for c in problem.costs:
        if c.key in keys and c.unit == unit:
            out[c.payer] = out.get(c.payer, 0) + c.amount
    return out


def violations(problem: Problem, decl: Declaration) -> list[Violation]:
    """Every restriction the declaration breaks, each with its rule (508.1c, 509.1b, ...)."""
    out: list[Violation] = []
    for a in sorted(decl):
        for f in problem.forbidden.get(a, ()):
            out.append(Violation(f.rule, f.message, a, f.source))
    for r in broken_restrictions(problem, decl):
        out.append(Violation(r.rule, r.message, r.permanents, r.source))
    for unit in sorted({c.unit for c in problem.costs}):
        for payer, total in cost_totals(problem, decl, unit).items():
            budget = problem.budgets.get(budget_key(payer, unit))
            if budget is not None and total > budget:
                out.append(Violation("508.1j" if problem.kind == "attack" else "509.1f",
                                     f"the declaration costs {payer} {total} {unit or 'mana'} and {payer} has only "
                                     f"{budget}; partial payments are not allowed", (payer,)))
    return out


def in_force(q: Requirement, decl: Declaration) -> bool:
    """Whether the requirement applies to this declaration (a condition, if any, holds)."""
    return q.condition is None or bool(q.condition & decl)


def fulfilled(q: Requirement, decl: AbstractSet[Atom]) -> bool:
    """Whether the declaration does what the requirement asks: chooses an atom of it, or for a counting
    requirement (509.1c, "blocked by two or more creatures") chooses a number of its groups in its domain."""
    if q.counting:
        return q.allows(sum(1 for g in q.groups if not g.isdisjoint(decl)))
    return not q.fulfils.isdisjoint(decl)


def fulfillable(q: Requirement, atoms: AbstractSet[Atom]) -> bool:
    """Whether some declaration made of ``atoms`` alone fulfils the requirement, restrictions aside (an upper
    bound): an atom of it, or for a counting requirement as many of its groups as its domain's least count."""
    if q.counting:
        most = sum(1 for g in q.groups if not g.isdisjoint(atoms))
        return any(lo <= most for lo, _ in q.domain)
    return not q.fulfils.isdisjoint(atoms)


def obeyed(q: Requirement, decl: Declaration, conditional: Conditional) -> bool:
    """Whether the requirement counts as obeyed, under the ``conditional`` switch (contract, "Editions")."""
    return counts_as_obeyed(fulfilled(q, decl), None if q.condition is None else bool(q.condition & decl),
                            conditional)


def counts_as_obeyed(done: bool, condition_met: bool | None, conditional: Conditional) -> bool:
    """A requirement done or not, whose condition is met, not met, or absent (None), counted under the
    ``conditional`` switch: "in-force" counts it only when its condition is met, "implication" also when not."""
    if condition_met is None:
        return done
    if conditional == "implication":
        return done or not condition_met
    return done and condition_met


def score(problem: Problem, decl: Declaration, conditional: Conditional) -> int:
    """How many requirement instances the declaration obeys."""
    return sum(obeyed(q, decl, conditional) for q in problem.requirements)
