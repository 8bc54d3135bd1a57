"""Solving: the best declaration near a given one, component by component, with a time limit.

The board is split with a union-find into parts that share no restriction or requirement; each part is
solved on its own (the maximum is the sum, and a declaration is best iff each part is best). Parts
with no requirement, or where the declaration already obeys every requirement that could be
obeyed, need no solver at all; parts of at most ``EXHAUSTIVE_ATOMS`` atoms are scanned in Python
(cheaper than a model below about 100 declarations, performance notes §3.3), parts of at most
``CONFIRM_ATOMS`` are settled by a branch and bound in Python (``best_search``), and parts of at most
``SEARCH_ATOMS`` by the same search when it needs at most ``SEARCH_NODES`` nodes; on parts of
``FEASIBILITY_FIRST_ATOMS`` or more, moves in Python (``improve``) look for a better declaration before
any solve. OR-Tools is imported only when needed: importing OR-Tools alone costs about half a second.
"""

from __future__ import annotations

import itertools
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from msgspec import Struct

from legality import moves
from legality.deadline import Poll, check
from legality.evaluate import broken_restrictions, fulfillable, score
from legality.rules import Atom, Declaration, Problem, in_domain

if TYPE_CHECKING:
    from legality.cpsat import cp_model

Status = Literal["optimal", "feasible", "unknown"]
EXHAUSTIVE_ATOMS = 6
"""Parts with at most this many atoms are scanned exhaustively instead of modelled."""
FEASIBILITY_FIRST_ATOMS = 150
"""Parts with at least this many atoms are solved in phases (feasibility first); smaller ones in one solve."""
CONFIRM_ATOMS = 14
"""Parts with at most this many atoms are settled by a search in Python (``best_search``): the branch and
bound that used to confirm the solver's maximum there proves it on its own, cheaper than a model."""
IMPROVE_TRIES = 2000
"""Moves ``improve`` tries where no clock bounds it (the search's floor on a small part, a move deciding legality
alone); on a large part its moves are bounded by time instead."""
SEARCH_ATOMS = 64
SEARCH_NODES = 400
"""Parts of up to ``SEARCH_ATOMS`` atoms are tried by the same search first, with at most ``SEARCH_NODES``
nodes (about the cost of one solve); only a part it can't settle within them goes to the solver."""
CLIMB_SECONDS = 0.15
"""How long moves on a large part go on climbing after their first gain, for the explanation's lower bound (the
index they build first is not counted). On the benchmark's boards (``bench_batch``: 40 of 100 x 150, 5 of
200 x 300) the "at least" maxima reached by then are 54-197 and 40-125, and many 100 x 150 climbs end by
themselves within it; a longer climb would take large boards past their time targets (performance notes)."""
EXPLANATION_SECONDS = 0.25
"""Seconds the explanation of a decided illegal verdict (the maximum, the closest better declaration) may
take beyond the verdict; past it the maximum is "at least N" (``maximum_proven`` false)."""
ENCODE_SECONDS_PER_ATOM = 12e-6
"""About what building a large part's model costs an atom (11-17 us measured on 15,000-60,000 atoms): an
explanation whose budget left can't pay for the model twice over (building it, then as long again to solve it:
a model built with no time left to solve it adds nothing) keeps the moves' declaration and builds none."""
KEEP_ALL_FEASIBLE = True
PRESOLVE = True
"""CP-SAT 9.15's presolve can prove a wrong optimum (google/or-tools #5293; fixtures/rules/
presolve-wrong-optimum.json); keeping every feasible solution through presolve avoids it."""


class Best(Struct, frozen=True):
    """The result of maximising: the maximum (a lower bound unless ``status`` is optimal) and a witness."""

    status: Status
    maximum: int
    witness: Declaration | None
    closest: bool = True


def new_solver(time_limit: float, keep_all_feasible: bool = False) -> cp_model.CpSolver:
    """One worker: measured fastest for models of this size (performance notes §3.1)."""
    from legality.cpsat import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = max(time_limit, 0.001)
    solver.parameters.catch_sigint_signal = False  # Ctrl-C is the command line's to handle (legality.batch)
    if keep_all_feasible:  # left unset otherwise: enumerate_all_solutions sets it itself
        solver.parameters.keep_all_feasible_solutions_in_presolve = True
    return solver


