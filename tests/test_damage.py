"""Combat damage: an independent brute force on random boards, ``--maximize``, and the ``damage`` command.

The brute force enumerates every division of every creature's damage among what it may damage and
judges it from the rules' text, not from ``legality.damage``: 510.1a (all of its power), 510.1c-d
(free division now and in 2006; lethal-first in damage assignment order under m10; a blocked
creature with no blocker left in combat assigns no damage, 506.4, 509.1h), 702.19b (trample:
lethal to every blocker first, counting damage already marked and other creatures' assignments in
the same step), 702.19d (trample with no blocker left: all to the player), 702.2c (any deathtouch
damage is lethal) from Magic 2010 on only: 702.2c came with the M10 rules (CR 2009-07-11), and the
2006 rules (CR 2003-07-01 to 2007-02-01) had no deathtouch at all, so under ``2006`` lethal damage
is toughness minus damage already marked (2006 502.9b, trample), whatever the source.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from cli import main
from legality import parse_board, resolve_damage

ROOT = Path(__file__).resolve().parent.parent


def splits(amount: int, slots: int) -> list[tuple[int, ...]]:
    """Every way to divide ``amount`` among ``slots`` (non-negative, summing to it)."""
    if slots == 0:
        return [()] if amount == 0 else []
    return [c for c in itertools.product(range(amount + 1), repeat=slots) if sum(c) == amount]


@st.composite
def damage_boards(draw: st.DrawFn) -> dict[str, Any]:
    """One or two attackers, up to three blockers (one may block both), marked damage, keywords."""
    na = draw(st.integers(1, 2))
    perms: list[dict[str, Any]] = []
    for i in range(na):
        kws = [k for k in ("trample", "deathtouch") if draw(st.integers(0, 99)) < 40]
        perms.append({"id": f"a{i}", "name": f"A{i}", "controller": "A", "power": draw(st.integers(0, 4)),
                      "toughness": draw(st.integers(1, 4)), "keywords": kws})
    blocks = []
    for j in range(draw(st.integers(0, 3))):
        kws = ["deathtouch"] if draw(st.integers(0, 99)) < 20 else []
        perms.append({"id": f"b{j}", "name": f"B{j}", "controller": "B", "power": draw(st.integers(0, 3)),
                      "toughness": draw(st.integers(1, 3)), "damage": draw(st.integers(0, 1)), "keywords": kws,
                      "abilities": [{"kind": "block_additional", "n": 1}],
                      "removed_from_combat": draw(st.integers(0, 99)) < 15})
        targets = draw(st.lists(st.sampled_from([f"a{i}" for i in range(na)]), min_size=1, max_size=na, unique=True))
        blocks += [{"blocker": f"b{j}", "attacker": a} for a in targets]
    for p in perms:
        if p["damage" if "damage" in p else "id"] and p.get("damage", 0) >= p["toughness"]:
            p["damage"] = p["toughness"] - 1
    return {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
            "permanents": perms, "attacks": [{"attacker": f"a{i}", "target": "B"} for i in range(na)],
            "blocks": blocks, "damage": []}


def removed(board: dict[str, Any], pid: str) -> bool:
    return bool(next(p.get("removed_from_combat") for p in board["permanents"] if p["id"] == pid))


def recipients(board: dict[str, Any], src: str) -> list[str]:
    """What ``src`` may damage, in order: its blockers still in combat (block order) and, with trample,
    the player. Blocked with no blocker left: nothing (510.1c), or with trample the player (702.19d)."""
    if src.startswith("a"):
        declared = [b["blocker"] for b in board["blocks"] if b["attacker"] == src]
        if not declared:
            return ["B"]
        mine = [b for b in declared if not removed(board, b)]
        keywords = next(p["keywords"] for p in board["permanents"] if p["id"] == src)
        return mine + (["B"] if "trample" in keywords else [])
    return [b["attacker"] for b in board["blocks"] if b["blocker"] == src]


def brute_legal(board: dict[str, Any], assignment: dict[str, dict[str, int]], edition: str) -> bool:
    perm = {p["id"]: p for p in board["permanents"]}
    total: dict[str, int] = {}
    for parts in assignment.values():
        for r, n in parts.items():
            total[r] = total.get(r, 0) + n

    def lethal(c: str) -> bool:
        if perm[c].get("damage", 0) + total.get(c, 0) >= perm[c]["toughness"]:
            return True
        if edition == "2006":
            return False  # no 702.2c before Magic 2010: only toughness makes damage lethal
        return any(parts.get(c, 0) > 0 and "deathtouch" in perm[s]["keywords"] for s, parts in assignment.items())

    for src, parts in assignment.items():
        order = [r for r in recipients(board, src) if r != "B"] if src.startswith("a") else recipients(board, src)
        if src.startswith("a") and parts.get("B", 0) > 0 and order and not all(lethal(b) for b in order):
            return False  # 702.19b
        if edition == "m10":
            for j, r in enumerate(order):
                if parts.get(r, 0) > 0 and not all(lethal(x) for x in order[:j]):
                    return False  # old 510.1c-d
    return True


@settings(max_examples=150, deadline=None)
@given(damage_boards(), st.data())
def test_damage_legality_agrees_with_brute_force(raw: dict[str, Any], data: st.DataObject) -> None:
    sources = [p["id"] for p in raw["permanents"] if p["id"].startswith("a")
               or (any(b["blocker"] == p["id"] for b in raw["blocks"]) and not p["removed_from_combat"])]
    choices = []
    for s in sources:
        rec = recipients(raw, s)
        power = next(p["power"] for p in raw["permanents"] if p["id"] == s)
        choices.append([dict(zip(rec, c, strict=True)) for c in splits(power, len(rec))] or [{}])
    combos = list(itertools.product(*choices))
    picked = combos if len(combos) <= 12 else [data.draw(st.sampled_from(combos)) for _ in range(12)]
    for combo in picked:
        assignment = {s: {r: n for r, n in parts.items()} for s, parts in zip(sources, combo, strict=True)}
        board = dict(raw, damage=[{"source": s, "to": [{"target": r, "amount": n} for r, n in p.items()]}
                                  for s, p in assignment.items()])
        for edition in ("current", "m10", "2006"):
            verdict = resolve_damage(parse_board(board), edition, declarations=False)
            expected = brute_legal(raw, assignment, edition)
            assert verdict.legal is expected, f"{edition}: {assignment}\n{json.dumps(raw)}\n{verdict.to_text()}"


def _board(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "fixtures/damage" / f"{name}.json").read_text())
    return data


def test_maximize_player_damage_puts_lethal_first_then_tramples() -> None:
    """702.19b: the most a 6/6 trampler can send past a 2/2 with protection is 4."""
    board = parse_board(dict(_board("cr702-19b-protection-2-4"), damage=[]))
    v = resolve_damage(board, "current", "player")
    assert v.legal is True
    assert v.players["B"]["life"] == 16
    assert v.steps[0].assignments[0][1] == {"pro": 2, "B": 4}


def test_maximize_kills_spreads_lethal_damage() -> None:
    """CR 510.1c's 4/3 can destroy both the 2/3 and the 1/1 (3 + 1)."""
    board = parse_board(dict(_board("cr510-1c-split-2-2"), damage=[]))
    v = resolve_damage(board, "current", "kills")
    assert sorted(v.destroyed) == ["attacker", "b11", "b23"]


