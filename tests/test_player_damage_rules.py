"""A player's protection and counters that can't be put, read from real Oracle text and applied as combat damage is
dealt.

Relied on: 702.16e (damage from a source with the quality is prevented, for a player as for a permanent; 702.16b-c
restrict targets and Auras only, so a creature of that colour may still attack the player); Seht's Tiger (its
trigger's result, given as an effect: "you gain protection from the color of your choice", here red); Melira,
Sylvok Outcast, rulings 2011-06-01: infect damage to you gives no poison counters and no life loss, wither or infect
damage to your creatures marks no damage and puts no -1/-1 counters, and lifelink still sees the damage; toxic
(702.164c) gives poison counters, which Melira also stops; 615.12 (protection's prevention is a prevention effect).
"""

from __future__ import annotations

from typing import Any

from test_prevention import _board, _perm

from legality import check, parse_board, resolve_damage
from legality.text.read import read

SEHT = "You gain protection from red until end of turn."
MELIRA = ("You can't get poison counters.\nCreatures you control can't have -1/-1 counters put on them.\n"
          "Creatures your opponents control lose infect.")


GOBLIN = _perm("goblin", "Raging Goblin", "A", 1, 1, colors=["R"])
OGRE = _perm("ogre", "Gray Ogre", "A", 2, 2, colors=["R"])
BEARS = _perm("bears", "Grizzly Bears", "A", 2, 2, colors=["G"])


def test_a_player_with_protection_from_red_is_dealt_no_damage_by_red_creatures() -> None:
    """Seht's Tiger's result on B: the red attackers' damage to B is prevented, the green one's is dealt; attacking B
    with red creatures stays legal (protection names no attack restriction)."""
    effect = {"source": "Seht's Tiger", "controller": "B", "text": SEHT}
    board = _board([GOBLIN, OGRE, BEARS], [effect], [("goblin", "B"), ("ogre", "B"), ("bears", "B")], [])
    out = resolve_damage(parse_board(board), declarations=False)
    assert out.players["B"]["life"] == 18
    dealt = {(d.source, d.amount, d.prevented) for d in out.steps[0].dealt}
    assert dealt == {("goblin", 0, 1), ("ogre", 0, 2), ("bears", 2, 0)}
    attacks = dict(board)
    del attacks["blocks"], attacks["damage"]
    assert check(parse_board(attacks)).legal is True


def test_protection_from_everything_and_damage_that_cant_be_prevented() -> None:
    """The One Ring's result ("protection from everything until your next turn") stops all of it; with Flaring Pain
    ("damage can't be prevented this turn", 615.12) all of it is dealt."""
    ring = {"source": "The One Ring", "controller": "B", "text": "You gain protection from everything until your "
                                                                 "next turn."}
    board = _board([GOBLIN, BEARS], [ring], [("goblin", "B"), ("bears", "B")], [])
    assert resolve_damage(parse_board(board), declarations=False).players["B"]["life"] == 20
    pain = {"source": "Flaring Pain", "controller": "A", "text": "Damage can't be prevented this turn."}
    board = _board([GOBLIN, BEARS], [ring, pain], [("goblin", "B"), ("bears", "B")], [])
    assert resolve_damage(parse_board(board), declarations=False).players["B"]["life"] == 17


def test_melira_stops_poison_and_minus_counters_but_not_lifelink() -> None:
    """Melira's three lines together: an infect and lifelink attacker loses infect (its damage is ordinary: B loses
    1 life, A gains 1); toxic 2 gives B no poison; a wither attacker blocked by B's Bears puts no -1/-1 counters on
    them and marks no damage, so the Bears live. Without Melira: poison 3, and the Bears die."""
    melira = _perm("melira", "Melira, Sylvok Outcast", "B", 2, 2, MELIRA)
    agent = _perm("agent", "Attacker with infect and lifelink", "A", 1, 1, keywords=["infect", "lifelink"])
    rat = _perm("rat", "Attacker with toxic 2", "A", 4, 4, keywords=["toxic 2"])
    ram = _perm("ram", "Boggart Ram-Gang", "A", 3, 3, keywords=["wither"])
    bears = _perm("bears", "Grizzly Bears", "B", 2, 2)
    attacks, blocks = [("agent", "B"), ("rat", "B"), ("ram", "B")], [("bears", "ram")]
    out = resolve_damage(parse_board(_board([melira, agent, rat, ram, bears], [], attacks, blocks)),
                         declarations=False)
    assert out.players["B"]["poison"] == 0 and out.players["B"]["life"] == 20 - 1 - 4
    assert out.players["A"]["life"] == 21  # lifelink sees the damage (702.15b)
    assert "bears" not in out.destroyed
    control = resolve_damage(parse_board(_board([agent, rat, ram, bears], [], attacks, blocks)), declarations=False)
    assert control.players["B"]["poison"] == 1 + 2 and control.players["B"]["life"] == 16
    assert "bears" in control.destroyed


