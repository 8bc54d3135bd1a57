"""The page shows what it rules on: a card added by name is that card (its library text, P/T and keywords, shown
on the card as the checker reads them), free rules text makes a separate custom permanent labelled so, and a
card name is completed from the library, misspellings included ("did you mean").

What is relied on: 702.19c-e (trample: lethal damage to the blocker, the rest to the player; Grizzly Bears is a
2/2, so 2 to it and 3 to the player from a 5-power trampler is a legal division, 510.1c-d); 712.8d-e (a
transforming card's back face in play has that face's characteristics); 111.4 (a token's characteristics are
those its creating effect gives: Marit Lage is a 20/20 flying, indestructible Avatar); 604.3 (a
characteristic-defining ability such as Tarmogoyf's sets its power and toughness in the game: the card gives
none, the board must).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pagekit
import pytest
from pagekit import (
    add_card,
    add_custom,
    board_of,
    focused,
    open_page,
    pick,
    ruling_after,
    verdict,
)
from playwright.sync_api import Browser, Page, expect

from carddata import scryfall_cards


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return pagekit.launch_args(browser_type_launch_args)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    yield from pagekit.serving()


@pytest.fixture(scope="module")
def library_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose card library is a small Scryfall card file (``--cards``): faces, tokens and Tarmogoyf."""
    cards = tmp_path_factory.mktemp("cards") / "oracle-cards.json"
    cards.write_text(json.dumps(scryfall_cards()))
    yield from pagekit.serving(cards)


def fill_custom_without_adding(page: Page) -> None:
    """Open the custom permanent's form and leave it filled: a 5/5 with "Trample." (as the judge had it)."""
    if page.locator("#custom-box").get_attribute("open") is None:
        page.locator("#custom-box summary").click()
    page.get_by_label("Rules text of the custom permanent").fill("Trample.")
    page.get_by_label("Power of the custom permanent").fill("5")
    page.get_by_label("Toughness of the custom permanent").fill("5")


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_named_card_keeps_its_text_with_the_custom_form_open(browser: Browser, server: str, phone: bool) -> None:
    context, page = open_page(browser, server, phone=phone)
    fill_custom_without_adding(page)
    add_card(page, "Grizzly Bears", "B")
    bears = page.locator("#perm-grizzly-bears")
    expect(bears.locator(".pt")).to_have_text("2/2")
    expect(bears.locator(".typeline")).to_have_text("Creature — Bear")
    expect(bears).not_to_contain_text("Trample")
    expect(bears.locator(".tag")).to_have_count(0)  # not a custom permanent
    assert board_of(page)["permanents"] == [{"id": "grizzly-bears", "name": "Grizzly Bears", "controller": "B"}]
    context.close()


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_trample_split_on_grizzly_bears_is_legal(browser: Browser, server: str, phone: bool) -> None:
    """A custom 5/5 trampler blocked by Grizzly Bears (added by name while the custom form still holds the
    trampler's text) assigns 2 to the Bears and 3 to the player: legal."""
    context, page = open_page(browser, server, phone=phone)
    add_custom(page, "Trampler", "Trample.", "A", 5, 5)
    fill_custom_without_adding(page)
    add_card(page, "Grizzly Bears", "B")
    expect(page.locator("#perm-trampler .kw")).to_have_text("Trample")
    expect(page.locator("#perm-trampler .tag")).to_have_text("custom")
    pick(page, "trampler")
    ruling_after(page, lambda: page.get_by_role("button", name="Attack player B").click())
    ruling_after(page, lambda: page.get_by_role("radio", name="Blockers").check())
    pick(page, "grizzly-bears")
    ruling_after(page, lambda: pick(page, "trampler"))
    assert verdict(page) == "LEGAL"
    ruling_after(page, lambda: page.get_by_role("radio", name="Damage").check())
    ruling_after(page, lambda: page.locator('[data-key="dmg-default-trampler"]').uncheck())
    for target, amount in (("Grizzly Bears (grizzly-bears)", "2"), ("Player B", "3")):
        share = page.get_by_label(f"Damage from Trampler (trampler) to {target}")
        share.fill(amount)
        ruling_after(page, lambda: share.press("Enter"))  # noqa: B023 (called at once; a number counts once committed)
    assert verdict(page) == "LEGAL", page.locator("#ruling").inner_text()
    expect(page.locator("#ruling-body")).to_contain_text("Destroyed: Grizzly Bears (grizzly-bears)")
    expect(page.locator("#ruling-body table")).to_contain_text("17")  # player B: 20 - 3
    context.close()


def test_cards_show_type_line_keywords_and_rules_text_as_read(browser: Browser, server: str) -> None:
    context, page = open_page(browser, server)
    add_card(page, "Serra Angel", "A")
    add_card(page, "Razorgrass Screen", "B")
    add_card(page, "Elvish Aberration", "B")
    angel = page.locator("#perm-serra-angel")
    expect(angel.locator(".kw")).to_have_text("Flying, Vigilance")
    expect(angel.locator(".pt")).to_have_text("4/4")
    expect(page.locator('[data-key="pick-serra-angel"]')).to_have_attribute(
        "aria-label", "Serra Angel (serra-angel), Creature — Angel, 4/4, flying, vigilance")
    screen = page.locator("#perm-razorgrass-screen")
    expect(screen.locator(".typeline")).to_have_text("Artifact Creature — Wall")
    expect(screen.locator(".kw")).to_have_text("Defender")
    understood = screen.locator(".sentences .s-understood")
    expect(understood).to_contain_text("understood, static Razorgrass Screen blocks each combat if able")
    expect(understood).to_contain_text("requirement")
    aberration = page.locator("#perm-elvish-aberration .sentences")
    expect(aberration.locator(".s-no-combat-meaning")).to_contain_text("activated")
    expect(aberration.locator(".s-no-combat-meaning")).to_contain_text("no combat meaning")
    context.close()


