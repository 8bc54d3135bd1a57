"""A declaration problem as a CP-SAT model, built by small named stages.

Stages: variables (one Boolean per atom that may be chosen) → structural constraints and
restrictions (hard) → requirement indicators (fully reified, so each solution is one declaration)
→ objective (set by the caller). Atoms left out of ``atoms`` are fixed to 0 by not existing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from msgspec import Struct, field

from legality.cpsat import cp_model
from legality.deadline import Poll, check
from legality.rules import Atom, Problem, Requirement, budget_key

Literal = cp_model.IntVar | bool


class Encoding(Struct):
    """The model, its atom variables and one literal (or constant) per requirement."""

    model: cp_model.CpModel
    x: dict[Atom, cp_model.IntVar]
    indicators: list[tuple[Requirement, Literal]]
    _or_cache: dict[frozenset[Atom], Literal] = field(default_factory=dict)
    _raw_cache: dict[frozenset[Atom], Literal] = field(default_factory=dict)

    def score(self) -> cp_model.LinearExpr:
        """The number of requirements obeyed, as a linear expression."""
        terms: list[cp_model.LinearExprT] = [lit for _, lit in self.indicators if not isinstance(lit, bool)]
        constant = sum(1 for _, lit in self.indicators if lit is True)
        return cp_model.LinearExpr.sum(terms) + constant

    def any_of(self, atoms: Iterable[Atom]) -> Literal:
        """A literal equal to "some of these atoms is chosen" (False if none can be)."""
        if isinstance(atoms, frozenset) and len(atoms) == 1:  # most groups: one atom, its own variable
            (only,) = atoms
            return self.x.get(only, False)
        if isinstance(atoms, frozenset) and atoms in self._raw_cache:  # the same group in another restriction
            return self._raw_cache[atoms]
        key = frozenset(self.x.keys() & atoms)
        if not key:
            return False
        if key in self._or_cache:
            return self._or_cache[key]
        lits = [self.x[a] for a in sorted(key)]
        if len(lits) == 1:
            lit: Literal = lits[0]
        else:
            lit = self.model.new_bool_var(f"any{len(self._or_cache)}")
            self.model.add_max_equality(lit, lits)
        self._or_cache[key] = lit
        if isinstance(atoms, frozenset):
            self._raw_cache[atoms] = lit
        return lit


class Model(cp_model.CpModel):
    """A CP-SAT model without the CamelCase aliases OR-Tools adds to every instance (about 1 ms each, the
    largest fixed cost of a small check); this project calls only the snake_case API."""

    def _add_pre_pep8_methods(self) -> None:
        return None


def add_variables(model: cp_model.CpModel, atoms: Sequence[Atom]) -> dict[Atom, cp_model.IntVar]:
    """Stage 1: one Boolean per atom that may be chosen."""
    poll = Poll("building the solver's model (variables)", 1024)
    out = {}
    for a in atoms:
        poll()
        out[a] = model.new_bool_var(f"{a[0]}->{a[1]}")
    return out


def add_restrictions(enc: Encoding, problem: Problem) -> None:
    """Stage 2: every restriction as a hard constraint (count of chosen groups in its domain)."""
    for r in problem.restrictions:
        check("building the solver's model (restrictions)")
        triggers = [enc.x[a] for a in sorted(r.trigger) if a in enc.x]
        if r.trigger and not triggers:
            continue
        if len(triggers) > 1:  # one constraint enforced by "some trigger is chosen", not one per trigger atom
            lit = enc.any_of(r.trigger)
            assert not isinstance(lit, bool)
            triggers = [lit]
        lits = [enc.any_of(g) for g in r.groups]
        live = [lit for lit in lits if not isinstance(lit, bool)]
        n = len(live)
        intervals = [[lo, min(hi, n)] for lo, hi in r.domain if lo <= n]
        if any(lo <= 0 and hi >= n for lo, hi in intervals):
            continue
        if not intervals:  # the restriction can't be met: forbid its trigger (or everything)
            if not triggers:
                enc.model.add_bool_or([])
            for t in triggers:
                enc.model.add_bool_or([]).only_enforce_if(t)
            continue
        domain = cp_model.Domain.from_intervals(intervals)
        expr = sum(live)
        if triggers:
            for t in triggers:
                enc.model.add_linear_expression_in_domain(expr, domain).only_enforce_if(t)
        else:
            enc.model.add_linear_expression_in_domain(expr, domain)


def count_in_domain(enc: Encoding, groups: Sequence[frozenset[Atom]], domain: Sequence[tuple[int, int]]) -> Literal:
    """A literal equal to "the number of chosen groups lies in ``domain``" (a constant when the model's atoms
    settle it): both directions are enforced, so the literal is the count's test and nothing else."""
    live = [lit for lit in (enc.any_of(g) for g in groups) if not isinstance(lit, bool)]
    n = len(live)
    intervals = [[lo, min(hi, n)] for lo, hi in domain if lo <= n]
    if not intervals:
        return False
    inside = cp_model.Domain.from_intervals(intervals)
    outside = inside.complement().intersection_with(cp_model.Domain(0, n))
    if outside.is_empty():
        return True
    y = enc.model.new_bool_var(f"count{len(enc.indicators)}")
    expr = cp_model.LinearExpr.sum(live)
    enc.model.add_linear_expression_in_domain(expr, inside).only_enforce_if(y)
    enc.model.add_linear_expression_in_domain(expr, outside).only_enforce_if(y.Not())
    return y


