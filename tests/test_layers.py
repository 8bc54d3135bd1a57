"""Layer 6 (613.1f) before the game is built: what an object that lost its abilities still imposes, and which
objects an effect's "other" and "~" speak of.

Relied on: 613.1f (ability-removing effects apply in layer 6), 613.7 (timestamp order: an ability gained after the
loss is kept; rulings of Ovinize, 2007-02-01, and Turn to Frog, 2014-07-18), 613.8a (an effect depends on one
that would remove the ability generating it), 303.4 and 113.3 (an Aura's "enchanted creature can't attack" is the
Aura's ability, not the creature's), 608.2h (a resolved ability's effect applies to the objects its text names:
"~" is its source).
"""

from __future__ import annotations

from typing import Any

from legality import check_declaration as check
from legality import parse_board

OVINIZE = "Until end of turn, target creature loses all abilities and has base power and toughness 0/1."
SHOWDOWN = "All creatures lose all abilities until end of turn."
DRUMS = "Creatures you control have menace. (They can't be blocked except by two or more creatures.)"


def _perm(pid: str, name: str, ctl: str, oracle: str = "", power: int = 2, toughness: int = 2,
          **more: Any) -> dict[str, Any]:
    return {"id": pid, "name": name, "controller": ctl, "types": ["creature"], "power": power,
            "toughness": toughness, "oracle": oracle, **more}


def _board(perms: list[dict[str, Any]], effects: list[dict[str, Any]], attacks: list[tuple[str, str]],
           blocks: list[tuple[str, str]] | None = None) -> dict[str, Any]:
    board: dict[str, Any] = {"version": 1, "active_player": "A",
                             "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
                             "permanents": perms, "effects": effects,
                             "attacks": [{"attacker": a, "target": t} for a, t in attacks]}
    if blocks is not None:
        board["blocks"] = [{"blocker": b, "attacker": a} for b, a in blocks]
    return board


def _legal(board: dict[str, Any]) -> bool | None:
    return check(parse_board(board), alternatives=False).legal


def test_a_stripped_lord_grants_nothing() -> None:
    """Goblin War Drums-like grants of a creature that lost all its abilities are gone: "creatures you control have
    menace" on a creature Ovinized this turn gives its team nothing, so one blocker is enough."""
    lord = _perm("lord", "Goblin Drummer", "A", DRUMS)
    bear = _perm("bear", "Grizzly Bears", "A")
    wall = _perm("wall", "Wall of Wood", "B", "Defender", 0, 3)
    board = _board([lord, bear, wall], [], [("bear", "B")], [("wall", "bear")])
    assert _legal(board) is False  # menace: one blocker is not enough (702.111b)
    board["effects"] = [{"source": "Ovinize", "controller": "B", "text": OVINIZE, "targets": ["lord"]}]
    assert _legal(board) is True


def test_a_global_loss_strips_every_creature() -> None:
    """Final Showdown's mode "all creatures lose all abilities until end of turn": a flyer can be blocked by a bear."""
    drake = _perm("drake", "Wind Drake", "A", "Flying")
    bear = _perm("bear", "Grizzly Bears", "B")
    board = _board([drake, bear], [], [("drake", "B")], [("bear", "drake")])
    assert _legal(board) is False
    board["effects"] = [{"source": "Final Showdown", "controller": "B", "text": SHOWDOWN}]
    assert _legal(board) is True


def test_an_effect_stripping_the_source_of_a_global_loss_wins() -> None:
    """A creature whose "all other creatures lose all abilities" is itself removed by an effect strips no one
    (613.8a: that static ability's existence depends on the effect)."""
    stripper = _perm("strip", "Stripping Beast", "B", "All other creatures lose all abilities.")
    drake = _perm("drake", "Wind Drake", "A", "Flying")
    bear = _perm("bear", "Grizzly Bears", "B")
    board = _board([stripper, drake, bear], [], [("drake", "B")], [("bear", "drake")])
    assert _legal(board) is True  # the drake has no flying
    board["effects"] = [{"source": "Ovinize", "controller": "A", "text": OVINIZE, "targets": ["strip"]}]
    assert _legal(board) is False  # the beast's ability is gone: the drake flies again


def test_unread_text_of_a_stripped_creature_leaves_the_verdict_decided() -> None:
    """A static sentence the checker can't read changes nothing on a creature that has no abilities: the verdict is
    decided, and a note says why the sentence was set aside."""
    odd = _perm("odd", "Odd Beast", "A", "Creatures named Zorp can't attack unless their controller recites a poem.")
    board = _board([odd], [], [("odd", "B")])
    before = check(parse_board(board), alternatives=False)
    assert before.legal is None and before.undecided_reason == "text not understood"
    board["effects"] = [{"source": "Ovinize", "controller": "B", "text": OVINIZE, "targets": ["odd"]}]
    after = check(parse_board(board), alternatives=False)
    assert after.legal is True
    assert any("lost all its abilities" in n and "613.1f" in n for n in after.notes)


