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

from models.abilities import BOUND
from models.jsontext import loads

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


class _Entry:
    """One object of a card file, read field by field: a field of the wrong type is a ``CardLibraryError``
    naming the entry (a JSON path) and the field."""

    def __init__(self, obj: Any, where: str) -> None:
        if not isinstance(obj, Mapping):
            raise CardLibraryError(f"{where}: a card must be a JSON object, not {_kind(obj)}")
        self.obj, self.where = obj, where

    def _wrong(self, key: str, want: str) -> CardLibraryError:
        return CardLibraryError(f"{self.where}.{key}: must be {want}, not {_kind(self.obj[key])}")

    def has(self, key: str) -> bool:
        return key in self.obj

    def text(self, key: str, default: str | None = "") -> str:
        value = self.obj.get(key, default)
        if not isinstance(value, str):
            raise self._wrong(key, "a string") if key in self.obj else CardLibraryError(
                f"{self.where}.{key}: required field is missing")
        return value

    def texts(self, key: str) -> tuple[str, ...]:
        value = self.obj.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self._wrong(key, "a list of strings")
        return tuple(value)

    def number(self, key: str) -> int | None:
        """An integer, or a string holding one ("*" and "1+*" are not numbers: None)."""
        value = self.obj.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise self._wrong(key, "an integer or a string")
        number = _int(value)
        if number is not None and abs(number) > BOUND:
            raise CardLibraryError(f"{self.where}.{key}: {value!r} is beyond ±{BOUND}")
        return number

    def entries(self, key: str) -> list[_Entry]:
        """A non-empty list of objects (card faces)."""
        value = self.obj[key]
        if not isinstance(value, list) or not value:
            raise self._wrong(key, "a non-empty list of card faces")
        return [_Entry(v, f"{self.where}.{key}[{i}]") for i, v in enumerate(value)]


def _kind(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean", int: "an integer",
            float: "a number", type(None): "null"}.get(type(value), type(value).__name__)


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


def from_scryfall(data: list[Any]) -> dict[str, Card]:
    """Scryfall bulk data ("Oracle Cards"): a list of card objects; two-faced cards use the front face."""
    out = {}
    for i, raw in enumerate(data):
        obj = _Entry(raw, f"$[{i}]")
        name = obj.text("name", None)
        face = obj.entries("card_faces")[0] if obj.has("card_faces") and not obj.has("oracle_text") else obj
        types, subtypes, supertypes = _type_line(face.text("type_line", obj.text("type_line")))
        card = Card(face.text("name", name), types, subtypes, supertypes,
                    tuple(c for c in (face.texts("colors") if face.has("colors") else obj.texts("colors"))
                          if c in COLOR_LETTERS),
                    face.number("power"), face.number("toughness"), face.text("oracle_text"),
                    face.number("loyalty"), face.number("defense"))
        out[name.lower()] = card
        out.setdefault(card.name.lower(), card)
    return out


def from_mtgjson(data: Mapping[str, Any]) -> dict[str, Card]:
    """MTGJSON ``AtomicCards.json``: ``{"data": {name: [face, ...]}}``; the first face is used."""
    out = {}
    for name, faces in data["data"].items():
        if not isinstance(faces, list) or not faces:
            raise CardLibraryError(f"$.data[{json.dumps(name)}]: must be a non-empty list of card faces, "
                                   f"not {_kind(faces)}")
        f = _Entry(faces[0], f"$.data[{json.dumps(name)}][0]")
        card = Card(f.text("faceName", name), tuple(t.lower() for t in f.texts("types")), f.texts("subtypes"),
                    tuple(t.lower() for t in f.texts("supertypes")), f.texts("colors"),
                    f.number("power"), f.number("toughness"), f.text("text"),
                    f.number("loyalty"), f.number("defense"))
        out[name.lower()] = card
        out.setdefault(card.name.lower(), card)
    return out


def load_file(path: str | Path) -> dict[str, Card]:
    """A card file in either format, told apart by its shape; any defect is a ``CardLibraryError``."""
    try:
        data = loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, MemoryError) as exc:  # JsonTextError and UnicodeDecodeError are ValueErrors
        raise CardLibraryError(f"can't read card file {str(path)!r}: {exc or type(exc).__name__}") from None
    try:
        if isinstance(data, list):
            return from_scryfall(data)
        if isinstance(data, dict) and isinstance(data.get("data"), dict):
            return from_mtgjson(data)
        if isinstance(data, dict) and isinstance(data.get("cards"), list):
            return _from_builtin(data)
    except CardLibraryError as exc:
        raise CardLibraryError(f"card file {str(path)!r}: {exc}") from None
    raise CardLibraryError(f"{str(path)!r} is neither Scryfall bulk data (a list of cards) nor MTGJSON "
                           "AtomicCards ({\"data\": {...}})")


def _from_builtin(data: Mapping[str, Any]) -> dict[str, Card]:
    out = {}
    for i, raw in enumerate(data["cards"]):
        c = _Entry(raw, f"$.cards[{i}]")
        name = c.text("name", None)
        out[name.lower()] = Card(name, c.texts("types"), c.texts("subtypes"), c.texts("supertypes"),
                                 c.texts("colors"), c.number("power"), c.number("toughness"), c.text("oracle"),
                                 c.number("loyalty"), c.number("defense"))
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