def components(problem: Problem, atoms: Iterable[Atom]) -> list[list[Atom]]:
    """Split ``atoms`` into groups whose creatures share no restriction or requirement (union-find).

    A group object shared by several restrictions (one blocker's blocks) is joined once.
    """
    atoms = list(atoms)
    if not atoms:
        return []
    parent: dict[str, str] = {}
    poll = Poll("splitting the board into independent parts", 64)
    seen: set[int] = set()
    joins = len({a[0] for a in problem.atoms}) - 1  # once this many joins are made, all is one part

    def root(c: str) -> str:
        parent.setdefault(c, c)
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    def join(groups: Iterable[Iterable[Atom]]) -> None:
        creatures: set[str] = set()
        for group in groups:
            poll()
            if id(group) in seen:  # its creatures are joined already: join only its first
                group = itertools.islice(group, 1)
            elif isinstance(group, frozenset):
                seen.add(id(group))
            creatures.update(a[0] for a in group)
        nonlocal joins
        first: str | None = None
        for c in creatures:
            r = root(c)
            if first is None:
                first = r
            elif r != first:
                parent[r] = first
                joins -= 1

    for r in problem.restrictions:
        if joins <= 0:
            return [atoms]
        join((*r.groups, r.trigger))
    for q in problem.requirements:
        if joins <= 0:
            return [atoms]
        join((q.fulfils, q.condition or ()))
    parts: dict[str, list[Atom]] = {}
    for a in atoms:
        parts.setdefault(root(a[0]), []).append(a)
    return list(parts.values())


def best_near(problem: Problem, atoms: Sequence[Atom], near: Declaration, conditional: str,
              time_limit: float, clean: bool = True, closest: bool = True,
              explanation: float = EXPLANATION_SECONDS) -> Best:
    """Maximise the requirements obeyed on ``atoms``; among the best, the fewest changes from ``near``.

    Small parts take one solve of a combined objective (requirements first, then changes). Large
    parts take phases (performance notes §3.6): (0) moves in Python (``improve``) from ``near``, or from
    the empty declaration when ``near`` breaks a restriction; a better declaration found decides legality
    with no model; (1) otherwise, when ``near`` breaks no restriction, the feasibility question "does
    anything obey more?"; (2) the maximum, from the best declaration known; (3) the fewest changes
    at that maximum (only with ``closest``; without it the witness is any maximum). A phase that runs
    out of time keeps what the earlier ones proved: a maximum that is not proven is reported as such.
    The maximum is not hinted with phase 1's witness: a poor hint slowed that solve several times over.
    """
    from legality.cpsat import cp_model
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

    own = score(problem, near, conditional)
    improved = None
    if len(atoms) >= FEASIBILITY_FIRST_ATOMS:  # a large part: moves in Python find a better declaration fastest
        # Deciding legality may take a third of the time; an explanation only its own budget. For a declaration
        # breaking a restriction the climb starts from none, and only its time after a first gain is bounded.
        improved = improve(problem, atoms, near if clean else frozenset(), conditional, climb=explanation > 0,
                           tries=None, seconds=time_limit * 0.3 if clean else None,
                           more=min(CLIMB_SECONDS, explanation, time_limit))
    if improved is not None and clean:  # illegal, decided: the maximum and the closest are explanation, on a budget
        if explanation <= 0:
            return Best("feasible", score(problem, improved, conditional), improved, closest=False)
        deadline = min(deadline, time.monotonic() + explanation)
    if improved is not None and deadline - time.monotonic() < 2 * len(atoms) * ENCODE_SECONDS_PER_ATOM:
        return Best("feasible", score(problem, improved, conditional), improved, closest=False)  # no time to model
    enc = encode(problem, atoms, conditional)
    total = enc.score()
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
    known: Declaration | None = improved if improved is not None else near if clean else None
    if clean and len(atoms) >= FEASIBILITY_FIRST_ATOMS and improved is None:
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


