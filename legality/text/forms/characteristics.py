"""What an object becomes ("becomes a blue Frog", "is black", "are Juggernauts in addition to their other types"):
the colour and type words of such a phrase as a ``Characteristics`` change (613.1d-e, 105.3, 205.1a-b)."""

from __future__ import annotations

import re

from legality.text import lexicon
from legality.text.keywords import COLOR_WORDS
from models.abilities import Characteristics, Color

_ADDITION = re.compile(r"\s*,?\s*in addition to (?:its|their) other ((?:colors and |colours and )?(?:creature )?"
                       r"(?:types|colors|colours)(?: and (?:creature )?types)?)\s*")
_IGNORED = re.compile(r"\s*(?:with base power and toughness \S+|until end of turn|until your next turn|"
                      r"this turn)\s*")
_ARTICLES = frozenset({"a", "an", "and", ","})
_PT = re.compile(r"^(?:\d+|x)/(?:\d+|x)$")


def change(phrase: str) -> Characteristics | None:
    """The change a phrase of colour and type words makes, or None when it holds another word (a choice, a copy,
    "the color of your choice"): such a phrase is left to the board's values."""
    text = phrase.lower().replace(",", " , ")
    added = _ADDITION.search(text)
    add_colors = add_types = False
    if added:
        what = added.group(1)
        add_colors = "color" in what or "colour" in what
        add_types = "type" in what
        text = text[:added.start()] + " " + text[added.end():]
    text = _IGNORED.sub(" ", text)
    colors: list[Color] = []
    colorless = False
    types: list[str] = []
    subtypes: list[str] = []
    for word in text.split():
        if word in _ARTICLES or _PT.match(word):
            continue
        if word == "colorless":
            colorless = True
        elif word in COLOR_WORDS:
            colors.append(COLOR_WORDS[word])
        elif (card := lexicon.card_type(word)) is not None:
            types.append(card.lower())
        elif (creature := lexicon.creature_type(word)) is not None:
            subtypes.append(creature)
        else:
            return None
    if not (colors or colorless or types or subtypes):
        return None
    return Characteristics(kind="characteristics", colors=tuple(colors) if colors or colorless else None,
                           add_colors=add_colors, types=tuple(types) or None, subtypes=tuple(subtypes) or None,
                           add_types=add_types)
