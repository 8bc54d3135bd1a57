"""Scryfall's bulk card data ("Oracle Cards": a JSON list of card objects) as library cards.

A card of several faces (``card_faces``: transform, modal_dfc, split, adventure, flip, double_faced_token)
is found by its name and by each face's (see ``faces``); tokens (``layout`` token or double_faced_token)
come from the same data. Objects that are no game piece on the battlefield (art cards, emblems, planes,
schemes, vanguards) are left out.
"""

from __future__ import annotations

from typing import Any

from legality.cards.card import Card, cost_colors, ordered_colors, type_line
from legality.cards.entry import Entry
from legality.cards.naming import Names

SKIPPED = frozenset({"art_series", "emblem", "planar", "scheme", "vanguard"})
TOKENS = frozenset({"token", "double_faced_token"})


def from_scryfall(data: list[Any]) -> dict[str, Card]:
    """Name key → card for a Scryfall bulk file's card list."""
    return read_scryfall(data).result()


def read_scryfall(data: list[Any]) -> Names:
    """Every card and token of a Scryfall card list, collected by name."""
    out = Names()
    for i, raw in enumerate(data):
        obj = Entry(raw, f"$[{i}]")
        name, layout = obj.text("name", None), obj.text("layout", "normal")
        if layout in SKIPPED:
            continue
        token = layout in TOKENS or obj.text("type_line").startswith("Token")
        if obj.has("card_faces"):
            faces = [_face(f, obj, layout, j, token) for j, f in enumerate(obj.entries("card_faces"))]
        else:
            faces = [_face(obj, obj, layout, 0, token)]
        out.add(name, layout, faces, token)
    return out


def _face(face: Entry, card: Entry, layout: str, index: int, token: bool) -> Card:
    """One face (the card itself when it has one). A field the first face lacks is the card's; colours a face
    doesn't list are a flip card's own (710.1c), else those of the face's mana cost and colour indicator
    (202.2)."""
    def first(key: str) -> Entry:
        return card if index == 0 and not face.has(key) else face

    if face.has("colors"):
        colors = ordered_colors(face.texts("colors"))
    elif layout != "flip" and (face.has("mana_cost") or face.has("color_indicator")):
        colors = cost_colors(face.text("mana_cost"), face.texts("color_indicator"))
    else:
        colors = ordered_colors(card.texts("colors"))
    if face.has("type_line"):
        line = face.text("type_line")
    else:
        parts = card.text("type_line").split(" // ")
        line = parts[index] if index < len(parts) else ""
    types, subtypes, supertypes = type_line(line)
    power, toughness, loyalty, defense = (first(k).number(k) for k in ("power", "toughness", "loyalty", "defense"))
    return Card(face.text("name", None), types, subtypes, supertypes, colors, power, toughness,
                first("oracle_text").text("oracle_text"), loyalty, defense, token=token)
