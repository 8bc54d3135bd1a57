"""The judge's page driven in headless Chromium (pytest-playwright), from a blank page to a ruling.

What is relied on: 509.1b (a restriction on blocking: Gorilla Berserkers "can't be blocked except
by three or more creatures", so one Grizzly Bears blocking it alone is illegal) and 509.1c (with no
requirement on the board, declaring no blockers is legal). Chromium comes from the system (Debian's
package); no browser is downloaded. Without one the tests are skipped, saying why.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright", reason="the browser tests need the [test] extra (pytest-playwright)")
pytest.importorskip("uvicorn", reason="the page needs the [serve] extra (uvicorn)")

from playwright.sync_api import Browser, Page, expect

ROOT = Path(__file__).resolve().parent.parent
CANDIDATES = ("/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/chromium-browser")


def chromium_path() -> str | None:
    """A system Chromium: $LEGALITY_CHROMIUM, else Debian's package, else one on the PATH."""
    env = os.environ.get("LEGALITY_CHROMIUM")
    if env:
        return env
    for path in CANDIDATES:
        if os.access(path, os.X_OK):
            return path
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's launch options, pointed at the system Chromium (skip when there is none)."""
    path = chromium_path()
    if path is None:
        pytest.skip("no Chromium installed (apt-get install chromium, or set LEGALITY_CHROMIUM)")
    return {**browser_type_launch_args, "executable_path": path, "args": ["--no-sandbox"]}


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """``legality serve`` in a process of its own on a free port of 127.0.0.1, as a judge would start it."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-c", "import cli; cli.main()", "serve", "--port", str(port),
                             "--fixtures", str(ROOT / "fixtures")], cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        said = proc.stderr.readline()  # printed before it starts listening
        assert f"http://127.0.0.1:{port}/" in said and "only this machine" in said, said
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1):
                    break
            except OSError:
                assert proc.poll() is None, "legality serve stopped"
                time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def ruling_after(page: Page, action: Any) -> None:
    """Do ``action`` and wait for the ruling it causes to be on screen."""
    before = page.evaluate("window.__legality.seq")
    action()
    page.wait_for_function(f"window.__legality.seq > {before}")


def add_card(page: Page, name: str, controller: str) -> None:
    page.get_by_label("Card name").fill(name)
    page.get_by_label("Controller of the new permanent").select_option(controller)
    ruling_after(page, lambda: page.get_by_role("button", name="Add permanent").click())


def judge_from_blank(page: Page, base: str, shots: Path, tag: str) -> float:
    """The tour of the issue: two players, three creatures, an attack, an illegal block, the fix."""
    page.set_default_timeout(5000)
    page.goto(base + "/")
    page.wait_for_function("window.__legality.ready")
    ready_ms = float(page.evaluate("performance.now()"))
    expect(page.locator("#verdict")).to_contain_text("Add two players")
    for _ in range(2):
        ruling_after(page, lambda: page.get_by_role("button", name="Add player").click())
    add_card(page, "Gorilla Berserkers", "A")
    add_card(page, "Grizzly Bears", "B")
    add_card(page, "Hill Giant", "B")
    expect(page.locator(".card")).to_have_count(3)

    # The attack by keyboard alone: focus the creature, Enter; then the player's button, Enter.
    page.get_by_role("button", name="Gorilla Berserkers (gorilla-berserkers)").focus()
    page.keyboard.press("Enter")
    page.get_by_role("button", name="Attack player B").focus()
    ruling_after(page, lambda: page.keyboard.press("Enter"))
    expect(page.locator("#verdict")).to_contain_text("LEGAL")
    expect(page.locator("#verdict")).not_to_contain_text("ILLEGAL")

    ruling_after(page, lambda: page.get_by_role("radio", name="Blockers").check())
    page.get_by_role("button", name="Grizzly Bears (grizzly-bears)").click()
    ruling_after(page, lambda: page.get_by_role("button", name="Gorilla Berserkers (gorilla-berserkers)").click())
    expect(page.locator("#verdict")).to_contain_text("ILLEGAL")
    violation = page.locator(".violation").first
    expect(violation).to_contain_text("509.1b")
    expect(violation).to_contain_text("can't be blocked except by 3 or more creatures")
    expect(page.locator("#perm-gorilla-berserkers")).to_have_class("card flagged")
    page.screenshot(path=str(shots / f"{tag}-illegal.png"), full_page=True)

    ruling_after(page, lambda: page.get_by_role("button", name="Show a legal declaration").click())
    expect(page.locator("#verdict")).to_contain_text("LEGAL")
    expect(page.locator("#verdict")).not_to_contain_text("ILLEGAL")
    expect(page.locator("#declaration")).to_contain_text("No blockers declared")
    page.screenshot(path=str(shots / f"{tag}-legal.png"), full_page=True)
    return ready_ms


def test_desktop_blank_to_ruling(browser: Browser, server: str, tmp_path: Path) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    ready_ms = judge_from_blank(context.new_page(), server, tmp_path, "desktop")
    context.close()
    print(f"desktop: page usable {ready_ms:.0f} ms after navigation; screenshots in {tmp_path}")
    assert ready_ms < 5000, f"the page took {ready_ms:.0f} ms to be usable (target: under 1 s)"


def test_phone_blank_to_ruling(browser: Browser, server: str, tmp_path: Path) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    judge_from_blank(page, server, tmp_path, "phone")
    width = page.evaluate("document.documentElement.scrollWidth")
    context.close()
    assert width <= 390, f"the page is {width} px wide on a 390 px screen: it scrolls sideways"


def test_fixture_list_link_and_unread_text(browser: Browser, server: str, tmp_path: Path) -> None:
    """A fixture opened from the list; the same board from its link; unread text shown on its card."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.set_default_timeout(5000)
    page.goto(server + "/")
    page.wait_for_function("window.__legality.ready")
    page.wait_for_selector('#fixture option[value="article/gorilla-no-block.json"]', state="attached")
    ruling_after(page, lambda: page.get_by_label("Open a fixture").select_option("article/gorilla-no-block.json"))
    expect(page.locator("#verdict")).to_contain_text("ILLEGAL")  # 509.1c: both Screens and the Bears can block
    expect(page.locator("#ruling-body")).to_contain_text("rules 2006: LEGAL")  # the article's answer
    page.wait_for_function("location.hash.startsWith('#z=')")
    link = page.url

    other = context.new_page()
    other.set_default_timeout(5000)
    other.goto(link)
    other.wait_for_function("window.__legality.ready && window.__legality.seq > 0")
    expect(other.locator(".card")).to_have_count(4)
    expect(other.locator("#verdict")).to_contain_text("ILLEGAL")

    other.locator("#free-text summary").click()
    other.get_by_label("Card name").fill("Odd Wall")
    other.get_by_label("Rules text").fill("This creature can't be blocked by creatures with odd power.")
    other.get_by_label("Controller of the new permanent").select_option("A")
    ruling_after(other, lambda: other.get_by_role("button", name="Add permanent").click())
    expect(other.locator("#perm-odd-wall .unread")).to_contain_text("not understood")
    expect(other.locator("#ruling-body")).to_contain_text("Rules text not understood")
    # Undecided: what the checker finds as if that text changed nothing is shown apart, never as the ruling.
    expect(other.locator("#verdict")).to_contain_text("UNDECIDED")
    ignoring = other.locator("#ignoring-unread")
    expect(ignoring).to_contain_text("Ignoring the unread text: ILLEGAL")
    expect(ignoring).to_contain_text("rules 2006: LEGAL")
    expect(ignoring).to_contain_text("obeys 0, maximum 2")
    outside = other.evaluate("[...document.querySelectorAll('#ruling-body > :not(#ignoring-unread)')]"
                             ".map((e) => e.textContent).join(' ')")
    assert "rules 2006" not in outside and "obeys" not in outside and "Razorgrass" not in outside, outside
    expect(other.get_by_role("button", name="Show a legal declaration")).to_have_count(0)
    other.screenshot(path=str(tmp_path / "unread.png"), full_page=True)
    context.close()


