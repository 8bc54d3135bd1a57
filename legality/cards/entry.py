"""Reading one object of a card file field by field: a field of the wrong type is a ``CardLibraryError`` that
names the object (a JSON path) and the field, so a bad download is explained, never a traceback."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from legality.cards.card import CardLibraryError, kind
from models.abilities import BOUND


class Entry:
    """One JSON object of a card file, at JSON path ``where``."""

    def __init__(self, obj: Any, where: str) -> None:
        if not isinstance(obj, Mapping):
            raise CardLibraryError(f"{where}: a card must be a JSON object, not {kind(obj)}")
        self.obj, self.where = obj, where

    def _wrong(self, key: str, want: str) -> CardLibraryError:
        return CardLibraryError(f"{self.where}.{key}: must be {want}, not {kind(self.obj[key])}")

    def has(self, key: str) -> bool:
        """Whether the field is there and not null."""
        return self.obj.get(key) is not None

    def text(self, key: str, default: str | None = "") -> str:
        """A string field; ``default`` None makes it required."""
        value = self.obj.get(key)
        if value is None:
            if default is None:
                raise CardLibraryError(f"{self.where}.{key}: required field is missing")
            return default
        if not isinstance(value, str):
            raise self._wrong(key, "a string")
        return value

    def texts(self, key: str) -> tuple[str, ...]:
        """A list of strings (absent or null: empty)."""
        value = self.obj.get(key)
        if value is None:
            return ()
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self._wrong(key, "a list of strings")
        return tuple(value)

    def number(self, key: str) -> int | None:
        """An integer, or a string holding one ("*" and "1+*" are not numbers: None)."""
        value = self.obj.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise self._wrong(key, "an integer or a string")
        number = _int(value)
        if number is not None and abs(number) > BOUND:
            raise CardLibraryError(f"{self.where}.{key}: {value!r} is beyond ±{BOUND}")
        return number

    def entries(self, key: str) -> list[Entry]:
        """A non-empty list of objects (card faces)."""
        value = self.obj[key]
        if not isinstance(value, list) or not value:
            raise self._wrong(key, "a non-empty list of card faces")
        return [Entry(v, f"{self.where}.{key}[{i}]") for i, v in enumerate(value)]


def _int(v: int | str) -> int | None:
    try:
        return int(v)
    except ValueError:
        return None
