"""Running cases, in this process or in a pool of workers (``batch``'s worker set-up), in input order."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from legality.batch import _worker_init, stuck_after
from legality.regress.cases import Case
from legality.regress.judge import Options, Outcome, judge
from legality.workers import Job, Workers


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
    with Workers(jobs, _worker_init) as workers:
        yield from workers.ordered(cases, JOB.with_args(options), window=8 * jobs)


def _alone(case: Case) -> list[Case]:
    return [case]


def _first(outcomes: list[Outcome]) -> Outcome:
    return outcomes[0]


def _lost(case: Case, cause: str) -> Outcome:
    """An ERROR: the worker process judging the case ended, twice (the case crashes the checker)."""
    return Outcome(case, "ERROR", {}, (), "", 0.0,
                   f"the worker process judging the case ended ({cause}); judged again alone, it ended again")


JOB: Job[Case, Outcome] = Job(judge, (), _alone, _first, _lost, stuck_after)
