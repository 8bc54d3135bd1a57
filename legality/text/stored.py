"""A card's readings as JSON, for the on-disk store: data, never code, and checked when read back.

What the store keeps is plain JSON text of ``Kept``: every field of each ``Reading`` by name (whatever fields
``Reading`` has: pydantic reads them from the dataclass itself, so a field added there is kept too), the
abilities in the board's own vocabulary. A row is validated strictly against those same types (unknown keys
refused); one that does not validate is a miss, and the text is read again. Reading a row can run nothing.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic_core import PydanticSerializationError

from legality.text.reading import Reading


class Kept(BaseModel):
    """A card's readings, and whether they name the stand-in id of their source (``traits.SOURCE``); unknown
    keys, in it or in a reading, are refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    readings: tuple[Reading, ...]
    names_source: bool


def encode(readings: tuple[Reading, ...], names_source: bool) -> str | None:
    """The readings as JSON text; None for text JSON can't carry (a lone surrogate): such readings are not kept."""
    try:
        return Kept(readings=readings, names_source=names_source).model_dump_json()
    except PydanticSerializationError:
        return None


def decode(text: str | bytes) -> tuple[tuple[Reading, ...], bool] | None:
    """JSON text from the store → the readings, or None when it is not what ``encode`` writes."""
    try:
        kept = Kept.model_validate_json(text, strict=True)
    except (ValidationError, ValueError, RecursionError):
        return None
    return kept.readings, kept.names_source
