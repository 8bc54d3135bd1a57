"""Teams: the shared team turns option (805.10) and Two-Headed Giant's shared life and poison (810.9, 704.6a-b).

The verdicts expected here come from the rules cited in each test; ``fixtures/two-headed-giant`` holds the
rulings checked by ``legality regress``, and ``test_differential`` compares random team boards with the brute force.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli import main
from legality import check_declaration, parse_board, resolve_damage
from models import BoardError

ROOT = Path(__file__).resolve().parent.parent


def _board(**fields: Any) -> dict[str, Any]:
    """A Two-Headed Giant board: A and B (active) against C and D, 30 life a team (810.9)."""
    out: dict[str, Any] = {
        "version": 1, "active_player": "A",
        "players": [{"id": p, "life": 30} for p in "ABCD"],
        "teams": [{"id": "AB", "players": ["A", "B"], "life": 30}, {"id": "CD", "players": ["C", "D"], "life": 30}],
        "permanents": [],
    }
    out.update(fields)
    return out


def _creature(cid: str, ctrl: str, power: int = 2, **extra: Any) -> dict[str, Any]:
    return {"id": cid, "name": f"Creature {cid}", "controller": ctrl, "power": power, "toughness": 2, "oracle": "",
            **extra}


def _problems(data: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(BoardError) as err:
        parse_board(data)
    return [(p.path, p.message) for p in err.value.problems]


# ------------------------------------------------------------------------------------------- input

@pytest.mark.parametrize(("change", "path", "words"), [
    (lambda b: b["teams"][1]["players"].append("Z"), "$.teams[1].players[2]", "'Z' is not a player id"),
    (lambda b: b["teams"][1]["players"].__setitem__(0, "B"), "$.teams[1].players[0]", "already on a team"),
    (lambda b: b["teams"].pop(), "$.teams", "at least two"),
    (lambda b: b["teams"][1].update(id="AB"), "$.teams[1].id", "duplicate team id"),
    (lambda b: b["teams"][1]["players"].remove("D"), "$.teams", "'D' ($.players[3]) is on no team"),
    (lambda b: b["teams"][0].update(life="30"), "$.teams[0].life", "integer"),
    (lambda b: b["teams"][0].update(colour="red"), "$.teams[0].colour", "unknown field"),
])
def test_bad_teams_are_named_by_their_json_path(change: Any, path: str, words: str) -> None:
    """With teams, every player is on exactly one team of a board's players, team ids are unique, two or more."""
    data = _board()
    change(data)
    problems = _problems(data)
    assert any(p == path and words in m for p, m in problems), problems


def test_bad_teams_exit_2_from_the_cli(tmp_path: Path) -> None:
    data = _board(permanents=[_creature("x", "A")], attacks=[{"attacker": "x", "target": "C"}])
    data["teams"][0]["players"] = ["A", "Q"]
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 2 and "$.teams[0].players[1]" in result.output and "Traceback" not in result.output


# ------------------------------------------------------------------------------------------- attacks

def test_both_attacking_players_attack_together() -> None:
    """805.10a-b: A's and B's creatures attack in one declaration; a creature of the defending team can't."""
    data = _board(permanents=[_creature("a", "A"), _creature("b", "B"), _creature("c", "C")],
                  attacks=[{"attacker": "a", "target": "C"}, {"attacker": "b", "target": "D"}])
    assert check_declaration(parse_board(data)).legal is True
    data["attacks"].append({"attacker": "c", "target": "D"})
    verdict = check_declaration(parse_board(data))
    assert verdict.legal is False and [v.rule for v in verdict.violations] == ["508.1a"]
    assert "805.10a-b" in verdict.violations[0].message


def test_a_teammate_and_their_permanents_cant_be_attacked() -> None:
    """506.2, 805.10a: only defending players, their planeswalkers and the battles they protect are attacked."""
    data = _board(permanents=[_creature("a", "A"),
                              {"id": "pw", "name": "Walker", "controller": "B", "types": ["planeswalker"],
                               "loyalty": 3, "oracle": ""}],
                  attacks=[{"attacker": "a", "target": "B"}])
    assert [v.rule for v in check_declaration(parse_board(data)).violations] == ["506.2"]
    data["attacks"] = [{"attacker": "a", "target": "pw"}]
    assert [v.rule for v in check_declaration(parse_board(data)).violations] == ["506.2"]


