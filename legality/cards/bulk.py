"""Scryfall's bulk-data index (``GET /bulk-data``): which file holds the current "Oracle Cards" and when it was
made. The index is ``{"object": "list", "data": [bulk_data, ...]}``; one ``bulk_data`` object alone is
accepted too (``/bulk-data/oracle-cards``)."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urljoin

from msgspec import Struct

from legality.cards.card import CardLibraryError, kind
from legality.cards.entry import Entry
from legality.cards.fetch import check_url

WANTED = "oracle_cards"
"""The bulk file of one card object per Oracle ID: every card once, with its current Oracle text."""
MAX_INDEX_BYTES = 4 * 2**20
"""A downloaded file this small may be an index; a larger one is card data."""


class BulkFile(Struct, frozen=True):
    """One bulk file the index lists."""

    url: str
    updated: str | None
    size: int | None
    name: str


def is_index(value: Any) -> bool:
    """Whether parsed JSON is a bulk-data index (or one bulk_data object) rather than card data."""
    return isinstance(value, dict) and value.get("object") in ("list", "bulk_data") and not isinstance(
        value.get("data"), dict)


def oracle_cards(value: Any, index_url: str) -> BulkFile:
    """The Oracle Cards file of an index; a relative ``download_uri`` is taken relative to the index's URL."""
    items: Any = [value]
    where = "$"
    if not (isinstance(value, dict) and value.get("object") == "bulk_data"):
        items, where = value.get("data") if isinstance(value, dict) else None, "$.data"
        if not isinstance(items, list):
            raise CardLibraryError(f"bulk-data index {index_url}: $.data must be a list of bulk files, not "
                                   f"{kind(items)}")
    for i, raw in enumerate(items):
        e = Entry(raw, f"{where}[{i}]" if where == "$.data" else where)
        if e.text("type") != WANTED:
            continue
        url = urljoin(index_url, e.text("download_uri", None))
        try:
            check_url(url)
        except ValueError as exc:
            raise CardLibraryError(f"bulk-data index {index_url}: {e.where}.download_uri: {exc}") from None
        size = e.obj.get("size")
        return BulkFile(url, e.text("updated_at") or None, size if type(size) is int else None,
                        e.text("name", "Oracle Cards"))
    types = [x.get("type") for x in items if isinstance(x, dict)]
    raise CardLibraryError(f"bulk-data index {index_url}: no file of type {json.dumps(WANTED)} (it lists "
                           f"{', '.join(map(str, types)) or 'none'})")
