"""Solving: the best declaration near a given one, component by component, with a time limit.

The board is split with a union-find into parts that share no restriction or requirement; each part is
solved on its own (the maximum is the sum, and a declaration is best iff each part is best). Parts
with no requirement, or where the declaration already obeys every requirement that could be
obeyed, need no solver at all; parts of at most ``EXHAUSTIVE_ATOMS`` atoms are scanned in Python
(cheaper than a model below about 100 declarations, performance notes §3.3), and parts of at most
``CONFIRM_ATOMS`` are settled by a branch and bound in Python (``best_search``). OR-Tools is
imported only when needed: importing OR-Tools alone costs about half a second.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from legality.evaluate import broken_restrictions, count_groups, restriction_applies, score
from legality.rules import Atom, Declaration, Problem, Restriction

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

Status = Literal["optimal", "feasible", "unknown"]
EXHAUSTIVE_ATOMS = 6
"""Parts with at most this many atoms are scanned exhaustively instead of modelled."""
FEASIBILITY_FIRST_ATOMS = 150
"""Parts with at least this many atoms are solved in phases (feasibility first); smaller ones in one solve."""
CONFIRM_ATOMS = 14
"""Parts with at most this many atoms are settled by a search in Python (``best_search``): the branch and
bound that used to confirm the solver's maximum there proves it on its own, cheaper than a model."""
EXPLANATION_SECONDS = 0.25
"""Seconds the explanation of a decided illegal verdict (the maximum, the closest better declaration) may
take beyond the verdict; past it the maximum is "at least N" (``maximum_proven`` false)."""
KEEP_ALL_FEASIBLE = True
PRESOLVE = True
"""CP-SAT 9.15's presolve can prove a wrong optimum (google/or-tools #5293; fixtures/rules/
presolve-wrong-optimum.json); keeping every feasible solution through presolve avoids it."""


@dataclass(frozen=True)
class Best:
    """The result of maximising: the maximum (a lower bound unless ``status`` is optimal) and a witness."""

    status: Status
    maximum: int
    witness: Declaration | None
    closest: bool = True


