"""``legality serve`` under abuse, from outside: heavy requests, abandoned ones, slow clients, a full queue.

Each server here is a real ``legality serve`` process on 127.0.0.1 (tests/serving.py). Heavy work runs in
worker processes with a deadline, so small checks keep being answered; killed work gives its memory back;
a client that trickles its request is dropped. Timing bounds are generous (a loaded 2-core machine): a small
check must answer within 1 s, a deadline must be kept within a few seconds.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import json
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator

import pytest

pytest.importorskip("uvicorn", reason="the server needs the [serve] extra (uvicorn)")

from boards import large_block_board
from legality.serve.jobs import Busy, Overrun, Pool
from legality.serve.worker import WorkerSettings
from serving import GORILLA, JSON, Reply, Server, serving

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads the processes' memory from /proc")

SMALL_WITHIN = 1.0  # seconds: what "small checks still answer" means here


def huge_board() -> bytes:
    """600 attackers x 900 blockers: about 20 s and 1 GB to judge on this machine, with any time limit."""
    return json.dumps(large_block_board(1, 600, 900, ["B"])).encode()


def answered_or_cut(reply: Reply) -> bool:
    """Whether a heavy request ended as it may: a verdict (decided, or undecided by the checker's own time limit,
    which bounds building the problems too), or cut off at the server's deadline (503)."""
    if reply.status == 503:
        return "took longer than" in reply.json()["error"]
    return reply.status == 200 and "legal" in reply.json()


def in_background(call: Callable[[], Reply]) -> tuple[threading.Thread, list[Reply]]:
    out: list[Reply] = []
    thread = threading.Thread(target=lambda: out.append(call()), daemon=True)
    thread.start()
    return thread, out


def slow_client(port: int, first: bytes = b"GET / HT") -> socket.socket:
    """A connection that has sent the start of a request line and will send the rest a byte at a time."""
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(first)
    return s


def trickle(s: socket.socket) -> bool:
    """One more byte from a slow client; False once the server has closed the connection."""
    try:
        s.sendall(b"T")
        s.setblocking(False)
        try:
            return s.recv(4096, socket.MSG_PEEK) != b""
        except BlockingIOError:
            return True
        finally:
            s.setblocking(True)
    except OSError:
        return False


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    """Three workers (two for the heavy requests, the last one left for small checks), a 3 s time limit, a 2 s
    deadline for a request's head and its body."""
    with serving("--workers", "3", "--time-limit", "3", "--read-timeout", "2") as s:
        yield s


def test_small_checks_answer_while_heavy_requests_run(server: Server) -> None:
    """Two 600 x 900 boards (one at the server's 3 s time limit, one at ?time_limit=1) and a slow client at once:
    small checks answer within 1 s all along; the heavy requests end by their deadline (a verdict, or 503), and the
    workers of those cut off are replaced. (Rules text is no heavy request: ``/api/text`` takes 5,000 characters at
    most, ``test_serve_api``; the cut at a deadline is ``test_a_job_past_its_deadline_is_cut_off_...``.)"""
    workers = server.worker_pids()
    assert len(workers) == 3
    started = time.monotonic()
    body = huge_board()
    heavy = {limit: in_background(functools.partial(server.check, body, query, timeout=60))
             for limit, query in ((3, ""), (1, "?time_limit=1"))}
    slow = slow_client(server.port)
    small = []
    during = dict.fromkeys(heavy, 0)  # small checks answered while each heavy request was still running
    while time.monotonic() - started < 5:
        got = server.check(timeout=30)
        assert got.status == 200, got.body
        small.append(got.seconds)
        for limit, (thread, _) in heavy.items():
            during[limit] += thread.is_alive()
        trickle(slow)
        time.sleep(0.1)
    # a board may be answered by its own time limit before the 5 s are over: what matters is that small checks
    # were answered while each heavy request held its worker
    assert min(during.values()) >= 3, f"the heavy requests ended too soon to prove anything: {during}"
    assert max(small) < SMALL_WITHIN, f"small checks took up to {max(small):.2f} s while heavy work ran"
    slow.close()
    # deadline: the time limit, 2 s of margin, 1 s and 1 s per 64 KiB of body
    killed = 0
    for limit, (thread, reply) in heavy.items():
        thread.join(30)
        assert answered_or_cut(reply[0]), reply[0].body
        killed += reply[0].status == 503
        deadline = limit + 2 + 1 + len(body) / 65536
        assert reply[0].seconds < deadline + 3, f"answered after {reply[0].seconds:.1f} s, deadline {deadline:.1f} s"
    replaced = time.monotonic() + 30
    while not (len(now := server.worker_pids()) == 3 and len(now - workers) == killed) and time.monotonic() < replaced:
        time.sleep(0.2)
    assert len(now) == 3 and len(now - workers) == killed, "each overrun worker is killed and replaced"
    assert server.check().status == 200


