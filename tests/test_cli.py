"""The ``legality`` command through click's CliRunner: exit codes, JSON output, batch, options, schema."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

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
    monkeypatch.setattr(legality.solve, "CONFIRM_ATOMS", 0)  # small parts would be settled by search
    monkeypatch.setattr(legality.solve, "SEARCH_ATOMS", 0)
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


# ----------------------------------------------------------- bad input (exit 2) or illegal (exit 1)
# One board per row of docs/input-checks.md: a board that can't exist is bad input; a declaration a
# player could try to make but may not is illegal, with its rule (CR June 2024 text quoted there).

TABLE = ROOT / "docs/input-checks.md"
TABLE_BASE: dict[str, Any] = {
    "version": 1,
    "active_player": "A",
    "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
    "permanents": [
        {"id": "bear", "name": "Grizzly Bears", "controller": "A", "power": 2, "toughness": 2, "oracle": ""},
        {"id": "knight", "name": "Benalish Hero", "controller": "A", "power": 1, "toughness": 1, "oracle": "",
         "keywords": ["banding"]},
        {"id": "elf", "name": "Llanowar Elves", "controller": "A", "power": 1, "toughness": 1, "oracle": ""},
        {"id": "cart", "name": "Smuggler's Copter", "controller": "A", "types": ["artifact"],
         "subtypes": ["Vehicle"], "oracle": ""},
        {"id": "jace", "name": "Jace Beleren", "controller": "A", "types": ["planeswalker"], "loyalty": 3,
         "oracle": ""},
        {"id": "wall", "name": "Wall of Stone", "controller": "B", "power": 0, "toughness": 8, "oracle": "",
         "keywords": ["defender"]},
        {"id": "land", "name": "Forest", "controller": "B", "types": ["land"], "oracle": ""},
        {"id": "liliana", "name": "Liliana of the Veil", "controller": "B", "types": ["planeswalker"],
         "loyalty": 3, "oracle": ""},
        # A Siege B controls and A protects (310.8a): A can never attack it (310.8b).
        {"id": "siege", "name": "Invasion of Gobakhan", "controller": "B", "protector": "A", "types": ["battle"],
         "subtypes": ["Siege"], "defense": 3, "oracle": ""},
    ],
    "attacks": [{"attacker": "bear", "target": "B"}],
}


def _with(**top: Any) -> Callable[[dict[str, Any]], None]:
    return lambda b: b.update(top)


def _attack(i: int, **fields: Any) -> Callable[[dict[str, Any]], None]:
    return lambda b: b["attacks"][i].update(fields)


def _perm(pid: str, **fields: Any) -> Callable[[dict[str, Any]], None]:
    return lambda b: next(p for p in b["permanents"] if p["id"] == pid).update(fields)


def _both(*fs: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def apply(b: dict[str, Any]) -> None:
        for f in fs:
            f(b)
    return apply


def _third_player(b: dict[str, Any]) -> None:
    b["players"].append({"id": "C", "life": 20})
    b["permanents"].append({"id": "ox", "name": "Ox", "controller": "C", "power": 2, "toughness": 4, "oracle": ""})


def _two_teams(b: dict[str, Any]) -> None:
    """Two-Headed Giant: A and C against B and D (805.10, 810)."""
    b["players"] += [{"id": "C", "life": 20}, {"id": "D", "life": 20}]
    b["teams"] = [{"id": "AC", "players": ["A", "C"], "life": 30}, {"id": "BD", "players": ["B", "D"], "life": 30}]


BEAR_AT_LILIANA = {"attacker": "bear", "target": "liliana"}
# check name (docs table) -> (change to the base board, exit code, rule of the violation or JSON path of the fault)
ROWS: dict[str, tuple[Callable[[dict[str, Any]], None], int, str]] = {
    "duplicate id": (_perm("knight", id="bear"), 2, "$.permanents[1].id"),
    "active player unknown": (_with(active_player="Z"), 2, "$.active_player"),
    "team names no player": (_both(_two_teams, lambda b: b["teams"][0]["players"].append("Z")), 2,
                             "$.teams[0].players[2]"),
    "player on no team or two": (_both(_two_teams, lambda b: b["teams"][1]["players"].__setitem__(1, "C")), 2,
                                 "$.teams[1].players[1]"),
    "duplicate team id": (_both(_two_teams, lambda b: b["teams"][1].update(id="AC")), 2, "$.teams[1].id"),
    "fewer than two teams": (_with(teams=[{"id": "all", "players": ["A", "B"]}]), 2, "$.teams"),
    "controller unknown": (_perm("bear", controller="Z"), 2, "$.permanents[0].controller"),
    "protector on a non-battle": (_perm("jace", protector="B"), 2, "$.permanents[4].protector"),
    "battle without protector": (_both(_perm("siege", protector=None), _attack(0, target="siege")), 2,
                                 "$.attacks[0].target"),
    "attachment to nothing": (_perm("land", attached_to="land"), 2, "$.permanents[6].attached_to"),
    "creature without power or toughness": (_perm("bear", types=["creature"], toughness=None), 2, "$.permanents[0]"),
    "ability names nothing": (_perm("wall", abilities=[{"kind": "blocks_if_able", "attacker": "ghost"}]), 2,
                              "$.permanents[5].abilities[0].attacker"),
    "attacker names nothing": (_attack(0, attacker="ghost"), 2, "$.attacks[0].attacker"),
    "attack target names nothing": (_attack(0, target="ghost"), 2, "$.attacks[0].target"),
    "same attack listed twice": (lambda b: b["attacks"].append({"attacker": "bear", "target": "B"}), 2,
                                 "$.attacks[1]"),
    "non-creature attacks": (_attack(0, attacker="cart"), 1, "506.3"),
    "another player's creature attacks": (_attack(0, attacker="wall"), 1, "508.1a"),
    "creature attacks two targets": (lambda b: b["attacks"].append(BEAR_AT_LILIANA), 1, "508.1b"),
    "attacking the active player": (_attack(0, target="A"), 1, "506.2"),
    "attacking a teammate": (_both(_two_teams, _attack(0, target="C")), 1, "506.2"),
    "attacking one's own planeswalker": (_attack(0, target="jace"), 1, "506.2"),
    "attacking a battle one protects": (_attack(0, target="siege"), 1, "310.8b"),
    "attacking a creature": (_attack(0, target="wall"), 1, "506.3"),
    "band attacks two targets": (_with(attacks=[{"attacker": "bear", "target": "B", "band": "x"},
                                                {"attacker": "knight", "target": "liliana", "band": "x"}]),
                                 1, "702.22d"),
    "band of creatures without banding": (_with(attacks=[{"attacker": c, "target": "B", "band": "x"}
                                                         for c in ("bear", "elf", "knight")]), 1, "702.22c"),
    "attacks already declared are illegal": (_both(_attack(0, target="jace"), _with(blocks=[])), 2,
                                             "$.attacks[0].target"),
    "creature attacked two targets, blocks follow": (
        _both(lambda b: b["attacks"].append(BEAR_AT_LILIANA), _with(blocks=[])), 2, "$.attacks[1].attacker"),
    "creature put onto the battlefield attacking illegally": (_attack(0, attacker="cart", declared=False), 2,
                                                              "$.attacks[0].attacker"),
    "blocks without attacks": (_with(attacks=None, blocks=[]), 2, "$.blocks"),
    "blocker names nothing": (_with(blocks=[{"blocker": "ghost", "attacker": "bear"}]), 2, "$.blocks[0].blocker"),
    "blocked attacker names nothing": (_with(blocks=[{"blocker": "wall", "attacker": "ghost"}]), 2,
                                       "$.blocks[0].attacker"),
    "same block listed twice": (_with(blocks=[{"blocker": "wall", "attacker": "bear"}] * 2), 2, "$.blocks[1]"),
    "non-creature blocks": (_with(blocks=[{"blocker": "land", "attacker": "bear"}]), 1, "506.3"),
    "blocking a creature that isn't attacking": (_with(blocks=[{"blocker": "wall", "attacker": "elf"}]), 1,
                                                 "509.1a"),
    "blocking for another player": (_both(_third_player, _with(blocks=[{"blocker": "ox", "attacker": "bear"}])),
                                    1, "509.1a"),
    "blocking for another team": (_both(_two_teams, lambda b: b["permanents"].append(  # C attacks, with A
        {"id": "ox", "name": "Ox", "controller": "C", "power": 2, "toughness": 4, "oracle": ""}),
        _with(blocks=[{"blocker": "ox", "attacker": "bear"}])), 1, "509.1a"),
    "blocks already declared are illegal": (_with(blocks=[{"blocker": "wall", "attacker": "elf"}], damage=[]), 2,
                                            "$.blocks[0].attacker"),
    "damage names nothing": (_with(blocks=[], damage=[{"source": "ghost", "to": []}]), 2, "$.damage[0].source"),
    "damage order names nothing": (_with(rules="m10", damage_order={"ghost": []}), 2, "$.damage_order.ghost"),
}


def _table_checks() -> list[str]:
    rows = [ln for ln in TABLE.read_text().splitlines() if ln.startswith("| ")][1:]
    return [ln.split("|")[1].strip() for ln in rows]


def test_every_row_of_the_input_checks_table_has_a_board() -> None:
    assert sorted(_table_checks()) == sorted(ROWS)


@pytest.mark.parametrize("check", _table_checks())
def test_input_check_row(check: str) -> None:
    change, code, where = ROWS[check]
    board = copy.deepcopy(TABLE_BASE)
    change(board)
    got, out = run("check", "-", "--json", stdin=json.dumps(board))
    kind = next(ln.split("|")[3].strip() for ln in TABLE.read_text().splitlines()
                if ln.startswith(f"| {check} |"))
    assert got == code and kind == {1: "illegal", 2: "bad input"}[code], out
    if code == 2:
        assert any(ln.strip().startswith(f"{where}:") for ln in json.loads(out)["error"].splitlines()), out
        return
    verdict = json.loads(out)
    assert verdict["legal"] is False and where in [v["rule"] for v in verdict["violations"]], out
    # ``better`` is searched among the legal assignments only: as the declaration, it is legal.
    key = "attacks" if verdict["kind"] == "attack" else "blocks"
    board[key] = verdict["better"]
    assert run("check", "-", stdin=json.dumps(board))[0] == 0, verdict["better"]


def test_options_for_blockers_after_an_illegal_attack_is_bad_input() -> None:
    """Listing blockers takes the attacks as declared; an attack on one's own planeswalker (506.2) never was."""
    board = copy.deepcopy(TABLE_BASE)
    board["attacks"][0]["target"] = "jace"
    code, out = run("options", "-", stdin=json.dumps(board))
    assert code == 2 and "$.attacks[0].target" in out and "506.2" in out


