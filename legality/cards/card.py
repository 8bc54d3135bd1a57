"""What the library knows of one card (or one face, or a token), and the error every card file defect raises."""

from __future__ import annotations

import re
from typing import Any

from msgspec import Struct

COLOR_LETTERS = ("W", "U", "B", "R", "G")
CARD_TYPES = {"artifact", "battle", "creature", "enchantment", "instant", "kindred", "land", "planeswalker",
              "sorcery", "tribal"}
SUPERTYPES = {"basic", "legendary", "snow", "world", "ongoing"}
FIELDS = ("types", "subtypes", "supertypes", "colors", "power", "toughness", "oracle", "loyalty", "defense")
"""The board fields a card can supply, in the order ``Card.defaults`` gives them."""


class CardLibraryError(ValueError):
    """A card file that can't be read as Scryfall, MTGJSON or the library's own data: the message names the
    file and the JSON path of the defect."""


class Card(Struct, frozen=True):
    """What the library knows of a card: for a card of several faces, of the face this name stands for."""

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
    token: bool = False
    """A token from the card data (CR 111), not a card."""
    unknown: tuple[str, ...] = ()
    """Fields the library can't give (tokens of this name differ in them): the board must."""
    card: str | None = None
    """The whole card's name when this is one of its faces (or halves), e.g. "Delver of Secrets // Insectile
    Aberration"."""

    def defaults(self) -> dict[str, Any]:
        """The board fields this card supplies (only those the library knows)."""
        out: dict[str, Any] = {"types": list(self.types), "subtypes": list(self.subtypes),
                               "supertypes": list(self.supertypes), "colors": list(self.colors),
                               "oracle": self.oracle}
        for k in ("power", "toughness", "loyalty", "defense"):
            v = getattr(self, k)
            if v is not None:
                out[k] = v
        for k in self.unknown:
            out.pop(k, None)
        return out

    def notes(self) -> list[str]:
        """What a reader of this card should know beyond its fields: a face, a token, fields not known."""
        out = []
        if self.card and self.card != self.name:
            out.append(f"a face of the card {self.card}")
        if self.token:
            out.append("a token")
        if self.unknown:
            out.append(f"tokens named {self.name} differ in {', '.join(self.unknown)}: the board gives them")
        return out


def type_line(line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """A type line ("Legendary Creature — Human Wizard") as card types, subtypes and supertypes."""
    main, _, sub = line.partition("—")
    words = main.lower().split()
    return (tuple(w for w in words if w in CARD_TYPES), tuple(sub.split()),
            tuple(w for w in words if w in SUPERTYPES))


_SYMBOL = re.compile(r"\{([^}]*)\}")


def cost_colors(mana_cost: str, indicator: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The colours of a mana cost and colour indicator (CR 202.2): hybrid and Phyrexian symbols count."""
    letters = {ch for symbol in _SYMBOL.findall(mana_cost) for ch in symbol.upper().split("/")} | set(indicator)
    return ordered_colors(letters)


def ordered_colors(letters: set[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Colour letters in the usual order (WUBRG), anything else left out."""
    return tuple(c for c in COLOR_LETTERS if c in letters)


def kind(value: Any) -> str:
    """A JSON value's kind, for messages ("an object", "a list", ...)."""
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean", int: "an integer",
            float: "a number", type(None): "null"}.get(type(value), type(value).__name__)