def test_a_client_that_never_finishes_its_headers_is_dropped(server: Server) -> None:
    """Slowloris: connections trickling a request line a byte at a time are closed (408) once the 2 s
    header timeout passes, while other clients are served."""
    started = time.monotonic()
    slow = [slow_client(server.port) for _ in range(10)]
    dropped: dict[int, float] = {}
    while len(dropped) < len(slow) and time.monotonic() - started < 15:
        for i, s in enumerate(slow):
            if i not in dropped and not trickle(s):
                dropped[i] = time.monotonic() - started
        got = server.check(timeout=30)
        assert got.status == 200 and got.seconds < SMALL_WITHIN
        time.sleep(0.25)
    answers = []
    for s in slow:
        s.settimeout(1)
        try:
            answers.append(s.recv(100))
        except OSError:
            answers.append(b"")
        s.close()
    assert len(dropped) == len(slow), f"{len(slow) - len(dropped)} slow clients still connected after 15 s"
    assert min(dropped.values()) >= 1.5 and max(dropped.values()) < 2 + 5, dropped
    assert all(a == b"" or a.startswith(b"HTTP/1.1 408") for a in answers), answers


def closed_within(s: socket.socket, seconds: float) -> bool:
    """Whether the server closes ``s`` within ``seconds`` while the client goes on sending a byte at a time."""
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        if not trickle(s):
            return True
        time.sleep(0.2)
    return False


@pytest.mark.parametrize(("media", "status"), [("application/json", 408), ("text/plain", 415)])
def test_a_body_that_does_not_arrive_is_dropped(server: Server, media: str, status: int) -> None:
    """A body that trickles: 408 once the 2 s body timeout passes (or 415 at once, for a body never read);
    a client that goes on sending it after the answer is cut off 2 s later."""
    with socket.create_connection(("127.0.0.1", server.port)) as s:
        s.sendall(b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: %s\r\n"
                  b"Content-Length: 100000\r\n\r\n{\"version\": 1" % media.encode())
        s.settimeout(10)
        started = time.monotonic()
        answer = s.recv(4096)
        assert answer.startswith(b"HTTP/1.1 %d" % status), answer
        assert time.monotonic() - started < 2 + 3
        assert closed_within(s, 2 + 5), "a client trickling a body after its answer is never cut off"


def test_refusals_from_outside(server: Server) -> None:
    """415 for a text/plain or form body, 400 for a foreign Host, 422 for JSON nested 100,000 levels deep
    (on /api/text and the judging endpoints) and for 200 KB of rules text, 404 for a 5,000-character fixture name:
    never a traceback."""
    board = GORILLA.read_bytes()
    deep = b"[" * 100_000 + b"]" * 100_000
    assert server.request("POST", "/api/check", board, {"Content-Type": "text/plain"}).status == 415
    assert server.request("POST", "/api/check", b"a=1", {"Content-Type": "application/x-www-form-urlencoded"}).status \
        == 415
    assert server.request("GET", "/", None, {"Host": "evil.example"}).status == 400
    assert server.request("POST", "/api/check", board, {**JSON, "Host": f"evil.example:{server.port}"}).status == 400
    assert server.request("GET", "/", None, {"Host": f"localhost:{server.port}"}).status == 200
    for path, body in (("/api/text", b'{"text": ' + deep + b"}"), ("/api/check", deep), ("/api/damage", deep),
                       ("/api/options", deep)):
        got = server.request("POST", path, body, JSON)
        assert got.status == 422 and "nested more than 100 levels deep" in got.body.decode(), (path, got.body[:200])
    for name in ("a" * 5000, "a" * 5000 + ".json", "article/" + "b" * 5000 + ".json"):
        assert server.request("GET", "/api/fixtures/" + name).status == 404
    # 200 KB of distinct sentences (16-32 s of reading) is refused before any is read, the field named
    long = json.dumps({"text": " ".join(f"Creatures with power {n} or greater can't attack." for n in range(4000)),
                       "name": None}).encode()
    got = server.request("POST", "/api/text", long, JSON)
    assert got.status == 422 and got.json()["problems"][0]["path"] == "$.text", got.body[:300]
    assert got.seconds < SMALL_WITHIN


