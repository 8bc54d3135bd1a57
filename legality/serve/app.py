"""The app factory: the page's static files and the JSON API, with a body size limit and a time limit.

Starlette rather than FastAPI: the board is validated by the checker's own loader (so a bad board gets
the same problems, with JSON paths, as exit 2 on the command line), so FastAPI's request models would
only duplicate it; Starlette is the small, well-kept core FastAPI itself is built on.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from legality.serve.api import Api, ApiError

STATIC = Path(__file__).parent / "static"
MAX_BODY = 1 << 20  # bytes: a board of the largest size the schema allows is far smaller
TIME_LIMIT = 10.0  # seconds of solving per request, as the CLI's default --time-limit


@dataclass(frozen=True)
class ServeSettings:
    """What the server is started with: the card library, the fixtures folder, the limits."""

    cards: str | None = None
    fixtures: Path | None = None
    max_body: int = MAX_BODY
    time_limit: float = TIME_LIMIT


async def _body(request: Request, limit: int) -> bytes:
    """The request body, refused (413) past ``limit`` bytes, whether or not Content-Length says so."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise ApiError(413, f"the body is larger than {limit} bytes")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError(413, f"the body is larger than {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def create_app(settings: ServeSettings | None = None) -> Starlette:
    """The web app: GET / (the page), /static/*, and /api/* (see ``legality.serve.api``)."""
    conf = settings or ServeSettings()
    api = Api(conf.cards, conf.fixtures, conf.time_limit)

    async def judged(request: Request, kind: str) -> Response:
        body = await _body(request, conf.max_body)
        query = dict(request.query_params)
        started = time.perf_counter()
        try:
            result = await asyncio.wait_for(run_in_threadpool(api.judge, kind, body, query),
                                            timeout=conf.time_limit * 2 + 5)
        except TimeoutError:
            raise ApiError(503, "the request took longer than the server's time limit") from None
        spent = (time.perf_counter() - started) * 1000
        return JSONResponse(result, headers={"Server-Timing": f"judge;dur={spent:.1f}"})

    async def check(request: Request) -> Response:
        return await judged(request, "check")

    async def damage(request: Request) -> Response:
        return await judged(request, "damage")

    async def options(request: Request) -> Response:
        return await judged(request, "options")

    async def card(request: Request) -> Response:
        return JSONResponse(api.card(request.path_params["name"]))

    async def text(request: Request) -> Response:
        body = await _body(request, conf.max_body)
        return JSONResponse(api.text(body))

    async def names(request: Request) -> Response:
        return JSONResponse(api.names(request.query_params.get("prefix", "")))

    async def schema(request: Request) -> Response:
        return JSONResponse(api.schema())

    async def fixtures(request: Request) -> Response:
        return JSONResponse(api.fixtures())

    async def fixture(request: Request) -> Response:
        return JSONResponse(api.fixture(request.path_params["path"]))

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return JSONResponse(exc.content, status_code=exc.status)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code)

    routes = [
        Route("/", page),
        Route("/api/check", check, methods=["POST"]),
        Route("/api/damage", damage, methods=["POST"]),
        Route("/api/options", options, methods=["POST"]),
        Route("/api/card/{name}", card),
        Route("/api/text", text, methods=["POST"]),
        Route("/api/cards", names),
        Route("/api/schema", schema),
        Route("/api/fixtures", fixtures),
        Route("/api/fixtures/{path:path}", fixture),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, exception_handlers={ApiError: api_error, HTTPException: http_error})

