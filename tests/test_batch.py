"""``legality batch``: one output line per non-blank input line, in order, whatever the input holds.

JSON Lines (jsonlines.org) are UTF-8 text whose lines end with "\\n" (a "\\r" before it is allowed);
nothing else ends a line, so the characters ``str.splitlines`` also splits on stay inside their line.
"""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import legality.batch
from boards import large_block_board
from cli import main
from legality import NothingToJudge, check, parse_board
from legality.batch import (
    CHUNK,
    NotJsonLines,
    NotUtf8,
    Progress,
    Settings,
    TooLong,
    count_lines,
    iter_lines,
    run_batch,
    split_chunk,
)
from legality.editions import EXPLANATION_SHARE, Explain
from legality.solve import EXPLANATION_SECONDS
from legality.verdict import Verdict

ROOT = Path(__file__).resolve().parent.parent
SPLITLINES_BREAKS = ["\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]
"""Line boundaries of ``str.splitlines`` that are not line ends in JSON Lines."""


@cache
def judged_fixtures() -> dict[str, str]:
    """Each judgeable fixture as one line of JSON → the verdict line ``check`` gives it directly."""
    out = {}
    for path in sorted(ROOT.joinpath("fixtures").rglob("*.json")):
        text = json.dumps(json.loads(path.read_text()))
        try:
            out[text] = json.dumps(check(parse_board(text)).to_json())
        except NothingToJudge:
            continue
    return out


def good_lines(n: int) -> list[str]:
    return list(judged_fixtures())[:n]


def batch(data: bytes, *args: str) -> tuple[int, list[dict[str, Any]], str]:
    result = CliRunner().invoke(main, ["batch", "-", *args], input=data)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, [json.loads(x) for x in result.stdout.splitlines()], result.stderr


# --- reading lines ---------------------------------------------------------------------------


@pytest.mark.parametrize("char", SPLITLINES_BREAKS, ids=[f"U+{ord(c):04X}" for c in SPLITLINES_BREAKS])
def test_only_newline_ends_a_line(char: str) -> None:
    inside = json.dumps({"version": 1, "id": f"a{char}b"}, ensure_ascii=False)
    garbage = f"{{{char}}}"
    data = f"{inside}\n{garbage}\r\n{inside}".encode()
    assert list(iter_lines(io.BytesIO(data))) == [(1, inside), (2, garbage), (3, inside)]
    code, out, _ = batch(data)
    assert code == 1
    assert [v["line"] for v in out] == [1, 2, 3]
    assert [v.get("id") for v in out] == [f"a{char}b", None, f"a{char}b"]  # the id survived whole


def test_blank_lines_are_skipped_and_numbers_stay_true() -> None:
    data = b"\n  \t\r\n{}\n\n{\n\r\n"
    assert [n for n, _ in iter_lines(io.BytesIO(data))] == [3, 5]


def test_a_line_that_is_not_utf8_is_its_own_error() -> None:
    latin1 = '{"version": 1, "id": "café"}'.encode("latin-1")
    at = latin1.index(b"\xe9") + 1
    assert list(iter_lines(io.BytesIO(b"{}\n" + latin1 + b"\n{}\n"))) == [(1, "{}"), (2, NotUtf8(at)), (3, "{}")]
    good = good_lines(1)[0]
    code, out, _ = batch(b"\n".join([good.encode(), latin1, good.encode()]))
    assert code == 1
    assert out[1] == {"error": f"line 2 is not UTF-8 text at byte {at}", "line": 2}
    assert json.dumps(out[0]) == json.dumps(out[2]) == judged_fixtures()[good]


def whole_lines(chunks: Iterable[tuple[int, bytes | TooLong]]) -> list[tuple[int, bytes]]:
    """The chunks of a file with no line too long: bytes, every one."""
    out = []
    for number, chunk in chunks:
        assert isinstance(chunk, bytes)
        out.append((number, chunk))
    return out


MIXED = (b"\xef\xbb\xbf{}\r\n\n  \t\r\n" + '{"id": "caf\u00e9"}'.encode("latin-1") + b"\n{\n\r\n"
         + '{"id": "a\u2028b"}'.encode() + b"\n\n" + b'{"id": "last"}')
"""Lines of every kind: a UTF-8 byte order mark, CRLF, blank lines, a line not UTF-8, bad JSON, a character
str.splitlines breaks on, no final newline."""


@pytest.mark.parametrize("sizes", [[1], [2], [3], [1, 2, 5], [100]], ids=str)
def test_raw_chunks_hold_the_same_lines(sizes: list[int]) -> None:
    """The workers' chunks of bytes (cut at newlines only, in the parent) split into exactly the lines that
    iterating gives, with the same numbers, whatever the chunk sizes."""
    from itertools import chain, repeat

    expected = list(iter_lines(io.BytesIO(MIXED)))
    chunks = whole_lines(iter_lines(io.BytesIO(MIXED)).raw_chunks(chain(sizes, repeat(sizes[-1]))))
    assert b"".join(c for _, c in chunks) == MIXED
    assert [line for n, c in chunks for line in split_chunk(n, c)] == expected


class Endless(io.RawIOBase):
    """A stream of ``size`` bytes made on demand (``fill`` each, a newline after ``line`` of them), so that a test
    holds none of it: a line of tens of megabytes costs the test nothing, only the reader what it keeps."""

    def __init__(self, size: int, line: int | None = None, fill: bytes = b"x") -> None:
        self.size, self.line, self.fill, self.at = size, line, fill, 0

    def readable(self) -> bool:
        return True

    def readinto(self, b: Any) -> int:
        n = min(len(b), self.size - self.at)
        block = bytearray(self.fill * n)
        if self.line is not None:
            for k in range(self.line - self.at % (self.line + 1), n, self.line + 1):
                block[k] = 10
        b[:n] = block
        self.at += n
        return n


@pytest.mark.parametrize("sizes", [[1], [3], [100]], ids=str)
def test_a_line_longer_than_the_limit_is_its_own_error_and_the_rest_are_read(
        sizes: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    """A line of more than ``MAX_LINE_BYTES`` is ``TooLong`` (its length counted) in its place, numbered as it
    is; the lines around it are read as usual, by the line and in the workers' chunks of bytes alike (one in the
    middle, one at the start, one at the end with no final newline)."""
    from itertools import chain, repeat

    monkeypatch.setattr(legality.batch, "MAX_LINE_BYTES", 40)
    long = b'{"id": "' + b"y" * 60 + b'"}'
    data = long + b"\n{}\n\n{\"id\": \"b\"}\n" + long + b"\n" + b"z" * 41 + b"\n" + b"w" * 40 + b"\n" + long
    expected = [(1, TooLong(70)), (2, "{}"), (4, '{"id": "b"}'), (5, TooLong(70)), (6, TooLong(41)), (7, "w" * 40),
                (8, TooLong(70))]
    assert list(iter_lines(io.BytesIO(data))) == expected
    source = iter_lines(io.BytesIO(data))
    chunks = list(source.raw_chunks(chain(sizes, repeat(sizes[-1]))))
    got = [line for n, c in chunks for line in ([(n, c)] if isinstance(c, TooLong) else split_chunk(n, c))]
    assert got == expected
    assert source.taken == len(data)


def test_a_line_of_gigabytes_is_read_through_in_flat_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hostile line (here 48 MB with a limit of 1 MB) is counted through and dropped: the reader's peak memory
    stays near the limit, by the line and in chunks, and the line after it is read."""
    import tracemalloc

    monkeypatch.setattr(legality.batch, "MAX_LINE_BYTES", 1 << 20)
    size = 48 << 20
    for by_chunks in (False, True):
        stream = io.BufferedReader(Endless(size + 3, line=size))  # 48 MB of "x", "\n", then "xx"
        tracemalloc.start()
        try:
            source = iter_lines(stream)
            if by_chunks:
                got: list[Any] = [c for _, c in source.raw_chunks(iter(lambda: 48, 0))]
            else:
                got = [text for _, text in source]
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert got == [TooLong(size), b"xx" if by_chunks else "xx"]
        assert peak < 4 << 20, peak


def test_a_batch_with_a_line_too_long_writes_its_error_line_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(legality.batch, "MAX_LINE_BYTES", 2000)
    good = [g for g in good_lines(6) if len(g) < 2000][:2]
    long = json.dumps({"version": 1, "id": "long", "note": "n" * 3000})
    for jobs in ("1", "2"):
        code, out, _ = batch("\n".join([good[0], long, good[1]]).encode() + b"\n", "--jobs", jobs)
        assert code == 1
        assert out[1] == {"error": f"line 2 is longer than the limit of 2,000 bytes for a line ({len(long):,} bytes) "
                                   "and was not read", "line": 2}
        assert [json.dumps(out[0]), json.dumps(out[2])] == [judged_fixtures()[g] for g in good]


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_chunks_shrink_near_the_end_of_a_regular_file(jobs: int, tmp_path: Path) -> None:
    """On a regular file the last chunks are smaller (the lines left shared among twice the workers, down to
    TAIL_CHUNK), so the workers end within a few lines of each other; every line is in exactly one chunk. On a
    pipe (size unknown) the chunks stay at RAW_CHUNK."""
    from legality.batch import RAW_CHUNK, RAW_CHUNKS, TAIL_CHUNK, chunk_sizes

    lines = [json.dumps({"id": f"b{i}", "pad": "x" * (i % 7)}) for i in range(1000)]
    path = tmp_path / "in.jsonl"
    path.write_bytes(("\n".join(lines) + "\n").encode())
    with path.open("rb") as f:
        source = iter_lines(f)
        counts = [c.count(b"\n") for _, c in whole_lines(source.raw_chunks(chunk_sizes(source, jobs)))]
    assert sum(counts) == 1000
    ramp = len(RAW_CHUNKS)
    assert counts[:ramp] == list(RAW_CHUNKS) and RAW_CHUNK in counts
    tail = counts[counts.index(RAW_CHUNK):]
    assert tail == sorted(tail, reverse=True)  # never larger again once smaller
    assert tail[-2] == TAIL_CHUNK and 0 < tail[-1] <= TAIL_CHUNK
    assert sum(c < RAW_CHUNK for c in tail) >= 4
    piped = iter_lines(io.BytesIO(path.read_bytes()))
    assert {c.count(b"\n") for _, c in whole_lines(piped.raw_chunks(chunk_sizes(piped, jobs)))[ramp:-1]} == {RAW_CHUNK}


@pytest.mark.parametrize("jobs", [1, 2])
def test_raw_and_line_by_line_batches_write_the_same_bytes(jobs: int) -> None:
    """``run_batch`` on the file (chunks of bytes to the workers) and on its lines one by one: the same output,
    byte for byte, in input order."""
    data = MIXED + b"\n" + "\n".join(good_lines(40)).encode() + b"\n"
    raw: list[str] = []
    tally = run_batch(iter_lines(io.BytesIO(data)), Settings(), jobs, raw.append)
    each: list[str] = []
    run_batch(list(iter_lines(io.BytesIO(data))), Settings(), jobs, each.append)
    assert "\n".join(raw) == "\n".join(each) and tally.lines == len(each) and len(raw) < len(each)
    assert tally.errors == sum('"error"' in x and json.loads(x).get("error") is not None for x in each)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-32"])
def test_utf16_file_is_refused_as_a_whole(encoding: str) -> None:
    data = (good_lines(1)[0] + "\n").encode(encoding)  # Python writes the byte order mark
    with pytest.raises(NotJsonLines):
        list(iter_lines(io.BytesIO(data)))
    result = CliRunner().invoke(main, ["batch", "-"], input=data)
    assert result.exit_code == 2 and result.stdout == ""
    assert "UTF-16" in result.stderr and "Traceback" not in result.output


def test_utf8_byte_order_mark_is_allowed() -> None:
    good = good_lines(1)[0]
    code, out, _ = batch(b"\xef\xbb\xbf" + good.encode() + b"\n")
    assert code == 0 and json.dumps(out[0]) == judged_fixtures()[good]


# --- one output line per input line ------------------------------------------------------------


def _bad_lines() -> list[tuple[str, str, str | None]]:
    """(line, fragment of its error or problem message, id the error line must carry)."""
    base = json.loads(good_lines(1)[0])
    typed = {**base, "id": "typed", "permanents": [{**base["permanents"][0], "power": "2"}]}
    huge = {**base, "id": "huge", "permanents": [{**base["permanents"][0], "power": 10**30}]}
    return [
        ("[" * 100_000, "nested more than", None),                      # item 12
        ('{"version": 1, "id": "nan", "x": NaN}', "NaN", "nan"),
        ('{"version": 1, "id": "digits", "life": ' + "9" * 5000 + "}", "not valid JSON", None),
        (json.dumps(typed), "valid integer", "typed"),                 # item 17
        (json.dumps(huge), "less than or equal to 1000000", "huge"),   # item 15
        ('{"version": 1, "id": "vt\u2028x"', "not valid JSON", None),  # item 13
        (json.dumps({**base, "id": "unjudged", "attacks": None, "blocks": None, "damage": None}), "no declaration",
         "unjudged"),
    ]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_mixed_batch_keeps_one_line_per_line_in_order(jobs: str) -> None:
    goods, bads = good_lines(6), _bad_lines()
    rows: list[tuple[bytes, Any]] = []
    for i, (bad, fragment, bad_id) in enumerate(bads):
        rows.append((goods[i % len(goods)].encode(), judged_fixtures()[goods[i % len(goods)]]))
        rows.append((bad.encode(), (fragment, bad_id)))
        rows.append((b"   " if i % 2 else b"", None))  # blank: no output line
    rows.append(("caf\xe9".encode("latin-1"), ("not UTF-8 text at byte 4", None)))  # item 14
    data = b"\n".join(r for r, _ in rows) + b"\n"
    code, out, err = batch(data, "--jobs", jobs)
    assert code == 1 and err == ""
    expected = [(n, want) for n, (_, want) in enumerate(rows, 1) if want is not None]
    assert len(out) == len(expected)
    for got, (number, want) in zip(out, expected, strict=True):
        if isinstance(want, str):
            assert json.dumps(got) == want, number  # the verdict check gives the board on its own
            continue
        fragment, bad_id = want
        assert got["line"] == number and "error" in got
        assert got.get("id") == bad_id
        assert fragment in json.dumps(got), (number, got)


def test_an_unexpected_failure_is_that_lines_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a worker runs for a chunk of lines: an exception while judging one line (here a
    RecursionError) is that line's error line, and the lines around it keep their verdicts. (Judged
    in this process: workers are started fresh and would not see the patch.)"""
    goods = good_lines(3)

    def explode(board: Any, *args: Any, **kwargs: Any) -> Any:
        if board.id == json.loads(goods[1])["id"]:
            raise RecursionError("maximum recursion depth exceeded")
        return check(board, *args, **kwargs)

    monkeypatch.setattr(legality.batch, "check", explode)
    results = legality.batch.judge_chunk(list(enumerate(goods, 1)), legality.batch.Settings())
    assert [failed for failed, _ in results] == [False, True, False]
    out = [json.loads(text) for _, text in results]
    assert json.dumps(out[0]) == judged_fixtures()[goods[0]] and json.dumps(out[2]) == judged_fixtures()[goods[2]]
    assert out[1]["line"] == 2 and out[1]["id"] == json.loads(goods[1])["id"]
    assert "RecursionError" in out[1]["error"]


def test_all_good_exits_0_and_bad_cards_exit_2(tmp_path: Path) -> None:
    goods = good_lines(3)
    code, out, _ = batch(("\n".join(goods) + "\n\n").encode())
    assert code == 0 and [json.dumps(v) for v in out] == [judged_fixtures()[g] for g in goods]
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps([{"name": "Bear", "power": [2]}]))
    result = CliRunner().invoke(main, ["batch", "-", "--cards", str(cards)], input=goods[0])
    assert result.exit_code == 2 and result.stdout == ""
    assert "$[0].power" in result.stderr


def test_batch_streams_its_input() -> None:
    """Lines are read only as fast as they are judged: a few chunks ahead at most, never the whole file."""
    good = good_lines(1)[0]
    pulled = 0

    def endless() -> Iterator[tuple[int, str]]:
        nonlocal pulled
        while True:
            pulled += 1
            yield pulled, good

    class Enough(Exception):
        pass

    for jobs in (1, 2):
        pulled, written = 0, 0

        def write(text: str) -> None:
            nonlocal written
            written += 1
            if written == 40:
                raise Enough

        with pytest.raises(Enough):
            run_batch(endless(), Settings(), jobs, write)
        assert written == 40 and pulled <= written + 4 * jobs * CHUNK + 2


# --- random mixtures ---------------------------------------------------------------------------

segments = st.one_of(
    st.sampled_from(sorted(judged_fixtures())).map(lambda s: s.encode()),
    st.sampled_from(["{", "[1, 2]", '{"version": 1}', "nul\x00", "{}}", '"x"', " \t"]).map(str.encode),
    st.text(alphabet=st.sampled_from([*SPLITLINES_BREAKS, "{", "]", '"', "a", " "]), max_size=8).map(str.encode),
    st.binary(max_size=24).map(lambda b: b.replace(b"\n", b"\xff")),
)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(segments, st.sampled_from([b"\n", b"\r\n"])), max_size=12), st.sampled_from(["1", "2"]),
       st.booleans())
