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
import re
from pathlib import Path
from typing import Any

import pytest
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
        # Thorn Elemental's "you may have ~ assign its combat damage as though it weren't blocked"
        unblocked = [{"kind": "assigns_as_though_unblocked"}] if draw(st.integers(0, 99)) < 25 else []
        perms.append({"id": f"a{i}", "name": f"A{i}", "controller": "A", "power": draw(st.integers(0, 4)),
                      "toughness": draw(st.integers(1, 4)), "keywords": kws, "abilities": unblocked})
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


def as_unblocked(board: dict[str, Any], src: str) -> bool:
    """Whether ``src`` is a blocked attacker that may assign its damage as though it weren't blocked."""
    kinds = {a["kind"] for p in board["permanents"] if p["id"] == src for a in p.get("abilities", ())}
    blocked = any(b["attacker"] == src for b in board["blocks"])
    return src.startswith("a") and blocked and "assigns_as_though_unblocked" in kinds


def choices_of(board: dict[str, Any], src: str) -> list[dict[str, int]]:
    """Every assignment ``src`` could be given: each split of its power among its recipients, and for a creature
    that may assign as though it weren't blocked, every split that also names the player (all of it there is
    legal, a part of it is not: 510.1c)."""
    power = max(next(p["power"] for p in board["permanents"] if p["id"] == src), 0)
    rec = recipients(board, src)
    if as_unblocked(board, src) and "B" not in rec:
        rec = [*rec, "B"]
    out = [dict(zip(rec, c, strict=True)) for c in splits(power, len(rec))] or [{}]
    return out + ([{}] if power and not recipients(board, src) else [])


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
        power = max(perm[src]["power"], 0)
        if as_unblocked(board, src) and power and {r: n for r, n in parts.items() if n} == {"B": power}:
            continue  # all of it to the player, as though it weren't blocked
        if any(n > 0 and r not in recipients(board, src) for r, n in parts.items()):
            return False  # 510.1c: a blocked creature assigns only to its blockers (and, with trample, on)
        if recipients(board, src) and sum(parts.values()) != power:
            return False  # 510.1a: all of it
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
    choices = [choices_of(raw, s) for s in sources]
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


@settings(max_examples=100, deadline=None)
@given(damage_boards())
def test_maximize_player_damage_agrees_with_brute_force(raw: dict[str, Any]) -> None:
    """``--maximize player`` deals the player as much as the best legal assignment of the attackers found by
    enumeration (the blockers' assignments don't bear on the attackers' legality), as though-unblocked included."""
    attackers = [p["id"] for p in raw["permanents"] if p["id"].startswith("a")]
    best = max(sum(parts.get("B", 0) for parts in combo)
               for combo in itertools.product(*(choices_of(raw, a) for a in attackers))
               if brute_legal(raw, dict(zip(attackers, combo, strict=True)), "current"))
    verdict = resolve_damage(parse_board(raw), "current", goal="player", declarations=False)
    assert 20 - verdict.players["B"]["life"] == best, verdict.to_text()


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


def _c(pid: str, power: int, toughness: int, ctl: str = "A", *kws: str, **more: Any) -> dict[str, Any]:
    return {"id": pid, "name": pid.upper(), "controller": ctl, "power": power, "toughness": toughness,
            "keywords": list(kws), **more}


PW = {"id": "pw", "name": "Planeswalker", "controller": "B", "types": ["planeswalker"], "loyalty": 2}
TWO_BLOCKS = {"abilities": [{"kind": "block_additional", "n": 1}]}

