"""The engine against the independent brute force (``tests/bruteforce.py``) on random small boards.

For every edition and both settings of both switches: the verdict on the declared set and on other
declarations of the same board, the maximum, and the whole set of legal declarations agree. Each
test runs on every solver path: tiny parts scanned in Python and the others settled by the branch and
bound (the defaults on small boards), every part by the branch and bound, every part in one CP-SAT solve,
and every part in CP-SAT phases with the feasibility model first (the default on large boards).
Set HYPOTHESIS_PROFILE=thorough for a long run (thousands of boards).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bruteforce as bf
import legality.solve
from boards import attack_boards, block_boards, counting_attack_boards, counting_block_boards, dense_block_boards
from legality import RulesOptions, check_declaration, parse_board
from legality.options import legal_declarations
from models import Board

settings.register_profile("ci", max_examples=250, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("thorough", max_examples=3000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

SETTINGS: list[tuple[str, Any, Any]] = list(
    itertools.product(("current", "2006"), ("in-force", "implication"), ("paid-set", "cost-free")))


SolverPath = tuple[int, int, int, int]
"""(EXHAUSTIVE_ATOMS, FEASIBILITY_FIRST_ATOMS, CONFIRM_ATOMS, SEARCH_ATOMS) of ``legality.solve``."""
DEFAULTS: SolverPath = (legality.solve.EXHAUSTIVE_ATOMS, legality.solve.FEASIBILITY_FIRST_ATOMS,
                  legality.solve.CONFIRM_ATOMS, legality.solve.SEARCH_ATOMS)
SOLVER_PATHS = pytest.mark.parametrize(
    "path", [DEFAULTS, (0, 10**9, DEFAULTS[2], DEFAULTS[3]), (0, 10**9, 0, 0), (0, 0, 0, 0)],
    ids=["tiny-parts-scanned", "branch-and-bound", "cp-sat-one-solve", "cp-sat-phases"])


@contextmanager
def solver_path(path: SolverPath) -> Iterator[None]:
    s = legality.solve
    saved = s.EXHAUSTIVE_ATOMS, s.FEASIBILITY_FIRST_ATOMS, s.CONFIRM_ATOMS, s.SEARCH_ATOMS
    s.EXHAUSTIVE_ATOMS, s.FEASIBILITY_FIRST_ATOMS, s.CONFIRM_ATOMS, s.SEARCH_ATOMS = path
    try:
        yield
    finally:
        s.EXHAUSTIVE_ATOMS, s.FEASIBILITY_FIRST_ATOMS, s.CONFIRM_ATOMS, s.SEARCH_ATOMS = saved


def _with(board: Board, key: str, decl: frozenset[tuple[str, str]]) -> Board:
    data = board.model_dump(mode="json", exclude_none=True)
    if key == "attacks":
        data["attacks"] = [{"attacker": c, "target": t} for c, t in sorted(decl)]
    else:
        data["blocks"] = [{"blocker": b, "attacker": a} for b, a in sorted(decl)]
    return parse_board(data)


def _spaces(board: Board) -> dict[str, bf.Space]:
    if board.blocks is None:
        return {"": bf.attack_space(board)}
    return {d: bf.block_space(board, d) for d in bf.sides(board)}


def _declared(board: Board, spaces: dict[str, bf.Space]) -> dict[str, frozenset[tuple[str, str]]]:
    if board.blocks is None:
        return {"": frozenset((a.attacker, a.target) for a in board.attacks or ())}
    owner = {p.id: bf.side_of(board, p.controller) for p in board.permanents}
    return {d: frozenset((b.blocker, b.attacker) for b in board.blocks or () if owner[b.blocker] == d)
            for d in spaces}


def _owner(board: Board, spaces: dict[str, bf.Space]) -> dict[str, str]:
    """Which space each actor's atoms belong to (its controller's side, for blocks: the player, or their team)."""
    if board.blocks is None:
        return {p.id: "" for p in board.permanents}
    return {p.id: bf.side_of(board, p.controller) for p in board.permanents}


def _agree(board: Board) -> None:
    """Legality, ``obeyed``, ``maximum`` and the score of ``better`` all equal the brute force's."""
    spaces = _spaces(board)
    decls = _declared(board, spaces)
    owner = _owner(board, spaces)
    valid = all(bf.is_valid(spaces[k], decls[k]) for k in spaces)
    for edition, cond, paid in SETTINGS:
        opts = RulesOptions(conditional=cond, paid_costs=paid)
        expected = all(bf.legal(spaces[k], decls[k], edition, cond, paid) for k in spaces)
        verdict = check_declaration(board, rules=edition, options=opts, alternatives=False)
        why = f"{edition}/{cond}/{paid}\n{board.model_dump_json(exclude_none=True)}\n{verdict.to_text()}"
        assert verdict.legal is expected, f"engine {verdict.legal}, brute force {expected}: {why}"
        assert verdict.obeyed == sum(bf.score(spaces[k], decls[k], cond) for k in spaces), why
        if not valid:
            continue
        # 508.1d/509.1c: the maximum a valid declaration is compared with (rules-digest §7.2, §7.4).
        most = sum(bf.best_for(spaces[k], decls[k], edition, cond, paid) for k in spaces)
        assert verdict.maximum_proven and verdict.maximum == most, f"maximum {verdict.maximum} != {most}: {why}"
        if verdict.better is not None:
            atoms = {(b["blocker"], b["attacker"]) if "blocker" in b else (b["attacker"], b["target"])
                     for b in verdict.better}
            got = 0
            for k, space in spaces.items():
                part = frozenset(a for a in atoms if owner[a[0]] == k)
                rivals = bf.rivals(space, decls[k], edition, cond, paid)
                assert bf.is_valid(space, part) and (part in rivals or part == decls[k]), why
                got += bf.score(space, part, cond)
            assert got == most, f"better obeys {got}, maximum {most}: {why}"
    assert (check_declaration(board, rules="m10", alternatives=False).legal
            is check_declaration(board, rules="current", alternatives=False).legal)


