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
    ("Platinum Angel", "You can't lose the game and your opponents can't win the game."),
    ("Argothian Pixies", "Prevent all damage that would be dealt to this creature by artifact creatures."),
    ("Worship", "If you control a creature, damage that would reduce your life total to less than 1 reduces it to 1 "
                "instead."),
    ("Platinum Emperion", "Your life total can't change."),
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
