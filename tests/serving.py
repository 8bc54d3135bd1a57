"""A ``legality serve`` process on a free port of 127.0.0.1 and plain requests to it, for the server's tests
and ``benchmarks/bench_serve.py``. Nothing here talks to any other machine."""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GORILLA = ROOT / "fixtures/article/gorilla-no-block.json"
JSON = {"Content-Type": "application/json"}


@dataclass(frozen=True)
class Reply:
    """One answer: status, headers (lower-case names), body and the seconds it took."""

    status: int
    headers: dict[str, str]
    body: bytes
    seconds: float

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Server:
    """A running ``legality serve``: its process and port."""

    proc: subprocess.Popen[bytes]
    port: int

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None,
                timeout: float = 60) -> Reply:
        return request(self.port, method, path, body, headers, timeout)

    def check(self, board: bytes | None = None, query: str = "", timeout: float = 60) -> Reply:
        """POST /api/check of ``board`` (the Gorilla fixture by default) as JSON."""
        return self.request("POST", "/api/check" + query, board if board is not None else GORILLA.read_bytes(), JSON,
                            timeout)

    def rss_kib(self) -> int:
        """Resident memory of the server and every process under it (its workers), KiB."""
        return rss_kib(self.proc.pid)

    def worker_pids(self) -> set[int]:
        """The worker processes: the children of the fork server the server started."""
        forkserver = [c for c in children(self.proc.pid) if b"forkserver" in _cmdline(c)]
        return {w for f in forkserver for w in children(f) if _alive(w)}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def request(port: int, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None,
            timeout: float = 60) -> Reply:
    """One request on a new connection to 127.0.0.1:``port``."""
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        got = conn.getresponse()
        data = got.read()
        return Reply(got.status, {k.lower(): v for k, v in got.getheaders()}, data, time.perf_counter() - started)
    finally:
        conn.close()


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (from /proc; none once it has ended)."""
    try:
        return [int(c) for task in Path(f"/proc/{pid}/task").iterdir() for c in (task / "children").read_text().split()]
    except (OSError, ValueError):
        return []


def _alive(pid: int) -> bool:
    """Whether a process is running (not a zombie waiting to be reaped)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] not in ("Z", "X")
    except (OSError, IndexError):
        return False


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def rss_kib(pid: int) -> int:
    """Resident memory of a process and its descendants (KiB), from /proc; 0 once it has ended."""
    total = 0
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    except (OSError, ValueError):
        return 0
    return total + sum(rss_kib(c) for c in children(pid))


@contextmanager
def serving(*args: str, ready: float = 120, root: Path = ROOT) -> Iterator[Server]:
    """``legality serve --port P ARGS`` started from this checkout (or ``root``, another one); yields once a
    small check is answered."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen([sys.executable, "-c", "import cli; cli.main()", "serve", "--port", str(port), *args],
                            cwd=root, env=env)
    server = Server(proc, port)
    try:
        deadline = time.monotonic() + ready
        while True:
            try:
                if server.check(timeout=10).status == 200:
                    break
            except OSError:
                pass
            if proc.poll() is not None:
                raise RuntimeError(f"legality serve stopped (exit {proc.returncode})")
            if time.monotonic() > deadline:
                raise RuntimeError(f"legality serve did not answer within {ready} s")
            time.sleep(0.1)
        yield server
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