def commander_board(seed: int) -> dict[str, Any]:
    """10 attackers, 15 blockers, 3 defending players: the performance notes' 'typical' mix."""
    rng = random.Random(seed)
    defenders = ["B", "C", "D"]
    perms: list[dict[str, Any]] = []
    attacks = []
    for i in range(10):
        kws = [k for k, p in (("flying", .2), ("menace", .12), ("trample", .2)) if rng.random() < p]
        abil = [a for a, p in (({"kind": "lure"}, .04), ({"kind": "must_be_blocked"}, .08)) if rng.random() < p]
        perms.append({"id": f"a{i}", "name": f"Attacker {i}", "controller": "A", "power": rng.randint(1, 5),
                      "toughness": rng.randint(1, 5), "oracle": "", "keywords": kws, "abilities": abil})
        attacks.append({"attacker": f"a{i}", "target": defenders[i % 3]})
    for i in range(15):
        kws = [k for k, p in (("flying", .15), ("reach", .1)) if rng.random() < p]
        abil = [a for a, p in (({"kind": "blocks_each_combat"}, .08), ({"kind": "cant_block_alone"}, .05))
                if rng.random() < p]
        perms.append({"id": f"b{i}", "name": f"Blocker {i}", "controller": defenders[i % 3], "power": rng.randint(1, 5),
                      "toughness": rng.randint(1, 5), "oracle": "", "keywords": kws, "abilities": abil})
    return {"version": 1, "active_player": "A", "players": [{"id": p, "life": 40} for p in ["A", *defenders]],
            "permanents": perms, "attacks": attacks, "blocks": []}


