"""Conditions of static abilities are facts of the board (611.3a), read from it and reported in the notes.

Stone-Tongue Basilisk: "Threshold — As long as seven or more cards are in your graveyard, all
creatures able to block Stone-Tongue Basilisk do so." With threshold, each creature able to block it
must (509.1c); without, nothing is required; without ``graveyard_size`` the condition is not guessed.
"""

from __future__ import annotations

from typing import Any

from legality import check_declaration as check
from legality import parse_board


def _board(graveyard: int | None, blocks: list[dict[str, str]]) -> dict[str, Any]:
    attacker: dict[str, Any] = {"id": "A", "life": 20}
    if graveyard is not None:
        attacker["graveyard_size"] = graveyard
    return {"version": 1, "active_player": "A", "players": [attacker, {"id": "B", "life": 20}],
            "permanents": [{"id": "basilisk", "name": "Stone-Tongue Basilisk", "controller": "A"},
                           {"id": "bear", "name": "Grizzly Bears", "controller": "B"}],
            "attacks": [{"attacker": "basilisk", "target": "B"}], "blocks": blocks}


def test_threshold_holds_and_the_lure_requirement_applies() -> None:
    verdict = check(parse_board(_board(7, [])))
    assert verdict.legal is False and verdict.maximum == 1
    assert any("A graveyard_size 7; so the ability applies" in n for n in verdict.notes)


def test_threshold_does_not_hold_and_nothing_is_required() -> None:
    verdict = check(parse_board(_board(6, [])))
    assert verdict.legal is True and verdict.maximum == 0
    assert any("A graveyard_size 6; so the ability does not apply" in n for n in verdict.notes)


def test_a_condition_on_a_fact_the_board_lacks_is_not_guessed() -> None:
    verdict = check(parse_board(_board(None, [])))
    assert verdict.legal is None and verdict.undecided_reason == "text not understood"
    assert any("$.players[0].graveyard_size" in u for u in verdict.not_understood)


def test_your_turn_conditions_read_the_active_player() -> None:
    """Daggersail Aeronaut: "As long as it's your turn, Daggersail Aeronaut has flying." (702.9b)."""
    def board(active: str) -> dict[str, Any]:
        return {"version": 1, "active_player": active, "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
                "permanents": [
                    {"id": "aero", "name": "Daggersail Aeronaut", "controller": "A", "power": 3, "toughness": 2,
                     "types": ["creature"], "oracle": "As long as it's your turn, Daggersail Aeronaut has flying."},
                    {"id": "bird", "name": "Bird", "controller": "B", "power": 1, "toughness": 1,
                     "keywords": ["flying"], "oracle": ""}],
                "attacks": [{"attacker": "aero" if active == "A" else "bird", "target": "B" if active == "A" else "A"}],
                "blocks": [{"blocker": "bird", "attacker": "aero"}] if active == "A" else
                [{"blocker": "aero", "attacker": "bird"}]}
    # On its controller's turn it flies, and the flying Bird may block it.
    assert check(parse_board(board("A"))).legal is True
    # On the other player's turn it has no flying and can't block the flying Bird (702.9b).
    other = check(parse_board(board("B")))
    assert other.legal is False and any(v.rule == "702.9b" for v in other.violations)


def test_an_opponents_life_and_cards_in_hand_are_read_from_the_board() -> None:
    """Bloodghast: "Bloodghast has haste as long as an opponent has 10 or less life." (702.10: haste lets a
    creature attack the turn it came under its controller's control; 302.6)."""
    def board(life: int) -> dict[str, Any]:
        return {"version": 1, "active_player": "A",
                "players": [{"id": "A", "life": 20}, {"id": "B", "life": life}, {"id": "C", "life": 20}],
                "permanents": [{"id": "ghast", "name": "Bloodghast", "controller": "A", "power": 2, "toughness": 1,
                                "types": ["creature"], "summoning_sick": True,
                                "oracle": "Bloodghast can't block.\nBloodghast has haste as long as an opponent has "
                                          "10 or less life."}],
                "attacks": [{"attacker": "ghast", "target": "C"}]}
    assert check(parse_board(board(10))).legal is True  # B has 10: haste, so it may attack (even C)
    low = check(parse_board(board(11)))
    assert low.legal is False and [v.rule for v in low.violations] == ["302.6"]  # summoning sickness, no haste


