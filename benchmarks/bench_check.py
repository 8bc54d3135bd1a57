"""Benchmark: how long a check takes, as ratios against a baseline measured in the same run.

Baseline: one trivial CP-SAT solve (a model with one Boolean), the fixed cost of any solver call.
Cases: every fixture; random Commander-sized blocks (10 attackers, 15 blockers, 3 defending players,
the "typical" mix of the performance notes); a 40 x 60 single-defender board; batch throughput on
1 and 2 processes. Run: ``python benchmarks/bench_check.py [--boards N]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from legality import check, parse_board  # noqa: E402
from legality.batch import Line, Settings, run_batch  # noqa: E402


def timed(f: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        out.append(time.perf_counter() - t)
    return out


def baseline(repeat: int = 300) -> float:
    from ortools.sat.python import cp_model

    def solve() -> None:
        m = cp_model.CpModel()
        x = m.new_bool_var("x")
        m.maximize(x)
        s = cp_model.CpSolver()
        s.parameters.num_workers = 1
        s.solve(m)

    return statistics.median(timed(solve, repeat))


def random_board(rng: random.Random, n_att: int, n_blk: int, defenders: list[str]) -> dict[str, Any]:
    """A block declaration on a board of the performance notes' 'typical' mix."""
    players = [{"id": "A", "life": 40}] + [{"id": d, "life": 40} for d in defenders]
    perms: list[dict[str, Any]] = []
    attacks = []
    for i in range(n_att):
        kws = [k for k, p in (("flying", .2), ("menace", .12), ("trample", .2)) if rng.random() < p]
        abil = [a for a, p in (({"kind": "lure"}, .04), ({"kind": "must_be_blocked"}, .08),
                               ({"kind": "max_blockers", "n": 1}, .05)) if rng.random() < p]
        perms.append({"id": f"a{i}", "name": f"Attacker {i}", "controller": "A", "power": rng.randint(1, 5),
                      "toughness": rng.randint(1, 5), "keywords": kws, "abilities": abil})
        attacks.append({"attacker": f"a{i}", "target": rng.choice(defenders)})
    for i in range(n_blk):
        kws = [k for k, p in (("flying", .15), ("reach", .1)) if rng.random() < p]
        abil = [a for a, p in (({"kind": "blocks_each_combat"}, .08), ({"kind": "cant_block_alone"}, .05),
                               ({"kind": "block_additional", "n": 1}, .05)) if rng.random() < p]
        perms.append({"id": f"b{i}", "name": f"Blocker {i}", "controller": defenders[i % len(defenders)],
                      "power": rng.randint(1, 5), "toughness": rng.randint(1, 5), "keywords": kws,
                      "abilities": abil})
    target_of = {a["attacker"]: a["target"] for a in attacks}
    blocks = []
    for p in perms[n_att:]:
        options = [a for a, t in target_of.items() if t == p["controller"]]
        if options and rng.random() < 0.3:
            blocks.append({"blocker": p["id"], "attacker": rng.choice(options)})
    return {"version": 1, "active_player": "A", "players": players, "permanents": perms, "attacks": attacks,
            "blocks": blocks}


def report(name: str, seconds: list[float], base: float) -> None:
    med = statistics.median(seconds)
    print(f"{name:<48} median {med * 1e3:8.2f} ms   x{med / base:7.1f} baseline   max {max(seconds) * 1e3:8.1f} ms"
          f"   {len(seconds) / sum(seconds):8.0f}/s")


