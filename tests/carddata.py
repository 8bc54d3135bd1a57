"""Small card data in Scryfall's and MTGJSON's shapes for the card library's tests: cards of every layout with
faces, tokens, and objects the library leaves out. Texts are the cards' Oracle texts."""

from __future__ import annotations

from typing import Any


def _card(name: str, type_line: str, text: str = "", cost: str = "", colors: tuple[str, ...] = (),
          pt: tuple[str, str] | None = None, layout: str = "normal", **more: Any) -> dict[str, Any]:
    card = {"object": "card", "name": name, "layout": layout, "mana_cost": cost, "type_line": type_line,
            "oracle_text": text, "colors": list(colors), "keywords": [], "legalities": {"vintage": "legal"}, **more}
    if pt:
        card["power"], card["toughness"] = pt
    return card


def _face(name: str, type_line: str, text: str, cost: str = "", **more: Any) -> dict[str, Any]:
    return {"object": "card_face", "name": name, "mana_cost": cost, "type_line": type_line, "oracle_text": text,
            **more}


def scryfall_cards() -> list[dict[str, Any]]:
    """Scryfall "Oracle Cards" objects: normal cards, each multi-faced layout, tokens, art cards."""
    return [
        _card("Grizzly Bears", "Creature — Bear", cost="{1}{G}", colors=("G",), pt=("2", "2")),
        _card("Tarmogoyf", "Creature — Lhurgoyf", "Tarmogoyf's power is equal to the number of card types among "
              "cards in all graveyards and its toughness is equal to that number plus 1.", "{1}{G}", ("G",),
              ("*", "1+*")),
        _card("Lim-Dûl's High Guard", "Creature — Skeleton", "First strike\n{1}{B}: Regenerate Lim-Dûl's High "
              "Guard.", "{1}{B}{B}", ("B",), ("2", "1")),
        {"object": "card", "name": "Delver of Secrets // Insectile Aberration", "layout": "transform",
         "type_line": "Creature — Human Wizard // Creature — Human Insect", "keywords": ["Flying", "Transform"],
         "card_faces": [
             _face("Delver of Secrets", "Creature — Human Wizard", "At the beginning of your upkeep, look at the top "
                   "card of your library. You may reveal that card. If an instant or sorcery card is revealed this "
                   "way, transform Delver of Secrets.", "{U}", colors=["U"], power="1", toughness="1"),
             _face("Insectile Aberration", "Creature — Human Insect", "Flying", colors=["U"], color_indicator=["U"],
                   power="3", toughness="2")]},
        {"object": "card", "name": "Fire // Ice", "layout": "split", "mana_cost": "{1}{R} // {1}{U}",
         "type_line": "Instant // Instant", "colors": ["U", "R"], "card_faces": [
             _face("Fire", "Instant", "Fire deals 2 damage divided as you choose among one or two targets.",
                   "{1}{R}"),
             _face("Ice", "Instant", "Tap target permanent.\nDraw a card.", "{1}{U}")]},
        {"object": "card", "name": "Bonecrusher Giant // Stomp", "layout": "adventure",
         "mana_cost": "{2}{R} // {1}{R}", "type_line": "Creature — Giant // Instant — Adventure", "colors": ["R"],
         "power": "4", "toughness": "3", "card_faces": [
             _face("Bonecrusher Giant", "Creature — Giant", "Whenever Bonecrusher Giant becomes the target of a "
                   "spell, Bonecrusher Giant deals 2 damage to that spell's controller.", "{2}{R}"),
             _face("Stomp", "Instant — Adventure", "Damage can't be prevented this turn. Stomp deals 2 damage to "
                   "any target.", "{1}{R}")]},
        {"object": "card", "name": "Akki Lavarunner // Tok-Tok, Volcano Born", "layout": "flip",
         "mana_cost": "{3}{R}", "type_line": "Creature — Goblin Warrior // Legendary Creature — Goblin Shaman",
         "colors": ["R"], "card_faces": [
             _face("Akki Lavarunner", "Creature — Goblin Warrior", "Haste\nWhenever Akki Lavarunner deals damage "
                   "to an opponent, flip it.", "{3}{R}", power="1", toughness="1"),
             _face("Tok-Tok, Volcano Born", "Legendary Creature — Goblin Shaman", "Protection from red\nIf a red "
                   "source would deal damage to a player, it deals that much damage plus 1 to that player instead.",
                   "", power="2", toughness="2")]},
        {"object": "card", "name": "Valki, God of Lies // Tibalt, Cosmic Impostor", "layout": "modal_dfc",
         "type_line": "Legendary Creature — God // Legendary Planeswalker — Tibalt", "card_faces": [
             _face("Valki, God of Lies", "Legendary Creature — God", "When Valki enters the battlefield, each "
                   "opponent reveals their hand.", "{1}{B}", colors=["B"], power="2", toughness="1"),
             _face("Tibalt, Cosmic Impostor", "Legendary Planeswalker — Tibalt", "As Tibalt enters the "
                   "battlefield, you get an emblem.", "{5}{B}{R}", colors=["B", "R"], loyalty="5")]},
        _card("Bruna, the Fading Light", "Legendary Creature — Angel Horror", "Flying, vigilance", "{5}{W}{W}",
              ("W",), ("5", "7"), "meld"),
        _card("Brisela, Voice of Nightmares", "Legendary Creature — Eldrazi Angel", "Flying, first strike, "
              "vigilance, lifelink\nYour opponents can't cast spells with mana value 3 or less.", "", ("W",),
              ("9", "10"), "meld"),
        _card("Soldier", "Token Creature — Soldier", "", colors=("W",), pt=("1", "1"), layout="token"),
        _card("Soldier", "Token Creature — Soldier", "Haste", colors=("R", "W"), pt=("1", "1"), layout="token"),
        _card("Marit Lage", "Token Legendary Creature — Avatar", "Flying, indestructible", colors=("B",),
              pt=("20", "20"), layout="token"),
        _card("Tarmogoyf", "Token Creature — Lhurgoyf", "", colors=("G",), pt=("0", "1"), layout="token"),
        {"object": "card", "name": "Incubator // Phyrexian Token", "layout": "double_faced_token",
         "type_line": "Token Artifact — Incubator // Token Artifact Creature — Phyrexian", "card_faces": [
             _face("Incubator", "Token Artifact — Incubator", "{2}: Transform this artifact.", colors=[]),
             _face("Phyrexian Token", "Token Artifact Creature — Phyrexian", "", colors=[], power="0",
                   toughness="0")]},
        {"object": "card", "name": "Delver of Secrets // Delver of Secrets", "layout": "art_series",
         "type_line": "Card // Card", "card_faces": [_face("Delver of Secrets", "Card", ""),
                                                     _face("Delver of Secrets", "Card", "")]},
        _card("Emblem — Tibalt", "Emblem — Tibalt", "You may cast spells from the top.", layout="emblem"),
    ]


