"""A verdict never rests on text it could not read (issue: honest reader, item 6).

With a sentence or keyword that is not understood anywhere on the board, the verdict is
UNDECIDED (exit 3, ``"legal": null``) with the reason "text not understood", the sentences listed
first, and what it would be if they changed nothing (``if_ignored``); ``--ignore-unread`` gives that
answer (exit 0/1), still listing them; ``--strict`` makes them bad input (exit 2).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from msgspec.structs import replace

from cli import main
from legality import check, parse_board, resolve_damage
from legality.verdict import Verdict

ROOT = Path(__file__).resolve().parent.parent


def _with_unread(tmp_path: Path, fixture: str, index: int, text: str) -> Path:
    board = json.loads((ROOT / fixture).read_text())
    board["permanents"][index]["oracle"] = text
    f = tmp_path / "board.json"
    f.write_text(json.dumps(board))
    return f


def test_unread_text_makes_the_verdict_undecided_with_the_answer_if_ignored(tmp_path: Path) -> None:
    # Gorilla Berserkers with no blocks is illegal today (509.1c, Razorgrass Screens must block); an
    # unread sentence on the Bears could change that, so the checker does not rule.
    f = _with_unread(tmp_path, "fixtures/text/article/gorilla-no-block.json", 3, "Frobnicate the wibble.")
    text = CliRunner().invoke(main, ["check", str(f)])
    assert text.exit_code == 3
    lines = text.output.splitlines()
    assert lines[0].startswith("UNDECIDED (text not understood)")
    assert "frobnicate the wibble" in lines[1] and lines[1].lstrip().startswith("not understood:")
    assert any(ln.strip().startswith("ignoring them: ILLEGAL") for ln in lines)
    js = json.loads(CliRunner().invoke(main, ["check", str(f), "--json"]).output)
    assert (js["legal"], js["undecided"], js["undecided_reason"], js["if_ignored"]) == (
        None, True, "text not understood", False)
    ignored = CliRunner().invoke(main, ["check", str(f), "--ignore-unread"])
    assert ignored.exit_code == 1 and "frobnicate the wibble" in ignored.output


def test_an_unknown_keyword_is_unread_too(tmp_path: Path) -> None:
    board = json.loads((ROOT / "fixtures/text/article/gorilla-no-block.json").read_text())
    board["permanents"][3]["keywords"] = ["flyying"]
    verdict = check(parse_board(board))
    assert verdict.legal is None and verdict.if_ignored is False
    assert any("did you mean 'flying'" in u for u in verdict.not_understood)


def test_a_fully_read_board_is_judged_as_before() -> None:
    verdict = check(parse_board((ROOT / "fixtures/text/article/gorilla-no-block.json").read_text()))
    assert verdict.legal is False and verdict.undecided_reason is None and verdict.if_ignored is None
    assert "undecided_reason" not in verdict.to_json()


def test_the_damage_step_is_undecided_on_unread_text_as_well(tmp_path: Path) -> None:
    f = _with_unread(tmp_path, "fixtures/damage/double-strike-trample.json", 1, "Frobnicate the wibble.")
    result = CliRunner().invoke(main, ["damage", str(f), "--json"])
    js = json.loads(result.output)
    assert result.exit_code == 3 and js["legal"] is None and js["undecided_reason"] == "text not understood"
    assert isinstance(js["if_ignored"], bool)
    assert CliRunner().invoke(main, ["damage", str(f), "--ignore-unread"]).exit_code in (0, 1)


def test_a_combat_trigger_is_read_and_asked_for_only_where_it_can_have_resolved() -> None:
    """Goblin Heelcutter: "Whenever Goblin Heelcutter attacks, target creature can't block this turn."

    The trigger is read (understood, no abilities of its own: 603.3, it changes nothing until it
    resolves). Judging the attack that triggers it, it can't have resolved (508.3a): only a note. Judging
    the blocks after it attacked, its result may matter: a triggered ability never decides a declaration
    (603.3), so the verdict is given, with a note asking for its result as an effect; with that effect on the
    board (Goblin Heelcutter as its source), the note is gone and the effect applies (509.1b).
    """
    from legality.text.read import read

    (r,) = read("Whenever Goblin Heelcutter attacks, target creature can't block this turn.", "Goblin Heelcutter")
    assert (r.status, r.abilities, r.event) == ("understood", (), "whenever ~ attacks")

    def board(blocks: bool) -> dict[str, object]:
        b: dict[str, object] = {
            "version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
            "permanents": [{"id": "cutter", "name": "Goblin Heelcutter", "controller": "A", "power": 3,
                            "toughness": 2, "types": ["creature"],
                            "oracle": "Whenever Goblin Heelcutter attacks, target creature can't block this turn."},
                           {"id": "bear", "name": "Grizzly Bears", "controller": "B"}],
            "attacks": [{"attacker": "cutter", "target": "B"}]}
        if blocks:
            b["blocks"] = []
        return b

    attack = check(parse_board(board(False)))
    assert attack.legal is True and any("can't have resolved" in n for n in attack.notes)
    block = check(parse_board(board(True)))
    assert block.legal is True and not block.not_understood
    assert any("give its result as an effect" in n for n in block.notes)
    resolved = board(True)
    resolved["effects"] = [{"source": "Goblin Heelcutter", "source_id": "cutter", "controller": "A",
                            "text": "Target creature can't block this turn.", "targets": ["bear"]}]
    resolved["blocks"] = [{"blocker": "bear", "attacker": "cutter"}]
    judged = check(parse_board(resolved))
    assert isinstance(judged, Verdict)
    assert judged.legal is False and any(v.rule == "509.1b" for v in judged.violations)
    assert not any("give its result as an effect" in n for n in judged.notes)


HOMUNCULUS = "Sneaky Homunculus can't block or be blocked by creatures with power 2 or greater."
"""Sneaky Homunculus's restriction on blocking (509.1b): not read, and it bears on blocking, so a declaration of
blockers is undecided by it."""

JUDGED = ("violations", "requirements", "better", "better_is_closest", "costs", "alternatives")
"""The fields of a declaration's verdict that rest on judging it."""