def test_toxic_gives_no_poison_to_a_player_who_cant_get_it() -> None:
    """Toxic 2 (702.164c) on an unblocked attacker: 2 poison counters, none with Solemnity ("players can't get
    counters"); the combat damage itself is dealt."""
    toxic = _perm("rat", "Attacker with toxic 2", "A", 4, 4, keywords=["toxic 2"])
    board = _board([toxic], [], [("rat", "B")], [])
    assert resolve_damage(parse_board(board), declarations=False).players["B"]["poison"] == 2
    solemnity = {"id": "sol", "name": "Solemnity", "controller": "B", "types": ["enchantment"],
                 "oracle": "Players can't get counters."}
    out = resolve_damage(parse_board(_board([toxic, solemnity], [], [("rat", "B")], [])), declarations=False)
    assert out.players["B"]["poison"] == 0 and out.players["B"]["life"] == 16


def test_the_readings() -> None:
    (r,) = read(SEHT, "Seht's Tiger")
    assert r.status == "understood" and r.abilities[0].kind == "player_protection"
    (choice,) = read("When Seht's Tiger enters, you gain protection from the color of your choice until end of "
                     "turn.", "Seht's Tiger")
    assert choice.kind == "triggered"  # its result (a colour chosen) is given as an effect, as above
    assert [x.abilities[0].kind for x in read(MELIRA, "Melira, Sylvok Outcast")[:2]] == ["cant_get_counters"] * 2


DAMAGE_ONLY = [
    ("Phyrexian Unlife", "You don't lose the game for having 0 or less life."),
    ("Fiendish Duo", "If a source would deal damage to an opponent, it deals double that damage to that player "
                     "instead."),
    ("Ugin's Conjurant", "If damage would be dealt to Ugin's Conjurant while it has a +1/+1 counter on it, prevent "
                         "that damage and remove that many +1/+1 counters from Ugin's Conjurant."),
]


def test_text_that_changes_only_what_damage_does_leaves_declarations_decided() -> None:
    """508.1, 509.1: which attacks and blocks are legal depends on restrictions, requirements and costs; prevention,
    life totals and who loses the game change only the results of combat damage (615, 120.3, 704.5a; 810.8a's
    Platinum Angel example). Such a sentence, not understood, leaves a block verdict decided (with a note) and a
    damage verdict on the same board undecided."""
    for card, text in DAMAGE_ONLY:
        (r,) = read(text, card)
        assert r.status == "not understood" and r.damage_only, card
        perms = [_perm("x", card, "B", 2, 2, text), GOBLIN]
        blocks = _board(perms, [], [("goblin", "B")], [("x", "goblin")])
        del blocks["damage"]
        verdict = check(parse_board(blocks))
        assert verdict.legal is True and any(card in n and "only what combat damage does" in n
                                             for n in verdict.notes), card
        damage = check(parse_board(_board(perms, [], [("goblin", "B")], [("x", "goblin")])))
        assert damage.legal is None and any(text.lower()[:25] in u for u in damage.not_understood), card
    # a sentence that also speaks of what a declaration depends on stays unread everywhere
    (okk,) = read("As long as this creature is untapped, it can't block and prevent all damage that would be dealt "
                  "to it.", "Made-up Wall")
    assert not okk.damage_only


