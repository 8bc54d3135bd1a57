"""Damage as events (614.1a, 615.1, 616.1): effects read by the source and recipient they match and what happens
instead, applied to each event in the affected player's order.

Relied on: 614.1a (a replacement effect: "deals that much damage plus 1 instead", "double that damage"), 615.1 and
615.7 ("prevent 1 of that damage": of each damage event), 616.1 (the affected player orders the prevention and
replacement effects that apply: every order's result is listed), 615.6 ("if damage that would be dealt is prevented,
none of it is dealt": with all of it prevented there is no event left for a replacement to modify), 102.3 ("an
opponent" leaves out teammates), 510.2 (each creature's combat damage to one recipient is one event).
"""

from __future__ import annotations

from typing import Any, Literal

from legality import parse_board, resolve_damage

JAYA = ("If another red source you control would deal damage to a permanent or player, it deals that much damage "
        "plus 1 to that permanent or player instead.")
ARMOR = "If a source would deal damage to you, prevent 1 of that damage."
CENTAUR = "If damage would be dealt to Phantom Centaur, prevent that damage."
SNARE = "Prevent all combat damage that would be dealt this turn by creatures with power 4 or less."


def _perm(pid: str, name: str, ctl: str, power: int, toughness: int, oracle: str = "", **more: Any) -> dict[str, Any]:
    return {"id": pid, "name": name, "controller": ctl, "types": ["creature"], "power": power,
            "toughness": toughness, "oracle": oracle, **more}


def _board(perms: list[dict[str, Any]], attacks: list[tuple[str, str]], blocks: tuple[tuple[str, str], ...] = (),
           effects: tuple[dict[str, Any], ...] = ()) -> dict[str, Any]:
    return {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
            "permanents": perms, "effects": list(effects),
            "attacks": [{"attacker": a, "target": t} for a, t in attacks],
            "blocks": [{"blocker": b, "attacker": a} for b, a in blocks], "damage": []}


JAYA_P = _perm("jaya", "Jaya, Venerated Firemage", "A", 2, 2, JAYA, colors=["R"])
GOBLIN = _perm("goblin", "Raging Goblin", "A", 1, 1, "Haste", colors=["R"])
BEARS = _perm("bears", "Grizzly Bears", "A", 2, 2, colors=["G"])


def test_jaya_adds_to_other_red_sources_only() -> None:
    """A red 1/1 deals 2, a green 2/2 deals 2, and Jaya herself (red, but not "another") deals 2: Jaya matches the
    source's colour, controller and identity."""
    verdict = resolve_damage(parse_board(_board([JAYA_P, GOBLIN, BEARS], [("goblin", "B"), ("bears", "B"),
                                                                        ("jaya", "B")])), declarations=False)
    assert {(d.source, d.amount) for d in verdict.steps[0].dealt} == {("goblin", 2), ("bears", 2), ("jaya", 2)}
    assert verdict.players["B"]["life"] == 14


def test_jaya_and_urzas_armor_in_either_order() -> None:
    """616.1: B orders Jaya's +1 and Urza's Armor's "prevent 1". Jaya first: the Goblin's 1 becomes 2, then 1; the
    Bears' 2 becomes 1: B at 18. Armor first: the Goblin's 1 is all prevented, so nothing is left for Jaya (615.6),
    and the Bears deal 1: B at 19. Both results are listed."""
    armor = {"id": "armor", "name": "Urza's Armor", "controller": "B", "types": ["artifact"], "oracle": ARMOR}
    verdict = resolve_damage(parse_board(_board([JAYA_P, GOBLIN, BEARS, armor],
                                                [("goblin", "B"), ("bears", "B")])), declarations=False)
    assert sorted(o["players"]["B"]["life"] for o in verdict.outcomes) == [18, 19]


def test_a_creature_that_prevents_damage_to_itself_survives_its_blocker() -> None:
    """Phantom Centaur's "if damage would be dealt to ~, prevent that damage" (a replacement on its own events): the
    Hill Giant's 3 is prevented; the Centaur's own damage to the Giant is dealt."""
    centaur = _perm("centaur", "Phantom Centaur", "B", 2, 2, CENTAUR)
    giant = _perm("giant", "Hill Giant", "A", 3, 3)
    verdict = resolve_damage(parse_board(_board([giant, centaur], [("giant", "B")], (("centaur", "giant"),))),
                             declarations=False)
    assert "centaur" not in verdict.destroyed
    dealt = {(d.source, d.target): (d.amount, d.prevented) for d in verdict.steps[0].dealt}
    assert dealt == {("giant", "centaur"): (0, 3), ("centaur", "giant"): (2, 0)}


def test_vine_snare_prevents_by_the_sources_power() -> None:
    """"By creatures with power 4 or less": the 5/5 deals its damage, the 2/2 none (615.1, by the source's quality)."""
    big = _perm("big", "Craw Wurm", "A", 5, 5)
    small = _perm("small", "Grizzly Bears", "A", 2, 2)
    board = _board([big, small], [("big", "B"), ("small", "B")],
                   effects=({"source": "Vine Snare", "controller": "B", "text": SNARE},))
    verdict = resolve_damage(parse_board(board), declarations=False)
    assert verdict.players["B"]["life"] == 15


