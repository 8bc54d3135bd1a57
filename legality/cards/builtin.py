"""The cards that ship with the package (every card the fixtures and examples use): the library when no other
is downloaded or given."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from legality.cards.card import Card
from legality.cards.entry import Entry
from legality.cards.naming import key

FILE = Path(__file__).parent / "cards.json"


@lru_cache(maxsize=1)
def builtin() -> Mapping[str, Card]:
    """Name key → card of the built-in library."""
    return from_builtin(json.loads(FILE.read_text(encoding="utf-8")))


def from_builtin(data: Mapping[str, Any]) -> dict[str, Card]:
    """The built-in file's shape: ``{"cards": [{"name", "types", ..., "oracle"}, ...]}``."""
    out = {}
    for i, raw in enumerate(data["cards"]):
        c = Entry(raw, f"$.cards[{i}]")
        name = c.text("name", None)
        out[key(name)] = Card(name, c.texts("types"), c.texts("subtypes"), c.texts("supertypes"),
                              c.texts("colors"), c.number("power"), c.number("toughness"), c.text("oracle"),
                              c.number("loyalty"), c.number("defense"))
    return out
