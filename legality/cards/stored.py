"""The library's own file, written once by ``legality cards update`` so that every command loads it fast.

JSON Lines, data only: the first line is a header (format, source, counts, name key → row, each row's
byte offset), then one card a line as a JSON list. Loading reads the file and parses the header alone;
a card's line is parsed when its name is looked up, so a command pays for the cards of its board, not
for 30,000 cards.
"""

from __future__ import annotations

import json
from collections.abc import ItemsView, Iterator, Mapping, ValuesView
from pathlib import Path
from typing import Any

from msgspec import Struct, field

from legality.cards.card import Card, CardLibraryError, kind
from legality.cards.entry import Entry
from models.abilities import BOUND

FORMAT = "legality card library"
VERSION = 1
ROW = ("name", "types", "subtypes", "supertypes", "colors", "power", "toughness", "oracle", "loyalty", "defense",
       "token", "unknown", "card")
"""A row's fields, in order (the header repeats them)."""
MAX_BYTES = 256 * 2**20
"""A stored library larger than this is refused (the full card data stores in about 20 MB)."""


class Source(Struct, frozen=True):
    """Where a stored library came from: for ``legality cards`` to say."""

    kind: str
    """"Scryfall" or "MTGJSON" (or "legality" for a converted library file)."""
    location: str
    """The URL it was downloaded from, or the file it was read from."""
    updated: str | None
    """The data's own date (Scryfall's bulk ``updated_at``, MTGJSON's ``meta.date``), when known."""
    stored: str
    """When it was stored here (UTC, ISO 8601)."""
    cards: int
    tokens: int
    names: int
    extra: dict[str, Any] = field(default_factory=dict)
    """What else is known of the source (the bulk index's URL, the download's size and validator)."""

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "location": self.location, "updated": self.updated, "stored": self.stored,
                "cards": self.cards, "tokens": self.tokens, "names": self.names, **self.extra}


def encode(cards: Mapping[str, Card], source: Source) -> bytes:
    """The file's bytes for name key → card (cards that several names share are stored once)."""
    rows: dict[Card, int] = {}
    names = {k: rows.setdefault(c, len(rows)) for k, c in cards.items()}
    lines = [json.dumps([getattr(c, f) for f in ROW], ensure_ascii=False, separators=(",", ":")).encode()
             for c in rows]
    offsets, at = [], 0
    for line in lines:
        offsets.append(at)
        at += len(line) + 1
    header = {"format": FORMAT, "version": VERSION, "source": source.to_json(), "row": list(ROW),
              "rows_bytes": at, "names": names, "offsets": offsets}
    return b"\n".join([json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode(), *lines]) + b"\n"


def is_stored(head: bytes) -> bool:
    """Whether a file starting with ``head`` is in this format."""
    return head.lstrip().startswith(b'{"format":"' + FORMAT.encode())


