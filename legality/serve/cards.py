"""What the checker reads from a card's rules text, as the page and GET /api/card show it; card names for the
page's autocomplete and its "did you mean"."""

from __future__ import annotations

import difflib
from typing import Any

from legality.cards import Card, library
from legality.text.context import Context
from legality.text.describe import reading_json
from legality.text.read import read

CLOSE = 0.6
"""How alike (difflib's ratio) a misspelled name and a library name must be for autocomplete to offer it."""
MEANT = 0.75
"""... and for "did you mean" to name it (as the CLI's board loader does)."""


def reading(text: str, name: str | None) -> list[dict[str, Any]]:
    """Each sentence of ``text``: understood, no combat meaning or not understood, with its abilities."""
    return [reading_json(r) for r in read(text, name, Context(source_id=name))]


def card_json(card: Card) -> dict[str, Any]:
    """A library card with its fields and the reading of its rules text (the same as ``legality card --json``)."""
    return {"name": card.name, "text": card.oracle, **card.defaults(), "sentences": reading(card.oracle, card.name)}


def _rank(key: str, needle: str, words: list[str]) -> int | None:
    """How well a library name (lower case) answers what was typed: 0 it starts with it, 1 each word typed
    starts a word of the name ("griz bea"), 2 it contains it; None otherwise."""
    if key.startswith(needle):
        return 0
    name_words = key.replace(",", " ").split()
    if all(any(w.startswith(q) for w in name_words) for q in words):
        return 1
    return 2 if needle in key else None


def names(prefix: str, cards: str | None, limit: int = 20, cutoff: float = CLOSE) -> list[str]:
    """Library names for what was typed: those that start with it, then those whose words it starts, then
    those that contain it, then names spelt alike (a misspelling: "grizly bears"), at most ``limit``."""
    needle = " ".join(prefix.lower().split())
    every = {c.name.lower(): c.name for c in library(cards).values()}
    if not needle:
        return sorted(every.values())[:limit]
    words = needle.split()
    ranked = sorted((rank, name) for key, name in every.items() if (rank := _rank(key, needle, words)) is not None)
    out = [name for _, name in ranked[:limit]]
    if len(out) < limit:
        seen = set(out)
        close = difflib.get_close_matches(needle, list(every), n=limit, cutoff=cutoff)
        out += [every[k] for k in close if every[k] not in seen][:limit - len(out)]
    return out


def how_to_get(cards: str | None) -> str:
    """What the page says after "no card named ...": how to have that card, by the library the server uses."""
    lib = library(cards)
    restart = "then start `legality serve` again"
    if lib.origin == "builtin":
        return (f"This server has only the {len(lib.base)} built-in cards (those of the examples): run `legality "
                f"cards update` once to download every card, {restart}.")
    if lib.origin == "downloaded":
        date = f" of {lib.source.updated[:10]}" if lib.source and lib.source.updated else ""
        return f"A card newer than the library{date} needs `legality cards update`, {restart}."
    return f"The library is the card file {lib.location} (given with --cards or LEGALITY_CARDS)."


def suggestions(name: str, cards: str | None, limit: int = 3) -> list[str]:
    """Library names a judge may have meant by ``name`` (not in the library), best first."""
    return names(name, cards, limit, MEANT)
