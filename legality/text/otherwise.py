""""Otherwise, ..." after a static ability under a condition: the other branch of that one condition.

"Enchanted creature gets +2/+2 as long as it's a Human. Otherwise, it can't attack or block." (Bonds of Faith) is
two static abilities, each applying while the condition is or is not true (611.3a); "it" is the first sentence's
subject. This module restates the second sentence as a sentence of its own under the first one's condition
("as long as it's a human, enchanted creature can't attack or block"), which the reader reads as usual; the reader
then turns the condition round (``Condition.negate``).
"""

from __future__ import annotations

import re

from models.abilities import Ability, If

OTHERWISE = re.compile(r"^otherwise, (?P<rest>.+)$")
"""A sentence that is the other branch of the condition of the sentence before it."""

VERB = r"(?:gets?|has|have|can't|cannot|can|is|are|attacks|blocks|must|loses?|gains?|doesn't|don't|assigns)"
CONDITION_WORD = r"(?:as long as|during|if)"
LEAD = re.compile(rf"^(?P<word>{CONDITION_WORD}) (?P<condition>[^,]+), (?P<subject>[a-z~' ]+?) {VERB}\b")
"""A condition before its ability: "as long as it's your turn, equipped creature has deathtouch"."""
TRAIL = re.compile(rf"^(?P<subject>[a-z~' ]+?) {VERB}\b[^,]* (?P<word>{CONDITION_WORD}) (?P<condition>[^,]+)$")
"""A condition after its ability: "~ has trample as long as it has two or fewer oil counters on it"."""
PRONOUN = re.compile(r"^(?:it|they)\b")
"""The subject of the "otherwise" sentence that stands for the first sentence's subject."""


def restate(before: str, sentence: str) -> str | None:
    """``sentence`` ("otherwise, it has reach") as a sentence of its own under the condition of ``before`` as
    written, its pronoun subject replaced by ``before``'s subject; None when ``sentence`` is not an "otherwise"
    sentence or ``before`` states no single condition in a form read here."""
    m = OTHERWISE.match(sentence)
    if m is None:
        return None
    found = LEAD.match(before) or TRAIL.match(before)
    if found is None or OTHERWISE.match(before):
        return None
    rest = PRONOUN.sub(found["subject"], m["rest"], count=1)
    return f"{found['word']} {found['condition']}, {rest}"


def negated(abilities: tuple[Ability, ...]) -> tuple[Ability, ...] | None:
    """The abilities of a restated sentence with its condition turned round; None unless each is one ``If`` (the
    condition of the restated sentence, which wraps all it gives)."""
    if not abilities or not all(isinstance(a, If) for a in abilities):
        return None
    return tuple(a.model_copy(update={"condition": a.condition.model_copy(update={"negate": not a.condition.negate})})
                 for a in abilities if isinstance(a, If))
