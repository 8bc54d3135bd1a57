"""Prevention of combat damage (615): Fogs, "dealt to and dealt by" a creature, "dealt to you", and damage that
can't be prevented (615.12), read from real Oracle text on effects and permanents, and checked against an
independent judge of what is dealt on random boards.

Relied on: 615.1 (prevention effects watch damage events and stop them), 615.6 (prevented damage never happens:
no life lost, no damage marked, no lifelink or deathtouch), 615.12 (unpreventable damage goes through every
prevention effect, protection's too: 702.16e is a prevention effect), 510.1c-d (assignment ignores prevention).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from test_damage import damage_boards

from legality import parse_board, resolve_damage
from legality.text.read import read
from models.abilities import PreventDamage, Quality

FOG = "Prevent all combat damage that would be dealt this turn."  # Fog, Holy Day, Moment's Peace
FOXFIRE = "Prevent all combat damage that would be dealt to and dealt by that creature this turn."  # Foxfire
INKSHIELD = "Prevent all combat damage that would be dealt to you this turn."  # Inkshield, Druid's Deliverance
FLARING_PAIN = "Damage can't be prevented this turn."  # Flaring Pain, Impractical Joke


def _perm(pid: str, name: str, ctl: str, power: int, toughness: int, oracle: str = "", **more: Any) -> dict[str, Any]:
    return {"id": pid, "name": name, "controller": ctl, "types": ["creature"], "power": power,
            "toughness": toughness, "oracle": oracle, **more}


def _board(perms: list[dict[str, Any]], effects: list[dict[str, Any]], attacks: list[tuple[str, str]],
           blocks: list[tuple[str, str]]) -> dict[str, Any]:
    return {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
            "permanents": perms, "effects": effects,
            "attacks": [{"attacker": a, "target": t} for a, t in attacks],
            "blocks": [{"blocker": b, "attacker": a} for b, a in blocks], "damage": []}


GIANT = _perm("giant", "Hill Giant", "A", 3, 3)
BEARS = _perm("bears", "Grizzly Bears", "B", 2, 2)
WOLVES = _perm("wolves", "Timber Wolves", "A", 1, 1)


def test_the_readings_say_what_is_prevented() -> None:
    """Each form to the side it prevents: "it" is the permanent (Fog Bank) or the effect's target (Foxfire)."""
    [fog] = read(FOG, "Fog")
    assert fog.abilities == (PreventDamage(kind="prevent_damage"),) and fog.note == "global"
    [bank] = read("Prevent all combat damage that would be dealt to and dealt by this creature.", "Fog Bank")
    assert bank.abilities == (PreventDamage(kind="prevent_damage", dealt_to="it"),
                              PreventDamage(kind="prevent_damage", dealt_by="it"))
    assert bank.note == "self"
    [fox] = read(FOXFIRE, "Foxfire")
    assert fox.note == "target" and len(fox.abilities) == 2
    [ink] = read(INKSHIELD, "Inkshield")
    assert ink.abilities == (PreventDamage(kind="prevent_damage", dealt_to="you"),) and ink.note == "global"
    pixies_text = "Prevent all damage that would be dealt to this creature by artifact creatures."
    [pixies] = read(pixies_text, "Argothian Pixies")
    assert pixies.note == "self" and pixies.abilities == (PreventDamage(
        kind="prevent_damage", dealt_to="it", combat_only=False, by_quality=Quality(types=("artifact",))),)


def test_fog_prevents_all_combat_damage() -> None:
    board = _board([GIANT, BEARS, WOLVES], [{"source": "Fog", "controller": "B", "text": FOG}],
                   [("giant", "B"), ("wolves", "B")], [("bears", "giant")])
    verdict = resolve_damage(parse_board(board), declarations=False)
    assert verdict.legal is True and verdict.players["B"]["life"] == 20 and verdict.destroyed == ()
    dealt = verdict.steps[0].dealt
    assert {(d.source, d.target, d.amount, d.prevented, d.rule) for d in dealt} == {
        ("giant", "bears", 0, 3, "615.1"), ("wolves", "B", 0, 1, "615.1"), ("bears", "giant", 0, 2, "615.1")}


