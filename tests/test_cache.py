"""The on-disk store of readings (``legality.text.cache``): used across processes, keyed by the reader's
version, and never a reason to fail or to answer differently."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import sqlite3
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

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
    (which is why its file is named by the reader's version, and must be its user's alone)."""
    first = _check(tmp_path)
    _plant(tmp_path, json.dumps({"readings": [], "names_source": False}))
    assert _check(tmp_path).stdout != first.stdout


def _plant(folder: Path, value: str | bytes) -> None:
    """Every stored value replaced by ``value``."""
    (db,) = folder.glob("readings-*.sqlite")
    with sqlite3.connect(db) as con:
        assert con.execute("UPDATE reading SET value = ?", (value,)).rowcount >= 1


class _Payload:
    """Unpickling this creates ``marker``: what a planted row could do to a store that unpickles."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return (open, (str(self.marker), "w"))


RIGHT_SHAPE_WRONG_TYPES = json.dumps({"readings": [{"sentence": 5, "status": "understood", "keywords": "flying",
                                                    "abilities": [{"kind": "no such kind"}], "note": None,
                                                    "template": [], "event": {}}], "names_source": "yes"})


@pytest.mark.parametrize("poison", ["pickle that creates a file", "JSON of the right shape, wrong types",
                                    "JSON nested 100,000 levels deep"])
def test_a_poisoned_store_runs_nothing_and_changes_nothing(tmp_path: Path, poison: str) -> None:
    """A row planted in the store is data that fails its check, never code: the text is read again."""
    marker = tmp_path / "planted-code-ran"
    payload = pickle.dumps(_Payload(marker))
    pickle.loads(payload)  # the payload is live: unpickled, it creates the file
    assert marker.exists()
    marker.unlink()
    none = _check(tmp_path / "unused", LEGALITY_CACHE="off")
    folder = tmp_path / "store"
    assert _check(folder).stdout == none.stdout
    values: dict[str, str | bytes] = {"pickle that creates a file": payload,
                                      "JSON of the right shape, wrong types": RIGHT_SHAPE_WRONG_TYPES,
                                      "JSON nested 100,000 levels deep": "[" * 100_000 + "]" * 100_000}
    value = values[poison]
    _plant(folder, value)
    poisoned = _check(folder)
    assert not marker.exists()
    assert (poisoned.stdout, poisoned.returncode) == (none.stdout, none.returncode)
    assert "Traceback" not in poisoned.stderr


def test_every_reading_of_the_fixtures_survives_the_store() -> None:
    """What is kept is read back equal, for every text of every fixture and library card (the store's JSON)."""
    from legality.cards import library
    from legality.text import stored
    from legality.text.context import Context
    from legality.text.read import read
    from legality.traits import SOURCE

    texts = [(c.oracle, c.name) for c in library().values()]
    for path in sorted(ROOT.joinpath("fixtures").rglob("*.json")):
        board = json.loads(path.read_text())
        texts += [(p["oracle"], p["name"]) for p in board.get("permanents", []) if p.get("oracle")]
    kinds: set[str] = set()
    for text, name in texts:
        readings = tuple(read(text, name, Context(source_id=SOURCE, name=name)))
        kinds |= {a.kind for r in readings for a in r.abilities}
        kept = stored.encode(readings, True)
        assert kept is not None and stored.decode(kept) == (readings, True), (name, text)
    assert {"grant", "if", "min_blockers"} <= kinds  # nested and conditional abilities among them


def test_the_store_is_its_users_alone(tmp_path: Path) -> None:
    """Folder 0700, file 0600, whatever the umask."""
    folder = tmp_path / "deeper" / "store"
    old = os.umask(0)
    try:
        assert _check(folder).returncode in (0, 1)
    finally:
        os.umask(old)
    (db,) = folder.glob("readings-*.sqlite")
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(db.stat().st_mode) == 0o600
    assert _rows(folder) >= 1


def _verdict_without_store(tmp_path: Path) -> str:
    return _check(tmp_path / "unused", LEGALITY_CACHE="off").stdout


def test_a_store_folder_of_another_user_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Another user could plant readings there: the store is not opened, and one line says so, once."""
    folder = tmp_path / "store"
    assert _check(folder).returncode in (0, 1)
    real = os.getuid()
    monkeypatch.setattr(os, "getuid", lambda: real + 1)
    monkeypatch.setattr(cache, "_noted", False)
    assert cache.Store(folder)._db is None
    assert cache.Store(folder)._db is None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{folder}: owned by another user (uid {real})" in err
    monkeypatch.undo()
    assert cache.Store(folder)._db is not None


@pytest.mark.parametrize("what", ["folder", "file"])
def test_a_store_writable_by_others_is_not_used(tmp_path: Path, what: str) -> None:
    folder = tmp_path / "store"
    good = _check(folder)
    (db,) = folder.glob("readings-*.sqlite")
    _plant(folder, json.dumps({"readings": [], "names_source": False}))  # what another user could have written
    os.chmod(folder if what == "folder" else db, 0o777 if what == "folder" else 0o666)
    refused = _check(folder)
    assert refused.stdout == good.stdout == _verdict_without_store(tmp_path)
    assert refused.stderr.count("not using the readings store") == 1
    assert f"{folder if what == 'folder' else db}: writable by group or others" in refused.stderr
    os.chmod(folder if what == "folder" else db, 0o700 if what == "folder" else 0o600)
    assert _check(folder).stdout != good.stdout  # its own again, the store (and what was planted) is read


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="chown needs root")
def test_a_store_file_of_another_user_is_not_used(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    assert _check(folder).returncode in (0, 1)
    (db,) = folder.glob("readings-*.sqlite")
    _plant(folder, json.dumps({"readings": [], "names_source": False}))
    os.chown(db, 4242, 4242)
    refused = _check(folder)
    assert refused.stdout == _verdict_without_store(tmp_path)
    assert f"{db}: owned by another user (uid 4242)" in refused.stderr


def test_a_batch_says_once_that_the_store_is_not_used(tmp_path: Path) -> None:
    """The workers of a batch can't write to standard error: the parent checks the store and says it."""
    folder = tmp_path / "store"
    folder.mkdir(mode=0o777)
    os.chmod(folder, 0o777)
    src = tmp_path / "boards.jsonl"
    src.write_text(json.dumps(json.loads(BOARD.read_text())) + "\n")
    environ = {**os.environ, "LEGALITY_CACHE": "on", "LEGALITY_CACHE_DIR": str(folder)}
    run = subprocess.run([sys.executable, str(ROOT / "cli.py"), "batch", str(src), "--quiet"], env=environ,
                         capture_output=True, text=True, check=False, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stderr.count("not using the readings store") == 1 and "writable by group or others" in run.stderr
    assert not list(folder.glob("readings-*.sqlite"))


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
    # a file's name counts, and so does a new file; what Python caches beside the sources doesn't
    (tmp_path / "text" / "grammar.lark").rename(tmp_path / "text" / "grammar2.lark")
    assert cache.digest(tmp_path / "text", tmp_path / "models") != base
    (tmp_path / "text" / "grammar2.lark").rename(tmp_path / "text" / "grammar.lark")
    (tmp_path / "text" / "forms" / "__pycache__").mkdir(exist_ok=True)
    (tmp_path / "text" / "forms" / "__pycache__" / "stale.py").write_text("x = 1\n")
    assert cache.digest(tmp_path / "text", tmp_path / "models") == base
    (tmp_path / "text" / "forms" / "extra.py").write_text("x = 1\n")
    assert cache.digest(tmp_path / "text", tmp_path / "models") != base


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