def test_cant_attack_alone_counts_the_teammates_attackers() -> None:
    """805.10b and 508.1c: the combined attack is judged as a whole (Errantry ruling, 2008-10-01)."""
    alone = _creature("a", "A", abilities=[{"kind": "cant_attack_alone"}])
    data = _board(permanents=[alone, _creature("b", "B")], attacks=[{"attacker": "a", "target": "C"}])
    assert check_declaration(parse_board(data)).legal is False
    data["attacks"].append({"attacker": "b", "target": "D"})
    assert check_declaration(parse_board(data)).legal is True


def test_a_tax_is_paid_to_the_player_attacked_only() -> None:
    """508.1h, 805.10e: C's Propaganda taxes creatures attacking C, not those attacking C's teammate D; each
    creature's controller pays for it."""
    prison = {"id": "prison", "name": "Propaganda", "controller": "C", "types": ["enchantment"], "oracle": "",
              "abilities": [{"kind": "grant", "to": "opponents", "abilities": [
                  {"kind": "attack_cost", "amount": 2, "defender": "you"}]}]}
    data = _board(permanents=[_creature("a", "A"), _creature("b", "B"), prison],
                  attacks=[{"attacker": "a", "target": "C"}, {"attacker": "b", "target": "D"}])
    verdict = check_declaration(parse_board(data))
    assert verdict.legal is True and verdict.costs == {"A": 2}


def test_your_opponents_leaves_out_your_teammate() -> None:
    """102.3: in a team game, teammates are not opponents: A's 'creatures your opponents control can't attack'
    doesn't reach B's creatures."""
    curse = {"id": "curse", "name": "Curse", "controller": "A", "types": ["enchantment"], "oracle": "",
             "abilities": [{"kind": "grant", "to": "opponents", "abilities": [{"kind": "cant_attack"}]}]}
    data = _board(permanents=[_creature("b", "B"), curse], attacks=[{"attacker": "b", "target": "C"}])
    assert check_declaration(parse_board(data)).legal is True


# -------------------------------------------------------------------------------------------- blocks

def _attack(target: str, blockers: list[dict[str, Any]], blocks: list[tuple[str, str]],
            **attacker: Any) -> dict[str, Any]:
    return _board(permanents=[_creature("x", "A", **attacker), *blockers],
                  attacks=[{"attacker": "x", "target": target}],
                  blocks=[{"blocker": b, "attacker": a} for b, a in blocks])


def test_the_defending_team_blocks_as_one() -> None:
    """805.10d: C's creature blocks a creature attacking D; without teams that breaks 802.4a (509.1a)."""
    data = _attack("D", [_creature("c", "C")], [("c", "x")])
    verdict = check_declaration(parse_board(data))
    assert verdict.legal is True and verdict.defending_players == ("CD",)
    del data["teams"]
    verdict = check_declaration(parse_board(data))
    assert verdict.legal is False and "802.4a" in verdict.violations[0].message


def test_an_attacking_teams_creature_cant_block() -> None:
    data = _attack("D", [_creature("b", "B")], [("b", "x")])
    verdict = check_declaration(parse_board(data))
    assert verdict.legal is False and [v.rule for v in verdict.violations] == ["509.1a"]
    assert "805.10d" in verdict.violations[0].message


def test_cant_block_alone_counts_the_teammates_blockers() -> None:
    """805.10d: the combined block is judged as a whole."""
    data = _board(permanents=[_creature("x", "A"), _creature("y", "B"),
                              _creature("c", "C", abilities=[{"kind": "cant_block_alone"}]), _creature("d", "D")],
                  attacks=[{"attacker": "x", "target": "C"}, {"attacker": "y", "target": "D"}],
                  blocks=[{"blocker": "c", "attacker": "x"}])
    assert check_declaration(parse_board(data)).legal is False
    data["blocks"].append({"blocker": "d", "attacker": "y"})
    assert check_declaration(parse_board(data)).legal is True


