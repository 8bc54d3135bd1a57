"""Regeneration in the combat damage step, and state-based actions checked until none applies.

Relied on: 701.15a and 614.8 ("Regenerate [permanent]": the next time it would be destroyed this turn, instead remove
all damage marked on it, tap it, and if it's an attacking or blocking creature remove it from combat); 701.15b (a
static ability's regeneration replaces each destruction); 701.15c (a permanent that can't be regenerated: its shields
are not applied); 704.5f-h (toughness 0 is not destruction; lethal and deathtouch damage are, "Regeneration can replace
this event"); 506.4 and 510.4 (a creature removed from combat deals no damage in the later step; 509.1h: what it
blocked stays blocked); 704.3 (state-based actions are checked again after any are performed); 704.5m-n (an Aura
attached to nothing goes to the graveyard; an Equipment becomes unattached and stays). Oracle texts as printed
(Scryfall): Drudge Skeletons, Death Ward, Hurr Jackal, Regeneration (Aura, "{G}: Regenerate enchanted creature."),
River Boa, White Knight, Empyrial Archangel's redirection.
"""

from __future__ import annotations

from typing import Any

from test_prevention import _board, _perm

from legality import check, parse_board, resolve_damage
from legality.damage.resolve import DamageVerdict

SKELETONS = _perm("skel", "Drudge Skeletons", "B", 1, 1, "{B}: Regenerate this creature.", colors=["B"])
BEARS = _perm("bears", "Grizzly Bears", "A", 2, 2, colors=["G"])
KNIGHT = _perm("knight", "White Knight", "A", 2, 2, "First strike\nProtection from black", colors=["W"])
SHIELD = {"source": "Drudge Skeletons", "source_id": "skel", "controller": "B", "text": "Regenerate this creature."}


def _run(perms: list[dict[str, Any]], effects: list[dict[str, Any]], attacks: list[tuple[str, str]],
         blocks: list[tuple[str, str]]) -> DamageVerdict:
    return resolve_damage(parse_board(_board(perms, effects, attacks, blocks)), declarations=False)


def test_a_shield_replaces_destruction_and_the_verdict_says_so() -> None:
    """Drudge Skeletons blocks Grizzly Bears with its shield up: not destroyed, its damage removed, tapped and out of
    combat, and the step's state-based actions cite 701.15a (not 704.5g). Without the shield it is destroyed."""
    out = _run([BEARS, SKELETONS], [SHIELD], [("bears", "B")], [("skel", "bears")])
    assert out.legal is True and not out.not_understood
    assert out.destroyed == ()
    (step,) = out.steps
    assert [a.split(":")[0] for a in step.state_based] == ["701.15a"]
    assert out.permanents["skel"]["damage"] == 0 and out.permanents["skel"]["tapped"] is True
    assert out.permanents["skel"]["removed_from_combat"] is True
    bare = _run([BEARS, SKELETONS], [], [("bears", "B")], [("skel", "bears")])
    assert bare.destroyed == ("skel",)


def test_regenerated_in_the_first_strike_step_it_deals_no_regular_damage() -> None:
    """White Knight (first strike) blocked by River Boa with its shield up: the Boa regenerates in the first-strike
    step and is removed from combat, so it assigns nothing in the regular step (510.4) and the Knight lives; the
    Knight stays blocked and deals B nothing (509.1h). Without the shield the Boa is destroyed at once."""
    boa = _perm("boa", "River Boa", "B", 2, 1, "Islandwalk\n{G}: Regenerate this creature.", colors=["G"])
    shield = {"source": "River Boa", "source_id": "boa", "controller": "B", "text": "Regenerate River Boa."}
    out = _run([KNIGHT, boa], [shield], [("knight", "B")], [("boa", "knight")])
    first, regular = out.steps
    assert first.state_based and first.state_based[0].startswith("701.15a")
    assert [row[0] for row in regular.assignments] == []
    assert out.destroyed == () and out.players["B"]["life"] == 20
    assert out.permanents["knight"]["damage"] == 0
    assert _run([KNIGHT, boa], [], [("knight", "B")], [("boa", "knight")]).destroyed == ("boa",)