def test_random_mixtures_keep_line_numbers(rows: list[tuple[bytes, bytes]], jobs: str, final_newline: bool) -> None:
    data = b"".join(seg + end for seg, end in rows)
    if not final_newline and data.endswith(b"\n"):
        data = data[:-1]
    code, out, _ = batch(data, "--jobs", jobs)
    if rows and rows[0][0].startswith((b"\xff\xfe", b"\xfe\xff")):
        assert code == 2 and out == []
        return
    verdicts = {k.encode(): v for k, v in judged_fixtures().items()}
    segs = [seg.removeprefix(b"\xef\xbb\xbf") if n == 1 else seg for n, (seg, _) in enumerate(rows, 1)]
    expected = [(n, seg) for n, seg in enumerate(segs, 1) if seg.strip(b" \t\r")]
    assert len(out) == len(expected)
    for got, (number, seg) in zip(out, expected, strict=True):
        if seg in verdicts:
            assert json.dumps(got) == verdicts[seg]
        else:
            assert got["line"] == number and "error" in got
    assert code == (1 if any(seg not in verdicts for _, seg in expected) else 0)


# --- interrupting --------------------------------------------------------------------------------


def _slow_board(i: int) -> dict[str, Any]:
    """Twelve attackers (lure, menace-like) and twelve blockers that must block: a few ms of CP-SAT each."""
    perms: list[dict[str, Any]] = []
    for k in range(12):
        perms.append({"id": f"a{k}", "name": f"A{k}", "controller": "A", "power": 2 + k % 3, "toughness": 2,
                      "abilities": [[{"kind": "lure"}], [{"kind": "min_blockers", "n": 2}], []][k % 3]})
        perms.append({"id": f"b{k}", "name": f"B{k}", "controller": "B", "power": 1, "toughness": 3,
                      "abilities": [{"kind": "blocks_each_combat"}]})
    return {"version": 1, "id": f"slow-{i}", "active_player": "A",
            "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}], "permanents": perms,
            "attacks": [{"attacker": f"a{k}", "target": "B"} for k in range(12)],
            "blocks": [{"blocker": f"b{k}", "attacker": f"a{(k + 1) % 12}"} for k in range(12)]}


