"""The page's JSON API through Starlette's test client: the same answers as the CLI's --json.

Every fixture's verdict through POST /api/check is compared with ``legality check --json`` (run
in-process with click's runner) and with the expectation its ``meta`` takes from the rules and the
named source; a bad board is a 422 with the problems the CLI prints (exit 2); limits are enforced.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the API needs the [serve] extra (starlette)")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx (the [test] extra)")

import warnings

from click.testing import CliRunner

with warnings.catch_warnings():  # Starlette's test client prefers httpx2; httpx works the same here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

import legality.solve
from cli import main
from legality.serve import ServeSettings, create_app
from legality.serve.api import Api
from legality.solve import Best

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted(ROOT.joinpath("fixtures").rglob("*.json"))
GORILLA = ROOT / "fixtures/article/gorilla-no-block.json"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """The app with two worker processes, addressed as 127.0.0.1, every body sent as JSON."""
    app = create_app(ServeSettings(fixtures=ROOT / "fixtures", max_body=64 * 1024, workers=2))
    with TestClient(app, base_url="http://127.0.0.1", headers={"Content-Type": "application/json"}) as c:
        yield c


def cli_json(*args: str) -> tuple[int, dict[str, Any]]:
    result = CliRunner().invoke(main, [*args, "--json"])
    return result.exit_code, json.loads(result.output)


def settings_of(path: Path) -> list[str]:
    """The editions (and switches, as 'EDITION/CONDITIONAL') the fixture's meta expects a verdict for."""
    return list(json.loads(path.read_text())["meta"].get("expect", {})) or ["current"]


CASES = [(p, s) for p in FIXTURES for s in settings_of(p)]


@pytest.mark.parametrize(("path", "setting"), CASES, ids=[f"{p.parent.name}/{p.stem}[{s}]" for p, s in CASES])
def test_every_fixture_gets_the_cli_verdict(client: TestClient, path: Path, setting: str) -> None:
    edition, _, conditional = setting.partition("/")
    query = {"rules": edition, **({"conditional": conditional} if conditional else {})}
    got = client.post("/api/check", params=query, content=path.read_bytes())
    assert got.status_code == 200, got.text
    api = got.json()
    flags = ["--rules", edition, *(["--conditional", conditional] if conditional else [])]
    code, cli = cli_json("check", str(path), *flags)
    assert code == {True: 0, False: 1, None: 3}[api["legal"]]
    for key in ("kind", "legal", "undecided", "rules", "rules_options", "violations", "not_understood", "players",
                "destroyed"):
        assert api.get(key) == cli.get(key), f"{path.name}[{setting}] {key}"
    if "requirements" in cli:
        assert {k: api["requirements"][k] for k in ("obeyed", "maximum", "total")} == \
            {k: cli["requirements"][k] for k in ("obeyed", "maximum", "total")}
    expected = json.loads(path.read_text())["meta"].get("expect", {}).get(setting)
    if expected is not None and "twin_of" not in json.loads(path.read_text())["meta"]:
        assert api["legal"] is expected, f"{path.name}[{setting}]: the fixture's source says {expected}"


@pytest.mark.parametrize(("mutate", "paths"), [
    (lambda b: b.pop("players"), {"$.players"}),
    (lambda b: b["players"][0].update(life="20"), {"$.players[0].life"}),
    (lambda b: b["blocks"].append({"blocker": "nobody", "attacker": "gorilla"}), {"$.blocks[1].blocker"}),
    (lambda b: b["permanents"][0].update(tapped="yes", colour="G"),
     {"$.permanents[0].tapped", "$.permanents[0].colour"}),
])
def test_a_bad_board_is_422_with_the_clis_json_paths(client: TestClient, tmp_path: Path, mutate: Any,
                                                      paths: set[str]) -> None:
    board = json.loads(GORILLA.read_text())
    board["blocks"] = [{"blocker": "bear", "attacker": "gorilla"}]
    mutate(board)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(board))
    got = client.post("/api/check", content=bad.read_bytes())
    assert got.status_code == 422
    problems = got.json()["problems"]
    assert paths <= {p["path"] for p in problems}, problems
    code, cli = cli_json("check", str(bad))
    assert code == 2
    for p in problems:  # the same problems, word for word, as exit 2 prints
        assert f"{p['path']}: {p['message']}" in cli["error"]


