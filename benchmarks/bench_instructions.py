"""Instructions a Commander line costs the checker, this checkout against another, counted by cachegrind.

On a machine whose speed moves by a third from minute to minute, timings of two versions taken minutes apart can't
be compared (``bench_ab.py`` interleaves rounds and takes medians). Instructions executed don't move: each
checkout judges the benchmark's Commander lines (``bench_scale.commander_board``, seed 10, the lines of
``bench_batch``) under ``valgrind --tool=cachegrind``, once judging only a warm-up and once judging ``--lines``
more, and the difference a line is printed (millions), for ``--explain full`` and ``none``. Instructions are not
time (a cache miss costs more than an add), so this complements ``bench_ab.py``, not replaces it. Needs valgrind
(Debian: ``apt-get install valgrind``). Not part of the test suite. Run:
``git worktree add /tmp/before REV && python benchmarks/bench_instructions.py /tmp/before [--lines 200]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_scale import commander_board  # noqa: E402

WARM_UP = 40
"""Lines judged before the counted ones (card readings, caches, the solver's import)."""
UNHURRIED = 1e6
"""Seconds every time budget gets: under valgrind a line runs some fifty times slower, and the explanation's
0.25 s (``EXPLANATION_SECONDS``) would cut the work it is to count (the maximum left "at least N")."""
JUDGE = r"""
import sys
sys.path.insert(0, sys.argv[1])
import legality.check, legality.editions, legality.solve
import legality.cpsat  # now: a batch worker imports it on a thread of its own after its first task, and the
# count would depend on how far that thread got before the process ended
for module in (legality.check, legality.editions, legality.solve):
    module.EXPLANATION_SECONDS = float(sys.argv[7])
from legality.batch import Settings, judge_raw
lines = open(sys.argv[2], "rb").read().rstrip(b"\n").split(b"\n")
warm, n, explain = int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
settings = Settings(explain=explain, time_limit=float(sys.argv[7]))
judge_raw(1, b"\n".join(lines[:warm]), settings)
if n:
    open(sys.argv[6], "w").write(judge_raw(warm + 1, b"\n".join(lines[warm:warm + n]), settings)[2])
"""


ENV = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}, "LEGALITY_CACHE": "off"}
"""Bytecode kept (compiled by the first run, counted by none), and no store of readings on disk: what a line costs
must not depend on which cards earlier runs of the same reader happened to read (``legality.text.cache``)."""


def judge_args(root: Path, lines: Path, script: Path, n: int, explain: str, out: Path) -> list[str]:
    return [sys.executable, str(script), str(root), str(lines), str(WARM_UP), str(n), explain, str(out),
            str(UNHURRIED)]


def instructions(root: Path, lines: Path, script: Path, n: int, explain: str, verdicts: Path) -> int:
    """Instructions of a whole process judging the warm-up and then ``n`` lines with ``root``'s checker (their
    verdicts written to ``verdicts``)."""
    env = {**ENV, "PYTHONHASHSEED": "0"}
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                          *judge_args(root, lines, script, n, explain, verdicts)],
                         capture_output=True, text=True, env=env, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if found is None:
        sys.exit(f"no instruction count from valgrind: {out.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def per_line(root: Path, lines: Path, script: Path, n: int, explain: str) -> float:
    """Millions of instructions a line beyond the warm-up (the two processes run side by side). The counted
    lines' verdicts must be those of the same run without valgrind: else a budget still cut the work short."""
    # Bytecode compiled first, so neither counted run compiles it; the verdicts at full speed meanwhile.
    plain, counted = lines.with_suffix(".plain"), lines.with_suffix(".counted")
    subprocess.run(judge_args(root, lines, script, n, explain, plain), check=True,
                   env=ENV)
    with ThreadPoolExecutor(2) as pool:
        base, more = pool.map(lambda k: instructions(root, lines, script, k, explain, counted), (0, n))
    if plain.read_text() != counted.read_text():
        sys.exit(f"{root}, --explain {explain}: the verdicts under valgrind differ from those without it")
    return (more - base) / n / 1e6


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("other", type=Path, help="another checkout (an earlier commit's worktree)")
    ap.add_argument("--lines", type=int, default=200, help="lines counted after the warm-up")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
    rng = random.Random(10)
    tmp = Path(tempfile.mkdtemp(prefix="bench-instructions-"))
    lines, script = tmp / "commander.jsonl", tmp / "judge.py"
    lines.write_text("".join(json.dumps(commander_board(rng, i)) + "\n" for i in range(WARM_UP + args.lines)))
    script.write_text(JUDGE)
    print(f"{args.lines} Commander lines after {WARM_UP} of warm-up; millions of instructions a line")
    for explain in ("full", "none"):
        other = per_line(args.other.resolve(), lines, script, args.lines, explain)
        this = per_line(ROOT, lines, script, args.lines, explain)
        print(f"--explain {explain:<5} other {other:8.2f}   this {this:8.2f}   x{this / other:.3f}")


if __name__ == "__main__":
    main()