def _homunculus_board(fixture: str, index: int, blocks: list[dict[str, str]] | None = None) -> dict[str, Any]:
    board: dict[str, Any] = json.loads((ROOT / fixture).read_text())
    board["permanents"][index].update(name="Sneaky Homunculus", oracle=HOMUNCULUS)
    if blocks is not None:
        board["blocks"] = blocks
    return board


@pytest.mark.parametrize(("blocks", "answer"), [
    (None, False),                                                      # 509.1c: the Screens could block
    ([{"blocker": "bear", "attacker": "gorilla"}], False),             # 509.1b: three or more, not one
    ([{"blocker": b, "attacker": "gorilla"} for b in ("screen1", "screen2", "bear")], True),
], ids=["no block", "bear alone", "all three"])
def test_what_is_judged_ignoring_unread_text_is_kept_apart(blocks: list[dict[str, str]] | None,
                                                          answer: bool) -> None:
    """Undecided by unread text: every figure judged as if that text changed nothing is in ``ignoring_unread``
    (exactly what ``--ignore-unread`` answers), and the top level says nothing it would rest on."""
    board = _homunculus_board("fixtures/text/article/gorilla-no-block.json", 3, blocks)
    undecided = check(parse_board(board)).to_json()
    ignored = check(parse_board(board), ignore_unread=True).to_json()
    assert (undecided["legal"], undecided["undecided_reason"], undecided["if_ignored"]) == (
        None, "text not understood", answer)
    apart = undecided["ignoring_unread"]
    assert apart["legal"] is answer is ignored["legal"]
    assert {k: apart[k] for k in JUDGED} == {k: ignored[k] for k in JUDGED}
    assert apart["alternatives"] and all(isinstance(v, bool) for v in apart["alternatives"].values())
    comparisons = [n for n in ignored["notes"] if n.startswith("under rules")]
    assert apart["notes"] == comparisons
    assert undecided["violations"] == [] and undecided["better"] is None and undecided["alternatives"] == {}
    assert undecided["costs"] == {}
    assert undecided["requirements"] == {"obeyed": None, "maximum": None, "maximum_proven": False,
                                         "compared_with": "global maximum", "total": None, "list": [], "missed": []}
    assert not any(n in undecided["notes"] for n in comparisons)
    if blocks is not None and not answer:
        assert [v["rule"] for v in apart["violations"]] == ["509.1b"]