# (what is broken, rules edition, permanents, attacks, blocks, damage entries, the rule that forbids it)
VIOLATIONS: list[tuple[str, str, list[dict[str, Any]], list[tuple[str, str]], list[tuple[str, str]],
                       list[tuple[str, list[tuple[str, int]], str]], str]] = [
    ("less than all its damage (510.1a: equal to its power)", "current",
     [_c("a", 3, 3)], [("a", "B")], [], [("a", [("B", 2)], "regular")], "510.1a"),
    ("an unblocked creature damages a creature (510.1b: only what it attacks)", "current",
     [_c("a", 3, 3), _c("x", 1, 1, "B")], [("a", "B")], [], [("a", [("x", 3)], "regular")], "510.1b"),
    ("damage to a planeswalker removed from combat (506.4c: no longer attacked)", "current",
     [_c("a", 3, 3), dict(PW, removed_from_combat=True)], [("a", "pw")], [], [("a", [("pw", 3)], "regular")],
     "506.4c"),
    ("a blocked creature without trample damages the player (510.1c)", "current",
     [_c("a", 3, 3), _c("b", 1, 1, "B")], [("a", "B")], [("b", "a")], [("a", [("b", 1), ("B", 2)], "regular")],
     "510.1c"),
    ("a blocked creature whose blocker left combat damages the player (510.1c: it assigns none)", "current",
     [_c("a", 3, 3), _c("b", 1, 1, "B", removed_from_combat=True)], [("a", "B")], [("b", "a")],
     [("a", [("B", 3)], "regular")], "510.1c"),
    ("a blocker damages a creature it doesn't block (510.1d)", "current",
     [_c("a", 3, 3), _c("a2", 2, 2), _c("b", 1, 1, "B")], [("a", "B"), ("a2", "B")], [("b", "a")],
     [("b", [("a2", 1)], "regular")], "510.1d"),
    ("m10 order: damage to the second blocker before the first has lethal (old 510.1c)", "m10",
     [_c("a", 3, 3), _c("b1", 1, 2, "B"), _c("b2", 1, 2, "B")], [("a", "B")], [("b1", "a"), ("b2", "a")],
     [("a", [("b1", 1), ("b2", 2)], "regular")], "510.1c"),
    ("m10 order: a blocker damages its second attacker before the first has lethal (old 510.1d)", "m10",
     [_c("a", 1, 2), _c("a2", 1, 2), _c("b", 3, 3, "B", **TWO_BLOCKS)], [("a", "B"), ("a2", "B")],
     [("b", "a"), ("b", "a2")], [("b", [("a", 1), ("a2", 2)], "regular")], "510.1d"),
    ("trample past a blocker without lethal damage (702.19b)", "current",
     [_c("a", 5, 5, "A", "trample"), _c("b", 4, 4, "B")], [("a", "B")], [("b", "a")],
     [("a", [("b", 1), ("B", 4)], "regular")], "702.19b"),
    ("deathtouch doesn't make 1 damage lethal in 2006 (no 702.2c before Magic 2010)", "2006",
     [_c("a", 5, 5, "A", "trample", "deathtouch"), _c("b", 4, 4, "B")], [("a", "B")], [("b", "a")],
     [("a", [("b", 1), ("B", 4)], "regular")], "702.19b"),
    ("trample over planeswalkers: the controller before the planeswalker has its loyalty (702.19c)", "current",
     [_c("a", 5, 5, "A", "trample over planeswalkers"), _c("b", 1, 1, "B"), PW], [("a", "pw")], [("b", "a")],
     [("a", [("b", 1), ("pw", 1), ("B", 3)], "regular")], "702.19c"),
    ("plain trample: excess to the planeswalker's controller (702.19f)", "current",
     [_c("a", 5, 5, "A", "trample"), _c("b", 1, 1, "B"), PW], [("a", "pw")], [("b", "a")],
     [("a", [("b", 1), ("B", 4)], "regular")], "702.19f"),
    ("trample over planeswalkers, its planeswalker gone: damage to it, not the player (702.19e)", "current",
     [_c("a", 5, 5, "A", "trample over planeswalkers"), dict(PW, removed_from_combat=True)], [("a", "pw")], [],
     [("a", [("pw", 5)], "regular")], "702.19e"),
    ("blocked by banding: damage to the player (702.22j: divided among its blockers)", "current",
     [_c("a", 3, 3), _c("b", 1, 1, "B", "banding")], [("a", "B")], [("b", "a")],
     [("a", [("b", 1), ("B", 2)], "regular")], "702.22j"),
    ("blocking a banding creature: damage to a creature it doesn't block (702.22k)", "current",
     [_c("a", 1, 1, "A", "banding"), _c("a2", 1, 1), _c("b", 3, 3, "B")], [("a", "B"), ("a2", "B")],
     [("b", "a")], [("b", [("a2", 3)], "regular")], "702.22k"),
    ("a creature without first strike assigns in the first-strike step (510.4)", "current",
     [_c("a", 2, 2, "A", "first strike"), _c("a2", 2, 2)], [("a", "B"), ("a2", "B")], [],
     [("a2", [("B", 2)], "first")], "510.4"),
    ("damage from a creature that is not attacking or blocking (510.1: only they assign combat damage)", "current",
     [_c("a", 2, 2), _c("x", 2, 2)], [("a", "B")], [], [("x", [("B", 2)], "regular")], "510.1"),
]


