"""Refusing what a web page on another site could make a browser send to this server.

A foreign ``Host`` (400) is DNS rebinding: a name the attacker controls made to resolve to this machine, so
their page counts as same-origin. A body that is not ``application/json`` (415) is a "simple" cross-site
request, sent without a CORS preflight (a form, or ``fetch`` with ``text/plain``); asking for JSON forces
the preflight, which this server never grants.
"""

from __future__ import annotations

from collections.abc import Iterable

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

LOCAL_NAMES = ("127.0.0.1", "localhost", "[::1]")
WITHOUT_BODY = frozenset({"GET", "HEAD", "OPTIONS"})


def host_name(value: str) -> str | None:
    """The name in a ``Host`` header, lower-case and without its port; None if it is not ``name[:port]``."""
    value = value.strip().lower()
    if value.startswith("["):  # an IPv6 address: [::1]:8000
        end = value.find("]")
        name, rest = (value[:end + 1], value[end + 1:]) if end > 0 else ("", "")
    else:
        name, colon, port = value.partition(":")
        rest = colon + port
    if not name or (rest and not (rest[0] == ":" and rest[1:].isdigit())):
        return None
    return name


def served_names(host: str, more: Iterable[str] = ()) -> frozenset[str]:
    """The names a request may address the server by: this machine's, the address it listens on, ``more``."""
    names = {*LOCAL_NAMES, *(n.lower() for n in more)}
    names.add(f"[{host.lower()}]" if ":" in host else host.lower())
    return frozenset(names)


class Guard:
    """ASGI middleware: 400 for a ``Host`` not in ``names``, 415 for a body that is not ``application/json``."""

    def __init__(self, app: ASGIApp, names: Iterable[str]) -> None:
        self.app = app
        self.names = frozenset(names)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        host = host_name(headers.get("host", ""))
        media = headers.get("content-type", "").partition(";")[0].strip().lower()
        if host not in self.names:
            refused = JSONResponse({"error": "this server answers only requests addressed to "
                                    + ", ".join(sorted(self.names)) + " (the Host header)"}, status_code=400)
        elif scope["method"] not in WITHOUT_BODY and media != "application/json":
            refused = JSONResponse({"error": "the body must be JSON, sent as Content-Type: application/json"},
                                   status_code=415)
        else:
            await self.app(scope, receive, send)
            return
        await refused(scope, receive, send)
