"""``legality.moves``: the counts a climb keeps move by move, against the plain evaluator, and the moves that need
more than one block at once (menace, "three or more").

The counts are checked against ``legality.evaluate`` (count the groups a restriction sees, whether it applies,
whether each requirement is obeyed) after every toggle of a random walk: the climb keeps them incrementally, the
evaluator recounts them from the declaration. The compound moves are checked on real cards, with the maximum the
rules give.
"""

from __future__ import annotations

import os
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from boards import attack_boards, block_boards, counting_block_boards, dense_block_boards
from legality import parse_board
from legality.check import question_for
from legality.deadline import Poll
from legality.evaluate import count_groups, restriction_applies, score
from legality.moves import Climb
from legality.rules import INFINITY, Atom, Problem, Requirement, Restriction
from legality.solve import improve
from models import Board

EXAMPLES = int(os.environ.get("MOVES_EXAMPLES", "150"))


def _broken(problem: Problem, decl: frozenset[Atom]) -> set[int]:
    return {i for i, r in enumerate(problem.restrictions)
            if restriction_applies(r, decl) and not r.allows(count_groups(r, decl))}


@given(st.one_of(attack_boards(), block_boards(), dense_block_boards(), counting_block_boards()),
       st.sampled_from(["in-force", "implication"]), st.lists(st.integers(0, 10_000), max_size=40))
@settings(max_examples=EXAMPLES, deadline=None)
def test_the_counts_kept_move_by_move_are_the_evaluators(raw: dict[str, Any], conditional: str,
                                                         walk: list[int]) -> None:
    """After each atom chosen or left out, the climb's score is the requirements ``obeyed`` counts (509.1c,
    508.1d) and its broken restrictions are those whose counted groups the domain doesn't allow (509.1b-c,
    508.1c), each recounted from the whole declaration."""
    q = question_for(parse_board(raw))
    for p in q.problems:
        if not p.atoms:
            continue
        state = Climb(p, p.atoms, conditional, Poll("test"))
        assert state.score == score(p, frozenset(), conditional)
        assert state.broken == _broken(p, frozenset())
        for k in walk:
            a = p.atoms[k % len(p.atoms)]
            state.toggle(a, a not in state.chosen)
            decl = frozenset(state.chosen)
            assert state.score == score(p, decl, conditional), sorted(decl)
            assert state.broken == _broken(p, decl), sorted(decl)


ATOMS = [(f"c{i}", f"t{j}") for i in range(4) for j in range(3)]
DOMAINS = [((0, 1),), ((0, 0), (2, INFINITY)), ((1, INFINITY),), ((0, 2),), ((0, 0), (3, INFINITY)), ((2, 2),)]
COUNTS = [((1, INFINITY),), ((2, INFINITY),), ((1, 1),), ((2, 3),)]


@st.composite
def problems(draw: st.DrawFn) -> Problem:
    """Any problem on 4 creatures x 3 targets, of shapes the boards above rarely make: groups of mixed sizes, the
    same group twice in one restriction (as one object or two equal ones), empty groups, groups shared between
    restrictions and counting requirements, conditions, triggers."""
    subsets = st.frozensets(st.sampled_from(ATOMS), max_size=4)
    pool = draw(st.lists(subsets, min_size=1, max_size=6))  # groups drawn from here are shared objects
    group = st.one_of(st.sampled_from(pool), subsets, subsets.map(lambda g: frozenset(set(g))))
    restrictions = tuple(
        Restriction("509.1b", "r", "test", tuple(draw(st.lists(group, max_size=6))), draw(st.sampled_from(DOMAINS)),
                    draw(st.one_of(st.just(frozenset()), subsets)))
        for _ in range(draw(st.integers(0, 5))))
    requirements = []
    for _ in range(draw(st.integers(0, 5))):
        condition = draw(st.one_of(st.none(), subsets.filter(bool)))
        if draw(st.booleans()):
            groups = tuple(draw(st.lists(group.filter(bool), min_size=1, max_size=4)))
            requirements.append(Requirement("509.1c", "q", "test", "c0", frozenset().union(*groups), condition,
                                            groups, draw(st.sampled_from(COUNTS))))
        else:
            requirements.append(Requirement("509.1c", "q", "test", "c0", draw(subsets.filter(bool)), condition))
    return Problem("block", "B", tuple(ATOMS), {}, restrictions, tuple(requirements), ())


@given(problems(), st.sampled_from(["in-force", "implication"]), st.lists(st.integers(0, len(ATOMS) - 1),
                                                                           max_size=30))
@settings(max_examples=EXAMPLES * 2, deadline=None)
def test_the_counts_kept_on_any_shape_of_problem_are_the_evaluators(problem: Problem, conditional: str,
                                                                   walk: list[int]) -> None:
    """The same as above on problems made directly: whatever the shape of the groups, the climb counts what the
    evaluator counts."""
    state = Climb(problem, problem.atoms, conditional, Poll("test"))
    assert state.score == score(problem, frozenset(), conditional)
    assert state.broken == _broken(problem, frozenset())
    for k in walk:
        a = ATOMS[k]
        state.toggle(a, a not in state.chosen)
        decl = frozenset(state.chosen)
        assert state.score == score(problem, decl, conditional), sorted(decl)
        assert state.broken == _broken(problem, decl), sorted(decl)


def _lured(attacker: str, blockers: list[str]) -> Board:
    """``attacker`` wearing Lure attacks B, whose untapped ``blockers`` could each block it; nothing declared."""
    return parse_board({
        "version": 1, "active_player": "A",
        "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
        "permanents": [{"id": "x", "name": attacker, "controller": "A"},
                       {"id": "lure", "name": "Lure", "controller": "A", "attached_to": "x"},
                       *({"id": f"b{i}", "name": n, "controller": "B"} for i, n in enumerate(blockers))],
        "attacks": [{"attacker": "x", "target": "B"}], "blocks": []})


def test_a_menace_attacker_wearing_lure_is_blocked_by_two_in_one_move() -> None:
    """Boggart Brute (menace, 702.111b: "can't be blocked except by two or more creatures") wearing Lure ("All
    creatures able to block enchanted creature do so", 509.1c), and two untapped blockers: both block it, obeying
    both requirements (the maximum, 2). One block alone breaks menace, so no single move gains: the move is
    completed with the other blocker before it is judged."""
    board = _lured("Boggart Brute", ["Grizzly Bears", "Hill Giant"])
    q = question_for(board)
    assert not q.game.unread
    (p,), (declared,) = q.problems, q.declarations
    assert declared == frozenset()
    found = improve(p, p.allowed, declared, "in-force")
    assert found == frozenset({("b0", "x"), ("b1", "x")})
    assert score(p, found, "in-force") == 2


def test_three_or_more_blockers_are_found_in_one_move() -> None:
    """Gorilla Berserkers ("can't be blocked except by three or more creatures", 509.1b) wearing Lure, and three
    untapped blockers: all three block it (3 requirements obeyed, 509.1c); one or two alone break the restriction."""
    board = _lured("Gorilla Berserkers", ["Grizzly Bears", "Hill Giant", "Hurloon Minotaur"])
    q = question_for(board)
    assert not q.game.unread
    (p,), (declared,) = q.problems, q.declarations
    found = improve(p, p.allowed, declared, "in-force", climb=True)
    assert found == frozenset({("b0", "x"), ("b1", "x"), ("b2", "x")})
    assert score(p, found, "in-force") == 3
