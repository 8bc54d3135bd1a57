"""The card library: card name → types, colours, power/toughness and Oracle text.

A small library ships with the package (every card the fixtures use). A full one loads from the
files people download: Scryfall's "Oracle Cards" bulk JSON or MTGJSON's ``AtomicCards.json``
(``--cards PATH`` or the ``LEGALITY_CARDS`` environment variable). Fields a board gives explicitly
always override the library.
"""

from __future__ import annotations

import difflib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

COLOR_LETTERS = {"W", "U", "B", "R", "G"}
CARD_TYPES = {"artifact", "battle", "creature", "enchantment", "instant", "kindred", "land", "planeswalker",
              "sorcery", "tribal"}
SUPERTYPES = {"basic", "legendary", "snow", "world", "ongoing"}


@dataclass(frozen=True)
class Card:
    """What the library knows of a card."""

    name: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    colors: tuple[str, ...]
    power: int | None
    toughness: int | None
    oracle: str
    loyalty: int | None = None
    defense: int | None = None

    def defaults(self) -> dict[str, Any]:
        """The board fields this card supplies (only those the library knows)."""
        out: dict[str, Any] = {"types": list(self.types), "subtypes": list(self.subtypes),
                               "supertypes": list(self.supertypes), "colors": list(self.colors),
                               "oracle": self.oracle}
        for k in ("power", "toughness", "loyalty", "defense"):
            v = getattr(self, k)
            if v is not None:
                out[k] = v
        return out


class CardLibraryError(ValueError):
    """A card file that can't be read as Scryfall or MTGJSON data."""


def _int(v: Any) -> int | None:
    try:
        return int(v)
    except (TypeError, ValueError):
        return None


def _type_line(line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    main, _, sub = line.partition("—")
    words = main.lower().split()
    return (tuple(w for w in words if w in CARD_TYPES), tuple(sub.split()),
            tuple(w for w in words if w in SUPERTYPES))


def from_scryfall(data: list[dict[str, Any]]) -> dict[str, Card]:
    """Scryfall bulk data ("Oracle Cards"): a list of card objects; two-faced cards use the front face."""
    out = {}
    for obj in data:
        face = obj["card_faces"][0] if "card_faces" in obj and "oracle_text" not in obj else obj
        types, subtypes, supertypes = _type_line(face.get("type_line", obj.get("type_line", "")))
        card = Card(face.get("name", obj["name"]), types, subtypes, supertypes,
                    tuple(c for c in face.get("colors", obj.get("colors", [])) if c in COLOR_LETTERS),
                    _int(face.get("power")), _int(face.get("toughness")), face.get("oracle_text", ""),
                    _int(face.get("loyalty")), _int(face.get("defense")))
        out[obj["name"].lower()] = card
        out.setdefault(card.name.lower(), card)
    return out


def from_mtgjson(data: Mapping[str, Any]) -> dict[str, Card]:
    """MTGJSON ``AtomicCards.json``: ``{"data": {name: [face, ...]}}``; the first face is used."""
    out = {}
    for name, faces in data["data"].items():
        f = faces[0]
        card = Card(f.get("faceName", name) if "faceName" in f else name,
                    tuple(t.lower() for t in f.get("types", [])), tuple(f.get("subtypes", [])),
                    tuple(t.lower() for t in f.get("supertypes", [])), tuple(f.get("colors", [])),
                    _int(f.get("power")), _int(f.get("toughness")), f.get("text", ""),
                    _int(f.get("loyalty")), _int(f.get("defense")))
        out[name.lower()] = card
        out.setdefault(card.name.lower(), card)
    return out


def load_file(path: str | Path) -> dict[str, Card]:
    """A card file in either format, told apart by its shape."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise CardLibraryError(f"can't read card file {str(path)!r}: {exc}") from None
    if isinstance(data, list):
        return from_scryfall(data)
    if isinstance(data, dict) and isinstance(data.get("data"), dict):
        return from_mtgjson(data)
    if isinstance(data, dict) and isinstance(data.get("cards"), list):
        return _from_builtin(data)
    raise CardLibraryError(f"{str(path)!r} is neither Scryfall bulk data (a list of cards) nor MTGJSON "
                           "AtomicCards ({\"data\": {...}})")


def _from_builtin(data: Mapping[str, Any]) -> dict[str, Card]:
    out = {}
    for c in data["cards"]:
        out[c["name"].lower()] = Card(c["name"], tuple(c["types"]), tuple(c.get("subtypes", ())),
                                      tuple(c.get("supertypes", ())), tuple(c.get("colors", ())),
                                      c.get("power"), c.get("toughness"), c.get("oracle", ""),
                                      c.get("loyalty"), c.get("defense"))
    return out


@lru_cache(maxsize=8)
def library(path: str | None = None) -> Mapping[str, Card]:
    """The built-in cards, overridden by ``path`` (or ``LEGALITY_CARDS``) when given."""
    cards = _from_builtin(json.loads((Path(__file__).parent / "cards.json").read_text(encoding="utf-8")))
    extra = path or os.environ.get("LEGALITY_CARDS")
    if extra:
        cards.update(load_file(extra))
    return cards


def lookup(name: str, path: str | None = None) -> Card | None:
    return library(path).get(name.lower())


@dataclass(frozen=True)
class BoardDefaults:
    """The library as the board loader wants it: name → the fields it supplies, and close names."""

    cards: Mapping[str, Card]

    def __call__(self, name: str) -> dict[str, Any] | None:
        card = self.cards.get(name.lower())
        return None if card is None else card.defaults()

    def suggest(self, name: str) -> list[str]:
        """Up to three library names close to ``name`` (difflib), as the library spells them."""
        close = difflib.get_close_matches(name.lower(), list(self.cards), n=3, cutoff=0.75)
        return [self.cards[c].name for c in close]


def board_defaults(path: str | None = None) -> BoardDefaults:
    """The library as the board loader wants it (see ``BoardDefaults``)."""
    return BoardDefaults(library(path))
