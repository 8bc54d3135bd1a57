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
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright", reason="the browser tests need the [test] extra (pytest-playwright)")
uvicorn = pytest.importorskip("uvicorn", reason="the page needs the [serve] extra (uvicorn)")

from playwright.sync_api import Browser, Page, expect  # noqa: E402

from legality.serve import ServeSettings, create_app  # noqa: E402

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
    """The app on a free port of 127.0.0.1, in a thread, for the module's tests."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(create_app(ServeSettings(fixtures=ROOT / "fixtures")), host="127.0.0.1", port=port,
                            log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not srv.started and time.monotonic() < deadline:
        time.sleep(0.02)
    assert srv.started, "the server did not start"
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=5)


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

    page.get_by_role("button", name="Gorilla Berserkers (gorilla-berserkers)").click()
    ruling_after(page, lambda: page.get_by_role("button", name="Attack player B").click())
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
    assert ready_ms < 1000, f"the page took {ready_ms:.0f} ms to be usable"


def test_phone_blank_to_ruling(browser: Browser, server: str, tmp_path: Path) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    judge_from_blank(page, server, tmp_path, "phone")
    width = page.evaluate("document.documentElement.scrollWidth")
    context.close()
    assert width <= 390, f"the page is {width} px wide on a 390 px screen: it scrolls sideways"


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


def test_commander_board_click_to_ruling(browser: Browser, server: str, tmp_path: Path) -> None:
    """p95 over 20 clicks that change the declaration, from the click to the ruling on screen, < 200 ms."""
    board_file = tmp_path / "commander.json"
    board_file.write_text(json.dumps(commander_board(7)))
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.set_default_timeout(5000)
    page.goto(server + "/")
    page.wait_for_function("window.__legality.ready")
    ruling_after(page, lambda: page.locator("#upload").set_input_files(str(board_file)))
    expect(page.locator(".card")).to_have_count(25)
    expect(page.get_by_role("radio", name="Blockers")).to_be_checked()  # the file has "blocks"
    clicks = []
    for k in range(20):
        # b_i is controlled by defenders[i % 3] and a_j attacks defenders[j % 3]: pair them by that.
        blocker, attacker = f"b{k % 15}", f"a{(k % 15) % 3 + 3 * (k % 3)}"
        page.locator(f'[data-key="pick-{blocker}"]').click()
        n = page.evaluate("window.__legality.timings.length")
        ruling_after(page, lambda a=attacker: page.locator(f'[data-key="pick-{a}"]').click())
        clicks.append(float(page.evaluate(f"window.__legality.timings[{n}]")))
        expect(page.locator("#verdict")).to_contain_text("LEGAL")
    page.screenshot(path=str(tmp_path / "commander.png"), full_page=True)
    context.close()
    p95 = statistics.quantiles(clicks, n=20)[-1]
    report = (f"Commander-size board (10 attackers, 15 blockers, 3 defenders): click to ruling over 20 clicks: "
              f"median {statistics.median(clicks):.0f} ms, p95 {p95:.0f} ms, max {max(clicks):.0f} ms")
    (tmp_path / "timings.txt").write_text(report + "\n" + json.dumps(clicks))
    print(report)
    assert p95 < 200, report
