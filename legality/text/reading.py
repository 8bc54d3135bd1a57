"""What reading rules text gives: one ``Reading`` a sentence. Kept apart from the reader (``legality.text.read``,
its grammar and tables), which is imported only when a text is read that no store holds: judging boards of known
cards needs the readings, not the reader."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from legality.text.kinds import AbilityKind
from models.abilities import Ability

Status = Literal["understood", "no combat meaning", "not understood"]
Where = Literal["self", "target", "attached", "global"]


@dataclass(frozen=True)
class Reading:
    """One sentence and what the checker understood from it.

    ``note`` says where understood abilities go ("self", "attached", "target", "global"), or why a
    sentence has no combat meaning or is not understood; ``event``: for a triggered ability with a
    combat effect (read as understood, with no abilities of its own), its trigger ("whenever ~ attacks"):
    the game tells whether it can have resolved before the step judged, and if it can, asks for its result.
    """

    sentence: str
    status: Status
    keywords: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    note: str = ""
    template: str = ""
    event: str = ""
    kind: AbilityKind = "static"
    damage_only: bool = False
    """Not understood, but it can change only what combat damage does (prevention, redirection, life and counters,
    who loses: 615, 614, 120.3, 704.5), never which attacks or blocks are legal: a verdict on a declaration does
    not depend on it; a damage verdict does."""
    apart: bool = False
    """A static reading of a sentence written after the first sentence of a triggered or activated ability, on its
    line, that could be an ability of its own (``legality.text.apart``): which it is, the text doesn't say (113.2c:
    on a card each ability has its own line). The game judges both ways (``either.py``)."""


PT_NOTE = "changes power/toughness or other values: give the current values on the board"
"""The note of a sentence read as changing only power, toughness or other values (no combat meaning)."""

ATTACK_WORDS = re.compile(r"\battack\w*")
BLOCK_WORDS = re.compile(r"\b(?:un)?block\w*")