def test_unpreventable_damage_is_scoped_to_its_sources() -> None:
    """"Combat damage that would be dealt by creatures you control can't be prevented" (615.12 for those sources):
    Fog stops the opponent's creature's damage, not the controller's own."""
    text = "Combat damage that would be dealt by creatures you control can't be prevented."
    beast = _perm("beast", "Beast of Unpreventing", "A", 4, 4, text)
    wolf = _perm("wolf", "Timber Wolves", "B", 1, 1)
    fog = {"source": "Fog", "controller": "B", "text": "Prevent all combat damage that would be dealt this turn."}
    verdict = resolve_damage(parse_board(_board([beast, wolf], [("beast", "B")], (("wolf", "beast"),), (fog,))),
                             declarations=False)
    dealt = {(d.source, d.target): (d.amount, d.prevented) for d in verdict.steps[0].dealt}
    assert dealt == {("beast", "wolf"): (4, 0), ("wolf", "beast"): (0, 1)}
    assert "wolf" in verdict.destroyed


def test_malignus_damage_cant_be_prevented_but_others_can() -> None:
    """Malignus: "damage that would be dealt by ~ can't be prevented": its own damage goes through Fog."""
    malignus = _perm("malignus", "Malignus", "A", 10, 10, "Damage that would be dealt by Malignus can't be prevented.")
    bears = _perm("bears", "Grizzly Bears", "A", 2, 2)
    fog = {"source": "Fog", "controller": "B", "text": "Prevent all combat damage that would be dealt this turn."}
    verdict = resolve_damage(parse_board(_board([malignus, bears], [("malignus", "B"), ("bears", "B")],
                                                effects=(fog,))), declarations=False)
    assert verdict.players["B"]["life"] == 10


def test_an_effect_s_other_creatures_are_other_than_its_source() -> None:
    """Haze Frog's resolved trigger, "prevent all combat damage that other creatures would deal this turn", given as
    an effect with the Frog as its source: the Frog's own damage is dealt, the Bears' is prevented (615.1)."""
    frog = _perm("frog", "Haze Frog", "B", 2, 1)
    bears = _perm("bears", "Grizzly Bears", "A", 2, 2)
    effect = {"source": "Haze Frog", "source_id": "frog", "controller": "B",
              "text": "Prevent all combat damage that other creatures would deal this turn."}
    verdict = resolve_damage(parse_board(_board([bears, frog], [("bears", "B")], (("frog", "bears"),), (effect,))),
                             declarations=False)
    assert not verdict.not_understood
    assert verdict.destroyed == ("bears",)
    dealt = {(d.source, d.target): (d.amount, d.prevented) for d in verdict.steps[0].dealt}
    assert dealt == {("bears", "frog"): (0, 2), ("frog", "bears"): (2, 0)}


def test_a_damage_event_with_no_recipient_named_is_every_recipient() -> None:
    """Insult's "if a source you control would deal damage this turn, it deals double that damage instead": a 3/3
    unblocked deals 6 (614.1a)."""
    giant = _perm("giant", "Hill Giant", "A", 3, 3)
    effect = {"source": "Insult", "controller": "A",
              "text": "If a source you control would deal damage this turn, it deals double that damage instead."}
    verdict = resolve_damage(parse_board(_board([giant], [("giant", "B")], effects=(effect,))), declarations=False)
    assert not verdict.not_understood and verdict.players["B"]["life"] == 14


def test_every_recipient_of_a_damage_effect_is_described() -> None:
    """`legality card` says each damage effect in words, whatever recipient it names (the kinds' whole range)."""
    from legality.text.describe import describe
    from models.abilities import ModifyDamage, PreventDamage

    recipients: tuple[Literal["any", "it", "you", "player", "opponents", "yours"], ...] = (
        "any", "it", "you", "player", "opponents", "yours")
    for to in recipients:
        assert "615.1" in describe(PreventDamage(kind="prevent_damage", dealt_to=to, each=1))
        assert "plus 2" in describe(ModifyDamage(kind="modify_damage", dealt_to=to, factor=1, plus=2))


def test_damage_that_causes_no_life_loss_while_its_condition_holds() -> None:
    """Archon of Coronation: "as long as you're the monarch, damage doesn't cause you to lose life" (120.3a: the
    damage is dealt, its result is no life lost); not the monarch, the Hill Giant's 3 takes B to 17."""
    text = "As long as you're the monarch, damage doesn't cause you to lose life."
    archon = _perm("archon", "Archon of Coronation", "B", 5, 5, "Flying\n" + text)
    giant = _perm("giant", "Hill Giant", "A", 3, 3)
    board = _board([giant, archon], [("giant", "B")])
    board["players"] = [{"id": "A", "life": 20, "designations": []},
                        {"id": "B", "life": 20, "designations": ["monarch"]}]
    monarch = resolve_damage(parse_board(board), declarations=False)
    assert not monarch.not_understood and monarch.players["B"]["life"] == 20
    board["players"][1]["designations"] = []
    assert resolve_damage(parse_board(board), declarations=False).players["B"]["life"] == 17
