"""The rules table: every subrule of CR 506-511, of goad (701.38) and of the combat keywords of 702, with the
fixtures and tests that pin it or the reason it needs none (issue 40).

The data is ``docs/rules-table.json``: one entry a rule, ``rule`` (its number in the edition of June 2024), ``title``
(a line of our own, not the rule's text) and, where no fixture pins it, either ``none`` (why the rule needs no
fixture: it is a heading, defines a term pinned elsewhere, is about priority or triggers' timing, ...) or
``unpinned`` (an outcome rule no fixture pins yet, and why). What pins a rule is found, never listed by hand: the
rule numbers the fixtures cite (``meta.relied_on``, ``meta.source``, the violations their expectations name) and
the rule numbers test functions cite (name, docstring, body). ``docs/rules-table.md`` is rendered from the data.

The reference for rule numbers is ``tests/data/cr-2024-06-rule-numbers.txt``: every rule number of the
Comprehensive Rules of June 7, 2024, numbers only, derived from the rules JSON that ``get_cr.py`` writes (the data
file of the PyPI package mightstone 0.12.0, fetched with pip: not available to the tests, hence the list).

    python tests/rules_table.py                     # write docs/rules-table.md from the data and the fixtures
    python tests/rules_table.py --numbers CR.json   # write the rule-number list from get_cr.py's output
"""

from __future__ import annotations

import ast
import json
import re
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "rules-table.json"
MARKDOWN = ROOT / "docs" / "rules-table.md"
NUMBERS = ROOT / "tests" / "data" / "cr-2024-06-rule-numbers.txt"
SECTIONS = ("506", "507", "508", "509", "510", "511")
"""Whole sections the table covers; the keyword rules it covers are the data's headings under 701 and 702."""

# "510.1a", "702.19b-f" / "702.19b–f" (a range of letters), "509.1b/c"? no: only ranges with a dash are expanded
CITATION = re.compile(r"(?<![\d.])(\d{3}\.\d+)([a-z]?)(?:\s*[-–]\s*([a-z])\b)?(?![\d])")
LETTERS = "abcdefghijkmnpqrstuvwxyz"  # the CR skips l and o
META_FIELDS = ("relied_on", "source")
SKIP_TESTS = ("test_rules_table.py",)


def citations(text: str) -> set[str]:
    """The rule numbers a text cites, letter ranges (``510.1a-d``) expanded."""
    out: set[str] = set()
    for base, first, last in CITATION.findall(text):
        if first and last and first in LETTERS and last in LETTERS:
            out.update(base + c for c in LETTERS[LETTERS.index(first):LETTERS.index(last) + 1])
        else:
            out.add(base + first)
    return out


def boards() -> Iterator[tuple[str, dict[str, Any]]]:
    """Every fixture board, with where it is (``fixtures/...json`` or ``fixtures/...jsonl#id``)."""
    for path in sorted(ROOT.joinpath("fixtures").rglob("*.json*")):
        rel = path.relative_to(ROOT).as_posix()
        if path.suffix == ".json":
            yield rel, json.loads(path.read_text())
        elif path.suffix == ".jsonl":
            for line in path.read_text().splitlines():
                if line.strip():
                    board = json.loads(line)
                    yield f"{rel}#{board.get('id')}", board


def violations_named(expect: Any) -> Iterator[str]:
    """The rule numbers an expectation names as broken (``expect``'s objects, ``expect_violations``)."""
    if isinstance(expect, dict):
        for key, value in expect.items():
            if key == "violations" and isinstance(value, list):
                yield from (v for v in value if isinstance(v, str))
            else:
                yield from violations_named(value)
    elif isinstance(expect, list):
        for value in expect:
            if isinstance(value, str):
                yield value


