"""Malformed boards: each gets exit code 2 and a message naming the JSON path and what is wrong."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from pathlib import Path
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
    # Input the JSON decoder itself chokes on is bad input too, never a traceback.
    ("deeply nested JSON", "[" * 100_000, "$", "nested more than 100 levels deep"),
    ("deeply nested meta", mutate(lambda b: b.update(meta={"x": json.loads("[" * 150 + "]" * 150)})), "$",
     "nested more than 100 levels deep"),
    ("NaN", '{"version": 1, "life": NaN}', "$", "NaN is not a JSON number"),
    # A board otherwise valid, with numbers the decoder refuses in the free-form meta (pydantic's own parser, which
    # validates the text, would take them there) or under a key given twice (it keeps the last): refused all the same.
    ("NaN under a key given twice", json.dumps(BASE).replace('"life": 20', '"life": NaN, "life": 20', 1), "$",
     "NaN is not a JSON number"),
    ("1e999 under a key given twice", json.dumps(BASE).replace('"life": 20', '"life": 1e999, "life": 20', 1), "$",
     "the number 1e999 is too large"),
    ("NaN in meta", json.dumps({**BASE, "meta": {"x": [float("nan")]}}), "$", "NaN is not a JSON number"),
    ("Infinity in meta", json.dumps({**BASE, "meta": {"x": float("-inf")}}), "$", "-Infinity is not a JSON number"),
    ("1e999 in meta", json.dumps({**BASE, "meta": {"x": 1}}).replace('"x": 1', '"x": 1e999'), "$",
     "the number 1e999 is too large"),
    ("integer of 5000 digits in meta", json.dumps({**BASE, "meta": {"x": 1}}).replace('"x": 1', '"x": ' + "7" * 5000),
     "$", "4300"),
    ("integer of 5000 digits", '{"version": ' + "1" * 5000 + "}", "$", "not valid JSON"),
    # The schema's types are the accepted types: no "2" or true for an integer (strict validation).
    ("power as a string", mutate(lambda b: b["permanents"][0].update(power="2")), "$.permanents[0].power",
     "valid integer"),
    ("power as a boolean", mutate(lambda b: b["permanents"][0].update(power=True)), "$.permanents[0].power",
     "valid integer"),
    ("power as a float", mutate(lambda b: b["permanents"][0].update(power=2.0)), "$.permanents[0].power",
     "valid integer"),
    ("life as a string", mutate(lambda b: b["players"][0].update(life="20")), "$.players[0].life", "valid integer"),
    ("tapped as a number", mutate(lambda b: b["permanents"][0].update(tapped=1)), "$.permanents[0].tapped",
     "valid boolean"),
    ("id as a number", mutate(lambda b: b["permanents"][0].update(id=5)), "$.permanents[0].id", "valid string"),
    ("version true", mutate(lambda b: b.update(version=True)), "$.version", "Input should be 1"),
    ("ability n as a string", mutate(lambda b: b["permanents"][0].update(
        abilities=[{"kind": "min_blockers", "n": "2"}])), "$.permanents[0].abilities[0].n", "valid integer"),
    # Every number is bounded (±10**6): far beyond real games, safely inside the solver's int64.
    ("power 10**30", mutate(lambda b: b["permanents"][0].update(power=10**30)), "$.permanents[0].power",
     "less than or equal to 1000000"),
    ("power -2**63", mutate(lambda b: b["permanents"][0].update(power=-(2**63))), "$.permanents[0].power",
     "greater than or equal to -1000000"),
    ("toughness 2**63", mutate(lambda b: b["permanents"][0].update(toughness=2**63)), "$.permanents[0].toughness",
     "less than or equal to 1000000"),
    ("marked damage 2**63", mutate(lambda b: b["permanents"][0].update(damage=2**63)), "$.permanents[0].damage",
     "less than or equal to 1000000"),
    ("loyalty 10**7", mutate(lambda b: b["permanents"][2].update(loyalty=10**7)), "$.permanents[2].loyalty",
     "less than or equal to 1000000"),
    ("defense 10**7", mutate(lambda b: b["permanents"][2].update(defense=10**7)), "$.permanents[2].defense",
     "less than or equal to 1000000"),
    ("life -10**30", mutate(lambda b: b["players"][1].update(life=-(10**30))), "$.players[1].life",
     "greater than or equal to -1000000"),
    ("poison 2**63", mutate(lambda b: b["players"][1].update(poison=2**63)), "$.players[1].poison",
     "less than or equal to 1000000"),
    ("commander damage 2**63", mutate(lambda b: b["players"][1].update(commander_damage={"bear": 2**63})),
     "$.players[1].commander_damage.bear", "less than or equal to 1000000"),
    ("hand size 10**7", mutate(lambda b: b["players"][0].update(hand_size=10**7)), "$.players[0].hand_size",
     "less than or equal to 1000000"),
    ("mana 10**7", mutate(lambda b: b["players"][0].update(mana_available=10**7)), "$.players[0].mana_available",
     "less than or equal to 1000000"),
    ("ability n 2**63", mutate(lambda b: b["permanents"][0].update(abilities=[{"kind": "min_blockers", "n": 2**63}])),
     "$.permanents[0].abilities[0].n", "less than or equal to 1000000"),
    ("attack cost 10**30", mutate(lambda b: b["permanents"][0].update(
        abilities=[{"kind": "attack_cost", "amount": 10**30}])), "$.permanents[0].abilities[0].amount",
     "less than or equal to 1000000"),
    ("quality power 10**30", mutate(lambda b: b["permanents"][1].update(abilities=[
        {"kind": "cant_block", "quality": {"power_at_most": 10**30}}])),
     "$.permanents[1].abilities[0].quality.power_at_most", "less than or equal to 1000000"),
    ("effect X 10**30", mutate(lambda b: b.update(effects=[{"source": "Spell", "controller": "A", "x": 10**30}])),
     "$.effects[0].x", "less than or equal to 1000000"),
    ("damage amount 2**63", mutate(lambda b: b.update(damage=[{"source": "bear", "to": [{"target": "B",
                                                                                        "amount": 2**63}]}])),
     "$.damage[0].to[0].amount", "less than or equal to 1000000"),
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


def test_a_board_file_longer_than_the_limit_is_refused_unread(monkeypatch: pytest.MonkeyPatch) -> None:
    """``legality check`` reads no more than ``MAX_BOARD_BYTES`` (and one) characters of a board file: a longer one
    (``/dev/zero``, a file of gigabytes) is bad input, exit 2, not a process that fills the memory."""
    import legality.board

    monkeypatch.setattr(legality.board, "MAX_BOARD_BYTES", 1000)
    board = json.dumps({**BASE, "id": "x" * 2000})
    result = CliRunner().invoke(main, ["check", "-"], input=board)
    assert result.exit_code == 2
    assert "longer than the limit of 1,000 characters for a board" in result.output
    result = CliRunner().invoke(main, ["check", "-"], input=json.dumps(BASE))
    assert result.exit_code in (0, 1), result.output


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


ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("maximize", ["player", "kills"])
@pytest.mark.parametrize("power", [10**30, 2**63])
def test_damage_with_numbers_beyond_the_solver_is_bad_input(maximize: str, power: int) -> None:
    board = json.loads((ROOT / "fixtures/damage/double-strike-trample.json").read_text())
    board["permanents"][0]["power"] = power
    board["permanents"][1]["toughness"] = power
    result = CliRunner().invoke(main, ["damage", "-", "--maximize", maximize], input=json.dumps(board))
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "$.permanents[0].power: Input should be less than or equal to 1000000" in result.output
    assert "$.permanents[1].toughness: Input should be less than or equal to 1000000" in result.output


def test_damage_at_the_bound_is_solved() -> None:
    """The bound itself is a number the solver takes: 10**6 power double strike and trample over a bear."""
    board = json.loads((ROOT / "fixtures/damage/double-strike-trample.json").read_text())
    board["permanents"][0].update(power=10**6, toughness=10**6)
    result = CliRunner().invoke(main, ["damage", "-", "--maximize", "player", "--json"], input=json.dumps(board))
    assert result.exit_code in (0, 1), result.output
    assert "Traceback" not in result.output


def test_board_file_not_utf8_is_bad_input(tmp_path: Path) -> None:
    f = tmp_path / "board.json"
    f.write_bytes(json.dumps(BASE).replace("Jace", "J\xe9ce").encode("latin-1"))  # one byte not UTF-8
    result = CliRunner().invoke(main, ["check", str(f)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "can't read the board file" in result.output


@pytest.mark.parametrize("command", ["check", "damage", "options"])
def test_any_failure_reading_the_board_is_exit_2(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever goes wrong while reading a board (here a RecursionError from below) is exit 2, not a traceback."""
    import cli

    def fail(*args: object) -> None:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(cli, "parse_board", fail)
    result = CliRunner().invoke(main, [command, "-"], input=json.dumps(BASE))
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "RecursionError" in result.output and "Traceback" not in result.output


