"""The names a card is found by, and which card wins a name that several could have.

A card's own name comes first, then the names of faces, then tokens (a token never hides a card of the
same name: CR 111.11 makes such a token use the card's characteristics), then "Soldier Token" for the
token named "Soldier" (111.4) and names without accents ("Lim-Dul's Vault").
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from legality.cards.card import Card
from legality.cards.faces import merged_tokens, names


def key(name: str) -> str:
    """The lookup key of a name: lower case, curly apostrophes straight, runs of spaces one space."""
    return " ".join(name.replace("’", "'").lower().split())


def folded(name: str) -> str:
    """A key without accents or ligatures ("lim-dûl", "æther" → "lim-dul", "aether")."""
    name = name.replace("æ", "ae").replace("œ", "oe")
    return "".join(ch for ch in unicodedata.normalize("NFKD", name) if not unicodedata.combining(ch))


class Names:
    """Collects cards and tokens, then gives name key → card with cards winning over faces over tokens."""

    def __init__(self) -> None:
        self._whole: list[tuple[str, Card]] = []
        self._faces: list[tuple[str, Card]] = []
        self._tokens: dict[str, list[Card]] = {}
        self.cards = 0
        self.tokens = 0

    def add(self, card_name: str, layout: str, faces: list[Card], token: bool = False) -> None:
        """One object of the card data: a card (or token) of one or more faces."""
        entries = list(names(card_name, layout, faces))
        if token:
            self.tokens += 1
            for name, card in entries:
                self._tokens.setdefault(key(name), []).append(card)
            return
        self.cards += 1
        self._whole.append(entries[0])
        self._faces.extend(entries[1:])

    def result(self) -> dict[str, Card]:
        """Every name key → its card."""
        out: dict[str, Card] = {}
        _put(out, self._whole)
        _put(out, self._faces)
        tokens = [(cards[0].name, merged_tokens(cards[0].name, cards)) for cards in self._tokens.values()]
        _put(out, tokens)
        _put(out, ((f"{name} token", card) for name, card in tokens))
        for k in [k for k in out if not k.isascii()]:
            out.setdefault(folded(k), out[k])
        return out


def _put(out: dict[str, Card], entries: Iterable[tuple[str, Card]]) -> None:
    for name, card in entries:
        out.setdefault(key(name), card)
