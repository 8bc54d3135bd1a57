"""The card library: the built-in cards, and full libraries in Scryfall's and MTGJSON's own formats."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from legality import BoardError, check, parse_board
from legality.cards import CardLibraryError, library, load_file, lookup

DATA = Path(__file__).parent / "data"
SCRYFALL = DATA / "scryfall-oracle-cards-sample.json"
MTGJSON = DATA / "mtgjson-atomiccards-sample.json"


def test_scryfall_oracle_cards_format() -> None:
    cards = load_file(SCRYFALL)
    gorilla = cards["gorilla berserkers"]
    assert gorilla.types == ("creature",) and gorilla.subtypes == ("Ape", "Berserker")
    assert (gorilla.power, gorilla.toughness, gorilla.colors) == (2, 3, ("G",))
    assert "three or more creatures" in gorilla.oracle
    arbiter = cards["silent arbiter"]
    assert arbiter.types == ("artifact", "creature") and arbiter.colors == ()
    goyf = cards["tarmogoyf"]
    assert goyf.power is None and goyf.toughness is None  # "*" and "1+*": the board must give them
    delver = cards["delver of secrets // insectile aberration"]
    assert delver.name == "Delver of Secrets" and cards["delver of secrets"] is delver  # front face
    assert cards["swamp"].supertypes == ("basic",) and cards["swamp"].subtypes == ("Swamp",)


def test_mtgjson_atomic_cards_format() -> None:
    cards = load_file(MTGJSON)
    lu = cards["lu bu, master-at-arms"]
    assert lu.supertypes == ("legendary",) and lu.types == ("creature",) and (lu.power, lu.toughness) == (4, 3)
    assert cards["delver of secrets"].oracle.startswith("At the beginning")
    assert cards["gorilla berserkers"].subtypes == ("Ape", "Berserker")


def test_unknown_format_is_an_error(tmp_path: Path) -> None:
    f = tmp_path / "x.json"
    f.write_text(json.dumps({"cards?": 1}))
    with pytest.raises(CardLibraryError):
        load_file(f)


def test_loaded_library_supplies_missing_fields_and_board_fields_win() -> None:
    board = parse_board({
        "version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
        "permanents": [{"id": "lu", "name": "Lu Bu, Master-at-Arms", "controller": "A", "power": 6},
                       {"id": "bear", "name": "Grizzly Bears", "controller": "B"}],
        "attacks": [{"attacker": "lu", "target": "B"}], "blocks": [{"blocker": "bear", "attacker": "lu"}]},
        cards=str(MTGJSON))
    lu = board.permanent("lu")
    assert lu.power == 6 and lu.toughness == 3 and lu.supertypes == ("legendary",)
    verdict = check(board)
    assert verdict.legal is False  # horsemanship, 702.31b
    assert verdict.violations[0].rule == "702.31b"  # type: ignore[union-attr]


def test_builtin_library_has_every_fixture_card() -> None:
    names = set()
    for path in (Path(__file__).parent.parent / "fixtures").rglob("*.json"):
        names |= {p["name"] for p in json.loads(path.read_text())["permanents"]}
    real = {n for n in names if not any(ch.isdigit() for ch in n) and not n.startswith(("Attacker ", "Planeswalker",
                                                                                          "Commander"))}
    missing = sorted(n for n in real if lookup(n) is None)
    assert not missing, missing


def test_cards_option_and_environment_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    board = {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
             "permanents": [{"id": "lu", "name": "Lu Bu, Master-at-Arms", "controller": "A"},
                            {"id": "bear", "name": "Grizzly Bears", "controller": "B"}],
             "attacks": [{"attacker": "lu", "target": "B"}], "blocks": [{"blocker": "bear", "attacker": "lu"}]}
    f = tmp_path / "b.json"
    f.write_text(json.dumps(board))
    without = CliRunner().invoke(main, ["check", str(f)])
    assert without.exit_code == 2  # Lu Bu is unknown: no power/toughness, so not a creature
    with_cards = CliRunner().invoke(main, ["check", str(f), "--cards", str(MTGJSON)])
    assert with_cards.exit_code == 1 and "702.31b" in with_cards.output
    library.cache_clear()
    monkeypatch.setenv("LEGALITY_CARDS", str(MTGJSON))
    try:
        via_env = CliRunner().invoke(main, ["check", str(f)])
        assert via_env.exit_code == 1
    finally:
        monkeypatch.delenv("LEGALITY_CARDS")
        library.cache_clear()


def _board_with(permanent: dict[str, object]) -> dict[str, object]:
    return {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
            "permanents": [{"id": "bear", "name": "Grizzly Bears", "controller": "A"}, permanent],
            "attacks": [{"attacker": "bear", "target": "B"}], "blocks": []}


def test_an_unknown_name_with_nothing_else_is_bad_input_with_suggestions(tmp_path: Path) -> None:
    """A misspelled card name would become a blank permanent that nothing reads: refuse it, name the field."""
    board = _board_with({"id": "moat", "name": "Moatt", "controller": "B"})
    with pytest.raises(BoardError) as err:
        parse_board(board)
    (problem,) = err.value.problems
    assert problem.path == "$.permanents[1].name"
    assert "'Moatt'" in problem.message and "did you mean 'Moat'" in problem.message
    f = tmp_path / "b.json"
    f.write_text(json.dumps(board))
    for extra in ([], ["--json"], ["--strict"]):
        result = CliRunner().invoke(main, ["check", str(f), *extra])
        assert result.exit_code == 2 and "Moatt" in result.output, result.output


def test_an_unknown_name_that_says_what_it_is_is_accepted() -> None:
    """Given its fields, a card the library doesn't know is described by the board (the contract's types rule)."""
    for extra in ({"power": 1, "toughness": 1}, {"oracle": "Flying"}, {"types": ["enchantment"]}):
        board = parse_board(_board_with({"id": "x", "name": "Homebrew Card", "controller": "B", **extra}))
        assert board.permanent("x").name == "Homebrew Card"


def test_a_misspelled_keyword_is_not_understood_with_a_suggestion() -> None:
    board = parse_board(_board_with({"id": "x", "name": "Hill Giant", "controller": "B", "keywords": ["reech"]}))
    verdict = check(board)
    (unread,) = verdict.not_understood
    assert "keyword 'reech' is not known; did you mean 'reach'?" in unread