GARBAGE_LIBRARIES = [
    ([1, "two", None], "$[0]: a card must be a JSON object"),
    ([{"name": 5}], "$[0].name: must be a string"),
    ([{"name": "Bear", "power": [2]}], "$[0].power: must be an integer or a string"),
    ([{"name": "Bear", "card_faces": "front"}], "$[0].card_faces: must be a non-empty list"),
    ([{"name": "Bear", "colors": "G"}], "$[0].colors: must be a list of strings"),
    ([{"name": "Bear", "power": str(10**30)}], "$[0].power: '" + str(10**30) + "' is beyond"),
    ({"data": {"Bear": [{"types": "Creature"}]}}, '$.data["Bear"][0].types: must be a list of strings'),
    ({"data": {"Bear": 3}}, '$.data["Bear"]: must be a non-empty list of card faces'),
]


@pytest.mark.parametrize("command", ["check", "batch", "card"])
@pytest.mark.parametrize(("library", "message"), GARBAGE_LIBRARIES, ids=[m for _, m in GARBAGE_LIBRARIES])
def test_garbage_card_library_names_entry_and_field(command: str, library: object, message: str,
                                                    tmp_path: Path) -> None:
    library_file = tmp_path / "cards.json"
    library_file.write_text(json.dumps(library))
    args = {"check": ["check", "-"], "batch": ["batch", "-"], "card": ["card", "Bear"]}[command]
    result = CliRunner().invoke(main, [*args, "--cards", str(library_file)], input=json.dumps(BASE))
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert message in result.output and "Traceback" not in result.output


