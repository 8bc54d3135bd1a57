"""Readings kept on disk between processes, so a new process (a batch worker, one ``legality check``) reads
each card's text once per version of the reader rather than once per process.

The store is an SQLite file named by a fingerprint of every file the reader and the board models are made of:
any change to the grammar, the lexicon, the reader or the models starts a new file, so a reading is never
served by another version of the reader. A store that can't be opened, read or written is simply not used
(the text is read again). ``LEGALITY_CACHE=off`` turns it off; ``LEGALITY_CACHE_DIR`` moves it (default
``$XDG_CACHE_HOME/legality`` or ``~/.cache/legality``). Files of other versions untouched for
``STALE_DAYS`` days are removed when a store is opened.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sqlite3
import threading
import time
from functools import cache
from pathlib import Path
from typing import Any


@cache
def fingerprint() -> str:
    """A digest of the reader's and the models' files (sources, grammar, lexicon data), and of
    ``legality/traits.py``, whose list of known keywords the reader consults."""
    import models

    here = Path(__file__).parent
    return digest(here, Path(models.__file__).parent, here.parent / "traits.py")


def digest(*roots: Path) -> str:
    """A digest of the names and bytes of the ``.py``, ``.lark`` and ``.json`` files under ``roots`` (folders
    or single files)."""
    h = hashlib.sha256()
    for root in roots:
        for path in sorted(root.rglob("*")) if root.is_dir() else [root]:
            if path.suffix in (".py", ".lark", ".json") and "__pycache__" not in path.parts:
                h.update(path.name.encode() if path == root else str(path.relative_to(root)).encode())
                h.update(path.read_bytes())
    return h.hexdigest()[:20]


def directory() -> Path | None:
    """Where the store lives, or None when it is turned off."""
    if os.environ.get("LEGALITY_CACHE", "").lower() in ("off", "0", "no", "false"):
        return None
    given = os.environ.get("LEGALITY_CACHE_DIR")
    if given:
        return Path(given)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "legality"


class Store:
    """Key → value (any picklable data), in one SQLite file per reader version; every failure is a miss."""

    def __init__(self, folder: Path | None) -> None:
        self._db: sqlite3.Connection | None = None
        self._lock = threading.Lock()  # one connection, used by the web page's worker threads in turn
        if folder is None:
            return
        try:
            folder.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(folder / f"readings-{fingerprint()}.sqlite", timeout=0.5, isolation_level=None,
                                 check_same_thread=False)
            db.execute("CREATE TABLE IF NOT EXISTS reading (key TEXT PRIMARY KEY, value BLOB NOT NULL)")
            self._db = db
        except (OSError, sqlite3.Error):
            self._db = None
            return
        _prune(folder, f"readings-{fingerprint()}.sqlite")

    @staticmethod
    def key(*parts: Any) -> str:
        return hashlib.sha256(repr(parts).encode()).hexdigest()

    def get(self, key: str) -> Any | None:
        if self._db is None:
            return None
        try:
            with self._lock:
                row = self._db.execute("SELECT value FROM reading WHERE key = ?", (key,)).fetchone()
            return None if row is None else pickle.loads(row[0])
        except Exception:  # a damaged row or file: read the text again
            return None

    def put(self, key: str, value: Any) -> None:
        if self._db is None:
            return
        with contextlib.suppress(sqlite3.Error, pickle.PicklingError), self._lock:  # not kept: read again next time
            self._db.execute("INSERT OR REPLACE INTO reading VALUES (?, ?)", (key, pickle.dumps(value)))


STALE_DAYS = 30
"""Files of other versions of the reader not written for this many days are removed."""


def _prune(folder: Path, mine: str) -> None:
    cutoff = time.time() - STALE_DAYS * 86400
    for path in folder.glob("readings-*.sqlite"):
        with contextlib.suppress(OSError):
            if path.name != mine and path.stat().st_mtime < cutoff:
                path.unlink()


_stores: dict[tuple[Path | None, int], Store] = {}


def store() -> Store:
    """The store for the current settings, opened once per process and folder (a forked worker opens its own:
    an SQLite connection must not cross a fork)."""
    key = (directory(), os.getpid())
    if key not in _stores:
        _stores[key] = Store(key[0])
    return _stores[key]