def test_a_full_queue_is_503_with_retry_after() -> None:
    """One worker, no queue: while it judges a 600 x 900 board, another request is refused at once (503,
    Retry-After); the board ends by its deadline, and the next small check is answered."""
    with serving("--workers", "1", "--queue", "0", "--time-limit", "1") as server:
        body = huge_board()
        heavy, heavy_reply = in_background(lambda: server.check(body, timeout=60))
        time.sleep(0.5)
        got = server.check(timeout=30)
        assert got.status == 503 and got.headers.get("retry-after") == "1", got.body
        assert got.seconds < SMALL_WITHIN
        heavy.join(30)
        assert answered_or_cut(heavy_reply[0]), heavy_reply[0].body
        assert heavy_reply[0].seconds < 1 + 2 + 1 + len(body) / 65536 + 3
        retries = time.monotonic() + 30  # its worker may be being replaced: a client that honours Retry-After
        while (got := server.check(timeout=30)).status == 503 and time.monotonic() < retries:
            time.sleep(float(got.headers["retry-after"]))
        assert got.status == 200


def test_large_requests_leave_a_worker_for_small_ones() -> None:
    """Two workers, two 600 x 900 boards at once: one is judged, the other waits (a large request never takes the
    last free worker), and small checks are answered within 1 s all along."""
    with serving("--workers", "2", "--time-limit", "1") as server:
        body = huge_board()
        boards = [in_background(lambda: server.check(body, timeout=60)) for _ in range(2)]
        started, small = time.monotonic(), []
        while time.monotonic() - started < 4:
            got = server.check(timeout=30)
            assert got.status == 200, got.body
            small.append(got.seconds)
            time.sleep(0.1)
        assert max(small) < SMALL_WITHIN, f"small checks took up to {max(small):.2f} s"
        for thread, reply in boards:
            thread.join(60)
            assert answered_or_cut(reply[0]), reply[0].body


def abandon(port: int, body: bytes, after: float) -> None:
    """Send a whole /api/check request, then close the connection without reading the answer."""
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.sendall(b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  b"Content-Length: %d\r\n\r\n" % len(body) + body)
        time.sleep(after)


def test_memory_returns_after_abandoned_requests() -> None:
    """Three 600 x 900 checks whose clients leave after 4 s: their work is killed, not left to run, and the
    memory of the server and its workers returns within 20% of where it started."""
    with serving("--workers", "2") as server:
        for _ in range(20):
            assert server.check().status == 200
        before, workers = server.rss_kib(), server.worker_pids()
        body = huge_board()
        clients = [threading.Thread(target=abandon, args=(server.port, body, 4.0)) for _ in range(3)]
        for c in clients:
            c.start()
        peak = before
        while any(c.is_alive() for c in clients):
            peak = max(peak, server.rss_kib())
            time.sleep(0.2)
        replaced = time.monotonic() + 30  # the worker that ran the abandoned work (one: they are large)
        while not (len(now := server.worker_pids()) == 2 and now != workers) and time.monotonic() < replaced:
            time.sleep(0.2)
        assert len(now) == 2 and now != workers, "the abandoned work is killed and its worker replaced"
        for _ in range(10):  # the workers are warm and judging, as they were
            assert server.check().status == 200
        samples = []
        for _ in range(5):
            samples.append(server.rss_kib())
            time.sleep(0.2)
        after = max(samples)
        report = f"{before // 1024} MB before, peak {peak // 1024} MB, {after // 1024} MB after"
        print(report)
        assert peak > before + 100 * 1024, f"the abandoned requests never ran: {report}"
        assert after <= before * 1.2, report


def test_a_job_past_its_deadline_is_cut_off_and_its_worker_replaced() -> None:
    """The workers' pool (``legality.serve.jobs``), given a deadline shorter than the job: 5,000 characters of
    distinct sentences (2-3 s of reading) with 0.3 s raise ``Overrun`` (the server's 503), the worker is killed, and
    the one started in its place answers the next job (the pool has one worker: the killed one can't)."""
    body = json.dumps({"text": " ".join(f"Creatures with power {n} or greater can't attack." for n in range(102)),
                       "name": None}).encode()
    small = json.dumps({"text": "Flying.", "name": None}).encode()

    async def go() -> tuple[int, float]:
        pool = Pool(WorkerSettings(None, None, 1.0), 1, 0, 1.0)
        await pool.start()
        try:
            started = time.monotonic()
            with pytest.raises(Overrun):
                await pool.run("text", (body,), 0.3)
            cut = time.monotonic() - started
            until = time.monotonic() + 60
            while True:
                try:
                    status, _, _ = await pool.run("text", (small,), 30)
                    return status, cut
                except Busy:  # the new worker is still warming up
                    if time.monotonic() > until:
                        raise
                    await asyncio.sleep(0.2)
        finally:
            await pool.close()

    # A thread of its own: the browser tests' driver may leave an event loop running in this one.
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        status, cut = thread.submit(asyncio.run, go()).result()
    assert status == 200
    assert cut < 0.3 + 1.0, f"cut off after {cut:.2f} s"
