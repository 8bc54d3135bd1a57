"""Collecting cases: board files, folders of them and JSON Lines → one case per board and setting.

Every board is read and validated before anything is judged, so bad input (a file, a line, a board
or an expectation) stops the run with every problem named by file and JSON path.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from legality.batch import NoText, NotJsonLines, iter_lines
from legality.board import parse_board, read_board_text
from legality.regress.expect import PINS, Expectation, ExpectationError, expectations, known_gaps, split_setting
from models import BoardError
from models.jsontext import JsonTextError, loads


class SuiteError(ValueError):
    """Bad input: each problem is ``where: $.path: what``."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(self.problems))


@dataclass(frozen=True)
class Case:
    """One board judged under one setting, and the ruling it is compared with."""

    id: str
    setting: str
    origin: str
    group: str
    source: str
    question: str
    board: Mapping[str, Any] = field(repr=False, compare=False)
    expected: Expectation
    known_gap: str | None = None
    date: str = ""
    """When the source was published (``meta.source_date``: ``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD``), if given."""

    @property
    def edition(self) -> str:
        return split_setting(self.setting)[0]

    @property
    def year(self) -> str:
        """The year of ``date`` ("" when the board gives no date)."""
        return self.date[:4] if self.date[:4].isdigit() else ""


@dataclass(frozen=True)
class Entry:
    """A board as read from its file: where it is, its data and meta."""

    id: str
    origin: str
    group: str
    data: Mapping[str, Any] = field(repr=False)
    file: Path

    @property
    def meta(self) -> Mapping[str, Any]:
        meta = self.data.get("meta")
        return meta if isinstance(meta, Mapping) else {}

    @property
    def source(self) -> str:
        return str(self.meta.get("source", ""))

    @property
    def question(self) -> str:
        return str(self.meta.get("question", ""))

    @property
    def date(self) -> str:
        return str(self.meta.get("source_date", ""))


@dataclass(frozen=True)
class Suite:
    """The cases to judge, and the boards that carry no expectation (never counted as passes)."""

    cases: tuple[Case, ...]
    without_expectation: tuple[Entry, ...]
    entries: tuple[Entry, ...]


def read_entries(paths: Sequence[str | Path], cards: str | None = None) -> list[Entry]:
    """Every board in ``paths`` (board files, folders searched for *.json and *.jsonl, JSON Lines), validated."""
    problems: list[str] = []
    out: list[Entry] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            files = sorted(p for p in path.rglob("*") if p.suffix in (".json", ".jsonl") and p.is_file())
            if not files:
                problems.append(f"{path}: no *.json or *.jsonl files in this folder")
            for file in files:
                out += _read_file(file, _group(file, path), cards, problems)
        elif path.is_file():
            out += _read_file(path, path.parent.name or ".", cards, problems)
        else:
            problems.append(f"{path}: no such file or folder")
    seen: dict[str, str] = {}
    for e in out:
        if e.id in seen:
            problems.append(f"{e.origin}: $.id: {e.id!r} is also the id of the board in {seen[e.id]}")
        seen.setdefault(e.id, e.origin)
    if problems:
        raise SuiteError(problems)
    return out


def collect(paths: Sequence[str | Path], cards: str | None = None) -> Suite:
    """The cases of every board in ``paths`` that carries expectations, one per setting it names."""
    entries = read_entries(paths, cards)
    problems: list[str] = []
    cases: list[Case] = []
    bare: list[Entry] = []
    for e in entries:
        try:
            expected = expectations(_expectation_meta(e))
            gaps = known_gaps(e.meta, list(expected))
        except ExpectationError as exc:
            problems.append(f"{e.origin}: {exc}")
            continue
        if not expected:
            bare.append(e)
        cases += [Case(e.id, s, e.origin, e.group, e.source, e.question, e.data, x, gaps.get(s), e.date)
                   for s, x in expected.items()]
    if problems:
        raise SuiteError(problems)
    return Suite(tuple(cases), tuple(bare), tuple(entries))


