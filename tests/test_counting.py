"""Restrictions that count the other attackers or blockers (508.1c, 509.1b) and requirements obeyed by a number of
blockers (509.1c): their problems, their model, the search's bound and rule 500.5's neighbourhood, piece by piece.

The whole verdicts are compared with the brute force in ``test_differential`` (``counting_*_boards``); here each
piece is checked against its own definition, so that a failure says which piece is wrong.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from legality import parse_board
from legality.check import question_for
from legality.editions import neighbourhood
from legality.encoding import encode
from legality.evaluate import broken_restrictions, fulfillable, fulfilled, score
from legality.rules import INFINITY, Atom, Problem, Requirement
from legality.solve import _Search, best_search
from legality.text.read import read

SIMPLE = {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}]}


def creature(cid: str, ctl: str, power: int = 2, **extra: Any) -> dict[str, Any]:
    return {"id": cid, "name": f"Creature {cid}", "controller": ctl, "power": power, "toughness": 2, "oracle": "",
            **extra}


def problem(perms: list[dict[str, Any]], attacks: list[str] | None = None) -> Problem:
    """The one problem of a board: the attack if ``attacks`` is None, else the blocks against those attackers."""
    board: dict[str, Any] = {**SIMPLE, "permanents": perms}
    if attacks is None:
        board["attacks"] = []
    else:
        board["attacks"] = [{"attacker": a, "target": "B"} for a in attacks]
        board["blocks"] = []
    return question_for(parse_board(board)).problems[0]


# ------------------------------------------------------------------------------------------- the problems


def test_orcish_conscripts_needs_two_other_attackers() -> None:
    """508.1c: "can't attack unless at least two other creatures attack": a count of the others, [2, inf)."""
    p = problem([creature("c", "A", abilities=[{"kind": "cant_attack_unless_others_attack", "n": 2}]),
                 creature("x", "A"), creature("y", "A")])
    (r,) = [r for r in p.restrictions if r.trigger]
    assert r.rule == "508.1c" and r.domain == ((2, INFINITY),) and len(r.groups) == 2
    assert broken_restrictions(p, frozenset({("c", "B"), ("x", "B")}))
    assert not broken_restrictions(p, frozenset({("c", "B"), ("x", "B"), ("y", "B")}))
    assert not broken_restrictions(p, frozenset({("x", "B")}))  # the others may attack without it


def test_okk_counts_only_creatures_with_greater_power() -> None:
    """508.1c, 509.1b: "a creature with greater power": greater than Okk's own, so an equal power doesn't count."""
    okk = [{"kind": "cant_block_unless_others_block", "quality": {"power_vs_source": "greater"}}]
    p = problem([creature("a", "A"), creature("okk", "B", 4, abilities=okk), creature("four", "B", 4),
                 creature("five", "B", 5)], ["a"])
    (r,) = [r for r in p.restrictions if r.trigger]
    assert r.rule == "509.1b" and [sorted(g) for g in r.groups] == [[("five", "a")]]
    assert broken_restrictions(p, frozenset({("okk", "a"), ("four", "a")}))
    assert not broken_restrictions(p, frozenset({("okk", "a"), ("five", "a")}))


def test_gorm_has_two_requirements_one_of_them_counting() -> None:
    """509.1c, Gorm the Great's rulings: "must be blocked" (one blocker) and "blocked by two or more" (two)."""
    p = problem([creature("gorm", "A", abilities=[{"kind": "must_be_blocked"},
                                                  {"kind": "must_be_blocked_by", "at_least": 2}]),
                 creature("y1", "B"), creature("y2", "B")], ["gorm"])
    plain, counting = p.requirements
    assert not plain.counting and counting.counting and counting.domain == ((2, INFINITY),)
    one, two = frozenset({("y1", "gorm")}), frozenset({("y1", "gorm"), ("y2", "gorm")})
    assert [score(p, d, "in-force") for d in (frozenset(), one, two)] == [0, 1, 2]


def test_slayers_cleaver_is_obeyed_by_an_eldrazi_only() -> None:
    """509.1c: "must be blocked by an Eldrazi": one requirement, obeyed by an Eldrazi's block and no other."""
    p = problem([creature("bear", "A", abilities=[{"kind": "must_be_blocked_by",
                                                   "quality": {"subtypes": ["Eldrazi"]}}]),
                 creature("crusher", "B", subtypes=["Eldrazi"]), creature("elves", "B", subtypes=["Elf"])], ["bear"])
    (q,) = p.requirements
    assert not q.counting and q.fulfils == {("crusher", "bear")}


def test_a_requirement_obeyed_by_no_blocker_is_refused() -> None:
    """A requirement is never obeyed by doing nothing, and a counting one takes part only through its groups."""
    g = frozenset({("b", "a")})
    with pytest.raises(ValueError, match="count of 0"):
        Requirement("509.1c", "t", "s", "a", g, groups=(g,), domain=((0, 1),))
    with pytest.raises(ValueError, match="union"):
        Requirement("509.1c", "t", "s", "a", frozenset(), groups=(g,), domain=((1, 1),))


def test_nacatl_war_pride_is_obeyed_by_exactly_one_blocker() -> None:
    q = Requirement("509.1c", "t", "s", "a", frozenset({("b", "a"), ("c", "a")}),
                    groups=(frozenset({("b", "a")}), frozenset({("c", "a")})), domain=((1, 1),))
    assert [fulfilled(q, d) for d in (set(), {("b", "a")}, {("b", "a"), ("c", "a")})] == [False, True, False]
    assert fulfillable(q, {("b", "a"), ("c", "a")}) and not fulfillable(q, set())


