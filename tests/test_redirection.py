"""Redirection of combat damage (614.9), read from real Oracle text and applied as the damage is dealt.

Relied on: 614.9 (damage to one player or permanent dealt to another instead; it does nothing if the new recipient
is no longer a creature, planeswalker or battle on the battlefield), 614.5 (a replacement effect applies at most
once to an event), 616.1 (the affected player, or the controller of the affected permanent, chooses the order of
the replacement and prevention effects that apply: redirected, the damage is a new event the new recipient's
effects apply to; prevented first, there is nothing left to redirect), 120.3 (what the damage then does: marked
on a creature, life lost by a player), 702.2b (deathtouch still counts: the damage is dealt by the same source),
Palisade Giant's ruling (2008-08-01: damage to the Giant itself is not redirected; "other permanents").
"""

from __future__ import annotations

from typing import Any

from legality import parse_board, resolve_damage
from legality.text.read import read

ARCHANGEL = ("Flying\nShroud\nAll damage that would be dealt to you is dealt to Empyrial Archangel instead.")
PALISADE = "All damage that would be dealt to you and other permanents you control is dealt to this creature instead."
LINK = "Enchant creature\nAll damage that would be dealt to enchanted creature is dealt to its controller instead."
INKSHIELD = "Prevent all combat damage that would be dealt to you this turn."


def _perm(pid: str, name: str, ctl: str, power: int, toughness: int, oracle: str = "", **more: Any) -> dict[str, Any]:
    return {"id": pid, "name": name, "controller": ctl, "types": ["creature"], "power": power,
            "toughness": toughness, "oracle": oracle, **more}


def _board(perms: list[dict[str, Any]], attacks: list[tuple[str, str]], blocks: tuple[tuple[str, str], ...] = (),
           effects: tuple[dict[str, Any], ...] = ()) -> dict[str, Any]:
    return {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
            "permanents": perms, "effects": list(effects),
            "attacks": [{"attacker": a, "target": t} for a, t in attacks],
            "blocks": [{"blocker": b, "attacker": a} for b, a in blocks], "damage": []}


GIANT = _perm("giant", "Hill Giant", "A", 3, 3)
WURM = _perm("wurm", "Craw Wurm", "A", 6, 4)


def test_damage_to_a_player_goes_to_empyrial_archangel() -> None:
    """Two unblocked attackers, 3 + 6 damage to B: all of it is dealt to the Archangel (5/8), which is destroyed;
    B loses no life. With only the Giant the Archangel survives with 3 damage."""
    angel = _perm("angel", "Empyrial Archangel", "B", 5, 8, ARCHANGEL)
    out = resolve_damage(parse_board(_board([GIANT, WURM, angel], [("giant", "B"), ("wurm", "B")])),
                         declarations=False)
    assert out.players["B"]["life"] == 20 and out.destroyed == ("angel",)
    assert {(d.source, d.target, d.amount) for d in out.steps[0].dealt} == {("giant", "angel", 3), ("wurm", "angel", 6)}
    assert all(any("614.9" in r for r in d.modified_by) for d in out.steps[0].dealt)
    one = resolve_damage(parse_board(_board([GIANT, angel], [("giant", "B")])), declarations=False)
    assert one.players["B"]["life"] == 20 and one.destroyed == () and one.permanents["angel"]["damage"] == 3


def test_palisade_giant_takes_its_controllers_and_other_permanents_damage_but_not_its_own() -> None:
    """B's Grizzly Bears block the Hill Giant: its 3 damage to the Bears is dealt to Palisade Giant (2/7) instead, and
    the Bears live; the Wurm unblocked: 6 more to Palisade Giant, destroyed (9 >= 7). The Bears' 2 damage to the
    Hill Giant is A's creature's, not redirected."""
    palisade = _perm("palisade", "Palisade Giant", "B", 2, 7, PALISADE)
    bears = _perm("bears", "Grizzly Bears", "B", 2, 2)
    out = resolve_damage(parse_board(_board([GIANT, WURM, palisade, bears], [("giant", "B"), ("wurm", "B")],
                                            (("bears", "giant"),))), declarations=False)
    assert out.players["B"]["life"] == 20 and set(out.destroyed) == {"palisade"}
    assert out.permanents["giant"]["damage"] == 2
    blocking = resolve_damage(parse_board(_board([GIANT, palisade], [("giant", "B")], (("palisade", "giant"),))),
                              declarations=False)
    assert blocking.permanents["palisade"]["damage"] == 3 and blocking.players["B"]["life"] == 20


