"""The engine against the independent brute force (``tests/bruteforce.py``) on random small boards.

For every edition and both settings of both switches: the verdict on the declared set and on other
declarations of the same board, the maximum, and the whole set of legal declarations agree. Each
test runs on every solver path: tiny parts scanned in Python and small ones in one CP-SAT solve (the
defaults on small boards), every part in one CP-SAT solve, and every part in CP-SAT phases with the
feasibility model first (the default on large boards).
Set HYPOTHESIS_PROFILE=thorough for a long run (thousands of boards).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bruteforce as bf
import legality.solve
from boards import attack_boards, block_boards
from legality import RulesOptions, check_declaration, parse_board
from legality.blocks import defending_players
from legality.options import legal_declarations
from legality.traits import build_game
from models import Board

settings.register_profile("ci", max_examples=250, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("thorough", max_examples=3000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

SETTINGS: list[tuple[str, Any, Any]] = list(
    itertools.product(("current", "2006"), ("in-force", "implication"), ("paid-set", "cost-free")))


SOLVER_PATHS = pytest.mark.parametrize(
    "path", [(legality.solve.EXHAUSTIVE_ATOMS, legality.solve.FEASIBILITY_FIRST_ATOMS), (0, 10**9), (0, 0)],
    ids=["tiny-parts-scanned", "cp-sat-one-solve", "cp-sat-phases"])


@contextmanager
def solver_path(path: tuple[int, int]) -> Iterator[None]:
    saved = legality.solve.EXHAUSTIVE_ATOMS, legality.solve.FEASIBILITY_FIRST_ATOMS
    legality.solve.EXHAUSTIVE_ATOMS, legality.solve.FEASIBILITY_FIRST_ATOMS = path
    try:
        yield
    finally:
        legality.solve.EXHAUSTIVE_ATOMS, legality.solve.FEASIBILITY_FIRST_ATOMS = saved


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
    return {d: bf.block_space(board, d) for d in defending_players(build_game(board))}


def _declared(board: Board, spaces: dict[str, bf.Space]) -> dict[str, frozenset[tuple[str, str]]]:
    if board.blocks is None:
        return {"": frozenset((a.attacker, a.target) for a in board.attacks or ())}
    owner = {p.id: p.controller for p in board.permanents}
    return {d: frozenset((b.blocker, b.attacker) for b in board.blocks or () if owner[b.blocker] == d)
            for d in spaces}


def _agree(board: Board) -> None:
    spaces = _spaces(board)
    decls = _declared(board, spaces)
    for edition, cond, paid in SETTINGS:
        opts = RulesOptions(conditional=cond, paid_costs=paid)
        expected = all(bf.legal(spaces[k], decls[k], edition, cond, paid) for k in spaces)
        verdict = check_declaration(board, rules=edition, options=opts, alternatives=False)
        assert verdict.legal is expected, (
            f"{edition}/{cond}/{paid}: engine {verdict.legal}, brute force {expected}\n"
            f"{board.model_dump_json(exclude_none=True)}\n{verdict.to_text()}")
        if edition == "current" and all(bf.legal(spaces[k], decls[k], "current", cond, "cost-free")
                                        and not spaces[k].costs[decls[k]] for k in spaces):
            assert verdict.maximum == sum(bf.maximum(s, cond) for s in spaces.values())
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
def test_attack_verdicts_agree(path: tuple[int, int], raw: dict[str, Any], data: st.DataObject) -> None:
    board = parse_board(raw)
    with solver_path(path):
        _agree(board)
        _others(data, board, "attacks")


@SOLVER_PATHS
@given(block_boards(), st.data())
def test_block_verdicts_agree(path: tuple[int, int], raw: dict[str, Any], data: st.DataObject) -> None:
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
        expected = set()
        parts = [[d for d in s.decls if bf.legal(s, d, edition, cond, paid)] for s in spaces.values()]
        for combo in itertools.product(*parts):
            expected.add(frozenset().union(*combo))
        listing = legal_declarations(board, edition, opts, limit=10_000)
        got = {frozenset((a["blocker"], a["attacker"]) if "blocker" in a else (a["attacker"], a["target"])
                         for a in d) for d in listing.declarations}
        assert listing.complete
        assert listing.count == len(expected), f"{edition}/{cond}/{paid}: {listing.count} != {len(expected)}"
        assert got == expected, f"{edition}/{cond}/{paid}\n{board.model_dump_json(exclude_none=True)}"


@SOLVER_PATHS
@given(attack_boards())
@settings(max_examples=int(os.environ.get("OPTIONS_EXAMPLES", "80")))
def test_attack_legal_sets_agree(path: tuple[int, int], raw: dict[str, Any]) -> None:
    board = parse_board(raw)
    with solver_path(path):
        _legal_sets_agree(board.model_copy(update={"attacks": None}), "attacks")


@SOLVER_PATHS
@given(block_boards())
@settings(max_examples=int(os.environ.get("OPTIONS_EXAMPLES", "80")))
def test_block_legal_sets_agree(path: tuple[int, int], raw: dict[str, Any]) -> None:
    board = parse_board(raw)
    with solver_path(path):
        _legal_sets_agree(board, "blocks")