def test_a_regenerated_blocker_leaves_a_trampler_free_to_assign_to_the_player() -> None:
    """702.19e: a trampler whose blockers have all left combat assigns all its damage to the player. The Skeletons
    regenerate in the first-strike step; a double-striking trampler then deals its regular damage to B."""
    striker = _perm("striker", "Double-striking trampler", "A", 3, 3, keywords=["double strike", "trample"])
    out = _run([striker, SKELETONS], [SHIELD], [("striker", "B")], [("skel", "striker")])
    first, regular = out.steps
    assert first.state_based[0].startswith("701.15a")
    assert dict((s, parts) for s, parts, *_ in regular.assignments) == {"striker": {"B": 3}}
    assert out.players["B"]["life"] == 20 - 2 - 3  # 1 lethal to the Skeletons and 2 trample over it, then 3


def test_each_shield_replaces_one_destruction() -> None:
    """Two shields (Death Ward cast twice on the same creature): the creature regenerates in the first-strike step,
    and again when an unblocked attacker's damage to its controller is redirected to it in the regular step
    (Empyrial Archangel's "all damage that would be dealt to you is dealt to ~ instead", 614.9). With one shield the
    second destruction happens."""
    angel = _perm("angel", "Redirecting Angel", "B", 1, 2,
                  abilities=[{"kind": "redirect_damage", "dealt_to": "you", "to": "it"}])
    fs = _perm("fs", "First-striker", "A", 2, 2, keywords=["first strike"])
    ward = {"source": "Death Ward", "controller": "B", "text": "Regenerate target creature.", "targets": ["angel"]}
    perms, attacks, blocks = [fs, BEARS, angel], [("fs", "B"), ("bears", "B")], [("angel", "fs")]
    twice = _run(perms, [ward, ward], attacks, blocks)
    assert twice.destroyed == () and twice.permanents["angel"]["regenerated"] == 2
    assert [a.split(":")[0] for s in twice.steps for a in s.state_based] == ["701.15a", "701.15a"]
    once = _run(perms, [ward], attacks, blocks)
    assert once.destroyed == ("angel",)
    structured = {"source": "Death Ward", "controller": "B", "targets": ["angel"],
                  "abilities": [{"kind": "regenerate", "shields": 2}]}
    assert _run(perms, [structured], attacks, blocks).destroyed == ()


def test_cant_be_regenerated_and_toughness_zero_are_not_saved() -> None:
    """701.15c: Hurr Jackal's result on the Skeletons leaves the shield unused (704.5g destroys). 704.5f: wither puts
    -1/-1 counters; toughness 0 or less is not destruction, so the shield does nothing."""
    jackal = {"source": "Hurr Jackal", "controller": "A", "text": "Target creature can't be regenerated this turn.",
              "targets": ["skel"]}
    out = _run([BEARS, SKELETONS], [SHIELD, jackal], [("bears", "B")], [("skel", "bears")])
    assert out.destroyed == ("skel",) and "701.15c" in out.steps[0].state_based[0]
    ram = _perm("ram", "Boggart Ram-Gang", "A", 3, 3, keywords=["haste", "wither"])
    out = _run([ram, SKELETONS], [SHIELD], [("ram", "B")], [("skel", "ram")])
    assert out.destroyed == ("skel",) and out.steps[0].state_based[0].startswith("704.5f")


def test_the_object_an_effect_names_must_be_given() -> None:
    """"Regenerate this creature." names the effect's source, "Regenerate enchanted creature." what its source
    enchants (Regeneration, the Aura), "Regenerate target creature." its targets: where the board doesn't give
    it, the text is not understood and the damage verdict undecided."""
    aura = {"id": "aura", "name": "Regeneration", "controller": "B", "types": ["enchantment"], "subtypes": ["Aura"],
            "attached_to": "skel", "oracle": "Enchant creature\n{G}: Regenerate enchanted creature."}
    enchanted = {"source": "Regeneration", "source_id": "aura", "controller": "B",
                 "text": "Regenerate enchanted creature."}
    out = _run([BEARS, SKELETONS, aura], [enchanted], [("bears", "B")], [("skel", "bears")])
    assert out.legal is True and out.destroyed == ()
    for effect in ({"source": "Drudge Skeletons", "controller": "B", "text": "Regenerate this creature."},
                   {"source": "Death Ward", "controller": "B", "text": "Regenerate target creature."}):
        board = parse_board(_board([BEARS, SKELETONS], [effect], [("bears", "B")], [("skel", "bears")]))
        verdict = check(board)
        assert verdict.legal is None and verdict.not_understood, effect
    unread = {"source": "Experiment One", "controller": "B", "text": "Regenerate it.", "targets": ["skel"]}
    verdict = check(parse_board(_board([BEARS, SKELETONS], [unread], [("bears", "B")], [("skel", "bears")])))
    assert verdict.legal is None and "regenerate it" in verdict.not_understood[0]


