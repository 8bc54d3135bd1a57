"""What the page asks of the API beyond the verdicts: the damage verdict as ``legality damage`` gives it (undecided
on unread text), card names that forgive misspellings, "did you mean" for an unknown card, and /favicon.ico.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the API needs the [serve] extra (starlette)")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx (the [test] extra)")

from click.testing import CliRunner

with warnings.catch_warnings():  # Starlette's test client prefers httpx2; httpx works the same here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from cli import main
from legality.serve import ServeSettings, create_app
from legality.serve.cards import how_to_get, names, suggestions

ROOT = Path(__file__).resolve().parent.parent
UNREAD = "If damage would be dealt to this creature, put that many +1/+1 counters on it instead."  # Phytohydra


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_app(ServeSettings(fixtures=ROOT / "fixtures", workers=1))
    with TestClient(app, base_url="http://127.0.0.1", headers={"Content-Type": "application/json"}) as c:
        yield c


def damage_board(oracle: str) -> dict[str, object]:
    return {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
            "permanents": [{"id": "wall", "name": "Odd Wall", "controller": "A", "types": ["creature"], "power": 3,
                            "toughness": 3, "oracle": oracle},
                           {"id": "bears", "name": "Grizzly Bears", "controller": "B"}],
            "attacks": [{"attacker": "wall", "target": "B"}], "blocks": [], "damage": []}


@pytest.mark.parametrize("oracle", [UNREAD, "Trample."], ids=["unread", "read"])
def test_damage_is_the_cli_verdict(client: TestClient, tmp_path: Path, oracle: str) -> None:
    path = tmp_path / "board.json"
    path.write_text(json.dumps(damage_board(oracle)))
    got = client.post("/api/damage", content=path.read_bytes())
    result = CliRunner().invoke(main, ["damage", str(path), "--json"])
    cli = json.loads(result.output)
    assert got.status_code == 200
    assert got.json() == cli
    assert result.exit_code == (3 if oracle == UNREAD else 0)
    assert got.json()["legal"] is (None if oracle == UNREAD else True)


def test_card_names_forgive_misspellings() -> None:
    assert names("grizzly", None)[0] == "Grizzly Bears"
    assert names("griz bea", None)[0] == "Grizzly Bears"  # the start of each word
    assert names("grizly bears", None)[0] == "Grizzly Bears"  # spelt alike
    assert names("", None, 5) == sorted(names("", None, 5))
    assert suggestions("Grizly Bears", None) == ["Grizzly Bears"]
    assert suggestions("Zzyzx Quux", None) == []


def test_an_unknown_card_says_what_was_meant(client: TestClient) -> None:
    got = client.get("/api/card/Grizly%20Bears")
    assert got.status_code == 404
    assert got.json() == {"error": "no card named 'Grizly Bears' in the library", "suggestions": ["Grizzly Bears"],
                          "library": how_to_get(None)}
    assert client.get("/api/cards", params={"prefix": "grizly"}).json()[0] == "Grizzly Bears"


def test_favicon(client: TestClient) -> None:
    got = client.get("/favicon.ico")
    assert got.status_code == 200 and got.headers["content-type"] == "image/svg+xml"
    assert got.content.startswith(b"<svg")


def test_how_to_have_a_card_the_library_lacks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the page says after "no card named": by the library the server uses."""
    from carddata import mtgjson_cards, scryfall_cards
    from legality.cards import folder, library

    monkeypatch.setenv("LEGALITY_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("LEGALITY_CARDS", raising=False)
    library.cache_clear()
    try:
        builtin = how_to_get(None)
        assert f"only the {len(library(None))} built-in cards" in builtin and "legality cards update" in builtin
        cards = tmp_path / "cards.json"
        cards.write_text(json.dumps(scryfall_cards()))
        assert how_to_get(str(cards)) == f"The library is the card file {cards} (given with --cards or LEGALITY_CARDS)."
        atomic = tmp_path / "AtomicCards.json"  # MTGJSON's file says the date of its data
        atomic.write_text(json.dumps(mtgjson_cards()))
        assert CliRunner().invoke(main, ["cards", "update", "--file", str(atomic), "--min-cards", "1"]).exit_code == 0
        assert (tmp_path / "data" / folder.LIBRARY).exists()
        library.cache_clear()
        assert how_to_get(None) == ("A card newer than the library of 2026-10-01 needs `legality cards update`, then "
                                    "start `legality serve` again.")
    finally:
        library.cache_clear()