def test_landwalk_looks_at_the_player_it_attacks() -> None:
    """805.10e: 'defending player' in an attacker's ability is the player it attacks: swampwalk attacking C
    while only D controls a Swamp can be blocked; attacking D it can't."""
    swamp = {"id": "swamp", "name": "Swamp", "controller": "D", "types": ["land"], "subtypes": ["Swamp"],
             "oracle": ""}
    data = _attack("C", [_creature("c", "C"), swamp], [("c", "x")], keywords=["swampwalk"])
    assert check_declaration(parse_board(data)).legal is True
    data["attacks"][0]["target"] = "D"
    verdict = check_declaration(parse_board(data))
    assert verdict.legal is False and [v.rule for v in verdict.violations] == ["702.14c"]


def test_all_creatures_defending_player_controls_means_the_player_attacked() -> None:
    """805.10e, 509.1b: 'can't be blocked unless all creatures defending player controls block it', attacking D:
    all of D's creatures must block it; C's may join, but not block it alone."""
    must = {"abilities": [{"kind": "cant_be_blocked_unless_all_block"}]}
    blockers = [_creature("c", "C"), _creature("d1", "D"), _creature("d2", "D")]
    for blocks, legal in (([("d1", "x"), ("d2", "x")], True), ([("c", "x"), ("d1", "x"), ("d2", "x")], True),
                          ([("c", "x")], False), ([("c", "x"), ("d1", "x")], False), ([], True)):
        data = _attack("D", copy.deepcopy(blockers), blocks, **must)
        assert check_declaration(parse_board(data)).legal is legal, blocks


# -------------------------------------------------------------------------------------------- damage

def _damage(cd_life: int = 30, **fields: Any) -> dict[str, Any]:
    data = _board(permanents=[_creature("x", "A", 2), _creature("y", "B", 3)],
                  attacks=[{"attacker": "x", "target": "C"}, {"attacker": "y", "target": "D"}], blocks=[], damage=[])
    data["teams"][1]["life"] = cd_life
    data.update(fields)
    return data


def test_damage_to_each_player_comes_off_the_shared_life_total() -> None:
    """810.9: damage happens to each player; the result is applied to the team's life total, each player's."""
    out = resolve_damage(parse_board(_damage())).to_json()
    assert out["teams"]["CD"] == {"players": ["C", "D"], "life": 25, "poison": 0, "loses": False, "loses_by": None}
    assert out["players"]["C"]["life"] == out["players"]["D"]["life"] == 25
    assert out["teams"]["AB"]["life"] == 30


def test_lifelink_gains_for_the_team() -> None:
    """810.9: life gained by a player is applied to the team's total."""
    data = _damage()
    data["permanents"][1]["keywords"] = ["lifelink"]
    out = resolve_damage(parse_board(data)).to_json()
    assert out["teams"]["AB"]["life"] == 33 and out["players"]["A"]["life"] == 33


def test_the_team_loses_at_zero_life() -> None:
    """704.6a: neither player was dealt 5, the team's 5 life is gone: both lose."""
    out = resolve_damage(parse_board(_damage(cd_life=5))).to_json()
    assert out["teams"]["CD"]["loses"] is True and out["teams"]["CD"]["loses_by"] == "704.6a"
    assert all(out["players"][p]["loses_by"] == "704.6a" for p in "CD")
    assert any("704.6a" in a for s in out["steps"] for a in s["state_based_actions"])


def test_fifteen_poison_counters_on_the_team() -> None:
    """704.6b: the team's counters and its players' add up; 704.5c's ten for a player does not apply."""
    data = _damage()
    data["permanents"][0]["keywords"] = ["infect"]
    data["players"][2]["poison"] = 9
    out = resolve_damage(parse_board(data)).to_json()
    assert out["players"]["C"]["poison"] == 11 and out["teams"]["CD"]["loses"] is False
    data["teams"][1]["poison"] = 4
    out = resolve_damage(parse_board(data)).to_json()
    assert out["teams"]["CD"]["poison"] == 15 and out["teams"]["CD"]["loses_by"] == "704.6b"


