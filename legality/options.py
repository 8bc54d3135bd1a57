"""Listing every legal declaration (``legality options``): CP-SAT enumeration, capped and counted."""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass
from typing import Any

from ortools.sat.python import cp_model

from legality.check import (
    DEFAULT_TIME_LIMIT,
    Question,
    as_declaration,
    attack_question,
    block_question,
    settings,
)
from legality.editions import Edition, allowed_atoms, judge
from legality.encoding import encode
from legality.evaluate import incurred, score
from legality.rules import Declaration, Problem
from legality.solve import best_by_parts, new_solver
from models.board import Board, RulesOptions


@dataclass(frozen=True)
class Listing:
    """The legal declarations of the next declaration to be made (the first ``limit``), and their count."""

    kind: str
    rules: str
    rules_options: RulesOptions
    declarations: tuple[tuple[dict[str, str], ...], ...]
    count: int
    complete: bool
    maximum: int | None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "rules": self.rules, "rules_options": self.rules_options.model_dump(),
                "count": self.count, "count_complete": self.complete, "maximum": self.maximum,
                "declarations": [list(d) for d in self.declarations]}

    def to_text(self) -> str:
        what = "attackers" if self.kind == "attack" else "blockers"
        n = f"{self.count}" if self.complete else f"at least {self.count} (time limit reached)"
        lines = [f"{n} legal declaration(s) of {what} (rules {self.rules}); maximum requirements "
                 f"obeyed: {self.maximum if self.maximum is not None else '?'}"]
        for i, d in enumerate(self.declarations, 1):
            body = ", ".join(f"{a['blocker']} blocks {a['attacker']}" if "blocker" in a
                             else f"{a['attacker']} attacks {a['target']}" for a in d)
            lines.append(f"  {i}. {body or 'none'}")
        if len(self.declarations) < self.count:
            lines.append(f"  ... ({self.count - len(self.declarations)} more; raise --limit)")
        return "\n".join(lines)


class _Collector(cp_model.CpSolverSolutionCallback):
    def __init__(self, enc_x: dict[Any, Any], accept: Any, keep: int, deadline: float) -> None:
        super().__init__()
        self.x, self.accept, self.keep, self.deadline = enc_x, accept, keep, deadline
        self.kept: list[Declaration] = []
        self.count = 0
        self.stopped = False

    def on_solution_callback(self) -> None:
        decl = frozenset(a for a, v in self.x.items() if self.boolean_value(v))
        if self.accept(decl):
            self.count += 1
            if len(self.kept) < self.keep:
                self.kept.append(decl)
        if time.monotonic() > self.deadline:
            self.stopped = True
            self.stop_search()


def enumerate_problem(problem: Problem, edition: Edition, opts: RulesOptions, keep: int,
                      time_limit: float) -> tuple[list[Declaration], int, bool, int | None]:
    """Legal declarations of one problem: (first ``keep``, count, count complete?, cost-free maximum)."""
    deadline = time.monotonic() + time_limit
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
            return judge(problem, d, edition, opts, max(deadline - time.monotonic(), 0.01)).legal is True
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
    col = _Collector(enc.x, accept, keep, deadline)
    status = solver.solve(enc.model, col)
    complete = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE) and not col.stopped
    return col.kept, col.count, complete, free.maximum


def legal_declarations(board: Board, rules: str | None = None, options: RulesOptions | None = None,
                       limit: int = 20, time_limit: float = DEFAULT_TIME_LIMIT) -> Listing:
    """The legal declarations for the next declaration: attackers if none are declared, else blockers."""
    edition, opts = settings(board, rules, options)
    q: Question = (attack_question(board) if board.attacks is None
                   else block_question(board.model_copy(update={"blocks": ()})))
    per: list[tuple[list[Declaration], int, bool, int | None]] = [
        enumerate_problem(p, edition, opts, limit, time_limit / max(len(q.problems), 1)) for p in q.problems]
    count = math.prod(c for _, c, _, _ in per)
    complete = all(ok for _, _, ok, _ in per)
    maxima = [m for *_, m in per]
    maximum = None if any(m is None for m in maxima) else sum(m for m in maxima if m is not None)
    shown = [as_declaration(q, set().union(*combo))
             for combo in itertools.islice(itertools.product(*(k for k, *_ in per)), limit)]
    return Listing(q.kind, edition.name, opts, tuple(shown), count, complete, maximum)