# Life that can't be gained (119.7; 702.15b: lifelink damage makes its controller gain that much life, so with such an
# effect the damage is dealt and no life is gained). Oracle texts as printed on the cards (Scryfall, 2026).
EREBOS = ("Indestructible\nAs long as your devotion to black is less than five, Erebos isn't a creature.\n"
          "Your opponents can't gain life.\n{1}{B}, Pay 2 life: Draw a card.")
LEYLINE = ("If Leyline of Punishment is in your opening hand, you may begin the game with it on the battlefield.\n"
           "Players can't gain life.\nDamage can't be prevented.")
VORTEX = ("At the beginning of each player's upkeep, Sulfuric Vortex deals 2 damage to that player.\n"
          "If a player would gain life, that player gains no life instead.")
NIGHTHAWK = _perm("hawk", "Vampire Nighthawk", "A", 2, 3, keywords=["flying", "deathtouch", "lifelink"])


def _enchantment(pid: str, name: str, controller: str, oracle: str) -> dict[str, object]:
    return {"id": pid, "name": name, "controller": controller, "types": ["enchantment"], "oracle": oracle}


def test_your_opponents_cant_gain_life_stops_lifelink_of_an_opponent_only() -> None:
    """Erebos, God of the Dead ("your opponents can't gain life"): lifelink's gain is a result of the damage (702.15b)
    that such a player can't get (119.7); the damage itself is still dealt (120.3a). B's Erebos and A's Vampire
    Nighthawk attacking B, unblocked: B loses 2, A gains none. With the Erebos A's own, A gains 2 ("your opponents"
    leaves out its controller, 102.3)."""
    erebos = {"id": "erebos", "name": "Erebos, God of the Dead", "controller": "B", "types": ["enchantment"],
              "oracle": EREBOS}
    out = resolve_damage(parse_board(_board([NIGHTHAWK, erebos], [], [("hawk", "B")], [])), declarations=False)
    assert (out.players["A"]["life"], out.players["B"]["life"]) == (20, 18)
    assert out.steps[0].life_gained == {"A": 0} and not out.not_understood
    mine = resolve_damage(parse_board(_board([NIGHTHAWK, {**erebos, "controller": "A"}], [], [("hawk", "B")], [])),
                          declarations=False)
    assert (mine.players["A"]["life"], mine.players["B"]["life"]) == (22, 18)


def test_players_cant_gain_life_and_a_gain_replaced_by_none() -> None:
    """Leyline of Punishment ("players can't gain life") and Sulfuric Vortex ("if a player would gain life, that
    player gains no life instead"): whoever controls them, the Nighthawk's controller gains nothing; blocked by B's
    Bears, the Nighthawk's damage still destroys them (deathtouch, 702.2b)."""
    bears = _perm("bears", "Grizzly Bears", "B", 2, 2)
    for card in (_enchantment("ley", "Leyline of Punishment", "A", LEYLINE),
                 _enchantment("vortex", "Sulfuric Vortex", "B", VORTEX)):
        out = resolve_damage(parse_board(_board([NIGHTHAWK, bears, card], [], [("hawk", "B")], [("bears", "hawk")])),
                             declarations=False)
        assert out.players["A"]["life"] == 20 and "bears" in out.destroyed, card["name"]
        assert not out.not_understood


def test_in_two_headed_giant_a_teammate_who_cant_gain_life_stops_the_team() -> None:
    """810.9g: if a player can't gain life, no player on that player's team can. A's creature has lifelink; B (A's
    teammate) cast Welcome the Darkness, whose last sentence keeps B from gaining life: the team's shared total
    doesn't rise."""
    from test_teams import _board as team_board
    from test_teams import _creature

    hawk = _creature("hawk", "A", keywords=["lifelink"])
    effect = {"source": "Welcome the Darkness", "controller": "B", "text": "You can't gain life for the rest of the "
                                                                             "game."}
    board = team_board(permanents=[hawk], effects=[effect], attacks=[{"attacker": "hawk", "target": "C"}],
                       blocks=[], damage=[])
    out = resolve_damage(parse_board(board), declarations=False)
    assert out.players["A"]["life"] == out.players["B"]["life"] == 30
    assert out.players["C"]["life"] == 28
    free = resolve_damage(parse_board({**board, "effects": []}), declarations=False)
    assert free.players["A"]["life"] == 32


