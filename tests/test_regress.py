"""``legality regress``: cases from boards' expectations, compared with the checker; exit codes, reports,
engine answers, bad input.

The small boards here rest on CR 702.9b (a creature with flying can't be blocked except by creatures
with flying and/or reach) and CR 508.1a/302.6; a case "expected" to be legal where 702.9b makes it
illegal is a planted failure, said so where it is made.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from junitparser import JUnitXml

from cli import main
from legality.regress import Options, Report, builtin_suite, collect, expectations, read_entries, run, select

ROOT = Path(__file__).resolve().parent.parent

FLYER_BLOCKED: dict[str, Any] = {
    "version": 1, "id": "flyer-blocked", "active_player": "A",
    "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
    "permanents": [
        {"id": "bird", "name": "2/2 flyer", "controller": "A", "power": 2, "toughness": 2, "oracle": "Flying"},
        {"id": "bear", "name": "Grizzly Bears", "controller": "B"},
    ],
    "attacks": [{"attacker": "bird", "target": "B"}],
    "blocks": [{"blocker": "bear", "attacker": "bird"}],
}
"""Illegal under every edition: 702.9b (the Bears have neither flying nor reach)."""


def board(board_id: str, meta: dict[str, Any] | None, oracle: str | None = None) -> dict[str, Any]:
    out = copy.deepcopy(FLYER_BLOCKED)
    out["id"] = board_id
    if oracle is not None:
        out["permanents"][0]["oracle"] = oracle
    if meta is not None:
        out["meta"] = {"source": "CR 702.9b", "question": f"question of {board_id}", **meta}
    return out


def write(folder: Path, name: str, data: dict[str, Any]) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return path


def invoke(*args: str) -> tuple[int, str]:
    """Exit code and everything printed (standard output and error, as a terminal shows them)."""
    result = CliRunner().invoke(main, ["regress", *args])
    return result.exit_code, result.output


def invoke_json(*args: str) -> tuple[int, list[dict[str, Any]]]:
    """Exit code and the JSON objects on standard output (the summary goes to standard error)."""
    result = CliRunner().invoke(main, ["regress", *args, "--json"])
    return result.exit_code, [json.loads(line) for line in result.stdout.splitlines()]


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    """A pass, a planted failure, an undecided case (rules text the checker can't read) and a board
    with no expectation."""
    write(tmp_path, "a/pass.json", board("pass", {"expect": {"current": False}}))
    write(tmp_path, "a/fail.json", board("fail", {"expect": {"current": True}}))  # planted: 702.9b says illegal
    write(tmp_path, "b/unread.json", board("unread", {"expect": {"current": False}},
                                           oracle="Flying\nThis creature can't be blocked on Tuesdays."))
    write(tmp_path, "b/bare.json", board("bare", None))
    return tmp_path


def test_folder_gives_a_line_per_case_details_for_failures_and_a_summary(suite: Path) -> None:
    code, out = invoke(str(suite))
    assert code == 1
    lines = out.splitlines()
    assert any(line.startswith("PASS") and "pass [current]" in line and "question of pass" in line for line in lines)
    assert any(line.startswith("FAIL") and "fail [current]" in line for line in lines)
    assert any(line.startswith("UNDECIDED") and "unread [current]" in line for line in lines)
    assert "NO EXPECTATION bare" in out
    fail_block = out.split("FAIL      fail [current]")[1].split("\n\n")[0]
    assert "legal" in fail_block and "illegal" in fail_block  # the rulings side by side
    assert "702.9b" in fail_block  # with the checker's explanation
    assert "not understood" in out
    assert "summary: 3 cases: 1 pass, 1 fail, 1 undecided; 1 board(s) with no expectation (not counted)" in out
    assert f"  {suite.name}/a " in out and f"  {suite.name}/b " in out  # per source (folder)
    assert out.rstrip().endswith("result: FAILED")


def test_only_passes_exit_0_and_an_undecided_case_never_passes(suite: Path) -> None:
    assert invoke(str(suite / "a/pass.json"))[0] == 0
    assert invoke(str(suite / "b/unread.json"))[0] == 1
    assert invoke(str(suite / "b/unread.json"), "--ignore-unread")[0] == 0


def test_boards_without_expectation_are_not_passes(suite: Path) -> None:
    code, out = invoke(str(suite / "b/bare.json"))
    assert code == 1
    assert "no case was judged" in out


def test_known_gap_is_xfail_listed_and_green(tmp_path: Path) -> None:
    write(tmp_path, "gap.json", board("gap", {"expect": {"current": True}, "known_gap": "planted for the test"}))
    code, out = invoke(str(tmp_path))
    assert code == 0
    assert out.startswith("XFAIL")
    assert "known gaps" in out and "gap [current]: planted for the test" in out


def test_selection_by_pattern_and_edition(suite: Path) -> None:
    code, out = invoke(str(suite), "-k", "pass")
    assert code == 0 and "1 case:" in out
    write(suite, "a/editions.json", board("editions", {"expect": {"current": False, "2006": False, "m10": False}}))
    code, out = invoke(str(suite / "a/editions.json"), "--rules", "2006")
    assert code == 0 and "[2006]" in out and "[current]" not in out


def test_pinned_violations_maximum_and_damage_results(tmp_path: Path) -> None:
    write(tmp_path, "right.json", board("right", {"expect": {"current": {"legal": False, "violations": ["702.9b"]}}}))
    write(tmp_path, "wrong.json", board("wrong", {"expect": {"current": {"legal": False, "violations": ["509.1c"]}}}))
    code, rows = invoke_json(str(tmp_path))
    assert code == 1
    results = {r["id"]: r for r in rows}
    assert results["right"]["status"] == "PASS"
    assert results["wrong"]["status"] == "FAIL"
    assert results["wrong"]["mismatches"] == [{"field": "violations", "expected": ["509.1c"], "actual": ["702.9b"]}]
    # Gorilla Berserkers against two Razorgrass Screens and a Bear, no block (509.1c and its menace example):
    # two requirements could be obeyed, none is: the requirements rule counts among the rules broken.
    gorilla = json.loads((ROOT / "fixtures/article/gorilla-no-block.json").read_text())
    gorilla["meta"]["expect"] = {"current": {"legal": False, "violations": ["509.1c"], "maximum": 2, "obeyed": 0}}
    write(tmp_path / "req", "gorilla.json", gorilla)
    assert invoke(str(tmp_path / "req"))[0] == 0
    # Damage: the 3/3 double striker with trample against a 2/2 (CR 702.4b, 510.4, 702.19d): 1 + 3 to B.
    damage = json.loads((ROOT / "fixtures/damage/double-strike-trample.json").read_text())
    damage["meta"]["expect_state"]["players"]["B"]["life"] = 17  # planted: the source says 16
    write(tmp_path / "dmg", "ds.json", damage)
    code, out = invoke(str(tmp_path / "dmg"), "--rules", "current")
    assert code == 1 and "players.B" in out and '{"life": 17}' in out and '{"life": 16}' in out


def test_junit_counts_tests_failures_and_skips(suite: Path, tmp_path: Path) -> None:
    report = tmp_path / "report.xml"
    code, _ = invoke(str(suite), "--junit", str(report))
    assert code == 1
    xml = JUnitXml.fromfile(str(report))
    assert (xml.tests, xml.failures, xml.errors, xml.skipped) == (4, 2, 0, 1)
    cases = {c.name: c for s in xml for c in s}
    assert set(cases) == {"pass[current]", "fail[current]", "unread[current]", "bare"}
    failure = cases["fail[current]"].result[0]
    assert "702.9b" in (failure.text or "")


def test_answers_mode_finds_exactly_the_planted_disagreements(tmp_path: Path) -> None:
    """Answers agree with the sources' rulings (which the checker matches) except three flipped ones."""
    folder = ROOT / "fixtures/questions/cr-rules"
    suite_ = collect([folder])
    answers = [{"id": c.id, "rules": c.setting, "legal": c.expected.legal} for c in suite_.cases]
    flipped = {0, 5, 9}
    for k in flipped:
        answers[k]["legal"] = not answers[k]["legal"]
    answers.append({"id": "no-such-board", "rules": "current", "legal": True})
    left_out = suite_.cases[-1].id
    answers = [a for a in answers if a["id"] != left_out]
    file = tmp_path / "answers.jsonl"
    file.write_text("".join(json.dumps(a) + "\n" for a in answers))
    code, rows = invoke_json(str(folder), "--answers", str(file))
    assert code == 1
    failed = {(r["id"], r["rules"]) for r in rows if r["status"] == "FAIL"}
    assert failed == {(suite_.cases[k].id, suite_.cases[k].setting) for k in flipped}
    for r in rows:
        if r["status"] == "FAIL" and r["expected"]["legal"] is True:  # the engine accepted an illegal declaration
            assert r["actual"]["better"] is not None and "better" in r["explanation"]
    accepted_illegal = [r["id"] for r in rows if r["status"] == "FAIL" and r["expected"]["legal"] is True]
    _, text = invoke(str(folder), "--answers", str(file))
    assert accepted_illegal and text.count("a legal declaration instead: ") == len(accepted_illegal)
    assert [r["id"] for r in rows if r["status"] == "UNKNOWN ID"] == ["no-such-board"]
    assert [r["id"] for r in rows if r["status"] == "NO ANSWER"] == [left_out]


@pytest.mark.parametrize(("content", "where"), [
    ("{not json", "$: not valid JSON"),
    (json.dumps(board("x", {"expect": {"current": "yes"}})), "$.meta.expect.current: must be true, false"),
    (json.dumps(board("x", {"expect": {"1999": True}})), "$.meta.expect.1999: unknown edition"),
    (json.dumps(board("x", {"expect": {"current": {"legal": False, "maximum": -1}}})), "$.meta.expect.current.maximum"),
    (json.dumps({**board("x", {"expect": {"current": False}}), "players": []}), "$.players"),
])
def test_bad_board_files_exit_2_with_file_and_path(tmp_path: Path, content: str, where: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, out = invoke(str(path))
    assert code == 2
    assert str(path) in out and where in out
    assert "Traceback" not in out


def test_bad_lines_and_answers_exit_2_with_line(tmp_path: Path) -> None:
    lines = tmp_path / "boards.jsonl"
    lines.write_text(json.dumps(board("ok", {"expect": {"current": False}})) + "\n[1, 2]\n")
    code, out = invoke(str(lines))
    assert code == 2 and f"{lines}:2: $:" in out
    good = write(tmp_path, "one.json", board("one", {"expect": {"current": False}}))
    answers = tmp_path / "answers.jsonl"
    answers.write_text('{"id": "one", "rules": "current", "legal": "no"}\n')
    code, out = invoke(str(good), "--answers", str(answers))
    assert code == 2 and f"{answers}:1: $.legal" in out
    assert invoke(str(tmp_path / "missing"))[0] == 2


def test_expectations_combine_board_wide_pins_per_setting() -> None:
    meta = {"expect": {"current": False, "2006": True, "current/implication": False},
            "expect_violations": ["509.1c"], "expect_maximum": {"current": 7, "2006": 6}}
    got = expectations(meta)
    assert got["current"].violations == ("509.1c",) and got["current"].maximum == 7
    assert got["2006"].violations is None and got["2006"].maximum == 6  # violations pin only illegal settings
    assert got["current/implication"].maximum == 7  # by its edition


def test_builtin_suite_passes() -> None:
    """Every fixture and published question gets its source's ruling (known gaps aside)."""
    found = collect(builtin_suite())
    assert len(found.cases) > 600
    assert any(c.group.startswith("questions") for c in found.cases)
    outcomes = run(select(found.cases), Options(), jobs=2)
    report = Report(tuple(outcomes), found.without_expectation)
    bad = [(o.case.id, o.case.setting, o.status) for o in outcomes if o.status not in ("PASS", "XFAIL", "XPASS")]
    assert not bad and report.green


QUESTIONS = ROOT / "fixtures/questions"
RULE = re.compile(r"\b\d{3}\.\d+[a-z]?\b")
DATE = re.compile(r"^\d{4}(-\d{2}(-\d{2})?)?$")


def test_published_questions_name_their_article_edition_and_rule() -> None:
    """Every Cranial Insertion case gives its article (title, date, address), the question and ruling in our own
    words, the edition(s) its ruling belongs to and the rule it rests on."""
    entries = read_entries([QUESTIONS / "cranial-insertion"])
    assert entries
    for e in entries:
        meta = e.meta
        assert str(meta.get("source_url", "")).startswith(("http://", "https://")), e.origin
        assert DATE.match(str(meta.get("source_date", ""))), e.origin
        assert meta.get("source_title") and meta.get("question") and meta.get("ruling"), e.origin
        assert meta.get("expect"), e.origin  # the edition(s): each setting it names
        assert RULE.search(str(meta.get("relied_on", ""))), e.origin
        assert meta.get("question_key") and meta.get("mechanics"), e.origin


def test_no_two_published_questions_are_the_same_board() -> None:
    """A board (everything but its id and meta) appears once among the published questions."""
    seen: dict[str, str] = {}
    for e in read_entries([QUESTIONS]):
        key = json.dumps({k: v for k, v in e.data.items() if k not in ("id", "meta")}, sort_keys=True)
        assert key not in seen, f"{e.origin} is the same board as {seen.get(key)}"
        seen[key] = e.origin


def test_published_question_boards_are_valid_input() -> None:
    """`legality check` on each Cranial Insertion board exits 0, 1 or 3 (a ruling or undecided), never 2."""
    for e in read_entries([QUESTIONS / "cranial-insertion"]):
        result = CliRunner().invoke(main, ["check", "-"], input=json.dumps(e.data))
        assert result.exit_code in (0, 1, 3), (e.origin, result.output)


def test_summary_tables_count_each_outcome_per_edition_source_and_year(tmp_path: Path) -> None:
    """Columns passed / failed / undecided / errors / known gaps / gaps passing, per edition, per source and,
    for boards that give meta.source_date, per source and year."""
    dated = {"source_date": "2012-03"}
    write(tmp_path, "q/pass.json", board("pass", {"expect": {"current": False, "m10": False}, **dated}))
    write(tmp_path, "q/fail.json", board("fail", {"expect": {"current": True}, **dated}))  # planted: 702.9b
    write(tmp_path, "q/gap.json", board("gap", {"expect": {"current": True}, "known_gap": "planted", **dated}))
    write(tmp_path, "q/xpass.json", board("xpass", {"expect": {"current": False}, "known_gap": "fixed since",
                                                  "source_date": "2009"}))
    code, out = invoke(str(tmp_path))
    assert code == 1
    rows = {m.group(1): m.group(2).split() for m in
            (re.match(r"^  (\S.*?)\s+((?:\d+\s+){6}\d+)$", line) for line in out.splitlines()) if m}
    head = next(line for line in out.splitlines() if line.strip().startswith("per edition"))
    assert head.split()[2:] == ["cases", "passed", "failed", "undecided", "errors", "known", "gaps", "gaps", "passing"]
    assert rows["current"] == ["4", "1", "1", "0", "0", "1", "1"]
    assert rows["m10"] == ["1", "1", "0", "0", "0", "0", "0"]
    source = f"{tmp_path.name}/q"
    assert rows[source] == ["5", "2", "1", "0", "0", "1", "1"]
    assert rows[f"{source} 2012"] == ["4", "2", "1", "0", "0", "1", "0"]
    assert rows[f"{source} 2009"] == ["1", "0", "0", "0", "0", "0", "1"]
    assert "known gap no longer shows (fixed since)" in out


def test_json_results_carry_pinned_counts_and_the_source_date(tmp_path: Path) -> None:
    gorilla = json.loads((ROOT / "fixtures/article/gorilla-no-block.json").read_text())
    gorilla["meta"]["expect"] = {"current": {"legal": False, "maximum": 2, "obeyed": 0}}
    gorilla["meta"]["source_date"] = "2006-10-16"
    write(tmp_path, "gorilla.json", gorilla)
    code, rows = invoke_json(str(tmp_path))
    assert code == 0
    assert rows[0]["expected"] == {"legal": False, "maximum": 2, "obeyed": 0}
    assert rows[0]["source_date"] == "2006-10-16"


def test_builtin_suite_as_json_is_one_object_per_case() -> None:
    """``--json`` over the whole builtin suite: every line is a JSON object, one per case, and pinned counts
    (``"maximum": 5``) are printed as the numbers they are."""
    result = CliRunner().invoke(main, ["regress", "--suite", "builtin", "--json", "--jobs", "2"])
    assert result.exit_code == 0, result.output[-2000:]
    objects = [json.loads(line) for line in result.stdout.splitlines()]
    cases = collect(builtin_suite()).cases
    assert len(objects) == len(cases) and all(isinstance(o, dict) for o in objects)
    assert {(o["id"], o["rules"]) for o in objects} == {(c.id, c.setting) for c in cases}
    pinned = [o["expected"] for o in objects if "maximum" in o["expected"]]
    assert pinned and all(type(e["maximum"]) is int for e in pinned)
    assert any("state" in o["expected"] and isinstance(o["expected"]["state"], dict) for o in objects)
    assert any("violations" in o["expected"] and isinstance(o["expected"]["violations"], list) for o in objects)
