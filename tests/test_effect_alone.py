"""Static abilities judged by what their effect can change, not by the words of their condition (611.3a).

A condition, a count or a "who ..." that speaks of attacking or blocking doesn't give an effect combat meaning: what
a declaration (508.1, 509.1) or combat damage (510.1) depends on is the effect. Such a sentence whose effect could
change neither reads as "no combat meaning" and doesn't hold a verdict; one whose effect could change them stays not
understood unless read.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_templates import summary

from legality import check, parse_board
from legality.text.read import read

ROWS = [
    # playing cards from exile (601.3, 305.1) while you attacked this turn: nothing of a declaration or of damage
    ("Pick Up the Pace", "You may play cards exiled with this enchantment as long as you attacked this turn.", "-"),
    # power only (613.4c): the board gives current power; counted by attacks made, a value, not a rule of combat
    ("Moraug, Fury of Akoum", "Each creature you control gets +1/+0 for each time it has attacked this turn.", "-"),
    # casting instants and activating abilities during combat (601.3, 602.5): an activated ability changes nothing
    # until it resolves (602.2), and its result is an effect the board gives
    ("Hand to Hand", "During combat, players can't cast instant spells or activate abilities that aren't mana "
     "abilities.", "-"),
    # noncombat damage only (510.2: the combat damage step deals combat damage)
    ("Aether Revolt", "Revolt — As long as a permanent left the battlefield under your control this turn, if a source "
     "you control would deal noncombat damage to an opponent or a permanent an opponent controls, it deals that much "
     "damage plus 2 instead.", "-"),
    # a Case's "to solve" is a triggered ability at its controller's end step (719.3), after every combat of the turn
    ("Case of the Gateway Express", "To solve — Three or more creatures attacked this turn. (If unsolved, solve at "
     "the beginning of your end step.)", "-"),
    ("Case of the Burning Masks", "To solve — Three or more sources you controlled dealt damage this turn.", "-"),
]

STAY = [
    # the effect itself bears on combat: a condition set aside leaves it so, and it stays not understood
    ("Weathered Sentinels", "This creature can attack players who attacked you during their last turn as though it "
     "didn't have defender.", "?"),
    ("Medomai the Ageless", "Medomai the Ageless can't attack during extra turns.", "?"),
    ("Halls of Mist", "Creatures that attacked during their controller's last turn can't attack.", "?"),
    # dying replaced by exile after damage (a result of combat damage, 704.5g): never read by its words alone
    ("Incendiary Oracle", "If a creature dealt damage by Incendiary Oracle this turn would die, exile it instead.",
     "?"),
]


@pytest.mark.parametrize(("card", "text", "expected"), ROWS + STAY, ids=[r[0] for r in ROWS + STAY])
def test_a_sentence_is_judged_by_its_effect(card: str, text: str, expected: str) -> None:
    assert summary(read(text, card)) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Each opponent who attacked you this turn can't cast spells.", "-"),
    ("Creatures controlled by each opponent who attacked you this turn can't block.", "?"),
    ("As long as you attacked this turn, creatures you control have flying.", "?"),
])
def test_a_player_named_by_an_attack_is_judged_by_what_the_player_can_t_do(text: str, expected: str) -> None:
    """Written for the test (the issue's example; no card of the corpora says it): casting spells (601.3) is no part
    of a declaration; blocking, or a keyword of combat, is."""
    assert summary(read(text, "Test Enchantment")) == expected


def _board(oracle: str, name: str) -> dict[str, Any]:
    """Grizzly Bears attacks with the enchantment on its controller's side (a declaration of attackers, 508.1)."""
    return {
        "version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
        "permanents": [
            {"id": "ench", "name": name, "controller": "A", "types": ["enchantment"], "oracle": oracle},
            {"id": "bear", "name": "Grizzly Bears", "controller": "A", "power": 2, "toughness": 2, "oracle": ""}],
        "attacks": [{"attacker": "bear", "target": "B"}]}


def test_pick_up_the_pace_does_not_hold_an_attack() -> None:
    """Pick Up the Pace's second ability lets its controller play cards from exile, whatever it says of attacking:
    Grizzly Bears's attack is legal (508.1), and no sentence of it is listed as not understood."""
    oracle = ("Whenever a creature you control that entered this turn attacks, exile the top card of your library.\n"
              "You may play cards exiled with this enchantment as long as you attacked this turn.")
    verdict = check(parse_board(_board(oracle, "Pick Up the Pace")))
    assert verdict.legal is True and not verdict.not_understood


def test_a_restriction_on_attacking_under_a_combat_condition_still_holds_the_verdict() -> None:
    """The same condition on an effect that could forbid the attack keeps the verdict undecided (written for the
    test: "can't attack" is 508.1c)."""
    verdict = check(parse_board(_board("As long as you attacked this turn, creatures you control can't attack.",
                                       "Test Enchantment")))
    assert verdict.legal is None and verdict.not_understood


def test_moraug_s_power_change_is_noted_once_attackers_are_declared() -> None:
    """Moraug's +1/+0 per attack this turn is a value (613.4c): the block is judged, with the note that the board's
    power must already include it (as for Rampaging Cyclops, tests/test_unread.py)."""
    board = _board("Each creature you control gets +1/+0 for each time it has attacked this turn.",
                   "Moraug, Fury of Akoum")
    board["permanents"].append({"id": "ogre", "name": "Gray Ogre", "controller": "B", "power": 2, "toughness": 2,
                                "oracle": ""})
    board["blocks"] = [{"blocker": "ogre", "attacker": "bear"}]
    verdict = check(parse_board(board))
    assert verdict.legal is True and not verdict.not_understood
    assert any("613.4c" in n and "moraug" in n.lower() for n in verdict.notes)


def test_an_if_with_instead_is_never_set_aside() -> None:
    """Golden Demise's second sentence ("If you have the city's blessing, instead only creatures your opponents
    control get -2/-2 until end of turn"): "instead" makes the "if" part of what the effect does (614.1), so it is
    not judged by the rest alone; the sentence reads as it did before the effect was judged alone."""
    text = ("All creatures get -2/-2 until end of turn.\nAscend (If you control ten or more permanents, you get the "
            "city's blessing for the rest of the game.)\nIf you have the city's blessing, instead only creatures your "
            "opponents control get -2/-2 until end of turn.")
    second = read(text, "Golden Demise")[-1]
    assert second.sentence.startswith("if you have the city's blessing")
    assert "its effect alone" not in second.note