def fulfilment(enc: Encoding, q: Requirement) -> Literal:
    """A literal equal to "the declaration does what ``q`` asks" (``legality.evaluate.fulfilled``)."""
    if q.counting:
        return count_in_domain(enc, q.groups, q.domain)
    return enc.any_of(q.fulfils)


def add_requirement_indicators(enc: Encoding, problem: Problem, conditional: str) -> None:
    """Stage 3: a literal per requirement that is true exactly when the requirement counts as obeyed."""
    model = enc.model
    poll = Poll("building the solver's model (requirements)", 64)
    for q in problem.requirements:
        poll()
        f = fulfilment(enc, q)
        if q.condition is None:
            enc.indicators.append((q, f))
            continue
        c = enc.any_of(q.condition)
        if conditional == "implication":
            # obeyed ⇔ fulfilled ∨ ¬condition
            if f is True or c is False:
                enc.indicators.append((q, True))
            elif f is False:
                assert not isinstance(c, bool)
                enc.indicators.append((q, c.Not()))  # type: ignore[arg-type]
            else:
                assert not isinstance(c, bool)
                y = model.new_bool_var(f"req{len(enc.indicators)}")
                model.add_bool_or([f, c.Not()]).only_enforce_if(y)
                model.add_implication(f, y)
                model.add_implication(c.Not(), y)
                enc.indicators.append((q, y))
        else:
            # obeyed ⇔ fulfilled ∧ condition
            if f is False or c is False:
                enc.indicators.append((q, False))
            elif c is True:
                enc.indicators.append((q, f))
            elif f is True:
                enc.indicators.append((q, c))
            else:
                y = model.new_bool_var(f"req{len(enc.indicators)}")
                model.add_bool_and([f, c]).only_enforce_if(y)
                model.add_bool_or([f.Not(), c.Not(), y])
                enc.indicators.append((q, y))


def add_budgets(enc: Encoding, problem: Problem) -> None:
    """Costs a player must be able to pay in full (508.1j, 509.1f); used when listing declarations."""
    for key, budget in problem.budgets.items():
        terms = []
        for c in problem.costs:
            if budget_key(c.payer, c.unit) == key and c.amount > 0:
                lit = enc.any_of(c.taxed)
                if not isinstance(lit, bool):
                    terms.append(c.amount * lit)
        if terms:
            enc.model.add(sum(terms) <= budget)


def encode(problem: Problem, atoms: Sequence[Atom], conditional: str, budgets: bool = False) -> Encoding:
    """Build the model of ``problem`` on ``atoms`` (others fixed to 0), without an objective."""
    model = Model()
    enc = Encoding(model, add_variables(model, atoms), [])
    add_restrictions(enc, problem)
    if budgets:
        add_budgets(enc, problem)
    add_requirement_indicators(enc, problem, conditional)
    return enc