def _others(data: st.DataObject, board: Board, key: str) -> None:
    """A few more declarations of the same board, drawn from the brute force's full list."""
    spaces = _spaces(board)
    for _ in range(3):
        decl: frozenset[tuple[str, str]] = frozenset()
        for space in spaces.values():
            decl |= data.draw(st.sampled_from(space.decls))
        _agree(_with(board, key, decl))


@SOLVER_PATHS
@given(attack_boards(), st.data())
def test_attack_verdicts_agree(path: SolverPath, raw: dict[str, Any], data: st.DataObject) -> None:
    board = parse_board(raw)
    with solver_path(path):
        _agree(board)
        _others(data, board, "attacks")


@SOLVER_PATHS
@given(block_boards(), st.data())
def test_block_verdicts_agree(path: SolverPath, raw: dict[str, Any], data: st.DataObject) -> None:
    board = parse_board(raw)
    with solver_path(path):
        _agree(board)
        _others(data, board, "blocks")


@SOLVER_PATHS
@given(dense_block_boards(), st.data())
@settings(max_examples=int(os.environ.get("DENSE_EXAMPLES", "60")))
def test_dense_block_verdicts_agree(path: SolverPath, raw: dict[str, Any], data: st.DataObject) -> None:
    """Dense boards, where CP-SAT 9.15's presolve proved a wrong optimum (fixtures/rules/presolve-wrong-optimum)."""
    board = parse_board(raw)
    with solver_path(path):
        _agree(board)
        _others(data, board, "blocks")


COUNTING_EXAMPLES = int(os.environ.get("COUNTING_EXAMPLES", "120"))


