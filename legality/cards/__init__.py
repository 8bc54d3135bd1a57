"""The card library: card name → types, colours, power/toughness and Oracle text.

Which library is in use, first found: a card file given with ``--cards PATH`` or ``LEGALITY_CARDS``
(Scryfall's "Oracle Cards" bulk JSON, MTGJSON's ``AtomicCards.json``, or a library file of
``legality cards update``); the library ``legality cards update`` stored in the user's data folder
(``folder``); the small built-in library (every card the fixtures use), which is also under each of
the others. ``builtin`` as the path means the built-in cards alone. Fields a board gives explicitly
always override the library.

A card of several faces is found by its card name and by each face's name (``faces``); tokens are
found by name where the data has them (Scryfall's does).
"""

from __future__ import annotations

import difflib
import os
from collections.abc import ItemsView, Iterator, Mapping, ValuesView
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from msgspec import Struct

from legality.cards import folder, stored
from legality.cards.builtin import builtin
from legality.cards.card import Card, CardLibraryError
from legality.cards.formats import load_file, read_file
from legality.cards.mtgjson import from_mtgjson
from legality.cards.naming import key
from legality.cards.scryfall import from_scryfall
from models.load import library_fields

__all__ = ["BUILTIN", "BoardDefaults", "Card", "CardLibraryError", "Library", "board_defaults", "from_mtgjson",
           "from_scryfall", "key", "library", "load_file", "lookup"]

BUILTIN = "builtin"
"""The path that means the built-in cards alone, whatever was downloaded (``--cards builtin``)."""


class Library(Mapping[str, Card]):
    """Name key (see ``key``) → card: the library in use over the built-in cards, and where it came from."""

    def __init__(self, cards: Mapping[str, Card] | None, origin: str, location: str | None = None,
                 source: stored.Source | None = None) -> None:
        self.top, self.base = cards, builtin()
        self.origin = origin
        """"builtin", "downloaded" (the data folder's) or "given" (``--cards`` or ``LEGALITY_CARDS``)."""
        self.location, self.source = location, source
        self._len: int | None = None

    def __getitem__(self, name: str) -> Card:
        if self.top is not None and name in self.top:
            return self.top[name]
        return self.base[name]

    def __contains__(self, name: object) -> bool:
        return (self.top is not None and name in self.top) or name in self.base

    def __iter__(self) -> Iterator[str]:
        if self.top is None:
            yield from self.base
            return
        yield from self.top
        yield from (k for k in self.base if k not in self.top)

    def items(self) -> ItemsView[str, Card]:
        if isinstance(self.top, stored.StoredCards):
            self.top.parse_all()  # one parse of every row rather than one per name
        return super().items()

    def values(self) -> ValuesView[Card]:
        if isinstance(self.top, stored.StoredCards):
            self.top.parse_all()
        return super().values()

    def __len__(self) -> int:
        if self._len is None:
            self._len = sum(1 for _ in self)
        return self._len

    def missing(self, instead: str = "give its fields") -> str:
        """What to do about a name this library lacks (ends the "no card named" problem); ``instead``: what
        can be done without the card."""
        if self.origin == "builtin":
            return (f"the built-in library has only the {len(self.base)} cards of the examples: run `legality cards "
                    f"update` once to download every card, or {instead}")
        if self.origin == "downloaded":
            date = f" of {self.source.updated[:10]}" if self.source and self.source.updated else ""
            return f"{instead}, or run `legality cards update` if the card is newer than the library{date}"
        return f"{instead}, or give another card file than {self.location} with --cards"


@lru_cache(maxsize=8)
def library(path: str | None = None) -> Library:
    """The library in use (see the module): ``path``, else ``LEGALITY_CARDS``, else the downloaded library,
    else the built-in cards. Cached: ``library.cache_clear()`` after the environment or the folder changes."""
    given = path or os.environ.get("LEGALITY_CARDS")
    if given == BUILTIN:
        return Library(None, "builtin")
    if given:
        data = read_file(given)
        source = getattr(data.cards, "source", None) or stored.Source(
            data.kind, given, data.date, "", data.count, data.tokens, len(data.cards))
        return Library(data.cards, "given", given, source)
    where = folder.library_path()
    if not where.is_file():
        return Library(None, "builtin")
    try:
        cards = stored.read(where)
    except CardLibraryError as exc:
        raise CardLibraryError(f"the downloaded card library can't be read ({exc}): run `legality cards update` "
                               "again, or `legality cards remove` to use the built-in cards") from None
    return Library(cards, "downloaded", str(where), cards.source)


def lookup(name: str, path: str | None = None) -> Card | None:
    """The card (or face, or token) named ``name`` in the library in use, or None."""
    return library(path).get(key(name))


@lru_cache(maxsize=4096)
def _validated(card: Card) -> Mapping[str, Any]:
    """A card's board fields as validated permanent values, once per card (``models.load.library_fields``)."""
    return MappingProxyType(library_fields(card.defaults()))


_FIELDS: list[Any] = [None, {}]
"""``BoardDefaults.fields`` of the library last asked, by name as a board gives it: the same names recur board after
board, and hashing a card walks all its fields. Only names found, and none longer than ``MAX_KEPT_NAME``: a name
from outside can't make it hold more than 8192 short strings (or an old library once another is asked)."""
MAX_KEPT_NAME = 200


class BoardDefaults(Struct, frozen=True):
    """The library as the board loader wants it: name → the fields it supplies, close names, and what to do
    about a name it lacks."""

    cards: Mapping[str, Card]

    def __call__(self, name: str) -> dict[str, Any] | None:
        card = self.cards.get(key(name))
        return None if card is None else card.defaults()

    def fields(self, name: str) -> Mapping[str, Any] | None:
        """The validated fields of the card ``name`` names (``ValueError`` if they don't validate), or None."""
        if _FIELDS[0] is not self.cards:  # another library (loaded, or updated): the names kept were the old one's
            _FIELDS[:] = [self.cards, {}]
        kept: dict[str, Mapping[str, Any]] = _FIELDS[1]
        hit = kept.get(name)
        if hit is not None:
            return hit
        card = self.cards.get(key(name))
        if card is None:
            return None
        found = _validated(card)
        if len(name) <= MAX_KEPT_NAME:
            if len(kept) >= 8192:
                kept.clear()
            kept[name] = found
        return found

    def suggest(self, name: str) -> list[str]:
        """Up to three library names close to ``name`` (difflib), as the library spells them."""
        wanted = key(name)
        pool = [k for k in self.cards if 0.6 * len(wanted) <= len(k) <= len(wanted) / 0.6]  # the others can't
        close = difflib.get_close_matches(wanted, pool, n=3, cutoff=0.75)  # reach 0.75 (2·shorter/both)
        return list(dict.fromkeys(self._spelled(c) for c in close))

    def _spelled(self, k: str) -> str:
        card = self.cards[k]
        return card.card if card.card and key(card.card) == k else card.name

    def missing(self) -> str:
        """See ``Library.missing``."""
        if isinstance(self.cards, Library):
            return self.cards.missing()
        return "give its fields, or load a card file with --cards"


def board_defaults(path: str | None = None) -> BoardDefaults:
    """The library as the board loader wants it (see ``BoardDefaults``)."""
    return BoardDefaults(library(path))