def test_unread_text_in_the_text_and_json_of_the_cli(tmp_path: Path) -> None:
    f = tmp_path / "board.json"
    f.write_text(json.dumps(_homunculus_board("fixtures/text/article/gorilla-no-block.json", 3)))
    text = CliRunner().invoke(main, ["check", str(f)])
    assert text.exit_code == 3
    lines = text.output.splitlines()
    ignoring = next(i for i, ln in enumerate(lines) if ln.strip().startswith("ignoring them: ILLEGAL"))
    assert any("obeys 0, maximum 2" in ln for ln in lines[ignoring:])  # the figures follow, as its own
    js = json.loads(CliRunner().invoke(main, ["check", str(f), "--json"]).output)
    assert js["alternatives"] == {} and js["requirements"]["maximum"] is None
    assert js["ignoring_unread"]["alternatives"] == {"rules=2006": True}
    assert js["ignoring_unread"]["requirements"]["maximum"] == 2


def test_damage_undecided_by_unread_text_keeps_its_results_apart(tmp_path: Path) -> None:
    f = _with_unread(tmp_path, "fixtures/damage/double-strike-trample.json", 1, "Frobnicate the wibble.")
    result = CliRunner().invoke(main, ["damage", str(f), "--json"])
    js = json.loads(result.output)
    ignored = json.loads(CliRunner().invoke(main, ["damage", str(f), "--json", "--ignore-unread"]).output)
    assert result.exit_code == 3 and js["legal"] is None and js["if_ignored"] is True
    assert (js["players"], js["destroyed"], js["permanents"], js["steps"], js["declarations"]) == ({}, [], {}, [], [])
    apart = js["ignoring_unread"]
    for key in ("legal", "players", "destroyed", "permanents", "steps", "declarations"):
        assert apart[key] == ignored[key], key
    assert apart["players"]["B"]["life"] == 16 and apart["destroyed"] == ["bear"]  # 702.19b, 702.4b: 1 + 3
    text = CliRunner().invoke(main, ["damage", str(f)]).output
    assert "B: life 16" in text.split("ignoring them: LEGAL", 1)[1]


def test_a_batch_line_undecided_by_unread_text(tmp_path: Path) -> None:
    board = _homunculus_board("fixtures/text/article/gorilla-no-block.json", 3)
    result = CliRunner().invoke(main, ["batch", "-", "--quiet"], input=json.dumps(board) + "\n")
    assert result.exit_code == 0, result.output
    (v,) = [json.loads(line) for line in result.stdout.splitlines()]
    assert v["legal"] is None and v["alternatives"] == {} and v["requirements"]["obeyed"] is None
    assert v["ignoring_unread"]["legal"] is False and v["ignoring_unread"]["alternatives"] == {"rules=2006": True}


def test_an_undecided_time_limit_has_nothing_ignored() -> None:
    """Undecided for another reason (the time limit) there is no unread text to ignore: no ``ignoring_unread``."""
    from legality.verdict import Verdict

    verdict = check(parse_board((ROOT / "fixtures/text/article/gorilla-no-block.json").read_text()))
    assert isinstance(verdict, Verdict)
    timed_out = replace(verdict, legal=None, maximum=None, maximum_proven=False)
    js = timed_out.to_json()
    assert js["undecided_reason"] == "time limit" and "ignoring_unread" not in js and "if_ignored" not in js
    assert js["requirements"]["obeyed"] == verdict.obeyed and js["requirements"]["total"] == 2