def _start_batch(tmp_path: Path, lines: int, jobs: int = 2) -> tuple[subprocess.Popen[bytes], Path, Path]:
    src = tmp_path / "slow.jsonl"
    src.write_text("".join(json.dumps(_slow_board(i)) + "\n" for i in range(lines)))
    out, err = tmp_path / "out.jsonl", tmp_path / "err.txt"
    with out.open("wb") as o, err.open("wb") as e:
        proc = subprocess.Popen(
            [sys.executable, "-c", "import cli; cli.main()", "batch", str(src), "--jobs", str(jobs)],
            cwd=ROOT, stdout=o, stderr=e, start_new_session=True)
    deadline = time.monotonic() + 60
    while out.stat().st_size < 10_000 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert proc.poll() is None, "the batch ended before it could be interrupted"
    return proc, out, err


def _expected_line(i: int) -> str:
    return json.dumps(check(parse_board(json.dumps(_slow_board(i)))).to_json())


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize(("sig", "group", "jobs", "code"), [
    (signal.SIGINT, True, 2, 130), (signal.SIGINT, True, 1, 130), (signal.SIGTERM, False, 2, 143),
    (signal.SIGTERM, True, 2, 143)], ids=["SIGINT-group", "SIGINT-group-1-job", "SIGTERM-parent", "SIGTERM-group"])
