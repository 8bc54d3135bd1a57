"""The on-disk store of readings (``legality.text.cache``): used across processes, keyed by the reader's
version, and never a reason to fail or to answer differently."""

from __future__ import annotations

import os
import pickle
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

import legality.text.cache as cache

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "fixtures" / "text" / "article" / "basilisk-war-cadence-no-block.json"


def _check(tmp: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "LEGALITY_CACHE": "on", "LEGALITY_CACHE_DIR": str(tmp), **env}
    return subprocess.run([sys.executable, str(ROOT / "cli.py"), "check", str(BOARD), "--json"], env=environ,
                          capture_output=True, text=True, check=False, timeout=120)


def _rows(folder: Path) -> int:
    (db,) = folder.glob("readings-*.sqlite")
    with sqlite3.connect(db) as con:
        n: int = con.execute("SELECT count(*) FROM reading").fetchone()[0]
    return n


def test_a_second_process_gets_the_same_verdict_from_the_store(tmp_path: Path) -> None:
    first = _check(tmp_path)
    assert first.returncode in (0, 1), first.stderr
    assert _rows(tmp_path) >= 1
    second = _check(tmp_path)
    assert second.stdout == first.stdout and second.returncode == first.returncode
    off = _check(tmp_path / "unused", LEGALITY_CACHE="off")
    assert off.stdout == first.stdout and not (tmp_path / "unused").exists()


def test_the_store_is_read(tmp_path: Path) -> None:
    """What the store holds is what a process reads: readings replaced by "no sentences" change the verdict
    (which is why its file is named by the reader's version)."""
    first = _check(tmp_path)
    (db,) = tmp_path.glob("readings-*.sqlite")
    with sqlite3.connect(db) as con:
        con.execute("UPDATE reading SET value = ?", (pickle.dumps(((), False)),))
    assert _check(tmp_path).stdout != first.stdout


@pytest.mark.parametrize("damage", ["garbage file", "folder is a file", "garbage rows"])
def test_a_broken_store_changes_nothing(tmp_path: Path, damage: str) -> None:
    good = _check(tmp_path / "good")
    folder = tmp_path / "bad"
    if damage == "garbage file":
        folder.mkdir()
        (folder / f"readings-{cache.fingerprint()}.sqlite").write_bytes(b"not a database" * 100)
    elif damage == "folder is a file":
        folder.write_text("a file where the folder should be")
    else:
        shutil.copytree(tmp_path / "good", folder)
        (db,) = folder.glob("readings-*.sqlite")
        with sqlite3.connect(db) as con:
            con.execute("UPDATE reading SET value = ?", (b"\x80garbage",))
    bad = _check(folder)
    assert bad.returncode == good.returncode, bad.stderr
    assert bad.stdout == good.stdout and "Traceback" not in bad.stderr


def test_the_version_covers_grammar_lexicon_and_models(tmp_path: Path) -> None:
    """Changing any file of the reader (here a copy of the grammar, of a lexicon file, of the models) gives
    another fingerprint, hence another file: no reading of one version is served to another."""
    text = Path(cache.__file__).parent
    models = Path(sys.modules["models"].__file__ or "").parent
    shutil.copytree(text, tmp_path / "text", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(models, tmp_path / "models", ignore=shutil.ignore_patterns("__pycache__"))
    base = cache.digest(tmp_path / "text", tmp_path / "models")
    for path in (tmp_path / "text" / "grammar.lark", tmp_path / "text" / "lexicon" / "keywords.json",
                 tmp_path / "models" / "abilities.py"):
        original = path.read_bytes()
        path.write_bytes(original + b" ")
        assert cache.digest(tmp_path / "text", tmp_path / "models") != base, path
        path.write_bytes(original)
    assert cache.digest(tmp_path / "text", tmp_path / "models") == base


def test_files_of_other_versions_are_removed_when_stale(tmp_path: Path) -> None:
    """Each version of the reader has its own file; another version's file untouched for ``STALE_DAYS``
    days goes when a store is opened, a recent one stays."""
    old, recent = tmp_path / "readings-0000old.sqlite", tmp_path / "readings-0000new.sqlite"
    old.write_bytes(b"")
    recent.write_bytes(b"")
    long_ago = time.time() - (cache.STALE_DAYS + 1) * 86400
    os.utime(old, (long_ago, long_ago))
    assert _check(tmp_path).returncode in (0, 1)
    assert not old.exists() and recent.exists()
    assert (tmp_path / f"readings-{cache.fingerprint()}.sqlite").exists()
