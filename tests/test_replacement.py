"""Prevention shields (615.7) and replacement of damage (614.1a), and the affected player's choices between them
(616.1): each distinct result is listed with the choices that give it, and the set of results agrees with an
independent judge that tries every order on random boards.

Relied on: 616.1 (the affected player, or the controller of the affected permanent, chooses the order in which
replacement and prevention effects apply; 616.1e any of them may be chosen; 616.1f repeat until none is left),
615.7 (a shield prevents damage a point at a time until used up; with several sources at once the affected player
chooses which damage it prevents), 614.1a ("deals double that damage instead"), 615.12 (shields are not reduced by
damage that can't be prevented).
"""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from test_damage import damage_boards

from legality import parse_board, resolve_damage

FURNACE = ("Furnace of Rath", "If a source would deal damage to a permanent or player, it deals double that damage to "
           "that permanent or player instead.")
SALVE = "Prevent the next 3 damage that would be dealt to any target this turn."  # Healing Salve's second mode


def _perm(pid: str, name: str, ctl: str, power: int, toughness: int, oracle: str = "", **more: Any) -> dict[str, Any]:
    return {"id": pid, "name": name, "controller": ctl, "types": ["creature"], "power": power,
            "toughness": toughness, "oracle": oracle, **more}


def _board(perms: list[dict[str, Any]], effects: list[dict[str, Any]], attacks: list[tuple[str, str]],
           blocks: list[tuple[str, str]] = ()) -> dict[str, Any]:  # type: ignore[assignment]
    return {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
            "permanents": perms, "effects": effects, "attacks": [{"attacker": a, "target": t} for a, t in attacks],
            "blocks": [{"blocker": b, "attacker": a} for b, a in blocks], "damage": []}


FURNACE_PERM = {"id": "furnace", "name": FURNACE[0], "controller": "A", "types": ["enchantment"], "oracle": FURNACE[1]}
BEARS = _perm("bears", "Grizzly Bears", "A", 2, 2)


def test_a_doubler_and_a_shield_give_two_results_and_the_defending_player_chooses() -> None:
    """Grizzly Bears (2) unblocked, Furnace of Rath, and Healing Salve's shield of 3 on B: doubled first, 4 - 3 = 1
    damage; shield first, the 2 damage is prevented (1 of the shield left) and nothing is left to double."""
    board = _board([BEARS, FURNACE_PERM], [{"source": "Healing Salve", "controller": "B", "text": SALVE,
                                            "targets": ["B"]}], [("bears", "B")])
    verdict = resolve_damage(parse_board(board), declarations=False)
    js = verdict.to_json()
    lives = sorted(o["players"]["B"]["life"] for o in js["outcomes"])
    assert verdict.legal is True and lives == [19, 20]
    assert all(c.startswith("B orders the effects on damage to B (616.1)") for o in js["outcomes"]
               for c in o["choices"])
    assert js["players"]["B"]["life"] == js["outcomes"][0]["players"]["B"]["life"]
    assert "616.1" in verdict.to_text() and "outcome 2" in verdict.to_text()


def test_a_shield_over_two_sources_lets_the_player_choose_whose_damage() -> None:
    """615.7: a shield of 2 and two 2-damage attackers, one with lifelink (Ajani's Sunstriker): B loses 2 either
    way, but A gains 2 life only if B prevents the other creature's damage."""
    striker = _perm("striker", "Ajani's Sunstriker", "A", 2, 2, "Lifelink")
    shield = {"source": "Healing Salve", "controller": "B", "text": "Prevent the next 2 damage that would be dealt "
              "to any target this turn.", "targets": ["B"]}
    verdict = resolve_damage(parse_board(_board([BEARS, striker], [shield], [("bears", "B"), ("striker", "B")])),
                             declarations=False)
    results = sorted((o["players"]["A"]["life"], o["players"]["B"]["life"]) for o in verdict.to_json()["outcomes"])
    assert results == [(20, 18), (22, 18)]


def test_a_shield_is_used_up_across_both_damage_steps() -> None:
    """A shield of 3 on B: the first-strike step's 2 damage uses 2 of it; the regular step's 2 damage is dealt
    less the 1 left: B loses 1."""
    fencer = _perm("fencer", "Benalish Knight", "A", 2, 2, "Flash\nFirst strike")
    board = _board([fencer, BEARS], [{"source": "Healing Salve", "controller": "B", "text": SALVE,
                                      "targets": ["B"]}], [("fencer", "B"), ("bears", "B")])
    verdict = resolve_damage(parse_board(board), declarations=False)
    assert verdict.players["B"]["life"] == 19 and verdict.outcomes == ()


