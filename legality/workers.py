"""Forked worker processes judging tasks in input order, one pipe each, and surviving the death of a worker.

``multiprocessing.Pool`` loses the task of a worker that dies (killed for its memory, a crash in native code):
its result never comes and the pool waits for ever. Here the parent watches each worker's pipe and process
together (one thread, ``multiprocessing.connection.wait``): a worker that dies is replaced, and the tasks it held
are run again split into their parts, each alone, so that a part that kills its worker again is that part's
answer (``Job.lost``), and every other part is judged as usual. A worker that shows no progress for longer than the
job allows (stuck, in native code say, where no time limit of its own reaches) is killed and dealt with the same
way: a worker shows progress by starting a task and by each call to ``progress()``. Each
worker holds one task at a time: the parent sends the next as soon as a result is in, so a large task and a large
result never wait on each other in the pipes, and no thread of the parent competes with the workers for the cores.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from multiprocessing.connection import Connection, wait
from typing import Any, Generic, TypeVar, cast

from msgspec import Struct, structs

T = TypeVar("T")
R = TypeVar("R")


class Job(Struct, Generic[T, R], frozen=True):
    """What the workers do with a task, and what happens when one dies holding it.

    ``run`` (a module-level function: it is sent to the workers by name) judges a task; ``parts`` splits a task
    into smaller ones (a task of one part gives itself) and ``merge`` puts their results back in order; ``lost``
    is the answer for a task of one part whose worker died twice running it, given how the worker ended. A result
    is never None; ``merge`` of no parts is the result of a task with none (``parts`` may give an empty list).
    ``deadline`` (given the task and the arguments) is how many seconds a worker running the task may go without
    progress (its start, a call to ``progress()``) before it is killed as stuck (None: as long as it takes).
    """

    run: Callable[..., R]
    args: tuple[Any, ...]
    parts: Callable[[T], list[T]]
    merge: Callable[[list[R]], R]
    lost: Callable[[T, str], R]
    deadline: Callable[..., float] | None = None

    def with_args(self, *args: Any) -> Job[T, R]:
        """The same job, each task run as ``run(task, *args)``."""
        return structs.replace(self, args=args)


_beat: Any = None
"""In a worker, the shared double its parent reads: the moment of its last progress (``time.monotonic``)."""


def progress() -> None:
    """In a worker, show the parent the task is moving (call it between the parts of a task); elsewhere, nothing."""
    if _beat is not None:
        _beat.value = time.monotonic()


def _serve(conn: Connection, init: Callable[[int], None] | None, parent: int, beat: Any) -> None:
    """A worker's loop: a task in, its result out, until the pipe closes or ``None`` comes."""
    global _beat
    _beat = beat
    if init is not None:
        init(parent)
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            break
        if message is None:
            break
        run, task, args = message
        try:
            conn.send(run(task, *args))
        except (BrokenPipeError, OSError):
            break
    conn.close()


def ended(code: int | None, stopped: float | None = None) -> str:
    """How a worker process ended, from its exit code, in words (``stopped``: the seconds without progress after
    which it was killed)."""
    if stopped is not None:
        return f"it was stopped after {stopped:.3g} s without progress, far past the time limit"
    if code is None:
        return "it stopped answering"
    if code < 0:
        try:
            return f"it was killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"it was killed by signal {-code}"
    return f"it exited with code {code}"


class _Worker:
    """One worker process, its end of the pipe, and the task it holds (its slot and part), if any."""

    def __init__(self, context: Any, init: Callable[[int], None] | None) -> None:
        here, there = multiprocessing.Pipe(duplex=True)
        self.beat = context.RawValue("d", 0.0)  # its last progress, written by the worker (and at each task sent)
        self.process = context.Process(target=_serve, args=(there, init, os.getpid(), self.beat), daemon=True)
        self.process.start()
        there.close()
        self.conn: Connection = here
        self.holding: tuple[int, int, Any] | None = None
        self.allowed: float | None = None  # seconds the task it holds may go without progress

    def stuck(self, now: float) -> float:
        """Seconds before it counts as stuck (at most zero: it is; infinite: it never is)."""
        return float("inf") if self.allowed is None else self.beat.value + self.allowed - now


