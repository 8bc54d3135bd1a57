"""A sentence typed on the line of a triggered or activated ability that could be a static ability of its own.

On a card each ability has its own line (113.2c), and a triggered ability's effect runs over all the sentences of
its line (603.1). Text typed on one line ("Whenever this creature attacks, you gain 1 life. Creatures your
opponents control can't block.") may hold a static ability after the trigger: the checker judges both ways and
rules only when both agree (``either.py``). Real Oracle text, whose later sentences are tied to their ability
(a duration, a pronoun, "that creature", "if you do"), reads as before.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from cli import main
from legality import check, parse_board
from legality.text.read import read
from models.abilities import CantBlock, Grant, If

ONE_LINE = "Whenever this creature attacks, you gain 1 life. Creatures your opponents control can't block."


def _board(blocks: bool) -> dict[str, Any]:
    board: dict[str, Any] = {
        "version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
        "permanents": [
            {"id": "x", "name": "Custom Creature", "controller": "A", "power": 3, "toughness": 3,
             "types": ["creature"], "oracle": ONE_LINE},
            {"id": "bear", "name": "Grizzly Bears", "controller": "B", "power": 2, "toughness": 2, "oracle": ""}],
        "attacks": [{"attacker": "x", "target": "B"}]}
    if blocks:
        board["blocks"] = [{"blocker": "bear", "attacker": "x"}]
    return board


def test_the_second_sentence_is_read_as_a_static_ability_too() -> None:
    trigger, alone = read(ONE_LINE, "Custom Creature")
    assert (trigger.kind, trigger.event, trigger.apart) == ("triggered", "whenever ~ attacks", False)
    assert (alone.sentence, alone.kind, alone.status, alone.apart) == (
        "creatures your opponents control can't block", "static", "understood", True)
    (grant,) = alone.abilities
    assert isinstance(grant, Grant) and grant.to == "opponents" and grant.abilities == (CantBlock(kind="cant_block"),)


def test_a_block_the_two_readings_judge_differently_is_undecided() -> None:
    """As a static ability, "can't block" forbids the Bears' block (509.1b); as part of the trigger it changes
    nothing until it resolves (603.3): ILLEGAL one way, LEGAL the other, so no ruling, naming the sentence."""
    verdict = check(parse_board(_board(blocks=True)))
    assert verdict.legal is None and verdict.undecided_reason == "text not understood"
    (entry,) = verdict.not_understood
    assert "creatures your opponents control can't block" in entry and "put each ability on its own line" in entry
    assert any("ILLEGAL if its ability applies, LEGAL if not" in n for n in verdict.notes)


def test_an_attack_both_readings_allow_is_ruled_with_a_note() -> None:
    """Neither reading bears on the attack (508.1): LEGAL, with a note that it was judged both ways."""
    verdict = check(parse_board(_board(blocks=False)))
    assert verdict.legal is True and not verdict.not_understood
    assert any("can't block" in n and "judged both ways" in n for n in verdict.notes)


def test_an_activated_ability_s_later_sentence_too() -> None:
    """Written for the test: "{T}: Draw a card. Creatures you control have flying." (602.1: a cost, then the
    effect; a typed static ability after it)."""
    readings = read("{T}: Draw a card. Creatures you control have flying.", "Custom Creature")
    assert [(r.kind, r.apart) for r in readings] == [("activated", False), ("static", True)]


@pytest.mark.parametrize(("card", "text"), [
    ("Bloodmist Infiltrator", "Whenever Bloodmist Infiltrator attacks, you may sacrifice another creature. If you do, "
     "Bloodmist Infiltrator can't be blocked this turn."),
    ("Basim Ibn Ishaq", "Whenever you cast a historic spell, draw a card. Basim Ibn Ishaq can't be blocked this turn. "
     "This ability triggers only once each turn."),
    ("Legion Warboss", "At the beginning of combat on your turn, create a 1/1 red Goblin creature token. That token "
     "gains haste until end of turn and attacks this combat if able."),
    ("Helm of the Host", "At the beginning of combat on your turn, create a token that's a copy of equipped creature, "
     "except the token isn't legendary. That token gains haste."),
    ("Valkyrie's Call", "Whenever a nontoken, non-Angel creature you control dies, return that card to the battlefield "
     "under its owner's control with a +1/+1 counter on it. It has flying and is an Angel in addition to its other "
     "types."),
    ("Sparkspitter", "{R}, {T}, Discard a card: Create a 3/1 red Elemental creature token named Spark Elemental. It "
     "has trample, haste, and \"At the beginning of the end step, sacrifice this token.\""),
])
def test_real_oracle_text_reads_as_one_ability(card: str, text: str) -> None:
    """Their later sentences are tied to the ability (a duration, "if you do", "that token", "it"): one reading."""
    (r,) = read(text, card)
    assert not r.apart and r.kind in ("triggered", "activated")


def test_the_card_command_shows_the_two_readings() -> None:
    out = CliRunner().invoke(main, ["card", "--text", ONE_LINE]).output
    assert "[triggered ability]" in out and "[static ability]" in out and "judged both ways" in out
    sentences = json.loads(CliRunner().invoke(main, ["card", "--json", "--text", ONE_LINE]).output)["sentences"]
    assert [s.get("apart", False) for s in sentences] == [False, True]


def test_an_effect_s_text_is_judged_both_ways_too() -> None:
    """An effect's text need not put each ability on its own line either (written for the test): the block is
    undecided as on a permanent, and never read as the static ability alone."""
    board = _board(blocks=True)
    board["permanents"][0]["oracle"] = ""
    board["effects"] = [{"source": "Custom Spell", "controller": "A",
                         "text": "Whenever a creature attacks this turn, you gain 1 life. Creatures your opponents "
                                 "control can't block."}]
    verdict = check(parse_board(board))
    assert verdict.legal is None
    assert any("ILLEGAL if its ability applies, LEGAL if not" in n for n in verdict.notes)


def test_within_a_level_striation_it_applies_only_at_those_levels() -> None:
    """Written for the test: the sentence on a leveler's striation (711.2) is, as a static ability, one of that
    striation's, so its reading applies only while the permanent has that many level counters."""
    *_, alone = read("Level up {1}\nLEVEL 1-3\n2/2\n" + ONE_LINE, "Custom Creature")
    (held,) = alone.abilities
    assert alone.apart and isinstance(held, If) and (held.condition.counter, held.condition.at_most) == ("level", 3)
