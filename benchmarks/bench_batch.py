"""Benchmark of ``legality batch`` against the bare CP-SAT models of the same boards, measured in one run.

Boards: the Commander-size block checks of ``bench_scale`` (10 attackers, 15 potential blockers, three
defending players, library cards by name, the typical mix of the performance notes), seeded.

Baselines, each the best of three runs, problems built beforehand (untimed), on 1 and 2 forked processes:

- **bare Q2**: the legality question Q2 of the performance notes as one CP-SAT model per board (every
  defending player's problem in it): after a Python check that the declaration S breaks no restriction
  (one that does is illegal with no model), "restrictions and requirements obeyed >= O(S) + 1";
  S is legal iff it is infeasible.
- **bare max**: one model per defending player maximising the requirements obeyed (what ``bench_scale``
  calls the bare ceiling).

Then, all as ratios to the bare Q2 rate on 2 processes: ``batch --jobs 2 --explain none`` and ``batch
--jobs 2`` (full explanation) on 2,000 and 10,000 lines; ``batch --jobs 1 --explain none`` on 2,000 lines
(the scaling from 1 to 2 workers); the time from starting ``legality batch`` to its first verdict line (in each of
those runs, and in ``--starts`` cold starts beside a floor: Python with click, pydantic and one model); and
large boards in process (100 x 150, 200 x 300 p95). Ends with a line per target of the issue "Batch faster
than the solver it wraps", met or not.

With ``--rounds N`` (N > 1) the batch runs are repeated N times, each round beginning with one more measure of the
bare Q2 model on 2 processes: a batch rate is then taken as a ratio to the bare rate of its own round, and each
figure is the median over the rounds (the rates, the ratios, the time to the first line). On a machine whose speed
moves by a third from minute to minute, one run against a bare rate measured minutes before is a coin toss near a
target; the round's own bare rate moves with the machine. Not part of the test suite. Run:
``python benchmarks/bench_batch.py [--lines N] [--large N] [--rounds N] [--quick]``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_scale import commander_board, large_board, percentile  # noqa: E402

from legality import check, parse_board  # noqa: E402
from legality.check import Question, question_for  # noqa: E402
from legality.verdict import Verdict  # noqa: E402

PYTHON = sys.executable
CLI = str(ROOT / "cli.py")
AS_INSTALLED = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""The command's environment: its bytecode compiled once and kept, as for an installed package (pip compiles it at
install), even where the environment says not to write it (compiling every module again at each start would add
about 0.2 s to the time to the first line here)."""


def bare_q2(q: Question, precheck: bool = True) -> bool:
    """Q2 on one board, one CP-SAT model: whether the declaration is legal (no explanation). Without
    ``precheck`` the model is built and solved even for a declaration that breaks a restriction."""
    from legality.editions import allowed_atoms
    from legality.encoding import Encoding, Model, add_requirement_indicators, add_restrictions, add_variables
    from legality.evaluate import incurred, score, violations
    from legality.solve import new_solver

    pairs = list(zip(q.problems, q.declarations, strict=True))
    broken = bool(q.structural) or any(violations(p, d) for p, d in pairs)
    if broken and precheck:
        return False
    own = sum(score(p, d, "in-force") for p, d in pairs)
    model = Model()
    enc = Encoding(model, add_variables(model, [a for p, d in pairs for a in allowed_atoms(p, incurred(p, d))]), [])
    for p in q.problems:
        add_restrictions(enc, p)
        add_requirement_indicators(enc, p, "in-force")
    model.add(enc.score() >= own + 1)
    from ortools.sat.python import cp_model

    status = new_solver(10.0).solve(model)
    assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE)
    return status == cp_model.INFEASIBLE and not broken


def bare_q2_every(q: Question) -> bool:
    """``bare_q2`` with a model for every board (the yardstick: one model per board)."""
    return bare_q2(q, precheck=False)


def bare_max(q: Question) -> int:
    """The maximisation model of each defending player's problem (``bench_scale``'s bare ceiling)."""
    from legality.encoding import encode
    from legality.solve import new_solver

    for p in q.problems:
        enc = encode(p, list(p.allowed), "in-force")
        enc.model.maximize(enc.score())
        new_solver(10.0).solve(enc.model)
    return len(q.problems)


_BOARDS: list[Any] = []
"""The boards of the bare models, inherited by forked workers (nothing to pickle)."""
_KIND: list[Callable[[Question], object]] = [bare_q2]


def _bare_part(part: tuple[int, int]) -> tuple[int, float]:
    """A worker's share: its boards' problems built first (untimed), then solved (timed)."""
    questions = [question_for(b) for b in _BOARDS[part[0]::part[1]]]
    solve = _KIND[0]
    solve(questions[0])
    t = time.perf_counter()
    for q in questions:
        solve(q)
    return len(questions), time.perf_counter() - t


