"""This checkout against another (an earlier commit's worktree), in interleaved rounds, with the bare model in each.

On a machine whose speed moves by a third from minute to minute, two runs of ``bench_batch.py`` minutes apart
can't be compared; here every round measures the bare CP-SAT Q2 model (``bench_batch.bare_q2_every``, two
processes), then the other checkout, then this one, on the same 2,000 Commander lines: ``legality batch`` with
two workers (``--explain none`` and full) and one (``none``), the time to the first line, and in process the cost
a board of ``parse_board``, ``check(explain="none")`` and ``check()``. It prints every run and the medians, and the
batch rates as ratios to the bare model's median. Not part of the test suite. Run:
``git worktree add /tmp/before REV && python benchmarks/bench_ab.py /tmp/before [--rounds 4]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_batch import AS_INSTALLED, bare_q2_every, bare_rate, run_batch_cli  # noqa: E402
from bench_scale import commander_board  # noqa: E402

from legality import parse_board  # noqa: E402

LINES = 2000
IN_PROCESS = r"""
import gc, json, sys, time
sys.path.insert(0, sys.argv[1])
from legality import check, parse_board
import legality.cpsat
lines = open(sys.argv[2]).read().splitlines()[:300]
[check(parse_board(line)) for line in lines[:30]]
best = [float("inf")] * 3
for _ in range(3):
    gc.collect(); t = time.perf_counter(); boards = [parse_board(line) for line in lines]
    best[0] = min(best[0], time.perf_counter() - t)
    gc.collect(); t = time.perf_counter(); [check(b, explain="none") for b in boards]
    best[1] = min(best[1], time.perf_counter() - t)
    gc.collect(); t = time.perf_counter(); [check(b) for b in boards]
    best[2] = min(best[2], time.perf_counter() - t)
print(json.dumps([x / len(lines) * 1e3 for x in best]))
"""


def batch(root: Path, path: Path, jobs: int, explain: str) -> tuple[float, float]:
    """Lines/s of ``legality batch`` from ``root`` (the whole process), and seconds to its first line."""
    wall, first, _ = run_batch_cli(path, jobs, ["--explain", explain], str(root / "cli.py"))
    return LINES / wall, first


def in_process(root: Path, path: Path) -> list[float]:
    """ms a board in ``root``'s checker: parse_board, check(explain="none"), check()."""
    out = subprocess.run([sys.executable, "-c", IN_PROCESS, str(root), str(path)], capture_output=True, text=True,
                         env=AS_INSTALLED, check=True).stdout
    return [float(x) for x in json.loads(out)]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("other", type=Path, help="the other checkout (a worktree of an earlier commit)")
    ap.add_argument("--rounds", type=int, default=4)
    args = ap.parse_args()
    rng = random.Random(10)
    boards = [commander_board(rng, i) for i in range(LINES)]
    path = Path(tempfile.mkdtemp(prefix="bench-ab-")) / "lines.jsonl"
    path.write_text("".join(json.dumps(b) + "\n" for b in boards))
    parsed = [parse_board(b) for b in boards[:300]]
    sides = (("other", args.other.resolve()), ("this", ROOT))
    for _, root in sides:  # bytecode compiled once and kept
        batch(root, path, 1, "none")
    runs: dict[str, list[float]] = {}
    for r in range(args.rounds):
        runs.setdefault("bare Q2, 2 processes, /s", []).append(bare_rate(parsed, 2, bare_q2_every))
        for name, root in sides:
            for label, ms in zip(("parse_board ms", "check none ms", "check full ms"), in_process(root, path),
                                 strict=True):
                runs.setdefault(f"{name}: {label}", []).append(ms)
            for jobs, explain in ((2, "none"), (2, "full"), (1, "none")):
                rate, first = batch(root, path, jobs, explain)
                runs.setdefault(f"{name}: batch --jobs {jobs} --explain {explain} /s", []).append(rate)
                runs.setdefault(f"{name}: first line s", []).append(first)
        print(f"round {r + 1} of {args.rounds} done", file=sys.stderr)
    print(f"{args.rounds} interleaved rounds, {LINES:,} Commander lines; other = {sides[0][1]}, this = {ROOT}")
    for key, values in runs.items():
        print(f"{key:<44} median {statistics.median(values):8.2f}   runs " + " ".join(f"{v:.2f}" for v in values))
    base = statistics.median(runs["bare Q2, 2 processes, /s"])
    for name, _ in sides:
        ratios = [f"--explain {ex} x{statistics.median(runs[f'{name}: batch --jobs 2 --explain {ex} /s']) / base:.2f}"
                  for ex in ("none", "full")]
        scale = (statistics.median(runs[f"{name}: batch --jobs 2 --explain none /s"])
                 / statistics.median(runs[f"{name}: batch --jobs 1 --explain none /s"]))
        print(f"{name}: batch --jobs 2 against bare Q2 (medians): {', '.join(ratios)}; 1 -> 2 workers x{scale:.2f}")


if __name__ == "__main__":
    main()
