"""Probes of ``legality serve`` from outside: throughput of small checks, a long rules text, a time limit on a
large board, a burst of large boards, memory after abandoned requests, refused requests, slow clients. Not
part of the test suite.

Every request goes to a server this script starts on 127.0.0.1; every probe is bounded in count and time.
Run: ``python benchmarks/bench_serve.py [--only NAME ...] [--server-arg=--workers=2 ...] [--root CHECKOUT]``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import socket
import statistics
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from boards import large_block_board  # noqa: E402
from serving import GORILLA, JSON, Reply, Server, serving  # noqa: E402

LONG_TEXT = "Creatures without flying can't attack. " * 200  # about 8 KB the reader reads sentence by sentence


def percentile(xs: list[float], p: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, round(p / 100 * (len(s) - 1)))] if s else float("nan")


def board_bytes(n_att: int, n_blk: int) -> bytes:
    return json.dumps(large_block_board(1, n_att, n_blk, ["B"])).encode()


def throughput(server: Server, n: int, connections: int, limit: float) -> str:
    """``n`` small checks over ``connections`` kept-alive connections (at most ``limit`` seconds)."""
    body = GORILLA.read_bytes()
    lock = threading.Lock()
    left = [n]
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    stop = time.monotonic() + limit

    def client() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        while time.monotonic() < stop:
            with lock:
                if left[0] == 0:
                    break
                left[0] -= 1
            started = time.perf_counter()
            try:
                conn.request("POST", "/api/check", body=body, headers=JSON)
                got = conn.getresponse()
                got.read()
                status = got.status
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
                status = 0
            with lock:
                latencies.append(time.perf_counter() - started)
                statuses[status] = statuses.get(status, 0) + 1
        conn.close()

    started = time.perf_counter()
    threads = [threading.Thread(target=client) for _ in range(connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - started
    return (f"{len(latencies)} small checks at {connections} connections: {len(latencies) / wall:.0f} requests/s, "
            f"p50 {percentile(latencies, 50) * 1000:.0f} ms, p95 {percentile(latencies, 95) * 1000:.0f} ms, "
            f"statuses {statuses}")


def while_running(server: Server, heavy: Callable[[], Reply], limit: float) -> tuple[Reply | None, list[float]]:
    """Run ``heavy`` in a thread and time small checks one after another until it ends (or ``limit`` s)."""
    out: list[Reply] = []
    thread = threading.Thread(target=lambda: out.append(heavy()))
    thread.start()
    time.sleep(0.2)
    small: list[float] = []
    stop = time.monotonic() + limit
    while thread.is_alive() and time.monotonic() < stop:
        small.append(server.check(timeout=limit).seconds)
        time.sleep(0.05)
    thread.join(timeout=max(0.0, stop - time.monotonic()))
    return (out[0] if out else None), small


def text_freeze(server: Server) -> str:
    body = json.dumps({"text": LONG_TEXT, "name": "Long"}).encode()
    got, small = while_running(server, lambda: server.request("POST", "/api/text", body, JSON, timeout=150), 150)
    what = f"{got.status} after {got.seconds:.1f} s" if got else "no answer"
    return (f"/api/text with {len(LONG_TEXT)} characters: {what}; meanwhile {len(small)} small checks, "
            f"max {max(small, default=0) * 1000:.0f} ms, p95 {percentile(small, 95) * 1000:.0f} ms")


def time_limit(server: Server) -> str:
    got = server.check(board_bytes(300, 450), "?time_limit=0.1", timeout=120)
    legal = got.json().get("legal") if got.status == 200 else None
    return f"300 x 450 board with ?time_limit=0.1: {got.status} after {got.seconds:.1f} s (legal: {legal})"


def abandon(port: int, body: bytes, after: float) -> None:
    """Send a whole /api/check request, then close the connection without reading the answer."""
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.sendall(b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  b"Content-Length: %d\r\n\r\n" % len(body) + body)
        time.sleep(after)


def memory(server: Server, wait: float) -> str:
    """RSS of the server and its workers before, at the peak and after three abandoned 600 x 900 checks."""
    before = server.rss_kib()
    body = board_bytes(600, 900)
    threads = [threading.Thread(target=abandon, args=(server.port, body, 3.0)) for _ in range(3)]
    for t in threads:
        t.start()
    peak, samples, started = before, [], time.monotonic()
    while time.monotonic() - started < wait:
        now = server.rss_kib()
        peak = max(peak, now)
        samples.append((time.monotonic() - started, now))
        if time.monotonic() - started > 5 and now <= before * 1.2:
            break
        time.sleep(0.5)
    for t in threads:
        t.join()
    after = server.rss_kib()
    back = next((f"{t:.1f} s" for t, kib in samples if t > 3 and kib <= before * 1.2), f"not within {wait:.0f} s")
    small = server.check(timeout=60)
    return (f"{before / 1024:.0f} MB before, peak {peak / 1024:.0f} MB, {after / 1024:.0f} MB after "
            f"three abandoned 600 x 900 checks (within 20% of the start: {back}); "
            f"a small check then: {small.status} in {small.seconds * 1000:.0f} ms")


def burst(server: Server, n: int) -> str:
    """``n`` checks of 300 x 450 boards at once (``?time_limit=1``): how many run, wait or are refused, the
    peak memory, and how long a small check takes meanwhile."""
    body = board_bytes(300, 450)
    replies: list[Reply] = []
    before, started = server.rss_kib(), time.perf_counter()
    threads = [threading.Thread(target=lambda: replies.append(server.check(body, "?time_limit=1", timeout=300)))
               for _ in range(n)]
    for t in threads:
        t.start()
    peak, small = before, []
    while any(t.is_alive() for t in threads) and time.perf_counter() - started < 300:
        peak = max(peak, server.rss_kib())
        small.append(server.check(timeout=300).seconds)
        time.sleep(0.2)
    for t in threads:
        t.join()
    statuses: dict[int, int] = {}
    for r in replies:
        statuses[r.status] = statuses.get(r.status, 0) + 1
    return (f"{n} checks of 300 x 450 at once: statuses {statuses} in {time.perf_counter() - started:.1f} s, "
            f"memory {before / 1024:.0f} MB -> peak {peak / 1024:.0f} MB; small checks meanwhile: "
            f"{len(small)}, max {max(small, default=0) * 1000:.0f} ms")


def codes(server: Server) -> str:
    board = GORILLA.read_bytes()
    deep = b"[" * 100_000 + b"]" * 100_000
    probes = {
        "text/plain body": server.request("POST", "/api/check", board, {"Content-Type": "text/plain"}),
        "form body": server.request("POST", "/api/check", b"a=1",
                                    {"Content-Type": "application/x-www-form-urlencoded"}),
        "foreign Host": server.request("GET", "/", None, {"Host": "evil.example"}),
        "foreign Host:port": server.request("POST", "/api/check", board, {**JSON, "Host": "evil.example:8000"}),
        "nested /api/text": server.request("POST", "/api/text", b'{"text": ' + deep + b"}", JSON),
        "nested /api/check": server.request("POST", "/api/check", deep, JSON),
        "5000-character fixture": server.request("GET", "/api/fixtures/" + "a" * 5000 + ".json"),
    }
    return "; ".join(f"{k}: {v.status}" for k, v in probes.items())


def slowloris(server: Server, clients: int, seconds: float) -> str:
    """``clients`` connections that send a request line a byte a second and never finish their headers."""
    socks = []
    for _ in range(clients):
        s = socket.create_connection(("127.0.0.1", server.port))
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        socks.append(s)
    alive = set(range(clients))
    dropped_at: list[float] = []
    small: list[float] = []
    started = time.monotonic()
    while alive and time.monotonic() - started < seconds:
        for i in list(alive):
            try:
                socks[i].sendall(b"a")
                socks[i].setblocking(False)
                try:
                    if socks[i].recv(1024) == b"":
                        raise ConnectionResetError
                except BlockingIOError:
                    pass
                finally:
                    socks[i].setblocking(True)
            except OSError:
                alive.discard(i)
                dropped_at.append(time.monotonic() - started)
        small.append(server.check(timeout=30).seconds)
        time.sleep(1)
    for s in socks:
        s.close()
    when = f", dropped after {statistics.median(dropped_at):.1f} s (median)" if dropped_at else ""
    return (f"{len(alive)} of {clients} slow connections still open after "
            f"{time.monotonic() - started:.0f} s{when}; small checks meanwhile max {max(small) * 1000:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", nargs="*", default=None,
                        choices=["throughput", "text", "time_limit", "burst", "memory", "codes", "slowloris"])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--memory-wait", type=float, default=90)
    parser.add_argument("--slow-seconds", type=float, default=25)
    parser.add_argument("--burst", type=int, default=20, help="heavy requests sent at once by the burst probe")
    parser.add_argument("--server-arg", action="append", default=[], help="passed to legality serve")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the checkout whose server is probed (another version, to compare)")
    args = parser.parse_args()
    only = set(args.only or ["throughput", "text", "time_limit", "burst", "memory", "codes", "slowloris"])
    probes: list[tuple[str, Callable[[Server], str]]] = [
        ("throughput", lambda s: throughput(s, args.requests, args.connections, 120)),
        ("text", text_freeze),
        ("time_limit", time_limit),
        ("burst", lambda s: burst(s, args.burst)),
        ("codes", codes),
        ("slowloris", lambda s: slowloris(s, 20, args.slow_seconds)),
        ("memory", lambda s: memory(s, args.memory_wait)),
    ]
    for name, probe in probes:
        if name in only:  # a fresh server for each probe: one probe's leftovers don't spoil the next
            with serving("--fixtures", str(args.root / "fixtures"), *args.server_arg, root=args.root) as server:
                print(f"{name}: {probe(server)}", flush=True)


if __name__ == "__main__":
    main()