def test_not_json_and_not_utf8_are_422(client: TestClient) -> None:
    assert client.post("/api/check", content=b"{").status_code == 422
    got = client.post("/api/check", content=b'{"version": 1, "id": "\xff"}')
    assert got.status_code == 422 and got.json()["problems"][0]["path"] == "$"


def test_a_bad_query_parameter_is_422_naming_it(client: TestClient) -> None:
    got = client.post("/api/check", params={"rules": "1994"}, content=GORILLA.read_bytes())
    assert got.status_code == 422 and got.json()["problems"][0]["path"] == "?rules"
    got = client.post("/api/check", params={"colour": "red"}, content=GORILLA.read_bytes())
    assert got.status_code == 422 and got.json()["problems"][0]["path"] == "?colour"


def test_an_oversized_body_is_refused(client: TestClient) -> None:
    board = json.loads(GORILLA.read_text())
    board["padding"] = "x" * (64 * 1024)
    got = client.post("/api/check", content=json.dumps(board).encode())
    assert got.status_code == 413


def test_an_oversized_body_without_a_length_is_refused(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:  # sent chunked: no Content-Length to trust
        for _ in range(80):
            yield b" " * 1024

    got = client.post("/api/check", content=chunks())
    assert got.status_code == 413


def test_the_query_picks_the_edition_as_the_cli_does(client: TestClient) -> None:
    """The Gorilla question: illegal under today's maximum (509.1c), legal under the 2006 rule 500.5."""
    assert client.post("/api/check", content=GORILLA.read_bytes()).json()["legal"] is False
    assert client.post("/api/check?rules=2006", content=GORILLA.read_bytes()).json()["legal"] is True


def test_a_solver_time_out_is_the_undecided_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    """A time-out is never a verdict (the CLI's exit 3): the API answers 200 with legal null. The solver is
    made to time out in this process, so the API's work is called here, as a worker calls it."""
    monkeypatch.setattr(legality.solve, "EXHAUSTIVE_ATOMS", 0)
    monkeypatch.setattr(legality.solve, "CONFIRM_ATOMS", 0)  # small parts would be settled by search
    monkeypatch.setattr(legality.solve, "SEARCH_ATOMS", 0)
    monkeypatch.setattr(legality.solve, "best_near", lambda *a, **k: Best("unknown", 0, None))
    got = Api(None, None, 10.0).judge("check", GORILLA.read_bytes(), {})
    assert got["legal"] is None and got["undecided"] is True
    assert got["undecided_reason"] == "time limit" and "ignoring_unread" not in got


def test_rules_text_not_understood_is_listed(client: TestClient) -> None:
    board = {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
             "permanents": [{"id": "x", "name": "X", "controller": "A", "power": 2, "toughness": 2,
                             "oracle": "X can't be blocked by creatures with odd power."},
                            {"id": "y", "name": "Y", "controller": "B", "power": 1, "toughness": 1}],
             "attacks": [{"attacker": "x", "target": "B"}], "blocks": [{"blocker": "y", "attacker": "x"}]}
    v = client.post("/api/check", json=board).json()
    assert any("odd power" in t for t in v["not_understood"])


def test_damage_commander_21(client: TestClient) -> None:
    """CR 903.10a and 704.6c: 16 earlier plus 5 now from the same commander, and B loses."""
    v = client.post("/api/damage", content=(ROOT / "fixtures/damage/commander-damage-21.json").read_bytes()).json()
    assert v["players"]["B"]["commander_damage"] == {"cmd": 21}
    assert v["players"]["B"]["loses"] is True and v["players"]["B"]["loses_by"] == "704.6c"


def test_damage_needs_attacks(client: TestClient) -> None:
    board = json.loads(GORILLA.read_text())
    del board["attacks"], board["blocks"]
    got = client.post("/api/damage", json=board)
    assert got.status_code == 422 and got.json()["problems"][0]["path"] == "$.attacks"


def test_options_as_the_cli(client: TestClient) -> None:
    api = client.post("/api/options?rules=2006", content=GORILLA.read_bytes()).json()
    _, cli = cli_json("options", str(GORILLA), "--rules", "2006")
    assert (api["count"], api["maximum"], api["declarations"]) == (cli["count"], cli["maximum"], cli["declarations"])


def test_card_and_text(client: TestClient) -> None:
    card = client.get("/api/card/Gorilla Berserkers").json()
    assert card["power"] == 2 and card["toughness"] == 3
    assert {"kind": "min_blockers", "n": 3} in [a for s in card["sentences"] for a in s["abilities"]]
    assert client.get("/api/card/No Such Card").status_code == 404
    text = client.post("/api/text", json={"text": "Goad target creature.", "name": "Disrupt Decorum"}).json()
    assert text["sentences"][0]["status"] == "understood"
    # Free text is held to a board's oracle limit (5,000 characters), with the field named: a long text would
    # otherwise be read sentence by sentence up to the body limit (1 MB: 11 s).
    long = client.post("/api/text", json={"text": "Flying. " * 700, "name": None})
    assert long.status_code == 422
    assert long.json()["problems"][0]["path"] == "$.text" and "5000" in long.json()["problems"][0]["message"]
    assert client.post("/api/text", json={"text": "Flying.", "name": "x" * 301}).status_code == 422
    assert "Grizzly Bears" in client.get("/api/cards", params={"prefix": "griz"}).json()


def test_schema_is_the_board_schema(client: TestClient) -> None:
    schema = client.get("/api/schema").json()
    assert {"players", "permanents", "attacks", "blocks", "damage"} <= set(schema["properties"])


def test_fixtures_are_listed_and_served_and_nothing_else(client: TestClient) -> None:
    listed = client.get("/api/fixtures").json()
    assert len(listed) == len(FIXTURES)
    first = listed[0]["path"]
    assert client.get(f"/api/fixtures/{first}").json() == json.loads((ROOT / "fixtures" / first).read_text())
    assert client.get("/api/fixtures/../pyproject.toml").status_code == 404
    assert client.get("/api/fixtures/%2e%2e/README.md").status_code == 404


def test_the_page_and_its_files_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "/static/app.js" in page.text
    for name in ("app.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200


# Requests a web page on another site could make a browser send: refused before any work.

POSTS = ["/api/check", "/api/damage", "/api/options", "/api/text"]


@pytest.mark.parametrize("path", POSTS)
@pytest.mark.parametrize("media", ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
                                   "multipart/form-data; boundary=x", None])
def test_a_body_that_is_not_json_is_415(client: TestClient, path: str, media: str | None) -> None:
    """A "simple" cross-site request (a form, fetch with text/plain) needs no preflight: never judged."""
    headers = {"Content-Type": media} if media else {}
    request = client.build_request("POST", path, content=GORILLA.read_bytes(), headers=headers)
    if media is None:
        del request.headers["Content-Type"]
    got = client.send(request)
    assert got.status_code == 415, got.text
    assert "application/json" in got.json()["error"]


def test_json_with_a_charset_is_judged(client: TestClient) -> None:
    got = client.post("/api/check", content=GORILLA.read_bytes(),
                      headers={"Content-Type": "Application/JSON; charset=utf-8"})
    assert got.status_code == 200 and got.json()["legal"] is False


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example", "localhost:80x",
                                  "", "[::2]:8000", "127.0.0.2"])
