"""Readings kept on disk between processes, so a new process (a batch worker, one ``legality check``) reads
each card's text once per version of the reader rather than once per process.

The store is an SQLite file named by a fingerprint of every file the reader and the board models are made of:
any change to the grammar, the lexicon, the reader or the models starts a new file, so a reading is never
served by another version of the reader. It holds JSON text only (``legality.text.stored`` writes and checks
it): reading a row runs no code. Its folder is created 0700 and its file 0600; a folder or file owned by
another user, or writable by group or others, is not used (one line on standard error says so), since
whoever can write it decides what the checker reads. A store that can't be opened, read or written is simply
not used (the text is read again). ``LEGALITY_CACHE=off`` turns it off; ``LEGALITY_CACHE_DIR`` moves it
(default ``$XDG_CACHE_HOME/legality`` or ``~/.cache/legality``). Files of other versions untouched for
``STALE_DAYS`` days are removed when a store is opened.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sqlite3
import stat
import sys
import threading
import time
from collections.abc import Callable, Iterator
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
        for name, path in _sources(root):
            h.update(name.encode())
            with open(path, "rb") as f:
                h.update(f.read())
    return h.hexdigest()[:20]


def _sources(root: Path) -> Iterator[tuple[str, str]]:
    """The name (relative to ``root``) and path of each source file under ``root``, in a fixed order; a single file is
    named by its own name. os.walk, since pathlib's recursive glob took two thirds of the digest's time."""
    if not root.is_dir():
        yield root.name, str(root)
        return
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".py", ".lark", ".json")):
                path = os.path.join(folder, name)
                yield os.path.relpath(path, root), path


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
    """Key → JSON text, in one SQLite file per reader version; every failure is a miss."""

    def __init__(self, folder: Path | None) -> None:
        self._db: sqlite3.Connection | None = None
        self._lock = threading.Lock()  # one connection, used by the web page's worker threads in turn
        if folder is None:
            return
        name = f"readings-{fingerprint()}.sqlite"
        try:
            path = private_file(folder, name)
            if path is None:
                return
            db = sqlite3.connect(path, timeout=0.5, isolation_level=None, check_same_thread=False)
            db.execute("CREATE TABLE IF NOT EXISTS reading (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            self._db = db
        except (OSError, sqlite3.Error):
            self._db = None
            return
        _prune(folder, name)

    @staticmethod
    def key(*parts: Any) -> str:
        return hashlib.sha256(repr(parts).encode()).hexdigest()

    def get(self, key: str) -> str | bytes | None:
        """The text kept under ``key`` (bytes if a row was written as such: the caller's check refuses it)."""
        if self._db is None:
            return None
        try:
            with self._lock:
                row = self._db.execute("SELECT value FROM reading WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error:  # a damaged file: read the text again
            return None
        return row[0] if row is not None and isinstance(row[0], (str, bytes)) else None

    def put(self, key: str, text: str) -> None:
        if self._db is None:
            return
        with contextlib.suppress(sqlite3.Error), self._lock:  # not kept: read again next time
            self._db.execute("INSERT OR REPLACE INTO reading VALUES (?, ?)", (key, text))


FOLDER_MODE, FILE_MODE = 0o700, 0o600
"""The store's folder and file as this program creates them: its user's alone."""


def private_file(folder: Path, name: str) -> Path | None:
    """``folder / name``, creating the folder (0700) and the file (0600) if need be; None, with a note on
    standard error, when either is another user's, writable by group or others, or not what it should be."""
    try:
        folder.mkdir(mode=FOLDER_MODE, parents=True)
    except FileExistsError:
        pass
    else:
        os.chmod(folder, FOLDER_MODE)  # whatever the umask
    why = _not_private(folder, stat.S_ISDIR)
    if why:
        _note(f"{folder}: {why}")
        return None
    path = folder / name
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0), FILE_MODE))
    why = _not_private(path, stat.S_ISREG)
    if why:
        _note(f"{path}: {why}")
        return None
    return path


def _not_private(path: Path, kind: Callable[[int], bool]) -> str:
    """Why ``path`` is not this user's alone to write ("" when it is). The folder may be reached through a
    symbolic link (its target is checked); the file may not be a link."""
    st = os.stat(path) if kind is stat.S_ISDIR else os.lstat(path)
    if not kind(st.st_mode):
        return "not a " + ("folder" if kind is stat.S_ISDIR else "regular file")
    if hasattr(os, "getuid") and st.st_uid != os.getuid():
        return f"owned by another user (uid {st.st_uid})"
    if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return f"writable by group or others (mode {stat.S_IMODE(st.st_mode):o})"
    return ""


_noted = False


def _note(what: str) -> None:
    """One line on standard error, once per process: the store is not used, and why."""
    global _noted
    if not _noted:
        _noted = True
        with contextlib.suppress(OSError, ValueError):
            print(f"legality: not using the readings store {what}; rules text is read afresh", file=sys.stderr)


STALE_DAYS = 30
"""Files of other versions of the reader not written for this many days are removed."""


def _prune(folder: Path, mine: str) -> None:
    cutoff = time.time() - STALE_DAYS * 86400
    for path in folder.glob("readings-*.sqlite"):
        with contextlib.suppress(OSError):
            if path.name != mine and path.stat().st_mtime < cutoff:
                path.unlink()


def check_private() -> None:
    """Check (and create) the store's folder and file without opening it: the batch's parent, whose workers
    can't write to standard error, calls it so that a store not used for its owner or mode is noted."""
    folder = directory()
    if folder is not None:
        with contextlib.suppress(OSError):
            private_file(folder, f"readings-{fingerprint()}.sqlite")


_stores: dict[tuple[Path | None, int], Store] = {}


def store() -> Store:
    """The store for the current settings, opened once per process and folder (a forked worker opens its own:
    an SQLite connection must not cross a fork)."""
    key = (directory(), os.getpid())
    if key not in _stores:
        _stores[key] = Store(key[0])
    return _stores[key]
