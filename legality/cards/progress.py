"""A one-line download progress bar for a terminal: bytes received, the rate, an ETA when the size is known."""

from __future__ import annotations

import time
from typing import TextIO


class ByteProgress:
    """Called with (bytes so far, total or None); redraws at most every ``every`` seconds, and not before ``after``
    seconds (a download done by then, like an index of a few kilobytes, shows no bar)."""

    def __init__(self, label: str, stream: TextIO, every: float = 0.2, after: float = 0.5) -> None:
        self.label, self.stream, self.every = label, stream, every
        self.start = time.monotonic()
        self.shown = self.start + after - every
        self.done: int = 0
        self.total: int | None = None
        self.drawn = False

    def __call__(self, done: int, total: int | None) -> None:
        self.done, self.total = done, total
        now = time.monotonic()
        if now - self.shown >= self.every:
            self.shown = now
            self._show(now)

    def _show(self, now: float) -> None:
        rate = self.done / max(now - self.start, 1e-9)
        text = f"{self.label}: {_mb(self.done)}"
        if self.total:
            text += f" of {_mb(self.total)} ({100 * self.done // self.total}%)"
        text += f", {_mb(rate)}/s"
        if self.total and rate > 0 and self.done < self.total:
            text += f", {_clock((self.total - self.done) / rate)} left"
        self.stream.write(f"\r{text}\x1b[K")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        """Show the final count and end the line (nothing if nothing was drawn)."""
        if self.drawn:
            self._show(time.monotonic())
            self.stream.write("\n")
            self.stream.flush()


def _mb(n: float) -> str:
    return f"{n / 1e6:,.1f} MB"


def _clock(seconds: float) -> str:
    m, s = divmod(int(seconds), 60)
    h, m = divmod(m, 60)
    return f"{h}:{m:02}:{s:02}"
