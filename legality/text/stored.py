"""A card's readings as JSON, for the on-disk store: data, never code, and checked when read back.

What the store keeps is plain JSON text of ``Kept`` (each ``Reading`` field by name, the abilities in the
board's own vocabulary), so reading a row can run nothing. A row is validated strictly against the same
models the board uses; a row that does not validate is a miss, and the text is read again.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic_core import PydanticSerializationError

from legality.text.read import Reading, Status
from models.abilities import Ability


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class KeptReading(_Model):
    """One ``Reading``, field for field."""

    sentence: str
    status: Status
    keywords: tuple[str, ...]
    abilities: tuple[Ability, ...]
    note: str
    template: str
    event: str


class Kept(_Model):
    """A card's readings, and whether they name the stand-in id of their source (``traits.SOURCE``)."""

    readings: tuple[KeptReading, ...]
    names_source: bool


def encode(readings: tuple[Reading, ...], names_source: bool) -> str | None:
    """The readings as JSON text; None for text JSON can't carry (a lone surrogate): such readings are not kept."""
    kept = Kept(readings=tuple(KeptReading(sentence=r.sentence, status=r.status, keywords=r.keywords,
                                           abilities=r.abilities, note=r.note, template=r.template, event=r.event)
                               for r in readings), names_source=names_source)
    try:
        return kept.model_dump_json()
    except PydanticSerializationError:
        return None


def decode(text: str | bytes) -> tuple[tuple[Reading, ...], bool] | None:
    """JSON text from the store → the readings, or None when it is not exactly what ``encode`` writes."""
    try:
        kept = Kept.model_validate_json(text, strict=True)
    except (ValidationError, ValueError, RecursionError):
        return None
    return tuple(Reading(r.sentence, r.status, r.keywords, r.abilities, r.note, r.template, r.event)
                 for r in kept.readings), kept.names_source
