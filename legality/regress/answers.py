"""Engine mode: another program's rulings (JSON Lines) for the boards of a suite, as cases to judge.

Each line is ``{"id": ..., "rules": "current", "legal": true}``, optionally with ``"violations"``
(rule numbers); ``rules`` may carry a switch as in ``meta.expect`` (``"current/implication"``).
The checker judges each board itself; a case fails where the other program's ruling differs.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from msgspec import Struct

from legality.batch import NoText, NotJsonLines, iter_lines
from legality.regress.cases import Case, Entry, SuiteError
from legality.regress.expect import Expectation, ExpectationError, check_setting, read_expectation
from models.jsontext import JsonTextError, loads

ANSWER_FIELDS = ("id", "rules", "legal", "violations")


class Answer(Struct, frozen=True):
    """One ruling of the other program, and the line it is on."""

    id: str
    setting: str
    ruling: Expectation
    line: int


class Pairing(Struct, frozen=True):
    """Answers matched with boards: the cases to judge, answers for no board, boards with no answer."""

    cases: tuple[Case, ...]
    unknown: tuple[Answer, ...]
    unanswered: tuple[Entry, ...]


def read_answers(path: str | Path) -> list[Answer]:
    """Every answer in the JSON Lines file; ``SuiteError`` names each bad line and field."""
    file = Path(path)
    problems: list[str] = []
    out: list[Answer] = []
    try:
        with file.open("rb") as stream:
            lines = list(iter_lines(stream))
    except (OSError, NotJsonLines) as exc:
        raise SuiteError([f"{file}: {exc}"]) from None
    seen: dict[tuple[str, str], int] = {}
    for number, text in lines:
        where = f"{file}:{number}"
        if isinstance(text, NoText):
            problems.append(f"{where}: {text.says()}")
            continue
        try:
            answer = _answer(loads(text, unique=True), number)
        except JsonTextError as exc:
            problems.append(f"{where}: {exc.path}: {exc.message}")
            continue
        except ExpectationError as exc:
            problems.append(f"{where}: {exc}")
            continue
        key = (answer.id, answer.setting)
        if key in seen:
            problems.append(f"{where}: $.id: a second answer for {answer.id!r} under {answer.setting!r} "
                            f"(the first is on line {seen[key]})")
        seen.setdefault(key, number)
        out.append(answer)
    if problems:
        raise SuiteError(problems)
    return out


def _answer(data: Any, number: int) -> Answer:
    if not isinstance(data, dict):
        raise ExpectationError("$", "an answer is a JSON object {\"id\", \"rules\", \"legal\"}")
    unknown = sorted(set(data) - set(ANSWER_FIELDS))
    if unknown:
        raise ExpectationError(f"$.{unknown[0]}", f"unknown field (known: {', '.join(ANSWER_FIELDS)})")
    if not isinstance(data.get("id"), str) or not data["id"]:
        raise ExpectationError("$.id", "required: the board's id")
    setting = check_setting(data.get("rules"), "$.rules")
    ruling = read_expectation({k: v for k, v in data.items() if k in ("legal", "violations")}, "$")
    return Answer(data["id"], setting, ruling, number)


def pair(entries: Sequence[Entry], answers: Sequence[Answer]) -> Pairing:
    """A case per answer whose board is among ``entries`` (its ruling is what the case expects)."""
    by_id = {e.id: e for e in entries}
    cases, unknown = [], []
    answered: set[str] = set()
    for a in answers:
        e = by_id.get(a.id)
        if e is None:
            unknown.append(a)
            continue
        answered.add(a.id)
        cases.append(Case(e.id, a.setting, e.origin, e.group, e.source, e.question, e.data, a.ruling, date=e.date))
    return Pairing(tuple(cases), tuple(unknown), tuple(e for e in entries if e.id not in answered))
