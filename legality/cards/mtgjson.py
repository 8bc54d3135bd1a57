"""MTGJSON's ``AtomicCards.json`` (``{"meta": {...}, "data": {card name: [face, ...]}}``) as library cards.

Each face (``faceName``, ``side`` a, b, ...) is found by its own name as well as the card's (see ``faces``).
AtomicCards holds no tokens.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from legality.cards.card import Card, CardLibraryError, kind, ordered_colors
from legality.cards.entry import Entry
from legality.cards.naming import Names


def from_mtgjson(data: Mapping[str, Any]) -> dict[str, Card]:
    """Name key → card for an AtomicCards file."""
    return read_mtgjson(data).result()


def read_mtgjson(data: Mapping[str, Any]) -> Names:
    """Every card of an AtomicCards file, collected by name."""
    out = Names()
    for name, faces in data["data"].items():
        where = f"$.data[{json.dumps(name)}]"
        if not isinstance(faces, list) or not faces:
            raise CardLibraryError(f"{where}: must be a non-empty list of card faces, not {kind(faces)}")
        entries = [Entry(f, f"{where}[{i}]") for i, f in enumerate(faces)]
        by_side: dict[str, Entry] = {}
        for e in entries:
            by_side.setdefault(e.text("side", "a"), e)
        ordered = [by_side[s] for s in sorted(by_side)]
        layout = ordered[0].text("layout", "normal")
        out.add(name, layout, [_face(e, name) for e in ordered])
    return out


def _face(f: Entry, name: str) -> Card:
    return Card(f.text("faceName", name), tuple(t.lower() for t in f.texts("types")), f.texts("subtypes"),
                tuple(t.lower() for t in f.texts("supertypes")), ordered_colors(f.texts("colors")),
                f.number("power"), f.number("toughness"), f.text("text"), f.number("loyalty"), f.number("defense"))