def mtgjson_cards() -> dict[str, Any]:
    """MTGJSON AtomicCards: a normal card, a transforming card's two faces, a split card's halves."""
    def face(name: str, face_name: str | None, side: str | None, layout: str, types: list[str], subtypes: list[str],
             text: str, colors: list[str], pt: tuple[str, str] | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"name": name, "layout": layout, "types": types, "subtypes": subtypes, "supertypes": [],
                               "text": text, "colors": colors, "keywords": []}
        if face_name:
            out["faceName"], out["side"] = face_name, side
        if pt:
            out["power"], out["toughness"] = pt
        return out

    delver = "Delver of Secrets // Insectile Aberration"
    return {"meta": {"date": "2026-10-01", "version": "5.2.2+20261001"}, "data": {
        "Grizzly Bears": [face("Grizzly Bears", None, None, "normal", ["Creature"], ["Bear"], "", ["G"], ("2", "2"))],
        delver: [face(delver, "Insectile Aberration", "b", "transform", ["Creature"], ["Human", "Insect"], "Flying",
                      ["U"], ("3", "2")),
                 face(delver, "Delver of Secrets", "a", "transform", ["Creature"], ["Human", "Wizard"],
                      "At the beginning of your upkeep, look at the top card of your library.", ["U"], ("1", "1"))],
        "Fire // Ice": [face("Fire // Ice", "Fire", "a", "split", ["Instant"], [], "Fire deals 2 damage divided as "
                             "you choose among one or two targets.", ["R"]),
                        face("Fire // Ice", "Ice", "b", "split", ["Instant"], [], "Tap target permanent.\nDraw a "
                             "card.", ["U"])],
    }}
