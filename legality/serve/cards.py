"""What the checker reads from a card's rules text, as the page and GET /api/card show it."""

from __future__ import annotations

from typing import Any

from legality.cards import Card, library
from legality.text.context import Context
from legality.text.describe import describe
from legality.text.read import read


def reading(text: str, name: str | None) -> list[dict[str, Any]]:
    """Each sentence of ``text``: understood, no combat meaning or not understood, with its abilities."""
    return [{"sentence": r.sentence, "status": r.status, "keywords": list(r.keywords),
             "abilities": [a.model_dump(exclude_defaults=True) for a in r.abilities],
             "described": [describe(a) for a in r.abilities], "note": r.note}
            for r in read(text, name, Context(source_id=name))]


def card_json(card: Card) -> dict[str, Any]:
    """A library card with its fields and the reading of its rules text (the same as ``legality card --json``)."""
    return {"name": card.name, "text": card.oracle, **card.defaults(), "sentences": reading(card.oracle, card.name)}


def names(prefix: str, cards: str | None, limit: int = 20) -> list[str]:
    """Library names that start with ``prefix`` (then those that contain it), for autocomplete."""
    needle = prefix.strip().lower()
    every = library(cards)
    starts = sorted(c.name for k, c in every.items() if k.startswith(needle))
    inside = sorted(c.name for k, c in every.items() if needle in k and not k.startswith(needle))
    return (starts + inside)[:limit]