# Life gains made larger (614.1a, 119.10). Each creature with lifelink dealing combat damage is a life gain event of
# its own (rulings of Gideon's Company 2019-05-03, Trudge Garden 2021-04-16, Qala, Ajani's Pridemate 2024-11-08: two
# creatures with lifelink dealing combat damage at the same time are two life-gaining events); where two replacements
# apply to one event, the player gaining the life chooses the order (616.1e-f).
VITALITY = "Flying\nIf you would gain life, you gain that much life plus 1 instead."
BOON = "If you would gain life, you gain twice that much life instead."
PRIEST = _perm("priest", "Attended Knight", "A", 2, 2, keywords=["lifelink"])
CHAMPION = _perm("champion", "Ajani's Sunstriker", "A", 2, 2, keywords=["lifelink"])


def test_plus_one_applies_to_each_lifelink_creature_s_gain() -> None:
    """Angel of Vitality and two lifelink attackers, unblocked: two events of 2, each one more: A gains 6."""
    angel = _perm("angel", "Angel of Vitality", "A", 2, 2, VITALITY, keywords=["flying"])
    out = resolve_damage(parse_board(_board([angel, PRIEST, CHAMPION], [], [("priest", "B"), ("champion", "B")], [])),
                         declarations=False)
    assert out.players["A"]["life"] == 26 and out.steps[0].life_gained == {"A": 6}
    assert out.players["B"]["life"] == 16 and not out.not_understood


def test_two_replacements_of_one_gain_give_the_gaining_player_a_choice() -> None:
    """Boon Reflection and Angel of Vitality, one lifelink attacker dealing 2: doubled then plus one (5) or plus one
    then doubled (6): A chooses (616.1), so the verdict lists both results and the choice behind each."""
    angel = _perm("angel", "Angel of Vitality", "A", 2, 2, VITALITY, keywords=["flying"])
    boon = _enchantment("boon", "Boon Reflection", "A", BOON)
    out = resolve_damage(parse_board(_board([angel, boon, PRIEST], [], [("priest", "B")], [])), declarations=False)
    assert len(out.outcomes) == 2
    assert sorted(o["players"]["A"]["life"] for o in out.outcomes) == [25, 26]
    assert all(any("616.1" in c for c in o["choices"]) for o in out.outcomes)


def test_a_player_who_cant_gain_life_gains_nothing_however_the_gain_is_replaced() -> None:
    """119.7: a replacement effect that would replace a life gain event of a player who can't gain life does
    nothing: B's Erebos, A's Boon Reflection and lifelink attacker: A gains 0."""
    erebos = {"id": "erebos", "name": "Erebos, God of the Dead", "controller": "B", "types": ["enchantment"],
              "oracle": EREBOS}
    boon = _enchantment("boon", "Boon Reflection", "A", BOON)
    out = resolve_damage(parse_board(_board([erebos, boon, PRIEST], [], [("priest", "B")], [])), declarations=False)
    assert out.players["A"]["life"] == 20 and not out.outcomes


TAINTED = "If an opponent would gain life, that player loses that much life instead."
GORE = "If a spell or ability would cause its controller to gain life, that player loses that much life instead."


def test_a_gain_replaced_by_a_loss_of_that_much_life() -> None:
    """Tainted Remedy (B's): A's lifelink attacker dealing 2 to B makes A lose 2 instead of gaining 2 (lifelink's gain
    is a life gain event, 702.15b, which the replacement replaces, 614.1a, 119.10); A's own Tainted Remedy changes
    nothing for A. Rain of Gore ("if a spell or ability would cause its controller to gain life") replaces A's too:
    read as lifelink being the creature's static ability, whose controller is the creature's, A (702.15a, 109.5); no
    Gatherer ruling on lifelink under Rain of Gore was at hand."""
    remedy = _enchantment("remedy", "Tainted Remedy", "B", TAINTED)
    out = resolve_damage(parse_board(_board([PRIEST, remedy], [], [("priest", "B")], [])), declarations=False)
    assert (out.players["A"]["life"], out.players["B"]["life"]) == (18, 18) and not out.not_understood
    mine = resolve_damage(parse_board(_board([PRIEST, {**remedy, "controller": "A"}], [], [("priest", "B")], [])),
                          declarations=False)
    assert mine.players["A"]["life"] == 22
    gore = _enchantment("gore", "Rain of Gore", "A", GORE)
    out = resolve_damage(parse_board(_board([PRIEST, gore], [], [("priest", "B")], [])), declarations=False)
    assert out.players["A"]["life"] == 18


