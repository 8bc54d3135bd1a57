"""Attack forms of recent sets and effects on players: what the checker does with them on a board (the readings are
pinned in test_sentences; the fixtures in fixtures/rules hold the questions with real cards)."""

from __future__ import annotations

from typing import Any

from legality import check, parse_board

JUGGERNAUT = "This creature attacks each combat if able.\nThis creature can't be blocked by Walls."
OPPRESSIVE_RAYS = ("Enchant creature\nEnchanted creature can't attack or block unless its controller pays {3}.\n"
                   "Activated abilities of enchanted creature cost {3} more to activate.")


def _board(attacks: list[dict[str, Any]], mana: int | None = 0, **extra: Any) -> dict[str, Any]:
    """A's Juggernaut under B's Oppressive Rays, and Mogg Flunkies (can't attack or block alone)."""
    a: dict[str, Any] = {"id": "A", "life": 20}
    if mana is not None:
        a["mana_available"] = mana
    return {"version": 1, "active_player": "A", "players": [a, {"id": "B", "life": 20}], "permanents": [
        {"id": "jug", "name": "Juggernaut", "controller": "A", "types": ["artifact", "creature"],
         "subtypes": ["Juggernaut"], "power": 5, "toughness": 3, "oracle": JUGGERNAUT},
        {"id": "rays", "name": "Oppressive Rays", "controller": "B", "types": ["enchantment"], "subtypes": ["Aura"],
         "colors": ["W"], "attached_to": "jug", "oracle": OPPRESSIVE_RAYS},
        {"id": "flunkies", "name": "Mogg Flunkies", "controller": "A", "types": ["creature"], "subtypes": ["Goblin"],
         "colors": ["R"], "power": 3, "toughness": 3, "oracle": "This creature can't attack or block alone."},
    ], "attacks": attacks, **extra}


def _judge(board: dict[str, Any]) -> Any:
    import json

    return check(parse_board(json.dumps(board)))


def test_put_onto_the_battlefield_attacking_pays_no_cost_and_obeys_no_requirement() -> None:
    """508.4c: a creature put onto the battlefield attacking isn't affected by the requirements or restrictions of the
    declaration of attackers: Juggernaut, so put in, owes nothing of Oppressive Rays' {3} (A has no mana) and its
    "attacks each combat if able" asks nothing; Mogg Flunkies, so put in alone, breaks no "can't attack alone"."""
    v = _judge(_board([{"attacker": "jug", "target": "B", "declared": False},
                       {"attacker": "flunkies", "target": "B", "declared": False}]))
    assert v.legal and not v.undecided
    assert v.costs == [] or not v.costs
    assert v.to_json()["requirements"]["maximum"] == 0


def test_the_same_attack_declared_pays_and_counts() -> None:
    """The same attackers declared (508.1): Juggernaut's attack would cost {3} A can't pay (508.1h, j), and Flunkies
    attack alone: illegal, as the put-in ones weren't; the checker must tell them apart."""
    v = _judge(_board([{"attacker": "jug", "target": "B"}]))
    assert not v.legal and not v.undecided
    v = _judge(_board([{"attacker": "flunkies", "target": "B"}]))
    assert not v.legal and any(x["rule"] == "508.1c" for x in v.to_json()["violations"])


def test_a_declared_attacker_beside_one_put_in_is_still_alone() -> None:
    """506.5 ("a creature attacks alone if it's the only creature declared as an attacker"), 508.4c: Mogg Flunkies
    declared beside a Juggernaut put onto the battlefield attacking attack alone (the Juggernaut was never declared)."""
    v = _judge(_board([{"attacker": "jug", "target": "B", "declared": False},
                       {"attacker": "flunkies", "target": "B"}], mana=None))
    assert not v.legal