def test_a_foreign_host_is_400(client: TestClient, host: str) -> None:
    """DNS rebinding: a page of evil.example whose name now resolves here still says Host: evil.example."""
    for method, path in (("GET", "/"), ("GET", "/api/schema"), ("POST", "/api/check")):
        got = client.request(method, path, headers={"Host": host}, content=GORILLA.read_bytes())
        assert got.status_code == 400, (method, path, host)
        assert "Host" in got.json()["error"]


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.1:8000", "localhost", "LOCALHOST:1", "[::1]:8000"])
def test_the_served_names_are_answered(client: TestClient, host: str) -> None:
    assert client.post("/api/check", headers={"Host": host}, content=GORILLA.read_bytes()).status_code == 200


DEEP = b"[" * 30_000 + b"]" * 30_000  # within this client's 64 KiB bodies; far past what json.loads can recurse


@pytest.mark.parametrize(("path", "body"), [
    ("/api/text", b'{"text": "Flying", "name": ' + DEEP + b"}"),
    ("/api/text", DEEP),
    ("/api/check", DEEP),
    ("/api/check", b'{"version": 1, "meta": ' + DEEP + b"}"),
    ("/api/damage", DEEP),
    ("/api/options", b'{"players": ' + b'{"a": ' * 9_000 + b"1" + b"}" * 9_000 + b"}"),
])
def test_deeply_nested_json_is_422_naming_it(client: TestClient, path: str, body: bytes) -> None:
    got = client.post(path, content=body)
    assert got.status_code == 422, got.text
    assert "nested more than 100 levels deep" in json.dumps(got.json())
    assert "Traceback" not in got.text


