"""Moves toward a better declaration: a local search whose restriction and requirement states are counted
incrementally, so that a move costs only what its atoms take part in, however large the board.

A move adds an atom that takes part in a requirement not yet obeyed, keeping or dropping the other atoms of
its creature. When the move leaves restrictions broken only because they count too few groups (menace,
702.111b: "can't be blocked except by two or more"; "can't block alone", 509.1b), it is completed with atoms of
idle creatures in their missing groups, and taken only if the whole of it breaks nothing and gains. A counting
requirement ("must be blocked by two or more creatures if able") is not completed that way: a move that adds one
of its blockers gains nothing and is not taken, so moves may miss what the search and the model find (never the
other way round). Every gain is counted as ``legality.evaluate.obeyed`` counts it; the caller checks the result
once more.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from operator import itemgetter

from legality.deadline import Poll
from legality.evaluate import counts_as_obeyed
from legality.rules import Atom, Declaration, Problem, in_domain

REPAIR_ATOMS = 64
"""Atoms a move's completion may look at, for each restriction it leaves short of its count."""


Entry = tuple[list[int], list[int], list[int], list[int], list[int], list[int]]


class Holders:
    """Which of many atom sets hold an atom, looked up on demand. Each set is filed under the
    creatures its atoms name in first or in second place, whichever are fewer (one blocker's blocks are filed under
    the blocker, the blocks on one attacker under the attacker): filing takes a pass in C over a set, not a
    Python step per atom, and a climb looks up only the atoms it touches."""

    __slots__ = ("filed",)

    def __init__(self) -> None:
        self.filed: dict[tuple[int, str], list[tuple[int, frozenset[Atom]]]] = {}

    def add(self, i: int, s: frozenset[Atom]) -> None:
        """File set number ``i`` (before any lookup)."""
        firsts = set(map(itemgetter(0), s))
        seconds = set(map(itemgetter(1), s)) if len(firsts) > 1 else firsts
        keys = [(1, c) for c in seconds] if len(seconds) < len(firsts) else [(0, c) for c in firsts]
        filed = self.filed
        for key in keys:
            listed = filed.get(key)
            if listed is None:
                filed[key] = [(i, s)]
            else:
                listed.append((i, s))

    def __call__(self, a: Atom) -> list[int]:
        return [i for key in ((0, a[0]), (1, a[1])) for i, s in self.filed.get(key, ()) if a in s]


