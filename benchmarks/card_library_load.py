"""Benchmark: what loading the card library costs a command, with the built-in cards, a full card file given with
``--cards`` (parsed on every command) and the library ``legality cards update`` stores (parsed once).

Run: ``python benchmarks/card_library_load.py FILE [--repeat N]``. FILE is a full card file (Scryfall
"Oracle Cards" or MTGJSON AtomicCards); it is stored in a temporary data folder, never the user's.
Prints the best of N times for the library alone (in-process) and for ``legality check`` of a fixture
(a fresh process each time, so imports included).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from legality.cards import library, lookup  # noqa: E402
from legality.cards.builtin import builtin  # noqa: E402
from legality.cards.update import Request, update  # noqa: E402

BOARD = ROOT / "fixtures/article/gorilla-no-block.json"


def best(n: int, run: Callable[[], object]) -> float:
    """The fastest of ``n`` runs, in seconds."""
    times = []
    for _ in range(n):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def fresh(path: str | None) -> Callable[[], object]:
    """Load the library anew (the cache cleared) and look one card up, as a command does."""
    def run() -> object:
        library.cache_clear()
        builtin.cache_clear()
        return lookup("Grizzly Bears", path)
    return run


def command(env: dict[str, str], *extra: str) -> Callable[[], object]:
    return lambda: subprocess.run([sys.executable, str(ROOT / "cli.py"), "check", str(BOARD), *extra], env=env,
                                  capture_output=True, check=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", help="a full card file (Scryfall Oracle Cards or MTGJSON AtomicCards)")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as empty, tempfile.TemporaryDirectory() as full:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "LEGALITY_CACHE": "off"}
        env.pop("LEGALITY_CARDS", None)
        os.environ["LEGALITY_DATA_DIR"] = full
        start = time.perf_counter()
        got = update(Request(file=args.file, min_cards=1))
        stored_in = time.perf_counter() - start
        size = got.path.stat().st_size
        rows = [("update --file (parse, check, store)", stored_in)]
        os.environ["LEGALITY_DATA_DIR"] = empty
        rows.append(("library: built-in cards", best(args.repeat, fresh(None))))
        rows.append(("library: --cards FILE (parsed each time)", best(max(args.repeat // 2, 1), fresh(args.file))))
        os.environ["LEGALITY_DATA_DIR"] = full
        rows.append(("library: stored by update", best(args.repeat, fresh(None))))
        rows.append(("check: built-in cards", best(args.repeat, command({**env, "LEGALITY_DATA_DIR": empty}))))
        rows.append(("check: --cards FILE", best(max(args.repeat // 2, 1),
                                                 command({**env, "LEGALITY_DATA_DIR": empty}, "--cards", args.file))))
        rows.append(("check: stored by update", best(args.repeat, command({**env, "LEGALITY_DATA_DIR": full}))))
    print(f"{got.source.cards:,} cards, {got.source.tokens:,} tokens, {got.source.names:,} names; "
          f"card file {Path(args.file).stat().st_size / 1e6:,.1f} MB, stored library {size / 1e6:,.1f} MB")
    for name, seconds in rows:
        print(f"  {name:<45} {seconds * 1000:>9,.1f} ms")


if __name__ == "__main__":
    main()
