"""Judging a case and comparing the checker's verdict with the expected ruling, field by field."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any, Literal

from msgspec import Struct

from legality.board import parse_board
from legality.check import DEFAULT_TIME_LIMIT, NothingToJudge
from legality.damage import DamageVerdict
from legality.regress.cases import Case
from legality.regress.expect import Expectation, split_setting
from legality.ruling import check
from legality.verdict import Verdict

Status = Literal["PASS", "FAIL", "XFAIL", "XPASS", "ERROR", "UNDECIDED"]
STATUSES: tuple[Status, ...] = ("PASS", "FAIL", "XFAIL", "XPASS", "ERROR", "UNDECIDED")
GREEN: frozenset[Status] = frozenset({"PASS", "XFAIL", "XPASS"})
"""Statuses that keep the run's exit code 0 (a known gap stays visible in the summary, not red)."""


class Options(Struct, frozen=True):
    """How every case is judged."""

    time_limit: float = DEFAULT_TIME_LIMIT
    cards: str | None = None
    ignore_unread: bool = False


class Mismatch(Struct, frozen=True):
    """One field where the verdict and the expected ruling differ."""

    field: str
    expected: Any
    actual: Any


class Outcome(Struct, frozen=True):
    """A judged case: its status, what the checker said, how it differs from the ruling, and why."""

    case: Case
    status: Status
    actual: Mapping[str, Any]
    mismatches: tuple[Mismatch, ...]
    explanation: str
    seconds: float
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        c = self.case
        out: dict[str, Any] = {
            "id": c.id, "rules": c.setting, "status": self.status, "source": c.source, "group": c.group,
            "origin": c.origin, "question": c.question, "expected": c.expected.to_json(),
            "actual": dict(self.actual),
            "mismatches": [{"field": m.field, "expected": m.expected, "actual": m.actual} for m in self.mismatches],
            "explanation": self.explanation, "seconds": round(self.seconds, 3),
        }
        if self.reason:
            out["reason"] = self.reason
        if c.known_gap:
            out["known_gap"] = c.known_gap
        if c.date:
            out["source_date"] = c.date
        return out


def judge(case: Case, options: Options = Options()) -> Outcome:
    """Judge the case's board under its setting and compare; never raises for the board's sake."""
    start = time.monotonic()
    edition, conditional = split_setting(case.setting)
    try:
        board = parse_board(case.board, None, options.cards)
        opts = board.rules_options
        if conditional:
            opts = opts.model_copy(update={"conditional": conditional})
        verdict = check(board, rules=edition, options=opts, time_limit=options.time_limit,
                        ignore_unread=options.ignore_unread)
    except NothingToJudge as exc:
        return _outcome(case, "ERROR", {}, (), "", start, str(exc))
    except Exception as exc:  # one case's failure must not end the run
        return _outcome(case, "ERROR", {}, (), "", start, f"{type(exc).__name__}: {exc}")
    actual = observed(verdict)
    text = verdict.to_text()
    if verdict.not_understood and not options.ignore_unread:  # undecided by the checker too (text not understood)
        return _outcome(case, "UNDECIDED", actual, (), text, start,
                        "rules text not understood: " + "; ".join(verdict.not_understood))
    if verdict.legal is None:
        return _outcome(case, "UNDECIDED", actual, (), text, start,
                        f"the verdict is undecided ({verdict.undecided_reason or 'time limit'})")
    mismatches = compare(case.expected, verdict)
    return _outcome(case, "FAIL" if mismatches else "PASS", actual, mismatches, text, start)


def _outcome(case: Case, status: Status, actual: Mapping[str, Any], mismatches: tuple[Mismatch, ...],
             text: str, start: float, reason: str = "") -> Outcome:
    if case.known_gap and status in ("FAIL", "UNDECIDED"):
        status = "XFAIL"
    elif case.known_gap and status == "PASS":
        status = "XPASS"
    return Outcome(case, status, actual, mismatches, text, time.monotonic() - start, reason)


def cited(verdict: Verdict | DamageVerdict) -> list[str]:
    """The rule numbers the verdict says are broken, sorted, each once: the restrictions broken, and for a
    declaration obeying fewer requirements than it could, the requirements rule (508.1d or 509.1c)."""
    if isinstance(verdict, DamageVerdict):
        return sorted({v.rule for s in verdict.steps for v in s.violations})
    rules = {v.rule for v in verdict.violations}
    if (verdict.legal is False and verdict.maximum is not None and verdict.obeyed is not None
            and verdict.obeyed < verdict.maximum):
        rules.add("508.1d" if verdict.kind == "attack" else "509.1c")
    return sorted(rules)


def observed(verdict: Verdict | DamageVerdict) -> dict[str, Any]:
    """What the verdict rules, in the fields an expectation can pin."""
    out: dict[str, Any] = {"legal": verdict.legal, "violations": cited(verdict)}
    if verdict.legal is None:
        out["undecided_reason"] = verdict.undecided_reason or "time limit"
        out["if_ignored"] = verdict.if_ignored
    if isinstance(verdict, DamageVerdict):
        out["players"] = verdict.players
        out["destroyed"] = sorted(verdict.destroyed)
        out["declarations"] = {d.kind: d.legal for d in verdict.declarations}
    else:
        out.update(maximum=verdict.maximum, obeyed=verdict.obeyed,
                   better=None if verdict.better is None else [dict(b) for b in verdict.better])
    return out


def compare(expected: Expectation, verdict: Verdict | DamageVerdict) -> tuple[Mismatch, ...]:
    """Every pinned field of ``expected`` the verdict does not match."""
    out = []
    if verdict.legal != expected.legal:
        out.append(Mismatch("legal", expected.legal, verdict.legal))
    if expected.violations is not None and set(expected.violations) != set(cited(verdict)):
        out.append(Mismatch("violations", sorted(set(expected.violations)), cited(verdict)))
    for name in ("maximum", "obeyed"):
        want = getattr(expected, name)
        if want is None:
            continue
        got = None if isinstance(verdict, DamageVerdict) else getattr(verdict, name)
        if got != want:
            out.append(Mismatch(name, want, got))
    if expected.state is not None:
        out += _state(expected.state, verdict)
    if expected.declarations is not None:
        want_d = {k: v for k, v in expected.declarations.items() if v is not True}
        got_d = {d.kind: d.legal for d in verdict.declarations} if isinstance(verdict, DamageVerdict) else None
        if got_d != want_d:
            out.append(Mismatch("declarations", want_d, got_d))
    return tuple(out)


def _state(want: Mapping[str, Any], verdict: Verdict | DamageVerdict) -> list[Mismatch]:
    if not isinstance(verdict, DamageVerdict):
        return [Mismatch("state", dict(want), "no combat damage on this board")]
    out = []
    for pid, fields in want.get("players", {}).items():
        player = verdict.players.get(pid, {})
        got = {k: player.get(k) for k in fields}
        if got != dict(fields):
            out.append(Mismatch(f"players.{pid}", dict(fields), got))
    if "destroyed" in want and sorted(want["destroyed"]) != sorted(verdict.destroyed):
        out.append(Mismatch("destroyed", sorted(want["destroyed"]), sorted(verdict.destroyed)))
    return out