class Climb:
    """The state of one declaration on a part: which atoms are chosen, each restriction's count and trigger, each
    requirement's count; ``score`` (requirements obeyed) and ``broken`` (restrictions broken) kept current.

    A group of one atom (menace counts each blocker's block) is counted through its atom; larger groups are told
    apart by their atoms ("can't block alone" counts each other creature's blocks, one copy per restriction)."""

    def __init__(self, problem: Problem, atoms: Iterable[Atom], conditional: str, poll: Poll) -> None:
        self.universe = set(atoms)
        self.conditional = conditional
        self.poll = poll
        self.triggers, self.counted, self.in_groups = Holders(), Holders(), Holders()  # restrictions; larger groups
        self.counted_by, self.fulfils, self.conditions = Holders(), Holders(), Holders()  # requirements
        self.counting = Holders()  # counting requirements, by every atom taking part
        # Restrictions whose groups of one atom are counted atom by atom: those not filed whole, because they also
        # count larger groups or count the same group twice.
        self.singly: dict[Atom, list[int]] = {}
        group_index: dict[frozenset[Atom], int] = {}
        self.g_restrictions: list[list[int]] = []
        self.g_requirements: list[list[int]] = []

        def group(g: frozenset[Atom]) -> int:
            gi = group_index.get(g)
            if gi is not None:
                return gi
            gi = group_index[g] = len(self.g_restrictions)
            self.g_restrictions.append([])
            self.g_requirements.append([])
            self.in_groups.add(gi, g)
            return gi

        self.r_domain = [r.domain for r in problem.restrictions]
        self.r_span = [r.domain[0] if len(r.domain) == 1 else None for r in problem.restrictions]
        self.r_always = [not r.trigger for r in problem.restrictions]  # no trigger: it always applies
        self.r_groups = [r.groups for r in problem.restrictions]
        for ri, r in enumerate(problem.restrictions):
            poll()
            if r.trigger:
                self.triggers.add(ri, r.trigger)
            if set(map(len, r.groups)) <= {1}:  # groups of one atom each (or none)
                singles = frozenset().union(*r.groups)
                if len(singles) == len(r.groups):
                    self.counted.add(ri, singles)
                    continue
            for g in r.groups:
                if len(g) > 1:
                    self.g_restrictions[group(g)].append(ri)
                else:
                    for a in g:
                        self.singly.setdefault(a, []).append(ri)
        self.r_trigger_count = [0] * len(problem.restrictions)
        self.r_count = [0] * len(problem.restrictions)
        self.broken = {ri for ri, r in enumerate(problem.restrictions) if not r.trigger and not in_domain(r.domain, 0)}

        self.q_domain = [q.domain for q in problem.requirements]
        self.q_conditional = [q.condition is not None for q in problem.requirements]
        for qi, q in enumerate(problem.requirements):
            poll()
            if not q.counting:
                self.fulfils.add(qi, q.fulfils)
                continue
            self.counting.add(qi, q.fulfils)
            if set(map(len, q.groups)) <= {1} and len(q.fulfils) == len(q.groups):
                self.counted_by.add(qi, q.fulfils)  # groups of one atom each: the union is the groups
            else:
                for g in q.groups:
                    self.g_requirements[group(g)].append(qi)
        for qi, q in enumerate(problem.requirements):
            if q.condition is not None:
                self.conditions.add(qi, q.condition)
        self.q_count = [0] * len(problem.requirements)
        self.q_condition_count = [0] * len(problem.requirements)
        self.q_obeyed = [self._obeyed(qi) for qi in range(len(problem.requirements))]
        self.score = sum(self.q_obeyed)
        self.g_hits = [0] * len(self.g_restrictions)
        self.chosen: set[Atom] = set()
        self.of: dict[str, set[Atom]] = {}  # a creature -> its atoms chosen
        self.entries: dict[Atom, Entry] = {}
        self.helping: dict[Atom, list[int]] = {}  # an atom -> the requirements it helps to fulfil (``useless``)

    def _obeyed(self, qi: int) -> bool:
        n, domain = self.q_count[qi], self.q_domain[qi]
        return counts_as_obeyed(in_domain(domain, n) if domain else n > 0,
                                self.q_condition_count[qi] > 0 if self.q_conditional[qi] else None, self.conditional)

    def _requirement(self, qi: int) -> None:
        now = self._obeyed(qi)
        if now != self.q_obeyed[qi]:
            self.q_obeyed[qi] = now
            self.score += 1 if now else -1

    def _restriction(self, ri: int) -> None:
        if (self.r_always[ri] or self.r_trigger_count[ri] > 0) and not in_domain(self.r_domain[ri], self.r_count[ri]):
            self.broken.add(ri)
        else:
            self.broken.discard(ri)

    def _entry(self, a: Atom) -> Entry:
        """What ``a`` takes part in, looked up once: restrictions it triggers, restrictions counting it as a group of
        its own, larger groups holding it, requirements counting it, requirements it is a condition of, and every
        requirement it helps to fulfil."""
        entry = self.entries.get(a)
        if entry is None:
            fulfils = self.fulfils(a)
            helps = self.helping.get(a)
            entry = self.entries[a] = (self.triggers(a), [*self.counted(a), *self.singly.get(a, ())],
                                       self.in_groups(a), [*self.counted_by(a), *fulfils], self.conditions(a),
                                       [*fulfils, *self.counting(a)] if helps is None else helps)
        return entry

    def toggle(self, a: Atom, on: bool) -> None:
        """Choose ``a`` (``on``) or leave it out, and bring every count it takes part in up to date."""
        d = 1 if on else -1
        mine = self.of.get(a[0])
        if mine is None:
            mine = self.of[a[0]] = set()
        if on:
            self.chosen.add(a)
            mine.add(a)
        else:
            self.chosen.discard(a)
            mine.discard(a)
        triggers, counts, groups, requirements, conditions, _ = self._entry(a)
        for ri in triggers:
            self.r_trigger_count[ri] += d
            self._restriction(ri)
        if groups:
            counts = list(counts)
            for gi in groups:
                hits = self.g_hits[gi]
                self.g_hits[gi] = hits + d
                if hits == (0 if on else 1):  # the group starts or stops counting
                    counts += self.g_restrictions[gi]
                    requirements = [*requirements, *self.g_requirements[gi]]
        # Restrictions whose count moved, checked here rather than one call each: a group of "can't block alone"
        # is counted by every such restriction on the board.
        count, always, triggered, broken = self.r_count, self.r_always, self.r_trigger_count, self.broken
        for ri in counts:
            n = count[ri] + d
            count[ri] = n
            if always[ri] or triggered[ri]:
                span = self.r_span[ri]
                if span[0] <= n <= span[1] if span else in_domain(self.r_domain[ri], n):
                    broken.discard(ri)
                else:
                    broken.add(ri)
        for qi in requirements:
            self.q_count[qi] += d
            self._requirement(qi)
        for qi in conditions:
            self.q_condition_count[qi] += d
            self._requirement(qi)

    def useless(self, a: Atom) -> bool:
        """Whether every requirement ``a`` takes part in is obeyed already."""
        helps = self.helping.get(a)
        if helps is None:
            entry = self.entries.get(a)
            helps = self.helping[a] = entry[5] if entry is not None else [*self.fulfils(a), *self.counting(a)]
        obeyed = self.q_obeyed
        return all(obeyed[qi] for qi in helps)

    def undo(self, done: list[tuple[Atom, bool]]) -> None:
        for a, on in reversed(done):
            self.toggle(a, not on)

    def complete(self, done: list[tuple[Atom, bool]]) -> None:
        """Add atoms of idle creatures to the groups that restrictions left short of their count are missing, while
        each addition breaks nothing new (``done`` records them)."""
        for ri in sorted(self.broken):
            domain = self.r_domain[ri]
            if not any(lo > self.r_count[ri] for lo, _ in domain):
                continue  # too many groups, not too few: only dropping would help
            looked = 0
            for g in self.r_groups[ri]:
                if ri not in self.broken or looked >= REPAIR_ATOMS:
                    break
                if not g.isdisjoint(self.chosen):
                    continue
                for x in sorted(g & self.universe) if len(g) > 1 else g & self.universe:
                    looked += 1
                    self.poll()
                    if self.of.get(x[0]):
                        continue
                    before = set(self.broken)
                    self.toggle(x, True)
                    if self.broken - before:
                        self.toggle(x, False)
                        continue
                    done.append((x, True))
                    break

    def move(self, a: Atom, dropped: Sequence[Atom], repair: bool) -> bool:
        """Try choosing ``a`` (leaving out ``dropped``); keep it when the result breaks nothing and obeys more."""
        before = self.score
        done: list[tuple[Atom, bool]] = [(x, False) for x in dropped]
        for x in dropped:
            self.toggle(x, False)
        self.toggle(a, True)
        done.append((a, True))
        if self.broken and repair:
            self.complete(done)
        if not self.broken and self.score > before:
            return True
        self.undo(done)
        return False