def test_interrupted_batch_leaves_whole_lines(tmp_path: Path, sig: signal.Signals, group: bool, jobs: int,
                                              code: int) -> None:
    """Ctrl-C signals the whole process group; CP-SAT catches SIGINT while it solves, so only the parent's
    handling of it may decide what is written."""
    lines = 600
    proc, out, err = _start_batch(tmp_path, lines, jobs)
    (os.killpg if group else os.kill)(proc.pid, sig)
    assert proc.wait(timeout=60) == code
    data = out.read_bytes()
    assert data.endswith(b"\n")  # whole lines only
    written = data.decode().splitlines()
    assert 0 < len(written) < lines
    assert written == [_expected_line(i) for i in range(len(written))]  # a prefix of the full output
    message = err.read_text()
    assert re.fullmatch(rf"interrupted by {sig.name}: {len(written)} lines? written\n", message), message


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc; workers use PR_SET_PDEATHSIG")
def test_killed_batch_leaves_no_worker_and_no_traceback(tmp_path: Path) -> None:
    proc, out, err = _start_batch(tmp_path, 600)
    workers = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
    assert len(workers) == 2
    proc.kill()
    proc.wait(timeout=60)
    deadline = time.monotonic() + 30
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(w) for w in workers)
    assert err.read_text() == ""
    assert out.read_bytes().endswith(b"\n")