def test_treacherous_link_sends_damage_to_the_enchanted_creatures_controller() -> None:
    """B's Treacherous Link on A's Hill Giant, blocked by B's Grizzly Bears: the Bears' 2 damage is dealt to A (its
    controller) instead; the Giant lives and A loses 2 life."""
    link = {"id": "link", "name": "Treacherous Link", "controller": "B", "types": ["enchantment"],
            "subtypes": ["Aura"], "oracle": LINK, "attached_to": "giant"}
    bears = _perm("bears", "Grizzly Bears", "B", 2, 2)
    out = resolve_damage(parse_board(_board([GIANT, bears, link], [("giant", "B")], (("bears", "giant"),))),
                         declarations=False)
    assert out.players["A"]["life"] == 18 and out.destroyed == ("bears",)
    assert out.permanents["giant"]["damage"] == 0


def test_the_affected_player_orders_a_redirection_and_a_prevention_effect() -> None:
    """616.1: Inkshield ("prevent all combat damage that would be dealt to you") and the Archangel both apply to the
    Giant's 3 damage to B, and B chooses: prevented first, nothing happens; redirected first, the Archangel is dealt
    3 (Inkshield doesn't apply to damage to the Archangel). Both results are listed."""
    angel = _perm("angel", "Empyrial Archangel", "B", 5, 8, ARCHANGEL)
    board = _board([GIANT, angel], [("giant", "B")], effects=({"source": "Inkshield", "controller": "B",
                                                                "text": INKSHIELD},))
    js = resolve_damage(parse_board(board), declarations=False).to_json()
    damage = sorted(o["permanents"].get("angel", {}).get("damage", 0) for o in js["outcomes"])
    assert damage == [0, 3] and all(o["players"]["B"]["life"] == 20 for o in js["outcomes"])
    assert all("616.1" in c for o in js["outcomes"] for c in o["choices"])


def test_protection_and_deathtouch_apply_to_the_new_recipient() -> None:
    """Redirected damage is dealt by the same source: a deathtouch attacker's 1 damage destroys the Archangel; a red
    source's damage redirected to a creature with protection from red is prevented (702.16e)."""
    angel = _perm("angel", "Empyrial Archangel", "B", 5, 8, ARCHANGEL)
    snake = _perm("snake", "Typhoid Rats", "A", 1, 1, "Deathtouch")
    out = resolve_damage(parse_board(_board([snake, angel], [("snake", "B")])), declarations=False)
    assert out.destroyed == ("angel",) and out.players["B"]["life"] == 20
    goblin = _perm("goblin", "Raging Goblin", "A", 1, 1, colors=["R"])
    warded = _perm("angel", "Empyrial Archangel", "B", 5, 8, ARCHANGEL + "\nProtection from red")
    out = resolve_damage(parse_board(_board([goblin, warded], [("goblin", "B")])), declarations=False)
    assert out.players["B"]["life"] == 20 and "angel" not in out.permanents  # nothing marked on it
    assert [(d.target, d.amount, d.prevented) for d in out.steps[0].dealt] == [("angel", 0, 1)]


def test_the_readings() -> None:
    assert [r.abilities[0].kind for r in read(ARCHANGEL, "Empyrial Archangel")[2:]] == ["redirect_damage"]
    (shield,) = read("All damage that would be dealt to you is dealt to equipped creature instead.", "Pariah's Shield")
    assert shield.note == "attached" and shield.status == "understood"
    # a choice or a condition stays unread (never guessed)
    (guard,) = read("As long as Weathered Bodyguards is untapped, all combat damage that would be dealt to you by "
                    "unblocked creatures is dealt to Weathered Bodyguards instead.", "Weathered Bodyguards")
    assert guard.status == "not understood"
