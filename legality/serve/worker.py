"""A worker process of the web server: the API's work (judging, reading rules text) away from its event loop.

It warms up once (the checker imported, the card library loaded, one small board judged), says it is ready,
then answers one job at a time on its pipe: a job is ``(method, args)`` of ``Api``; the answer is the HTTP
status, the JSON body already encoded, and the seconds the work took. The server kills a worker whose job
outlives its deadline, so nothing here needs a time limit of its own beyond the checker's.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import sys
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from msgspec import Struct

READY = b"ready"
WARM_BOARD = {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
              "permanents": [{"id": "g", "name": "Gorilla Berserkers", "controller": "A"},
                             {"id": "s", "name": "Razorgrass Screen", "controller": "B"},
                             {"id": "b", "name": "Grizzly Bears", "controller": "B"}],
              "attacks": [{"attacker": "g", "target": "B"}], "blocks": [{"blocker": "b", "attacker": "g"}]}

log = logging.getLogger("legality.serve")


class WorkerSettings(Struct, frozen=True):
    """What every worker is started with: the card library, the fixtures folder, the server's time limit."""

    cards: str | None
    fixtures: Path | None
    time_limit: float


Reply = tuple[int, bytes, float]
"""A job's answer: HTTP status, JSON body, seconds of work."""


def _encode(content: Any) -> bytes:
    return json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _detach() -> None:
    """Ctrl-C in the terminal is the server's to handle, and a worker dies with the process that forked it
    (Linux), so none outlives a server killed outright."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform == "linux":
        import ctypes

        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL)


def run(conn: Connection, settings: WorkerSettings) -> None:
    """The worker's life: warm up, say ready, then answer jobs until the server closes the pipe."""
    _detach()
    from legality.serve.api import Api, ApiError

    api = Api(settings.cards, settings.fixtures, settings.time_limit)
    api.judge("check", _encode(WARM_BOARD), {})  # imports the solver's and the reader's code, loads the library
    api.text(_encode({"text": "Goad target creature.", "name": None}))
    conn.send_bytes(READY)
    while True:
        try:
            method, args = conn.recv()
        except (EOFError, OSError):
            return  # the server has gone
        started = time.perf_counter()
        try:
            reply: Reply = (200, _encode(getattr(api, method)(*args)), 0.0)
        except ApiError as exc:
            reply = (exc.status, _encode(exc.content), 0.0)
        except Exception as exc:  # a bug: the server's log says what, the client gets no traceback
            log.exception("%s failed in worker %d", method, os.getpid())
            reply = (500, _encode({"error": f"internal error ({type(exc).__name__})"}), 0.0)
        try:
            conn.send((reply[0], reply[1], time.perf_counter() - started))
        except (BrokenPipeError, OSError):
            return
