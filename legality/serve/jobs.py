"""Worker processes for the web server: each job runs in one of them, with a hard deadline.

A job past its deadline, or whose client has gone (its task cancelled), has its worker killed: the work
stops and its memory goes back to the system, and a fresh worker, forked from a fork server that has the
rules-text reader built already, takes its place. As many jobs run at once as there are workers; a short
queue waits for them, in order, and past it (or after waiting too long in it) a job is refused with ``Busy``.
A job said to be large never takes the last free worker: one is always left for the small ones.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
from collections import deque
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from msgspec import Struct

from legality.serve.worker import READY, Reply, WorkerSettings, run

log = logging.getLogger("legality.serve")
START_METHOD = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
"""Workers are forked from a fork server that has the reader built (``legality.serve.preload``) where there is one."""
START_TIMEOUT = 120.0
"""Seconds a new worker may take to warm up (import the checker, load the card library) before it is given up."""


class Busy(Exception):
    """Every worker is busy and the queue is full, or the job waited in it too long: try again later."""


class Overrun(Exception):
    """The job ran past its deadline; its worker was killed."""


class Lost(Exception):
    """The worker ended without answering (killed from outside, out of memory)."""


class _Worker(Struct, eq=False):
    proc: BaseProcess
    conn: Connection


def _readable(fut: asyncio.Future[None]) -> None:
    if not fut.done():
        fut.set_result(None)


async def _wait_readable(conn: Connection, timeout: float) -> None:
    """Wait, without blocking the event loop, until ``conn`` has something to read (or has been closed)."""
    loop = asyncio.get_running_loop()
    fut: asyncio.Future[None] = loop.create_future()
    fd = conn.fileno()
    loop.add_reader(fd, _readable, fut)
    try:
        async with asyncio.timeout(timeout):
            await fut
    finally:
        loop.remove_reader(fd)


class Pool:
    """``size`` worker processes, a queue of at most ``queue`` waiting jobs, each waiting ``queue_wait`` s at most;
    at most ``size - 1`` large jobs at once (any number with one worker)."""

    def __init__(self, settings: WorkerSettings, size: int, queue: int, queue_wait: float) -> None:
        self.settings = settings
        self.size = size
        self.queue = queue
        self.queue_wait = queue_wait
        self._ctx = multiprocessing.get_context("forkserver") if START_METHOD == "forkserver" else \
            multiprocessing.get_context("spawn")
        self._idle: list[_Worker] = []
        self._waiters: deque[tuple[bool, asyncio.Future[_Worker]]] = deque()
        self._large = 0  # large jobs running
        self._workers: set[_Worker] = set()
        self._starting: set[asyncio.Task[None]] = set()
        self._closed = False

    async def start(self) -> None:
        """Start every worker and return once all are warm (the fork server first, with the reader built)."""
        preload = getattr(self._ctx, "set_forkserver_preload", None)
        if preload is not None:
            preload(["legality.serve.preload"])
        await asyncio.gather(*(self._launch() for _ in range(self.size)))

    async def close(self) -> None:
        """Kill every worker (a job still running is abandoned) and stop starting new ones."""
        self._closed = True
        for task in list(self._starting):
            task.cancel()
        for worker in list(self._workers):
            self._kill(worker)

    async def run(self, method: str, args: tuple[Any, ...], deadline: float, large: bool = False) -> Reply:
        """``Api.method(*args)`` in a worker: its status, JSON and seconds of work. ``Busy`` when no worker is
        free in time, ``Overrun`` past ``deadline`` seconds, ``Lost`` if the worker died; cancelling the call
        kills the worker."""
        worker = await self._take(large)
        answered = False
        try:
            try:
                worker.conn.send((method, args))
                await _wait_readable(worker.conn, deadline)
                status, body, seconds = worker.conn.recv()
            except TimeoutError:
                raise Overrun from None
            except (EOFError, OSError) as exc:
                raise Lost from exc
            answered = True
            return int(status), bytes(body), float(seconds)
        finally:
            self._large -= int(large)
            if answered:
                self._idle.append(worker)
                self._dispatch()
            else:
                self._kill(worker)
                self._replace()

    def _may_start(self, large: bool) -> bool:
        return not large or self.size == 1 or self._large < self.size - 1

    def _dispatch(self) -> None:
        """Hand idle workers to the jobs waiting, in order, a large job only if a worker stays for small ones."""
        while self._idle:
            ready = next((w for w in self._waiters if not w[1].done() and self._may_start(w[0])), None)
            if ready is None:
                return
            self._waiters.remove(ready)
            self._large += int(ready[0])
            ready[1].set_result(self._idle.pop())

    async def _take(self, large: bool) -> _Worker:
        """A worker for a job, waiting for one if the queue has room (a worker starting in place of a killed
        one counts as free, not busy)."""
        handed: asyncio.Future[_Worker] = asyncio.get_running_loop().create_future()
        waiter = (large, handed)
        self._waiters.append(waiter)
        self._dispatch()
        if not waiter[1].done() and len(self._waiters) > self.queue + len(self._starting):
            self._waiters.remove(waiter)
            raise Busy
        try:
            async with asyncio.timeout(self.queue_wait):
                return await waiter[1]
        except BaseException as exc:
            if waiter[1].done() and not waiter[1].cancelled():  # handed a worker just as the wait ended
                self._large -= int(large)
                self._idle.append(waiter[1].result())
                self._dispatch()
            else:
                waiter[1].cancel()
                with contextlib.suppress(ValueError):
                    self._waiters.remove(waiter)
            if isinstance(exc, TimeoutError):
                raise Busy from None
            raise

    async def _launch(self) -> None:
        """Start one worker and add it to the idle ones once it says it is warm."""
        parent, child = self._ctx.Pipe()
        proc = self._ctx.Process(target=run, args=(child, self.settings), daemon=True, name="legality-worker")
        await asyncio.to_thread(proc.start)
        child.close()
        worker = _Worker(proc, parent)
        self._workers.add(worker)
        try:
            await _wait_readable(parent, START_TIMEOUT)
            if parent.recv_bytes() != READY:
                raise Lost("the worker did not say it was ready")
        except BaseException:
            self._kill(worker)
            raise
        if self._closed:
            self._kill(worker)
        else:
            self._idle.append(worker)
            self._dispatch()

    def _replace(self) -> None:
        """Start a worker in the background to take a killed one's place (retrying, slower each time, on failure)."""
        if self._closed:
            return

        async def again() -> None:
            delay = 0.5
            while not self._closed:
                try:
                    await self._launch()
                    return
                except (Exception, TimeoutError):
                    log.exception("a worker could not be started; trying again in %.1f s", delay)
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, 30.0)

        task = asyncio.create_task(again())
        self._starting.add(task)
        task.add_done_callback(self._starting.discard)

    def _kill(self, worker: _Worker) -> None:
        """Kill a worker at once (SIGKILL: CP-SAT is not waited for) and reap it in the background."""
        self._workers.discard(worker)
        with contextlib.suppress(Exception):
            worker.proc.kill()
        with contextlib.suppress(Exception):
            worker.conn.close()

        def reap() -> None:
            with contextlib.suppress(Exception):
                worker.proc.join(30)
                worker.proc.close()

        try:
            asyncio.get_running_loop().run_in_executor(None, reap)
        except RuntimeError:  # no loop (shutting down): reap here
            reap()