def bare_rate(boards: list[Any], jobs: int, kind: Callable[[Question], object]) -> float:
    """Boards/s of a bare model, the boards split among ``jobs`` forked processes, over the slowest one."""
    _BOARDS[:] = boards
    _KIND[:] = [kind]
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        shares = pool.map(_bare_part, [(i, jobs) for i in range(jobs)])
    return sum(n for n, _ in shares) / max(t for _, t in shares)


def run_batch_cli(path: Path, jobs: int, extra: Sequence[str] = (), cli: str = CLI) -> tuple[float, float, bytes]:
    """Wall seconds of ``legality batch`` (the whole process; ``cli``, another checkout's), seconds to its first
    output line, its output."""
    args = [PYTHON, cli, "batch", str(path), "--jobs", str(jobs), "--quiet", *extra]
    t = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=AS_INSTALLED)
    assert proc.stdout is not None
    first = proc.stdout.readline()
    t_first = time.perf_counter() - t
    rest = proc.stdout.read()
    err = proc.stderr.read() if proc.stderr else b""
    code = proc.wait()
    wall = time.perf_counter() - t
    if code not in (0, 1):
        sys.exit(f"{args}: exit {code}: {err.decode()[-2000:]}")
    return wall, t_first, first + rest


def first_line_only(path: Path, jobs: int, extra: Sequence[str] = (), cli: str = CLI) -> float:
    """Seconds from starting ``legality batch`` to its first output line; the command (and its workers, in its
    process group) is then killed, so the next start finds the machine as idle as this one did."""
    args = [PYTHON, cli, "batch", str(path), "--jobs", str(jobs), "--quiet", *extra]
    t = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=AS_INSTALLED,
                            start_new_session=True)
    assert proc.stdout is not None
    first = proc.stdout.readline()
    took = time.perf_counter() - t
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    if not first:
        sys.exit(f"{args}: no output line")
    return took


FLOOR = ("import click, pydantic\n"
         "class Board(pydantic.BaseModel):\n"
         "    version: int\n")
"""The floor of a start: Python, the two libraries the command is built on, and one pydantic model (the first
builds pydantic's schema machinery)."""