def presolve_cost(fixtures: list[Any], commander: list[Any], big: list[Any], base: float) -> None:
    """The cost of ``keep_all_feasible_solutions_in_presolve`` (avoids CP-SAT 9.15's wrong optima from
    presolve, google/or-tools #5293; set on parts solved in one solve), and of confirming small parts'
    maxima in Python, as ratios of medians with each on and off in this run."""
    import legality.solve

    saved = legality.solve.KEEP_ALL_FEASIBLE
    print("\nkeep_all_feasible_solutions_in_presolve: on / off (median time ratio, same boards, same run)")
    for name, boards in (("fixtures", fixtures), ("Commander 10x15", commander), ("40x60", big)):
        med: dict[bool, float] = {}
        for keep in (False, True):
            legality.solve.KEEP_ALL_FEASIBLE = keep
            secs = [s for b in boards for s in timed(partial(check, b, alternatives=False), 1)]
            report(f"  {name}, keep all feasible={keep}", secs, base)
            med[keep] = statistics.median(secs)
        print(f"  {name}: on/off = x{med[True] / med[False]:.2f}")
    legality.solve.KEEP_ALL_FEASIBLE = saved
    confirm, searched = legality.solve.CONFIRM_ATOMS, legality.solve.SEARCH_ATOMS
    print(f"\nparts settled by a search in Python (all of at most {confirm} atoms; of at most {searched} atoms "
          f"when it takes at most {legality.solve.SEARCH_NODES} nodes): on / off (median time ratio)")
    for name, boards in (("fixtures", fixtures), ("Commander 10x15", commander), ("40x60", big)):
        med2: dict[bool, float] = {}
        for on in (False, True):
            legality.solve.CONFIRM_ATOMS, legality.solve.SEARCH_ATOMS = (confirm, searched) if on else (0, 0)
            secs = [s for b in boards for s in timed(partial(check, b, alternatives=False), 1)]
            med2[on] = statistics.median(secs)
        print(f"  {name}: on/off = x{med2[True] / med2[False]:.2f}")
    legality.solve.CONFIRM_ATOMS, legality.solve.SEARCH_ATOMS = confirm, searched


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=100)
    args = ap.parse_args()
    rng = random.Random(7)
    check(parse_board((ROOT / "fixtures/article/gorilla-no-block.json").read_text()))  # warm imports
    base = baseline()
    print(f"baseline: one trivial CP-SAT solve = {base * 1e3:.3f} ms\n")

    fixtures = [parse_board(p.read_text()) for p in sorted((ROOT / "fixtures").rglob("*.json"))]
    for alt in (False, True):
        secs = [s for b in fixtures for s in timed(partial(check, b, alternatives=alt), 3)]
        report(f"fixtures ({len(fixtures)}), alternatives={alt}", secs, base)

    commander = [parse_board(random_board(rng, 10, 15, ["B", "C", "D"])) for _ in range(args.boards)]
    for alt in (False, True):
        secs = [s for b in commander for s in timed(partial(check, b, alternatives=alt), 1)]
        report(f"Commander 10x15, 3 defenders, alternatives={alt}", secs, base)
    secs = [s for b in commander for s in timed(partial(check, b, rules="2006", alternatives=False), 1)]
    report("Commander 10x15, 3 defenders, rules=2006", secs, base)

    big = [parse_board(random_board(rng, 40, 60, ["B"])) for _ in range(max(args.boards // 10, 3))]
    secs = [s for b in big for s in timed(partial(check, b, alternatives=False), 1)]
    report("40x60, 1 defender", secs, base)

    presolve_cost(fixtures, commander, big, base)

    lines: list[Line] = [(i, json.dumps(random_board(rng, 10, 15, ["B", "C", "D"])))
                         for i in range(args.boards * 2)]
    t = time.perf_counter()
    run_batch(lines, Settings(time_limit=10.0), 1, lambda _: None)
    one = time.perf_counter() - t
    t = time.perf_counter()
    run_batch(lines, Settings(time_limit=10.0), 2, lambda _: None)
    two = time.perf_counter() - t
    print(f"\nbatch of {len(lines)} Commander boards: 1 process {len(lines) / one:.0f}/s, "
          f"2 processes {len(lines) / two:.0f}/s (x{one / two:.2f})")


if __name__ == "__main__":
    main()