def test_the_command_stands_in_for_pydantics_plugin_loader_only_when_all_plugins_are_off() -> None:
    """With every plugin off, ``cli`` puts a loader finding none where pydantic's own would import importlib.metadata
    to find none as well; pydantic asks its loader for ``get_plugins`` alone, which returns nothing with all of them
    off. A plugin the user names keeps pydantic's own loader. Each check runs in a fresh process (this one may have
    imported ``cli`` already)."""
    import inspect

    import pydantic.plugin
    import pydantic.plugin._schema_validator as validator

    asked = [line.strip() for line in inspect.getsource(validator).splitlines() if "_loader" in line]
    assert asked == ["from ._loader import get_plugins"], asked
    own_file = str(Path(pydantic.plugin.__file__).parent / "_loader.py")
    code = ("import sys, cli; from models import Board; loader = sys.modules['pydantic.plugin._loader']; "
            "print(getattr(loader, '__file__', None), tuple(loader.get_plugins()), "
            "'importlib.metadata' in sys.modules, Board.model_json_schema()['title'])")
    without_cli = "import pydantic.plugin._loader as real; print(tuple(real.get_plugins()), real.__file__)"
    for given, own in ((None, False), ("__all__", False), ("some_plugin", True)):
        env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
        if given is not None:
            env["PYDANTIC_DISABLE_PLUGINS"] = given
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT,
                             check=True).stdout.split()
        assert out == [own_file if own else "None", "()", str(own), "Board"], out
    env = {**os.environ, "PYDANTIC_DISABLE_PLUGINS": "__all__"}
    out = subprocess.run([sys.executable, "-c", without_cli], capture_output=True, text=True, env=env, cwd=ROOT,
                         check=True).stdout.split()
    assert out == ["()", own_file], out


@pytest.mark.parametrize(("before", "collecting"), [("", True), ("import gc; gc.disable(); ", False)])
def test_importing_the_command_leaves_the_collector_as_it_was(before: str, collecting: bool) -> None:
    """``cli`` turns the cyclic collector off while it imports the engine, then freezes what the imports made and turns
    the collector back on, only if it was on; it tells pydantic of no plugins unless the environment already says
    something else."""
    code = before + ("import gc, os, cli; print(gc.isenabled(), os.environ['PYDANTIC_DISABLE_PLUGINS'], "
                     "gc.get_freeze_count() > 0)")
    for given, seen in ((None, "__all__"), ("some_plugin", "some_plugin")):
        env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
        if given is not None:
            env["PYDANTIC_DISABLE_PLUGINS"] = given
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT,
                             check=True).stdout.split()
        assert out == [str(collecting), seen, str(collecting)]
