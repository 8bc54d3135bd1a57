"""Python's cyclic garbage collector paused while a verdict is worked out.

Judging a large board allocates hundreds of thousands of small containers (assignments, groups, indexes) that
all stay alive until the verdict is given; each automatic collection meanwhile walks all of them again, which
took about half the time of a 200 x 300 board. Almost nothing made then is cyclic (refcounting frees it), so the
collector is paused for the verdict and resumes after it. Pauses may nest and overlap across threads: the
collector resumes when the last one ends, and only if it was running when the first began.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_depth = 0
_resume = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """No automatic cyclic collection within the block (see the module's docstring)."""
    global _depth, _resume
    with _lock:
        if _depth == 0:
            _resume = gc.isenabled()
            gc.disable()
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0 and _resume:
                gc.enable()
