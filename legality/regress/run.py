"""Running cases, in this process or in a pool of workers (``batch``'s worker set-up), in input order."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from multiprocessing import Pool

from legality.batch import _worker_init
from legality.regress.cases import Case
from legality.regress.judge import Options, Outcome, judge


def run(cases: Sequence[Case], options: Options, jobs: int = 1,
        progress: Callable[[int, Outcome], None] | None = None) -> list[Outcome]:
    """Judge every case (``jobs`` processes when more than one); ``progress`` hears of each as it ends."""
    out = []
    for n, outcome in enumerate(_outcomes(cases, options, jobs), 1):
        out.append(outcome)
        if progress is not None:
            progress(n, outcome)
    return out


def _outcomes(cases: Sequence[Case], options: Options, jobs: int) -> Iterator[Outcome]:
    if jobs <= 1 or len(cases) <= 1:
        yield from (judge(c, options) for c in cases)
        return
    pool = Pool(jobs, initializer=_worker_init, initargs=(os.getpid(),))
    try:
        yield from pool.imap(partial(judge, options=options), cases)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
