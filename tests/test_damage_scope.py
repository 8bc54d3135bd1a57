"""Text about declaring attackers or blockers can't change the combat damage step: the damage follows the
declarations as made (506.4, 509.1h). Such a sentence not understood leaves a damage verdict decided, with a note.

Relied on: Hooded Horror's ruling of 2013-10-17 (a creature legally blocked stays blocked when the condition of its
"can't be blocked" begins to hold), 509.1h.
"""

from __future__ import annotations

from typing import Any

from legality import parse_board, resolve_damage

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
    verdict = resolve_damage(parse_board(_board(True)), declarations=False)
    assert verdict.legal is True and verdict.players["B"]["life"] == 20 and verdict.destroyed == ("bear",)
    assert any("509.1h" in n for n in verdict.notes)