def improve(problem: Problem, atoms: Sequence[Atom], near: Declaration, conditional: str, climb: bool = False,
            tries: int | None = IMPROVE_TRIES, seconds: float | None = None,
            more: float | None = None) -> Declaration | None:
    """A declaration breaking no restriction that obeys more requirements than ``near`` (which breaks none), or
    None, which says nothing: moves in Python (``legality.moves``), with ``climb`` going on while one gains (a lower
    bound on the maximum for the explanation), else stopping at the first gain. At most ``tries`` moves are tried
    (None: no bound but time); ``seconds`` bounds the time to the first gain and ``more`` a climb's time after it
    (None: only the verdict's deadline, ``OutOfTime``). Moves may miss what the search and the model find, never
    the other way round: the declaration returned is checked here once more."""
    found = moves.climb(problem, atoms, near, conditional, once=not climb, tries=tries, seconds=seconds, more=more)
    if found is not None and not is_valid(problem, atoms, found):
        return None
    return found


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
        if fulfillable(q, avail) or (q.condition is not None and conditional == "implication"):
            n += 1
    return n


def is_valid(problem: Problem, atoms: Iterable[Atom], decl: Declaration) -> bool:
    """Whether ``decl`` uses only ``atoms`` and breaks no restriction: the check every witness passes."""
    return decl <= frozenset(atoms) and not broken_restrictions(problem, decl)


class SearchExhausted(Exception):
    """The search ran out of its node budget: the part goes to the solver instead."""


Searching = Callable[[int, int, "Searching"], None]
Closing = Callable[[int, int, int, "Closing"], None]