def test_cant_attack_if_defending_player_controls_is_per_defending_player() -> None:
    """Mogg Jailer: "Mogg Jailer can't attack if defending player controls an untapped creature with power 2
    or less." In multiplayer each opponent is a defending player (802.2): the Jailer may attack B, who has
    none, but not C, who has one (508.1c)."""
    def board(target: str) -> dict[str, Any]:
        return {"version": 1, "active_player": "A",
                "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}, {"id": "C", "life": 20}],
                "permanents": [
                    {"id": "jailer", "name": "Mogg Jailer", "controller": "A", "power": 2, "toughness": 2,
                     "types": ["creature"], "oracle": "Mogg Jailer can't attack if defending player controls an "
                                                      "untapped creature with power 2 or less."},
                    {"id": "giant", "name": "Hill Giant", "controller": "B"},
                    {"id": "bear", "name": "Grizzly Bears", "controller": "C"}],
                "attacks": [{"attacker": "jailer", "target": target}]}
    assert check(parse_board(board("B"))).legal is True
    assert check(parse_board(board("C"))).legal is False


def test_counters_are_read_from_the_board_and_asked_for_when_missing() -> None:
    """Pipsqueak, Rebel Strongarm: "Pipsqueak can't attack alone unless he has a +1/+1 counter on him." (508.1c,
    122.1). Without ``counters`` the condition is not guessed: the verdict names the field to give."""
    board: dict[str, Any] = {
        "version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
        "permanents": [{"id": "pip", "name": "Pipsqueak, Rebel Strongarm", "controller": "A", "power": 4,
                        "toughness": 4,
                        "oracle": "Pipsqueak can't attack alone unless he has a +1/+1 counter on him."}],
        "attacks": [{"attacker": "pip", "target": "B"}]}
    missing = check(parse_board(board))
    assert missing.legal is None and any("$.permanents[0].counters" in u for u in missing.not_understood)
    board["permanents"][0]["counters"] = {"charge": 2}
    assert check(parse_board(board)).legal is False
    board["permanents"][0]["counters"] = {"+1/+1": 1}
    assert check(parse_board(board)).legal is True


def test_a_condition_naming_two_colours_counts_either() -> None:
    """Battle Brawler: "As long as you control a red or white permanent, this creature gets +1/+0 and has first
    strike." A white permanent is enough (611.3a); a green one is not."""
    def board(colour: str) -> dict[str, Any]:
        return {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
                "permanents": [
                    {"id": "bb", "name": "Battle Brawler", "controller": "A", "power": 2, "toughness": 2,
                     "oracle": "As long as you control a red or white permanent, this creature gets +1/+0 and has "
                               "first strike."},
                    {"id": "x", "name": "Some Enchantment", "controller": "A", "types": ["enchantment"],
                     "colors": [colour], "oracle": ""}],
                "attacks": [{"attacker": "bb", "target": "B"}]}
    white = check(parse_board(board("W")))
    assert any("Battle Brawler" in n and "so the ability applies" in n for n in white.notes), white.notes
    green = check(parse_board(board("G")))
    assert any("Battle Brawler" in n and "does not apply" in n for n in green.notes), green.notes


def test_tokens_are_asked_of_the_board_when_text_needs_them() -> None:
    """Vizier of the Scorpion: "Zombie tokens you control have deathtouch." (111.1, 702.2). Which permanents are
    tokens is a fact of the board: without ``token`` the verdict names the field; with it, the grant applies."""
    board: dict[str, Any] = {
        "version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
        "permanents": [
            {"id": "vz", "name": "Vizier of the Scorpion", "controller": "A", "power": 1, "toughness": 1,
             "oracle": "Zombie tokens you control have deathtouch."},
            {"id": "z", "name": "Zombie", "controller": "A", "power": 2, "toughness": 2, "subtypes": ["Zombie"],
             "oracle": ""}],
        "attacks": [{"attacker": "z", "target": "B"}]}
    missing = check(parse_board(board))
    assert missing.legal is None and any("$.permanents[0].token" in u for u in missing.not_understood)
    for p in board["permanents"]:
        p["token"] = p["id"] == "z"
    from legality.traits import build_game

    game = build_game(parse_board(board))
    assert game.traits["z"].has("deathtouch") and not game.traits["vz"].has("deathtouch")
    board["permanents"][1]["token"] = False
    assert not build_game(parse_board(board)).traits["z"].has("deathtouch")