def fixture_citations() -> dict[str, set[str]]:
    """Fixture → the rule numbers it cites."""
    out: dict[str, set[str]] = {}
    for where, board in boards():
        meta = board.get("meta") or {}
        cited: set[str] = set()
        for field in META_FIELDS:
            if isinstance(meta.get(field), str):
                cited |= citations(meta[field])
        for field in ("expect", "expect_violations"):
            for rule in violations_named(meta.get(field)):
                cited |= citations(rule)
        out[where] = cited
    return out


def known_gaps() -> set[str]:
    """The fixtures marked ``known_gap``: the checker is known to disagree with their expectation."""
    return {where for where, board in boards() if (board.get("meta") or {}).get("known_gap")}


def checked_citations() -> dict[str, set[str]]:
    """Fixture → the rule numbers it cites as current rules (``relied_on``, named violations, and ``source`` where
    it names the edition of June 2024): these must exist in that edition (or be the later number of a rule the
    table gives, or an older edition's rule the fixture's source is about: the test's ``OLDER``)."""
    out: dict[str, set[str]] = {}
    for where, board in boards():
        meta = board.get("meta") or {}
        cited = citations(meta["relied_on"]) if isinstance(meta.get("relied_on"), str) else set()
        if isinstance(meta.get("source"), str) and "June 2024" in meta["source"]:
            cited |= citations(meta["source"])  # a source naming this edition cites its numbers
        for field in ("expect", "expect_violations"):
            for rule in violations_named(meta.get(field)):
                cited |= citations(rule)
        out[where] = cited
    return out


def test_citations() -> dict[str, set[str]]:
    """``tests/file.py::test_function`` → the rule numbers its name, docstring and body cite."""
    out: dict[str, set[str]] = {}
    for path in sorted(ROOT.joinpath("tests").glob("test_*.py")):
        if path.name in SKIP_TESTS:
            continue
        source = path.read_text()
        lines = source.splitlines()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"):
                text = "\n".join(lines[node.lineno - 1:node.end_lineno])
                cited = citations(text) | citations(re.sub(r"(\d)_(\d)", r"\1.\2", node.name))
                if cited:
                    out[f"tests/{path.name}::{node.name}"] = cited
    return out


def load() -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = json.loads(DATA.read_text())["rules"]
    return entries


def pinned_by() -> dict[str, list[str]]:
    """Rule → the fixtures and tests that cite it (fixtures first)."""
    out: dict[str, list[str]] = defaultdict(list)
    for source in (fixture_citations(), test_citations()):
        for where, rules in source.items():
            for rule in rules:
                out[rule].append(where)
    return out


def pins_of(entry: dict[str, Any], pins: dict[str, list[str]]) -> list[str]:
    """What cites the rule, by its number in the edition of June 2024 or in the later edition the checker
    cites (``later``: goad is 701.38 in June 2024, 701.15 after)."""
    where = list(pins.get(entry["rule"], []))
    if "later" in entry:
        where += [w for w in pins.get(entry["later"], []) if w not in where]
    return where


def is_outcome(entry: dict[str, Any]) -> bool:
    return "none" not in entry


def share(entries: list[dict[str, Any]], pins: dict[str, list[str]]) -> tuple[int, int]:
    """(outcome rules pinned, outcome rules)."""
    outcome = [e for e in entries if is_outcome(e)]
    return sum(1 for e in outcome if pins_of(e, pins)), len(outcome)


def _link(where: str, gaps: set[str]) -> str:
    path, _, board_id = where.partition("#")
    if "::" in path:
        file, _, func = path.partition("::")
        return f"[`{func}`](../{file})"
    name = board_id or Path(path).stem
    return f"[`{name}`](../{path})" + (" (known gap)" if where in gaps else "")


SHOWN = 4


