"""Rulings as the CLI gives them: the page shows exactly the API's verdict, UNDECIDED for damage included; an
UNDECIDED ruling shows no figure as if decided (what ignoring the unread text finds is apart, under its own
heading); the effect presets (goad, provoke, must be blocked, Fog) are read as their rules say.

What is relied on: 701.15b (a goaded creature attacks each combat if able), 702.39a (provoke: the target
blocks the provoking creature if able), 509.1c (requirements on blocking: "must be blocked if able", and a
declaration must obey as many as possible); Fog's damage prevention (615) is shown as the checker reads it:
read, or not understood (and then every ruling on the board is UNDECIDED), the same as POST /api/text says.
"""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pagekit
import pytest
from pagekit import (
    ROOT,
    add_card,
    add_custom,
    board_of,
    open_page,
    pick,
    ruling_after,
    verdict,
)
from playwright.sync_api import Browser, Page, Route, expect


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return pagekit.launch_args(browser_type_launch_args)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    yield from pagekit.serving()


def add_effect(page: Page, kind: str, controller: str, targets: list[str], source: str = "") -> None:
    """Add an effect from the form's presets (``kind`` is a preset's value), and wait for the ruling."""
    box = page.locator("#effect-box")
    if box.get_attribute("open") is None:
        box.locator("summary").click()
    page.get_by_label("Kind of effect").select_option(kind)
    page.get_by_label("Source of the effect").select_option(source)
    page.get_by_label("Controller of the effect").select_option(controller)
    for target in targets:
        page.locator(f'[data-key="target-{target}"]').check()
    ruling_after(page, lambda: page.get_by_role("button", name="Add effect").click())


def attack(page: Page, attacker: str, player: str) -> None:
    pick(page, attacker)
    ruling_after(page, lambda: page.get_by_role("button", name=f"Attack player {player}").click())


def step(page: Page, name: str) -> None:
    ruling_after(page, lambda: page.get_by_role("radio", name=name).check())


def test_goad_with_a_neutral_source_is_understood(browser: Browser, server: str) -> None:
    context, page = open_page(browser, server)
    add_card(page, "Grizzly Bears", "A")
    add_card(page, "Hill Giant", "B")
    add_effect(page, "goad", "B", ["grizzly-bears"])
    effect = board_of(page)["effects"][0]
    assert effect["source"] == "Goad" and effect["text"] == "Goad target creature." and "source_id" not in effect
    expect(page.locator("#effects")).to_contain_text("read as: goaded")
    assert verdict(page) == "ILLEGAL"  # the goaded Bears must attack
    expect(page.locator("#ruling-body")).to_contain_text("701.15b")
    attack(page, "grizzly-bears", "B")
    assert verdict(page) == "LEGAL"
    context.close()


def test_provoke_needs_its_source_and_then_is_obeyed(browser: Browser, server: str) -> None:
    context, page = open_page(browser, server)
    add_card(page, "Krosan Vorine", "A")
    add_card(page, "Hill Giant", "B")
    add_card(page, "Grizzly Bears", "B")
    attack(page, "krosan-vorine", "B")
    page.locator("#effect-box summary").click()
    page.get_by_label("Kind of effect").select_option("provoke")
    page.get_by_role("button", name="Add effect").click()
    expect(page.locator("#effect-error")).to_contain_text("Provoke needs its source")
    add_effect(page, "provoke", "A", ["hill-giant"], source="krosan-vorine")
    effect = board_of(page)["effects"][0]
    assert effect["source_id"] == "krosan-vorine"
    assert effect["text"] == "Target creature defending player controls blocks Krosan Vorine this combat if able."
    step(page, "Blockers")
    assert verdict(page) == "ILLEGAL"  # the Giant can block the Vorine and doesn't
    expect(page.locator("#perm-hill-giant .ruled")).to_contain_text("misses a requirement")
    pick(page, "hill-giant")
    ruling_after(page, lambda: pick(page, "krosan-vorine"))
    assert verdict(page) == "LEGAL"
    context.close()


def test_must_be_blocked(browser: Browser, server: str) -> None:
    context, page = open_page(browser, server)
    add_card(page, "Grizzly Bears", "A")
    add_card(page, "Hill Giant", "B")
    attack(page, "grizzly-bears", "B")
    add_effect(page, "must-be-blocked", "A", ["grizzly-bears"])
    step(page, "Blockers")
    assert verdict(page) == "ILLEGAL"
    pick(page, "hill-giant")
    ruling_after(page, lambda: pick(page, "grizzly-bears"))
    assert verdict(page) == "LEGAL"
    context.close()