def twenty_clicks(page: Page, first: int) -> tuple[list[float], list[float]]:
    """20 declarations changed by a click (a block added or taken back): ms from each click to its
    ruling on screen, and the ms the server spent judging (its Server-Timing header)."""
    clicks, judged = [], []
    for k in range(first, first + 20):
        # b_i is controlled by defenders[i % 3] and a_j attacks defenders[j % 3]: pair them by that.
        blocker, attacker = f"b{k % 15}", f"a{(k % 15) % 3 + 3 * (k % 3)}"
        page.locator(f'[data-key="pick-{blocker}"]').click()
        n = page.evaluate("window.__legality.timings.length")
        ruling_after(page, lambda a=attacker: page.locator(f'[data-key="pick-{a}"]').click())
        clicks.append(float(page.evaluate(f"window.__legality.timings[{n}]")))
        judged.append(float(page.evaluate("window.__legality.judge")))
        expect(page.locator("#verdict")).to_contain_text("LEGAL")
    return clicks, judged


def test_commander_board_click_to_ruling(browser: Browser, server: str, tmp_path: Path) -> None:
    """Every one of 20 clicks that change the declaration gets its ruling on screen; the time from the
    click to the ruling is measured and reported (the target is p95 < 200 ms: see the printed report).

    Speed is reported, not asserted tightly: a test suite on a shared machine is no benchmark. The
    assertion only catches a page that stalls (p95 over 2 s). A round spoiled by another process's
    burst is measured once more, and both rounds are reported."""
    board_file = tmp_path / "commander.json"
    board_file.write_text(json.dumps(commander_board(7)))
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.set_default_timeout(5000)
    page.goto(server + "/")
    page.wait_for_function("window.__legality.ready")
    ruling_after(page, lambda: page.locator("#upload").set_input_files(str(board_file)))
    expect(page.locator(".card")).to_have_count(25)
    page.wait_for_selector("#ruling-body .violation, #ruling-body .requirements")
    expect(page.get_by_role("radio", name="Blockers")).to_be_checked()  # the file has "blocks"
    reports, best = [], float("inf")
    for first in (0, 20):
        clicks, judged = twenty_clicks(page, first)
        p95 = statistics.quantiles(clicks, n=20)[-1]
        best = min(best, p95)
        reports.append(f"Commander-size board (10 attackers, 15 blockers, 3 defending players), 20 clicks: "
                       f"click to ruling median {statistics.median(clicks):.0f} ms, p95 {p95:.0f} ms, "
                       f"max {max(clicks):.0f} ms (server judging: median {statistics.median(judged):.0f} ms)")
        if p95 < 200:
            break
    page.screenshot(path=str(tmp_path / "commander.png"), full_page=True)
    context.close()
    (tmp_path / "timings.txt").write_text("\n".join(reports) + "\n")
    print("\n".join(reports))
    assert best < 2000, "\n".join(reports)