@pytest.mark.parametrize(("what", "edition", "perms", "attacks", "blocks", "damage", "rule"), VIOLATIONS,
                         ids=[v[0] for v in VIOLATIONS])
def test_each_violation_cites_the_rule_it_breaks(what: str, edition: str, perms: list[dict[str, Any]],
                                                 attacks: list[tuple[str, str]], blocks: list[tuple[str, str]],
                                                 damage: list[tuple[str, list[tuple[str, int]], str]],
                                                 rule: str) -> None:
    """Each kind of illegal assignment is reported under the rule that forbids it, and only that rule;
    the rule numbers are from the CR's 506.4c, 510.1a-d, 510.4, 702.19b-f and 702.22j-k text."""
    board = {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
             "permanents": perms, "attacks": [{"attacker": a, "target": t} for a, t in attacks],
             "blocks": [{"blocker": b, "attacker": a} for b, a in blocks],
             "damage": [{"source": s, "to": [{"target": t, "amount": n} for t, n in to], "step": step}
                        for s, to, step in damage]}
    v = resolve_damage(parse_board(board), edition, declarations=False)
    cited = [x.rule for s in v.steps for x in s.violations]
    assert v.legal is False and cited == [rule], f"{what}: {cited}\n{v.to_text()}"
    assert all(re.search(rf"[( ]{re.escape(rule)}[),;]", x.message) for s in v.steps for x in s.violations), \
        f"{what}: the message doesn't name {rule}\n{v.to_text()}"


def _combat_board(perms: list[dict[str, Any]], attacks: list[tuple[str, str]], blocks: list[tuple[str, str]],
           damage: list[tuple[str, list[tuple[str, int]]]] | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
        "permanents": perms, "attacks": [{"attacker": a, "target": t} for a, t in attacks],
        "blocks": [{"blocker": b, "attacker": a} for b, a in blocks]}
    if damage is not None:
        out["damage"] = [{"source": s, "to": [{"target": t, "amount": n} for t, n in to]} for s, to in damage]
    return out


def test_trample_over_planeswalkers_with_no_blocker_left_still_owes_the_planeswalker() -> None:
    """702.19d: as though every blocker had lethal damage; 702.19c then still wants the loyalty first."""
    perms = [_c("a", 5, 5, "A", "trample over planeswalkers"), _c("b", 1, 1, "B", removed_from_combat=True), PW]
    short = resolve_damage(parse_board(_combat_board(perms, [("a", "pw")], [("b", "a")], [("a", [("B", 5)])])))
    assert short.legal is False and [x.rule for x in short.steps[0].violations] == ["702.19c"]
    ok = resolve_damage(parse_board(_combat_board(perms, [("a", "pw")], [("b", "a")], [("a", [("pw", 2), ("B", 3)])])))
    assert ok.legal is True and ok.players["B"]["life"] == 17


def test_trample_over_planeswalkers_hits_the_player_when_its_planeswalker_left_combat() -> None:
    """702.19e: with no blockers, all its damage goes to the defending player; plain trample can't (702.19f)."""
    pw = dict(PW, removed_from_combat=True)
    top = parse_board(_combat_board([_c("a", 5, 5, "A", "trample over planeswalkers"), pw], [("a", "pw")], [],
                             [("a", [("B", 5)])]))
    v = resolve_damage(top, "current")
    assert v.legal is True and v.players["B"]["life"] == 15
    plain = parse_board(_combat_board([_c("a", 5, 5, "A", "trample"), pw], [("a", "pw")], [], [("a", [("B", 5)])]))
    v = resolve_damage(plain, "current")
    assert v.legal is False and v.players["B"]["life"] == 20


def test_maximize_under_2006_needs_lethal_damage_by_toughness() -> None:
    """Without 702.2c (2006) a 5/5 deathtouch trampler gets 1 past a 4/4; with it (current), 4."""
    perms = [_c("a", 5, 5, "A", "trample", "deathtouch"), _c("b", 4, 4, "B")]
    board = parse_board(_combat_board(perms, [("a", "B")], [("b", "a")], []))
    assert resolve_damage(board, "current", "player").players["B"]["life"] == 16
    assert resolve_damage(board, "2006", "player").players["B"]["life"] == 19