def test_a_player_designation_is_read_from_the_board_or_asked_for() -> None:
    """Wayward Swordtooth: "... can't attack or block unless you have the city's blessing." (702.131c, 508.1c)."""
    board: dict[str, Any] = {
        "version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
        "permanents": [{"id": "t", "name": "Wayward Swordtooth", "controller": "A", "power": 5, "toughness": 5,
                        "oracle": "Wayward Swordtooth can't attack or block unless you have the city's blessing."}],
        "attacks": [{"attacker": "t", "target": "B"}]}
    missing = check(parse_board(board))
    assert missing.legal is None and any("$.players[0].designations" in u for u in missing.not_understood)
    board["players"][0]["designations"] = ["monarch"]
    assert check(parse_board(board)).legal is False
    board["players"][0]["designations"] = ["city's blessing"]
    assert check(parse_board(board)).legal is True


def _against_bears(attacker: dict[str, Any], blocks: list[dict[str, str]] | None = None,
                   player: dict[str, Any] | None = None) -> dict[str, Any]:
    """``attacker`` (id "x", controlled by A, with A's fields ``player``) attacks B, who controls Grizzly Bears."""
    board: dict[str, Any] = {"version": 1, "active_player": "A",
                             "players": [{"id": "A", "life": 20, **(player or {})}, {"id": "B", "life": 20}],
                             "permanents": [{"id": "x", "controller": "A", **attacker},
                                            {"id": "bear", "name": "Grizzly Bears", "controller": "B"}],
                             "attacks": [{"attacker": "x", "target": "B"}]}
    if blocks is not None:
        board["blocks"] = blocks
    return board


def test_delirium_reads_the_card_types_in_a_graveyard_or_asks_for_them() -> None:
    """Hound of the Farbogs: "Delirium — ~ has menace as long as there are four or more card types among cards in
    your graveyard" (207.2c, 205.2a). One blocker is illegal with four types (702.111b), legal with three, and with
    the count missing the verdict names the field it needs."""
    def board(types: int | None) -> dict[str, Any]:
        return _against_bears({"name": "Hound of the Farbogs"}, [{"blocker": "bear", "attacker": "x"}],
                              None if types is None else {"graveyard_card_types": types})

    assert check(parse_board(board(4))).legal is False
    assert check(parse_board(board(3))).legal is True
    missing = check(parse_board(board(None)))
    assert missing.legal is None
    assert any("$.players[0].graveyard_card_types" in u for u in missing.not_understood)


def test_designations_of_a_permanent_are_read_or_asked_for_and_suspected_applies() -> None:
    """Colossus of Akros: "As long as this creature is monstrous, it has trample and can attack as though it didn't
    have defender" (701.31b: monstrous is a designation the board gives). Without ``designations`` the attack is
    undecided, naming the field; a condition that governs only keywords with no bearing on combat (Skittering
    Crustacean's hexproof) is left undecided without making the verdict so. A suspected creature has menace and
    can't block (701.58c)."""
    colossus = {"name": "Colossus of Akros"}
    assert check(parse_board(_against_bears({**colossus, "designations": ["monstrous"]}))).legal is True
    assert check(parse_board(_against_bears({**colossus, "designations": []}))).legal is False
    missing = check(parse_board(_against_bears(colossus)))
    assert missing.legal is None and any("$.permanents[0].designations" in u for u in missing.not_understood)
    crab = {"name": "Skittering Crustacean", "power": 2, "toughness": 3,
            "oracle": "As long as this creature is monstrous, it has hexproof."}
    decided = check(parse_board(_against_bears(crab)))
    assert decided.legal is True and not decided.not_understood
    assert any("bears on no declaration" in n for n in decided.notes)
    suspect = {"name": "Grizzly Bears", "designations": ["suspected"]}
    blocked = [{"blocker": "bear", "attacker": "x"}]
    assert check(parse_board(_against_bears(suspect, blocked))).legal is False  # menace, 702.111b
    assert check(parse_board(_against_bears(suspect, []))).legal is True
