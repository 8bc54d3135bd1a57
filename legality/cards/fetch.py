"""Downloading a file over HTTP(S) with bounds: its size, the whole time, the time without a byte; a dropped
connection is resumed where it stopped (a Range request) when the server allows it, and a download that
fails stays on disk, with what identifies it, for the next attempt to resume.

Only http and https URLs are fetched, and redirects only to them. Standard library only (urllib).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlsplit

from msgspec import Struct

from legality.cards.folder import open_private

CHUNK = 256 * 1024
Progress = Callable[[int, "int | None"], None]
"""Called with the bytes received so far and the total when the server said it."""


class FetchError(Exception):
    """A download that failed (network, HTTP status, a limit): the message says which and where."""


class Limits(Struct, frozen=True):
    """What a download may take."""

    max_bytes: int = 512 * 2**20
    seconds: float = 1800.0
    """The whole download, every attempt included."""
    stall: float = 60.0
    """Seconds without a byte (or to connect) before the connection counts as dropped."""
    retries: int = 3
    """Further attempts after a dropped connection or a server error (5xx, 429)."""
    backoff: float = 1.0
    """Seconds before the first retry, doubled for each next one."""


class Fetched(Struct, frozen=True):
    """A completed download."""

    path: Path
    size: int
    attempts: int
    resumed: bool
    """Whether some bytes came from an earlier, interrupted attempt."""


def check_url(url: str) -> None:
    """An http(s) URL with a host, or a ``ValueError`` saying what is wrong."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{url!r} is not an http:// or https:// URL")


class _Redirects(urllib.request.HTTPRedirectHandler):
    """Follows redirects to http and https only (never file: or ftp:), and from https only to https."""

    max_redirections = 5

    def redirect_request(self, req: urllib.request.Request, fp: IO[bytes], code: int, msg: str,
                         headers: Any, newurl: str) -> urllib.request.Request | None:
        try:
            check_url(newurl)
        except ValueError as exc:
            raise FetchError(f"{req.full_url}: redirected to {exc}") from None
        if req.full_url.startswith("https:") and not newurl.startswith("https:"):
            raise FetchError(f"{req.full_url}: redirected to {newurl!r}, not https")
        return super().redirect_request(req, fp, code, msg, headers, newurl)




class _GaveUp(FetchError):
    """A download that failed for the network: another run may resume it."""


class _Dropped(Exception):
    """A connection that ended early or a server error worth another attempt."""