def _two_creatures(first: dict[str, Any], blocks: list[dict[str, str]] | None) -> dict[str, Any]:
    board: dict[str, Any] = {
        "version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
        "permanents": [{"id": "x", "controller": "A", **first},
                       {"id": "bear", "name": "Grizzly Bears", "controller": "B", "power": 2, "toughness": 2,
                        "oracle": ""}],
        "attacks": [{"attacker": "x", "target": "B"}]}
    if blocks is not None:
        board["blocks"] = blocks
    return board


def test_a_sentence_only_about_the_other_declaration_is_not_needed() -> None:
    """A declaration of attackers depends on attack restrictions and requirements, haste, defender and bands (508.1);
    a declaration of blockers, the attacks being given, on what bears on blocking (509.1). Cynical Loner's "can't be
    blocked by Glimmers" (a creature type the checker's lexicon lacks) can't change an attack: the attack is judged,
    with a note; the block is undecided. Eriette of the Charmed Apple's "... can't attack you ..." likewise the
    other way round (its controller is B: a blocking board)."""
    loner = {"name": "Cynical Loner", "power": 3, "toughness": 1, "types": ["creature"],
             "oracle": "This creature can't be blocked by Glimmers."}
    attack = check(parse_board(_two_creatures(loner, None)))
    assert attack.legal is True and not attack.not_understood
    assert any("speaks only of blocking" in n for n in attack.notes)
    block = check(parse_board(_two_creatures(loner, [{"blocker": "bear", "attacker": "x"}])))
    assert block.legal is None and block.not_understood

    eriette = {"id": "eriette", "name": "Eriette of the Charmed Apple", "controller": "B", "power": 2, "toughness": 4,
               "types": ["creature"], "oracle": "Each creature that's enchanted by an Aura you control can't attack "
               "you or planeswalkers you control."}
    board = _two_creatures({"name": "Grizzly Bears", "power": 2, "toughness": 2, "oracle": ""},
                           [{"blocker": "bear", "attacker": "x"}])
    board["permanents"].append(eriette)
    blocking = check(parse_board(board))
    assert blocking.legal is True and not blocking.not_understood
    assert any("speaks only of attacking" in n for n in blocking.notes)
    del board["blocks"]
    assert check(parse_board(board)).legal is None  # an attack it could forbid: not judged without it


@pytest.mark.parametrize("text", ["Enchanted creature is suspected.", "Creatures your opponents control are detained."])
def test_states_with_combat_meaning_are_never_read_as_values(text: str) -> None:
    """Suspected (701.58c: menace and can't block) and detained (701.29a: can't attack or block) bear on combat
    though no combat word names them: a static sentence giving them, which the checker doesn't read, stays not
    understood (written for the test: no card in the corpora says it as a static ability)."""
    from legality.text.read import read

    (r,) = read(text, "Test Aura")
    assert r.status == "not understood"


def test_shield_counters_make_combat_damage_undecided_not_a_declaration() -> None:
    """A shield counter (122.1c) prevents the damage that would be dealt to its permanent (all of one event, one
    counter removed; unpreventable damage is dealt and a counter removed all the same: rulings of 2022-04-29).
    The checker doesn't apply it to combat damage, so a damage verdict on a board where one is present is undecided
    (never a silent wrong result); a declaration doesn't depend on it."""
    board = json.loads((ROOT / "fixtures/damage/first-strike-kills-blocker.json").read_text())
    blocker = next(p for p in board["permanents"] if p["id"] == "bear")
    blocker["counters"] = {"shield": 1}
    verdict = check(parse_board(board))
    assert verdict.legal is None and any("shield counter" in u for u in verdict.not_understood)
    del board["damage"]
    assert check(parse_board(board)).legal is not None


def test_a_life_total_that_cant_change_bears_only_on_damage_results() -> None:
    """Platinum Emperion: "Your life total can't change." It changes what combat damage and lifelink do to a player
    (120.3a, 702.15b, 119.7-8), not which attacks or blocks are legal: read as ``life_cant_change``, an ability of the
    game that no declaration rule consults, so an attack is judged with no note about it. (What it does to damage:
    tests/test_player_damage_rules.py.)"""
    from legality.text.read import read

    text = "Your life total can't change."
    (r,) = read(text, "Platinum Emperion")
    assert r.status == "understood" and [a.kind for a in r.abilities] == ["life_cant_change"]
    emperion = {"name": "Platinum Emperion", "power": 8, "toughness": 8, "types": ["artifact", "creature"],
                "oracle": text}
    attack = check(parse_board(_two_creatures(emperion, None)))
    assert attack.legal is True and not attack.not_understood
    assert not any("Platinum Emperion" in n for n in attack.notes)