def test_commander_damage_stays_per_player_and_the_team_loses_with_them() -> None:
    """903.10a, 704.6c: 21 combat damage from one commander to C; 810.8a: C's team loses with C."""
    data = _damage()
    data["permanents"][1].update(commander=True)
    data["players"][3]["commander_damage"] = {"y": 18}
    out = resolve_damage(parse_board(data)).to_json()
    assert out["players"]["D"]["commander_damage"] == {"y": 21} and out["players"]["D"]["loses_by"] == "704.6c"
    assert out["players"]["C"]["loses_by"] == "810.8a" and out["teams"]["CD"]["loses"] is True


def test_without_shared_life_players_keep_their_own() -> None:
    """805 without 810.9: a team without ``life`` shares turns, not life: each player's own total and 704.5a."""
    data = _damage()
    for t in data["teams"]:
        del t["life"]
    data["players"][2]["life"] = 2
    out = resolve_damage(parse_board(data)).to_json()
    assert out["players"]["C"] == {**out["players"]["C"], "life": 0, "loses": True, "loses_by": "704.5a"}
    assert out["players"]["D"]["life"] == 27 and out["teams"]["CD"]["life"] is None
    assert out["teams"]["CD"]["loses"] is False


def test_no_teams_no_teams_entry() -> None:
    data = _damage()
    del data["teams"]
    data["attacks"] = data["attacks"][:1]
    assert "teams" not in resolve_damage(parse_board(data)).to_json()


def test_life_conditions_read_the_team_total() -> None:
    """810.9: what asks for a player's life total gets the team's."""
    data = _board(permanents=[_creature("a", "A", abilities=[{"kind": "if", "condition": {
        "kind": "life", "player": "you", "at_most": 10, "text": "as long as you have 10 or less life"},
        "abilities": [{"kind": "cant_attack"}]}])], attacks=[{"attacker": "a", "target": "C"}])
    data["teams"][0]["life"] = 8
    assert check_declaration(parse_board(data)).legal is False
    data["teams"][0]["life"] = 20
    assert check_declaration(parse_board(data)).legal is True


@pytest.mark.parametrize(("name", "rule"), [
    ("free-for-all-other-player-blocks", "509.1a"), ("lure-teammate-must-block", "509.1c"),
    ("errantry-teammate-attacks", "508.1c"), ("propaganda-attack-on-its-controller", "508.1j")])
def test_the_illegal_fixtures_cite_their_rule(name: str, rule: str) -> None:
    """802.4a (509.1a), 509.1c with 805.10d, 508.1c with 805.10b, 508.1h-j: the rule each illegal fixture breaks."""
    verdict = check_declaration(parse_board((ROOT / f"fixtures/two-headed-giant/{name}.json").read_text()))
    cited = {v.rule for v in verdict.violations} | ({"509.1c"} if verdict.missed else set())
    assert verdict.legal is False and cited == {rule}, verdict.to_text()


def test_your_turn_is_the_active_teams_turn() -> None:
    """805: with shared team turns the active team takes the turn, so it is B's turn as much as A's."""
    data = _board(permanents=[_creature("b", "B", abilities=[{"kind": "if", "condition": {
        "kind": "your_turn", "player": "you", "negate": True, "text": "unless it's your turn"},
        "abilities": [{"kind": "cant_attack"}]}])], attacks=[{"attacker": "b", "target": "C"}])
    assert check_declaration(parse_board(data)).legal is True


def test_the_fixtures_of_two_headed_giant_name_their_rules() -> None:
    for path in sorted((ROOT / "fixtures/two-headed-giant").glob("*.json")):
        meta = json.loads(path.read_text())["meta"]
        assert meta["expect"] and any(r in meta["source"] for r in ("805.10", "810.9", "704.6", "802.4")), path
