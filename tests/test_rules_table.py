"""The rules table (docs/rules-table.json, rendered as docs/rules-table.md; issue 40): every subrule of CR 506-511,
goad and the combat keywords is listed, each is pinned by a fixture or test or says why it needs none, the
fixtures cite only rule numbers the Comprehensive Rules have, and the Markdown and the README's share are
up to date. The reference is the list of rule numbers of the June 2024 edition in tests/data (see rules_table.py).
"""

from __future__ import annotations

import re

import pytest
from rules_table import (
    MARKDOWN,
    ROOT,
    SECTIONS,
    checked_citations,
    citations,
    known_numbers,
    load,
    pinned_by,
    pins_of,
    render,
    share,
)

OLDER = {"501.2": "the 2003 rules' evasion rule (fixtures/questions/cr-examples/2003-evasion.jsonl)"}
"""Rule numbers of an older edition a fixture may cite because its source is that edition."""
LACKING = {f"702.16{x}" for x in "ghijk"} | {"702.22b"}
"""Rules of the June 2024 edition that the rules data the numbers were derived from lacks (its header says so):
protection's subrules on what it does to players and from everything, banding's second subrule."""


def test_citations_expand_letter_ranges() -> None:
    assert citations("510.1a-d, 704.5g") == {"510.1a", "510.1b", "510.1c", "510.1d", "704.5g"}
    assert citations("CR 702.19b–c and 506.4") == {"702.19b", "702.19c", "506.4"}
    assert citations("rule 702.22h") == {"702.22h"}
    assert citations("a 5/5 for 12.50") == set()


def test_the_table_lists_every_rule_of_its_sections_and_keywords() -> None:
    """The table's rules are exactly the edition's rules under 506-511 and under each keyword it lists."""
    entries = load()
    listed = [e["rule"] for e in entries]
    assert len(listed) == len(set(listed)), "a rule is listed twice"
    heads = {e["rule"] for e in entries if "." in e["rule"] and e["rule"].split(".")[0] in ("701", "702")
             and re.fullmatch(r"\d+\.\d+", e["rule"])}
    numbers = known_numbers()
    want = {n for n in numbers if n.split(".")[0] in SECTIONS
            or any(n == h or re.fullmatch(re.escape(h) + "[a-z]", n) for h in heads)}
    assert set(listed) == want, (sorted(want - set(listed)), sorted(set(listed) - want))


def test_every_rule_is_pinned_or_says_why_not() -> None:
    pins = pinned_by()
    bare = [e["rule"] for e in load() if not pins_of(e, pins) and "none" not in e and "unpinned" not in e]
    assert not bare, f"rules with neither a fixture or test citing them nor a reason: {bare}"


def test_a_pinned_rule_drops_its_unpinned_mark() -> None:
    pins = pinned_by()
    stale = {e["rule"]: pins_of(e, pins)[:3] for e in load() if "unpinned" in e and pins_of(e, pins)}
    assert not stale, f"these rules are pinned now: remove `unpinned` from docs/rules-table.json: {stale}"


def test_fixtures_cite_rules_the_edition_has() -> None:
    """A fixture's ``relied_on`` and the violations it expects name rules of the June 2024 edition, or the
    later number of a rule the table gives (``later``), or an older edition's rule its source is about."""
    numbers = known_numbers() | {e["later"] for e in load() if "later" in e} | set(OLDER) | LACKING
    bad = {where: sorted(c - numbers) for where, c in checked_citations().items() if c - numbers}
    assert not bad, f"rule numbers the Comprehensive Rules don't have: {bad}"


def test_the_markdown_is_rendered_from_the_data() -> None:
    assert MARKDOWN.read_text() == render(), "docs/rules-table.md is out of date: run python tests/rules_table.py"


def test_the_readme_links_the_table_and_gives_its_share() -> None:
    readme = (ROOT / "README.md").read_text()
    pinned, total = share(load(), pinned_by())
    assert "(docs/rules-table.md)" in readme
    assert f"{pinned} of {total} outcome rules" in readme, f"the README should say {pinned} of {total} outcome rules"


def test_a_made_up_rule_number_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted: a fixture relying on 702.19z (no such rule) and naming 510.1f (none) as broken."""
    import rules_table

    fake = {"id": "fake", "meta": {"relied_on": "702.19z, 510.1c", "expect": {"current": {"legal": False,
                                                                                 "violations": ["510.1f"]}}}}
    monkeypatch.setattr(rules_table, "boards", lambda: iter([("fixtures/fake.json", fake)]))
    (cited,) = rules_table.checked_citations().values()
    assert cited - known_numbers() == {"702.19z", "510.1f"}