def _alive(pid: str) -> bool:
    """Whether a process runs (a zombie waiting to be reaped has ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


# --- explanation levels, resuming, progress ------------------------------------------------------


def test_explain_levels_keep_the_verdict() -> None:
    """--explain verdict/none leave out explanation, never change the answer: same legality and broken rules
    for every fixture; ``verdict`` also the same requirement counts and maximum (508.1d, 509.1c)."""
    for text in judged_fixtures():
        board = parse_board(text)
        full = check(board)
        if not isinstance(full, Verdict):
            continue
        levels: tuple[Explain, ...] = ("verdict", "none")
        for level in levels:
            v = check(board, explain=level)
            assert isinstance(v, Verdict)
            assert (v.legal, v.violations) == (full.legal, full.violations), (board.id, level)
            assert v.alternatives == {}
        v = check(board, explain="verdict")
        assert isinstance(v, Verdict)
        assert (v.obeyed, v.maximum, v.maximum_proven) == (full.obeyed, full.maximum, full.maximum_proven), board.id
        assert (v.better is None) == (full.better is None), board.id


def test_explaining_a_broken_restriction_keeps_to_its_budget() -> None:
    """A blocker blocking two attackers breaks 509.1a on its own: the verdict needs no solve, and the
    maximum it is compared with gets only a budget ("at least N" past it)."""
    data = large_block_board(3, 100, 150, ["B"])
    data["blocks"] = [{"blocker": "b0", "attacker": "a0"}, {"blocker": "b0", "attacker": "a1"}]
    board = parse_board(data)
    t = time.perf_counter()
    bare = check(board, explain="none")
    setup = time.perf_counter() - t
    t = time.perf_counter()
    v = check(board, time_limit=4.0)
    spent = time.perf_counter() - t
    assert isinstance(v, Verdict) and isinstance(bare, Verdict)
    assert v.legal is False and bare.legal is False and bare.maximum is None
    assert spent < setup + min(4.0 * EXPLANATION_SHARE, EXPLANATION_SECONDS) + 1.0, (spent, setup)
    if v.maximum is not None and not v.maximum_proven:
        assert f"maximum at least {v.maximum}" in v.to_text()


def _ided(n: int) -> list[str]:
    return [line for line in judged_fixtures() if isinstance(json.loads(line).get("id"), str)][:n]


def test_resume_skips_lines_already_judged(tmp_path: Path) -> None:
    goods = _ided(6)
    src = tmp_path / "boards.jsonl"
    src.write_text("\n".join(goods) + "\n")
    out = tmp_path / "verdicts.jsonl"
    first = [judged_fixtures()[g] for g in goods[:2]]
    error = json.dumps({"error": "invalid board", "line": 3, "id": json.loads(goods[2])["id"]})
    out.write_text("\n".join([*first, error]) + '\n{"id": "cut sh')  # a line cut short by a kill
    result = CliRunner().invoke(main, ["batch", str(src), "-o", str(out), "--resume"])
    assert result.exit_code == 1 and result.stdout == ""  # the output holds an error line (kept)
    lines = out.read_text().splitlines()
    assert lines == [*first, error] + [judged_fixtures()[g] for g in goods[3:]]  # the error line answers line 3
    result = CliRunner().invoke(main, ["batch", str(src), "--resume"])
    assert result.exit_code == 2 and "--resume needs --output" in result.stderr


def _resume_input() -> list[str]:
    """Boards with ids, without ids, an id given twice, and lines that are errors with and without an id."""
    goods = _ided(4)
    anonymous = [json.dumps({k: v for k, v in json.loads(g).items() if k != "id"}) for g in _ided(7)[4:7]]
    bad_with_id = json.dumps({**json.loads(goods[0]), "id": "bad", "players": []})
    return [goods[0], "{not json", anonymous[0], bad_with_id, goods[1], "", anonymous[1], goods[0], "[1, 2]",
            goods[2], anonymous[2], goods[3]]


@pytest.mark.parametrize("cut", ["at a line end", "inside a line"])
def test_resume_after_any_cut_gives_one_line_per_input_line_in_order(tmp_path: Path, cut: str) -> None:
    """Cut the whole output anywhere (as a kill would) and resume: the output is then exactly the output of one
    uninterrupted run, every input line answered once, error lines of the earlier run kept, never repeated."""
    src = tmp_path / "boards.jsonl"
    src.write_text("\n".join(_resume_input()) + "\n")
    full = tmp_path / "full.jsonl"
    assert CliRunner().invoke(main, ["batch", str(src), "-o", str(full)]).exit_code == 1
    reference = full.read_bytes().splitlines(keepends=True)
    assert len(reference) == 11 and sum(b'"error"' in line for line in reference) == 3
    for k in range(len(reference)):
        out = tmp_path / f"cut{k}.jsonl"
        out.write_bytes(b"".join(reference[:k]) + (reference[k][: len(reference[k]) // 2] if cut != "at a line end"
                                                     else b""))
        result = CliRunner().invoke(main, ["batch", str(src), "-o", str(out), "--resume"])
        assert result.exit_code == 1, result.output  # error lines in the output, kept or new
        assert out.read_bytes().splitlines(keepends=True) == reference, k


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_killed_batch_resumed_answers_each_line_once_in_order(tmp_path: Path) -> None:
    """SIGKILL mid-run (the output may end in a cut line), then --resume: one line per input line, all in order."""
    rows = [json.dumps(_slow_board(i)) for i in range(80)]
    rows[1:1] = ["{not json"]
    rows[3:3] = [json.dumps({**_slow_board(99), "id": "bad", "players": []})]
    src = tmp_path / "slow.jsonl"
    src.write_text("\n".join(rows) + "\n")
    out = tmp_path / "out.jsonl"
    proc = subprocess.Popen([sys.executable, "-c", "import cli; cli.main()", "batch", str(src), "--jobs", "2",
                             "-o", str(out)], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    deadline = time.monotonic() + 60
    while (not out.exists() or out.stat().st_size < 40_000) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert proc.poll() is None, "the batch ended before it could be killed"
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=60)
    before = out.read_bytes().count(b"\n")
    assert 4 <= before < len(rows)
    result = CliRunner().invoke(main, ["batch", str(src), "-o", str(out), "--resume", "--jobs", "2"])
    assert result.exit_code == 1, result.output  # the two error lines (kept from the first run)
    expected = [legality.batch.judge_line((n, row), Settings()) for n, row in enumerate(rows, 1)]
    got = [json.loads(line) for line in out.read_text().splitlines()]

    def answer(v: dict[str, Any]) -> tuple[Any, ...]:
        """Which line it answers and how; not the explanation, whose budgets a loaded machine may exhaust."""
        return v.get("id"), v.get("line"), v.get("error"), v.get("legal"), v.get("violations")

    assert [answer(v) for v in got] == [answer(v) for v in expected]


def test_progress_shows_count_rate_and_eta(tmp_path: Path) -> None:
    stream = io.StringIO()
    bar = Progress(10, stream, every=0.0)
    bar(4)
    bar.close()
    shown = stream.getvalue()
    assert re.search(r"4/10 lines, [\d,]+/s, ETA \d+:\d\d:\d\d", shown), shown
    assert shown.endswith("\n")
    path = tmp_path / "x.jsonl"
    path.write_bytes(b"{}\n{}\n{}")
    assert count_lines(str(path)) == 3
    path.write_bytes(b"{}\n\n")
    assert count_lines(str(path)) == 2
    assert count_lines("/dev/stdin") is None or not Path("/dev/stdin").is_file()


def test_quiet_or_not_a_terminal_shows_no_progress() -> None:
    code, out, err = batch("\n".join(good_lines(2)).encode())
    assert code == 0 and err == "" and len(out) == 2
    code, out, err = batch("\n".join(good_lines(2)).encode(), "--quiet")
    assert code == 0 and err == "" and len(out) == 2


def test_a_worker_keeps_what_it_inherits_out_of_the_collector() -> None:
    """A batch worker freezes the objects it inherits (gc.freeze): the modules and caches live as long as it does,
    and a full collection then walks only what judging made since; a worker that froze nothing would walk all of
    them at every full collection. Asked of a worker the way ``run_batch`` starts them (forked, same initializer)."""
    import gc
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(
            1, initializer=legality.batch._worker_init, initargs=(os.getpid(),)) as pool:
        frozen = pool.apply(gc.get_freeze_count)
    assert frozen > 1000