def render(entries: list[dict[str, Any]] | None = None, pins: dict[str, list[str]] | None = None) -> str:
    entries = load() if entries is None else entries
    pins = pinned_by() if pins is None else pins
    data = json.loads(DATA.read_text())
    pinned, total = share(entries, pins)
    gaps = known_gaps()
    only_gaps = [e["rule"] for e in entries if is_outcome(e) and pins_of(e, pins)
                 and all(w in gaps for w in pins_of(e, pins))]
    lines = [
        "# Combat rules and what pins them",
        "",
        "<!-- Rendered by `python tests/rules_table.py` from docs/rules-table.json and the fixtures; "
        "tests/test_rules_table.py fails when this file is out of date. -->",
        "",
        "Every subrule of CR 506-511, of goad (701.38) and of the combat keywords of 702, numbered as in the "
        "Comprehensive Rules of June 7, 2024, with the fixtures and tests that cite it (`meta.relied_on`, "
        "`meta.source` and the violations a fixture expects; the rule numbers a test function names) or the "
        "reason it needs none. Titles are our own summaries, not the rules' text.",
        "",
        f"**Outcome rules pinned: {pinned} of {total} ({100 * pinned / total:.1f}%).** An outcome rule is one "
        "whose text decides a verdict the checker gives (a declaration's legality, an assignment's, the "
        "results of combat damage); the others are headings, definitions pinned under another number, "
        "priority and triggers' timing, or things outside the combat the checker judges. An outcome rule no "
        "fixture pins yet says why under \"not pinned\". A fixture marked \"(known gap)\" keeps the rules' "
        "answer where the checker is known to give another (`meta.known_gap`); "
        + (f"{len(only_gaps)} outcome rule(s) are pinned only by such fixtures: {', '.join(only_gaps)}."
           if only_gaps else "no outcome rule is pinned only by such fixtures."),
        "",
    ]
    if data.get("missing_from_source"):
        lines += [data["missing_from_source"], ""]
    for i, entry in enumerate(entries):
        if i == 0 or entries[i - 1]["group"] != entry["group"]:
            lines += [f"## {entry['group']}", "", "| rule | about | pinned by, or why none |", "|---|---|---|"]
        where = pins_of(entry, pins)
        if where:
            shown = ", ".join(_link(w, gaps) for w in where[:SHOWN])
            if len(where) > SHOWN:
                shown += f" and {len(where) - SHOWN} more"
        elif "none" in entry:
            shown = f"none needed: {entry['none']}"
        elif "unpinned" in entry:
            shown = f"**not pinned**: {entry['unpinned']}"
        else:
            shown = "**nothing**"
        later = f" ({entry['later']} later)" if "later" in entry else ""
        lines.append(f"| {entry['rule']}{later} | {entry['title']} | {shown} |")
        if i == len(entries) - 1 or entries[i + 1]["group"] != entry["group"]:
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def write_numbers(cr_json: Path) -> None:
    rules = json.loads(cr_json.read_text())["rules"]
    header = ("# Every rule number of the Comprehensive Rules effective June 7, 2024 (numbers only), derived with\n"
              "# `python tests/rules_table.py --numbers CR.json` from the output of get_cr.py (the rules data of\n"
              "# the PyPI package mightstone 0.12.0). That data lacks 702.16g-k and 702.22b (docs/rules-table.md).\n")
    NUMBERS.write_text(header + "\n".join(sorted(rules, key=sort_key)) + "\n")


def sort_key(rule: str) -> tuple[int, int, int]:
    m = re.fullmatch(r"(\d+)(?:\.(\d+)([a-z]?))?", rule)
    assert m, rule
    return int(m.group(1)), int(m.group(2) or -1), LETTERS.index(m.group(3)) + 1 if m.group(3) else 0


def known_numbers() -> set[str]:
    return {ln.strip() for ln in NUMBERS.read_text().splitlines() if ln.strip() and not ln.startswith("#")}


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--numbers":
        write_numbers(Path(sys.argv[2]))
    elif len(sys.argv) == 1:
        MARKDOWN.write_text(render())
    else:
        print(__doc__.strip().splitlines()[-2:], file=sys.stderr)
        sys.exit(2)
