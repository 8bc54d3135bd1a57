"""Judging JSON Lines: one verdict line out per board line in, in input order, streamed and interruptible.

Lines are split on "\\n" only (a "\\r" before it is dropped), so the characters ``str.splitlines`` also
breaks on (\\v, \\f, \\x1c-\\x1e, \\x85, \\u2028, \\u2029) stay inside their line. Each line is decoded on its
own: one line that is not UTF-8 is that line's error, not the batch's. Lines holding only JSON
whitespace are skipped; line numbers always count every line of the file. A line longer than ``MAX_LINE_BYTES``
is that line's error too, and is never held whole in memory: its bytes are counted and dropped.
"""

from __future__ import annotations

import gc
import itertools
import json
import os
import signal
import stat
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, nullcontext
from itertools import islice
from types import FrameType
from typing import Any, Protocol

from msgspec import Struct, field

from legality.board import parse_board
from legality.check import DEFAULT_TIME_LIMIT, NothingToJudge
from legality.editions import Explain
from legality.ruling import check
from legality.workers import Job, Workers, progress
from models import Board, BoardError, RulesOptions
from models.board import MAX_BOARD_BYTES
from models.jsontext import JsonTextError, loads

UNICODE_BOMS = (b"\xff\xfe", b"\xfe\xff")
"""Byte order marks of UTF-16 and UTF-32 text (little- and big-endian): such a file is not JSON Lines."""

JSON_WHITESPACE = b" \t\r\n"


class NotJsonLines(ValueError):
    """The file as a whole can't be JSON Lines (UTF-16 or UTF-32 text)."""


MAX_LINE_BYTES = MAX_BOARD_BYTES
"""The longest line judged: a longer one is an error line, read through (to find the next) without being kept."""


class NoText(Struct, frozen=True):
    """Why a line has no text to judge."""

    def says(self) -> str:
        """What is wrong with the line, in words following "line N is" (or a file position)."""
        raise NotImplementedError


class NotUtf8(NoText, frozen=True):
    """A line whose bytes are not UTF-8; ``byte`` counts from 1 within the line."""

    byte: int

    def says(self) -> str:
        return f"not UTF-8 text at byte {self.byte}"


class TooLong(NoText, frozen=True):
    """A line of more than ``MAX_LINE_BYTES`` bytes (``length``: its bytes, the "\n" not counted)."""

    length: int

    def says(self) -> str:
        return (f"longer than the limit of {MAX_LINE_BYTES:,} bytes for a line ({self.length:,} bytes) and was not "
                "read")


Line = tuple[int, "str | NoText"]
"""A line number (from 1) and the line's text, or why it has none."""


def iter_lines(binary: Iterable[bytes]) -> Lines:
    """Each non-blank line of JSON Lines bytes, numbered; raise ``NotJsonLines`` for a UTF-16/32 file.

    The lines come out one by one when iterated; ``run_batch`` instead hands the file's bytes to its workers
    in chunks of whole lines (``raw_chunks``), so the parent process decodes and parses nothing.
    """
    return Lines(binary)


def _line(number: int, raw: bytes) -> Line | None:
    """Line ``number``'s bytes (its "\\n" removed) as a ``Line``, or None for a blank line; for line 1 raise
    ``NotJsonLines`` on a UTF-16/32 byte order mark and drop a UTF-8 one."""
    if number == 1:
        if raw.startswith(UNICODE_BOMS):
            raise NotJsonLines("the file is UTF-16 or UTF-32 text (it starts with a byte order mark); "
                               "JSON Lines are UTF-8")
        raw = raw.removeprefix(b"\xef\xbb\xbf")
    raw = raw.removesuffix(b"\r")
    if not raw.strip(JSON_WHITESPACE):
        return None
    try:
        return number, raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return number, NotUtf8(exc.start + 1)


