"""Which characteristics each name of a card of several faces stands for, and tokens that share a name.

At a table a card is named by its card name or by a face's name ("Delver of Secrets", "Insectile
Aberration"). By the card name: a double-faced card's front face (CR 712.8a, d), a flip card's
normal half (710.2), an adventurer card's normal characteristics (715.4), and a split card's two
halves combined (709.4). By a face's name: that face, with its own text, power/toughness and types
(712.8d-f, 710.2, 709.3b, 715.3b).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from msgspec.structs import replace

from legality.cards.card import FIELDS, Card, ordered_colors

SPLIT = frozenset({"split", "aftermath"})
"""Layouts whose card has its halves' characteristics combined everywhere but the stack (709.4)."""


def names(card_name: str, layout: str, faces: list[Card]) -> Iterator[tuple[str, Card]]:
    """(name, card) for the whole card and each face; a single-faced card is just itself."""
    if len(faces) == 1 and faces[0].name == card_name:
        yield card_name, faces[0]
        return
    faces = [replace(f, card=card_name) for f in faces]
    yield card_name, combined(card_name, faces) if layout in SPLIT else faces[0]
    for face in faces:
        yield face.name, face


def combined(card_name: str, halves: list[Card]) -> Card:
    """A split card outside the stack: each half's types, colours and text (709.4, 709.4b-c)."""
    def union(values: Iterable[tuple[str, ...]]) -> tuple[str, ...]:
        return tuple(dict.fromkeys(v for vs in values for v in vs))

    return Card(card_name, union(h.types for h in halves), union(h.subtypes for h in halves),
                union(h.supertypes for h in halves), ordered_colors(set(union(h.colors for h in halves))),
                None, None, "\n".join(h.oracle for h in halves if h.oracle), token=halves[0].token)


def merged_tokens(name: str, tokens: list[Card]) -> Card:
    """One card for tokens of the same name: the fields they all agree on, the others listed as unknown (the
    board gives them) rather than one token's guessed."""
    first = tokens[0]
    if all(t == first for t in tokens[1:]):
        return first
    unknown = tuple(f for f in FIELDS if any(getattr(t, f) != getattr(first, f) for t in tokens[1:]))
    blank: dict[str, Any] = {"types": (), "subtypes": (), "supertypes": (), "colors": (), "power": None,
                             "toughness": None, "oracle": "", "loyalty": None, "defense": None}
    return replace(first, name=name, unknown=unknown, card=None, **{f: blank[f] for f in unknown})