def test_once_a_gain_is_a_loss_the_effects_on_gains_apply_no_more() -> None:
    """616.1f: A's Boon Reflection and B's Tainted Remedy on A's lifelink gain of 2: A chooses. Remedy first: a loss of
    2, and Boon Reflection no longer applies; Boon Reflection first: a gain of 4 becomes a loss of 4. Both results
    are listed."""
    remedy = _enchantment("remedy", "Tainted Remedy", "B", TAINTED)
    boon = _enchantment("boon", "Boon Reflection", "A", BOON)
    out = resolve_damage(parse_board(_board([PRIEST, remedy, boon], [], [("priest", "B")], [])), declarations=False)
    assert sorted(o["players"]["A"]["life"] for o in out.outcomes) == [16, 18]


# What damage does to a player's life and whether they lose (119.7-8, 104.3b, 614.1a, 810.8a, 810.9g-h). Oracle texts
# as printed (Scryfall); Worship's rulings of 2004-10-04: "It reduces your life total to 1, not the damage to 1" and the
# damage is still dealt (lifelink and effects that count damage see all of it).
ANGEL = _perm("angel", "Platinum Angel", "B", 4, 4, "Flying\nYou can't lose the game and your opponents can't win the "
              "game.", types=["artifact", "creature"])
EMPERION = _perm("emperion", "Platinum Emperion", "B", 8, 8, "Your life total can't change.",
                 types=["artifact", "creature"])
WORSHIP = {"id": "worship", "name": "Worship", "controller": "B", "types": ["enchantment"],
           "oracle": "If you control a creature, damage that would reduce your life total to less than 1 reduces it "
                     "to 1 instead."}
WURM = _perm("wurm", "Craw Wurm", "A", 6, 4)


def _at(board: dict[str, Any], **life: int) -> dict[str, Any]:
    board["players"] = [{"id": p["id"], "life": life.get(p["id"], p["life"])} for p in board["players"]]
    return board


def test_a_player_who_cant_lose_stays_in_at_0_life_and_10_poison() -> None:
    """Platinum Angel: B at 3 life dealt 6 is at -3 and doesn't lose (704.5a doesn't apply, 104.3b); with infect, 10
    poison counters don't make B lose either (704.5c). The state-based actions say why. Without it B loses."""
    out = resolve_damage(parse_board(_at(_board([WURM, ANGEL], [], [("wurm", "B")], []), B=3)), declarations=False)
    assert out.players["B"]["life"] == -3 and out.players["B"]["loses"] is False
    assert "can't lose the game (Platinum Angel" in out.steps[0].state_based[0]
    plague = _perm("plague", "Infect attacker", "A", 10, 10, keywords=["infect"])
    out = resolve_damage(parse_board(_board([plague, ANGEL], [], [("plague", "B")], [])), declarations=False)
    assert out.players["B"]["poison"] == 10 and out.players["B"]["loses"] is False
    bare = resolve_damage(parse_board(_at(_board([WURM], [], [("wurm", "B")], []), B=3)), declarations=False)
    assert bare.players["B"]["loses"] is True


