"""The app factory: the page's static files and the JSON API, with its limits.

Starlette rather than FastAPI: the board is validated by the checker's own loader (so a bad board gets
the same problems, with JSON paths, as exit 2 on the command line), so FastAPI's request models would
only duplicate it; Starlette is the small, well-kept core FastAPI itself is built on.

The event loop only moves bytes: everything that judges a board or reads rules text runs in a worker
process (``legality.serve.jobs``) with a hard deadline, and is killed when its client goes away.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from msgspec import Struct
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import Receive

from legality.serve.api import MAX_NAME, Api, ApiError, query_options
from legality.serve.guard import LOCAL_NAMES, Guard
from legality.serve.jobs import Busy, Lost, Overrun, Pool
from legality.serve.worker import WorkerSettings

STATIC = Path(__file__).parent / "static"
MAX_BODY = 1 << 20  # bytes: a hundred Commander boards (about 10 KB each); a larger body is refused unread
TIME_LIMIT = 10.0  # seconds of solving per request, as the CLI's default --time-limit
MARGIN = 2.0  # seconds a job may run past its time limit before its worker is killed
READ_RATE = 64 * 1024  # bytes a second: a body's allowance for reading it and building its problems (plus 1 s)
READ_TIMEOUT = 10.0  # seconds for a request's line and headers, and again for its body, to arrive
LARGE_BOARD = 32 * 1024  # bytes of a board past which its request is large: it never takes the last free worker
LARGE_TEXT = 2 * 1024  # the same for rules text (reading it takes about a second a kilobyte)
FAVICON = (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" '
           b'fill="#1f5fbf"/><path d="M8 17l5 5 11-12" fill="none" stroke="#fff" stroke-width="4" '
           b'stroke-linecap="round" stroke-linejoin="round"/></svg>')
"""The page's icon (a tick), served at /favicon.ico where browsers ask for it: SVG, which they all read."""
QUEUE_WAIT = 10.0  # seconds a request may wait for a worker, at least (a new worker takes a few to warm up)


class ServeSettings(Struct, frozen=True):
    """What the server is started with: the card library, the fixtures folder, the limits.

    ``workers``: jobs that run at once, each in its own process (default: the number of cores); ``queue``:
    jobs that may wait for one (default: four per worker, at least 16), each at most ``queue_wait`` seconds
    (default: the time limit plus the margin, at least 10 s); ``hosts``: the names a request may address the
    server by."""

    cards: str | None = None
    fixtures: Path | None = None
    max_body: int = MAX_BODY
    time_limit: float = TIME_LIMIT
    workers: int | None = None
    queue: int | None = None
    queue_wait: float | None = None
    hosts: tuple[str, ...] = LOCAL_NAMES
    read_timeout: float = READ_TIMEOUT

    @property
    def worker_count(self) -> int:
        return self.workers or os.cpu_count() or 1

    @property
    def queue_size(self) -> int:
        return self.queue if self.queue is not None else max(16, 4 * self.worker_count)

    @property
    def wait_limit(self) -> float:
        return self.queue_wait if self.queue_wait is not None else max(self.time_limit + MARGIN, QUEUE_WAIT)

    def deadline(self, time_limit: float, body: bytes = b"") -> float:
        """Seconds a job may take in its worker: its time limit, the margin, and time to read its body."""
        return time_limit + MARGIN + 1.0 + len(body) / READ_RATE


