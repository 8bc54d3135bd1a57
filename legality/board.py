"""Reading a board with the card library: the loader of ``models`` plus the cards of ``legality.cards``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import IO, Any

from legality.cards import board_defaults
from models.board import MAX_BOARD_BYTES, Board
from models.load import parse_board as _parse


def parse_board(data: str | bytes | Mapping[str, Any], departed: bool | None = None,
                cards: str | None = None) -> Board:
    """Parse a board file; a permanent's missing fields come from the card library (``cards``: a
    Scryfall or MTGJSON file to load over the built-in cards; default ``LEGALITY_CARDS``)."""
    return _parse(data, departed, board_defaults(cards))


class BoardTooLong(ValueError):
    """A board file longer than ``MAX_BOARD_BYTES`` characters (not read past that)."""


def read_board_text(stream: IO[str]) -> str:
    """A board file's text, read no further than ``MAX_BOARD_BYTES`` characters: a longer one (``/dev/zero``, a file
    of gigabytes) raises ``BoardTooLong`` without being held in memory."""
    text = stream.read(MAX_BOARD_BYTES + 1)
    if len(text) > MAX_BOARD_BYTES:
        raise BoardTooLong(f"longer than the limit of {MAX_BOARD_BYTES:,} characters for a board")
    return text
