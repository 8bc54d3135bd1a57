"""Listing every legal declaration (``legality options``): CP-SAT enumeration, capped and counted.

A declaration of attackers includes its announcement of attacking bands (508.1e, 702.22c-d): each
way to band the chosen attackers is a declaration of its own, listed and counted.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from msgspec import Struct

from legality.check import (
    DEFAULT_TIME_LIMIT,
    Question,
    as_declaration,
    attack_question,
    block_question,
    settings,
)
from legality.cpsat import cp_model
from legality.deadline import OutOfTime, bounded
from legality.deadline import left as deadline_left
from legality.editions import Edition, allowed_atoms, judge
from legality.encoding import encode
from legality.evaluate import cost_totals, incurred, score
from legality.rules import Atom, Declaration, Kind, Problem
from legality.solve import best_by_parts, new_solver
from models.board import Board, RulesOptions

Bands = tuple[tuple[str, ...], ...]
"""Attacking bands announced with a declaration (508.1e): each band's members; unbanded creatures absent."""


class Listing(Struct, frozen=True):
    """The legal declarations of the next declaration to be made (the first ``limit``), and their count."""

    kind: str
    rules: str
    rules_options: RulesOptions
    declarations: tuple[tuple[dict[str, str], ...], ...]
    count: int
    complete: bool
    maximum: int | None
    costs: tuple[dict[str, int], ...] = ()
    has_costs: bool = False

    @property
    def compared_with(self) -> str:
        """What each listed declaration's requirements were compared with (508.1d, 509.1c)."""
        if self.rules == "2006":
            return "each declaration's rule 500.5 neighbourhood"
        if not self.has_costs:
            return "the global maximum"
        if self.rules_options.paid_costs == "cost-free":
            return "the maximum paying no costs (paid_costs cost-free)"
        return ("the best declaration paying no costs beyond its own (paid_costs paid-set); the maximum "
                "shown is the one paying no costs")

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "rules": self.rules, "rules_options": self.rules_options.model_dump(),
                "count": self.count, "count_complete": self.complete, "maximum": self.maximum,
                "maximum_compared_with": self.compared_with,
                "declarations": [list(d) for d in self.declarations], "costs": [dict(c) for c in self.costs]}

    def to_text(self) -> str:
        what = "attackers" if self.kind == "attack" else "blockers"
        n = f"{self.count}" if self.complete else f"at least {self.count} (time limit reached)"
        lines = [f"{n} legal declaration(s) of {what} (rules {self.rules}); maximum requirements "
                 f"obeyed: {self.maximum if self.maximum is not None else '?'}; compared with {self.compared_with}"]
        for i, d in enumerate(self.declarations, 1):
            body = ", ".join(f"{a['blocker']} blocks {a['attacker']}" if "blocker" in a
                             else f"{a['attacker']} attacks {a['target']}"
                             + (f" (band {a['band']})" if "band" in a else "") for a in d)
            paid = self.costs[i - 1] if i <= len(self.costs) else {}
            pays = "; pays " + ", ".join(f"{who} {amount}" for who, amount in sorted(paid.items())) if paid else ""
            lines.append(f"  {i}. {body or 'none'}{pays}")
        if len(self.declarations) < self.count:
            lines.append(f"  ... ({self.count - len(self.declarations)} more; raise --limit)")
        return "\n".join(lines)


def band_choices(q: Question, decl: Declaration) -> list[Bands]:
    """Every announcement of attacking bands for ``decl`` (508.1e): per target (702.22d), the ways to group
    its attackers into bands; just "no bands" when no attacker has banding, or for blockers."""
    if q.kind != "attack":
        return [()]
    banding = frozenset(c for c, _ in decl if q.game.traits[c].has("banding"))
    if not banding:
        return [()]
    by_target: dict[str, list[str]] = {}
    for c, t in sorted(decl):
        by_target.setdefault(t, []).append(c)
    per_target = [list(_groupings(ids, banding)) for ids in by_target.values()]
    return [tuple(b for part in combo for b in part) for combo in itertools.product(*per_target)]


def _groupings(ids: Sequence[str], banding: frozenset[str]) -> Iterator[Bands]:
    """Ways to put ``ids`` into bands: each band two or more creatures, at most one without banding (702.22c);
    creatures in no band are left out."""
    if not ids:
        yield ()
        return
    first, rest = ids[0], list(ids[1:])
    yield from _groupings(rest, banding)  # ``first`` in no band
    for r in range(1, len(rest) + 1):
        for mates in itertools.combinations(rest, r):
            band = (first, *mates)
            if sum(1 for m in band if m not in banding) > 1:
                continue
            left = [i for i in rest if i not in mates]
            for more in _groupings(left, banding):
                yield (band, *more)


class _Collector(cp_model.CpSolverSolutionCallback):
    def __init__(self, enc_x: dict[Any, Any], accept: Any, keep: int, deadline: float,
                 weight: Callable[[Declaration], int]) -> None:
        super().__init__()
        self.x, self.accept, self.keep, self.deadline, self.weight = enc_x, accept, keep, deadline, weight
        self.shown = 0
        self.kept: list[Declaration] = []
        self.count = 0
        self.stopped = False

    def on_solution_callback(self) -> None:
        decl = frozenset(a for a, v in self.x.items() if self.boolean_value(v))
        if self.accept(decl):
            n = self.weight(decl)
            self.count += n
            if self.shown < self.keep:
                self.kept.append(decl)
                self.shown += n
        if time.monotonic() > self.deadline:
            self.stopped = True
            self.stop_search()


