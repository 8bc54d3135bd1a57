"""Uvicorn's HTTP/1.1 protocol (h11) with a deadline on the client whenever the server is not answering.

Uvicorn only times out a kept-alive connection that sends nothing after an answer: a client that opens a
connection and trickles its request line a byte at a time (slowloris), or goes on trickling a body after
being answered (a 408, 413 or 415 sent before the body ended), would hold it for ever. Here, whenever no
answer is being worked on, the client has ``seconds`` to complete the head of its next request, or the
connection is closed (with a 408 if part of a request line or headers had come). While a request is being
answered, the app's own timeouts apply (the body's, the job's deadline).
"""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

_WHY = b'{"error": "the request line and headers did not arrive in time"}'
TIMED_OUT = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\nconnection: close\r\n"
             b"content-length: %d\r\n\r\n%s" % (len(_WHY), _WHY))


def with_header_timeout(seconds: float) -> type[H11Protocol]:
    """An h11 protocol class for ``uvicorn.run(http=...)`` that drops a request head slower than ``seconds``."""

    class HeaderTimeoutProtocol(H11Protocol):
        head_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if not self._idle():  # a request's head is complete: it is being answered
                self._disarm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm()  # the next request's head (or the rest of a body answered early) gets the same time

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _idle(self) -> bool:
            """Whether the server is waiting on the client: no request, or its answer sent."""
            return self.cycle is None or self.cycle.response_complete

        def _arm(self) -> None:
            self._disarm()
            if self._idle() and not self.transport.is_closing():
                self.head_timer = self.loop.call_later(seconds, self._expire)

        def _disarm(self) -> None:
            if self.head_timer is not None:
                self.head_timer.cancel()
                self.head_timer = None

        def _expire(self) -> None:
            self.head_timer = None
            if self._idle() and not self.transport.is_closing():
                if self.conn.their_state is h11.IDLE and self.conn.trailing_data[0]:  # part of a head came
                    self.transport.write(TIMED_OUT)
                self.transport.close()

    return HeaderTimeoutProtocol