def climb(problem: Problem, atoms: Sequence[Atom], near: Declaration, conditional: str, *, once: bool,
          tries: int | None, seconds: float | None, more: float | None) -> Declaration | None:
    """Moves from ``near`` (which breaks no restriction): the declaration after the last gaining move, or None if
    none gained. Passes go through the candidate atoms in the order of ``atoms``, taking each gaining move as it
    comes, until a pass gains nothing; with ``once`` the first gain ends it. ``tries`` bounds the moves tried;
    ``seconds`` the time to the first gain, ``more`` the time after it (None: no bound but the verdict's deadline,
    ``OutOfTime``). Building the index comes before either clock starts."""
    poll = Poll("moving toward a better declaration", 64)  # the verdict's deadline bounds even the first move
    state = Climb(problem, [*atoms, *near], conditional, poll)
    for a in sorted(near):
        state.toggle(a, True)
    if state.broken:
        return None
    start = state.score
    helpful = frozenset().union(*(q.fulfils for q in problem.requirements)).difference(near)
    order = [a for a in atoms if a in helpful]
    if not order:
        return None
    ends = None if seconds is None else time.monotonic() + seconds
    gained = False
    left = tries
    i = since = looked = 0  # the next candidate; candidates looked at since the last gain, and in all
    while since < len(order):
        a = order[i]
        i = i + 1 if i + 1 < len(order) else 0
        since += 1
        looked += 1
        if a in state.chosen or state.useless(a):
            continue
        same = sorted(state.of.get(a[0], ()))
        for dropped in (([], same) if same else ([],)):
            if left is not None:
                left -= 1
            poll()
            if state.move(a, dropped, repair=True):
                if not gained:
                    gained, ends = True, None if more is None else time.monotonic() + more
                since = 0
                break
        if gained and once:
            break
        if left is not None and left <= 0:
            break
        if ends is not None and looked % 16 == 0 and time.monotonic() > ends:
            break
    if not gained or state.score <= start:
        return None
    return frozenset(state.chosen)