class Lines:
    """The lines of a JSON Lines file (see ``iter_lines``): an iterator of ``Line``, or, untouched, its bytes in
    chunks of whole lines for the workers (``raw_chunks``)."""

    def __init__(self, binary: Iterable[bytes]) -> None:
        self.binary = binary
        self._lines: Iterator[Line] | None = None
        self.taken = 0
        """Bytes handed out in chunks so far (``raw_chunks``)."""
        self.size = _regular_size(binary)
        """The file's size in bytes, if it is a regular file (not a pipe or terminal)."""

    def __iter__(self) -> Lines:
        return self

    def __next__(self) -> Line:
        if self._lines is None:
            self._lines = self._each()
        return next(self._lines)

    def _each(self) -> Iterator[Line]:
        """The lines one by one: from a stream, its chunks of one line each (a line too long is never held whole)."""
        raws: Iterable[tuple[int, bytes | TooLong]] = (
            self.raw_chunks(itertools.repeat(1)) if hasattr(self.binary, "read") else enumerate(self.binary, 1))
        for number, raw in raws:
            if isinstance(raw, TooLong):
                yield number, raw
                continue
            line = _line(number, raw.removesuffix(b"\n"))
            if line is not None:
                yield line

    @property
    def untouched(self) -> bool:
        """Whether no line has been taken yet (the bytes can still go to the workers in chunks)."""
        return self._lines is None and hasattr(self.binary, "read")

    def raw_chunks(self, sizes: Iterator[int]) -> Iterator[RawChunk]:
        """(number of the chunk's first line, the chunk's bytes): whole lines, ``next(sizes)`` of them a chunk
        (the last chunk may hold fewer, and so may one before a line too long, which is a chunk of its own:
        ``TooLong`` in place of its bytes). Only newlines are looked for: nothing is decoded here. A UTF-16/32
        file raises ``NotJsonLines`` before its first chunk."""
        stream: Any = self.binary
        read = getattr(stream, "read1", None) or stream.read
        buf, number, eof = bytearray(), 1, False
        while True:
            want, found, start, scan, too_long = next(sizes), 0, 0, 0, False
            while found < want:  # lines ``found`` end before ``start``; ``buf`` has no newline from start to scan
                i = buf.find(b"\n", scan)
                if i < 0:
                    scan = len(buf)
                    too_long = scan - start > MAX_LINE_BYTES
                    if too_long or eof:
                        break
                    block = read(1 << 16)
                    if block:
                        buf += block
                    else:
                        eof = True
                    continue
                too_long = i - start > MAX_LINE_BYTES
                if too_long:
                    break
                found, start = found + 1, i + 1
                scan = start
            if number == 1 and buf.startswith(UNICODE_BOMS):
                _line(1, bytes(buf[:4]))  # raises NotJsonLines
            if too_long and start == 0:  # the chunk's first line is too long: count it through to its end
                length, buf = self._read_through(read, buf)
                yield number, TooLong(length)
                number += 1
                continue
            cut = start if found == want or too_long else len(buf)
            if cut == 0:
                return
            chunk = bytes(buf[:cut])
            del buf[:cut]
            self.taken += len(chunk)
            yield number, chunk
            number += found + (not chunk.endswith(b"\n"))

    def _read_through(self, read: Callable[[int], bytes], buf: bytearray) -> tuple[int, bytearray]:
        """The length of the line ``buf`` starts (its "\n" not counted), read to its end without keeping it, and
        the bytes after it."""
        length = 0
        while (i := buf.find(b"\n")) < 0:
            length += len(buf)
            self.taken += len(buf)
            buf = bytearray(read(1 << 16))
            if not buf:
                return length, buf
        self.taken += i + 1
        return length + i, buf[i + 1:]

    def lines_left(self, lines_taken: int) -> int | None:
        """About how many lines remain after ``lines_taken`` lines (``taken`` bytes) were handed out: the bytes
        left at the mean length of a line so far; None where the file's size is unknown."""
        if self.size is None or not self.taken:
            return None
        return max(0, self.size - self.taken) * lines_taken // self.taken


def _regular_size(binary: Iterable[bytes]) -> int | None:
    try:
        st = os.fstat(binary.fileno())  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):
        return None
    return st.st_size if stat.S_ISREG(st.st_mode) else None


def split_chunk(number: int, chunk: bytes) -> Iterator[Line]:
    """The non-blank lines of a chunk of whole lines whose first line is line ``number`` of the file."""
    raws = chunk.split(b"\n")
    if chunk.endswith(b"\n"):
        raws.pop()
    for k, raw in enumerate(raws):
        line = _line(number + k, raw)
        if line is not None:
            yield line