def test_protection_it_gives_itself_bears_only_on_blocks_of_it_and_damage() -> None:
    """Lavabrink Venturer: "This creature has protection from each mana value of the chosen quality." (a choice made as
    it entered, which the board doesn't give). Protection stops blocks of the creature that has it (702.16b) and
    damage dealt to it (702.16e); nothing in 508.1 or in its own blocking (509.1) depends on it. Attacking, it is
    judged with a note; as a blocker, too; attacking and blocked, its protection could forbid the block: undecided."""
    venturer = {"name": "Lavabrink Venturer", "power": 3, "toughness": 3, "types": ["creature"],
                "oracle": "As this creature enters, choose odd or even. (Zero is even.)\nThis creature has protection "
                          "from each mana value of the chosen quality."}
    attack = check(parse_board(_two_creatures(venturer, None)))
    assert attack.legal is True and not attack.not_understood
    assert any("gives only protection" in n and "702.16b" in n for n in attack.notes)
    blocked = check(parse_board(_two_creatures(venturer, [{"blocker": "bear", "attacker": "x"}])))
    assert blocked.legal is None and blocked.not_understood
    board = _two_creatures({"name": "Grizzly Bears", "power": 2, "toughness": 2, "oracle": ""}, None)
    board["permanents"].append({"id": "venturer", "controller": "B", **venturer})
    board["blocks"] = [{"blocker": "venturer", "attacker": "x"}]
    blocking = check(parse_board(board))
    assert blocking.legal is True and not blocking.not_understood
    board["damage"] = []
    assert check(parse_board(board)).legal is None  # combat damage to it: its protection could prevent it (702.16e)


def _cyclops_board(blocks: int, text: str = "Rampaging Cyclops gets -2/-0 as long as two or more creatures are "
                                             "blocking it.") -> dict[str, Any]:
    return {
        "version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
        "permanents": [
            {"id": "cyc", "name": "Rampaging Cyclops", "controller": "A", "power": 4, "toughness": 4,
             "types": ["creature"], "oracle": text},
            *({"id": f"b{i}", "name": "Grizzly Bears", "controller": "B", "power": 2, "toughness": 2, "oracle": ""}
              for i in range(2))],
        "attacks": [{"attacker": "cyc", "target": "B"}],
        "blocks": [{"blocker": f"b{i}", "attacker": "cyc"} for i in range(blocks)],
        "damage": [],
    }


def test_a_power_change_about_combat_is_noted_once_attackers_are_declared() -> None:
    """Rampaging Cyclops (Dominaria): "gets -2/-0 as long as two or more creatures are blocking it".

    Power and toughness on the board are current values (613.4c; docs/board-format.md), so a board that gives the
    printed 4/4 while two creatures block it is judged with 4 power. The ability has no bearing on which blocks are
    legal (509.1), but its values change with the declarations made: the damage step and the declaration of
    blockers say so, never in silence; a power change that is not about combat ("creatures you control get +1/+1")
    gets no such note."""
    damage = resolve_damage(parse_board(_cyclops_board(2)))
    assert damage.legal is True
    assert any("cyc" in n and "613.4c" in n and "blocking it" in n for n in damage.notes)
    declared = _cyclops_board(2)
    del declared["damage"]
    blockers = check(parse_board(declared))
    assert blockers.legal is True and any("613.4c" in n and "blocking it" in n for n in blockers.notes)
    attack = _cyclops_board(0)
    del attack["blocks"], attack["damage"]
    assert not any("613.4c" in n for n in check(parse_board(attack)).notes)
    anthem = resolve_damage(parse_board(_cyclops_board(2, "Creatures you control get +1/+1.")))
    assert not any("613.4c" in n for n in anthem.notes)