def enumerate_problem(problem: Problem, edition: Edition, opts: RulesOptions, keep: int,
                      time_limit: float, weight: Callable[[Declaration], int] = lambda d: 1,
                      ) -> tuple[list[Declaration], int, bool, int | None]:
    """Legal declarations of one problem: (first ``keep``, count, count complete?, cost-free maximum).
    ``weight`` is how many declarations each set of atoms stands for (its band announcements)."""
    deadline = time.monotonic() + min(time_limit, deadline_left())  # never past the verdict's deadline
    cond = opts.conditional
    free = best_by_parts(problem, allowed_atoms(problem, frozenset()), frozenset(), cond, time_limit)
    if free.status != "optimal":
        return [], 0, False, None
    enc = encode(problem, problem.allowed, cond, budgets=True)
    has_costs = bool(problem.costs)
    maxima: dict[frozenset[str], int] = {frozenset(): free.maximum}

    def maximum_for(paid: frozenset[str]) -> int:
        if paid not in maxima:
            res = best_by_parts(problem, allowed_atoms(problem, paid), frozenset(), cond,
                                deadline - time.monotonic())
            maxima[paid] = res.maximum
        return maxima[paid]

    if edition.neighbourhood:
        def accept(d: Declaration) -> bool:
            try:  # out of time, the collector (whose deadline is no later) stops and the count is incomplete
                return judge(problem, d, edition, opts, max(deadline - time.monotonic(), 0.01)).legal is True
            except OutOfTime:
                return False
    else:
        enc.model.add(enc.score() >= free.maximum)
        if not has_costs or opts.paid_costs == "cost-free":
            def accept(d: Declaration) -> bool:
                return True
        else:
            def accept(d: Declaration) -> bool:
                return score(problem, d, cond) >= maximum_for(incurred(problem, d))

    solver = new_solver(max(deadline - time.monotonic(), 0.01))
    solver.parameters.enumerate_all_solutions = True
    col = _Collector(enc.x, accept, keep, deadline, weight)
    status = solver.solve(enc.model, col)
    complete = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE) and not col.stopped
    return col.kept, col.count, complete, free.maximum


def legal_declarations(board: Board, rules: str | None = None, options: RulesOptions | None = None,
                       limit: int = 20, time_limit: float = DEFAULT_TIME_LIMIT) -> Listing:
    """The legal declarations for the next declaration: attackers if none are declared, else blockers.

    ``time_limit`` bounds all of it, building the problems included: a board that can't be listed in time
    gets an incomplete listing (``complete`` false) with what was found, if anything."""
    edition, opts = settings(board, rules, options)
    try:
        with bounded(time_limit):
            return _legal_declarations(board, edition, opts, limit, time_limit)
    except OutOfTime:
        kind: Kind = "attack" if board.attacks is None else "block"
        return Listing(kind, edition.name, opts, (), 0, False, None, (), False)


def _legal_declarations(board: Board, edition: Edition, opts: RulesOptions, limit: int,
                        time_limit: float) -> Listing:
    q: Question = (attack_question(board) if board.attacks is None
                   else block_question(board.model_copy(update={"blocks": ()})))
    def weight(d: Declaration) -> int:
        return len(band_choices(q, d))

    per: list[tuple[list[Declaration], int, bool, int | None]] = [
        enumerate_problem(p, edition, opts, limit, time_limit / max(len(q.problems), 1), weight)
        for p in q.problems]
    count = math.prod(c for _, c, _, _ in per)
    complete = all(ok for _, _, ok, _ in per)
    maxima = [m for *_, m in per]
    maximum = None if any(m is None for m in maxima) else sum(m for m in maxima if m is not None)
    shown: list[tuple[dict[str, str], ...]] = []
    costs: list[dict[str, int]] = []
    for combo in itertools.product(*(k for k, *_ in per)):
        atoms: set[Atom] = set().union(*combo)
        paid: dict[str, int] = {}
        for p, d in zip(q.problems, combo, strict=True):
            for who, amount in cost_totals(p, d).items():
                paid[who] = paid.get(who, 0) + amount
        for bands in band_choices(q, frozenset(atoms)):
            if len(shown) >= limit:
                break
            shown.append(with_bands(as_declaration(q, atoms), bands))
            costs.append(paid)
        if len(shown) >= limit:
            break
    return Listing(q.kind, edition.name, opts, tuple(shown), count, complete, maximum, tuple(costs),
                   any(p.costs for p in q.problems))


def with_bands(decl: tuple[dict[str, str], ...], bands: Bands) -> tuple[dict[str, str], ...]:
    """The contract's Attack objects with ``band`` set for band members (bands numbered from 1)."""
    band_of = {c: str(i) for i, members in enumerate(bands, 1) for c in members}
    return tuple({**a, "band": band_of[a["attacker"]]} if a.get("attacker") in band_of and "target" in a else a
                 for a in decl)