class Settings(Struct, frozen=True):
    """What every line is judged with: the command line's options."""

    rules: str | None = None
    conditional: str | None = None
    paid_costs: str | None = None
    time_limit: float = DEFAULT_TIME_LIMIT
    cards: str | None = None
    strict: bool = False
    ignore_unread: bool = False
    explain: Explain = "full"


def rules_options(board: Board, conditional: str | None, paid_costs: str | None) -> RulesOptions:
    """The board's ``rules_options`` with the switches given on the command line overriding them."""
    update = {k: v for k, v in (("conditional", conditional), ("paid_costs", paid_costs)) if v}
    return board.rules_options.model_copy(update=update)


def judge_line(line: Line, settings: Settings) -> dict[str, Any]:
    """One line → its verdict JSON, or an error object naming the line (and the board's id); never raises."""
    number, text = line
    if isinstance(text, NoText):
        return {"error": f"line {number} is {text.says()}", "line": number}
    try:
        return _judge(number, text, settings)
    except Exception as exc:  # one line's failure, whatever it is, must not end the batch
        return _error(f"could not judge the board: {type(exc).__name__}: {exc}", number, text)


def _judge(number: int, text: str, settings: Settings) -> dict[str, Any]:
    try:
        board = parse_board(text, None, settings.cards)
    except BoardError as exc:
        return _error("invalid board", number, text, problems=[
            {"path": p.path, "message": p.message} for p in exc.problems])
    try:
        verdict = check(board, settings.rules, rules_options(board, settings.conditional, settings.paid_costs),
                        settings.time_limit, ignore_unread=settings.ignore_unread, explain=settings.explain)
    except NothingToJudge as exc:
        return _error(str(exc), number, text)
    if settings.strict and verdict.not_understood:
        return _error("rules text not understood (--strict)", number, text,
                      not_understood=list(verdict.not_understood))
    return verdict.to_json()


def _error(message: str, number: int, text: str, **more: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"error": message, "line": number}
    board_id = _board_id(text)
    if board_id is not None:
        out["id"] = board_id
    return {**out, **more}


def _board_id(text: str) -> str | None:
    """The ``id`` of a line whose JSON parses to an object, for its error line."""
    try:
        data = json.loads(text)
    except Exception:
        return None
    board_id = data.get("id") if isinstance(data, dict) else None
    return board_id if isinstance(board_id, str) else None


def judge_chunk(lines: list[Line], settings: Settings) -> list[tuple[bool, str]]:
    """A worker's task: each line → (whether it is an error line, its JSON text)."""
    out = []
    for line in lines:
        verdict = judge_line(line, settings)
        out.append(("error" in verdict, json.dumps(verdict)))
        progress()
    return out


JudgedChunk = tuple[int, int, str]
"""Lines out, error lines among them, and their JSON texts joined by "\\n" (no final newline)."""


RawChunk = tuple[int, "bytes | TooLong"]
"""The number of a chunk's first line and its bytes (whole lines), or a line too long to be read, alone."""


def judge_raw(number: int, chunk: bytes | TooLong, settings: Settings) -> JudgedChunk:
    """A worker's task on a chunk of the file's bytes (``Lines.raw_chunks``): its lines split, decoded and
    judged here, the output lines joined into one text for the parent to write as it is."""
    if isinstance(chunk, TooLong):
        return 1, 1, json.dumps(judge_line((number, chunk), settings))
    out, errors = [], 0
    for line in split_chunk(number, chunk):
        verdict = judge_line(line, settings)
        errors += "error" in verdict
        out.append(json.dumps(verdict))
        progress()
    return len(out), errors, "\n".join(out)


class Interrupted(BaseException):
    """SIGINT or SIGTERM arrived: judging stops; ``written`` lines are out, every one whole."""

    def __init__(self, signum: int, written: int = 0) -> None:
        super().__init__(signum)
        self.signum, self.written = signum, written


class SignalGuard:
    """Turns the first SIGINT or SIGTERM into ``Interrupted``, held back while a line is being written."""

    def __init__(self) -> None:
        self.signum: int | None = None
        self._holding = False

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.signum is None:
            self.signum = signum
            if not self._holding:
                raise Interrupted(signum)

    @contextmanager
    def holding(self) -> Iterator[None]:
        """A block no signal cuts short; a signal that arrived during it is raised after it."""
        self._holding = True
        try:
            yield
        finally:
            self._holding = False
        if self.signum is not None:
            raise Interrupted(self.signum)