def test_foxfire_stops_only_its_target() -> None:
    """Foxfire on the Giant: the Giant deals and is dealt nothing; the Wolves' damage goes through."""
    board = _board([GIANT, BEARS, WOLVES], [{"source": "Foxfire", "controller": "B", "text": FOXFIRE,
                                              "targets": ["giant"]}],
                   [("giant", "B"), ("wolves", "B")], [("bears", "giant")])
    verdict = resolve_damage(parse_board(board), declarations=False)
    assert verdict.players["B"]["life"] == 19 and verdict.destroyed == ()
    untargeted = dict(board, effects=[{"source": "Foxfire", "controller": "B", "text": FOXFIRE}])
    assert resolve_damage(parse_board(untargeted), declarations=False).not_understood  # which creature: not guessed


def test_fog_bank_blocks_and_survives() -> None:
    """Fog Bank (0/2, defender, flying): blocking a 3/3, it is dealt none of the damage (its own static ability)."""
    bank = _perm("bank", "Fog Bank", "B", 0, 2, "Defender\nFlying\nPrevent all combat damage that would be dealt to "
                 "and dealt by this creature.")
    verdict = resolve_damage(parse_board(_board([GIANT, bank], [], [("giant", "B")], [("bank", "giant")])),
                             declarations=False)
    assert verdict.legal is True and verdict.destroyed == () and verdict.players["B"]["life"] == 20


def test_inkshield_protects_the_player_not_the_creatures() -> None:
    board = _board([GIANT, BEARS, WOLVES], [{"source": "Inkshield", "controller": "B", "text": INKSHIELD}],
                   [("giant", "B"), ("wolves", "B")], [("bears", "giant")])
    verdict = resolve_damage(parse_board(board), declarations=False)
    assert verdict.players["B"]["life"] == 20 and verdict.destroyed == ("bears",)


def test_damage_that_cant_be_prevented_goes_through_fog_and_protection() -> None:
    """Flaring Pain: "Damage can't be prevented this turn." The Fog prevents nothing, nor does Kor Firewalker's
    protection from red against Gray Ogre (702.16e is a prevention effect; 615.12)."""
    walker = _perm("walker", "Kor Firewalker", "B", 2, 2, "Protection from red\nWhenever a player casts a red "
                   "spell, you may gain 1 life.", colors=["W"])
    ogre = _perm("ogre", "Gray Ogre", "A", 2, 2, colors=["R"])
    effects = [{"source": "Fog", "controller": "B", "text": FOG},
               {"source": "Flaring Pain", "controller": "A", "text": FLARING_PAIN}]
    board = _board([ogre, walker], effects, [("ogre", "B")], [("walker", "ogre")])
    verdict = resolve_damage(parse_board(board), declarations=False)
    assert set(verdict.destroyed) == {"ogre", "walker"}
    protected = resolve_damage(parse_board(dict(board, effects=[])), declarations=False)
    assert protected.destroyed == ("ogre",)  # without it, protection from red holds


HARMLESS_ASSAULT = "Prevent all combat damage that would be dealt this turn by attacking creatures."
DOLMEN_GATE = "Prevent all combat damage that would be dealt to attacking creatures you control."
BLINDING_FOG = "Prevent all damage that would be dealt to creatures this turn."


def test_prevention_narrowed_to_attackers_or_creatures() -> None:
    """Harmless Assault stops what the attackers deal, not what the blockers deal; Dolmen Gate (an artifact of the
    attacking player) stops what its controller's attackers are dealt; Blinding Fog stops damage to creatures
    but not to players (an unblocked attacker's damage goes through)."""
    perms = [GIANT, BEARS, WOLVES]
    attacks, blocks = [("giant", "B"), ("wolves", "B")], [("bears", "giant")]
    assault = resolve_damage(parse_board(_board(perms, [{"source": "Harmless Assault", "controller": "B",
                                                         "text": HARMLESS_ASSAULT}], attacks, blocks)),
                             declarations=False)
    assert assault.players["B"]["life"] == 20 and assault.destroyed == ()
    assert {(d.source, d.amount) for d in assault.steps[0].dealt} == {("giant", 0), ("wolves", 0), ("bears", 2)}
    gate = {"id": "gate", "name": "Dolmen Gate", "controller": "A", "types": ["artifact"], "oracle": DOLMEN_GATE}
    sturdy = dict(GIANT, toughness=2)
    gated = resolve_damage(parse_board(_board([sturdy, BEARS, WOLVES, gate], [], attacks, blocks)),
                           declarations=False)
    assert gated.destroyed == ("bears",) and gated.players["B"]["life"] == 19  # the Giant survives 2 damage
    fog = resolve_damage(parse_board(_board(perms, [{"source": "Blinding Fog", "controller": "B",
                                                     "text": BLINDING_FOG}], attacks, blocks)), declarations=False)
    assert fog.destroyed == () and fog.players["B"]["life"] == 19


