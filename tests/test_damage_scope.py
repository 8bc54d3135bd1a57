"""Text about declaring attackers or blockers can't change the combat damage step: the damage follows the
declarations as made (506.4, 509.1h). Such a sentence not understood leaves a damage verdict decided, with a note.

Relied on: Hooded Horror's ruling of 2013-10-17 (a creature legally blocked stays blocked when the condition of its
"can't be blocked" begins to hold), 509.1h.
"""

from __future__ import annotations

from typing import Any

from legality import check, parse_board
from legality.damage import DamageVerdict

HORROR = ("Hooded Horror can't be blocked as long as defending player controls the most creatures or is tied for the "
          "most.")


def _board(damage: bool) -> dict[str, Any]:
    board: dict[str, Any] = {
        "version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
        "permanents": [
            {"id": "horror", "name": "Hooded Horror", "controller": "A", "types": ["creature"], "power": 4,
             "toughness": 4, "oracle": HORROR},
            {"id": "bear", "name": "Grizzly Bears", "controller": "B", "types": ["creature"], "power": 2,
             "toughness": 2, "oracle": ""}],
        "attacks": [{"attacker": "horror", "target": "B"}], "blocks": [{"blocker": "bear", "attacker": "horror"}]}
    if damage:
        board["damage"] = []
    return board


def test_a_blocking_restriction_not_read_leaves_the_damage_step_decided() -> None:
    verdict = check(parse_board(_board(True)))
    assert isinstance(verdict, DamageVerdict) and not verdict.not_understood
    assert verdict.legal is True and verdict.players["B"]["life"] == 20 and verdict.destroyed == ("bear",)
    assert any("509.1h" in n for n in verdict.notes)


def test_a_departed_planeswalker_target_of_trample_over_planeswalkers_is_asked_for() -> None:
    """702.19e against 506.4c: what a creature with trample over planeswalkers attacked has left the battlefield, and
    the board can't say whether it was a planeswalker (its damage goes to its controller) or a battle (none): the
    verdict asks; kept on the board removed from combat, it is decided."""
    board: dict[str, Any] = {
        "version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
        "permanents": [{"id": "t", "name": "Trampler", "controller": "A", "types": ["creature"], "power": 5,
                        "toughness": 5, "oracle": "Trample over planeswalkers"}],
        "attacks": [{"attacker": "t", "target": "pw"}], "blocks": [], "damage": []}
    gone = check(parse_board(board))
    assert isinstance(gone, DamageVerdict) and gone.legal is None
    assert any("702.19e" in u for u in gone.not_understood)
    board["permanents"].append({"id": "pw", "name": "Walker", "controller": "B", "types": ["planeswalker"],
                                "loyalty": 3, "removed_from_combat": True})
    kept = check(parse_board(board))
    assert isinstance(kept, DamageVerdict) and kept.legal is True and kept.players["B"]["life"] == 15