def test_maximize_respects_m10_order() -> None:
    """Under m10, with the 1/1 ordered first, 1 must go there before the 2/3 gets any: still both die."""
    data = dict(_board("cr510-1c-split-2-2"), damage=[], damage_order={"attacker": ["b11", "b23"]})
    v = resolve_damage(parse_board(data), "m10", "kills")
    assert v.steps[0].assignments[0][1] == {"b11": 1, "b23": 3}


def test_default_assignment_is_reported_as_a_choice() -> None:
    v = resolve_damage(parse_board(dict(_board("cr510-1c-split-2-2"), damage=[])), "current")
    how = {s: h for s, _, h, _ in v.steps[0].assignments}
    assert how == {"attacker": "default", "b23": "forced", "b11": "forced"}


def test_unknown_attack_target_in_damage_step_deals_nothing() -> None:
    """506.4c: an attacker whose planeswalker left combat is still attacking but deals no damage."""
    data = _board("trample-over-planeswalkers-1-2-2")
    data["permanents"] = [p for p in data["permanents"] if p["id"] not in ("pw", "chump")]
    data["blocks"], data["damage"] = [], []
    v = resolve_damage(parse_board(data), "current")
    assert v.legal is True and v.players["B"]["life"] == 20


def test_damage_command_json_and_exit_codes() -> None:
    runner = CliRunner()
    ok = runner.invoke(main, ["damage", str(ROOT / "fixtures/damage/double-strike-trample.json"), "--json"])
    assert ok.exit_code == 0
    v = json.loads(ok.output)
    assert v["players"]["B"] == {"life": 16, "poison": 0, "commander_damage": {}, "loses": False, "loses_by": None}
    assert v["destroyed"] == ["bear"]
    assert [s["step"] for s in v["steps"]] == ["first", "regular"]
    bad = runner.invoke(main, ["damage", str(ROOT / "fixtures/damage/deathtouch-trample-0-5.json")])
    assert bad.exit_code == 1 and "702.19b" in bad.output
    maxi = runner.invoke(main, ["damage", str(ROOT / "fixtures/damage/cr510-1c-split-2-2.json"), "--maximize",
                                "kills", "--json"])
    assert maxi.exit_code == 0


def test_check_judges_the_damage_step_when_present() -> None:
    v = CliRunner().invoke(main, ["check", str(ROOT / "fixtures/damage/commander-damage-21.json"), "--json"])
    out = json.loads(v.output)
    assert v.exit_code == 0 and out["kind"] == "damage"
    assert out["players"]["B"]["loses"] is True and out["players"]["B"]["loses_by"] == "704.6c"



def test_damage_triggers_are_reported_not_resolved() -> None:
    """Contract: abilities that trigger on the combat damage are reported (510.3a), not resolved."""
    board = {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
             "permanents": [
                 {"id": "bas", "name": "Stone-Tongue Basilisk", "controller": "A",
                  "oracle": "Whenever Stone-Tongue Basilisk deals combat damage to a creature, destroy that creature "
                            "at end of combat."},
                 {"id": "bear", "name": "Grizzly Bears", "controller": "B"},
                 {"id": "ninja", "name": "Ninja of the Deep Hours", "controller": "A", "power": 2, "toughness": 2,
                  "oracle": "Whenever Ninja of the Deep Hours deals combat damage to a player, you may draw a card."}],
             "attacks": [{"attacker": "bas", "target": "B"}, {"attacker": "ninja", "target": "B"}],
             "blocks": [{"blocker": "bear", "attacker": "bas"}], "damage": []}
    v = resolve_damage(parse_board(board), "current")
    assert len(v.steps[0].triggers) == 2
    board["blocks"] = [{"blocker": "bear", "attacker": "ninja"}]
    v = resolve_damage(parse_board(board), "current")
    # the Basilisk now hits the player, not a creature; the Ninja hits only the Bears: nothing triggers
    assert v.steps[0].triggers == ()
    assert v.to_json()["steps"][0]["triggered"] == []