class Download:
    """One URL into one file, over as many attempts as the limits allow."""

    def __init__(self, url: str, dest: Path, limits: Limits, progress: Progress | None = None,
                 user_agent: str = "legality") -> None:
        check_url(url)
        self.url, self.dest, self.limits, self.progress = url, dest, limits, progress
        self.state = dest.with_name(dest.name + ".json")
        self.headers = {"User-Agent": user_agent, "Accept": "application/json;q=0.9,*/*;q=0.8"}
        self.deadline = time.monotonic() + limits.seconds
        self.validator: str | None = None
        self.ranges = False
        self.total: int | None = None
        self.have = 0
        """Bytes in ``dest`` so far."""
        self.resumed = False

    def run(self) -> Fetched:
        """Download; on failure the partial file is kept when a later run can resume it, else removed."""
        self._earlier()
        attempt = 0
        try:
            while True:
                attempt += 1
                try:
                    self._attempt()
                    break
                except _Dropped as exc:
                    if attempt > self.limits.retries or time.monotonic() >= self.deadline:
                        raise _GaveUp(f"{self.url}: {exc}; gave up after {attempt} attempt"
                                      f"{'s' if attempt > 1 else ''}{self._kept()}") from None
                    time.sleep(min(self.limits.backoff * 2 ** (attempt - 1), max(self.deadline - time.monotonic(), 0)))
        except (_GaveUp, KeyboardInterrupt):  # the network failed or the user stopped it: keep what can be resumed
            if not self._resumable():
                self._discard()
            raise
        except BaseException:  # refused (a limit, an HTTP status): nothing worth keeping
            self._discard()
            raise
        with contextlib.suppress(FileNotFoundError):
            self.state.unlink()
        return Fetched(self.dest, self.have, attempt, self.resumed)

    def _earlier(self) -> None:
        """Take up an earlier run's download of the same URL, if the server let it be resumed."""
        try:
            saved = json.loads(self.state.read_text(encoding="utf-8"))
            size = self.dest.stat().st_size
        except (OSError, ValueError):
            self._discard()
            return
        if isinstance(saved, dict) and saved.get("url") == self.url and isinstance(saved.get("validator"), str):
            self.validator, self.ranges, self.have = saved["validator"], True, size
        else:
            self._discard()

    def _attempt(self) -> None:
        """One request, to the end of the file. Raises ``_Dropped`` for what may succeed on another attempt."""
        headers = dict(self.headers)
        if self.have and self.ranges:
            headers["Range"] = f"bytes={self.have}-"
            if self.validator:
                headers["If-Range"] = self.validator
        try:
            opener = urllib.request.build_opener(_Redirects)  # now: proxies as the environment says
            response = opener.open(urllib.request.Request(self.url, headers=headers), timeout=self._timeout())
        except urllib.error.HTTPError as exc:
            exc.close()
            if exc.code == 416 and self.have:
                self._discard()
                raise _Dropped("the server can't resume the download: starting again") from None
            if exc.code >= 500 or exc.code == 429:
                raise _Dropped(f"HTTP {exc.code} {exc.reason}") from None
            raise FetchError(f"{self.url}: HTTP {exc.code} {exc.reason}") from None
        except (urllib.error.URLError, OSError, http.client.HTTPException) as exc:
            reason = exc.reason if isinstance(exc, urllib.error.URLError) else exc
            if isinstance(reason, FetchError):
                raise reason from None
            raise _Dropped(f"can't connect: {reason}") from None
        with response:
            self._start(response)
            self._receive(response)

    def _start(self, response: Any) -> None:
        """Where the response's bytes go: after the bytes we have (206 from there) or from the start."""
        if response.status == 206:
            match = re.fullmatch(r"bytes (\d+)-\d+/(\d+|\*)", response.headers.get("Content-Range", ""))
            if match and int(match[1]) == self.have:
                self.resumed = True
                self.total = int(match[2]) if match[2] != "*" else None
                return
            self._discard()
            raise _Dropped("the server resumed at another byte than asked: starting again")
        self._discard()
        length = response.headers.get("Content-Length")
        self.total = int(length) if length and length.isdigit() else None
        self.ranges = response.headers.get("Accept-Ranges", "").lower() == "bytes"
        self.validator = response.headers.get("ETag") or response.headers.get("Last-Modified")
        if self.validator and self.validator.startswith("W/"):
            self.validator = None  # a weak ETag can't guard a byte range (RFC 9110 13.1.5)
        if self.total is not None and self.total > self.limits.max_bytes:
            raise FetchError(f"{self.url}: {self.total:,} bytes, more than the {self._limit()} limit")
        if self.validator and self.ranges:
            with os.fdopen(open_private(self.state), "w", encoding="utf-8") as f:
                json.dump({"url": self.url, "validator": self.validator}, f)

    def _receive(self, response: Any) -> None:
        with os.fdopen(open_private(self.dest, append=True), "ab") as out:
            while True:
                if time.monotonic() > self.deadline:
                    raise _GaveUp(f"{self.url}: not complete after {self.limits.seconds:g} s (the time limit)"
                                  f"{self._kept()}")
                try:
                    chunk = response.read(CHUNK)
                except (OSError, http.client.HTTPException) as exc:
                    raise _Dropped(f"the connection dropped after {self.have:,} bytes ({type(exc).__name__})") \
                        from None
                if not chunk:
                    break
                if self.have + len(chunk) > self.limits.max_bytes:
                    raise FetchError(f"{self.url}: more than the {self._limit()} limit")
                out.write(chunk)
                self.have += len(chunk)
                if self.progress:
                    self.progress(self.have, self.total)
        if self.total is not None and self.have != self.total:
            raise _Dropped(f"the connection dropped after {self.have:,} of {self.total:,} bytes")

    def _discard(self) -> None:
        """Forget what was received: the next bytes are the file's first."""
        self.have, self.resumed = 0, False
        for path in (self.dest, self.state):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()

    def _resumable(self) -> bool:
        return bool(self.have and self.ranges and self.validator and self.state.exists())

    def _timeout(self) -> float:
        return max(min(self.limits.stall, self.deadline - time.monotonic()), 0.001)

    def _limit(self) -> str:
        return f"{self.limits.max_bytes / 2**20:,.0f} MB"

    def _kept(self) -> str:
        if self._resumable():
            return f" ({self.have:,} bytes kept: the next update resumes from there)"
        return ""


def fetch(url: str, dest: Path, limits: Limits = Limits(), progress: Progress | None = None,
          user_agent: str = "legality") -> Fetched:
    """Download ``url`` to ``dest`` (see ``Download``)."""
    return Download(url, dest, limits, progress, user_agent).run()

