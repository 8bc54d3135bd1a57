"""What the page's browser tests share: a system Chromium for pytest-playwright, ``legality serve`` on a free
port of 127.0.0.1, and the few steps every test takes on the page (open it, wait for a ruling, add a card).

A test module defines its two fixtures, ``browser_type_launch_args`` and ``server``, in three lines each from
``launch_args`` and ``serving`` here. Nothing here talks to any other machine; no browser is downloaded.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright", reason="the browser tests need the [test] extra (pytest-playwright)")
pytest.importorskip("uvicorn", reason="the page needs the [serve] extra (uvicorn)")

from playwright.sync_api import Browser, BrowserContext, Page, expect

ROOT = Path(__file__).resolve().parent.parent
CANDIDATES = ("/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/chromium-browser")
DESKTOP: dict[str, Any] = {"viewport": {"width": 1366, "height": 900}}
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
WAIT_MS = 15000
"""How long a step may wait for the page (a ruling, a card's reading): generous, as the machine may be loaded."""


def chromium_path() -> str | None:
    """A system Chromium: $LEGALITY_CHROMIUM, else Debian's package, else one on the PATH."""
    env = os.environ.get("LEGALITY_CHROMIUM")
    if env:
        return env
    for path in CANDIDATES:
        if os.access(path, os.X_OK):
            return path
    return shutil.which("chromium") or shutil.which("chromium-browser")


def launch_args(playwright_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's launch options, pointed at the system Chromium (skip when there is none)."""
    path = chromium_path()
    if path is None:
        pytest.skip("no Chromium installed (apt-get install chromium, or set LEGALITY_CHROMIUM)")
    return {**playwright_args, "executable_path": path, "args": ["--no-sandbox"]}


def start_server(root: Path = ROOT, cards: Path | None = None,
                 data_dir: Path | None = None) -> tuple[subprocess.Popen[str], str]:
    """``legality serve`` from ``root`` in a process of its own on a free port of 127.0.0.1, as a judge would
    start it (two workers: the machine has two cores); returns once the page answers. Its card library is the
    card file ``cards`` (``--cards``), else the one stored in ``data_dir``, else the built-in cards: never the
    library of the user's own data folder, so the tests see the same cards everywhere."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if k != "LEGALITY_CARDS"}
    env["PYTHONPATH"] = os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])
    env["LEGALITY_DATA_DIR"] = str(data_dir or Path(tempfile.mkdtemp(prefix="legality-page-data-")))
    proc = subprocess.Popen([sys.executable, "-c", "import cli; cli.main()", "serve", "--port", str(port),
                             "--workers", "2", "--fixtures", str(root / "fixtures"),
                             *(["--cards", str(cards)] if cards else [])], cwd=root, env=env,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    said = proc.stderr.readline()  # printed before it starts listening
    assert f"http://127.0.0.1:{port}/" in said and "only this machine" in said, said
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1):
                break
        except OSError:
            assert proc.poll() is None, "legality serve stopped"
            assert time.monotonic() < deadline, "legality serve did not answer within 30 s"
            time.sleep(0.05)
    return proc, f"http://127.0.0.1:{port}"


def serving(cards: Path | None = None) -> Iterator[str]:
    """The base URL of a ``legality serve`` of this checkout while it runs (for the tests of one module), with
    the card file ``cards`` if given (else the built-in cards)."""
    with tempfile.TemporaryDirectory(prefix="legality-page-data-") as data:
        yield from _run(start_server(cards=cards, data_dir=Path(data)))


def _run(started: tuple[subprocess.Popen[str], str]) -> Iterator[str]:
    proc, base = started
    try:
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def ruling_after(page: Page, action: Callable[[], Any]) -> None:
    """Do ``action`` and wait for the ruling it causes to be on screen."""
    before = page.evaluate("window.__legality.seq")
    action()
    page.wait_for_function(f"window.__legality.seq > {before}", timeout=WAIT_MS)


def open_page(browser: Browser, base: str, phone: bool = False, path: str = "/") -> tuple[BrowserContext, Page]:
    """A new browser context (desktop, or a 390 x 844 phone) on the page, once it is ready and ruled."""
    context = browser.new_context(**(PHONE if phone else DESKTOP))
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    expect.set_options(timeout=WAIT_MS)
    page.goto(base + path)
    page.wait_for_function("window.__legality.ready && window.__legality.seq > 0")
    return context, page


def add_card(page: Page, name: str, controller: str) -> None:
    """Add the library card ``name`` for player ``controller`` by its name, and wait for the ruling."""
    page.get_by_label("Card name").fill(name)
    page.get_by_label("Controller of the new card").select_option(controller)
    ruling_after(page, lambda: page.get_by_role("button", name="Add card", exact=True).click())


def add_custom(page: Page, name: str, text: str, controller: str, power: int | None = 2,
               toughness: int | None = 2) -> None:
    """Add a custom permanent from free rules text (a creature when power and toughness are given)."""
    form = page.locator("#custom-box")
    if form.get_attribute("open") is None:
        form.locator("summary").click()
    page.get_by_label("Name of the custom permanent").fill(name)
    page.get_by_label("Rules text of the custom permanent").fill(text)
    page.get_by_label("Card type of the custom permanent").select_option("creature" if power is not None
                                                                         else "enchantment")
    if power is not None and toughness is not None:
        page.get_by_label("Power of the custom permanent").fill(str(power))
        page.get_by_label("Toughness of the custom permanent").fill(str(toughness))
    page.get_by_label("Controller of the custom permanent").select_option(controller)
    ruling_after(page, lambda: page.get_by_role("button", name="Add custom permanent").click())


def pick(page: Page, pid: str) -> None:
    """Click the card of permanent ``pid`` (its button), without waiting for anything."""
    page.locator(f'[data-key="pick-{pid}"]').click()


def board_of(page: Page) -> Any:
    """The board the page holds (the board file it would download)."""
    return page.evaluate("JSON.parse(JSON.stringify(window.__legality.board()))")


def verdict(page: Page) -> str:
    """The verdict's headline word on screen: LEGAL, ILLEGAL, UNDECIDED, or the dash."""
    return str(page.locator("#verdict .word").inner_text()).strip()


def focused(page: Page) -> str:
    """What has the keyboard focus: its data-key, else its id, else its tag name."""
    return str(page.evaluate("(() => { const a = document.activeElement; "
                             "return a.dataset.key || a.id || a.tagName.toLowerCase(); })()"))


def no_overflow(page: Page) -> tuple[int, int]:
    """The document's width and the screen's (the page must not scroll sideways). The screen's is the width the
    context was made with: a phone widens its layout viewport (innerWidth) to fit content that runs over."""
    width = page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth, innerWidth)")
    size = page.viewport_size
    assert size is not None
    return int(width), int(size["width"])


ATTACKERS = ("Serra Angel", "Shivan Dragon", "Colossal Dreadmaw", "Gorilla Berserkers", "Boggart Brute",
             "Stalking Tiger", "Hill Giant", "Two-Headed Dragon", "Viashino Warrior", "Gaea's Protector")
BLOCKERS = {"B": ("Grizzly Bears", "Giant Spider", "Hurloon Minotaur", "Razorgrass Screen", "Llanowar Elves"),
            "C": ("Gray Ogre", "Elvish Aberration", "Stone-Tongue Basilisk", "Ember Beast", "Loxodon Gatekeeper"),
            "D": ("Ekundu Cyclops", "Merfolk of the Pearl Trident", "Lord of Atlantis", "Roofstalker Wight",
                  "Watchdog")}
OTHERS = {"A": ("Familiar Ground", "Swamp"), "B": ("Island",), "C": ("Swamp",), "D": ("Island",)}
COMMANDERS = frozenset({"Shivan Dragon", "Giant Spider", "Elvish Aberration", "Lord of Atlantis"})


def card_id(name: str, taken: set[str]) -> str:
    """The id the page gives a card added by name: its name in lower case, words joined by '-', numbered."""
    base = "".join(c if c.isalnum() else "-" for c in name.lower())
    base = "-".join(w for w in base.split("-") if w)
    pid, n = base, 2
    while pid in taken:
        pid, n = f"{base}-{n}", n + 1
    taken.add(pid)
    return pid


def real_commander_board() -> dict[str, Any]:
    """A four-player Commander board of library cards by name only (their text read by the checker): 10
    attackers of player A spread over B, C and D, 15 possible blockers, a commander each, lands and
    enchantments; no blocks declared yet. Each player's graveyard size is given (Stone-Tongue Basilisk's
    threshold reads it), so the board's every sentence is read and its rulings are decided."""
    taken: set[str] = set()
    perms: list[dict[str, Any]] = []
    attacks = []
    defenders = ("B", "C", "D")
    for i, name in enumerate(ATTACKERS):
        pid = card_id(name, taken)
        perms.append({"id": pid, "name": name, "controller": "A", **({"commander": True} if name in COMMANDERS
                                                                    else {})})
        attacks.append({"attacker": pid, "target": defenders[i % 3]})
    for player, blockers in BLOCKERS.items():
        for name in blockers:
            perms.append({"id": card_id(name, taken), "name": name, "controller": player,
                          **({"commander": True} if name in COMMANDERS else {})})
    for player, others in OTHERS.items():
        perms.extend({"id": card_id(name, taken), "name": name, "controller": player} for name in others)
    return {"version": 1, "active_player": "A",
            "players": [{"id": p, "life": 40, "graveyard_size": 3} for p in ("A", *defenders)],
            "permanents": perms, "attacks": attacks, "blocks": []}


def block_click_pairs(board: dict[str, Any], count: int, first: int = 0) -> list[tuple[str, str]]:
    """``count`` (blocker, attacker) pairs of ``board`` to click in turn, each blocker facing an attacker of its
    own controller (a pair clicked again takes its block back)."""
    by_target: dict[str, list[str]] = {}
    for a in board["attacks"]:
        by_target.setdefault(a["target"], []).append(a["attacker"])
    mine: dict[str, list[str]] = {}
    for p in board["permanents"]:
        if p["controller"] in by_target and p["name"] not in OTHERS.get(p["controller"], ()):
            mine.setdefault(p["controller"], []).append(p["id"])
    players = sorted(by_target)
    pairs = []
    for k in range(first, first + count):
        player = players[k % len(players)]
        turn = k // len(players)
        pairs.append((mine[player][turn % len(mine[player])], by_target[player][turn % len(by_target[player])]))
    return pairs
