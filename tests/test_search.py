"""The branch and bound in Python (``legality.solve.best_search``) against CP-SAT on parts too large to
enumerate (15 to 60 atoms): the same verdict, maximum and distance of the closest better declaration.

The two are independent: the search proves a maximum by exhausting the bound, CP-SAT by its own proof.
Where they disagree one of them is wrong, and the brute force of ``test_differential`` can't tell on
parts this large.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import legality.editions
import legality.solve
from boards import large_block_board
from legality import check_declaration, parse_board
from legality.check import question_for
from legality.evaluate import score
from legality.rules import Atom, Declaration, Problem
from legality.solve import _Search, best_search, components, is_valid
from legality.verdict import Verdict
from models import Board


@contextmanager
def search(confirm: int, atoms: int, nodes: int) -> Iterator[None]:
    saved = legality.solve.CONFIRM_ATOMS, legality.solve.SEARCH_ATOMS, legality.solve.SEARCH_NODES
    legality.solve.CONFIRM_ATOMS, legality.solve.SEARCH_ATOMS, legality.solve.SEARCH_NODES = confirm, atoms, nodes
    try:
        yield
    finally:
        legality.solve.CONFIRM_ATOMS, legality.solve.SEARCH_ATOMS, legality.solve.SEARCH_NODES = saved


def mid_board(seed: int, declared: float) -> Board:
    """One defender, 4-7 attackers and 5-9 blockers with requirements and counting restrictions."""
    rng = random.Random(seed)
    data: dict[str, Any] = large_block_board(seed, rng.randint(4, 7), rng.randint(5, 9), ["B"])
    for p in data["permanents"]:
        p["abilities"] = [a for a in p["abilities"] if a["kind"] != "block_cost"]
        if p["controller"] == "B" and rng.random() < 0.15:
            p["abilities"].append({"kind": "blocks_if_able", "attacker": f"a{rng.randrange(4)}"})
    pairs = [(b["id"], a["attacker"]) for b in data["permanents"] if b["controller"] == "B" for a in data["attacks"]]
    data["blocks"] = [{"blocker": b, "attacker": a} for b, a in pairs if rng.random() < declared]
    return parse_board(data)


def _judged(board: Board, confirm: int, atoms: int, nodes: int) -> Verdict:
    with search(confirm, atoms, nodes):
        return check_declaration(board, alternatives=False)


def _changes(board: Board, v: Verdict) -> int | None:
    if v.better is None:
        return None
    declared = {(b.blocker, b.attacker) for b in board.blocks or ()}
    return len(declared ^ {(b["blocker"], b["attacker"]) for b in v.better})


@given(st.integers(0, 10**6), st.sampled_from([0.0, 0.1, 0.3]))
@settings(max_examples=60, deadline=None)
def test_search_and_solver_agree_on_mid_size_parts(seed: int, declared: float) -> None:
    """509.1c: the same maximum whichever proves it; the closest better declaration (fewest changes) is
    equally close, and legal with that maximum obeyed (checked by judging it again)."""
    board = mid_board(seed, declared)
    by_search = _judged(board, 64, 64, 10**9)
    by_solver = _judged(board, 0, 0, 0)
    assert (by_search.legal, by_search.obeyed, by_search.maximum) == (by_solver.legal, by_solver.obeyed,
                                                                       by_solver.maximum)
    assert by_search.maximum_proven and by_solver.maximum_proven
    if by_search.better_closest and by_solver.better_closest:
        assert _changes(board, by_search) == _changes(board, by_solver)
    if by_search.better is not None:
        data = board.model_dump(mode="json", exclude_none=True)
        data["blocks"] = list(by_search.better)
        again = check_declaration(parse_board(data), alternatives=False)
        assert again.legal is True and again.obeyed == by_search.maximum


def test_the_boards_have_parts_only_the_larger_search_settles() -> None:
    """The comparison above is about parts beyond ``CONFIRM_ATOMS``: most boards of the strategy have one."""
    sizes = []
    for seed in range(40):
        q = question_for(mid_board(seed, 0.1))
        sizes += [len(part) for p in q.problems for part in components(p, p.allowed)]
    assert sum(legality.solve.CONFIRM_ATOMS < n <= legality.solve.SEARCH_ATOMS for n in sizes) >= 20


def test_a_search_past_its_node_budget_leaves_the_part_to_the_solver() -> None:
    """With a budget of one node every part beyond ``CONFIRM_ATOMS`` goes to CP-SAT: same verdicts."""
    for seed in range(15):
        board = mid_board(seed, 0.2)
        tiny = _judged(board, 0, 64, 1)
        full = _judged(board, 64, 64, 10**9)
        assert (tiny.legal, tiny.obeyed, tiny.maximum) == (full.legal, full.obeyed, full.maximum)


def test_best_search_says_when_it_runs_out_of_nodes() -> None:
    q = question_for(mid_board(3, 0.0))
    p = q.problems[0]
    part = max(components(p, p.allowed), key=len)
    assert best_search(p.restrict(part), part, frozenset(), "in-force", nodes=1) is None
    found = best_search(p.restrict(part), part, frozenset(), "in-force")
    assert found is not None and found.status == "optimal"


@given(st.integers(0, 10**6), st.sampled_from([0.0, 0.2, 0.5]), st.sampled_from(["in-force", "implication"]))
@settings(max_examples=40, deadline=None)
def test_the_greedy_floor_is_a_valid_declaration_obeying_no_fewer(seed: int, declared: float, conditional: str) -> None:
    """``_Search.greedy``, the floor of the unbudgeted search, is checked by ``legality.evaluate`` (not by the search's
    own masks): it breaks no restriction, keeps the atoms it starts from, and obeys at least as many requirements,
    exactly as many as the search's ``bound`` says; and never more than the search's proven maximum."""
    q = question_for(mid_board(seed, declared))
    for p, d in zip(q.problems, q.declarations, strict=True):
        for part in components(p, p.allowed):
            sub = p.restrict(part)
            s = _Search(sub, part, conditional)
            here = d & frozenset(part)
            start = s.mask(here) if is_valid(sub, part, here) else 0
            found = s.greedy(start)
            decl = s.decl(found)
            assert found & start == start and is_valid(sub, part, decl)
            assert score(sub, decl, conditional) == s.bound(found, found) >= score(sub, s.decl(start), conditional)
            best = best_search(sub, part, frozenset(), conditional, closest=False)
            assert best is not None and best.maximum >= score(sub, decl, conditional)


def mid_counting_board(seed: int, declared: float) -> Board:
    """``mid_board`` with requirements obeyed by a number of blockers (509.1c: Gorm the Great, Nacatl War-Pride) and
    restrictions that count the other blockers (509.1b: Orcish Conscripts)."""
    rng = random.Random(seed)
    data = mid_board(seed, declared).model_dump(mode="json", exclude_none=True)
    counting: list[dict[str, Any]] = [{"kind": "must_be_blocked_by", "at_least": 2},
                                      {"kind": "must_be_blocked_by", "at_least": 1, "at_most": 1},
                                      {"kind": "must_be_blocked_by", "at_least": 3}]
    for p in data["permanents"]:
        if p["controller"] == "A" and rng.random() < 0.5:
            p.setdefault("abilities", []).append(rng.choice(counting))
        if p["controller"] == "B" and rng.random() < 0.2:
            p.setdefault("abilities", []).append({"kind": "cant_block_unless_others_block", "n": rng.randint(1, 2)})
    return parse_board(data)


COUNTING_NODES = 20_000
"""The search's node budget on the counting boards: about half a second on a part it can't settle."""


def _counting_parts(board: Board) -> Iterator[tuple[Problem, list[Atom], Declaration]]:
    """The parts of ``board`` beyond ``CONFIRM_ATOMS`` with a counting requirement, as the search is given them."""
    q = question_for(board)
    for p, d in zip(q.problems, q.declarations, strict=True):
        for part in components(p, p.allowed):
            sub = p.restrict(part)
            if len(part) > legality.solve.CONFIRM_ATOMS and any(r.counting for r in sub.requirements):
                yield sub, part, d & frozenset(part)


@contextmanager
def unhurried_explanation() -> Iterator[None]:
    """The explanation of a declaration that breaks a restriction (its maximum) gets the whole time limit rather
    than ``EXPLANATION_SECONDS``: a search spending its node budget on such a part would otherwise leave the
    solver no time, and the maximum unproven."""
    names = vars(legality.editions)
    saved = {k: names[k] for k in ("EXPLANATION_SHARE", "EXPLANATION_SECONDS")}
    names.update(EXPLANATION_SHARE=1.0, EXPLANATION_SECONDS=float("inf"))
    try:
        yield
    finally:
        names.update(saved)


@given(st.integers(0, 10**6), st.sampled_from([0.0, 0.1, 0.3]))
@settings(max_examples=20, deadline=None)
def test_search_and_solver_agree_on_counting_requirements(seed: int, declared: float) -> None:
    """509.1b-c with counting: the branch and bound's bound for "blocked by N or more / exactly one" and the CP-SAT
    model's count literal give the same maximum and verdict on parts too large to enumerate. Parts beyond
    ``CONFIRM_ATOMS`` get the search's node budget (a part it can't settle within it goes to the solver, as in
    use) so a hard example can't hold the suite; the next test shows that most of them are settled by the
    search."""
    board = mid_counting_board(seed, declared)
    with unhurried_explanation():
        by_search = _judged(board, legality.solve.CONFIRM_ATOMS, 64, COUNTING_NODES)
        by_solver = _judged(board, 0, 0, 0)
    assert (by_search.legal, by_search.obeyed, by_search.maximum) == (by_solver.legal, by_solver.obeyed,
                                                                       by_solver.maximum)
    assert by_search.maximum_proven and by_solver.maximum_proven


def test_the_search_settles_most_counting_parts_within_its_budget() -> None:
    """The comparison above is about the search's handling of counting requirements and restrictions: on most of
    the parts of these boards beyond ``CONFIRM_ATOMS`` with a counting requirement it proves the maximum itself
    within ``COUNTING_NODES``, rather than leaving the part to the solver."""
    settled = tried = 0
    for seed in range(10):
        for sub, part, near in _counting_parts(mid_counting_board(seed, 0.1)):
            tried += 1
            settled += best_search(sub, part, near, "in-force", nodes=COUNTING_NODES) is not None
    assert tried >= 6 and settled >= 0.6 * tried


def mid_attack_board(seed: int, conditional: str) -> Board:
    """6-9 attackers, three defending players and a planeswalker: 21-36 atoms, with the conditional
    requirements of attacks (Viashino Bey style "if any creatures attack, it attacks") and caps."""
    rng = random.Random(seed)
    kinds: list[dict[str, Any]] = [{"kind": "attacks_each_combat"}, {"kind": "all_attack_if_this_attacks"},
                                   {"kind": "attacks_if_creature_attacks"}, {"kind": "cant_attack_alone"},
                                   {"kind": "attacks_player_if_able", "player": "C"}, {"kind": "cant_attack",
                                                                                      "defender": "B"}]
    perms: list[dict[str, Any]] = [{"id": "pw", "name": "Planeswalker", "controller": "B", "oracle": "",
                                    "types": ["planeswalker"], "loyalty": 3}]
    ids = [f"a{i}" for i in range(rng.randint(6, 9))]
    for cid in ids:
        perms.append({"id": cid, "name": f"Raider {cid}", "controller": "A", "power": 2, "toughness": 2, "oracle": "",
                      "abilities": [k for k in kinds if rng.random() < 0.2]})
    if rng.random() < 0.5:
        perms.append({"id": "cap", "name": "Crawlspace", "controller": "B", "oracle": "", "types": ["artifact"],
                      "abilities": [{"kind": "max_attackers", "n": rng.randint(1, 3), "defender": "you"}]})
    targets = ["B", "C", "D", "pw"]
    return parse_board({
        "version": 1, "active_player": "A", "rules_options": {"conditional": conditional},
        "players": [{"id": p, "life": 20} for p in "ABCD"], "permanents": perms,
        "attacks": [{"attacker": c, "target": rng.choice(targets)} for c in ids if rng.random() < 0.4]})


@pytest.mark.parametrize("conditional", ["in-force", "implication"])
def test_search_agrees_with_the_solver_on_attacks_under_both_conditional_settings(conditional: str) -> None:
    """508.1d: conditional requirements are scored by the ``conditional`` switch in both, the same way."""
    conditioned = 0
    for seed in range(30):
        board = mid_attack_board(seed, conditional)
        q = question_for(board)
        conditioned += any(r.condition is not None for r in q.problems[0].requirements)
        a = _judged(board, 64, 64, 10**9)
        b = _judged(board, 0, 0, 0)
        assert (a.legal, a.obeyed, a.maximum) == (b.legal, b.obeyed, b.maximum), seed
        if a.better_closest and b.better_closest and a.better is not None:
            declared = {(x.attacker, x.target) for x in board.attacks or ()}
            assert len(declared ^ {(x["attacker"], x["target"]) for x in a.better}) == \
                len(declared ^ {(x["attacker"], x["target"]) for x in b.better or ()})
    assert conditioned >= 5


def _blocking(own: list[dict[str, Any]], attackers: list[str], blockers: list[dict[str, Any]]) -> Board:
    """A two-player board: A's permanents ``own``, of which ``attackers`` attack B; B's ``blockers``; no block
    declared."""
    return parse_board({
        "version": 1, "active_player": "A",
        "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
        "permanents": [*({**p, "controller": "A"} for p in own), *({**p, "controller": "B"} for p in blockers)],
        "attacks": [{"attacker": a, "target": "B"} for a in attackers],
        "blocks": []})


FOUR_BLOCKERS = [{"id": f"b{i}", "name": n}
                 for i, n in enumerate(["Grizzly Bears", "Hill Giant", "Watchdog", "Hurloon Minotaur"])]

def test_a_requirement_in_two_exclusive_sets_is_counted_where_they_compete() -> None:
    """Stalking Tiger ("can't be blocked by more than one creature", 509.1b) wearing Lure ("All creatures able to
    block enchanted creature do so", 509.1c), beside Hill Giant: each of the four blockers' requirement to block the
    Tiger lies both in that blocker's set of blocks (a creature blocks one attacker, 509.1a) and in the Tiger's set of
    blockers (at most one).
    At most one of the four can be obeyed: 509.1c asks for the most requirements obeyed without breaking a
    restriction, and the Tiger's restriction lets only one creature block it. The bound at the root of the search,
    with nothing chosen and every block still open, must say so: counted in the blockers' sets it would say four,
    and the search would have to try every block to learn otherwise."""
    board = _blocking([{"id": "tiger", "name": "Stalking Tiger"}, {"id": "giant", "name": "Hill Giant"},
                       {"id": "lure", "name": "Lure", "attached_to": "tiger"}], ["tiger", "giant"], FOUR_BLOCKERS)
    q = question_for(board)
    assert not q.game.unread
    p = q.problems[0]
    lure = [r for r in p.requirements if "Lure" in r.source]
    assert len(lure) == 4
    s = _Search(p, sorted(p.allowed), "in-force")
    everything = (1 << len(s.order)) - 1
    watchdog = 1  # Watchdog's own "blocks each combat if able" is obeyed by the same block
    assert s.bound(0, everything) == 1 + watchdog
    v = check_declaration(board)
    assert (v.legal, v.maximum, v.maximum_proven) == (False, 1 + watchdog, True)


def test_a_lone_blocker_in_reach_of_a_menace_attacker_is_no_block_the_search_keeps() -> None:
    """Boggart Brute (menace, 702.111b: "can't be blocked except by two or more creatures") wearing Lure (509.1c),
    with one untapped creature to block it (the creatures chosen to block must be untapped, 509.1a): that creature's
    block alone breaks menace, so the Lure requirement can't be obeyed and the maximum is 0.
    Counted among the blockers in reach (one), menace allows no block at all; the search leaves that block out of
    what is still reachable, and its bound at the root is already 0 instead of 1."""
    board = _blocking([{"id": "brute", "name": "Boggart Brute"},
                       {"id": "lure", "name": "Lure", "attached_to": "brute"}], ["brute"],
                      [{"id": "bears", "name": "Grizzly Bears"}, {"id": "giant", "name": "Hill Giant", "tapped": True}])
    q = question_for(board)
    assert not q.game.unread
    p = q.problems[0]
    assert [r.source for r in p.requirements if "Lure" in r.source]
    s = _Search(p, sorted(p.allowed), "in-force")
    assert s.live == 0
    assert s.bound(0, s.live) == 0
    v = check_declaration(board)
    assert (v.legal, v.maximum, v.maximum_proven) == (True, 0, True)


def test_restrictions_on_the_same_blockers_are_met_together() -> None:
    """Gorilla Berserkers ("can't be blocked except by three or more creatures", 509.1b) under Familiar Ground
    ("Each creature you control can't be blocked by more than one creature"), wearing Lure (509.1c): both
    restrictions count the Berserkers' blockers, one allows 0 or 3+, the other at most 1, so together they allow
    no block, and none of the Lure requirements can be obeyed (maximum 0, the declaration with no block legal).
    Each restriction alone allows a block; the search meets the two, leaves every block on the Berserkers out of
    reach and bounds the part at 0 at its root (it used to try the blocks one by one)."""
    board = _blocking([{"id": "gorilla", "name": "Gorilla Berserkers"}, {"id": "ground", "name": "Familiar Ground"},
                       {"id": "lure", "name": "Lure", "attached_to": "gorilla"}], ["gorilla"], FOUR_BLOCKERS)
    q = question_for(board)
    assert not q.game.unread
    p = q.problems[0]
    assert len([r for r in p.requirements if "Lure" in r.source]) == 4
    s = _Search(p, sorted(p.allowed), "in-force")
    gorilla = sum(1 << i for i, (_, attacker) in enumerate(s.order) if attacker == "gorilla")
    assert gorilla and not s.live & gorilla
    assert s.bound(0, s.live) == 0  # Watchdog "blocks each combat if able" too, and the Berserkers are all it could
    v = check_declaration(board)
    assert (v.legal, v.maximum, v.maximum_proven) == (True, 0, True)
