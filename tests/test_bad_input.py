"""Malformed boards: each gets exit code 2 and a message naming the JSON path and what is wrong."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from click.testing import CliRunner

from cli import main

BASE: dict[str, Any] = {
    "version": 1,
    "active_player": "A",
    "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
    "permanents": [
        {"id": "bear", "name": "Grizzly Bears", "controller": "A", "power": 2, "toughness": 2},
        {"id": "wall", "name": "Wall of Stone", "controller": "B", "power": 0, "toughness": 8},
        {"id": "jace", "name": "Jace", "controller": "A", "types": ["planeswalker"], "loyalty": 3},
    ],
    "attacks": [{"attacker": "bear", "target": "B"}],
}


def mutate(f: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    board = copy.deepcopy(BASE)
    f(board)
    return board


def then_blocks(f: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    """``mutate``, then declare (no) blockers: the attacks become history."""
    board = mutate(f)
    board["blocks"] = []
    return board


CASES: list[tuple[str, dict[str, Any] | str, str, str]] = [
    ("not JSON", "{not json", "$", "not valid JSON"),
    ("not an object", "[1, 2]", "$", "must be a JSON object"),
    ("unknown top-level key", mutate(lambda b: b.update(foo=1)), "$.foo", "unknown field"),
    ("missing version", mutate(lambda b: b.pop("version")), "$.version", "required field is missing"),
    ("wrong version", mutate(lambda b: b.update(version=2)), "$.version", "Input should be 1"),
    ("unknown edition", mutate(lambda b: b.update(rules="1999")), "$.rules", "Input should be"),
    ("unknown switch value", mutate(lambda b: b.update(rules_options={"conditional": "maybe"})),
     "$.rules_options.conditional", "Input should be"),
    ("one player", mutate(lambda b: b["players"].pop()), "$.players", "at least 2"),
    ("duplicate ids", mutate(lambda b: b["permanents"][1].update(id="bear")), "$.permanents[1].id",
     "duplicate id 'bear'"),
    ("player and permanent share an id", mutate(lambda b: b["permanents"][0].update(id="B")),
     "$.permanents[0].id", "duplicate id 'B'"),
    ("unknown controller", mutate(lambda b: b["permanents"][0].update(controller="Z")),
     "$.permanents[0].controller", "'Z' is not a player id"),
    ("active player unknown", mutate(lambda b: b.update(active_player="Z")), "$.active_player",
     "not a player id"),
    ("negative toughness", mutate(lambda b: b["permanents"][0].update(toughness=-1)),
     "$.permanents[0].toughness", "greater than or equal to 0"),
    ("negative loyalty", mutate(lambda b: b["permanents"][2].update(loyalty=-1)),
     "$.permanents[2].loyalty", "greater than or equal to 0"),
    ("bad colour", mutate(lambda b: b["permanents"][0].update(colors=["X"])),
     "$.permanents[0].colors[0]", "Input should be"),
    ("unknown permanent key", mutate(lambda b: b["permanents"][0].update(powr=3)),
     "$.permanents[0].powr", "unknown field"),
    ("unknown ability kind", mutate(lambda b: b["permanents"][0].update(abilities=[{"kind": "flyy"}])),
     "$.permanents[0].abilities[0]", "does not match any of the expected tags"),
    ("ability bad parameter", mutate(lambda b: b["permanents"][0].update(
        abilities=[{"kind": "min_blockers", "n": 0}])), "$.permanents[0].abilities[0].n", "greater than or equal to 1"),
    ("ability unknown attacker", mutate(lambda b: b["permanents"][1].update(
        abilities=[{"kind": "blocks_if_able", "attacker": "ghost"}])), "$.permanents[1].abilities[0].attacker",
     "'ghost' is not a permanent id"),
    ("creature without toughness", mutate(lambda b: b["permanents"][0].update(types=["creature"], toughness=None)),
     "$.permanents[0]", "needs power and toughness"),
    ("attached to nothing", mutate(lambda b: b["permanents"][2].update(attached_to="nowhere")),
     "$.permanents[2].attached_to", "not a permanent or player id"),
    ("attacker unknown", mutate(lambda b: b["attacks"][0].update(attacker="ghost")), "$.attacks[0].attacker",
     "'ghost' is not a permanent id"),
    # A declaration no player may make is illegal (exit 1, tests/test_cli.py); once blockers follow, the
    # attacks are history and a board holding such an attack can't exist (docs/input-checks.md).
    ("attacker not a creature, then blocks", then_blocks(lambda b: b["attacks"][0].update(attacker="jace")),
     "$.attacks[0].attacker", "can't exist"),
    ("attacker of the defending player, then blocks", then_blocks(lambda b: b["attacks"][0].update(attacker="wall")),
     "$.attacks[0].attacker", "506.2, 508.1a"),
    ("same attack twice", mutate(lambda b: b["attacks"].append({"attacker": "bear", "target": "B"})),
     "$.attacks[1]", "listed twice"),
    ("own planeswalker attacked, then blocks", then_blocks(lambda b: b["attacks"][0].update(target="jace")),
     "$.attacks[0].target", "(506.2)"),
    ("block of a non-attacker, then damage", mutate(lambda b: b.update(
        blocks=[{"blocker": "wall", "attacker": "jace"}], damage=[])), "$.blocks[0].attacker", "can't exist"),
    ("block of nothing", mutate(lambda b: b.update(blocks=[{"blocker": "wall", "attacker": "ghost"}])),
     "$.blocks[0].attacker", "'ghost' is not a permanent id"),
    ("blocks without attacks", mutate(lambda b: b.update(attacks=None, blocks=[])), "$.blocks",
     "need the declaration of attackers"),
    ("same block twice", mutate(lambda b: b.update(blocks=[{"blocker": "wall", "attacker": "bear"}] * 2)),
     "$.blocks[1]", "listed twice"),
    ("effect target unknown", mutate(lambda b: b.update(effects=[
        {"source": "Goad", "controller": "B", "targets": ["ghost"], "abilities": [{"kind": "goad"}]}])),
     "$.effects[0].targets[0]", "not a permanent or player id"),
    ("damage amount negative", mutate(lambda b: b.update(damage=[{"source": "bear", "to": [{"target": "B",
                                                                                           "amount": -2}]}])),
     "$.damage[0].to[0].amount", "greater than or equal to 0"),
]


@pytest.mark.parametrize(("what", "board", "path", "fragment"), CASES, ids=[c[0] for c in CASES])
def test_bad_board_names_the_field(what: str, board: dict[str, Any] | str, path: str, fragment: str) -> None:
    text = board if isinstance(board, str) else json.dumps(board)
    result = CliRunner().invoke(main, ["check", "-"], input=text)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    lines = [ln.strip() for ln in result.output.splitlines()]
    assert any(ln.startswith(f"{path}:") and fragment in ln for ln in lines), (what, result.output)


def test_bad_board_json_mode_prints_an_error_object() -> None:
    result = CliRunner().invoke(main, ["check", "-", "--json"], input="{")
    assert result.exit_code == 2
    assert "not valid JSON" in json.loads(result.output)["error"]


def test_nothing_to_judge_is_bad_input() -> None:
    board = copy.deepcopy(BASE)
    board.pop("attacks")
    result = CliRunner().invoke(main, ["check", "-"], input=json.dumps(board))
    assert result.exit_code == 2
    assert "no declaration to judge" in result.output


def test_missing_file_is_bad_input() -> None:
    result = CliRunner().invoke(main, ["check", "does-not-exist.json"])
    assert result.exit_code == 2
    assert "does-not-exist.json" in result.output
