"""``legality cards update`` against a local server on 127.0.0.1 (tests/cardserver.py), never the internet:
Scryfall's bulk-data index and card file, MTGJSON's AtomicCards, dropped connections, corrupt files, files that
aren't cards. The data folder is a temporary one (LEGALITY_DATA_DIR)."""

from __future__ import annotations

import gzip
import json
import re
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from carddata import mtgjson_cards, scryfall_cards
from cardserver import CardServer, Route, card_server
from cli import main
from legality.cards import folder, library, lookup
from legality.cards.fetch import FetchError, Limits
from legality.cards.update import Request, UpdateError, update

CARDS = json.dumps(scryfall_cards(), indent=1).encode()
MIN = ["--min-cards", "1"]

BUILTIN_COUNT = len(json.loads((Path(__file__).resolve().parent.parent / "legality/cards/cards.json")
                               .read_text(encoding="utf-8"))["cards"])
"""Cards of the built-in library (the examples' cards), as its file holds them."""


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty data folder of this test's own; no proxy between the test and its server."""
    where = tmp_path / "data"
    monkeypatch.setenv("LEGALITY_DATA_DIR", str(where))
    for name in ("http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    library.cache_clear()
    yield where
    library.cache_clear()


@pytest.fixture
def server() -> Iterator[CardServer]:
    with card_server() as s:
        s.routes["/oracle-cards.json"] = Route(CARDS)
        yield s


def _run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def _stored(data_dir: Path) -> Path:
    return data_dir / folder.LIBRARY


def test_update_through_the_bulk_data_index_then_every_command_uses_it(data_dir: Path, server: CardServer) -> None:
    index = server.index("/oracle-cards.json")
    result = _run("cards", "update", "--url", index, *MIN)
    assert result.exit_code == 0, result.output
    assert "Scryfall data of 2026-11-20 10:03 UTC: 10 cards and 5 tokens" in result.output
    assert f"from {server.url}/oracle-cards.json" in result.output and f"index {index}" in result.output
    assert "\r" not in result.output  # no progress bar: standard error is no terminal here
    assert [p for p, _ in server.seen] == ["/bulk-data", "/oracle-cards.json"]
    path = _stored(data_dir)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and stat.S_IMODE(data_dir.stat().st_mode) == 0o700
    assert sorted(p.name for p in data_dir.iterdir() if not p.name.startswith(".")) == [folder.LIBRARY]
    status = _run("cards")
    assert status.exit_code == 0 and "10 cards and 5 tokens" in status.output and str(path) in status.output
    as_json = json.loads(_run("cards", "--json").output)
    assert as_json["in_use"] == "downloaded" and as_json["source"]["cards"] == 10
    card = _run("card", "Insectile Aberration")
    assert card.exit_code == 0 and "Insectile Aberration: creature — Human Insect 3/2" in card.output
    assert _run("card", "Marit Lage").exit_code == 0


def test_a_board_names_faces_and_tokens(data_dir: Path, server: CardServer, tmp_path: Path) -> None:
    assert _run("cards", "update", "--url", server.index("/oracle-cards.json"), *MIN).exit_code == 0
    board = {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
             "permanents": [{"id": "delver", "name": "Insectile Aberration", "controller": "A"},
                            {"id": "lage", "name": "Marit Lage", "controller": "B"},
                            {"id": "bear", "name": "Grizzly Bears", "controller": "B"}],
             "attacks": [{"attacker": "delver", "target": "B"}], "blocks": [{"blocker": "bear", "attacker": "delver"}]}
    f = tmp_path / "board.json"
    f.write_text(json.dumps(board))
    result = _run("check", str(f))
    assert result.exit_code == 1 and "flying" in result.output.lower(), result.output  # the bear can't block it
    builtin = _run("check", str(f), "--cards", "builtin")
    assert builtin.exit_code == 2 and "legality cards update" in builtin.output  # the built-in cards lack them


def test_update_from_a_mirror_of_the_card_file_or_mtgjson(data_dir: Path, server: CardServer) -> None:
    server.routes["/AtomicCards.json.gz"] = Route(gzip.compress(json.dumps(mtgjson_cards()).encode()))
    result = _run("cards", "update", "--url", server.url + "/AtomicCards.json.gz", *MIN)
    assert result.exit_code == 0, result.output
    assert "MTGJSON data of 2026-10-01: 3 cards" in result.output
    assert lookup("Insectile Aberration") is not None and lookup("Ice") is not None
    direct = _run("cards", "update", "--url", server.url + "/oracle-cards.json", *MIN)
    assert direct.exit_code == 0 and "Scryfall data" in direct.output and lookup("Stomp") is not None


def test_update_from_a_file(data_dir: Path, tmp_path: Path) -> None:
    f = tmp_path / "oracle-cards.json"
    f.write_bytes(CARDS)
    result = _run("cards", "update", "--file", str(f), *MIN)
    assert result.exit_code == 0 and f"from {f}" in result.output, result.output
    assert lookup("Tok-Tok, Volcano Born") is not None


def test_a_dropped_connection_is_resumed(data_dir: Path, server: CardServer) -> None:
    server.routes["/oracle-cards.json"] = Route(CARDS, drop_after=len(CARDS) // 3, drops=2)
    got = update(Request(server.index("/oracle-cards.json"), min_cards=1, limits=Limits(backoff=0.01)))
    assert got.changed and got.source.cards == 10
    ranges = [r for p, r in server.seen if p == "/oracle-cards.json"]
    third = len(CARDS) // 3
    assert ranges == [None, f"bytes={third}-", f"bytes={2 * third}-"]  # each attempt goes on where the last stopped


def test_a_connection_that_keeps_dropping_fails_cleanly_and_the_next_update_resumes(
        data_dir: Path, server: CardServer) -> None:
    index = server.index("/oracle-cards.json")
    assert _run("cards", "update", "--url", index, *MIN).exit_code == 0
    before = _stored(data_dir).read_bytes()
    bigger = json.dumps([*scryfall_cards(), {"object": "card", "name": "Hill Giant", "layout": "normal",
                                             "type_line": "Creature — Giant", "power": "3", "toughness": "3"}],
                        indent=1).encode()
    server.routes["/oracle-cards-2.json"] = Route(bigger, drop_after=1000, drops=-1)
    index = server.index("/oracle-cards-2.json", updated="2026-11-21T10:00:00.000+00:00")
    with pytest.raises(FetchError, match=r"gave up after 2 attempts.*2,000 bytes kept"):
        update(Request(index, min_cards=1, limits=Limits(retries=1, backoff=0.01)))
    assert _stored(data_dir).read_bytes() == before  # the old library stays, whole
    failed = _run("cards", "update", "--url", index, "--retries", "0", *MIN)
    assert failed.exit_code == 1 and "the card library was not changed" in failed.output
    assert "gave up after 1 attempt (3,000 bytes kept: the next update resumes from there)" in failed.output
    assert (data_dir / folder.DOWNLOAD).stat().st_size == 3000
    server.routes["/oracle-cards-2.json"].drops = 0
    server.seen.clear()
    done = _run("cards", "update", "--url", index, *MIN)
    assert done.exit_code == 0 and "11 cards" in done.output, done.output
    assert ("/oracle-cards-2.json", "bytes=3000-") in server.seen  # resumed, not started again
    assert not (data_dir / folder.DOWNLOAD).exists()


def test_the_same_index_again_is_up_to_date(data_dir: Path, server: CardServer) -> None:
    index = server.index("/oracle-cards.json")
    assert _run("cards", "update", "--url", index, *MIN).exit_code == 0
    server.seen.clear()
    again = _run("cards", "update", "--url", index, *MIN)
    assert again.exit_code == 0 and "up to date" in again.output
    assert [p for p, _ in server.seen] == ["/bulk-data"]
    assert _run("cards", "update", "--url", index, "--force", *MIN).exit_code == 0
    assert [p for p, _ in server.seen][-1] == "/oracle-cards.json"


@pytest.mark.parametrize(("body", "message"), [
    (CARDS[: len(CARDS) // 2], "is not JSON"),
    (b"\x1f\x8b\x08\x00garbage", "can't read card file"),
    (json.dumps({"hello": "world"}).encode(), "neither Scryfall bulk data"),
    (json.dumps([1, 2, 3]).encode(), r"\$\[0\]: a card must be a JSON object, not an integer"),
    (json.dumps([{"name": "X", "power": [1]}]).encode(), r"\$\[0\]\.power: must be an integer or a string, not a list"),
    (json.dumps([{"name": "X", "card_faces": "both"}]).encode(), r"\$\[0\]\.card_faces: must be a non-empty list"),
    (json.dumps({"object": "list", "data": []}).encode(), "no file of type \"oracle_cards\""),
])
def test_data_that_is_no_card_library_is_refused_and_the_old_one_kept(
        data_dir: Path, server: CardServer, body: bytes, message: str) -> None:
    assert _run("cards", "update", "--url", server.index("/oracle-cards.json"), *MIN).exit_code == 0
    before = _stored(data_dir).read_bytes()
    server.routes["/bad.json"] = Route(body)
    result = _run("cards", "update", "--url", server.url + "/bad.json", *MIN)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "the card library was not changed" in result.output
    assert re.search(message, result.output), result.output
    assert _stored(data_dir).read_bytes() == before
    assert not (data_dir / folder.DOWNLOAD).exists() and not (data_dir / "card-index.part").exists()


def test_too_few_cards_is_refused(data_dir: Path, server: CardServer) -> None:
    result = _run("cards", "update", "--url", server.index("/oracle-cards.json"))
    assert result.exit_code == 2 and "holds 10 cards, fewer than the 10,000" in result.output
    assert not _stored(data_dir).exists()


def test_limits_of_size_and_time(data_dir: Path, server: CardServer) -> None:
    big = json.dumps([{"name": f"Card {i}", "oracle_text": "x" * 1000} for i in range(1500)]).encode()
    server.routes["/big.json"] = Route(big)
    too_big = _run("cards", "update", "--url", server.url + "/big.json", "--max-size", "1", *MIN)
    assert too_big.exit_code == 1 and "more than the 1 MB limit" in too_big.output
    server.routes["/slow.json"] = Route(CARDS, delay=0.5)
    slow = _run("cards", "update", "--url", server.url + "/slow.json", "--timeout", "1", *MIN)
    assert slow.exit_code == 1 and "not complete after 1 s" in slow.output
    server.routes["/silent.json"] = Route(CARDS, delay=1.0)
    with pytest.raises(FetchError, match="dropped"):
        update(Request(server.url + "/silent.json", min_cards=1, limits=Limits(stall=0.2, retries=0)))
    assert not _stored(data_dir).exists()


def test_urls_other_than_http_are_refused(data_dir: Path, server: CardServer) -> None:
    for url in ("file:///etc/passwd", "ftp://127.0.0.1/x.json", "oracle-cards.json"):
        result = _run("cards", "update", "--url", url, *MIN)
        assert result.exit_code == 2 and "is not an http:// or https:// URL" in result.output
    for target in ("file:///etc/passwd", "ftp://127.0.0.1/x.json"):
        server.routes["/moved"] = Route(b"", status=302, headers={"Location": target})
        moved = _run("cards", "update", "--url", server.url + "/moved", *MIN)
        assert moved.exit_code == 1 and f"'{target}' is not" in moved.output, moved.output
    missing = _run("cards", "update", "--url", server.url + "/nowhere.json", *MIN)
    assert missing.exit_code == 1 and "HTTP 404" in missing.output
    assert _run("cards", "update", "--url", server.url, "--file", __file__).exit_code == 2


def test_an_update_already_running_is_not_disturbed(data_dir: Path, server: CardServer) -> None:
    with folder.locked(folder.private_dir()) as mine:
        assert mine
        with pytest.raises(UpdateError, match="another `legality cards update`"):
            update(Request(server.index("/oracle-cards.json"), min_cards=1))


def test_remove_and_builtin(data_dir: Path, server: CardServer) -> None:
    assert _run("cards", "update", "--url", server.index("/oracle-cards.json"), *MIN).exit_code == 0
    assert "downloaded library is not used" in _run("cards", "--cards", "builtin").output
    removed = _run("cards", "remove")
    assert removed.exit_code == 0 and str(_stored(data_dir)) in removed.output
    assert f"the built-in cards ({BUILTIN_COUNT} cards" in _run("cards").output
    assert lookup("Insectile Aberration") is None


def test_a_damaged_library_is_bad_input_that_says_what_to_do(data_dir: Path, server: CardServer,
                                                              tmp_path: Path) -> None:
    assert _run("cards", "update", "--url", server.index("/oracle-cards.json"), *MIN).exit_code == 0
    path = _stored(data_dir)
    path.write_bytes(path.read_bytes()[:-100])
    library.cache_clear()
    result = _run("card", "Grizzly Bears")
    assert result.exit_code == 2 and "damaged" in result.output and "legality cards update" in result.output


def test_the_unknown_name_message_says_how_to_get_every_card(data_dir: Path, tmp_path: Path) -> None:
    board = {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
             "permanents": [{"id": "g", "name": "Tarmogoyf", "controller": "A"}], "attacks": []}
    f = tmp_path / "board.json"
    f.write_text(json.dumps(board))
    result = _run("check", str(f))
    assert result.exit_code == 2 and "no card named 'Tarmogoyf'" in result.output
    assert (f"the built-in library has only the {BUILTIN_COUNT} cards of the examples: run `legality cards update`"
            in result.output)
    assert "legality cards update" in _run("card", "Tarmogoyf").output


def test_progress_bar_on_a_terminal() -> None:
    import io

    from legality.cards.progress import ByteProgress

    out = io.StringIO()
    bar = ByteProgress("downloading x.json", out, every=0, after=0)
    bar(1_500_000, 3_000_000)
    bar.close()
    assert out.getvalue().startswith("\rdownloading x.json: 1.5 MB of 3.0 MB (50%), ")
    assert "left" in out.getvalue() and out.getvalue().endswith("\n")
    quick = io.StringIO()
    late = ByteProgress("downloading index", quick)
    late(5000, 5000)
    late.close()
    assert quick.getvalue() == ""  # done before the bar's half second: no bar



def test_the_page_uses_the_downloaded_library(data_dir: Path, server: CardServer) -> None:
    """The page's card look-up and autocomplete (legality.serve) find faces and tokens after an update."""
    pytest.importorskip("starlette")
    from legality.serve.api import Api
    from legality.serve.cards import names

    assert _run("cards", "update", "--url", server.index("/oracle-cards.json"), *MIN).exit_code == 0
    assert "Insectile Aberration" in names("insect", None) and "Marit Lage" in names("marit", None)
    stomp = Api(None, None, 1.0).card("Stomp")
    assert stomp["name"] == "Stomp" and stomp["types"] == ["instant"]