def test_unpreventable_damage_leaves_the_shield_whole() -> None:
    board = _board([BEARS], [{"source": "Healing Salve", "controller": "B", "text": SALVE, "targets": ["B"]},
                             {"source": "Flaring Pain", "controller": "A", "text": "Damage can't be prevented this "
                              "turn."}], [("bears", "B")])
    assert resolve_damage(parse_board(board), declarations=False).players["B"]["life"] == 18


def test_charging_tuskodon_doubles_only_what_it_deals_to_a_player() -> None:
    """Charging Tuskodon (4/4 trample): "If Charging Tuskodon would deal combat damage to a player, it deals double
    that damage to that player instead." Blocked by Grizzly Bears, 2 to the Bears and 2 trampling over: B loses 4."""
    tusk = _perm("tusk", "Charging Tuskodon", "A", 4, 4, "Trample\nIf Charging Tuskodon would deal combat damage to "
                 "a player, it deals double that damage to that player instead.")
    bears = dict(BEARS, controller="B")
    board = dict(_board([tusk, bears], [], [("tusk", "B")], [("bears", "tusk")]),
                 damage=[{"source": "tusk", "to": [{"target": "bears", "amount": 2}, {"target": "B", "amount": 2}]}])
    verdict = resolve_damage(parse_board(board), declarations=False)
    assert verdict.legal is True and verdict.players["B"]["life"] == 16 and set(verdict.destroyed) == {"bears"}


@st.composite
def modified_boards(draw: st.DrawFn) -> dict[str, Any]:
    """A random damage board with up to three effects: a Furnace of Rath, a Fog, shields of 1-3 on B or on a
    creature."""
    raw = draw(damage_boards())
    ids = [p["id"] for p in raw["permanents"]]
    effects: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["furnace", "fog", "shield", "shield"]))
        if kind == "furnace":
            effects.append({"source": "Furnace", "controller": "A", "text": FURNACE[1]})
        elif kind == "fog":
            effects.append({"source": "Fog", "controller": "B", "text": "Prevent all combat damage that would be "
                            "dealt this turn."})
        else:
            n = draw(st.integers(1, 3))
            effects.append({"source": f"Shield{len(effects)}", "controller": "B", "targets": [draw(st.sampled_from(
                ["B", *ids]))], "text": f"Prevent the next {n} damage that would be dealt to any target this turn."})
    return dict(raw, effects=effects)


def brute_outcomes(board: dict[str, Any], assignment: dict[str, dict[str, int]]) -> set[tuple[int, frozenset[str]]]:
    """Every (B's life, creatures destroyed) the affected players' choices can give: for each recipient, every order
    of the effects that apply to it and, for a shield, every order of the sources whose damage it prevents."""
    perm = {p["id"]: p for p in board["permanents"]}
    incoming: dict[str, dict[str, int]] = {}
    for s, parts in assignment.items():
        for r, n in parts.items():
            if n > 0:
                incoming.setdefault(r, {})[s] = n
    per_recipient: list[list[tuple[str, dict[str, int]]]] = []
    for r, came in incoming.items():
        effects = [e for e in board["effects"] if e["source"] in ("Furnace", "Fog") or e["targets"] == [r]]
        results = []
        for order in itertools.permutations(effects):
            for src_order in itertools.permutations(came):
                amounts = dict(came)
                for e in order:
                    if e["source"] == "Furnace":
                        amounts = {s: 2 * n for s, n in amounts.items()}
                    elif e["source"] == "Fog":
                        amounts = {s: 0 for s in amounts}
                    else:
                        left = int(e["text"].split()[3])
                        for s in src_order:
                            take = min(left, amounts[s])
                            amounts[s] -= take
                            left -= take
                results.append((r, amounts))
        per_recipient.append(results)
    out = set()
    for combo in itertools.product(*per_recipient):
        life, marked, touched = 20, {pid: p.get("damage", 0) for pid, p in perm.items()}, set()
        for r, amounts in combo:
            for s, n in amounts.items():
                if n <= 0:
                    continue
                if r == "B":
                    life -= n
                else:
                    marked[r] += n
                    if "deathtouch" in perm[s]["keywords"]:
                        touched.add(r)
        dead = frozenset(c for c, p in perm.items() if marked[c] >= p["toughness"] or (c in touched and marked[c]))
        out.add((life, dead))
    return out


@settings(max_examples=150, deadline=None)
@given(modified_boards())
def test_every_result_of_the_choices_agrees_with_the_brute_force(board: dict[str, Any]) -> None:
    verdict = resolve_damage(parse_board(board), "current", declarations=False)
    assert verdict.legal is True, verdict.to_text()
    [step] = verdict.steps
    assignment = {src: parts for src, parts, _, _ in step.assignments}
    listed = verdict.to_json()["outcomes"] or [{"players": verdict.players, "destroyed": list(verdict.destroyed)}]
    got = {(o["players"]["B"]["life"], frozenset(o["destroyed"])) for o in listed}
    assert got == brute_outcomes(board, assignment), verdict.to_text()