@contextmanager
def catching_signals() -> Iterator[SignalGuard]:
    """Install a ``SignalGuard`` for SIGINT and SIGTERM for the duration of the block."""
    guard = SignalGuard()
    old = {s: signal.signal(s, guard._handle) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield guard
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)


def _worker_init(parent: int) -> None:
    """A worker (the parent judges nothing: CP-SAT would take its SIGINT) leaves SIGINT to the parent,
    dies quietly on SIGTERM or with its parent, and can't write to the parent's standard output."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - lives as long as the worker
    sys.stderr = sys.stdout  # a worker cut off by its parent's end says nothing (each line's errors are lines)
    if sys.platform == "linux":  # killed when the parent is (even by SIGKILL): no orphan, no traceback
        import ctypes

        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(0)
    # What the worker inherits (modules, the card library, caches) lives as long as it does: out of the cyclic
    # collector's sight, a full collection walks only what judging made since (about a fifth of the time).
    gc.freeze()
    # OR-Tools (a few tenths of a second to import) is not imported here: the first line that needs the solver
    # imports it, and a worker whose lines the search in Python settles (most Commander boards) never does.


class Tally(Struct):
    """Lines written so far, and how many of them are error lines."""

    lines: int = 0
    errors: int = 0


CHUNK = 16
"""Lines a worker judges per task (lines given one by one)."""
RAW_CHUNKS = (1, 1, 2, 4, 8, 16, 32)
RAW_CHUNK = 48
TAIL_CHUNK = 4
"""Lines per task when the workers get the file's bytes: small chunks first (the first verdict line is out as
soon as its line is judged), then ``RAW_CHUNK`` lines a task; near the end of a regular file, a task of the lines
left shared among twice the workers, down to ``TAIL_CHUNK`` (the workers then end within a few lines of each
other, not a chunk apart)."""


def chunk_sizes(lines: Lines, jobs: int) -> Iterator[int]:
    """Lines per chunk for ``Lines.raw_chunks``: ``RAW_CHUNKS``, then ``RAW_CHUNK``, smaller near the end."""
    yield from RAW_CHUNKS
    given = sum(RAW_CHUNKS)
    while True:
        left = lines.lines_left(given)
        size = RAW_CHUNK if left is None else max(TAIL_CHUNK, min(RAW_CHUNK, left // (2 * jobs)))
        given += size
        yield size

Emit = Callable[[list[tuple[bool, str]]], None]
Runner = Callable[[Iterator[Line], Settings, Emit], None]
"""Judges lines (in chunks, wherever it likes) and hands each chunk's results to ``emit`` in input order."""


def run_batch(lines: Iterable[Line], settings: Settings, jobs: int, write: Callable[[str], None],
              guard: SignalGuard | None = None, runner: Runner | None = None,
              progress: Callable[[int], None] | None = None) -> Tally:
    """Judge ``lines`` with ``jobs`` processes and ``write`` one JSON line per line, in input order.

    Streams: only a few chunks per worker are in flight, so memory stays flat however long the input.
    On ``Interrupted`` (from ``guard``) the workers are stopped and the exception carries the count.
    Lines are judged in worker processes even for ``jobs=1``: the parent, which handles the signals,
    never runs the solver (CP-SAT installs its own SIGINT handler while it solves).
    """
    tally = Tally()

    def emit(results: list[tuple[bool, str]]) -> None:
        for failed, text in results:
            with nullcontext() if guard is None else guard.holding():
                write(text)
                tally.lines += 1
                tally.errors += failed
        if progress is not None:
            progress(tally.lines)

    def emit_raw(judged: JudgedChunk) -> None:
        count, errors, text = judged
        if count:
            with nullcontext() if guard is None else guard.holding():
                write(text)
                tally.lines += count
                tally.errors += errors
        if progress is not None:
            progress(tally.lines)

    try:
        if runner is None and isinstance(lines, Lines) and lines.untouched:
            _run_raw_pool(lines, settings, jobs, emit_raw)
        elif runner is None:
            _run_pool(iter(lines), settings, jobs, emit)
        else:
            runner(iter(lines), settings, emit)
    except Interrupted as exc:
        exc.written = tally.lines
        raise
    return tally


