""""Otherwise, ..." after a static ability under a condition: the same condition, not holding (611.3a).

Real cards of both corpora that say it ("Otherwise, it ..." on the line of an "as long as" or "during" static);
"it" is the first sentence's subject. A sentence "otherwise" with no condition before it must never be read as
applying always.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_templates import summary

from legality import check, parse_board
from legality.text.read import read
from legality.verdict import Verdict
from models.abilities import If

ROOT = Path(__file__).resolve().parent.parent

ROWS = [
    # Hunter's Blowgun: deathtouch on its controller's turn, reach on every other turn
    ("Hunter's Blowgun", "Equipped creature has deathtouch during your turn. Otherwise, it has reach.",
     "if<kind=your_turn>(kw:deathtouch) | if<kind=your_turn,negate=True>(kw:reach)"),
    # Bonds of Faith: +2/+2 (a value the board gives) on a Human; otherwise it can't attack or block (508.1c, 509.1b)
    ("Bonds of Faith", "Enchanted creature gets +2/+2 as long as it's a Human. Otherwise, it can't attack or block.",
     "- | if<kind=open,negate=True>(cant_attack_or_block)"),
    # Burden of Proof: otherwise, base P/T 1/1 (a value) and can't block Detectives (509.1b)
    ("Burden of Proof", "Enchanted creature gets +2/+2 as long as it's a Detective you control. Otherwise, it has base "
     "power and toughness 1/1 and can't block Detectives.",
     "- | if<kind=open,negate=True>(cant_block[subtypes=Detective]())"),
    # Evolved Spinoderm: trample with two or fewer oil counters (counters on itself, 122.1); otherwise hexproof
    ("Evolved Spinoderm", "This creature has trample as long as it has two or fewer oil counters on it. Otherwise, it "
     "has hexproof.", "if<kind=open>(kw:trample) | if<kind=open,negate=True>(kw:hexproof)"),
    # Sea Legs, Clutch of Undeath: both branches change only power and toughness (613.4c)
    ("Sea Legs", "Enchanted creature gets +0/+2 as long as it's a Pirate. Otherwise, it gets -2/-0.", "- | -"),
    ("Clutch of Undeath", "Enchanted creature gets +3/+3 as long as it's a Zombie. Otherwise, it gets -3/-3.", "- | -"),
]


@pytest.mark.parametrize(("card", "text", "expected"), ROWS, ids=[r[0] for r in ROWS])
def test_otherwise_is_the_condition_turned_round(card: str, text: str, expected: str) -> None:
    assert summary(read(text, card)) == expected


def test_otherwise_keeps_the_condition_s_words_and_the_subject() -> None:
    """The second branch of Hunter's Blowgun applies to the equipped creature ("it"), not to the Equipment."""
    first, second = read("Equipped creature has deathtouch during your turn. Otherwise, it has reach.",
                         "Hunter's Blowgun")
    assert (first.note, second.note) == ("attached", "attached")
    (held,), (kept,) = second.abilities, first.abilities
    assert isinstance(held, If) and isinstance(kept, If)
    assert held.condition.negate and not kept.condition.negate and held.condition.text == kept.condition.text


@pytest.mark.parametrize("text", ["Otherwise, it has flying.", "Creatures you control get +1/+1. Otherwise, it has "
                                  "flying.", "Otherwise, creatures your opponents control can't block."])
def test_otherwise_with_no_condition_before_it_is_not_understood(text: str) -> None:
    """With no condition to turn round, "otherwise" can't be read as applying always: not understood."""
    assert read(text, "Test Aura")[-1].status == "not understood"


def test_hunters_blowgun_gives_reach_on_an_opponent_s_turn() -> None:
    """The fixture's block of a flyer is legal (702.9b, 702.17b). With the Blowgun under the attacking player's
    control (its controller need not be the equipped creature's, 301.5d), it is its controller's turn: the
    Bears have deathtouch and not reach, and the same block is illegal."""
    path = ROOT / "fixtures/cards/hunters-blowgun-reach-blocks-flyer.json"
    board = json.loads(path.read_text())
    verdict = check(parse_board(board))
    assert verdict.legal is True and not verdict.not_understood
    next(p for p in board["permanents"] if p["id"] == "blowgun")["controller"] = "B"
    own_turn = check(parse_board(board))
    assert isinstance(own_turn, Verdict)
    assert own_turn.legal is False and any(v.rule == "702.9b" for v in own_turn.violations)


def test_bonds_of_faith_on_a_creature_of_unknown_type_is_judged_both_ways() -> None:
    """Bonds of Faith's "it's a Human" is a fact the checker doesn't test (an open condition, judged both ways): on
    an attacking Grizzly Bears the verdict depends on it, and the note says which way gives what."""
    board = {
        "version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
        "permanents": [
            {"id": "bear", "name": "Grizzly Bears", "controller": "A", "power": 2, "toughness": 2, "oracle": ""},
            {"id": "bonds", "name": "Bonds of Faith", "controller": "B", "types": ["enchantment"],
             "subtypes": ["Aura"], "attached_to": "bear",
             "oracle": "Enchant creature\nEnchanted creature gets +2/+2 as long as it's a Human. Otherwise, it can't "
                       "attack or block."}],
        "attacks": [{"attacker": "bear", "target": "B"}]}
    verdict = check(parse_board(board))
    assert verdict.legal is None
    assert any("unless it's a human" in n and "ILLEGAL if its ability applies, LEGAL if not" in n
               for n in verdict.notes)


def test_an_otherwise_on_an_open_condition_is_judged_as_one_fact() -> None:
    """Written for the test: "As long as you've cast a noncreature spell this turn, this creature has flying.
    Otherwise, it has reach." (an open condition, judged both ways). Either way it can block Serra Angel (702.9b,
    702.17b): LEGAL. The two branches are one fact turned round, never both off at once (which would forbid the
    block) nor both on."""
    board = {
        "version": 1, "active_player": "B", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
        "permanents": [
            {"id": "x", "name": "Custom Creature", "controller": "A", "power": 3, "toughness": 3,
             "types": ["creature"], "oracle": "As long as you've cast a noncreature spell this turn, this creature "
                                             "has flying. Otherwise, it has reach."},
            {"id": "angel", "name": "Serra Angel", "controller": "B", "power": 4, "toughness": 4, "oracle": "",
             "keywords": ["flying", "vigilance"]}],
        "attacks": [{"attacker": "angel", "target": "A"}],
        "blocks": [{"blocker": "x", "attacker": "angel"}]}
    verdict = check(parse_board(board))
    assert verdict.legal is True and not verdict.not_understood
    assert sum("judged both ways" in n for n in verdict.notes) == 2
