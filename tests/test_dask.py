"""``legality batch --dask``: the same output, byte for byte, as the local pool, on a LocalCluster of 2 workers."""

from __future__ import annotations

import builtins
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_batch import _bad_lines, good_lines

from cli import main

ROOT = Path(__file__).resolve().parent.parent


def _mixed(n: int) -> bytes:
    """About ``n`` lines: every judgeable fixture (ids made unique), bad lines, blanks and a non-UTF-8 line."""
    goods, bads = good_lines(10_000), _bad_lines()
    rows: list[bytes] = []
    i = 0
    while len(rows) < n:
        board = json.loads(goods[i % len(goods)])
        board["id"] = f"{board.get('id')}-{i}"
        rows.append(json.dumps(board).encode())
        if i % 7 == 0:
            rows.append(bads[(i // 7) % len(bads)][0].encode())
        if i % 13 == 0:
            rows.append(b"  ")
        if i % 50 == 0:
            rows.append("caf\xe9".encode("latin-1"))
        i += 1
    return b"\n".join(rows) + b"\n"


def test_dask_output_equals_the_local_batch(tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason="dask[distributed] is not installed (pip install '.[dask]')")
    src = tmp_path / "mixed.jsonl"
    src.write_bytes(_mixed(300))
    local = CliRunner().invoke(main, ["batch", str(src), "--jobs", "2"])
    # The cluster runs in a process of its own: its threads must not live on in the test process, where
    # later tests fork worker pools (a fork while another thread holds a lock can hang the child).
    dask = subprocess.run([sys.executable, "-c", "import cli; cli.main()", "batch", str(src), "--dask", "local:2",
                           "--quiet"], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert local.exit_code == 1 and dask.returncode == 1  # the bad lines are error lines, the batch goes on
    assert "Traceback" not in dask.stderr + dask.stdout
    out = local.stdout.splitlines()
    assert len(out) == sum(1 for row in src.read_bytes().split(b"\n") if row.strip()) > 250
    assert sum(line.startswith('{"error"') for line in out) >= 40
    assert dask.stdout == local.stdout


def test_without_dask_the_option_says_how_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    real = builtins.__import__

    def no_dask(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.split(".")[0] in ("dask", "distributed"):
            raise ImportError(f"No module named {name!r}")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_dask)
    src = tmp_path / "one.jsonl"
    src.write_text(good_lines(1)[0] + "\n")
    result = CliRunner().invoke(main, ["batch", str(src), "--dask", "local"])
    assert result.exit_code == 2 and result.stdout == ""
    assert "pip install 'legality[dask]'" in result.stderr


def test_a_bad_local_worker_count_is_bad_input(tmp_path: Path) -> None:
    src = tmp_path / "one.jsonl"
    src.write_text(good_lines(1)[0] + "\n")
    result = CliRunner().invoke(main, ["batch", str(src), "--dask", "local:two"])
    assert result.exit_code == 2 and "local:N" in result.stderr