def _run_pool(lines: Iterator[Line], settings: Settings, jobs: int, emit: Emit) -> None:
    # The first chunk is read before any worker starts: a file refused as a whole (UTF-16) then needs no
    # workers to be torn down at once.
    first = list(islice(lines, CHUNK))
    if not first:
        return
    chunks = itertools.chain([first], iter(lambda: list(islice(lines, CHUNK)), []))
    with Workers(jobs, _worker_init) as workers:
        for results in workers.ordered(chunks, LINES_JOB.with_args(settings)):
            emit(results)


def _run_raw_pool(lines: Lines, settings: Settings, jobs: int, emit: Callable[[JudgedChunk], None]) -> None:
    """``_run_pool`` on the file's bytes: the parent only cuts them into chunks of whole lines and writes the
    workers' output texts in order; the workers split, decode, parse and judge."""
    chunks = lines.raw_chunks(chunk_sizes(lines, jobs))
    first = next(chunks, None)  # before any worker starts: a UTF-16 file is refused with no workers to tear down
    if first is None:
        return
    with Workers(jobs, _worker_init) as workers:
        for judged in workers.ordered(itertools.chain([first], chunks), RAW_JOB.with_args(settings)):
            emit(judged)


STUCK_AFTER = 10.0
"""Seconds past twice a line's time limit with no line judged, after which a worker counts as stuck (in native code,
say, where the time limit doesn't reach) and is killed: its chunk is judged again line by line, and a line that
sticks again is an error line. (A line's verdict ends at about its time limit, whatever it is doing; the first line
needing the solver also imports OR-Tools.)"""


class _TimeLimited(Protocol):
    @property
    def time_limit(self) -> float: ...


def stuck_after(task: object, settings: _TimeLimited) -> float:
    """``Job.deadline`` of the batch's and regress's jobs: twice the time limit and ``STUCK_AFTER``."""
    return 2 * settings.time_limit + STUCK_AFTER


def _lost(number: int, text: str, cause: str) -> dict[str, Any]:
    """The error line of a line whose worker process ended while judging it, twice (the second time alone)."""
    return _error(f"could not judge the board: the worker process judging it ended ({cause}); "
                  "judged again alone, it ended again", number, text)


def _raw_task(task: RawChunk, settings: Settings) -> JudgedChunk:
    return judge_raw(task[0], task[1], settings)


def _raw_parts(task: RawChunk) -> list[RawChunk]:
    number, chunk = task
    if isinstance(chunk, TooLong):
        return [task]
    raws = chunk.split(b"\n")
    if chunk.endswith(b"\n"):
        raws.pop()
    return [(number + k, raw + b"\n") for k, raw in enumerate(raws) if raw.strip(JSON_WHITESPACE)]


def _raw_merge(parts: list[JudgedChunk]) -> JudgedChunk:
    return (sum(p[0] for p in parts), sum(p[1] for p in parts), "\n".join(p[2] for p in parts if p[0]))


def _raw_lost(task: RawChunk, cause: str) -> JudgedChunk:
    number, raw = task
    return 1, 1, json.dumps(_lost(number, raw.decode("utf-8", "replace") if isinstance(raw, bytes) else "", cause))


def _lines_parts(task: list[Line]) -> list[list[Line]]:
    return [[line] for line in task]


def _lines_merge(parts: list[list[tuple[bool, str]]]) -> list[tuple[bool, str]]:
    return [result for part in parts for result in part]


def _lines_lost(task: list[Line], cause: str) -> list[tuple[bool, str]]:
    number, text = task[0]
    return [(True, json.dumps(_lost(number, text if isinstance(text, str) else "", cause)))]


RAW_JOB: Job[RawChunk, JudgedChunk] = Job(_raw_task, (), _raw_parts, _raw_merge, _raw_lost, stuck_after)
LINES_JOB: Job[list[Line], list[tuple[bool, str]]] = Job(judge_chunk, (), _lines_parts, _lines_merge, _lines_lost,
                                                         stuck_after)