@SOLVER_PATHS
@given(counting_attack_boards(), st.data())
@settings(max_examples=COUNTING_EXAMPLES)
def test_counting_attack_verdicts_agree(path: SolverPath, raw: dict[str, Any], data: st.DataObject) -> None:
    """508.1c: restrictions that count the other attackers (Orcish Conscripts, Okk), with requirements."""
    board = parse_board(raw)
    with solver_path(path):
        _agree(board)
        _others(data, board, "attacks")


@SOLVER_PATHS
@given(counting_block_boards(), st.data())
@settings(max_examples=COUNTING_EXAMPLES)
def test_counting_block_verdicts_agree(path: SolverPath, raw: dict[str, Any], data: st.DataObject) -> None:
    """509.1b-c: restrictions that count the other blockers, and requirements obeyed by a number of blockers
    (Gorm the Great, Nacatl War-Pride, Slayer's Cleaver)."""
    board = parse_board(raw)
    with solver_path(path):
        _agree(board)
        _others(data, board, "blocks")


def _legal_sets_agree(board: Board, key: str) -> None:
    spaces = _spaces(board)
    total = 1
    for s in spaces.values():
        total *= len(s.decls)
    if total > 400:
        return
    for edition, cond, paid in SETTINGS:
        opts = RulesOptions(conditional=cond, paid_costs=paid)
        expected: set[tuple[frozenset[tuple[str, str]], frozenset[frozenset[str]]]] = set()
        parts = [[d for d in s.decls if bf.legal(s, d, edition, cond, paid)] for s in spaces.values()]
        for combo in itertools.product(*parts):
            decl: frozenset[tuple[str, str]] = frozenset().union(*combo)
            for bands in (bf.band_announcements(board, decl) if key == "attacks" else [frozenset()]):
                expected.add((decl, bands))
        listing = legal_declarations(board, edition, opts, limit=10_000)
        got = set()
        for d in listing.declarations:
            atoms = frozenset((a["blocker"], a["attacker"]) if "blocker" in a else (a["attacker"], a["target"])
                              for a in d)
            members: dict[str, set[str]] = {}
            for a in d:
                if "band" in a:
                    members.setdefault(a["band"], set()).add(a["attacker"])
            got.add((atoms, frozenset(frozenset(m) for m in members.values())))
        assert listing.complete
        assert listing.count == len(expected), f"{edition}/{cond}/{paid}: {listing.count} != {len(expected)}"
        assert len(listing.declarations) == listing.count
        assert got == expected, f"{edition}/{cond}/{paid}\n{board.model_dump_json(exclude_none=True)}"


@SOLVER_PATHS
@given(attack_boards())
@settings(max_examples=int(os.environ.get("OPTIONS_EXAMPLES", "80")))
def test_attack_legal_sets_agree(path: SolverPath, raw: dict[str, Any]) -> None:
    board = parse_board(raw)
    with solver_path(path):
        _legal_sets_agree(board.model_copy(update={"attacks": None}), "attacks")


@SOLVER_PATHS
@given(block_boards())
@settings(max_examples=int(os.environ.get("OPTIONS_EXAMPLES", "80")))
def test_block_legal_sets_agree(path: SolverPath, raw: dict[str, Any]) -> None:
    board = parse_board(raw)
    with solver_path(path):
        _legal_sets_agree(board, "blocks")


@SOLVER_PATHS
@given(st.one_of(counting_attack_boards(), counting_block_boards()))
@settings(max_examples=int(os.environ.get("OPTIONS_EXAMPLES", "80")))
def test_counting_legal_sets_agree(path: SolverPath, raw: dict[str, Any]) -> None:
    """Every legal declaration, counted, where restrictions and requirements count attackers or blockers."""
    board = parse_board(raw)
    with solver_path(path):
        if board.blocks is None:
            _legal_sets_agree(board.model_copy(update={"attacks": None}), "attacks")
        else:
            _legal_sets_agree(board, "blocks")


# ------------------------------------------------------------------- the solver's answers are checked

PRESOLVE_BOARD = Path(__file__).resolve().parent.parent / "fixtures/rules/presolve-wrong-optimum.json"


