"""One deadline for all the work of a verdict: building the game and the problems, moves, solves, explanations.

A verdict's time limit bounds every phase, not only the solver's: the loops that build a board's problems
poll ``check`` (a context variable and a clock read), and a phase that finds the deadline passed raises
``OutOfTime`` naming itself; the caller turns it into an undecided verdict at about the limit.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_deadline: ContextVar[float | None] = ContextVar("legality_deadline", default=None)


class OutOfTime(Exception):
    """The verdict's deadline passed during ``phase`` (building the block problem, splitting the board, ...)."""

    def __init__(self, phase: str) -> None:
        super().__init__(phase)
        self.phase = phase


@contextmanager
def bounded(seconds: float) -> Iterator[None]:
    """Within the block, the deadline is ``seconds`` from now, or an enclosing one if that is sooner."""
    ends = time.monotonic() + max(seconds, 0.0)
    outer = _deadline.get()
    token = _deadline.set(ends if outer is None else min(outer, ends))
    try:
        yield
    finally:
        _deadline.reset(token)


def left(default: float = float("inf")) -> float:
    """Seconds left before the deadline (never below zero), or ``default`` when none is set."""
    ends = _deadline.get()
    return default if ends is None else max(ends - time.monotonic(), 0.0)


def check(phase: str) -> None:
    """Raise ``OutOfTime(phase)`` once the deadline has passed; cheap enough for a loop's every turn."""
    ends = _deadline.get()
    if ends is not None and time.monotonic() > ends:
        raise OutOfTime(phase)


class Poll:
    """``check`` every ``every`` calls: for loops whose turns are too cheap to read the clock each time."""

    __slots__ = ("_count", "_every", "_phase")

    def __init__(self, phase: str, every: int = 256) -> None:
        self._phase, self._every, self._count = phase, every, 0

    def __call__(self) -> None:
        self._count += 1
        if self._count >= self._every:
            self._count = 0
            check(self._phase)


Clock = Callable[[], float]
"""Seconds left of a verdict's time limit: every solve of one verdict shares one deadline."""


def clock(time_limit: float) -> Clock:
    """A clock for a deadline ``time_limit`` seconds from now, or the verdict's deadline if sooner (never below
    zero)."""
    ends = time.monotonic() + min(time_limit, left())
    return lambda: max(ends - time.monotonic(), 0.0)
