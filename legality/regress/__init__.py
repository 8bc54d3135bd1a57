"""Regression suites of rules questions: collect cases, judge each, compare with the ruling, report.

    >>> from legality.regress import collect, run, Options, Report
    >>> suite = collect(["fixtures/rules"])
    >>> report = Report(tuple(run(suite.cases, Options())), suite.without_expectation)
    >>> report.green
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from legality.regress.answers import Answer, Pairing, pair, read_answers
from legality.regress.cases import Case, Entry, Suite, SuiteError, collect, read_entries, select
from legality.regress.expect import Expectation, ExpectationError, expectations
from legality.regress.judge import Options, Outcome, compare, judge
from legality.regress.report import Report, json_objects, junit, summary, text_lines
from legality.regress.run import run

SUITES = ("builtin",)


def builtin_suite() -> list[Path]:
    """The folders of the suite shipped with the project: the fixtures (installed as ``legality.suite``
    package data, or beside the package in a source checkout), without the JSON Lines copy of the article."""
    installed = files("legality").joinpath("suite")
    root = Path(str(installed)) if installed.is_dir() else Path(__file__).resolve().parents[2] / "fixtures"
    if not root.is_dir():
        raise SuiteError(["the built-in suite is not installed (no legality/suite package data, no fixtures/)"])
    return sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(("_", ".")))


__all__ = [
    "SUITES", "Answer", "Case", "Entry", "Expectation", "ExpectationError", "Options", "Outcome", "Pairing",
    "Report", "Suite", "SuiteError", "builtin_suite", "collect", "compare", "expectations", "json_objects",
    "judge", "junit", "pair", "read_answers", "read_entries", "run", "select", "summary", "text_lines",
]