class Judged(Struct):
    """What an earlier output already answers, for ``--resume``: every whole line of it, verdict or error line.

    A line with an ``id`` answers one input line with that board id (``ids`` counts them: an id given twice in
    the input is answered twice); an error line without one answers its ``line`` number; a verdict without an
    ``id`` answers the next input line without an id that no such error line answers (the output is in input
    order, so these come in the same order as those input lines). Only counts are kept, never the lines;
    ``errors`` counts the error lines kept (they are not judged again).
    """

    ids: Counter[str] = field(default_factory=Counter)
    error_lines: set[int] = field(default_factory=set)
    anonymous: int = 0
    errors: int = 0

    def __bool__(self) -> bool:
        return bool(self.ids) or bool(self.error_lines) or self.anonymous > 0

    def answered(self, number: int, board_id: str | None) -> bool:
        """Whether input line ``number`` (with that board id, if its JSON gives one) is answered already; each
        answer is used once."""
        if board_id is not None:
            if self.ids[board_id] > 0:
                self.ids[board_id] -= 1
                return True
            return False
        if number in self.error_lines:
            self.error_lines.discard(number)
            return True
        if self.anonymous > 0:
            self.anonymous -= 1
            return True
        return False


def judged(path: str) -> Judged:
    """What the earlier output at ``path`` answers, read line by line (memory holds the ids, not the file).

    A last line cut short (no newline: the run was killed while writing it) is cut off the file, so the
    new lines start on a line of their own; its input line is judged again. Lines that are not JSON
    objects answer nothing and stay as they are.
    """
    found = Judged()
    try:
        with open(path, "rb+") as f:
            whole = 0  # bytes up to the end of the last whole line
            for raw in f:
                if not raw.endswith(b"\n"):
                    break
                whole += len(raw)
                _count_answer(raw, found)
            if f.seek(0, os.SEEK_END) != whole:
                f.truncate(whole)
    except FileNotFoundError:
        pass
    return found


def _count_answer(raw: bytes, found: Judged) -> None:
    try:
        out = loads(raw)
    except JsonTextError:
        return
    if not isinstance(out, dict):
        return
    board_id = out.get("id")
    found.errors += "error" in out
    if isinstance(board_id, str):
        found.ids[board_id] += 1
    elif "error" in out:
        if type(out.get("line")) is int:
            found.error_lines.add(out["line"])
    else:
        found.anonymous += 1


def skipping(lines: Iterable[Line], done: Judged) -> Iterator[Line]:
    """The lines ``done`` does not answer yet, in input order."""
    for number, text in lines:
        if done and done.answered(number, _board_id(text) if isinstance(text, str) else None):
            continue
        yield number, text


def count_lines(path: str) -> int | None:
    """Lines in a regular file, counted in blocks without decoding (None for a pipe or terminal)."""
    if not os.path.isfile(path):
        return None
    n, last = 0, b"\n"
    with open(path, "rb") as f:
        while block := f.read(1 << 20):
            n += block.count(b"\n")
            last = block[-1:]
    return n + (last != b"\n")


class Progress:
    """A one-line progress bar on a terminal: lines written, the rate, and an ETA when the total is known."""

    def __init__(self, total: int | None, stream: Any, every: float = 0.2) -> None:
        self.total, self.stream, self.every = total, stream, every
        self.start = self.shown = time.monotonic()
        self.done = 0

    def __call__(self, done: int) -> None:
        self.done = done
        now = time.monotonic()
        if now - self.shown >= self.every:
            self.shown = now
            self._show(now)

    def _show(self, now: float) -> None:
        rate = self.done / max(now - self.start, 1e-9)
        text = f"{self.done:,}" + (f"/{self.total:,}" if self.total else "") + f" lines, {rate:,.0f}/s"
        if self.total and rate > 0:
            text += f", ETA {_clock_time(max(self.total - self.done, 0) / rate)}"
        self.stream.write(f"\r{text}\x1b[K")
        self.stream.flush()

    def close(self) -> None:
        """Show the final count and end the line."""
        self._show(time.monotonic())
        self.stream.write("\n")
        self.stream.flush()


def _clock_time(seconds: float) -> str:
    m, s = divmod(int(seconds), 60)
    h, m = divmod(m, 60)
    return f"{h}:{m:02}:{s:02}"