def test_a_life_total_that_cant_change_takes_damage_but_no_life_loss() -> None:
    """Platinum Emperion: Vampire Nighthawk's 2 damage to B is dealt (A gains 2 by lifelink) and B's life stays 20;
    infect damage still gives poison counters (120.3b: not life); B's own lifelink creature gains B nothing
    (119.7)."""
    out = resolve_damage(parse_board(_board([NIGHTHAWK, EMPERION], [], [("hawk", "B")], [])), declarations=False)
    assert out.players["B"]["life"] == 20 and out.players["A"]["life"] == 22
    (dealt,) = out.steps[0].dealt
    assert dealt.amount == 2 and dealt.rule == "119.8"
    plague = _perm("plague", "Infect attacker", "A", 3, 3, keywords=["infect"])
    out = resolve_damage(parse_board(_board([plague, EMPERION], [], [("plague", "B")], [])), declarations=False)
    assert out.players["B"]["poison"] == 3
    linker = _perm("linker", "B's lifelinker", "B", 2, 2, keywords=["lifelink"])
    out = resolve_damage(parse_board(_board([GOBLIN, linker, EMPERION], [], [("goblin", "B")], [("linker", "goblin")])),
                         declarations=False)
    assert out.players["B"]["life"] == 20 and out.steps[0].life_gained == {"B": 0}


def test_worship_holds_life_at_1_only_while_its_condition_holds() -> None:
    """Worship with a creature: B at 3 dealt 6 + 2 is at 1, the damage still dealt in full (Nighthawk's lifelink
    gains A 2); B already at 1 dealt 2 stays at 1. Without a creature the damage is lethal."""
    bears = _perm("bb", "Grizzly Bears", "B", 2, 2)
    out = resolve_damage(parse_board(_at(_board([WURM, NIGHTHAWK, WORSHIP, bears], [], [("wurm", "B"), ("hawk", "B")],
                                                []), B=3)), declarations=False)
    assert out.players["B"]["life"] == 1 and out.players["B"]["loses"] is False
    assert out.players["A"]["life"] == 22 and sum(d.amount for d in out.steps[0].dealt) == 8
    out = resolve_damage(parse_board(_at(_board([NIGHTHAWK, WORSHIP, bears], [], [("hawk", "B")], []), B=1)),
                         declarations=False)
    assert out.players["B"]["life"] == 1 and out.players["A"]["life"] == 22
    alone = resolve_damage(parse_board(_at(_board([WURM, WORSHIP], [], [("wurm", "B")], []), B=3)), declarations=False)
    assert alone.players["B"]["life"] == -3 and alone.players["B"]["loses"] is True


def _two_headed(perms: list[dict[str, Any]], attacks: list[tuple[str, str]], life: int) -> dict[str, Any]:
    return {"version": 1, "active_player": "A",
            "players": [{"id": p, "life": life} for p in "ABCD"],
            "teams": [{"id": "AB", "players": ["A", "B"], "life": 30},
                      {"id": "CD", "players": ["C", "D"], "life": life}],
            "permanents": perms, "attacks": [{"attacker": a, "target": t} for a, t in attacks], "blocks": [],
            "damage": []}


def test_in_two_headed_giant_the_team_shares_what_its_player_cant_lose() -> None:
    """810.8a: C's Platinum Angel keeps team CD from losing at 0 or less shared life; 810.9h: C's Platinum Emperion
    keeps damage to D from lowering the team's shared life."""
    angel = {**ANGEL, "controller": "C"}
    out = resolve_damage(parse_board(_two_headed([WURM, angel], [("wurm", "D")], 5)), declarations=False)
    assert out.teams["CD"]["life"] == -1 and out.teams["CD"]["loses"] is False
    assert not any(p["loses"] for p in out.players.values())
    emperion = {**EMPERION, "controller": "C"}
    out = resolve_damage(parse_board(_two_headed([WURM, emperion], [("wurm", "D")], 5)), declarations=False)
    assert out.teams["CD"]["life"] == 5


def test_a_teammates_worship_holds_the_shared_life_total() -> None:
    """810.9: in Two-Headed Giant a player's life total is the team's shared one, so C's Worship (with C's creature)
    keeps damage dealt to D from reducing it below 1."""
    worship = {**WORSHIP, "controller": "C"}
    bears = {**_perm("bb", "Grizzly Bears", "C", 2, 2)}
    out = resolve_damage(parse_board(_two_headed([WURM, worship, bears], [("wurm", "D")], 5)), declarations=False)
    assert out.teams["CD"]["life"] == 1 and out.teams["CD"]["loses"] is False