def test_a_regenerating_activated_ability_asks_for_its_result_on_a_damage_board() -> None:
    """"{B}: Regenerate this creature." changes nothing until activated and resolved (602.2): a damage verdict notes
    that its result must be given as an effect, and once one is given the note goes."""
    out = _run([BEARS, SKELETONS], [], [("bears", "B")], [("skel", "bears")])
    assert any("Drudge Skeletons" in n and "give its result as an effect" in n for n in out.notes)
    out = _run([BEARS, SKELETONS], [SHIELD], [("bears", "B")], [("skel", "bears")])
    assert not any("give its result as an effect" in n for n in out.notes)


def test_state_based_actions_are_checked_until_none_applies() -> None:
    """704.3: Grizzly Bears dies (704.5g); at the next check its Aura goes to the graveyard (704.5m) and its Equipment
    becomes unattached (704.5n), in that order; an attachment whose kind the board doesn't give is named, not
    guessed."""
    giant = _perm("giant", "Hill Giant", "A", 3, 3)
    bears = _perm("bb", "Grizzly Bears", "B", 2, 2)
    strength = {"id": "str", "name": "Holy Strength", "controller": "B", "types": ["enchantment"],
                "attached_to": "bb", "oracle": "Enchant creature\nEnchanted creature gets +1/+2."}
    splitter = {"id": "spl", "name": "Bonesplitter", "controller": "B", "types": ["artifact"], "attached_to": "bb",
                "oracle": "Equipped creature gets +2/+0.\nEquip {1}"}
    thing = {"id": "thing", "name": "Mystery attachment", "controller": "B", "types": ["artifact"],
             "attached_to": "bb", "oracle": ""}
    out = _run([giant, bears, strength, splitter, thing], [], [("giant", "B")], [("bb", "giant")])
    rules = [a.split(":")[0] for a in out.steps[0].state_based]
    assert rules[:3] == ["704.5g", "704.5m", "704.5n"] and len(rules) == 4
    assert "give its subtypes" in out.steps[0].state_based[3]
    assert sorted(out.destroyed) == ["bb", "str"]
    assert out.permanents["spl"]["unattached_by"] == "704.5n"


def test_most_kills_counts_no_creature_a_shield_saves() -> None:
    """--maximize kills: a 3-power trampler-free attacker blocked by shielded Drudge Skeletons, a 1/1 and a 2/2 (free
    division, current rules). Killing the Skeletons kills nothing (701.15a), so the most creatures destroyed is the 1/1
    and the 2/2 (any split of the 3 among two of them looks as good to a count that ignores the shield)."""
    giant = _perm("giant", "Hill Giant", "A", 3, 3)
    wolf = _perm("wolf", "Wolf token", "B", 1, 1)
    bears = _perm("bb", "Grizzly Bears", "B", 2, 2)
    blocks = [("skel", "giant"), ("wolf", "giant"), ("bb", "giant")]
    board = parse_board(_board([giant, SKELETONS, wolf, bears], [SHIELD], [("giant", "B")], blocks))
    out = resolve_damage(board, goal="kills", declarations=False)
    assert {"bb", "wolf"} <= set(out.destroyed) and "skel" not in out.destroyed  # the Giant dies too: 4 damage


def test_a_trigger_that_stops_regeneration_asks_for_its_result_on_a_damage_board() -> None:
    """Lim-Dûl's Cohort: "Whenever this creature blocks or becomes blocked by a creature, that creature can't be
    regenerated this turn." It triggers as blockers are declared (603.3), so by the damage step it may have resolved:
    the damage verdict asks for its result as an effect; a verdict on the blocks does not."""
    text = ("Whenever this creature blocks or becomes blocked by a creature, that creature can't be regenerated this "
            "turn.")
    cohort = _perm("cohort", "Lim-Dûl's Cohort", "A", 2, 3, text)
    out = _run([cohort, SKELETONS], [SHIELD], [("cohort", "B")], [("skel", "cohort")])
    assert any("Lim-Dûl's Cohort" in n and "give its result as an effect" in n for n in out.notes)
    blocks = _board([cohort, SKELETONS], [], [("cohort", "B")], [("skel", "cohort")])
    del blocks["damage"]
    assert not any("Lim-Dûl's Cohort" in n for n in check(parse_board(blocks)).notes)
