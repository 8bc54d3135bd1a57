"""Nothing is lost: the board lives in the address and survives the page's own links, a reload and the back
button; changing the step sets later declarations aside instead of deleting them; a file or a link that is not
a board says why and leaves the board as it was; the last changes can be undone and redone.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pagekit
import pytest
from pagekit import (
    WAIT_MS,
    add_card,
    board_of,
    focused,
    open_page,
    pick,
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


def small_board(page: Page) -> None:
    """Three cards, an attack and two blocks: Gorilla Berserkers blocked by the Bears and the Giant (illegal:
    it can't be blocked except by three or more creatures, 509.1b)."""
    add_card(page, "Gorilla Berserkers", "A")
    add_card(page, "Grizzly Bears", "B")
    add_card(page, "Hill Giant", "B")
    pick(page, "gorilla-berserkers")
    ruling_after(page, lambda: page.get_by_role("button", name="Attack player B").click())
    ruling_after(page, lambda: page.get_by_role("radio", name="Blockers").check())
    for blocker in ("grizzly-bears", "hill-giant"):
        pick(page, blocker)
        ruling_after(page, lambda: pick(page, "gorilla-berserkers"))
    assert verdict(page) == "ILLEGAL"


def reloaded(page: Page) -> None:
    page.reload()
    page.wait_for_function("window.__legality.ready && window.__legality.seq > 0", timeout=WAIT_MS)


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_reload_after_skip_to_the_ruling_keeps_the_board(browser: Browser, server: str, phone: bool) -> None:
    context, page = open_page(browser, server, phone=phone)
    small_board(page)
    before = board_of(page)
    page.locator("#skip").focus()  # the first stop of the Tab key
    page.keyboard.press("Enter")
    assert focused(page) == "ruling"
    if phone:  # the verdict bar pinned to the bottom of a phone's screen goes to the ruling too
        page.locator("#status-bar").click()
        assert focused(page) == "ruling"
    assert page.evaluate("location.hash").startswith("#z=")
    reloaded(page)
    assert board_of(page) == before
    assert verdict(page) == "ILLEGAL"
    expect(page.locator(".card")).to_have_count(3)
    context.close()


def test_an_in_page_link_and_the_back_button_keep_the_board(browser: Browser, server: str) -> None:
    context, page = open_page(browser, server)
    small_board(page)
    before = board_of(page)
    page.evaluate("location.hash = '#ruling'")  # any in-page link the page may have, followed by the browser
    page.wait_for_function("location.hash.startsWith('#z=')")
    assert focused(page) == "ruling" and board_of(page) == before
    page.goto(server + "/api/schema")  # away, and back
    page.go_back()
    page.wait_for_function("window.__legality.ready && window.__legality.seq > 0", timeout=WAIT_MS)
    assert board_of(page) == before
    context.close()


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_switching_the_step_keeps_the_blocks(browser: Browser, server: str, phone: bool) -> None:
    context, page = open_page(browser, server, phone=phone)
    small_board(page)
    blocks = board_of(page)["blocks"]
    ruling_after(page, lambda: page.get_by_role("radio", name="Attackers").check())
    expect(page.locator("#notice")).to_contain_text("Set aside 2 blocks: they come back when you choose Blockers again")
    expect(page.locator("#aside")).to_contain_text("2 blocks")
    assert "blocks" not in board_of(page)  # the board judged is the attack alone
    reloaded(page)  # what is set aside is in the address too
    expect(page.locator("#aside")).to_contain_text("2 blocks")
    ruling_after(page, lambda: page.get_by_role("radio", name="Blockers").check())
    assert board_of(page)["blocks"] == blocks
    assert verdict(page) == "ILLEGAL"
    expect(page.locator("#aside")).to_be_empty()

    # Set aside again, the attack taken back and made again: the blocks on it can't come back, and that is said.
    ruling_after(page, lambda: page.get_by_role("radio", name="Attackers").check())
    ruling_after(page, lambda: page.get_by_role("button", name="Remove the attack of Gorilla Berserkers").click())
    ruling_after(page, lambda: page.get_by_role("radio", name="Blockers").check())
    expect(page.locator("#notice")).to_contain_text("Not brought back: Grizzly Bears (grizzly-bears) blocked "
                                                   "Gorilla Berserkers (gorilla-berserkers), which no longer attacks")
    assert board_of(page)["blocks"] == []
    context.close()


BAD_FILES = {
    "hello.json": ('{"hello": "world"}', "it has no \"version\": 1"),
    "list.json": ("[1, 2, 3]", "it is a JSON list, not a board object"),
    "broken.json": ('{"version": 1, "players": [', "it is not JSON"),
    "players.json": ('{"version": 1, "active_player": "A", "players": "A and B"}', "no \"players\" list"),
}


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_bad_uploads_keep_the_board_and_say_why(browser: Browser, server: str, tmp_path: Path, phone: bool) -> None:
    context, page = open_page(browser, server, phone=phone)
    small_board(page)
    before, ruling = board_of(page), page.locator("#ruling").inner_text()
    for name, (text, why) in BAD_FILES.items():
        path = tmp_path / name
        path.write_text(text)
        page.locator("#upload").set_input_files(str(path))
        alert = page.get_by_role("alert").filter(has_text=name)
        expect(alert).to_contain_text(why)
        expect(alert).to_contain_text("The board on screen is unchanged.")
        assert board_of(page) == before
        assert page.locator("#ruling").inner_text() == ruling  # the ruling on screen is still this board's
    good = tmp_path / "good.json"
    good.write_text(json.dumps({**before, "blocks": []}))
    ruling_after(page, lambda: page.locator("#upload").set_input_files(str(good)))
    expect(page.locator("#alert")).to_be_empty()
    assert verdict(page) == "LEGAL"
    context.close()


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_truncated_links_keep_the_board_and_say_why(browser: Browser, server: str, phone: bool) -> None:
    context, page = open_page(browser, server, phone=phone)
    small_board(page)
    before = board_of(page)
    page.wait_for_function("location.hash.startsWith('#z=')")
    link = page.url
    cut = link[:len(link) - (len(link) - link.index("#")) // 2]

    page.goto(cut)  # the same page, another board link: read as one
    expect(page.locator("#alert")).to_contain_text("The link's board could not be read")
    expect(page.locator("#alert")).to_contain_text("The board on screen is unchanged.")
    assert board_of(page) == before
    expect(page).to_have_url(link)  # the address holds the board on screen again

    other = context.new_page()
    other.set_default_timeout(WAIT_MS)
    other.goto(cut)  # a page opened on a cut link
    other.wait_for_function("window.__legality.ready && window.__legality.seq > 0", timeout=WAIT_MS)
    expect(other.locator("#alert")).to_contain_text("cut short")
    expect(other.locator(".player")).to_have_count(2)
    assert other.url == cut  # kept, to be mended
    context.close()


def test_undo_and_redo(browser: Browser, server: str) -> None:
    context, page = open_page(browser, server)
    add_card(page, "Grizzly Bears", "A")
    add_card(page, "Hill Giant", "B")
    undo, redo = page.get_by_role("button", name="Undo"), page.get_by_role("button", name="Redo")
    expect(undo).to_have_attribute("title", "Undo: add Hill Giant")
    ruling_after(page, undo.click)
    expect(page.locator(".card")).to_have_count(1)
    expect(page.locator("#notice")).to_have_text("Undone: add Hill Giant.")
    ruling_after(page, redo.click)
    expect(page.locator(".card")).to_have_count(2)
    assert focused(page) == "redo"
    page.locator('[data-key="edit-hill-giant"]').click()  # a card drawn before the undo changes the board of now
    ruling_after(page, page.locator('[data-key="tapped-hill-giant"]').check)
    assert board_of(page)["permanents"][1]["tapped"] is True
    ruling_after(page, undo.click)
    assert "tapped" not in board_of(page)["permanents"][1]
    page.locator('[data-key="pick-grizzly-bears"]').focus()
    ruling_after(page, lambda: page.keyboard.press("Control+z"))
    ruling_after(page, lambda: page.keyboard.press("Control+z"))
    expect(page.locator(".card")).to_have_count(0)
    ruling_after(page, lambda: page.keyboard.press("Control+y"))
    expect(page.locator(".card")).to_have_count(1)
    ruling_after(page, lambda: page.get_by_role("button", name="New board").click())
    expect(page.locator(".card")).to_have_count(0)
    ruling_after(page, undo.click)  # a new board by mistake is undone too
    expect(page.locator(".card")).to_have_count(1)
    context.close()