@st.composite
def prevented_boards(draw: st.DrawFn) -> dict[str, Any]:
    """A random damage board (test_damage) with up to two prevention effects: a Fog, a Foxfire on one creature, an
    Inkshield for B, a Harmless Assault, A's Dolmen Gate, a Blinding Fog, and perhaps "damage can't be
    prevented"."""
    raw = draw(damage_boards())
    ids = [p["id"] for p in raw["permanents"]]
    effects: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 2))):
        kind = draw(st.sampled_from(["fog", "foxfire", "inkshield", "assault", "gate", "blinding"]))
        if kind == "fog":
            effects.append({"source": "Fog", "controller": "B", "text": FOG})
        elif kind == "assault":
            effects.append({"source": "Harmless Assault", "controller": "B", "text": HARMLESS_ASSAULT})
        elif kind == "gate":
            effects.append({"source": "Dolmen Gate", "controller": "A", "text": DOLMEN_GATE})
        elif kind == "blinding":
            effects.append({"source": "Blinding Fog", "controller": "B", "text": BLINDING_FOG})
        elif kind == "inkshield":
            effects.append({"source": "Inkshield", "controller": "B", "text": INKSHIELD})
        else:
            effects.append({"source": "Foxfire", "controller": "B", "text": FOXFIRE,
                            "targets": [draw(st.sampled_from(ids))]})
    if draw(st.integers(0, 99)) < 15:
        effects.append({"source": "Flaring Pain", "controller": "A", "text": FLARING_PAIN})
    return dict(raw, effects=effects)


def expected_results(board: dict[str, Any], assignment: dict[str, dict[str, int]]) -> tuple[int, set[str]]:
    """B's life and the creatures destroyed, worked out from the effects' own words: damage from ``s`` to ``r`` is
    prevented by a Fog, by a Foxfire targeting ``s`` or ``r``, by an Inkshield when ``r`` is B, by Harmless Assault
    when ``s`` attacks, by A's Dolmen Gate when ``r`` attacks (only A's creatures attack), by Blinding Fog when ``r``
    is a creature; none is when damage can't be prevented."""
    perm = {p["id"]: p for p in board["permanents"]}
    names = [e["source"] for e in board["effects"]]
    foxed = {t for e in board["effects"] if e["source"] == "Foxfire" for t in e["targets"]}
    unpreventable = "Flaring Pain" in names

    attackers = {a["attacker"] for a in board["attacks"]}

    def stopped(s: str, r: str) -> bool:
        return not unpreventable and ("Fog" in names or s in foxed or r in foxed or (r == "B" and "Inkshield" in names)
                                      or ("Harmless Assault" in names and s in attackers)
                                      or ("Dolmen Gate" in names and r in attackers)  # A's attackers, A's Gate
                                      or ("Blinding Fog" in names and r != "B"))

    life, marked, touched = 20, {pid: p.get("damage", 0) for pid, p in perm.items()}, set()
    for s, parts in assignment.items():
        for r, n in parts.items():
            if n <= 0 or stopped(s, r):
                continue
            if r == "B":
                life -= n
            else:
                marked[r] += n
                if "deathtouch" in perm[s]["keywords"]:
                    touched.add(r)
    dead = {c for c, p in perm.items() if marked[c] >= p["toughness"] or (c in touched and marked[c] > 0)}
    return life, dead


@settings(max_examples=150, deadline=None)
@given(prevented_boards())
def test_what_is_dealt_agrees_with_the_effects_words(board: dict[str, Any]) -> None:
    verdict = resolve_damage(parse_board(board), "current", declarations=False)
    assert verdict.legal is True, verdict.to_text()
    [step] = verdict.steps
    assignment = {src: parts for src, parts, _, _ in step.assignments}
    life, dead = expected_results(board, assignment)
    assert (verdict.players["B"]["life"], set(verdict.destroyed)) == (life, dead), verdict.to_text()