def _monarch_board(target: str, designations: list[str] | None) -> dict[str, Any]:
    """A's creature that "can't attack unless defending player is the monarch"; B is the monarch, C isn't."""
    b: dict[str, Any] = {"id": "B", "life": 20}
    c: dict[str, Any] = {"id": "C", "life": 20}
    if designations is not None:
        b["designations"], c["designations"] = designations, []
    return {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20, "designations": []}, b, c],
            "permanents": [{"id": "x", "name": "Monarch Hunter", "controller": "A", "types": ["creature"],
                            "power": 2, "toughness": 2,
                            "oracle": "This creature can't attack unless defending player is the monarch."},
                           {"id": "pw", "name": "Planeswalker", "controller": "B", "types": ["planeswalker"],
                            "loyalty": 3, "oracle": ""}],
            "attacks": [{"attacker": "x", "target": target}]}


def test_unless_defending_player_is_the_monarch_is_read_per_defending_player() -> None:
    """508.1c, 724: the restriction holds for each defending player in turn: the creature may attack the monarch (B)
    or B's planeswalker (B is then the defending player, 508.5), not C."""
    assert _judge(_monarch_board("B", ["monarch"])).legal
    assert _judge(_monarch_board("pw", ["monarch"])).legal
    v = _judge(_monarch_board("C", ["monarch"]))
    assert not v.legal and not v.undecided and any(x["rule"] == "508.1c" for x in v.to_json()["violations"])


def test_who_is_the_monarch_is_asked_of_the_board() -> None:
    """Without the players' designations the condition is undecided, naming the field (never guessed)."""
    v = _judge(_monarch_board("C", None))
    assert v.undecided and "designations" in " ".join(v.not_understood)


def _islands_board(blocker_power: int, islands: int) -> dict[str, Any]:
    """A controls ``islands`` Islands and "creatures with power less than the number of Islands you control can't
    block"; B's creature of ``blocker_power`` blocks A's attacker."""
    lands = [{"id": f"i{n}", "name": "Island", "controller": "A", "types": ["land"], "subtypes": ["Island"],
              "oracle": ""} for n in range(islands)]
    return {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
            "permanents": [*lands,
                           {"id": "tide", "name": "Tide Warden", "controller": "A", "types": ["enchantment"],
                            "oracle": "Creatures with power less than the number of Islands you control can't block."},
                           {"id": "x", "name": "Grizzly Bears", "controller": "A", "types": ["creature"], "power": 2,
                            "toughness": 2, "oracle": ""},
                           {"id": "y", "name": "Blocker", "controller": "B", "types": ["creature"],
                            "power": blocker_power, "toughness": 4, "oracle": ""}],
            "attacks": [{"attacker": "x", "target": "B"}], "blocks": [{"blocker": "y", "attacker": "x"}]}


def test_power_less_than_a_count_of_the_board() -> None:
    """509.1b with the count taken from the board: with three Islands, a creature of power 2 can't block and one of
    power 3 can; with no Island none is bounded (power less than 0)."""
    v = _judge(_islands_board(2, 3))
    assert not v.legal and any(x["rule"] == "509.1b" for x in v.to_json()["violations"])
    assert _judge(_islands_board(3, 3)).legal
    assert _judge(_islands_board(0, 0)).legal


def _only_targets(attackers: list[str], targets: list[str]) -> dict[str, Any]:
    """"Only target creatures can attack this turn" with these targets; A's Bears x, y and z."""
    bears = [{"id": i, "name": "Grizzly Bears", "controller": "A", "types": ["creature"], "power": 2, "toughness": 2,
              "oracle": ""} for i in ("x", "y", "z")]
    return {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
            "permanents": bears, "effects": [{"source": "Only Targets", "controller": "B", "targets": targets,
                                              "text": "Only target creatures can attack this turn."}],
            "attacks": [{"attacker": a, "target": "B"} for a in attackers]}


def test_only_target_creatures_can_attack() -> None:
    """508.1c: the creatures the effect doesn't target can't attack; the targets may, and need not; without targets
    the effect can't be applied and the verdict is not decided."""
    assert _judge(_only_targets(["x", "y"], ["x", "y"])).legal
    assert _judge(_only_targets([], ["x"])).legal
    v = _judge(_only_targets(["x", "z"], ["x"]))
    assert not v.legal and any(x["rule"] == "508.1c" for x in v.to_json()["violations"])
    assert _judge(_only_targets(["x"], [])).undecided
