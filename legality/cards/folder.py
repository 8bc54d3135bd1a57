"""The user's data folder, where ``legality cards update`` keeps the card library: private (0700, files 0600),
written atomically (a new file replaces the old one whole, or not at all).

``LEGALITY_DATA_DIR`` moves it (tests point it at a temporary folder); by default it is the platform's
user data folder (platformdirs: ``~/.local/share/legality`` on Linux).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

LIBRARY = "card-library.jsonl"
"""The stored library (see ``stored``)."""
DOWNLOAD = "card-download.part"
"""A download in progress, kept after a failure so the next update can resume it."""


def data_dir() -> Path:
    """The data folder (not created)."""
    given = os.environ.get("LEGALITY_DATA_DIR")
    if given:
        return Path(given).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("legality", appauthor=False))


def library_path() -> Path:
    """Where the stored library is (or would be)."""
    return data_dir() / LIBRARY


def private_dir() -> Path:
    """The data folder, created if need be and made private to the user."""
    folder = data_dir()
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    if sys.platform != "win32":
        os.chmod(folder, 0o700)
    return folder


def open_private(path: Path, append: bool = False) -> int:
    """A file descriptor for writing ``path``, created 0600 (an existing file is made 0600 too)."""
    flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if append else os.O_TRUNC) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags, 0o600)
    if sys.platform != "win32":
        os.fchmod(fd, 0o600)
    return fd


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder, synced, then renamed over it:
    a reader sees the old file or the new one, never part of one."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        fd = open_private(tmp)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
    _sync_dir(path.parent)


def _sync_dir(folder: Path) -> None:
    if sys.platform == "win32":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


@contextlib.contextmanager
def locked(folder: Path) -> Iterator[bool]:
    """Holds the folder's update lock while the block runs; yields False when another update holds it."""
    try:
        import fcntl
    except ImportError:  # Windows: no lock, updates are rare and each write is atomic anyway
        yield True
        return
    fd = open_private(folder / ".update.lock", append=True)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            yield False
            return
        yield True
    finally:
        os.close(fd)