# ------------------------------------------------------------------------------------------- the reader


@pytest.mark.parametrize(("text", "why"), [
    ("This creature can't attack unless at least two creatures attack.", "may count the creature itself"),
])
def test_what_the_reader_does_not_guess(text: str, why: str) -> None:
    (r,) = read(text, "Some Orc")
    assert r.status == "not understood" and why in r.note


# ------------------------------------------------------------------------------------------- the model


def _groups(draw: st.DrawFn) -> tuple[list[Atom], tuple[frozenset[Atom], ...]]:
    atoms = [(f"b{i}", "a") for i in range(draw(st.integers(1, 4)))]
    return atoms, tuple(frozenset({a}) for a in atoms)


@st.composite
def counting_requirements(draw: st.DrawFn) -> tuple[list[Atom], Requirement]:
    atoms, groups = _groups(draw)
    lo = draw(st.integers(1, 3))
    hi = draw(st.sampled_from([lo, lo + 1, INFINITY]))
    return atoms, Requirement("509.1c", "t", "s", "a", frozenset(atoms), groups=groups, domain=((lo, hi),))


@given(counting_requirements(), st.sets(st.integers(0, 3)))
@settings(max_examples=60, deadline=None)
def test_the_indicator_is_true_exactly_when_the_count_obeys(req: tuple[list[Atom], Requirement],
                                                           fixed: set[int]) -> None:
    """The requirement's literal in the CP-SAT model equals ``fulfilled`` on every declaration (enumerated), with
    some atoms left out of the model (fixed to 0, as outside a part or the 500.5 neighbourhood)."""
    atoms, q = req
    kept = [a for i, a in enumerate(atoms) if i not in fixed]
    p = Problem("block", "B", tuple(atoms), {}, (), (q,), ())
    enc = encode(p, kept, "in-force")
    (_, lit), = enc.indicators
    seen: list[bool] = []

    class Check(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            decl = frozenset(a for a, v in enc.x.items() if self.boolean_value(v))
            value = lit if isinstance(lit, bool) else self.boolean_value(lit)
            seen.append(value == fulfilled(q, decl))

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    solver.solve(enc.model, Check())
    assert len(seen) == 2 ** len(kept) and all(seen)


# ------------------------------------------------------------------------------------------- the search's bound


@given(counting_requirements(), st.data())
@settings(max_examples=80, deadline=None)
def test_the_search_bound_holds_for_counting_requirements(req: tuple[list[Atom], Requirement],
                                                          data: st.DataObject) -> None:
    """``_Search.bound(chosen, avail)`` is at least the score of every declaration between them, and exact when
    nothing more can be chosen: the branch and bound never prunes the best declaration away."""
    atoms, q = req
    p = Problem("block", "B", tuple(atoms), {}, (), (q,), ())
    search = _Search(p, atoms, data.draw(st.sampled_from(["in-force", "implication"])))
    for chosen_bits in itertools.product((0, 1), repeat=len(atoms)):
        chosen = frozenset(a for a, b in zip(atoms, chosen_bits, strict=True) if b)
        rest = [a for a in atoms if a not in chosen]
        extra = frozenset(data.draw(st.sets(st.sampled_from(rest))) if rest else ())
        avail = chosen | extra
        bound = search.bound(search.mask(chosen), search.mask(avail))
        between = [chosen | frozenset(s) for r in range(len(extra) + 1) for s in itertools.combinations(extra, r)]
        assert bound >= max(score(p, d, "in-force") for d in between)
        assert search.bound(search.mask(chosen), search.mask(chosen)) == score(p, chosen, "in-force")


def test_the_search_finds_two_blockers_that_no_single_move_finds() -> None:
    """"Blocked by two or more" alone: adding one blocker obeys nothing, so moves stop; the branch and bound still
    finds the two blockers (its bound counts the requirement while two groups remain reachable)."""
    p = problem([creature("x", "A", abilities=[{"kind": "must_be_blocked_by", "at_least": 2}]),
                 creature("y1", "B"), creature("y2", "B"), creature("y3", "B")], ["x"])
    found = best_search(p, p.allowed, frozenset(), "in-force")
    assert found is not None and found.maximum == 1 and found.witness is not None and len(found.witness) == 2


# ------------------------------------------------------------------------------------------- rule 500.5 (2006)


def test_the_2006_neighbourhood_holds_every_block_a_counting_requirement_counts() -> None:
    """500.5: "options for any creature(s) that will satisfy a requirement": each Grizzly Bears' block of Gorm
    takes part in obeying "blocked by two or more", so each is in the neighbourhood of not blocking; a block by a
    creature the requirement doesn't count (not an Eldrazi, for Slayer's Cleaver) is not."""
    p = problem([creature("gorm", "A", abilities=[{"kind": "must_be_blocked_by", "at_least": 2}]),
                 creature("cleaved", "A", abilities=[{"kind": "must_be_blocked_by",
                                                      "quality": {"subtypes": ["Eldrazi"]}}]),
                 creature("y1", "B"), creature("y2", "B", subtypes=["Eldrazi"])], ["gorm", "cleaved"])
    near = set(neighbourhood(p, frozenset(), list(p.allowed)))
    assert near == {("y1", "gorm"), ("y2", "gorm"), ("y2", "cleaved")}
