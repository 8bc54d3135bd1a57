"""Reading a board with the card library: the loader of ``models`` plus the cards of ``legality.cards``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from legality.cards import board_defaults
from models.board import Board
from models.load import parse_board as _parse


def parse_board(data: str | bytes | Mapping[str, Any], departed: bool | None = None,
                cards: str | None = None) -> Board:
    """Parse a board file; a permanent's missing fields come from the card library (``cards``: a
    Scryfall or MTGJSON file to load over the built-in cards; default ``LEGALITY_CARDS``)."""
    return _parse(data, departed, board_defaults(cards))
