"""``legality cards update``: get the current card data, check it, and store it as the library every command
uses (``stored``, in the data folder of ``folder``).

The data comes from Scryfall's bulk-data index (its "Oracle Cards" file), another index or a mirror
(``url``: an index, or a card file itself), or a file already downloaded (``file``); MTGJSON's
AtomicCards is accepted as well. Nothing replaces the stored library until the new data has been read
whole, found to be card data with enough cards, and written: a failed or refused update leaves the
library as it was.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import TextIO

from msgspec import Struct, field

from legality.cards import bulk, folder, formats, stored
from legality.cards.card import CardLibraryError
from legality.cards.fetch import FetchError, Limits, fetch
from legality.cards.progress import ByteProgress

SCRYFALL_INDEX = "https://api.scryfall.com/bulk-data"
MIN_CARDS = 10_000
"""Fewer cards than this is no full library (Scryfall's Oracle Cards has over 30,000): refused unless asked."""
INDEX_PART = "card-index.part"


class UpdateError(Exception):
    """An update that could not run (another one holds the folder, the folder can't be written)."""


class Report(Struct):
    """What an update tells as it goes: lines on ``stream``, and progress bars when ``bars`` (a terminal)."""

    stream: TextIO | None = None
    bars: bool = False

    def say(self, text: str) -> None:
        if self.stream is not None:
            print(text, file=self.stream, flush=True)

    def bar(self, label: str) -> ByteProgress | None:
        return ByteProgress(label, self.stream) if self.bars and self.stream is not None else None


class Request(Struct, frozen=True):
    """Where the data comes from and what it may take."""

    url: str | None = None
    file: str | None = None
    limits: Limits = field(default_factory=Limits)
    min_cards: int = MIN_CARDS
    force: bool = False
    """Download even when the index names the file the stored library came from."""


class Updated(Struct, frozen=True):
    """The library stored (or found current)."""

    source: stored.Source
    path: Path
    changed: bool


def update(request: Request, report: Report | None = None) -> Updated:
    """Get, check and store the card data (see the module). Raises ``CardLibraryError`` for data that is no
    card library, ``FetchError`` for a download that failed, ``UpdateError`` when the update can't run."""
    report = report or Report()
    try:
        place = folder.private_dir()
    except OSError as exc:
        raise UpdateError(f"can't use the data folder {folder.data_dir()}: {exc}") from None
    with folder.locked(place) as mine:
        if not mine:
            raise UpdateError(f"another `legality cards update` is using {place}: wait for it to finish")
        if request.file is not None:
            location = str(Path(request.file).resolve())
            report.say(f"reading {location}")
            data = formats.read_file(location, request.limits.max_bytes)
            return _store(data, location, data.date, {}, request, report)
        return _download(request, place, report)


def _download(request: Request, place: Path, report: Report) -> Updated:
    url = request.url or SCRYFALL_INDEX
    with _downloaded(url, place / INDEX_PART, request, report) as got:
        value = _small_json(got, url)
        if value is None or not bulk.is_index(value):
            return _read_and_store(got, value, url, None, {}, request, report)
    chosen = bulk.oracle_cards(value, url)
    current = _current()
    if not request.force and current is not None and current.extra.get("index") == url \
            and current.location == chosen.url:
        report.say(f"the card library is up to date ({chosen.name} of {_date(chosen.updated)})")
        return Updated(current, folder.library_path(), changed=False)
    if chosen.size is not None and chosen.size > request.limits.max_bytes:
        raise FetchError(f"{chosen.url}: {chosen.size:,} bytes, more than the "
                         f"{request.limits.max_bytes / 2**20:,.0f} MB limit (--max-size)")
    report.say(f"{chosen.name} of {_date(chosen.updated)}: {chosen.url}")
    with _downloaded(chosen.url, place / folder.DOWNLOAD, request, report) as got:
        return _read_and_store(got, None, chosen.url, chosen.updated, {"index": url}, request, report)


def _read_and_store(got: Path, value: object | None, url: str, updated: str | None, extra: dict[str, object],
                    request: Request, report: Report) -> Updated:
    """The downloaded card data (``value`` when already parsed), checked and stored."""
    report.say("reading the cards")
    where = f"the file downloaded from {url}"
    data = formats.from_json(value, where) if value is not None else formats.parse(
        formats.read_bytes(got, request.limits.max_bytes), where)
    return _store(data, url, updated or data.date, extra, request, report)


@contextlib.contextmanager
def _downloaded(url: str, dest: Path, request: Request, report: Report) -> Iterator[Path]:
    """A complete download of ``url`` at ``dest``, removed once used (stored or refused). A download that
    failed is not complete: ``fetch`` keeps what a later run can resume."""
    got = _get(url, dest, request, report)
    try:
        yield got
    finally:
        with contextlib.suppress(FileNotFoundError):
            got.unlink()


def _get(url: str, dest: Path, request: Request, report: Report) -> Path:
    bar = report.bar(f"downloading {url.rsplit('/', 1)[-1] or url}")
    try:
        return fetch(url, dest, request.limits, bar, _user_agent()).path
    except ValueError as exc:  # not an http(s) URL
        raise CardLibraryError(str(exc)) from None
    finally:
        if bar is not None:
            bar.close()


def _small_json(path: Path, url: str) -> object | None:
    """The parsed JSON of a small download (an index, or a small card file); None for a large one."""
    if path.stat().st_size > bulk.MAX_INDEX_BYTES:
        return None
    raw = formats.read_bytes(path, bulk.MAX_INDEX_BYTES * 64)
    if stored.is_stored(raw[:64]):
        return None
    try:
        value: object = json.loads(raw)
        return value
    except (ValueError, RecursionError) as exc:
        raise CardLibraryError(f"the file downloaded from {url} is not JSON: {exc}") from None


def _store(data: formats.CardData, location: str, updated: str | None, extra: dict[str, object],
           request: Request, report: Report) -> Updated:
    """Check the card data and write it as the stored library, replacing the old one whole."""
    if data.count < request.min_cards:
        raise CardLibraryError(f"{location} holds {data.count:,} cards, fewer than the {request.min_cards:,} of a "
                               "full library: not stored (--min-cards N accepts fewer)")
    source = stored.Source(data.kind, location, updated, _now(), data.count, data.tokens, len(data.cards), extra)
    content = stored.encode(data.cards, source)
    check = stored.StoredCards(content, "the new library")
    if len(check) != len(data.cards) or any(check[k] != data.cards[k] for k in list(data.cards)[:100]):
        raise CardLibraryError("the new library does not read back as written: not stored")
    path = folder.library_path()
    try:
        folder.write_atomic(path, content)
    except OSError as exc:
        raise UpdateError(f"can't write {path}: {exc}") from None
    from legality.cards import library

    library.cache_clear()
    report.say(f"stored {data.count:,} cards" + (f" and {data.tokens:,} tokens" if data.tokens else "")
               + f" in {path}")
    return Updated(source, path, changed=True)


def _current() -> stored.Source | None:
    try:
        return stored.read(folder.library_path()).source if folder.library_path().is_file() else None
    except CardLibraryError:
        return None


def remove() -> Path | None:
    """Delete the stored library (the built-in cards are used again); its path, or None if there was none."""
    path = folder.library_path()
    try:
        path.unlink()
    except FileNotFoundError:
        return None
    for name in (folder.DOWNLOAD, folder.DOWNLOAD + ".json", INDEX_PART, INDEX_PART + ".json"):
        with contextlib.suppress(FileNotFoundError):
            (path.parent / name).unlink()
    from legality.cards import library

    library.cache_clear()
    return path


def _date(stamp: str | None) -> str:
    from legality.cards.status import when

    return when(stamp) if stamp else "an unknown date"


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def _user_agent() -> str:
    try:
        version = metadata.version("mtg-combat-legality")
    except metadata.PackageNotFoundError:
        version = "dev"
    return f"mtg-combat-legality/{version} (legality cards update)"
