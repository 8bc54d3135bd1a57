"""``legality.solve.improve``: moves in Python that find a better declaration on large parts before any solve.

It may only ever answer with a declaration that breaks no restriction and obeys more (checked here by the
plain-Python evaluator and the brute force on small boards); on large boards it decides "illegal" at once,
and the verdict says the maximum is only a lower bound.
"""

from __future__ import annotations

import os
import time
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import bruteforce as bf
from boards import block_boards, counting_block_boards, dense_block_boards, large_block_board
from legality import check_declaration, parse_board
from legality.check import question_for
from legality.editions import allowed_atoms
from legality.evaluate import broken_restrictions, incurred, score, violations
from legality.solve import improve


@given(st.one_of(block_boards(), dense_block_boards(), counting_block_boards()),
       st.sampled_from(["in-force", "implication"]), st.booleans(), st.booleans())
@settings(max_examples=int(os.environ.get("IMPROVE_EXAMPLES", "150")), deadline=None)
def test_a_move_found_is_legal_and_obeys_more(raw: dict[str, Any], conditional: str, climb: bool,
                                              empty: bool) -> None:
    """Whatever it returns breaks no restriction (509.1b-c) and obeys more requirements than the declaration
    (both by the brute force's own definitions), and never more than the maximum."""
    if empty:
        raw = {**raw, "blocks": []}
    board = parse_board(raw)
    q = question_for(board)
    for p, d in zip(q.problems, q.declarations, strict=True):
        if violations(p, d):
            continue
        atoms = allowed_atoms(p, incurred(p, d))  # as judged: "paid-set", costs already paid are free
        found = improve(p, atoms, d, conditional, climb)
        space = bf.block_space(board, p.defending_player or "")
        best = bf.best_for(space, d, "current", conditional, "paid-set")
        if found is None:
            continue
        assert found <= frozenset(atoms)
        assert bf.is_valid(space, found)
        assert bf.score(space, found, conditional) > bf.score(space, d, conditional)
        assert bf.score(space, found, conditional) <= best


def _large(seed: int, blocks: bool) -> Any:
    data = large_block_board(seed, 100, 150, ["B"])
    if not blocks:
        data["blocks"] = []
    return parse_board(data)


def test_a_large_empty_declaration_is_illegal_at_once_with_a_lower_bound() -> None:
    """100 x 150, no blocker declared, requirements everywhere (509.1c): illegal, the maximum "at least N"
    (not proven), the better declaration legal as far as restrictions go and obeying N; and rule 500.5's
    neighbourhood (2006) decides the same without a solve, because the better move lies in it."""
    for seed in range(2):
        board = _large(seed, blocks=False)
        t = time.perf_counter()
        v = check_declaration(board)
        took = time.perf_counter() - t
        assert v.legal is False and v.maximum is not None and v.maximum > 0
        assert v.alternatives.get("rules=2006") is False, v.alternatives
        assert v.better is not None
        q = question_for(board)
        better = frozenset((b["blocker"], b["attacker"]) for b in v.better)
        assert not broken_restrictions(q.problems[0], better)
        assert score(q.problems[0], better, "in-force") == v.maximum
        assert took < 10  # far below the default time limit; the figure itself is the benchmark's


def test_a_large_declaration_breaking_restrictions_still_gets_a_better_one() -> None:
    """A declaration that breaks 509.1b restrictions is illegal with no solve; the explanation climbs from the
    empty declaration, so ``better`` is a real declaration obeying the "at least" maximum."""
    board = _large(0, blocks=True)
    v = check_declaration(board, alternatives=False)
    assert v.legal is False and v.violations and not v.maximum_proven
    assert v.maximum is not None and v.maximum > 0 and v.better is not None
    better = frozenset((b["blocker"], b["attacker"]) for b in v.better)
    assert not broken_restrictions(question_for(board).problems[0], better)


@given(st.one_of(block_boards(), dense_block_boards(), counting_block_boards()), st.booleans())
@settings(max_examples=int(os.environ.get("IMPROVE_EXAMPLES", "150")), deadline=None)
def test_legality_alone_stops_at_a_move_and_agrees_with_the_brute_force(raw: dict[str, Any], empty: bool) -> None:
    """``explain="none"`` (only legality) may stop at the first better declaration a move finds: the verdict
    is the brute force's (509.1c against the global maximum) and the full explanation's."""
    if empty:
        raw = {**raw, "blocks": []}
    board = parse_board(raw)
    quick = check_declaration(board, alternatives=False, explain="none")
    full = check_declaration(board, alternatives=False)
    legal = True
    for p in question_for(board).problems:
        space = bf.block_space(board, p.defending_player or "")
        declared = frozenset((b.blocker, b.attacker) for b in board.blocks or ()
                             if (b.blocker, b.attacker) in frozenset(p.atoms))
        legal &= bf.legal(space, declared, "current", "in-force", "paid-set")
    assert quick.legal is full.legal
    if quick.legal is not None and not question_for(board).structural:
        assert quick.legal is legal


@given(block_boards(), st.sampled_from(["full", "verdict", "none"]))
@settings(max_examples=int(os.environ.get("IMPROVE_EXAMPLES", "150")), deadline=None)
def test_a_better_declaration_at_any_level_is_valid_and_obeys_more(raw: dict[str, Any], level: str) -> None:
    """``better``, at every explanation level, breaks no restriction of any defending player (509.1a-b) and, for a
    declaration breaking none, obeys more requirements (509.1c), by the brute force's own definitions; when one player's
    declaration breaks a restriction and no better one is known for it, there is no ``better`` at all (the
    declaration's own atoms there would break it again)."""
    board = parse_board(raw)
    v = check_declaration(board, alternatives=False, explain=level)  # type: ignore[arg-type]
    if v.better is None:
        return
    better = frozenset((b["blocker"], b["attacker"]) for b in v.better)
    cond = board.rules_options.conditional
    gain = 0
    q = question_for(board)
    for p, declared in zip(q.problems, q.declarations, strict=True):
        space = bf.block_space(board, p.defending_player or "")
        mine = better & frozenset(p.atoms)
        assert bf.is_valid(space, mine), (p.defending_player, sorted(mine))
        gain += bf.score(space, mine, cond) - bf.score(space, declared, cond)
    if not v.violations:  # else any valid declaration is better, however many requirements it obeys
        assert gain > 0