def test_a_keyword_loss_keeps_a_later_grant() -> None:
    """"Loses flying" then "gains flying": the later grant is kept (613.7); the other way round it is gone."""
    drake = _perm("drake", "Wind Drake", "A", "Flying")
    bear = _perm("bear", "Grizzly Bears", "B")
    lose = {"source": "Magnetic Theft", "controller": "B", "text": "Target creature loses flying until end of turn.",
            "targets": ["drake"]}
    gain = {"source": "Jump", "controller": "A", "text": "Target creature gains flying until end of turn.",
            "targets": ["drake"]}
    assert _legal(_board([drake, bear], [lose, gain], [("drake", "B")], [("bear", "drake")])) is False
    assert _legal(_board([drake, bear], [gain, lose], [("drake", "B")], [("bear", "drake")])) is True


def test_other_creatures_of_a_targeted_effect_are_the_untargeted_ones() -> None:
    """"Target creature can't block this turn. Other creatures can't attack this turn." with one target: the target
    may attack, every other creature may not."""
    text = "Target creature can't block this turn. Other creatures can't attack this turn."
    one = _perm("one", "Grizzly Bears", "A")
    two = _perm("two", "Hill Giant", "A", power=3, toughness=3)
    effect = {"source": "Spell", "controller": "B", "text": text, "targets": ["one"]}
    assert _legal(_board([one, two], [effect], [("one", "B")])) is True
    assert _legal(_board([one, two], [effect], [("two", "B")])) is False


def test_self_effect_without_a_source_asks_for_it() -> None:
    """An effect whose text speaks of its source ("~ can attack this turn as though it didn't have defender") with no
    source_id can't be placed: the verdict is undecided, asking for the source, never silently dropped."""
    wall = _perm("wall", "Hightide Hermit", "A", "Defender", 3, 4)
    effect = {"source": "Hightide Hermit", "controller": "A",
              "text": "Hightide Hermit can attack this turn as though it didn't have defender."}
    verdict = check(parse_board(_board([wall], [effect], [("wall", "B")])), alternatives=False)
    assert verdict.legal is None and any("source_id" in u for u in verdict.not_understood)
    effect["source_id"] = "wall"
    assert _legal(_board([wall], [effect], [("wall", "B")])) is True


def test_a_colour_change_meets_protection() -> None:
    """"Target creature becomes black" (layer 5, 105.3): White Knight's protection from black then stops the block,
    though the board gives the Bears as green (702.16f)."""
    knight = _perm("knight", "White Knight", "A", "First strike\nProtection from black", 1, 1, colors=["W"])
    bear = _perm("bear", "Grizzly Bears", "B", colors=["G"])
    board = _board([knight, bear], [], [("knight", "B")], [("bear", "knight")])
    assert _legal(board) is True
    board["effects"] = [{"source": "Darkness Spell", "controller": "B", "text": "Target creature becomes black until "
                         "end of turn.", "targets": ["bear"]}]
    assert _legal(board) is False


def test_turn_to_frog_keeps_other_card_types_and_replaces_creature_types() -> None:
    """Turn to Frog's ruling (2014-07-18): the creature loses its other colours and creature types but keeps other
    card types such as artifact; so fear (artifact or black blockers, 702.36b) still lets it block."""
    golem = _perm("golem", "Bronze Golem", "B", "", 2, 2, types=["artifact", "creature"], subtypes=["Golem"],
                  colors=[])
    shade = _perm("shade", "Dread Shade", "A", "Fear", 2, 2, colors=["B"])
    frog = {"source": "Turn to Frog", "controller": "A", "targets": ["golem"],
            "text": "Until end of turn, target creature loses all abilities and becomes a blue Frog with base power "
                    "and toughness 1/1."}
    board = _board([shade, golem], [frog], [("shade", "B")], [("golem", "shade")])
    assert _legal(board) is True  # still an artifact creature
    game_types = _built(board)
    assert game_types["golem"] == (("artifact", "creature"), ("Frog",), ("U",))


def test_types_added_in_addition_meet_a_quality() -> None:
    """"Creatures you control are Juggernauts in addition to their other types" feeds a quality asked later
    ("can't be blocked by Walls" asks the blocker; here a grant to Juggernauts): the added type counts (205.1b)."""
    lord = {"id": "lord", "name": "Juggernaut Banner", "controller": "A", "types": ["artifact"],
            "oracle": "Creatures you control are Juggernauts in addition to their other types.\n"
                      "Juggernauts you control have flying."}
    bear = _perm("bear", "Grizzly Bears", "A", subtypes=["Bear"])
    blocker = _perm("wall", "Hill Giant", "B", "", 3, 3)
    board = _board([lord, bear, blocker], [], [("bear", "B")], [("wall", "bear")])
    assert _legal(board) is False  # the Bears are Juggernauts, so they fly
    assert _built(board)["bear"][1] == ("Bear", "Juggernaut")