def select(cases: Sequence[Case], pattern: str | None = None, rules: str | None = None) -> list[Case]:
    """Cases whose id, source folder or source matches ``pattern`` (a substring, or a glob with * ? [),
    under the edition ``rules``."""
    out = []
    for c in cases:
        if rules is not None and c.edition != rules:
            continue
        if pattern is not None and not any(matches(pattern, s) for s in (c.id, c.group, c.source)):
            continue
        out.append(c)
    return out


def matches(pattern: str, text: str) -> bool:
    """Case-insensitive: a glob when ``pattern`` has wildcards, else a substring."""
    pattern, text = pattern.lower(), text.lower()
    return fnmatchcase(text, pattern) if any(ch in pattern for ch in "*?[") else pattern in text


def _group(file: Path, root: Path) -> str:
    """The source a case is summarised under: its folder, relative to the folder given."""
    rel = file.parent.relative_to(root)
    return str(Path(root.name) / rel) if str(rel) != "." else root.name or "."


def _read_file(file: Path, group: str, cards: str | None, problems: list[str]) -> list[Entry]:
    if file.suffix == ".jsonl":
        return list(_read_lines(file, group, cards, problems))
    try:
        with file.open(encoding="utf-8-sig") as stream:
            text = read_board_text(stream)
    except (OSError, ValueError, MemoryError) as exc:  # BoardTooLong and UnicodeDecodeError are ValueErrors
        problems.append(f"{file}: can't read the file: {exc}")
        return []
    entry = _entry(text, str(file), file.stem, group, file, cards, problems)
    return [] if entry is None else [entry]


def _read_lines(file: Path, group: str, cards: str | None, problems: list[str]) -> Iterator[Entry]:
    try:
        with file.open("rb") as stream:
            lines = list(iter_lines(stream))
    except (OSError, NotJsonLines) as exc:
        problems.append(f"{file}: {exc}")
        return
    for number, text in lines:
        where = f"{file}:{number}"
        if isinstance(text, NoText):
            problems.append(f"{where}: {text.says()}")
            continue
        entry = _entry(text, where, f"{file.stem}:{number}", group, file, cards, problems)
        if entry is not None:
            yield entry


def _entry(text: str, where: str, fallback_id: str, group: str, file: Path, cards: str | None,
           problems: list[str]) -> Entry | None:
    try:
        data = loads(text, unique=True)
    except JsonTextError as exc:
        problems.append(f"{where}: {exc.path}: {exc.message}")
        return None
    try:
        parse_board(data, None, cards)
    except BoardError as exc:
        problems += [f"{where}: {p}" for p in exc.problems]
        return None
    except Exception as exc:  # anything unforeseen in a board is that board's problem, not a traceback
        problems.append(f"{where}: $: can't read the board: {type(exc).__name__}: {exc}")
        return None
    board_id = data.get("id")
    return Entry(board_id if isinstance(board_id, str) and board_id else fallback_id, where, group, data, file)


def _expectation_meta(e: Entry) -> Mapping[str, Any]:
    """The entry's meta; a text twin (``twin_of``) takes its structured original's expectations."""
    meta = e.meta
    twin_of = meta.get("twin_of")
    if not isinstance(twin_of, str):
        return meta
    original = _find_twin(e.file, twin_of)
    if original is None:
        return meta  # the twin's own expect stands
    try:
        other = loads(original.read_text(encoding="utf-8-sig")).get("meta") or {}
    except (OSError, ValueError, AttributeError, MemoryError):
        raise ExpectationError("$.meta.twin_of", f"the original {twin_of!r} can't be read") from None
    merged = {k: v for k, v in meta.items() if k not in PINS}
    merged.update({k: v for k, v in other.items() if k in PINS})
    return merged


def _find_twin(file: Path, twin_of: str) -> Path | None:
    """``twin_of`` names the original from the project's root: look for it from each folder above ``file``
    (also without its leading folders, for a suite installed as package data)."""
    parts = Path(twin_of).parts
    for k in range(max(len(parts) - 1, 1)):
        for folder in file.resolve().parents:
            candidate = folder.joinpath(*parts[k:])
            if candidate.is_file() and candidate != file.resolve():
                return candidate
    return None
