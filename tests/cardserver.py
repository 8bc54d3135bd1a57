"""A small HTTP server on 127.0.0.1 that plays Scryfall's bulk-data API and a card file mirror for the tests of
``legality cards update``: files with ranges and an ETag, connections dropped part-way, slow answers.
Nothing here talks to any other machine."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Route:
    """What one path answers."""

    body: bytes
    status: int = 200
    ranges: bool = True
    """Whether Range requests are answered (206, with Accept-Ranges and an ETag)."""
    drop_after: int | None = None
    """Close the connection after this many bytes of the body, ..."""
    drops: int = 0
    """... for this many requests (then the body is sent whole); -1: always."""
    delay: float = 0.0
    """Seconds to wait before each part of the body."""
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class CardServer:
    """The routes served, the requests seen (path and Range header) and the base URL."""

    routes: dict[str, Route]
    url: str = ""
    seen: list[tuple[str, str | None]] = field(default_factory=list)

    def json(self, path: str, value: Any, **options: Any) -> str:
        """Serve ``value`` as JSON at ``path``; its URL."""
        self.routes[path] = Route(json.dumps(value).encode(), **options)
        return self.url + path

    def index(self, card_path: str, updated: str = "2026-11-20T10:03:00.000+00:00", path: str = "/bulk-data",
              relative: bool = False) -> str:
        """A Scryfall bulk-data index at ``path`` whose Oracle Cards file is ``card_path``; its URL."""
        body = self.routes[card_path].body
        items = [{"object": "bulk_data", "type": "unique_artwork", "download_uri": self.url + "/nothing.json",
                  "updated_at": updated, "size": 1},
                 {"object": "bulk_data", "id": "27bf3214-1271-490b-bdfe-c0be6c23d02e", "type": "oracle_cards",
                  "name": "Oracle Cards", "updated_at": updated, "size": len(body),
                  "download_uri": card_path if relative else self.url + card_path,
                  "content_type": "application/json", "content_encoding": "gzip"}]
        return self.json(path, {"object": "list", "has_more": False, "data": items})


def _handler(server: CardServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:  # quiet
            pass

        def do_GET(self) -> None:
            path = self.path.split("?")[0]
            server.seen.append((path, self.headers.get("Range")))
            route = server.routes.get(path)
            if route is None:
                self._send(404, b'{"object": "error", "status": 404}', {})
                return
            body, status, headers = route.body, route.status, dict(route.headers)
            etag = f'"{hash(body) & 0xFFFFFFFF:x}"'
            if route.ranges:
                headers.update({"Accept-Ranges": "bytes", "ETag": etag})
                wanted = self.headers.get("Range")
                if wanted and status == 200 and self.headers.get("If-Range", etag) == etag:
                    start = int(wanted.removeprefix("bytes=").split("-")[0])
                    if start >= len(body):
                        self._send(416, b"", {"Content-Range": f"bytes */{len(body)}"})
                        return
                    headers["Content-Range"] = f"bytes {start}-{len(body) - 1}/{len(body)}"
                    body, status = body[start:], 206
            drop = route.drop_after is not None and route.drops != 0
            if drop and route.drops > 0:
                route.drops -= 1
            self.send_response(status)
            for k, v in {"Content-Type": "application/json", "Content-Length": str(len(body)), **headers}.items():
                self.send_header(k, v)
            self.end_headers()
            sent = body[:route.drop_after] if drop else body
            try:
                for i in range(0, len(sent), 4096):
                    if route.delay:
                        time.sleep(route.delay)
                    self.wfile.write(sent[i:i + 4096])
                self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):  # the client gave up (a time limit test)
                self.close_connection = True
                return
            if drop:
                self.close_connection = True

        def _send(self, status: int, body: bytes, headers: dict[str, str]) -> None:
            self.send_response(status)
            for k, v in {"Content-Length": str(len(body)), **headers}.items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(body)

    return Handler


@contextmanager
def card_server() -> Iterator[CardServer]:
    """A running server on a free port of 127.0.0.1, stopped afterwards."""
    state = CardServer({})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    httpd.daemon_threads = True
    state.url = f"http://127.0.0.1:{httpd.server_address[1]}"
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(5)