def floor_seconds() -> float:
    """Seconds of a Python process that does no more than ``FLOOR``."""
    t = time.perf_counter()
    subprocess.run([PYTHON, "-c", FLOOR], check=True, env=AS_INSTALLED)
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=10000, help="lines of the long batch (the short one is 2,000)")
    ap.add_argument("--bare-boards", type=int, default=1000, help="boards of the bare models")
    ap.add_argument("--large", type=int, default=20, help="boards per large size (200 x 300: a quarter)")
    ap.add_argument("--quick", action="store_true", help="fewer boards, for a smoke run")
    ap.add_argument("--rounds", type=int, default=1, help="batch runs repeated, each against its round's bare rate")
    ap.add_argument("--starts", type=int, default=9, help="cold starts timed to the first line, after the runs")
    args = ap.parse_args()
    if args.quick:
        args.lines, args.bare_boards, args.large = 2000, 300, 4
    short = min(2000, args.lines)
    rng = random.Random(10)
    cmd = [commander_board(rng, i) for i in range(args.lines)]
    tmp = Path(tempfile.mkdtemp(prefix="bench-batch-"))
    long_file, short_file = tmp / "long.jsonl", tmp / "short.jsonl"
    long_file.write_text("".join(json.dumps(b) + "\n" for b in cmd))
    short_file.write_text("".join(json.dumps(b) + "\n" for b in cmd[:short]))

    boards = [parse_board(b) for b in cmd[:args.bare_boards]]
    check(boards[0])
    legal_q2 = [bare_q2(question_for(b)) for b in boards[:200]]
    legal_every = [bare_q2_every(question_for(b)) for b in boards[:200]]
    same = [v.legal for v in (check(b, explain="none") for b in boards[:200])]
    assert all(isinstance(v, bool) for v in same)
    agree = legal_q2 == same == legal_every
    q2 = {j: max(bare_rate(boards, j, bare_q2_every) for _ in range(3)) for j in (1, 2)}
    pre = {j: max(bare_rate(boards, j, bare_q2) for _ in range(3)) for j in (1, 2)}
    mx = {j: max(bare_rate(boards, j, bare_max) for _ in range(3)) for j in (1, 2)}
    base = q2[2]
    print(f"== bare CP-SAT models, {len(boards)} Commander boards, problems built beforehand (best of 3) ==")
    for name, rates in (("bare Q2 (a model every board)", q2), ("bare Q2 pre-checked in Python", pre),
                        ("bare max (a model every player)", mx)):
        print(f"{name:<40} 1 process {rates[1]:7.0f}/s   2 processes {rates[2]:7.0f}/s   "
              f"x{rates[2] / base:.2f} of bare Q2 (2 processes)")
    print(f"bare Q2 agrees with check(explain='none') on the first 200 boards: {agree}; "
          f"{sum(not x for x in legal_q2)} of them illegal")

    # In process, one core: the cost per board of each step (for the note; not a target).
    sample = cmd[:500]  # --quick has fewer boards: the mean is over those measured
    t = time.perf_counter()
    for data in sample:
        parse_board(json.dumps(data))
    parse_ms = (time.perf_counter() - t) / len(sample) * 1e3
    per: dict[str, float] = {}
    measured = boards[:len(sample)]  # the boards parsed beforehand: --quick has 300
    for explain in ("none", "full"):
        t = time.perf_counter()
        for b in measured:
            check(b, explain=explain)
        per[explain] = (time.perf_counter() - t) / len(measured) * 1e3
    print(f"in process per board (parse_board: {len(sample)} boards, check: {len(measured)}): parse_board "
          f"{parse_ms:.2f} ms, check(explain='none') "
          f"{per['none']:.2f} ms, "
          f"check() {per['full']:.2f} ms; bare Q2 {1e3 / q2[1]:.2f} ms")

    rounds = max(1, args.rounds)
    print(f"\n== legality batch (whole process), Commander boards, ratios to bare Q2 on 2 processes ({base:.0f}/s"
          + (")" if rounds == 1 else f" at the start; then each run against its round's, median of {rounds} rounds)")
          + " ==")
    runs: dict[str, tuple[float, float]] = {}
    ratio: dict[str, float] = {}
    outs: dict[str, bytes] = {}
    plan = [("none", 1, short_file, short), ("none", 2, short_file, short), ("full", 1, short_file, short),
            ("full", 2, short_file, short)]
    if args.lines > short:  # (with --quick, the long batch is the short one)
        plan += [("none", 2, long_file, args.lines), ("full", 2, long_file, args.lines)]
    warm = tmp / "one.jsonl"
    warm.write_text(json.dumps(cmd[0]) + "\n")
    run_batch_cli(warm, 1)  # compiles and keeps the bytecode (AS_INSTALLED)
    seen: dict[str, list[tuple[float, float, float]]] = {}  # rate, first line, that round's bare rate
    bares = []
    for r in range(rounds):
        bare = base if rounds == 1 else bare_rate(boards, 2, bare_q2_every)
        bares.append(bare)
        # Every other round runs each pair the other way round (2 workers, then 1): on a machine whose speed drifts,
        # the one run first in every round would otherwise be favoured or penalised in every pair.
        order = plan if r % 2 == 0 else [plan[1], plan[0], plan[3], plan[2], *plan[4:]]
        for explain, jobs, path, n in order:
            wall, first, out = run_batch_cli(path, jobs, ["--explain", explain])
            key = f"{explain} j{jobs} {n}"
            seen.setdefault(key, []).append((n / wall, first, bare))
            outs.setdefault(key, out)
            if out != outs[key]:
                sys.exit(f"{key}: round {r + 1} wrote another output than round 1")
    if rounds > 1:
        print(f"bare Q2, 2 processes, each round: {', '.join(f'{b:.0f}/s' for b in bares)}")
    for explain, jobs, _, n in plan:
        key = f"{explain} j{jobs} {n}"
        runs[key] = (statistics.median(x for x, _, _ in seen[key]), statistics.median(f for _, f, _ in seen[key]))
        ratio[key] = statistics.median(x / b for x, _, b in seen[key])
        each = "" if rounds == 1 else "   runs " + " ".join(f"{x:.0f}" for x, _, _ in seen[key])
        print(f"batch --jobs {jobs} --explain {explain:<4} {n:6,} lines: {runs[key][0]:7.0f}/s  x{ratio[key]:.2f}"
              f"   first line after {runs[key][1]:.3f} s{each}")
    ids = [json.loads(x).get("id") for x in outs[f"full j2 {short}"].splitlines()]
    in_order = (ids == [b["id"] for b in cmd[:short]] and outs[f"full j1 {short}"] == outs[f"full j2 {short}"]
                and outs[f"none j1 {short}"] == outs[f"none j2 {short}"])
    # A second worker's gain is taken in each round, between its two runs made one after the other (in turn 1 then 2
    # workers, and 2 then 1), then the median over rounds: a round's bare rate, measured before both, says nothing
    # more of their moments.
    scale_none, scale_full = (statistics.median(
        two[0] / one[0] for one, two in zip(seen[f"{explain} j1 {short}"], seen[f"{explain} j2 {short}"], strict=True))
        for explain in ("none", "full"))
    print(f"1 -> 2 workers on {short:,} lines: x{scale_none:.2f} (--explain none), x{scale_full:.2f} (full), "
          f"median of each round's; the bare Q2 model's own 1 -> 2 processes at the start: x{q2[2] / q2[1]:.2f}")
    print(f"output identical for 1 and 2 jobs, in input order: {in_order}")

    # The runs above each start right after the last one kept both cores busy for seconds; here each start follows
    # a pause of 1 s, the floor's starts in turn with the command's, so the two are measured at the same moments.
    starts: dict[str, list[float]] = {"floor": [], "none": [], "full": []}
    for _ in range(max(1, args.starts)):
        for key in starts:
            time.sleep(1.0)
            starts[key].append(floor_seconds() if key == "floor" else
                               first_line_only(short_file, 2, ["--explain", key]))
    start = {key: statistics.median(v) for key, v in starts.items()}
    print(f"\n== time to the first verdict line, {len(starts['none'])} cold starts of batch --jobs 2 each (medians) ==")
    print(f"floor (python -c: click, pydantic, one model) {start['floor']:.3f} s   runs "
          + " ".join(f"{x:.2f}" for x in starts["floor"]))
    for key in ("none", "full"):
        print(f"batch --explain {key:<4} first line          {start[key]:.3f} s   x{start[key] / start['floor']:.2f} "
              f"of the floor   runs " + " ".join(f"{x:.2f}" for x in starts[key]))

    print("\n== large boards in process (default time limit) ==")
    sizes = [("100x150", [parse_board(large_board(s, 100, 150)) for s in range(args.large)]),
             ("100x150 no blocks", [parse_board({**large_board(s, 100, 150), "blocks": []})
                                    for s in range(args.large)]),
             ("200x300", [parse_board(large_board(s, 200, 300)) for s in range(max(2, args.large // 4))])]
    p95: dict[str, float] = {}
    lat: dict[str, list[float]] = {}
    for name, bs in sizes:
        secs, verdicts = [], []
        for board in bs:
            t = time.perf_counter()
            v = check(board)
            secs.append(time.perf_counter() - t)
            assert isinstance(v, Verdict)
            verdicts.append(v)
        lat[name] = secs
        p95[name] = percentile(secs, 95)
        unproven = [v.maximum for v in verdicts if v.legal is not None and not v.maximum_proven]
        print(f"{name:<20} n={len(bs):3}  p50 {percentile(secs, 50) * 1e3:7.1f} ms  p95 {p95[name] * 1e3:7.1f} ms  "
              f"undecided {sum(v.undecided for v in verdicts)}  illegal {sum(v.legal is False for v in verdicts)}  "
              f"'at least' maxima {sorted(m for m in unproven if m is not None)}")
    big = percentile(lat["100x150"] + lat["100x150 no blocks"], 95)

    print("\n== targets (ratios to bare Q2 on 2 processes, this run) ==")

    def target(name: str, ok: bool, got: str) -> None:
        print(f"[{'met' if ok else 'NOT MET'}] {name}: {got}")

    none2, full2 = f"none j2 {args.lines}", f"full j2 {args.lines}"
    bare_said = f"{base:.0f}/s" if rounds == 1 else f"each round's, median {statistics.median(bares):.0f}/s"
    target(f"batch --jobs 2 --explain none ({args.lines:,} lines) >= bare Q2", ratio[none2] >= 1.0,
           f"x{ratio[none2]:.2f} ({runs[none2][0]:.0f}/s against {bare_said})")
    target(f"batch --jobs 2 full ({args.lines:,} lines) >= 0.65 of bare Q2", ratio[full2] >= 0.65,
           f"x{ratio[full2]:.2f} ({runs[full2][0]:.0f}/s)")
    target(f"a second worker adds >= 80% on {short:,} lines", scale_none >= 1.8,
           f"x{scale_none:.2f} (--explain none), x{scale_full:.2f} (full)")
    # The issue measures on an idle machine: the cold starts, each after a pause, are that; the throughput runs'
    # first lines (each start right after a run that kept both cores busy) are given beside them.
    first = max(f for _, f in runs.values())
    cold = max(start["none"], start["full"])
    target("first verdict line within 0.5 s (idle machine: cold starts)", cold < 0.5,
           f"{cold:.3f} s (floor {start['floor']:.3f} s); right after the runs, slowest {first:.3f} s")
    target("100x150 p95 < 0.5 s", big < 0.5, f"{big:.2f} s")
    target("200x300 p95 < 1.5 s", p95["200x300"] < 1.5, f"{p95['200x300']:.2f} s")
    target("output identical for 1 and 2 jobs, in input order", in_order, str(in_order))


if __name__ == "__main__":
    main()