class Workers:
    """``jobs`` forked worker processes (``init`` runs first in each, given the parent's process id).

    Use as a context manager: on leaving, the workers are asked to stop and reaped; on an exception (an interrupt
    included), they are killed at once.
    """

    def __init__(self, jobs: int, init: Callable[[int], None] | None = None) -> None:
        methods = multiprocessing.get_all_start_methods()
        self._context = multiprocessing.get_context("fork" if "fork" in methods else None)
        self._init = init
        self._workers = [_Worker(self._context, init) for _ in range(jobs)]

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        if kind is None:
            self.close()
        else:
            self.kill()

    def close(self) -> None:
        """Ask every worker to stop, then wait for each."""
        for w in self._workers:
            with suppress(OSError):
                w.conn.send(None)
        for w in self._workers:
            w.process.join()
            w.conn.close()

    def kill(self) -> None:
        """Kill every worker at once (SIGKILL) and reap it."""
        for w in self._workers:
            w.process.kill()
        for w in self._workers:
            w.process.join()
            w.conn.close()

    def ordered(self, tasks: Iterable[T], job: Job[T, R], window: int | None = None) -> Iterator[R]:
        """Each task's result, in the order of ``tasks``, as soon as it and those before it are in.

        Tasks are taken from ``tasks`` only as workers free up, and never more than ``window`` (default: four per
        worker) past the oldest result not yet given out, so memory stays flat however many there are.
        """
        window = window or 4 * len(self._workers)
        source = iter(tasks)
        exhausted = False
        again: deque[tuple[int, int, T]] = deque()  # (slot, part, task) to run again, before any new task
        results: dict[int, list[R | None]] = {}  # slot -> its parts' results (one part unless it was split)
        alone: set[tuple[int, int]] = set()  # (slot, part) run again alone: a second death is its answer
        taken = given = 0
        while True:
            for w in self._workers:
                if w.holding is not None:
                    continue
                if again:
                    w.holding = again.popleft()
                elif not exhausted and taken - given < window:
                    task = next(source, None)
                    if task is None:
                        exhausted = True
                        continue
                    results[taken] = [None]
                    w.holding = (taken, 0, task)
                    taken += 1
                else:
                    continue
                self._send(w, job)
            busy = [w for w in self._workers if w.holding is not None]
            if not busy:
                return
            soonest = min(w.stuck(time.monotonic()) for w in busy)
            timeout = None if soonest == float("inf") else max(soonest, 0.0)
            ready = set(wait([w.conn for w in busy] + [w.process.sentinel for w in busy], timeout))
            now = time.monotonic()
            for i, w in enumerate(self._workers):
                if w.holding is None:
                    continue
                stuck = w.stuck(now) <= 0 and w.process.is_alive()
                if not stuck and w.conn not in ready and w.process.sentinel not in ready:
                    continue
                slot, part, task = w.holding
                result = self._receive(w, stuck)
                if result is not None:
                    w.holding = None
                    results[slot][part] = result[0]
                    continue
                cause = ended(w.process.exitcode, w.allowed if stuck else None)
                self._replace(i)
                if (slot, part) in alone:
                    results[slot][part] = job.lost(task, cause)
                    continue
                pieces = job.parts(task)  # the slot's only part so far: each of its pieces alone
                results[slot] = [None] * len(pieces)
                for k, piece in enumerate(pieces):
                    alone.add((slot, k))
                    again.append((slot, k, piece))
            while given in results and all(r is not None for r in results[given]):
                done = results.pop(given)
                if alone:
                    alone.difference_update((given, k) for k in range(len(done)))
                given += 1
                whole = cast("list[R]", done)
                yield job.merge(whole) if len(whole) != 1 else whole[0]

    def _send(self, w: _Worker, job: Job[T, R]) -> None:
        assert w.holding is not None
        w.allowed = None if job.deadline is None else job.deadline(w.holding[2], *job.args)
        w.beat.value = time.monotonic()
        with suppress(OSError):  # a dead worker: its sentinel says so at the next wait
            w.conn.send((job.run, w.holding[2], job.args))

    @staticmethod
    def _receive(w: _Worker, stuck: bool = False) -> tuple[Any] | None:
        """The worker's result (in a 1-tuple: a result may be falsy), or None if it died without one; a ``stuck``
        worker with no result ready is killed."""
        try:
            if w.conn.poll():
                return (w.conn.recv(),)
        except (EOFError, OSError):
            pass
        if stuck:
            w.process.kill()
        elif w.process.is_alive():  # woken by its pipe, but nothing whole came: wait for the rest, or its end
            try:
                return (w.conn.recv(),)
            except (EOFError, OSError):
                pass
        w.process.join()
        return None

    def _replace(self, i: int) -> None:
        old = self._workers[i]
        old.conn.close()
        self._workers[i] = _Worker(self._context, self._init)
