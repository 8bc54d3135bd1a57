"""The ``legality`` command through click's CliRunner: exit codes, JSON output, batch, options, schema."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import legality.solve
from cli import main
from legality.solve import Best

ROOT = Path(__file__).resolve().parent.parent
GORILLA = str(ROOT / "fixtures/article/gorilla-no-block.json")
VORINE = str(ROOT / "fixtures/article/vorine-giant-vorine-dog-bears.json")


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.output


def test_check_exit_codes_follow_the_verdict() -> None:
    assert run("check", GORILLA)[0] == 1  # current: illegal (509.1c)
    assert run("check", GORILLA, "--rules", "2006")[0] == 0  # 2006 rule 500.5: legal
    assert run("check", VORINE)[0] == 0


def test_check_text_names_rules_and_offers_a_fix() -> None:
    code, out = run("check", GORILLA)
    assert code == 1
    assert "ILLEGAL" in out and "509.1c" in out
    assert "better: screen1 blocks gorilla, screen2 blocks gorilla, bear blocks gorilla" in out
    assert "under rules 2006 this declaration would be legal" in out


def test_check_json_is_the_contract_verdict() -> None:
    code, out = run("check", GORILLA, "--json")
    v = json.loads(out)
    assert code == 1
    assert v["kind"] == "block" and v["legal"] is False and v["rules"] == "current"
    assert v["requirements"]["obeyed"] == 0 and v["requirements"]["maximum"] == 2
    assert v["better"] == [{"blocker": "screen1", "attacker": "gorilla"}, {"blocker": "screen2", "attacker": "gorilla"},
                           {"blocker": "bear", "attacker": "gorilla"}]
    assert v["alternatives"] == {"rules=2006": True}
    assert v["id"] == "gorilla-no-block"


def test_check_reads_standard_input() -> None:
    code, out = run("check", "-", "--rules", "2006", stdin=Path(GORILLA).read_text())
    assert code == 0 and out.startswith("LEGAL")


def test_switch_options_override_the_board() -> None:
    bey = str(ROOT / "fixtures/article/bey-attacks-alone.json")
    assert run("check", bey)[0] == 0
    assert run("check", bey, "--conditional", "implication")[0] == 1


def test_violation_message_names_rule_and_permanents() -> None:
    code, out = run("check", "--json", str(ROOT / "fixtures/article/wight-flying-before-block.json"))
    v = json.loads(out)
    assert code == 1
    assert v["violations"][0]["rule"] == "702.9b"
    assert v["violations"][0]["permanents"] == ["gatekeeper", "wight"]
    assert "flying" in v["violations"][0]["message"]


def test_undecided_when_the_solver_runs_out_of_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """A time-out is never a verdict: exit 3 and legal null (performance notes §4)."""
    monkeypatch.setattr(legality.solve, "EXHAUSTIVE_ATOMS", 0)
    monkeypatch.setattr(legality.solve, "best_near", lambda *a, **k: Best("unknown", 0, None))
    code, out = run("check", GORILLA, "--json")
    v = json.loads(out)
    assert code == 3
    assert v["legal"] is None and v["undecided"] is True and v["better"] is None


def test_time_limit_bounds_the_whole_verdict(tmp_path: Path) -> None:
    """--time-limit is one deadline for every solve of a verdict (main judgement, each defending
    player's problem, the alternatives), not a limit per solve: a large board with three defending
    players and costs (so 3 problems x 3 judgements) stays within a generous bound of it. What is not
    settled in time is undecided or "at least N" (a behaviour test, not a benchmark)."""
    import time

    from boards import large_block_board

    f = tmp_path / "big.json"
    f.write_text(json.dumps(large_block_board(1, 90, 135, ["B", "C", "D"])))
    limit = 1.0
    start = time.monotonic()
    code, out = run("check", str(f), "--time-limit", str(limit), "--json")
    elapsed = time.monotonic() - start
    v = json.loads(out)
    assert elapsed < 3 * limit + 1, f"{elapsed:.1f} s for --time-limit {limit}"
    assert code == {True: 0, False: 1, None: 3}[v["legal"]]
    if v["legal"] is not None and not v["requirements"]["maximum_proven"]:
        assert v["requirements"]["maximum"] is not None


def test_options_lists_and_counts() -> None:
    code, out = run("options", GORILLA, "--rules", "2006", "--json")
    listing = json.loads(out)
    assert code == 0
    assert listing["count"] == 2 and listing["count_complete"] is True
    assert [] in listing["declarations"]
    code, out = run("options", GORILLA, "--limit", "0")
    assert code == 0 and "1 legal declaration" in out


def test_options_for_attackers_when_none_declared(tmp_path: Path) -> None:
    board = json.loads((ROOT / "fixtures/article/cyclops-alone.json").read_text())
    board.pop("attacks")
    f = tmp_path / "b.json"
    f.write_text(json.dumps(board))
    listing = json.loads(run("options", str(f), "--json", "--rules", "2006")[1])
    got = sorted(sorted(a["attacker"] for a in d) for d in listing["declarations"])
    assert got == [[], ["cyclops"], ["cyclops", "minotaur"]]  # the article's answer


def test_options_list_attacking_bands_and_the_costs_each_pays(tmp_path: Path) -> None:
    """508.1e/702.22c: announcing bands is part of declaring attackers. Two creatures with banding (a, b)
    and one without (c), no requirements, one opponent: no attack (1), one attacker (3), two (3 pairs,
    each unbanded or one band: 6), all three (no band, ab, ac, bc, abc: 5; never a band of two without
    banding) = 15. Ghostly Prison's tax (2 per attacker) is shown on each row (508.1h)."""
    creature = {"controller": "A", "power": 1, "toughness": 1, "oracle": ""}
    board = {"version": 1, "active_player": "A",
             "players": [{"id": "A", "life": 20, "mana_available": 6}, {"id": "B", "life": 20}],
             "permanents": [{**creature, "id": "a", "name": "Bander A", "keywords": ["banding"]},
                            {**creature, "id": "b", "name": "Bander B", "keywords": ["banding"]},
                            {**creature, "id": "c", "name": "Bear"},
                            {"id": "prison", "name": "Ghostly Prison", "controller": "B", "oracle": "",
                             "types": ["enchantment"], "abilities": [{"kind": "grant", "to": "opponents",
                             "abilities": [{"kind": "attack_cost", "amount": 2, "defender": "you"}]}]}]}
    f = tmp_path / "bands.json"
    f.write_text(json.dumps(board))
    code, out = run("options", str(f), "--json", "--limit", "100", "--paid-costs", "cost-free")
    listing = json.loads(out)
    assert code == 0 and listing["count"] == 15 and len(listing["declarations"]) == 15
    for decl, paid in zip(listing["declarations"], listing["costs"], strict=True):
        assert paid == ({"A": 2 * len(decl)} if decl else {})
        bands: dict[str, set[str]] = {}
        for atom in decl:
            if "band" in atom:
                bands.setdefault(atom["band"], set()).add(atom["attacker"])
        assert all(len(m) > 1 for m in bands.values())  # a band of one is no band
    assert sum(1 for d in listing["declarations"] if any("band" in a for a in d)) == 7
    assert "paying no costs" in listing["maximum_compared_with"]
    code, text = run("options", str(f), "--limit", "100")
    assert "15 legal declaration(s)" in text and "(band 1)" in text and "; pays A 6" in text
    assert "compared with the best declaration paying no costs beyond its own" in text


def _batch_input() -> str:
    good = json.loads(Path(GORILLA).read_text())
    other = json.loads(Path(VORINE).read_text())
    return "\n".join([json.dumps(good), "{broken", json.dumps({"version": 1}), json.dumps(other)]) + "\n"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_batch_one_line_out_per_line_in(jobs: str) -> None:
    code, out = run("batch", "-", "--jobs", jobs, stdin=_batch_input())
    lines = [json.loads(x) for x in out.splitlines()]
    assert code == 1  # some lines could not be judged
    assert len(lines) == 4
    assert lines[0]["id"] == "gorilla-no-block" and lines[0]["legal"] is False
    assert lines[1]["line"] == 2 and "not valid JSON" in lines[1]["problems"][0]["message"]
    assert lines[2]["line"] == 3 and {p["path"] for p in lines[2]["problems"]} >= {"$.players", "$.active_player"}
    assert lines[3]["id"] == "vorine-giant-vorine-dog-bears" and lines[3]["legal"] is True


def test_batch_all_good_exits_0() -> None:
    code, out = run("batch", "-", stdin=Path(VORINE).read_text().replace("\n", "") + "\n")
    assert code == 0 and json.loads(out)["legal"] is True


def test_schema_is_generated_from_the_models() -> None:
    code, out = run("schema")
    schema = json.loads(out)
    assert code == 0
    assert {"version", "active_player", "players", "permanents", "attacks", "blocks"} <= set(schema["properties"])
    assert "Permanent" in schema["$defs"]