def cli_damage(board: dict[str, Any], tmp_path: Path) -> tuple[int, dict[str, Any]]:
    """``legality damage FILE --json`` on ``board``: its exit code and verdict."""
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board))
    done = subprocess.run([sys.executable, "-c", "import cli; cli.main()", "damage", str(path), "--json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    return done.returncode, json.loads(done.stdout)


def damage_matches_cli(page: Page, tmp_path: Path) -> dict[str, Any]:
    """The page's damage ruling is the CLI's on the same board: its word and its JSON."""
    code, cli = cli_damage(board_of(page), tmp_path)
    page_verdict = page.evaluate("window.__legality.verdict()")
    assert verdict(page) == {0: "LEGAL", 1: "ILLEGAL", 3: "UNDECIDED"}[code]
    for key in ("legal", "undecided", "undecided_reason", "if_ignored", "not_understood", "players", "destroyed"):
        assert page_verdict.get(key) == cli.get(key), key
    return cli


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_damage_view_is_undecided_as_the_cli_on_unread_text(browser: Browser, server: str, tmp_path: Path,
                                                               phone: bool) -> None:
    context, page = open_page(browser, server, phone=phone)
    # Phytohydra's replacement, not read: it can change only what the damage does (a blocking restriction could
    # not: the damage follows the declarations as made, 509.1h)
    add_custom(page, "Odd Wall", "If damage would be dealt to this creature, put that many +1/+1 counters on it "
               "instead.", "A", 3, 3)
    add_card(page, "Grizzly Bears", "B")
    attack(page, "odd-wall", "B")
    step(page, "Blockers")
    step(page, "Damage")
    cli = damage_matches_cli(page, tmp_path)
    assert cli["legal"] is None and cli["undecided_reason"] == "text not understood"
    assert verdict(page) == "UNDECIDED"
    expect(page.locator("#verdict")).to_contain_text("1 sentence of rules text not understood")
    expect(page.locator("#ignoring-unread")).to_contain_text(f"Ignoring the unread text: "
                                                             f"{'LEGAL' if cli['if_ignored'] else 'ILLEGAL'}")
    outside = page.evaluate("[...document.querySelectorAll('#ruling-body > :not(#ignoring-unread)')]"
                            ".map((e) => e.textContent).join(' ')")
    assert "life" not in outside and "Destroyed" not in outside, outside  # no results as if decided
    expect(page.locator("#status-bar")).to_contain_text("UNDECIDED")
    context.close()


def api_reading(server: str, name: str, text: str) -> list[dict[str, Any]]:
    """What POST /api/text reads in ``text``, sentence by sentence."""
    request = urllib.request.Request(server + "/api/text", data=json.dumps({"text": text, "name": name}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as got:
        return list(json.loads(got.read())["sentences"])


def test_fog_is_shown_as_the_checker_reads_it(browser: Browser, server: str, tmp_path: Path) -> None:
    """Fog's preset says, before it is added and on the list of effects, what the checker makes of its text
    (read, or not understood and so UNDECIDED); the damage ruling with it is the CLI's."""
    context, page = open_page(browser, server)
    add_card(page, "Grizzly Bears", "A")
    attack(page, "grizzly-bears", "B")
    page.locator("#effect-box summary").click()
    page.get_by_label("Kind of effect").select_option("fog")
    text = page.get_by_label("Text of the effect").input_value()
    assert text == "Prevent all combat damage that would be dealt this turn."
    sentences = api_reading(server, "Fog", text)
    unread = [s for s in sentences if s["status"] == "not understood"]
    about = page.locator("#effect-about")
    if unread:
        expect(about).to_contain_text("The checker does not understand this text yet")
    else:
        expect(about).to_contain_text("The checker reads it as: " + "; ".join(sentences[0]["described"]))
    add_effect(page, "fog", "B", [])
    expect(page.locator("#effects")).to_contain_text("not understood" if unread else "read as:")
    step(page, "Blockers")
    step(page, "Damage")
    damage_matches_cli(page, tmp_path)
    if unread:
        assert verdict(page) == "UNDECIDED"
        expect(page.locator("#ruling-body")).to_contain_text("prevent all combat damage")
    context.close()


def apart_as_announced(route: Route) -> None:
    """The verdict JSON as the checker is to give it: an undecided verdict's figures judged ignoring the unread
    text moved into ``ignoring_unread``, the top-level ones emptied (a server that gives it already is left alone)."""
    got = route.fetch()
    v = got.json()
    if v.get("undecided_reason") == "text not understood" and "ignoring_unread" not in v:  # a server that gives it
        keys = ("violations", "requirements", "better", "better_is_closest", "costs", "alternatives", "notes")
        v["ignoring_unread"] = {"legal": v["if_ignored"], **{k: v[k] for k in keys}}
        v.update(violations=[], better=None, costs={}, alternatives={}, notes=[],
                 requirements={**v["requirements"], "obeyed": None, "maximum": None, "total": None, "list": [],
                               "missed": []})
    route.fulfill(response=got, json=v)


def test_an_undecided_ruling_reads_ignoring_unread(browser: Browser, server: str) -> None:
    """With the figures in ``ignoring_unread`` (the verdict's coming shape), the page shows them there, under
    'Ignoring the unread text', and none at the top; without it (today's shape), the same."""
    context, page = open_page(browser, server)
    page.route("**/api/check*", apart_as_announced)
    page.wait_for_selector('#fixture option[value="article/gorilla-no-block.json"]', state="attached")
    ruling_after(page, lambda: page.get_by_label("Open a fixture").select_option("article/gorilla-no-block.json"))
    add_custom(page, "Odd Wall", "This creature can't be blocked by creatures with odd power.", "A")
    assert page.evaluate("'ignoring_unread' in window.__legality.verdict()")
    assert verdict(page) == "UNDECIDED"
    ignoring = page.locator("#ignoring-unread")
    expect(ignoring).to_contain_text("Ignoring the unread text: ILLEGAL")
    expect(ignoring).to_contain_text("rules 2006: LEGAL")
    expect(ignoring).to_contain_text("obeys 0, maximum 2")
    expect(ignoring).to_contain_text("509.1c")
    outside = page.evaluate("[...document.querySelectorAll('#ruling-body > :not(#ignoring-unread)')]"
                            ".map((e) => e.textContent).join(' ')")
    assert "rules 2006" not in outside and "obeys" not in outside and "Requirements" not in outside, outside
    expect(page.locator(".card.flagged")).to_have_count(0)  # nothing highlighted as if ruled
    context.close()


def test_a_graveyard_the_text_counts_is_asked_for_and_given(browser: Browser, server: str) -> None:
    """Stone-Tongue Basilisk's threshold (7 or more cards in its controller's graveyard: all creatures able to
    block it do so, 509.1c) reads the graveyard's size: UNDECIDED until the page gives it, as the CLI."""
    context, page = open_page(browser, server)
    add_card(page, "Stone-Tongue Basilisk", "A")
    add_card(page, "Grizzly Bears", "B")
    attack(page, "stone-tongue-basilisk", "B")
    step(page, "Blockers")
    assert verdict(page) == "UNDECIDED"
    expect(page.locator("#ruling-body")).to_contain_text("graveyard_size")
    graveyard = page.get_by_label("Player A cards in graveyard")
    expect(graveyard).to_have_value("")
    for size, word in (("7", "ILLEGAL"), ("6", "LEGAL")):
        graveyard.fill(size)
        ruling_after(page, lambda: graveyard.press("Enter"))
        assert verdict(page) == word, page.locator("#ruling").inner_text()
        assert board_of(page)["players"][0]["graveyard_size"] == int(size)
    graveyard.fill("")
    ruling_after(page, lambda: graveyard.press("Enter"))
    assert "graveyard_size" not in board_of(page)["players"][0] and verdict(page) == "UNDECIDED"
    context.close()


def test_every_result_of_the_defending_players_choices_is_shown(browser: Browser, server: str,
                                                                 tmp_path: Path) -> None:
    """Furnace of Rath and Healing Salve's shield of 3 on B, Grizzly Bears unblocked: B chooses the order of the
    two effects (616.1), which gives B 19 or 20 life; the page lists both results with B's choice, as the CLI's
    verdict does, and says what each effect did."""
    board = {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
             "permanents": [
                 {"id": "bears", "name": "Grizzly Bears", "controller": "A", "types": ["creature"], "power": 2,
                  "toughness": 2, "oracle": ""},
                 {"id": "furnace", "name": "Furnace of Rath", "controller": "A", "types": ["enchantment"],
                  "oracle": "If a source would deal damage to a permanent or player, it deals double that damage to "
                  "that permanent or player instead."}],
             "effects": [{"source": "Healing Salve", "controller": "B", "targets": ["B"],
                          "text": "Prevent the next 3 damage that would be dealt to any target this turn."}],
             "attacks": [{"attacker": "bears", "target": "B"}], "blocks": [], "damage": []}
    path = tmp_path / "salve.json"
    path.write_text(json.dumps(board))
    context, page = open_page(browser, server)
    ruling_after(page, lambda: page.locator("#upload").set_input_files(str(path)))
    cli = damage_matches_cli(page, tmp_path)
    assert len(cli["outcomes"]) == 2
    outcomes = page.locator("#ruling-body .outcomes > li")
    expect(outcomes).to_have_count(2)
    for i, o in enumerate(cli["outcomes"]):
        expect(outcomes.nth(i)).to_contain_text(f"B life {o['players']['B']['life']}")
        expect(outcomes.nth(i)).to_contain_text("B orders the effects on damage to B (616.1)")
    expect(page.locator("#ruling-body")).to_contain_text("614.1a (Furnace of Rath: x2)")
    context.close()