def _built(board: dict[str, Any]) -> dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]]:
    """Each permanent's card types, subtypes and colours in the game built from the board."""
    from legality.traits import build_game

    game = build_game(parse_board(board))
    return {p.id: (p.card_types, tuple(p.subtypes or ()), tuple(p.colors or ())) for p in game.board.permanents}


def test_a_face_down_creature_is_a_plain_2_2() -> None:
    """708.2: face down, Exit Specialist ("can't be blocked by creatures with power 3 or greater") is a colourless 2/2
    with no text and no name, so a Hill Giant may block it; its name on the board says what it is for its controller
    only, and the card library fills in nothing."""
    morph = {"id": "morph", "name": "Exit Specialist", "controller": "A", "face_down": True,
             "oracle": "This creature can't be blocked by creatures with power 3 or greater."}
    wall = _perm("wall", "Hill Giant", "B", "", 3, 3, colors=["R"])
    board = _board([morph, wall], [], [("morph", "B")], [("wall", "morph")])
    assert _legal(board) is True
    assert _built(board)["morph"] == (("creature",), (), ())
    board["permanents"][0]["face_down"] = False
    board["permanents"][0].update({"types": ["creature"], "power": 2, "toughness": 1})
    assert _legal(board) is False  # face up, its own text stops the block


DEEP_FREEZE = ("Enchant creature\nEnchanted creature has base power and toughness 0/4, has defender, loses all other "
               "abilities, and is a blue Wall in addition to its other colors and types.")


def test_loses_all_other_abilities_keeps_what_the_same_aura_gives() -> None:
    """Deep Freeze: the creature keeps the defender the Aura gives and loses its own flying and vigilance (613.1f: one
    effect, one timestamp); it is a blue Wall in addition (205.1b), so it can't attack (702.3b) and a bear may block
    an attacking creature it would not have stopped. "It has defender and loses all other abilities" after an
    "enchanted creature" sentence speaks of the enchanted creature (Spider-Man No More)."""
    angel = _perm("angel", "Serra Angel", "A", "Flying\nVigilance", 0, 4, colors=["W"], subtypes=["Angel"])
    freeze = {"id": "freeze", "name": "Deep Freeze", "controller": "B", "types": ["enchantment"],
              "subtypes": ["Aura"], "attached_to": "angel", "oracle": DEEP_FREEZE}
    verdict = check(parse_board(_board([angel, freeze], [], [("angel", "B")])), alternatives=False)
    assert verdict.legal is False and [v.rule for v in verdict.violations] == ["702.3b"]
    assert _built(_board([angel, freeze], [], []))["angel"] == (("creature",), ("Angel", "Wall"), ("W", "U"))
    spider = {**freeze, "name": "Spider-Man No More", "oracle": "Enchant creature\nEnchanted creature is a Citizen "
              "with base power and toughness 1/1. It has defender and loses all other abilities."}
    assert _legal(_board([angel, spider], [], [("angel", "B")])) is False
    assert _legal(_board([angel], [], [("angel", "B")])) is True


def test_an_effect_with_no_creature_chosen_applies_to_none() -> None:
    """"Choose any number of creatures; they block this turn if able" with none chosen (`"targets": []`) asks nothing
    of anyone (509.1c); without `targets` at all, the verdict asks for them."""
    giant = _perm("giant", "Hill Giant", "A", power=3, toughness=3)
    bear = _perm("bear", "Grizzly Bears", "B")
    effect: dict[str, Any] = {"source": "Berserker's Frenzy", "controller": "A",
                              "text": "Target creatures block this turn if able.", "targets": []}
    assert _legal(_board([giant, bear], [effect], [("giant", "B")], [])) is True
    del effect["targets"]
    verdict = check(parse_board(_board([giant, bear], [effect], [("giant", "B")], [])), alternatives=False)
    assert verdict.legal is None and any("targets" in u for u in verdict.not_understood)


def test_a_creature_put_onto_the_battlefield_attacking_is_attacking_for_blocks() -> None:
    """508.4: a creature put onto the battlefield attacking (`declared: false`) is an attacking creature once
    blockers are declared: "attacking creatures you control have flying" gives it flying, so a bear can't block it."""
    lord = {"id": "lord", "name": "Flight Banner", "controller": "A", "types": ["enchantment"],
            "oracle": "Attacking creatures you control have flying."}
    token = _perm("tok", "Soldier", "A", power=1, toughness=1)
    bear = _perm("bear", "Grizzly Bears", "B")
    board = _board([lord, token, bear], [], [], [("bear", "tok")])
    board["attacks"] = [{"attacker": "tok", "target": "B", "declared": False}]
    assert _legal(board) is False
