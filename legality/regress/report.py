"""Reports of a run: a line per case (details for each failure), a summary, JSON objects, JUnit XML."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from junitparser import Error, Failure, JUnitXml, Skipped, TestCase, TestSuite
from msgspec import Struct

from legality.regress.answers import Answer
from legality.regress.cases import Entry
from legality.regress.judge import GREEN, STATUSES, Outcome, Status

NO_EXPECTATION = "NO EXPECTATION"
NO_ANSWER = "NO ANSWER"
UNKNOWN_ID = "UNKNOWN ID"


class Report(Struct, frozen=True):
    """Everything a run found: the outcomes, and what could not be compared."""

    outcomes: tuple[Outcome, ...]
    without_expectation: tuple[Entry, ...] = ()
    unknown: tuple[Answer, ...] = ()
    unanswered: tuple[Entry, ...] = ()
    engine: bool = False

    @property
    def green(self) -> bool:
        """Every case passed (or is a known gap), there was one at least, and every answer found its board."""
        return (bool(self.outcomes) and all(o.status in GREEN for o in self.outcomes)
                and not self.unknown and not self.unanswered)

    @property
    def expected_label(self) -> str:
        return "answer" if self.engine else "expected"


def _ruling(value: Any) -> str:
    if isinstance(value, bool):
        return "legal" if value else "illegal"
    return "undecided" if value is None else json.dumps(value)


def _atom(atom: dict[str, str]) -> str:
    if "blocker" in atom:
        return f"{atom['blocker']} blocks {atom['attacker']}"
    return f"{atom['attacker']} attacks {atom['target']}"


def case_line(o: Outcome) -> str:
    """``STATUS id [setting]  question``."""
    c = o.case
    return f"{o.status:<9} {c.id} [{c.setting}]" + (f"  {c.question}" if c.question else "")


def details(o: Outcome, label: str = "expected") -> list[str]:
    """Under a case that is not a plain pass: the rulings side by side, the reason, the explanation."""
    if o.status in ("PASS", "XPASS") and not o.case.known_gap:
        return []
    lines = []
    if o.status == "XPASS":
        return [f"    known gap no longer shows ({o.case.known_gap}); the mark can go"]
    if o.case.known_gap:
        lines.append(f"    known gap: {o.case.known_gap}")
    width = max([len(m.field) for m in o.mismatches] + [5])
    if o.mismatches:
        lines.append(f"    {'':<{width}}  {label:<24} checker")
    for m in o.mismatches:
        lines.append(f"    {m.field:<{width}}  {_ruling(m.expected):<24} {_ruling(m.actual)}")
    if o.reason:
        lines.append(f"    {o.reason}")
    better = o.actual.get("better")
    if o.status == "FAIL" and o.case.expected.legal and o.actual.get("legal") is False and better is not None:
        lines.append("    a legal declaration instead: " + (", ".join(_atom(b) for b in better) or "none at all"))
    if o.status != "XFAIL" or o.mismatches:
        lines += [f"    | {t}" for t in o.explanation.splitlines()]
    if o.case.source and o.status != "XFAIL":
        lines.append(f"    source: {o.case.source} ({o.case.origin})")
    return lines


def text_lines(report: Report) -> Iterable[str]:
    """The human report: each case, each board that could not be compared, then the summary."""
    for o in report.outcomes:
        yield case_line(o)
        yield from details(o, report.expected_label)
    for e in report.without_expectation:
        yield f"{NO_EXPECTATION} {e.id}  ({e.origin})"
    yield from summary(report)


def _counts(outcomes: Iterable[Outcome]) -> str:
    n = Counter(o.status for o in outcomes)
    return ", ".join(f"{n[s]} {s.lower()}" for s in STATUSES if n[s]) or "none"


COLUMNS: tuple[tuple[str, tuple[Status, ...]], ...] = (
    ("passed", ("PASS",)), ("failed", ("FAIL",)), ("undecided", ("UNDECIDED",)), ("errors", ("ERROR",)),
    ("known gaps", ("XFAIL",)), ("gaps passing", ("XPASS",)),
)
"""The summary tables' columns: a heading and the statuses it counts. A known gap (``meta.known_gap``) that
fails or is undecided is XFAIL; one the checker now gets right is XPASS ("gaps passing": the mark can go)."""


def _table(title: str, groups: dict[str, list[Outcome]]) -> list[str]:
    """``title:`` then a heading and one row per group: its cases, and how many ended each way."""
    if not groups:
        return []
    width = max([len(k) for k in groups] + [len(title)])
    head = f"  {title:<{width}}  {'cases':>5}" + "".join(f"  {h:>{len(h)}}" for h, _ in COLUMNS)
    lines = [head]
    for key, outs in sorted(groups.items()):
        n = Counter(o.status for o in outs)
        lines.append(f"  {key:<{width}}  {len(outs):>5}"
                     + "".join(f"  {sum(n[s] for s in statuses):>{len(h)}}" for h, statuses in COLUMNS))
    return lines


def summary(report: Report) -> list[str]:
    """Totals by status; tables per edition, per source and per source and year (for the cases whose board
    gives ``meta.source_date``); then the known gaps and what was not compared."""
    outs = report.outcomes
    by_edition: dict[str, list[Outcome]] = {}
    by_source: dict[str, list[Outcome]] = {}
    by_year: dict[str, list[Outcome]] = {}
    for o in outs:
        by_edition.setdefault(o.case.edition, []).append(o)
        by_source.setdefault(o.case.group, []).append(o)
        if o.case.year:
            by_year.setdefault(f"{o.case.group} {o.case.year}", []).append(o)
    lines = ["", f"summary: {len(outs)} case{'s' * (len(outs) != 1)}: {_counts(outs)}"
             + (f"; {len(report.without_expectation)} board(s) with no expectation (not counted)"
                if report.without_expectation else "")]
    lines += _table("per edition", by_edition) + _table("per source", by_source)
    lines += _table("per source and year", by_year)
    gaps = [o for o in outs if o.status in ("XFAIL", "XPASS")]
    if gaps:
        lines.append("known gaps (the checker disagrees with the source; not counted as failures):")
        lines += [f"  {o.status} {o.case.id} [{o.case.setting}]: {o.case.known_gap}" for o in gaps]
    if report.unknown:
        lines.append("answers for ids no board has:")
        lines += [f"  line {a.line}: {a.id} [{a.setting}]" for a in report.unknown]
    if report.unanswered:
        lines.append("boards without an answer:")
        lines += [f"  {e.id} ({e.origin})" for e in report.unanswered]
    if not outs:
        lines.append("no case was judged: nothing passed")
    lines.append("result: " + ("OK" if report.green else "FAILED"))
    return lines


def json_objects(report: Report) -> Iterable[dict[str, Any]]:
    """One object per case, then one per board or answer that could not be compared."""
    for o in report.outcomes:
        yield o.to_json()
    for e in report.without_expectation:
        yield {"id": e.id, "status": NO_EXPECTATION, "origin": e.origin, "group": e.group}
    for a in report.unknown:
        yield {"id": a.id, "rules": a.setting, "status": UNKNOWN_ID, "line": a.line}
    for e in report.unanswered:
        yield {"id": e.id, "status": NO_ANSWER, "origin": e.origin, "group": e.group}


def junit(report: Report, path: str | Path) -> None:
    """JUnit XML: a test suite per source, a test case per board and setting; failures carry the explanation."""
    suites: dict[str, TestSuite] = {}

    def suite(name: str) -> TestSuite:
        return suites.setdefault(name, TestSuite(name))

    for o in report.outcomes:
        c = o.case
        case = TestCase(f"{c.id}[{c.setting}]", c.group, round(o.seconds, 3))
        text = "\n".join([case_line(o), *details(o, report.expected_label)])
        if o.status == "FAIL" or o.status == "UNDECIDED":
            message = o.reason or "; ".join(f"{m.field}: {report.expected_label} {_ruling(m.expected)}, "
                                             f"checker {_ruling(m.actual)}" for m in o.mismatches)
            result: Failure | Error | Skipped = Failure(message, o.status.lower())
            result.text = text
            case.result = [result]
        elif o.status == "ERROR":
            result = Error(o.reason, "error")
            result.text = text
            case.result = [result]
        elif o.status == "XFAIL":
            case.result = [Skipped(f"known gap: {c.known_gap}")]
        suite(c.group).add_testcase(case)
    for e in report.without_expectation:
        case = TestCase(e.id, e.group)
        case.result = [Skipped("no expectation: the board names no ruling to compare with")]
        suite(e.group).add_testcase(case)
    for e in report.unanswered:
        case = TestCase(e.id, e.group)
        case.result = [Failure("no answer for this board", "no answer")]
        suite(e.group).add_testcase(case)
    for a in report.unknown:
        case = TestCase(f"{a.id}[{a.setting}]", "answers")
        case.result = [Error(f"answer on line {a.line} names no board of the suite", "unknown id")]
        suite("answers").add_testcase(case)
    xml = JUnitXml("legality regress")
    for s in suites.values():
        s.update_statistics()  # type: ignore[no-untyped-call]  # junitparser leaves it unannotated
        xml.add_testsuite(s)
    xml.update_statistics()  # type: ignore[no-untyped-call]
    xml.write(str(path), pretty=True)