async def _body(request: Request, limit: int, timeout: float) -> bytes:
    """The request body, refused past ``limit`` bytes (413, whether or not Content-Length says so) or when it
    takes longer than ``timeout`` seconds to arrive (408)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise ApiError(413, f"the body is larger than {limit} bytes")
    chunks, size = [], 0
    try:
        async with asyncio.timeout(timeout):
            async for chunk in request.stream():
                size += len(chunk)
                if size > limit:
                    raise ApiError(413, f"the body is larger than {limit} bytes")
                chunks.append(chunk)
    except TimeoutError:
        raise ApiError(408, f"the body did not arrive within {timeout:g} s") from None
    except ClientDisconnect:
        raise ApiError(400, "the client went away before sending the whole body") from None
    return b"".join(chunks)


async def _until_gone(receive: Receive) -> None:
    """Return once the client has disconnected (the body has been read: nothing else can arrive)."""
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return
        if not message.get("more_body", False):
            await asyncio.sleep(0.05)  # a server that answers at once again must not make this spin


def create_app(settings: ServeSettings | None = None) -> Starlette:
    """The web app: GET / (the page), /favicon.ico, /static/*, and /api/* (see ``legality.serve.api``)."""
    conf = settings or ServeSettings()
    api = Api(conf.cards, conf.fixtures, conf.time_limit)  # here only for what judges nothing
    schema = json.dumps(api.schema()).encode()
    pools: list[Pool] = []

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        pool = Pool(WorkerSettings(conf.cards, conf.fixtures, conf.time_limit), conf.worker_count, conf.queue_size,
                    conf.wait_limit)
        try:
            await pool.start()
            pools.append(pool)
            yield
        finally:
            await pool.close()
            with contextlib.suppress(ValueError):
                pools.remove(pool)

    async def job(request: Request, method: str, args: tuple[Any, ...], deadline: float, large: bool = False) \
            -> Response:
        """``Api.method(*args)`` in a worker, cancelled (the worker killed) if the client goes away first."""
        if not pools:
            raise ApiError(503, "the server's workers are not running", headers={"Retry-After": "1"})
        work = asyncio.ensure_future(pools[0].run(method, args, deadline, large))
        gone = asyncio.ensure_future(_until_gone(request.receive))
        try:
            await asyncio.wait((work, gone), return_when=asyncio.FIRST_COMPLETED)
        finally:
            gone.cancel()
            if not work.done():
                work.cancel()
                with contextlib.suppress(asyncio.CancelledError, Busy, Overrun, Lost):
                    await work
        if work.cancelled():
            return Response(status_code=499)  # nobody is there to read it
        try:
            status, body, seconds = work.result()
        except Busy:
            raise ApiError(503, "the server is busy: no worker was free in time (every one judging, the queue "
                           "full or not moving); try again shortly", headers={"Retry-After": "1"}) from None
        except Overrun:
            raise ApiError(503, f"stopped: the request took longer than {deadline:.1f} s (its time limit, "
                           f"{MARGIN:g} s more and time to read its body)") from None
        except Lost:
            raise ApiError(503, "the worker judging the request stopped (out of memory?)") from None
        return Response(body, status, media_type="application/json",
                        headers={"Server-Timing": f"judge;dur={seconds * 1000:.1f}"})

    async def judged(request: Request, kind: str) -> Response:
        body = await _body(request, conf.max_body, conf.read_timeout)
        query = dict(request.query_params)
        limit = query_options(query, conf.time_limit)["time_limit"]
        return await job(request, "judge", (kind, body, query), conf.deadline(limit, body), len(body) > LARGE_BOARD)

    async def check(request: Request) -> Response:
        return await judged(request, "check")

    async def damage(request: Request) -> Response:
        return await judged(request, "damage")

    async def options(request: Request) -> Response:
        return await judged(request, "options")

    async def card(request: Request) -> Response:
        name = request.path_params["name"]
        if len(name) > MAX_NAME:
            raise ApiError(404, "no card with a name that long in the library")
        return await job(request, "card", (name,), conf.deadline(conf.time_limit))

    async def text(request: Request) -> Response:
        body = await _body(request, conf.max_body, conf.read_timeout)
        return await job(request, "text", (body,), conf.deadline(conf.time_limit, body), len(body) > LARGE_TEXT)

    async def names(request: Request) -> Response:
        prefix = request.query_params.get("prefix", "")[:MAX_NAME]
        return JSONResponse(await run_in_threadpool(api.names, prefix))

    async def board_schema(request: Request) -> Response:
        return Response(schema, media_type="application/json")

    async def fixtures(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(api.fixtures))

    async def fixture(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(api.fixture, request.path_params["path"]))

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def favicon(request: Request) -> Response:
        return Response(FAVICON, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})

    async def api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return JSONResponse(exc.content, status_code=exc.status, headers=exc.headers)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code)

    routes = [
        Route("/", page),
        Route("/favicon.ico", favicon),
        Route("/api/check", check, methods=["POST"]),
        Route("/api/damage", damage, methods=["POST"]),
        Route("/api/options", options, methods=["POST"]),
        Route("/api/card/{name}", card),
        Route("/api/text", text, methods=["POST"]),
        Route("/api/cards", names),
        Route("/api/schema", board_schema),
        Route("/api/fixtures", fixtures),
        Route("/api/fixtures/{path:path}", fixture),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, exception_handlers={ApiError: api_error, HTTPException: http_error},
                     middleware=[Middleware(Guard, names=conf.hosts)], lifespan=lifespan)
