"""A card file of any accepted shape, told apart by its content: Scryfall bulk data, MTGJSON AtomicCards, the
built-in file or the library's stored file; gzip, xz or bzip2 compressed or not. Every defect is a
``CardLibraryError`` naming the file and the JSON path."""

from __future__ import annotations

import bz2
import gzip
import lzma
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import IO, Any

from msgspec import Struct

from legality.cards import stored
from legality.cards.builtin import from_builtin
from legality.cards.card import Card, CardLibraryError, kind
from legality.cards.mtgjson import read_mtgjson
from legality.cards.scryfall import read_scryfall
from models.jsontext import JsonTextError, loads

MAX_BYTES = 512 * 2**20
"""A card file (uncompressed) larger than this is refused: Scryfall's Oracle Cards is about 160 MB."""
COMPRESSED: dict[bytes, Callable[[Path, str], IO[bytes]]] = {
    b"\x1f\x8b": gzip.open, b"\xfd7zXZ\x00": lzma.open, b"BZh": bz2.open}  # type: ignore[dict-item]


class CardData(Struct, frozen=True):
    """A card file read: name key → card, with what it is and how much it holds."""

    kind: str
    cards: Mapping[str, Card]
    count: int
    tokens: int
    date: str | None = None
    """The data's own date, when the file says it (MTGJSON's ``meta.date``)."""


def read_bytes(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The file's content, decompressed; more than ``limit`` bytes (compressed or not) is an error."""
    try:
        with open(path, "rb") as f:
            magic = f.read(6)
        opener = next((o for m, o in COMPRESSED.items() if magic.startswith(m)), None)
        with (opener(path, "rb") if opener else open(path, "rb")) as stream:
            data = _bounded(stream, limit)
    except (OSError, EOFError, lzma.LZMAError) as exc:
        raise CardLibraryError(f"can't read card file {str(path)!r}: {exc}") from None
    if data is None:
        raise CardLibraryError(f"card file {str(path)!r} holds more than {limit // 2**20} MB: not card data "
                               "(or raise the limit)")
    return data


def _bounded(stream: IO[bytes], limit: int) -> bytes | None:
    data = stream.read(limit + 1)
    return None if len(data) > limit else data


def parse(data: bytes, where: str) -> CardData:
    """Card data in any accepted shape."""
    if stored.is_stored(data[:64]):
        library = stored.StoredCards(data, where)
        src = library.source
        return CardData("legality", library, src.cards, src.tokens, src.updated)
    try:
        value = loads(data)
    except JsonTextError as exc:
        raise CardLibraryError(f"{where} is not JSON: {exc.message}") from None
    return from_json(value, where)


def from_json(value: Any, where: str) -> CardData:
    """Parsed JSON card data of any accepted shape; a defect is named by ``where`` (the file) and JSON path."""
    try:
        return _shaped(value)
    except CardLibraryError as exc:
        raise CardLibraryError(f"card file {where}: {exc}") from None


def _shaped(value: Any) -> CardData:
    if isinstance(value, list):
        names = read_scryfall(value)
        return CardData("Scryfall", names.result(), names.cards, names.tokens)
    if isinstance(value, dict) and isinstance(value.get("data"), dict):
        names = read_mtgjson(value)
        meta = value.get("meta")
        date = meta.get("date") if isinstance(meta, dict) and isinstance(meta.get("date"), str) else None
        return CardData("MTGJSON", names.result(), names.cards, names.tokens, date)
    if isinstance(value, dict) and isinstance(value.get("cards"), list):
        cards = from_builtin(value)
        return CardData("legality", cards, len(cards), 0)
    if isinstance(value, dict) and value.get("object") in ("list", "bulk_data"):
        raise CardLibraryError("$ is Scryfall's bulk-data index, not card data: give it as `legality cards update "
                               "--url`, which follows it to the Oracle Cards file")
    raise CardLibraryError(f"$ is {kind(value)}: neither Scryfall bulk data (a list of cards) nor MTGJSON "
                           "AtomicCards ({\"data\": {...}})")


def read_file(path: str | Path, limit: int = MAX_BYTES) -> CardData:
    """A card file, read and checked."""
    return parse(read_bytes(Path(path), limit), repr(str(path)))


def load_file(path: str | Path) -> dict[str, Card]:
    """A card file in any accepted shape as name key → card; any defect is a ``CardLibraryError``."""
    return dict(read_file(path).cards)