def test_nesting_just_within_the_limit_is_read(client: TestClient) -> None:
    board = json.loads(GORILLA.read_text())
    board["meta"] = {"deep": json.loads("[" * 98 + "]" * 98)}  # 100 levels, the board object the first
    assert client.post("/api/check", json=board).status_code == 200
    board["meta"] = {"deep": json.loads("[" * 99 + "]" * 99)}
    assert client.post("/api/check", json=board).status_code == 422


@pytest.mark.parametrize("name", ["a" * 5000, "a" * 5000 + ".json", "article/" + "b" * 5000 + ".json",
                                  "/".join(["x"] * 2500) + ".json", "article/gorilla-no-block.json%00",
                                  "%2e%2e/article/gorilla-no-block.json", "/etc/passwd.json"])
def test_a_fixture_name_that_is_no_fixture_is_404(client: TestClient, name: str) -> None:
    got = client.get("/api/fixtures/" + name)
    assert got.status_code == 404, got.text
    assert len(got.text) < 500  # the name is not echoed whole


def test_a_card_name_that_long_is_404(client: TestClient) -> None:
    assert client.get("/api/card/" + "a" * 5000).status_code == 404


@pytest.mark.parametrize("route", ["/api/check", "/api/damage", "/api/options", "/api/text"])
def test_json_nested_too_deep_for_the_decoder_is_422(client: TestClient, route: str) -> None:
    """30,000 levels (within the body limit): ``json.loads`` raises RecursionError on it; the API says 422."""
    got = client.post(route, content=b"[" * 30_000 + b"]" * 30_000)
    assert got.status_code == 422, got.text
    assert "error" in got.json()


def _with_text(fixture: str, index: int, oracle: str, tmp_path: Path, name: str = "Mogg Conscripts") -> Path:
    board = json.loads((ROOT / fixture).read_text())
    board["permanents"][index].update(name=name, oracle=oracle)
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board))
    return path


@pytest.mark.parametrize(("route", "fixture", "index"), [
    ("check", "fixtures/text/article/gorilla-no-block.json", 3),
    ("damage", "fixtures/damage/double-strike-trample.json", 1),
])
def test_undecided_by_unread_text_keeps_what_it_judged_apart(client: TestClient, tmp_path: Path, route: str,
                                                             fixture: str, index: int) -> None:
    """As the CLI: undecided, with what the checker found ignoring the unread text in ``ignoring_unread`` and no
    figures at the top (the page shows them under "Ignoring the unread text")."""
    # a blocker's unread text bears on the blocks (a sentence only of attacking would not, 509.1)
    path = (_with_text(fixture, index, "Sneaky Homunculus can't block or be blocked by creatures with power 2 or "
                       "greater.", tmp_path, "Sneaky Homunculus") if route == "check" else
            _with_text(fixture, index, "Urborg Scavengers has flying as long as a card exiled with it has flying.",
                       tmp_path, "Urborg Scavengers"))
    got = client.post(f"/api/{route}", content=path.read_bytes())
    code, cli = cli_json(route, str(path))
    assert got.status_code == 200 and code == 3
    v = got.json()
    assert v == cli
    assert v["legal"] is None and v["undecided_reason"] == "text not understood"
    assert v["ignoring_unread"]["legal"] is v["if_ignored"] is (route == "damage")
    if route == "check":
        assert v["alternatives"] == {} and v["requirements"]["maximum"] is None
        assert v["ignoring_unread"]["alternatives"] == {"rules=2006": True}
        assert v["ignoring_unread"]["requirements"]["maximum"] == 2
    else:
        assert v["players"] == {} and v["ignoring_unread"]["players"]["B"]["life"] == 16