def new_solver(time_limit: float, keep_all_feasible: bool = False) -> cp_model.CpSolver:
    """One worker: measured fastest for models of this size (performance notes §3.1)."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = max(time_limit, 0.001)
    solver.parameters.catch_sigint_signal = False  # Ctrl-C is the command line's to handle (legality.batch)
    if keep_all_feasible:  # left unset otherwise: enumerate_all_solutions sets it itself
        solver.parameters.keep_all_feasible_solutions_in_presolve = True
    return solver


def components(problem: Problem, atoms: Iterable[Atom]) -> list[list[Atom]]:
    """Split ``atoms`` into groups whose creatures share no restriction or requirement (union-find)."""
    atoms = list(atoms)
    parent: dict[str, str] = {}

    def root(c: str) -> str:
        parent.setdefault(c, c)
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    def join(group: Iterable[Atom]) -> None:
        actors = {a[0] for a in group}
        if actors:
            first = root(next(iter(actors)))
            for c in actors:
                parent[root(c)] = first

    for r in problem.restrictions:
        join([a for grp in r.groups for a in grp] + list(r.trigger))
    for q in problem.requirements:
        join(list(q.fulfils) + list(q.condition or ()))
    parts: dict[str, list[Atom]] = {}
    for a in atoms:
        parts.setdefault(root(a[0]), []).append(a)
    return list(parts.values())


def best_near(problem: Problem, atoms: Sequence[Atom], near: Declaration, conditional: str,
              time_limit: float, clean: bool = True, closest: bool = True,
              explanation: float = EXPLANATION_SECONDS) -> Best:
    """Maximise the requirements obeyed on ``atoms``; among the best, the fewest changes from ``near``.

    Small parts take one solve of a combined objective (requirements first, then changes). Large
    parts take phases on one model (performance notes §3.6): (1) when ``near`` breaks no
    restriction, the feasibility question "does anything obey more?", which decides legality
    fastest; (2) the maximum, warm-started from the best declaration known; (3) the fewest changes
    at that maximum (only with ``closest``; without it the witness is any maximum). A phase that runs
    out of time keeps what the earlier ones proved: a maximum that is not proven is reported as such.
    The maximum is not hinted with phase 1's witness: a poor hint slowed that solve several times over.
    """
    from ortools.sat.python import cp_model

    from legality.encoding import encode

    deadline = time.monotonic() + time_limit

    def run(share: float) -> tuple[cp_model.CpSolverStatus, Declaration | None]:
        solver = new_solver(max((deadline - time.monotonic()) * share, 0.001),
                            KEEP_ALL_FEASIBLE and len(atoms) < FEASIBILITY_FIRST_ATOMS)
        status = solver.solve(enc.model)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            found = frozenset(a for a, v in enc.x.items() if solver.boolean_value(v))
            if not is_valid(problem, atoms, found):  # never trust a witness unchecked
                return cp_model.UNKNOWN, None
            return status, found
        if status in (cp_model.INFEASIBLE, cp_model.UNKNOWN):
            return status, None
        raise RuntimeError(f"CP-SAT returned {solver.status_name(status)} on a declaration model")

    def hint(decl: Declaration) -> None:
        enc.model.clear_hints()  # type: ignore[no-untyped-call]
        for a, v in enc.x.items():
            enc.model.add_hint(v, a in decl)

    enc = encode(problem, atoms, conditional)
    total = enc.score()
    own = score(problem, near, conditional)
    changes = cp_model.LinearExpr.sum([v.Not() if a in near else v for a, v in enc.x.items()])
    if len(atoms) < FEASIBILITY_FIRST_ATOMS:
        # Small parts: one solve, the most requirements first and then the fewest changes.
        enc.model.maximize((len(atoms) + 1) * total - changes if closest else total)
        status, found = run(1.0)
        if status == cp_model.OPTIMAL and found is not None:
            return Best("optimal", score(problem, found, conditional), found, closest)
        if found is not None and (not clean or score(problem, found, conditional) > own):
            return Best("feasible", score(problem, found, conditional), found, closest=False)
        return Best("unknown", 0, None)
    known: Declaration | None = near if clean else None
    if clean and len(atoms) >= FEASIBILITY_FIRST_ATOMS:
        enc.model.add(total >= own + 1)
        status, found = run(0.3)
        if status == cp_model.INFEASIBLE:
            return Best("optimal", own, near)
        if found is not None:  # illegal, decided: the maximum and the closest are explanation, on a budget
            deadline = min(deadline, time.monotonic() + explanation)
            if explanation <= 0:
                return Best("feasible", score(problem, found, conditional), found, closest=False)
        known = found or known

    enc.model.maximize(total)
    status, found = run(0.7)
    if found is not None and (known is None or score(problem, found, conditional)
                              >= score(problem, known, conditional)):
        known = found
    if status == cp_model.INFEASIBLE:  # only after phase 1 proved nothing better exists
        return Best("optimal", own, near)
    if known is None or (known == near and status != cp_model.OPTIMAL):
        return Best("unknown", 0, None)
    best = score(problem, known, conditional)
    if status != cp_model.OPTIMAL:
        return Best("feasible", best, known, closest=False)
    if known == near:
        return Best("optimal", best, near)
    if not closest:
        return Best("optimal", best, known, closest=False)

    enc.model.clear_objective()  # type: ignore[no-untyped-call]
    enc.model.add(total >= best)
    hint(known)
    enc.model.minimize(changes)
    status, found = run(1.0)
    if found is not None:
        return Best("optimal", best, found, closest=status == cp_model.OPTIMAL)
    return Best("optimal", best, known, closest=False)


def best_exhaustive(problem: Problem, atoms: Sequence[Atom], near: Declaration, conditional: str) -> Best:
    """``best_near`` by trying every subset of ``atoms`` (for tiny parts only)."""
    best: tuple[int, int] | None = None
    chosen: Declaration = frozenset()
    for bits in itertools.product((False, True), repeat=len(atoms)):
        decl = frozenset(a for a, b in zip(atoms, bits, strict=True) if b)
        if broken_restrictions(problem, decl):
            continue
        key = (score(problem, decl, conditional), -len(decl ^ near))
        if best is None or key > best:
            best, chosen = key, decl
    assert best is not None  # the empty declaration breaks no restriction
    return Best("optimal", best[0], chosen)


def obeyable(problem: Problem, atoms: Iterable[Atom], conditional: str) -> int:
    """An upper bound on the requirements obeyed using only ``atoms``."""
    avail = set(atoms)
    n = 0
    for q in problem.requirements:
        if q.fulfils & avail or (q.condition is not None and conditional == "implication"):
            n += 1
    return n


def is_valid(problem: Problem, atoms: Iterable[Atom], decl: Declaration) -> bool:
    """Whether ``decl`` uses only ``atoms`` and breaks no restriction: the check every witness passes."""
    return decl <= frozenset(atoms) and not broken_restrictions(problem, decl)


class _Search:
    """Depth-first search over the atoms of a part with two prunings: an upper bound on the requirements
    still obeyable, and restrictions already over their ceiling (no superset can obey them)."""

    def __init__(self, problem: Problem, atoms: Sequence[Atom], conditional: str) -> None:
        self.problem, self.order = problem, sorted(atoms)
        self.implication = conditional == "implication"
        self.capped: dict[Atom, list[tuple[Restriction, int]]] = {}
        for r in problem.restrictions:
            ceiling = max(hi for _, hi in r.domain) if r.domain else -1
            if ceiling >= len(r.groups):
                continue
            for a in {a for g in r.groups for a in g} | r.trigger:
                self.capped.setdefault(a, []).append((r, ceiling))

    def dead(self, chosen: frozenset[Atom], added: Atom) -> bool:
        """Whether choosing ``added`` put a restriction over its ceiling (the trigger and count only grow)."""
        return any(restriction_applies(r, chosen) and count_groups(r, chosen) > ceiling
                   for r, ceiling in self.capped.get(added, ()))

    def bound(self, chosen: frozenset[Atom], avail: frozenset[Atom]) -> int:
        """Requirements obeyable with ``chosen`` and some of ``avail`` (exact when ``avail`` is ``chosen``)."""
        n = 0
        for q in self.problem.requirements:
            if q.condition is None:
                n += bool(q.fulfils & avail)
            elif self.implication:  # obeyed unless triggered and unfulfilled
                n += bool(q.fulfils & avail) or not q.condition & chosen
            else:
                n += bool(q.fulfils & avail) and bool(q.condition & avail)
        return n

    def better(self, claimed: int) -> Declaration | None:
        """A valid declaration obeying more than ``claimed`` requirements, or None."""
        order = self.order

        def search(i: int, chosen: frozenset[Atom]) -> Declaration | None:
            if self.bound(chosen, chosen.union(order[i:])) <= claimed:
                return None
            if i == len(order):  # the bound is the score here
                return None if broken_restrictions(self.problem, chosen) else chosen
            more = chosen | {order[i]}
            return (None if self.dead(more, order[i]) else search(i + 1, more)) or search(i + 1, chosen)

        return search(0, frozenset())

    def closest(self, target: int, near: Declaration) -> Declaration | None:
        """A valid declaration obeying ``target`` requirements with the fewest changes from ``near``."""
        order = self.order
        best: list[tuple[int, Declaration]] = []

        def search(i: int, chosen: frozenset[Atom], changes: int) -> None:
            if (best and changes >= best[0][0]) or self.bound(chosen, chosen.union(order[i:])) < target:
                return
            if i == len(order):
                if not broken_restrictions(self.problem, chosen):
                    best[:] = [(changes, chosen)]
                return
            a = order[i]
            more = chosen | {a}
            for take in ((True, False) if a in near else (False, True)):  # near's own choice first
                if not take:
                    search(i + 1, chosen, changes + (a in near))
                elif not self.dead(more, a):
                    search(i + 1, more, changes + (a not in near))

        search(0, frozenset(), 0)
        return best[0][1] if best else None


def better_than(problem: Problem, atoms: Sequence[Atom], claimed: int, conditional: str) -> Declaration | None:
    """A declaration on ``atoms`` breaking no restriction and obeying more than ``claimed`` requirements, or
    None, which proves ``claimed`` the maximum. Depth-first over the atoms, pruning every branch whose
    upper bound (requirements still obeyable with the atoms chosen or left) is not above ``claimed``."""
    return _Search(problem, atoms, conditional).better(claimed)


def best_search(problem: Problem, atoms: Sequence[Atom], near: Declaration, conditional: str,
                closest: bool = True) -> Best:
    """``best_near`` by branch and bound in Python (parts of at most ``SEARCH_ATOMS`` atoms): raise the
    claimed maximum until nothing obeys more (which proves it), then find the closest declaration at it."""
    search = _Search(problem, atoms, conditional)
    known: Declaration | None = None if broken_restrictions(problem, near) else near
    claimed = -1 if known is None else score(problem, near, conditional)
    while (found := search.better(claimed)) is not None:
        known, claimed = found, score(problem, found, conditional)
    assert known is not None  # the empty declaration breaks no restriction
    if closest and known != near:
        known = search.closest(claimed, near) or known
    return Best("optimal", claimed, known, closest or known == near)


def best_by_parts(problem: Problem, atoms: Sequence[Atom], near: Declaration, conditional: str,
                  time_limit: float, closest: bool = True, explanation: float = EXPLANATION_SECONDS) -> Best:
    """``best_near`` on each independent part of the board, skipping the parts that need no solver.

    Every witness of the solver is re-checked in Python; parts of at most ``CONFIRM_ATOMS`` atoms are
    settled by the branch and bound of ``best_search`` alone, without a model.
    A part the solver can't settle in time keeps the declaration's own atoms there (or none, when they
    break a restriction): the result is then a lower bound, and the other parts still count.
    """
    deadline = time.monotonic() + time_limit
    witness: set[Atom] = set()
    status: Status = "optimal"
    closest = True
    for part in components(problem, atoms):
        sub = problem.restrict(part)
        here = near & frozenset(part)
        clean = not broken_restrictions(sub, here)
        if clean and score(sub, here, conditional) >= obeyable(sub, part, conditional):
            witness |= here
            continue
        if len(part) <= EXHAUSTIVE_ATOMS:
            res = best_exhaustive(sub, part, here, conditional)
        elif len(part) <= CONFIRM_ATOMS:
            res = best_search(sub, part, here, conditional, closest)
        else:
            res = best_near(sub, part, here, conditional, deadline - time.monotonic(), clean, closest, explanation)
        found = res.witness
        if res.status == "unknown" or found is None:
            found = here if clean else frozenset()
            if broken_restrictions(sub, found):
                return Best("unknown", 0, None)
            res = Best("feasible", score(sub, found, conditional), found, closest=False)
        if res.status == "feasible":
            status = "feasible"
        closest &= res.closest
        witness |= found
    # Requirements outside every part (constant on these atoms) count too: score the whole witness.
    chosen: Declaration = frozenset(witness)
    return Best(status, score(problem, chosen, conditional), chosen, closest)