class _Search:
    """Depth-first branch and bound over the atoms of a part, on bit masks (atom ``i`` is bit ``i``).

    Three prunings: an upper bound on the requirements still obeyable, restrictions already over their
    ceiling (no superset can obey them), and restrictions with a floor that apply and can no longer reach it
    (``stranded``). The bound knows that a creature limited to one atom (a blocker
    blocking one attacker, 509.1a; an attacker attacking one target, 508.1a) obeys at most the
    requirements of one of its atoms. A counting requirement (Gorm the Great: "blocked by two or more") is
    never one atom's: the bound counts it obeyable while some count in its domain lies between the groups
    already chosen and the groups still reachable (exact once nothing more can be chosen).
    ``nodes`` caps the nodes visited (``SearchExhausted`` past it); the verdict's deadline is polled as it goes
    (``OutOfTime``), so a part settled without a node budget is bounded by the time limit all the same.
    """

    def __init__(self, problem: Problem, atoms: Sequence[Atom], conditional: str, nodes: int | None = None) -> None:
        self.problem, self.order = problem, sorted(atoms)
        self.implication = conditional == "implication"
        self.nodes = nodes
        self.poll = Poll("searching for the most requirements a declaration can obey", 256)
        bit = {a: 1 << i for i, a in enumerate(self.order)}
        zeros = itertools.repeat(0)

        def mask(atoms: Iterable[Atom]) -> int:
            return sum(map(bit.get, atoms if isinstance(atoms, (set, frozenset)) else set(atoms), zeros))

        shared: dict[int, int] = {}  # a group object's mask: the restrictions share them (a block counted by the
        # blocker's 509.1a and the attacker's menace is one object), alive in ``problem`` meanwhile

        def group(g: frozenset[Atom]) -> int:
            m = shared.get(id(g))
            if m is None:
                m = shared[id(g)] = mask(g)
            return m

        # Restrictions: (trigger mask or None when it always applies, group masks, domain, ceiling, flat): ``flat``,
        # when every group is one atom of its own (a blocker's blocks, 509.1a; an attacker's blockers, menace), their
        # union, whose bits chosen are the count (else 0, and the groups are counted one by one).
        # Only the groups this part can reach are kept (one of atoms outside it is never chosen), and restrictions
        # counting the same groups under the same trigger are one, allowing the counts both allow: "can't be
        # blocked except by three or more" with "by more than one" allows none.
        # ``ceiling``: the most groups a declaration may then choose, when the counts allowed are 0 up to some
        # number. Menace with one blocker in reach allows 0 or 2+ blocks, so here none: that blocker's block is over
        # the ceiling at once, not found wrong at every leaf below it.
        joint: dict[tuple[int | None, tuple[int, ...]], tuple[tuple[int, int], ...]] = {}
        for r in problem.restrictions:
            key = (mask(r.trigger) if r.trigger else None, tuple(sorted(filter(None, map(group, r.groups)))))
            had = joint.get(key)
            joint[key] = tuple(r.domain) if had is None else _meet(had, r.domain)
        self.restrictions: list[tuple[int | None, tuple[int, ...], Sequence[tuple[int, int]], int, int]] = []
        for (trigger, groups), domain in joint.items():
            union = sum(groups)
            flat = union if union.bit_count() == len(groups) and all(g & (g - 1) == 0 for g in groups) else 0
            self.restrictions.append((trigger, groups, domain, _ceiling(domain, len(groups)), flat))
        # Restrictions with a floor (Orcish Conscripts: "unless at least two other creatures block"; "can't be
        # blocked except by three or more"): the counts they allow on their groups are not all those up to some
        # ceiling, so a declaration can break them by choosing too little as well as too much.
        # Each with the union of its groups and whether it allows none of them (menace: "0 or 2+"): such a one
        # can't be stranded while nothing of its groups is chosen, which settles most nodes at a glance.
        # One that asks only for at least one of its groups (Mogg Flunkies, "can't block alone") is stranded exactly
        # when none is reachable.
        self.floored = [(trigger, groups, sum(groups), any(lo == 0 for lo, _ in domain),
                         len(domain) == 1 and domain[0][0] == 1 and domain[0][1] >= len(groups), domain, flat)
                        for trigger, groups, domain, _, flat in self.restrictions if not _prefix(domain, len(groups))]
        # Per atom, the restrictions with a ceiling that choosing it can break: (trigger, groups, ceiling, flat).
        self.capped: list[list[tuple[int | None, tuple[int, ...], int, int]]] = [[] for _ in self.order]
        for trigger, groups, _, ceiling, flat in self.restrictions:
            if ceiling >= len(groups):
                continue
            for b in _bits((trigger or 0) | sum(groups)):  # atom i is bit i
                self.capped[b.bit_length() - 1].append((trigger, groups, ceiling, flat))
        # Sets of atoms of which at most one can be chosen, and the unconditional requirements inside one.
        exclusive = [sum(groups) for trigger, groups, domain, ceiling, _ in self.restrictions
                     if trigger is None and ceiling <= 1 and all(g & (g - 1) == 0 for g in groups)]
        inside: dict[int, list[int]] = {}
        self.plain: list[int] = []
        self.conditional: list[tuple[int, int]] = []
        self.counting: list[tuple[tuple[int, ...], tuple[tuple[int, int], ...], int | None]] = []
        homes: list[tuple[int, list[int]]] = []
        for q in problem.requirements:
            f = mask(q.fulfils)
            if q.counting:
                self.counting.append((tuple(mask(g) for g in q.groups), q.domain,
                                      None if q.condition is None else mask(q.condition)))
                continue
            if q.condition is not None:
                self.conditional.append((f, mask(q.condition)))
                continue
            sets = [s for s in exclusive if f and f & s == f]
            if sets:
                homes.append((f, sets))
            else:
                self.plain.append(f)
        # A requirement inside several exclusive sets (a blocker's "blocks at most one", 509.1a, and an attacker's
        # "blocked by at most one": Stalking Tiger with a lure) may be counted in any one of them; counted where
        # most requirements could be, they compete there for the one atom chosen, and the bound is tighter.
        crowd = Counter(s for _, sets in homes for s in sets)
        for f, sets in homes:
            inside.setdefault(max(sets, key=crowd.__getitem__), []).append(f)
        # Per exclusive set: its mask, its requirements' masks, and (atom bit, requirements it obeys) best first.
        # By atom bit too, and the best atom with its count: most nodes find it still available (or it taken).
        self.exclusive: list[tuple[int, list[int], list[tuple[int, int]], dict[int, int], int, int]] = []
        for s, fs in inside.items():
            ranked = sorted(((b, sum(1 for f in fs if f & b)) for b in _bits(s)), key=lambda x: -x[1])
            self.exclusive.append((s, fs, ranked, dict(ranked), *ranked[0]))
        # Atoms no valid declaration holds: choosing one alone already puts a restriction over its ceiling (the
        # trigger and count only grow), or leaves one that it makes apply out of reach with every atom available.
        # Left out of what is still reachable, they no longer count in the bound.
        # An atom in no restriction with a floor is stranded alone as nothing chosen is: asked once.
        every = (1 << len(self.order)) - 1
        touched = 0
        for trigger, _, union, *_ in self.floored:
            touched |= (trigger or 0) | union
        none_stranded = self.stranded(0, every)
        self.live = 0
        for i in range(len(self.order)):
            b = 1 << i
            if not (self.capped[i] and self.dead(b, i)) and not (
                    self.stranded(b, every) if b & touched else none_stranded):
                self.live |= b
        self.visited = 0
        mentions: dict[int, int] = {}
        counted = [sum(groups) | (c or 0) for groups, _, c in self.counting]
        for f in self.plain + [f | c for f, c in self.conditional] + [f for _, fs, *_ in self.exclusive for f in fs] \
                + counted:
            for b in _bits(f):
                mentions[b] = mentions.get(b, 0) + 1
        self.most_per_atom = max(mentions.values(), default=0)
        """The most requirements one atom fulfils or conditions: what one more atom can add to ``bound``."""

    def _visit(self) -> None:
        self.visited += 1
        self.poll()
        if self.nodes is not None and self.visited > self.nodes:
            raise SearchExhausted

    def dead(self, chosen: int, i: int) -> bool:
        """Whether choosing atom ``i`` put a restriction over its ceiling (the trigger and count only grow)."""
        for trigger, groups, ceiling, flat in self.capped[i]:
            if (trigger is None or trigger & chosen) and ((chosen & flat).bit_count() if flat else sum(
                    map(bool, map(chosen.__and__, groups)))) > ceiling:
                return True
        return False

    def stranded(self, chosen: int, avail: int) -> bool:
        """Whether a restriction with a floor that applies already (its trigger chosen, or none) can't be obeyed
        by any declaration between ``chosen`` and ``avail``: no count it allows lies between the groups chosen
        and the groups still reachable (509.1b-c; the count only grows from the first and stays below the
        second). No such declaration is valid, so the search need not go on."""
        for trigger, groups, union, none_allowed, one_or_more, domain, flat in self.floored:
            if none_allowed and not chosen & union:
                continue
            if trigger is not None and not trigger & chosen:
                continue
            if one_or_more:
                if not avail & union:
                    return True
            else:
                if flat:
                    least, most = (chosen & flat).bit_count(), (avail & flat).bit_count()
                else:
                    least = sum(map(bool, map(chosen.__and__, groups)))
                    most = sum(map(bool, map(avail.__and__, groups)))
                if not any(lo <= most and least <= hi for lo, hi in domain):
                    return True
        return False

    def valid(self, chosen: int) -> bool:
        """Whether a declaration breaks no restriction."""
        for trigger, groups, domain, _, flat in self.restrictions:
            if trigger is None or trigger & chosen:
                n = (chosen & flat).bit_count() if flat else sum(map(bool, map(chosen.__and__, groups)))
                if not in_domain(domain, n):
                    return False
        return True

    def bound(self, chosen: int, avail: int) -> int:
        """Requirements obeyable with ``chosen`` and some of ``avail`` (exact when ``avail`` is ``chosen``)."""
        n = sum(map(bool, map(avail.__and__, self.plain)))
        for f, c in self.conditional:
            if self.implication:  # obeyed unless triggered and unfulfilled
                n += bool(f & avail) or not c & chosen
            else:
                n += bool(f & avail) and bool(c & avail)
        for s, fs, ranked, by_bit, top, most in self.exclusive:
            taken = chosen & s
            if taken:  # one atom (``dead`` prunes a second): its count
                k = by_bit.get(taken)
                n += k if k is not None else sum(map(bool, map(taken.__and__, fs)))
            elif top & avail:
                n += most
            else:
                n += next((k for b, k in ranked if b & avail), 0)
        for groups, domain, when in self.counting:
            least = sum(map(bool, map(chosen.__and__, groups)))
            most = sum(map(bool, map(avail.__and__, groups)))
            can = any(lo <= most and least <= hi for lo, hi in domain)
            if when is None:
                n += can
            elif self.implication:
                n += can or not when & chosen
            else:
                n += can and bool(when & avail)
        return n

    def greedy(self, chosen: int) -> int:
        """A valid declaration from ``chosen`` (valid itself): each live atom in turn is added when the declaration
        stays valid and obeys more requirements (``bound`` is exact on a declaration). A floor for ``maximum``."""
        have = self.bound(chosen, chosen)
        live = self.live & ~chosen
        for i in range(len(self.order)):
            b = 1 << i
            if not live & b:
                continue
            more = chosen | b
            if self.dead(more, i):
                continue
            got = self.bound(more, more)
            if got > have and self.valid(more):
                chosen, have = more, got
        return chosen

    def decl(self, chosen: int) -> Declaration:
        return frozenset(a for i, a in enumerate(self.order) if chosen >> i & 1)

    def mask(self, decl: Declaration) -> int:
        return sum(1 << i for i, a in enumerate(self.order) if a in decl)

    def maximum(self, floor: int, known: int | None) -> tuple[int, int | None]:
        """The most requirements a valid declaration obeys if more than ``floor`` (else ``floor``, ``known``),
        with one such declaration."""
        n = len(self.order)
        live = self.live  # an atom outside it is never taken
        rest = [live & ~((1 << i) - 1) for i in range(n + 1)]
        best: list[tuple[int, int | None]] = [(floor, known)]

        def search(i: int, chosen: int, go: Searching) -> None:  # ``go``, itself: a closure naming itself is a cycle
            self._visit()
            if self.bound(chosen, chosen | rest[i]) <= best[0][0] or self.stranded(chosen, chosen | rest[i]):
                return
            if i == n:  # the bound is the score here
                if self.valid(chosen):
                    best[0] = (self.bound(chosen, chosen), chosen)
                return
            more = chosen | 1 << i
            if live >> i & 1 and not self.dead(more, i):
                go(i + 1, more, go)
            go(i + 1, chosen, go)

        search(0, 0, search)
        return best[0]

    def closest(self, target: int, near: int, known: int) -> int:
        """A valid declaration obeying ``target`` requirements with the fewest changes from ``near``; ``known``,
        one that does (the maximum's), bounds the changes from the start and is kept unless one is strictly
        closer."""
        n = len(self.order)
        live = self.live
        rest = [live & ~((1 << i) - 1) for i in range(n + 1)]
        best: list[tuple[int, int]] = [((known ^ near).bit_count(), known)]

        most = self.most_per_atom
        widest = -(-target // most) if most else 0

        def search(i: int, chosen: int, changes: int, go: Closing) -> None:  # ``go``: as in ``maximum``
            self._visit()
            if changes >= best[0][0] or self.bound(chosen, chosen | rest[i]) < target \
                    or self.stranded(chosen, chosen | rest[i]):
                return
            # Each atom added beyond near's raises the bound by at most ``most``: short of ``target`` by ``short``
            # needs ceil(short / most) changes more (asked only where even the most, ``target``, could prune).
            if most and changes + widest >= best[0][0]:
                short = target - self.bound(chosen, chosen | (near & rest[i]))
                if short > 0 and changes + -(-short // most) >= best[0][0]:
                    return
            if i == n:
                if self.valid(chosen):
                    best[:] = [(changes, chosen)]
                return
            b = 1 << i
            mine = bool(near & b)
            for take in ((True, False) if mine else (False, True)):  # near's own choice first
                if not take:
                    go(i + 1, chosen, changes + mine, go)
                elif live & b and not self.dead(chosen | b, i):
                    go(i + 1, chosen | b, changes + (not mine), go)

        search(0, 0, 0, search)
        return best[0][1]


@lru_cache(maxsize=1024)
def _allowed(domain: Sequence[tuple[int, int]], n: int) -> tuple[int, ...]:
    """The counts among ``0..n`` that ``domain`` allows."""
    return tuple(k for k in range(n + 1) if in_domain(domain, k))


def _prefix(domain: Sequence[tuple[int, int]], n: int) -> bool:
    """Whether the counts ``domain`` allows among ``0..n`` are ``0..k`` for some ``k`` (a ceiling and no floor;
    a domain allowing none of them has a floor out of reach)."""
    allowed = _allowed(domain, n)
    return bool(allowed) and allowed[-1] == len(allowed) - 1


def _meet(a: Sequence[tuple[int, int]], b: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """The counts both domains allow, as a domain (empty when none)."""
    return tuple((max(lo, lo2), min(hi, hi2)) for lo, hi in a for lo2, hi2 in b if max(lo, lo2) <= min(hi, hi2))


def _ceiling(domain: Sequence[tuple[int, int]], reach: int) -> int:
    """The most groups of ``reach`` a declaration may choose when the counts ``domain`` allows among ``0..reach``
    are ``0..k`` (it is ``k``), else the domain's largest count (-1 for none)."""
    if _prefix(domain, reach):
        return len(_allowed(domain, reach)) - 1
    return max((hi for _, hi in domain), default=-1)


def _bits(mask: int) -> list[int]:
    """The single-bit masks of ``mask``."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def best_search(problem: Problem, atoms: Sequence[Atom], near: Declaration, conditional: str,
                closest: bool = True, nodes: int | None = None) -> Best | None:
    """``best_near`` by branch and bound in Python: the maximum (one search keeping the best found, which
    proves it), then the closest declaration at it. None when the search needs more than ``nodes`` nodes."""
    search = _Search(problem, atoms, conditional, nodes)
    own = search.mask(near)
    clean = search.valid(own) and near <= frozenset(atoms)
    # A good declaration to start from prunes more: moves from the declaration (or from none) while they gain.
    # Where the search has no node budget (``nodes`` None: parts of at most ``CONFIRM_ATOMS`` atoms), the greedy
    # floor of the search itself is enough; a budgeted part climbs with the moves, which run out of nodes less often.
    start = near if clean else frozenset()
    floor = (search.decl(search.greedy(own if clean else 0)) if nodes is None
             else improve(problem, atoms, start, conditional, climb=True) or start)
    try:
        claimed, found = search.maximum(score(problem, floor, conditional), search.mask(floor))
        assert found is not None
        if closest and found != own:
            found = search.closest(claimed, own, found)
    except SearchExhausted:
        return None
    known = search.decl(found)
    return Best("optimal", claimed, known, closest or known == near)


def best_by_parts(problem: Problem, atoms: Sequence[Atom], near: Declaration, conditional: str,
                  time_limit: float, closest: bool = True, explanation: float = EXPLANATION_SECONDS) -> Best:
    """``best_near`` on each independent part of the board, skipping the parts that need no solver.

    Every witness of the solver is re-checked in Python; parts of at most ``CONFIRM_ATOMS`` atoms are
    settled by the branch and bound of ``best_search`` alone, without a model, and parts of at most
    ``SEARCH_ATOMS`` by it too unless it runs out of ``SEARCH_NODES`` nodes.
    A part the solver can't settle in time keeps the declaration's own atoms there (or none, when they
    break a restriction): the result is then a lower bound, and the other parts still count.
    """
    deadline = time.monotonic() + time_limit
    witness: set[Atom] = set()
    status: Status = "optimal"
    all_closest = True
    parts = components(problem, atoms)
    for part in parts:
        check("judging the independent parts of the board")
        # One part: the problem itself (restricting it only drops what no atom here can touch, at a cost on large
        # boards); a restriction left in that no atom here can touch has the same count in every declaration.
        sub = problem.restrict(part) if len(parts) > 1 else problem
        here = near & frozenset(part)
        clean = not broken_restrictions(sub, here)
        if clean and score(sub, here, conditional) >= obeyable(sub, part, conditional):
            witness |= here
            continue
        moved = improve(sub, part, here, conditional) if clean and explanation <= 0 and not closest else None
        if moved is not None:  # only legality is asked for, and a move shows this part can obey more
            res = Best("feasible", score(sub, moved, conditional), moved, closest=False)
        elif len(part) <= EXHAUSTIVE_ATOMS:
            res = best_exhaustive(sub, part, here, conditional)
        else:
            searched = (best_search(sub, part, here, conditional, closest,
                                    None if len(part) <= CONFIRM_ATOMS else SEARCH_NODES)
                        if len(part) <= SEARCH_ATOMS else None)
            res = searched or best_near(sub, part, here, conditional, deadline - time.monotonic(), clean, closest,
                                        explanation)
        found = res.witness
        if res.status == "unknown" or found is None:
            found = here if clean else frozenset()
            if broken_restrictions(sub, found):
                return Best("unknown", 0, None)
            res = Best("feasible", score(sub, found, conditional), found, closest=False)
        if res.status == "feasible":
            status = "feasible"
        all_closest &= res.closest
        witness |= found
    # Requirements outside every part (constant on these atoms) count too: score the whole witness.
    chosen: Declaration = frozenset(witness)
    return Best(status, score(problem, chosen, conditional), chosen, all_closest)
