"""What the checker reads from a card's rules text, as the page and GET /api/card show it."""

from __future__ import annotations

from typing import Any

from legality.cards import Card, library
from legality.text.context import Context
from legality.text.describe import reading_json
from legality.text.read import read


def reading(text: str, name: str | None) -> list[dict[str, Any]]:
    """Each sentence of ``text``: understood, no combat meaning or not understood, with its abilities."""
    return [reading_json(r) for r in read(text, name, Context(source_id=name))]


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