def _integers(schema: object, at: str = "#") -> Iterator[tuple[str, dict[str, object]]]:
    if isinstance(schema, dict):
        if schema.get("type") == "integer":
            yield at, schema
        for k, v in schema.items():
            yield from _integers(v, f"{at}/{k}")
    elif isinstance(schema, list):
        for i, v in enumerate(schema):
            yield from _integers(v, f"{at}/{i}")


def test_every_integer_in_the_schema_is_bounded() -> None:
    """``legality schema`` states each number's bounds (|value| <= 10**6), so a reader knows what is accepted."""
    result = CliRunner().invoke(main, ["schema"])
    found = list(_integers(json.loads(result.output)))
    assert len(found) > 20
    for at, spec in found:
        if "const" in spec:  # version: 1
            continue
        assert spec.get("maximum") == 10**6 and spec.get("minimum") in (-(10**6), 0, 1), (at, spec)


DEEP = "[" * 100_000 + "]" * 100_000
"""JSON nested 100,000 levels deep: ``json.loads`` itself raises RecursionError on it."""


def _no_traceback(result: Any) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output and "RecursionError" not in result.output


@pytest.mark.parametrize("command", ["check", "damage", "options"])
def test_a_board_file_nested_100000_levels_is_exit_2(command: str, tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text(DEEP)
    result = CliRunner().invoke(main, [command, str(path)])
    assert result.exit_code == 2, result.output
    _no_traceback(result)
    assert "$: arrays and objects nested more than 100 levels deep" in result.output


def test_a_batch_line_nested_100000_levels_is_that_lines_error(tmp_path: Path) -> None:
    path = tmp_path / "boards.jsonl"
    path.write_text(json.dumps({**BASE, "id": "ok"}) + "\n" + DEEP + "\n")
    result = CliRunner().invoke(main, ["batch", str(path), "--quiet"])
    assert result.exit_code == 1, result.output
    _no_traceback(result)
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first["id"] == "ok" and "error" not in first
    assert second["line"] == 2 and second["problems"] == [
        {"path": "$", "message": "arrays and objects nested more than 100 levels deep"}]


@pytest.mark.parametrize("command", ["check", "batch", "regress"])
def test_a_card_library_nested_100000_levels_is_exit_2(command: str, tmp_path: Path) -> None:
    library = tmp_path / "cards.json"
    library.write_text(DEEP)
    board = tmp_path / "board.json"
    board.write_text(json.dumps(BASE))
    result = CliRunner().invoke(main, [command, str(board), "--cards", str(library)])
    assert result.exit_code == 2, result.output
    _no_traceback(result)
    assert str(library) in result.output and "nested more than 100 levels deep" in result.output


@pytest.mark.parametrize("where", ["board file", "JSON Lines line", "answers line"])
def test_regress_input_nested_100000_levels_is_exit_2_naming_the_file(where: str, tmp_path: Path) -> None:
    good = {**BASE, "id": "good", "meta": {"expect": {"current": True}}}
    args: list[str]
    if where == "board file":
        bad = tmp_path / "suite" / "deep.json"
        bad.parent.mkdir()
        bad.write_text(DEEP)
        (tmp_path / "suite" / "good.json").write_text(json.dumps(good))
        args, named = [str(bad.parent)], f"{bad}: $: "
    elif where == "JSON Lines line":
        bad = tmp_path / "suite.jsonl"
        bad.write_text(json.dumps(good) + "\n" + DEEP + "\n")
        args, named = [str(bad)], f"{bad}:2: $: "
    else:
        (tmp_path / "good.json").write_text(json.dumps(good))
        bad = tmp_path / "answers.jsonl"
        bad.write_text(DEEP + "\n")
        args, named = [str(tmp_path / "good.json"), "--answers", str(bad)], f"{bad}:1: $: "
    result = CliRunner().invoke(main, ["regress", *args])
    assert result.exit_code == 2, result.output
    _no_traceback(result)
    assert named + "arrays and objects nested more than 100 levels deep" in result.output


@pytest.mark.parametrize(("text", "fragment"), [
    ('{"version": 1e999}', "the number 1e999 is too large"),
    ('{"version": ' + "9" * 5000 + "}", "4300"),
])
def test_numbers_no_reader_can_hold_are_bad_input(text: str, fragment: str) -> None:
    result = CliRunner().invoke(main, ["check", "-"], input=text)
    assert result.exit_code == 2 and fragment in result.output
    _no_traceback(result)


def test_a_fault_of_the_checker_is_exit_70_with_one_line_never_1_or_a_traceback(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An exception the checker didn't foresee (a bug, here put in place of the judge) would end Python with a
    traceback and exit 1, which a script reads as "illegal": it is one line naming the error instead, exit 70
    (EX_SOFTWARE), and with --json an error object too."""
    import cli

    def broken(*args: object, **kwargs: object) -> None:
        raise ValueError("an internal fault")

    monkeypatch.setattr(cli, "check", broken)
    for extra in ([], ["--json"]):
        result = CliRunner().invoke(main, ["check", "-", *extra], input=json.dumps(BASE))
        assert result.exit_code == 70, result.output
        assert "Traceback" not in result.output
        assert "the checker failed: ValueError: an internal fault" in result.stderr
        if extra:
            assert "an internal fault" in json.loads(result.stdout.splitlines()[0])["error"]
        else:
            assert not result.stdout