def test_2006_notes_mechanics_it_did_not_have() -> None:
    """Menace (2015), planeswalkers (2007) and toxic (2023) postdate the 2006 rules: a 2006 verdict says so,
    for a declaration and for damage; a current verdict says nothing of it."""
    from legality import check_declaration

    perms = [_c("a", 2, 2, "A", "menace", "toxic 1"), PW, _c("b", 1, 1, "B"), _c("c", 1, 1, "B")]
    block = parse_board(_combat_board(perms, [("a", "pw")], [("b", "a"), ("c", "a")], None))
    damage = parse_board(_combat_board(perms, [("a", "pw")], [("b", "a"), ("c", "a")], []))
    for verdict in (check_declaration(block, "2006"), resolve_damage(damage, "2006")):
        text = " ".join(verdict.notes)
        assert "menace (a) is not in the 2006 rules" in text
        assert "planeswalker (pw) is not in the 2006 rules" in text
        assert "toxic (a) is not in the 2006 rules" in text
    assert not any("not in the" in n for n in check_declaration(block, "current").notes)
    assert not any("not in the" in n for n in check_declaration(block, "m10").notes)


def test_labels_say_what_was_chosen_and_why_in_plain_words() -> None:
    text = resolve_damage(parse_board(dict(_board("cr510-1c-split-2-2"), damage=[])), "current").to_text()
    assert "documented" not in text and "default" not in text
    assert "A has a choice" in text and "lethal damage to each creature in turn" in text
    assert "no choice: the only assignment the rules allow" in text


def test_a_damage_board_on_an_illegal_block_says_so_and_still_judges_the_damage() -> None:
    """Item: the damage verdict notes an illegal declaration (702.9b here) and checks the damage as given."""
    perms = [_c("fly", 2, 2, "A", "flying"), _c("bear", 2, 2, "B")]
    bad = [("fly", [("B", 2)])]
    v = resolve_damage(parse_board(_combat_board(perms, [("fly", "B")], [("bear", "fly")], bad)), "current")
    assert [d.kind for d in v.declarations] == ["block"] and v.declarations[0].violations[0][0] == "702.9b"
    assert v.legal is False and [x.rule for x in v.steps[0].violations] == ["510.1c"]
    assert v.to_json()["declarations"][0]["legal"] is False


def test_defensive_formation_gives_the_choice_to_the_defending_player() -> None:
    """Defensive Formation: "Rather than the attacking player, you assign the combat damage of each creature attacking
    you. You can divide that creature's combat damage as you choose among any of the creatures blocking it." Under
    m10's damage assignment order, the defending player may skip the first blocker; without it they may not (old
    510.1c). An unassigned attacker's damage is chosen by the defending player."""
    formation = {"id": "df", "name": "Defensive Formation", "controller": "B", "types": ["enchantment"],
                 "oracle": "Rather than the attacking player, you assign the combat damage of each creature attacking "
                 "you. You can divide that creature's combat damage as you choose among any of the creatures "
                 "blocking it."}
    perms = [_c("wurm", 6, 4), _c("x", 2, 2, "B", **TWO_BLOCKS), _c("y", 2, 2, "B")]
    out_of_order = _combat_board([*perms, formation], [("wurm", "B")], [("x", "wurm"), ("y", "wurm")],
                                 [("wurm", [("y", 6)])])
    assert resolve_damage(parse_board(out_of_order), "m10", declarations=False).legal is True
    without = _combat_board(perms, [("wurm", "B")], [("x", "wurm"), ("y", "wurm")], [("wurm", [("y", 6)])])
    assert resolve_damage(parse_board(without), "m10", declarations=False).legal is False
    unassigned = _combat_board([*perms, formation], [("wurm", "B")], [("x", "wurm"), ("y", "wurm")], [])
    step = resolve_damage(parse_board(unassigned), "current", declarations=False).to_json()["steps"][0]
    assert {a["source"]: a["chosen_by"] for a in step["assignments"]}["wurm"] == "B"


def test_a_creature_that_assigns_no_combat_damage_deals_none() -> None:
    """An effect "Target creature assigns no combat damage this turn." on an unblocked attacker: the player takes
    nothing (510.1a), and an entry giving it damage is illegal."""
    fog = {"source": "Effect", "controller": "B", "text": "Target creature assigns no combat damage this turn.",
           "targets": ["a"]}
    board = dict(_combat_board([_c("a", 3, 3)], [("a", "B")], [], []), effects=[fog])
    verdict = resolve_damage(parse_board(board), "current", declarations=False)
    assert verdict.legal is True and verdict.players["B"]["life"] == 20
    given = dict(_combat_board([_c("a", 3, 3)], [("a", "B")], [], [("a", [("B", 3)])]), effects=[fog])
    bad = resolve_damage(parse_board(given), "current", declarations=False)
    assert bad.legal is False and bad.players["B"]["life"] == 20