def test_presolve_fixture_maximum_is_the_brute_force_maximum() -> None:
    """The regression board of the CP-SAT 9.15 wrong optimum: 509.1c maximum 7 (2006: 6), by enumeration."""
    board = parse_board(PRESOLVE_BOARD.read_text())
    space = bf.block_space(board, "B")
    want = (board.meta or {})["expect_maximum"]
    for edition, most in want.items():
        assert bf.best_for(space, frozenset(), edition, "in-force", "paid-set") == most
        verdict = check_declaration(board, rules=edition, alternatives=False)
        assert verdict.legal is False and verdict.maximum == most and verdict.maximum_proven, verdict.to_text()


def test_a_wrong_proof_from_the_solver_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A part small enough to search has its 'proven' maximum confirmed in Python: a solver that claims
    the empty declaration optimal is overruled, and the better declaration is a real one."""
    monkeypatch.setattr(legality.solve, "EXHAUSTIVE_ATOMS", 0)
    monkeypatch.setattr(legality.solve, "best_near", lambda *a, **k: legality.solve.Best("optimal", 0, frozenset()))
    board = parse_board(PRESOLVE_BOARD.read_text())
    verdict = check_declaration(board, alternatives=False)
    assert verdict.maximum == 7 and verdict.better is not None
    fixed = _with(board, "blocks", frozenset((b["blocker"], b["attacker"]) for b in verdict.better))
    again = check_declaration(fixed, alternatives=False)
    assert again.legal is True and again.obeyed == 7


def test_a_witness_that_breaks_a_restriction_is_never_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """Witnesses are re-checked in plain Python: a model that lost its restrictions (here, on purpose)
    yields no 'better' declaration breaking 702.111b or 509.1b; the verdict is undecided instead."""
    import legality.encoding

    monkeypatch.setattr(legality.solve, "EXHAUSTIVE_ATOMS", 0)
    monkeypatch.setattr(legality.solve, "CONFIRM_ATOMS", 0)
    monkeypatch.setattr(legality.solve, "SEARCH_ATOMS", 0)
    monkeypatch.setattr(legality.encoding, "add_restrictions", lambda enc, problem: None)
    verdict = check_declaration(parse_board(PRESOLVE_BOARD.read_text()), alternatives=False)
    assert verdict.legal is None and verdict.better is None


@given(dense_block_boards(), st.data())
@settings(max_examples=int(os.environ.get("DENSE_EXAMPLES", "60")))
def test_maximum_is_the_same_for_every_declaration_of_a_board(raw: dict[str, Any], data: st.DataObject) -> None:
    """509.1c compares every declaration with one maximum (no costs here): for random declarations of
    one board, each reported maximum is the same, equals the largest ``obeyed`` of any legal one, and
    each ``better`` is legal and obeys that maximum. No brute force: larger parts than it could scan."""
    board = parse_board(raw)
    pairs = [(p.id, a.attacker) for p in board.permanents if p.controller == "B" for a in board.attacks or ()]
    maxima: set[int] = set()
    legal_obeyed: set[int] = set()
    for _ in range(6):
        decl = frozenset(data.draw(st.sets(st.sampled_from(pairs))))
        verdict = check_declaration(_with(board, "blocks", decl), alternatives=False)
        assert verdict.maximum is not None and verdict.maximum_proven and verdict.obeyed is not None
        if not verdict.violations:
            maxima.add(verdict.maximum)
        if verdict.legal:
            legal_obeyed.add(verdict.obeyed)
        if verdict.better is not None:
            better = frozenset((b["blocker"], b["attacker"]) for b in verdict.better)
            again = check_declaration(_with(board, "blocks", better), alternatives=False)
            assert again.legal is True and again.obeyed == verdict.maximum, again.to_text()
            legal_obeyed.add(again.obeyed)
            maxima.add(again.maximum or 0)
    assert len(maxima | legal_obeyed) <= 1, (maxima, legal_obeyed, board.model_dump_json(exclude_none=True))
