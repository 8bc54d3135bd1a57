"""What ``legality cards`` says: which card library is in use, where it came from, of when, and how many cards."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from legality.cards import BUILTIN, CardLibraryError, Library, folder, library, stored

HOW = "run `legality cards update` once to download every card (Scryfall's Oracle Cards)"


def status(path: str | None = None) -> dict[str, Any]:
    """The library in use (``path`` as ``--cards`` gives it) and the downloaded one, as JSON."""
    in_use = library(path)
    out: dict[str, Any] = {"in_use": in_use.origin, "location": in_use.location, "names": len(in_use),
                           "source": in_use.source.to_json() if in_use.source else None,
                           "data_folder": str(folder.data_dir())}
    out["downloaded"] = in_use.source.to_json() if in_use.origin == "downloaded" and in_use.source else _downloaded()
    return out


def _downloaded() -> dict[str, Any] | None:
    where = folder.library_path()
    if not where.is_file():
        return None
    try:
        return stored.read(where).source.to_json()
    except CardLibraryError as exc:
        return {"error": str(exc)}


def lines(path: str | None = None) -> list[str]:
    """``status`` in words, a few lines."""
    info = status(path)
    in_use = library(path)
    if in_use.origin == "builtin":
        out = [f"card library: the built-in cards ({len(in_use.base)} cards, those of the examples)"]
        out.append(f"  {HOW}" if info["downloaded"] is None else
                   f"  (the downloaded library is not used: --cards or LEGALITY_CARDS is {BUILTIN!r})")
        return out
    if in_use.origin == "given":
        out = [f"card library: {in_use.location} (given by --cards or LEGALITY_CARDS)"]
        out += _source_lines(in_use)
        if info["downloaded"] is not None:
            out.append("  (the downloaded library is not used while a card file is given)")
        return out
    return ["card library: downloaded", *_source_lines(in_use)]


def _source_lines(in_use: Library) -> list[str]:
    src = in_use.source
    if src is None:
        return [f"  {len(in_use):,} names"]
    date = f"of {when(src.updated)}" if src.updated else "(its date unknown)"
    counts = f"{src.cards:,} cards" + (f" and {src.tokens:,} tokens" if src.tokens else "")
    out = [f"  {src.kind} data {date}: {counts}, found by {src.names:,} names (faces and tokens included)",
           f"  from {src.location}"]
    if "index" in src.extra:
        out.append(f"  (through the bulk-data index {src.extra['index']})")
    if in_use.origin == "downloaded":
        out.append(f"  stored {when(src.stored)} in {in_use.location}")
    return out


def when(stamp: str) -> str:
    """An ISO 8601 date or time as people read it ("2026-11-20 10:03 UTC"); anything else as it is."""
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp
    if len(stamp) <= 10:
        return moment.date().isoformat()
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return moment.strftime("%Y-%m-%d %H:%M") + (" UTC" if moment.tzinfo is not None else "")
