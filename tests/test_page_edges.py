"""The rough edges a judge at a table meets: the page starts with two players; a click in the wrong order says
why nothing happened; the keyboard focus stays on the control after each action; what the ruling names is in
the cards' accessible names; nothing runs off a phone's screen with every form open; the share link says it
was copied; /favicon.ico exists; the rules settings wait below the ruling, in plain words.
"""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from typing import Any

import pagekit
import pytest
from pagekit import (
    add_card,
    add_custom,
    focused,
    no_overflow,
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


def test_a_new_page_has_two_players_and_the_settings_below_the_ruling(browser: Browser, server: str) -> None:
    context, page = open_page(browser, server)
    expect(page.locator(".player")).to_have_count(2)
    assert verdict(page) == "LEGAL"  # two players and nothing declared: a ruling at once
    header = page.locator("header").inner_text()
    assert "Conditional" not in header and "Paid costs" not in header and "Rules" not in header, header
    settings = page.locator("#settings")
    expect(settings.locator("summary")).to_have_text("Rules edition and settings: as the board says")
    settings.locator("summary").click()
    ruling_after(page, lambda: page.get_by_label("Rules edition").select_option("2006"))
    expect(settings.locator("summary")).to_have_text("Rules edition and settings: rules 2006")
    expect(page.locator("#verdict")).to_contain_text("rules 2006")
    context.close()


def test_favicon(server: str) -> None:
    with urllib.request.urlopen(server + "/favicon.ico", timeout=10) as got:
        assert got.status == 200 and got.headers["Content-Type"] == "image/svg+xml"
        assert got.read().startswith(b"<svg")


def hint(page: Page) -> str:
    return str(page.locator("#hint").inner_text())


def test_a_click_in_the_wrong_order_says_why(browser: Browser, server: str) -> None:
    context, page = open_page(browser, server)
    for name, player in (("Grizzly Bears", "A"), ("Hill Giant", "B"), ("Swamp", "A")):
        add_card(page, name, player)
    pick(page, "hill-giant")
    assert "Hill Giant (hill-giant) is Player B's: only the active player's creatures (Player A) attack" in hint(page)
    pick(page, "swamp")
    assert "Swamp (swamp) is not a creature: it can't attack" in hint(page)
    pick(page, "grizzly-bears")
    ruling_after(page, lambda: page.get_by_role("button", name="Attack player B").click())
    ruling_after(page, lambda: page.get_by_role("radio", name="Blockers").check())
    pick(page, "grizzly-bears")
    assert "is attacking: pick a blocking creature first, then Grizzly Bears" in hint(page)
    pick(page, "hill-giant")
    assert "Hill Giant (hill-giant) picked: now pick the attacker it blocks" in hint(page)
    page.keyboard.press("Escape")
    assert "Cancelled" in hint(page)
    ruling_after(page, lambda: page.get_by_role("radio", name="Damage").check())
    pick(page, "hill-giant")
    assert "In the damage step the declarations are fixed" in hint(page)
    expect(page.locator("#hint")).to_have_attribute("role", "status")  # heard, not only seen
    context.close()


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_focus_stays_on_the_control_after_each_action(browser: Browser, server: str, phone: bool) -> None:
    context, page = open_page(browser, server, phone=phone)
    name = page.get_by_label("Card name")
    for card, player in (("Grizzly Bears", "A"), ("Hill Giant", "B"), ("Gray Ogre", "B")):
        name.fill(card)
        page.get_by_label("Controller of the new card").select_option(player)
        name.focus()
        ruling_after(page, lambda: name.press("Enter"))
        assert focused(page) == "perm-name"  # ready for the next name

    # The attack, by keyboard: the creature, then the player's button (gone once used).
    page.locator('[data-key="pick-grizzly-bears"]').focus()
    page.keyboard.press("Enter")
    page.get_by_role("button", name="Attack player B").focus()
    ruling_after(page, lambda: page.keyboard.press("Enter"))
    assert focused(page) == "pick-grizzly-bears"

    radio = page.get_by_role("radio", name="Blockers")
    ruling_after(page, radio.check)
    assert page.evaluate("document.activeElement.name") == "step"  # the radio button just used
    for blocker in ("hill-giant", "gray-ogre"):
        page.locator(f'[data-key="pick-{blocker}"]').focus()
        page.keyboard.press("Enter")
        page.locator('[data-key="pick-grizzly-bears"]').focus()
        ruling_after(page, lambda: page.keyboard.press("Enter"))
        assert focused(page) == "pick-grizzly-bears"

    page.get_by_role("button", name="Remove the block of Hill Giant").focus()
    ruling_after(page, lambda: page.keyboard.press("Enter"))
    assert focused(page) == "undeclare-blocks-0"  # the next one's Remove (Gray Ogre's)
    ruling_after(page, lambda: page.keyboard.press("Enter"))
    assert focused(page) == "declaration"  # the list, now empty of blocks

    page.get_by_role("button", name="Undo").focus()
    ruling_after(page, lambda: page.keyboard.press("Enter"))
    assert focused(page) == "undo"

    page.locator('[data-key="edit-hill-giant"]').click()
    tapped = page.locator('[data-key="tapped-hill-giant"]')
    ruling_after(page, tapped.check)
    assert focused(page) == "tapped-hill-giant"
    life = page.get_by_label("Player B life")
    life.fill("13")
    ruling_after(page, lambda: life.press("Enter"))
    assert focused(page) == "life-B"
    page.locator('[data-key="remove-hill-giant"]').focus()
    ruling_after(page, lambda: page.keyboard.press("Enter"))
    assert focused(page) == "pick-gray-ogre"  # the next card of the same player
    context.close()


def open_every_form(page: Page) -> None:
    """Every panel and form of the page open at once, with content that is long or wide."""
    add_card(page, "Gorilla Berserkers", "A")
    add_card(page, "Razorgrass Screen", "B")
    add_card(page, "Invasion Plans", "B")
    add_custom(page, "A custom creature with a very long name indeed", "Flying. " * 20, "B", 3, 3)
    for box in ("#effect-box", "#settings"):
        page.locator(f"{box} summary").click()
    page.get_by_label("Kind of effect").select_option("fog")
    for card in page.locator(".card details summary").all():
        card.click()
    pick(page, "gorilla-berserkers")  # the "Attack player B" button is shown
    page.get_by_label("Card name").fill("Grizly Bearz")
    page.get_by_role("button", name="Add card", exact=True).click()
    expect(page.locator("#add-error")).to_contain_text("Did you mean")
    page.get_by_label("Card name").press_sequentially("x", delay=10)
    page.get_by_label("Card name").press("Backspace")


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_nothing_runs_off_the_screen_with_every_form_open(browser: Browser, server: str, phone: bool) -> None:
    context, page = open_page(browser, server, phone=phone)
    open_every_form(page)
    width, viewport = no_overflow(page)
    assert width <= viewport, f"the page is {width} px wide on a {viewport} px screen"
    wide = page.evaluate(f"""[...document.querySelectorAll('main *, header *')]
        .filter((e) => e.getBoundingClientRect().right > {viewport} + 0.5 && e.getClientRects().length)
        .map((e) => e.id || e.className || e.tagName)""")
    assert not wide, f"these run off the right of the screen: {wide}"
    context.close()


def test_the_share_link_says_it_was_copied(browser: Browser, server: str) -> None:
    context, page = open_page(browser, server)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    add_card(page, "Grizzly Bears", "A")
    page.get_by_role("button", name="Copy link").click()
    expect(page.locator("#notice")).to_have_text("Link copied: it holds the whole board.")
    assert page.evaluate("navigator.clipboard.readText()") == page.url
    assert focused(page) == "copy-link"

    # A browser that won't let the page write the clipboard: the link is shown, selected, to copy by hand.
    page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new Error('denied')); }")
    page.get_by_role("button", name="Copy link").click()
    box = page.get_by_label("Link to this board")
    expect(box).to_have_value(page.url)
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Link to this board"
    context.close()
