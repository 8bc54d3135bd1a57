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
HUMILITY = "All creatures lose all abilities and have base power and toughness 1/1."
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


def test_a_global_loss_on_a_noncreature_strips_every_creature() -> None:
    """Humility (an enchantment) makes every creature lose all abilities: a flyer can be blocked by a bear."""
    drake = _perm("drake", "Wind Drake", "A", "Flying")
    bear = _perm("bear", "Grizzly Bears", "B")
    board = _board([drake, bear], [], [("drake", "B")], [("bear", "drake")])
    assert _legal(board) is False
    board["permanents"].append({"id": "hum", "name": "Humility", "controller": "B", "types": ["enchantment"],
                                "oracle": HUMILITY})
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
