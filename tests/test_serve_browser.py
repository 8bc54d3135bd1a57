"""The judge's page driven in headless Chromium (pytest-playwright), from a blank page to a ruling.

What is relied on: 509.1b (a restriction on blocking: Gorilla Berserkers "can't be blocked except
by three or more creatures", so one Grizzly Bears blocking it alone is illegal) and 509.1c (with no
requirement on the board, declaring no blockers is legal). Chromium comes from the system (Debian's
package); no browser is downloaded. Without one the tests are skipped, saying why. The tests of each
part of the page are in tests/test_page_*.py; what they share is in tests/pagekit.py.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pagekit
import pytest
from pagekit import (
    DESKTOP,
    WAIT_MS,
    add_card,
    add_custom,
    block_click_pairs,
    focused,
    no_overflow,
    open_page,
    pick,
    real_commander_board,
    ruling_after,
    verdict,
)
from playwright.sync_api import Browser, Page, expect


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return pagekit.launch_args(browser_type_launch_args)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    yield from pagekit.serving()


def judge_from_blank(page: Page, shots: Path, tag: str) -> None:
    """The tour: three creatures on the two players the page starts with, an attack, an illegal block, the fix."""
    expect(page.locator(".player")).to_have_count(2)  # a new board has players A and B: nothing to add first
    add_card(page, "Gorilla Berserkers", "A")
    add_card(page, "Grizzly Bears", "B")
    add_card(page, "Hill Giant", "B")
    expect(page.locator(".card")).to_have_count(3)
    expect(page.locator("#perm-gorilla-berserkers")).to_contain_text("Trample")  # what the checker reads, shown

    # The attack by keyboard alone: focus the creature, Enter; then the player's button, Enter.
    page.get_by_role("button", name="Gorilla Berserkers (gorilla-berserkers)").focus()
    page.keyboard.press("Enter")
    page.get_by_role("button", name="Attack player B").focus()
    ruling_after(page, lambda: page.keyboard.press("Enter"))
    assert focused(page) == "pick-gorilla-berserkers"  # the focus stays on the attacker, not the page's body
    assert verdict(page) == "LEGAL"

    ruling_after(page, lambda: page.get_by_role("radio", name="Blockers").check())
    pick(page, "grizzly-bears")
    ruling_after(page, lambda: pick(page, "gorilla-berserkers"))
    assert verdict(page) == "ILLEGAL"
    violation = page.locator(".violation").first
    expect(violation).to_contain_text("509.1b")
    expect(violation).to_contain_text("can't be blocked except by 3 or more creatures")
    expect(page.locator("#perm-gorilla-berserkers")).to_have_class("card flagged")
    # Named by the ruling in words, not by colour alone: the card's accessible name says so.
    expect(page.locator('[data-key="pick-gorilla-berserkers"]')).to_have_attribute(
        "aria-label", "Gorilla Berserkers (gorilla-berserkers), Creature — Ape Berserker, 2/3, trample, rampage 2, "
        "attacking Player B, breaks 509.1b")
    expect(page.locator("#perm-gorilla-berserkers .ruled")).to_have_text("breaks 509.1b")
    page.screenshot(path=str(shots / f"{tag}-illegal.png"), full_page=True)

    ruling_after(page, lambda: page.get_by_role("button", name="Show a legal declaration").click())
    assert verdict(page) == "LEGAL"
    expect(page.locator("#declaration")).to_contain_text("No blockers declared")
    assert focused(page) == "ruling"  # the button is gone with the illegal ruling: the focus is on the ruling
    page.screenshot(path=str(shots / f"{tag}-legal.png"), full_page=True)


def test_desktop_blank_to_ruling(browser: Browser, server: str, tmp_path: Path) -> None:
    started = time.perf_counter()
    context, page = open_page(browser, server)
    ready_ms = (time.perf_counter() - started) * 1000
    judge_from_blank(page, tmp_path, "desktop")
    context.close()
    print(f"desktop: page ruled {ready_ms:.0f} ms after opening; screenshots in {tmp_path}")


def test_phone_blank_to_ruling(browser: Browser, server: str, tmp_path: Path) -> None:
    context, page = open_page(browser, server, phone=True)
    judge_from_blank(page, tmp_path, "phone")
    width, viewport = no_overflow(page)
    context.close()
    assert width <= viewport, f"the page is {width} px wide on a {viewport} px screen: it scrolls sideways"


def test_fixture_list_link_and_unread_text(browser: Browser, server: str, tmp_path: Path) -> None:
    """A fixture opened from the list; the same board from its link; unread text on a custom permanent makes
    the ruling UNDECIDED, and what ignoring it finds is shown apart, never as the ruling."""
    context, page = open_page(browser, server)
    page.wait_for_selector('#fixture option[value="article/gorilla-no-block.json"]', state="attached")
    ruling_after(page, lambda: page.get_by_label("Open a fixture").select_option("article/gorilla-no-block.json"))
    assert verdict(page) == "ILLEGAL"  # 509.1c: both Screens and the Bears can block
    expect(page.locator("#ruling-body")).to_contain_text("rules 2006: LEGAL")  # the article's answer
    expect(page.locator("#notice")).to_contain_text("Opened the fixture article/gorilla-no-block.json")
    page.wait_for_function("location.hash.startsWith('#z=')")
    link = page.url

    other = context.new_page()
    other.set_default_timeout(WAIT_MS)
    other.goto(link)
    other.wait_for_function("window.__legality.ready && window.__legality.seq > 0")
    expect(other.locator(".card")).to_have_count(4)
    assert verdict(other) == "ILLEGAL"

    add_custom(other, "Odd Wall", "This creature can't be blocked by creatures with odd power.", "A")
    expect(other.locator("#perm-odd-wall .s-not-understood")).to_have_count(1)
    expect(other.locator("#perm-odd-wall .tag")).to_have_text("custom")
    expect(other.locator("#ruling-body")).to_contain_text("Rules text not understood")
    assert verdict(other) == "UNDECIDED"
    ignoring = other.locator("#ignoring-unread")
    expect(ignoring).to_contain_text("Ignoring the unread text: ILLEGAL")
    expect(ignoring).to_contain_text("rules 2006: LEGAL")
    expect(ignoring).to_contain_text("obeys 0, maximum 2")
    outside = other.evaluate("[...document.querySelectorAll('#ruling-body > :not(#ignoring-unread)')]"
                             ".map((e) => e.textContent).join(' ')")
    assert "rules 2006" not in outside and "obeys" not in outside, outside
    expect(other.get_by_role("button", name="Show a legal declaration")).to_have_count(0)
    other.screenshot(path=str(tmp_path / "unread.png"), full_page=True)
    context.close()


def click_to_ruling(page: Page, pairs: list[tuple[str, str]]) -> tuple[list[float], list[float], list[float]]:
    """Click each (blocker, attacker) pair in turn (a block added, or taken back): per click, the ms from the
    click to its ruling on screen measured in the page, the same measured from here (Playwright's round trips
    included), and the ms the server spent judging (its Server-Timing header)."""
    in_page, outside, judged = [], [], []
    for blocker, attacker in pairs:
        pick(page, blocker)
        n = page.evaluate("window.__legality.timings.length")
        started = time.perf_counter()
        ruling_after(page, lambda: pick(page, attacker))  # noqa: B023 (called at once)
        outside.append((time.perf_counter() - started) * 1000)
        in_page.append(float(page.evaluate(f"window.__legality.timings[{n}]")))
        judged.append(float(page.evaluate("window.__legality.judge") or 0))
        assert verdict(page) in ("LEGAL", "ILLEGAL", "UNDECIDED")
    return in_page, outside, judged


def figures(xs: list[float]) -> str:
    p95 = statistics.quantiles(xs, n=20)[-1]
    return f"median {statistics.median(xs):.0f} ms, p95 {p95:.0f} ms, max {max(xs):.0f} ms"


def test_commander_board_click_to_ruling(browser: Browser, server: str, tmp_path: Path) -> None:
    """On a Commander board of real library cards (4 players, 10 attackers, 15 possible blockers, lands and
    enchantments), 30 clicks that change the declaration each get their ruling on screen; the time from the
    click to the ruling is measured and reported (target: p95 under 200 ms in the page).

    Speed is reported, not asserted tightly: a test suite on a shared machine is no benchmark. The
    assertion only catches a page that stalls (p95 over 2 s). A round spoiled by another process's
    burst is measured once more, and both rounds are reported."""
    board = real_commander_board()
    board_file = tmp_path / "commander.json"
    board_file.write_text(json.dumps(board))
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    page.goto(server + "/")
    page.wait_for_function("window.__legality.ready")
    ruling_after(page, lambda: page.locator("#upload").set_input_files(str(board_file)))
    expect(page.locator(".card")).to_have_count(len(board["permanents"]))
    expect(page.get_by_role("radio", name="Blockers")).to_be_checked()  # the file has "blocks"
    expect(page.locator(".card .typeline", has_text="reading the card")).to_have_count(0)  # every card read
    reports, best = [], float("inf")
    for first in (0, 30):
        in_page, outside, judged = click_to_ruling(page, block_click_pairs(board, 30, first))
        p95 = statistics.quantiles(in_page, n=20)[-1]
        best = min(best, p95)
        reports.append(f"Commander board of real cards ({len(board['permanents'])} permanents, 4 players), 30 clicks: "
                       f"click to ruling in the page {figures(in_page)}; from the test {figures(outside)}; "
                       f"server judging median {statistics.median(judged):.0f} ms")
        if p95 < 200:
            break
    page.screenshot(path=str(tmp_path / "commander.png"), full_page=True)
    context.close()
    (tmp_path / "timings.txt").write_text("\n".join(reports) + "\n")
    print("\n".join(reports))
    assert best < 2000, "\n".join(reports)