class StoredCards(Mapping[str, Card]):
    """Name key → card over a stored file's bytes; a card is parsed (and validated) when first looked up."""

    def __init__(self, data: bytes, where: str) -> None:
        self.where = where
        end = data.find(b"\n")
        try:
            header = json.loads(data[:end] if end >= 0 else data)
        except (ValueError, RecursionError) as exc:
            raise CardLibraryError(f"{where}: the header line is not JSON ({exc})") from None
        self.header = _header(header, where)
        self._data, self._start = data, end + 1
        if len(data) - self._start != self.header["rows_bytes"]:
            raise CardLibraryError(f"{where}: {len(data) - self._start} bytes of cards, not the "
                                   f"{self.header['rows_bytes']} its header says: the file is damaged")
        self._names: dict[str, int] = self.header["names"]
        self._offsets: list[int] = self.header["offsets"]
        self._cards: dict[int, Card] = {}
        self.source = _source(self.header["source"], where)

    def __getitem__(self, name: str) -> Card:
        row = self._names[name]
        card = self._cards.get(row)
        if card is None:
            card = self._cards[row] = self._row(row)
        return card

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def items(self) -> ItemsView[str, Card]:
        self.parse_all()
        return super().items()

    def values(self) -> ValuesView[Card]:
        self.parse_all()
        return super().values()

    def parse_all(self) -> None:
        """Every row at once (one JSON parse of all the lines), for a walk over every card (autocomplete)."""
        if len(self._cards) == len(self._offsets):
            return
        rows = self._data[self._start:].rstrip(b"\n").replace(b"\n", b",")  # JSON escapes a newline in a string
        try:
            values = json.loads(b"[" + rows + b"]")
        except (ValueError, RecursionError) as exc:
            raise CardLibraryError(f"{self.where}: the cards are not JSON lines ({exc})") from None
        if len(values) != len(self._offsets):
            raise CardLibraryError(f"{self.where}: {len(values)} cards, not the {len(self._offsets)} of its header")
        for row, raw in enumerate(values):
            if row not in self._cards:
                self._cards[row] = self._card(raw, row)

    def _row(self, row: int) -> Card:
        start = self._start + self._offsets[row]
        end = self._data.find(b"\n", start)
        try:
            values = json.loads(self._data[start:end])
        except (ValueError, RecursionError) as exc:
            raise CardLibraryError(f"{self.where}: row {row + 1}: not JSON ({exc})") from None
        return self._card(values, row)

    def _card(self, values: Any, row: int) -> Card:
        """A row as a card: checked field by field, so a damaged file is an error naming the row and field."""
        if type(values) is list and len(values) == len(ROW):
            name, types, subtypes, supertypes, colors, power, toughness, oracle, loyalty, defense, token, unknown, \
                card = values
            if (type(name) is str and type(oracle) is str and type(token) is bool
                    and (card is None or type(card) is str)
                    and all(_strings(v) for v in (types, subtypes, supertypes, colors, unknown))
                    and all(_number(v) for v in (power, toughness, loyalty, defense))):
                return Card(name, tuple(types), tuple(subtypes), tuple(supertypes), tuple(colors), power, toughness,
                            oracle, loyalty, defense, token, tuple(unknown), card)
        return self._checked(values, row)  # the same, slower, to say what is wrong

    def _checked(self, values: Any, row: int) -> Card:
        where = f"{self.where}: row {row + 1}"
        if not isinstance(values, list) or len(values) != len(ROW):
            raise CardLibraryError(f"{where}: must be a list of {len(ROW)} fields, not {kind(values)}")
        e = Entry(dict(zip(ROW, values, strict=True)), f"{where} $")
        token = e.obj["token"]
        if not isinstance(token, bool):
            raise CardLibraryError(f"{where} $.token: must be a boolean, not {kind(token)}")
        return Card(e.text("name", None), e.texts("types"), e.texts("subtypes"), e.texts("supertypes"),
                    e.texts("colors"), e.number("power"), e.number("toughness"), e.text("oracle"),
                    e.number("loyalty"), e.number("defense"), token, e.texts("unknown"),
                    e.text("card") if e.has("card") else None)


def _strings(value: Any) -> bool:
    return type(value) is list and all(type(v) is str for v in value)


def _number(value: Any) -> bool:
    return value is None or (type(value) is int and -BOUND <= value <= BOUND)


def read(path: Path) -> StoredCards:
    """The stored library at ``path``; a file that isn't one (or is damaged) is a ``CardLibraryError``."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise CardLibraryError(f"{str(path)!r}: {size} bytes, more than a card library's {MAX_BYTES}")
        data = path.read_bytes()
    except OSError as exc:
        raise CardLibraryError(f"can't read the card library {str(path)!r}: {exc}") from None
    return StoredCards(data, repr(str(path)))


def _header(header: Any, where: str) -> dict[str, Any]:
    """The header, checked: what a lookup relies on has the right shape."""
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise CardLibraryError(f"{where}: not a {FORMAT} (no header line with \"format\": {json.dumps(FORMAT)})")
    if header.get("version") != VERSION:
        raise CardLibraryError(f"{where}: version {header.get('version')!r} of the format, not {VERSION}: "
                               "run `legality cards update` again")
    if header.get("row") != list(ROW):
        raise CardLibraryError(f"{where}: $.row must be {json.dumps(list(ROW))}")
    names, offsets, size = header.get("names"), header.get("offsets"), header.get("rows_bytes")
    if not isinstance(size, int) or isinstance(size, bool):
        raise CardLibraryError(f"{where}: $.rows_bytes must be an integer, not {kind(size)}")
    if not isinstance(offsets, list) or not all(type(o) is int and 0 <= o < size for o in offsets):
        raise CardLibraryError(f"{where}: $.offsets must be a list of byte offsets within the cards")
    if not isinstance(names, dict) or not all(type(r) is int and 0 <= r < len(offsets) for r in names.values()):
        raise CardLibraryError(f"{where}: $.names must map each name to a row number")
    return header


def _source(raw: Any, where: str) -> Source:
    e = Entry(raw, f"{where} $.source")
    known = {"kind", "location", "updated", "stored", "cards", "tokens", "names"}
    counts = {k: e.number(k) or 0 for k in ("cards", "tokens", "names")}
    return Source(e.text("kind"), e.text("location"), e.text("updated") if e.has("updated") else None,
                  e.text("stored"), counts["cards"], counts["tokens"], counts["names"],
                  {k: v for k, v in e.obj.items() if k not in known})