def test_autocomplete_matches_misspellings(browser: Browser, server: str) -> None:
    context, page = open_page(browser, server)
    name = page.get_by_label("Card name")
    name.press_sequentially("grizly bea", delay=20)
    options = page.get_by_role("listbox").get_by_role("option")
    expect(options.first).to_have_text("Grizzly Bears")
    expect(name).to_have_attribute("aria-expanded", "true")
    name.press("ArrowDown")
    expect(name).to_have_attribute("aria-activedescendant", "name-0")
    name.press("Enter")  # takes the highlighted name, does not add yet
    expect(name).to_have_value("Grizzly Bears")
    ruling_after(page, lambda: name.press("Enter"))
    expect(page.locator("#perm-grizzly-bears")).to_have_count(1)
    context.close()


def test_did_you_mean_for_a_misspelled_name(browser: Browser, server: str) -> None:
    context, page = open_page(browser, server)
    page.get_by_label("Card name").fill("Grizly Bears")
    page.get_by_role("button", name="Add card", exact=True).click()
    error = page.locator("#add-error")
    expect(error).to_contain_text("No card named “Grizly Bears” in the library. Did you mean Grizzly Bears?")
    expect(error.get_by_role("button")).to_have_count(2)  # the name meant, and "Add it as a custom permanent"
    expect(page.locator(".card")).to_have_count(0)
    ruling_after(page, lambda: error.get_by_role("button", name="Grizzly Bears").click())
    expect(page.locator("#perm-grizzly-bears")).to_have_count(1)
    expect(error).to_be_empty()
    assert focused(page) == "perm-name"  # back where the next name is typed

    page.get_by_label("Card name").fill("Zzyzx Quux")
    page.get_by_role("button", name="Add card", exact=True).click()
    expect(error).to_contain_text("No card named “Zzyzx Quux”")
    error.get_by_role("button", name="Add it as a custom permanent").click()
    expect(page.get_by_label("Name of the custom permanent")).to_have_value("Zzyzx Quux")
    assert focused(page) == "custom-oracle"
    context.close()


def test_an_unknown_name_says_how_to_have_every_card(browser: Browser, server: str) -> None:
    """The server of these tests has the built-in cards alone: the message says how to have all of them."""
    context, page = open_page(browser, server)
    page.get_by_label("Card name").fill("Tarmogoyf")
    page.get_by_role("button", name="Add card", exact=True).click()
    error = page.locator("#add-error")
    expect(error).to_contain_text("No card named “Tarmogoyf” in the library.")
    expect(error).to_contain_text("built-in cards (those of the examples): run `legality cards update` once to "
                                  "download every card, then start `legality serve` again.")
    expect(page.locator(".card")).to_have_count(0)
    context.close()


def test_faces_and_tokens_by_name(browser: Browser, library_server: str) -> None:
    context, page = open_page(browser, library_server)
    add_card(page, "Insectile Aberration", "A")  # the back face of Delver of Secrets
    aberration = page.locator("#perm-insectile-aberration")
    expect(aberration.locator(".typeline")).to_have_text("Creature — Human Insect")
    expect(aberration.locator(".pt")).to_have_text("3/2")
    expect(aberration.locator(".kw")).to_have_text("Flying")
    add_card(page, "Marit Lage", "B")
    lage = page.locator("#perm-marit-lage")
    expect(lage.locator(".pt")).to_have_text("20/20")
    expect(lage.locator(".kw")).to_contain_text("Flying")
    assert board_of(page)["permanents"][1] == {"id": "marit-lage", "name": "Marit Lage", "controller": "B"}
    pick(page, "insectile-aberration")
    ruling_after(page, lambda: page.get_by_role("button", name="Attack player B").click())
    ruling_after(page, lambda: page.get_by_role("radio", name="Blockers").check())
    pick(page, "marit-lage")
    ruling_after(page, lambda: pick(page, "insectile-aberration"))
    assert verdict(page) == "LEGAL"  # a flier blocks a flier
    context.close()


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_creature_whose_text_sets_its_power_asks_for_it(browser: Browser, library_server: str,
                                                          phone: bool) -> None:
    """Tarmogoyf by name: the card says its power and toughness are not given and opens its Edit panel; the
    ruling names the card (not a JSON path); once they are given, the ruling is made."""
    context, page = open_page(browser, library_server, phone=phone)
    add_card(page, "Tarmogoyf", "A")
    goyf = page.locator("#perm-tarmogoyf")
    expect(goyf.locator(".pt")).to_have_text("P/T not given: ?/? (give them under Edit)")
    expect(goyf.locator("details")).to_have_attribute("open", "")
    assert verdict(page) == "—"
    problems = page.locator("#ruling-body")
    expect(problems).to_contain_text("Tarmogoyf (tarmogoyf): a creature needs power and toughness")
    assert "$." not in problems.inner_text()
    for what, value in (("Power", "4"), ("Toughness", "5")):
        box = page.get_by_label(f"{what} of Tarmogoyf (tarmogoyf)")
        expect(box).to_have_value("")
        box.fill(value)
        ruling_after(page, lambda: box.press("Enter"))  # noqa: B023 (called at once)
    expect(goyf.locator(".pt")).to_have_text("4/5")
    assert verdict(page) == "LEGAL"
    assert board_of(page)["permanents"] == [{"id": "tarmogoyf", "name": "Tarmogoyf", "controller": "A",
                                             "power": 4, "toughness": 5}]
    width, viewport = pagekit.no_overflow(page)
    assert width <= viewport
    context.close()
