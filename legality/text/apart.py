"""Sentences within a triggered or activated ability that could be static abilities of their own.

On a card each ability has its own line (113.2c), and a triggered or activated ability runs over every sentence of
its line (603.1, 602.1: "[Instructions (if any).]"). Typed text, or text copied onto one line, need not keep that:
in "Whenever this creature attacks, you gain 1 life. Creatures your opponents control can't block." the second
sentence may be a static ability or part of the trigger's effect, and the two say different things for a block.
The reader marks such a sentence (``Reading.apart``); the game judges both ways (``either.py``).

A sentence is taken as possibly apart only when nothing ties it to the ability before it: it has no duration (an
effect of a resolved ability lasts as stated, 611.2a; a static ability applies while its source is there, 611.3),
doesn't start with a pronoun or a word of sequence ("it", "then", "if you do") and names nothing the ability
introduced ("that creature", "those tokens"). Real Oracle text's later sentences always have one of these.
"""

from __future__ import annotations

import re

TIED = re.compile(
    r"^(?:it|its|they|their|them|he|she|his|her|that|those|these|then|if|otherwise|until|also|each of|"
    r"when|whenever|at|instead|repeat|do|for each|return|put|draw|exile|create|choose|sacrifice|tap|untap|search|"
    r"shuffle|reveal|look|discard|mill|scry|surveil|counter|destroy|goad|gain|lose)\b|"
    r"\b(?:until end of turn|until your next turn|this turn|this combat|for as long as|until|those|these|"
    r"that (?:creature|token|land|permanent|card|player|artifact|spell|planeswalker|source)s?|target|"
    r"the (?:creature|token|card|permanent|chosen|exiled|sacrificed|revealed|returned)|this way|"
    r"do so|does so|did|instead)\b")
"""What ties a sentence to the ability before it: a pronoun or word of sequence at its start, a duration, a target
(a static ability has none, 115.1), or a word naming what that ability introduced or did."""


def later_sentences(ability: str) -> list[str]:
    """The sentences of an ability after its first one, split at full stops outside quotation marks."""
    parts, start, quoted = [], 0, False
    for i, ch in enumerate(ability):
        if ch == '"':
            quoted = not quoted
        elif ch == "." and not quoted and (i + 1 == len(ability) or ability[i + 1] == " "):
            parts.append(ability[start:i])
            start = i + 1
    parts.append(ability[start:])
    return [p.strip() for p in parts[1:] if p.strip()]


def could_stand_apart(sentence: str) -> bool:
    """Whether nothing in ``sentence`` ties it to the ability before it on its line (``TIED``)."""
    return TIED.search(sentence) is None
