"""Hypothesis strategies for random small boards that mix every mechanic of the vocabulary."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

COLORS = ["W", "U", "B", "R", "G"]
OTHERS = st.sampled_from([{"power_vs_source": "greater"}, {"colors": ["B", "G"]},
                          {"any_of": [{"colors": ["R"]}, {"power_vs_source": "greater"}]},
                          {"toughness_over_power": True}])
"""Qualities of the other attackers (blockers) a counting restriction asks for: greater power (Okk), a colour, toughness
greater than power."""
BLOCKED_BY: list[dict[str, object]] = [{"kind": "must_be_blocked_by", "at_least": 2},  # Gorm the Great
                                       {"kind": "must_be_blocked_by", "at_least": 1, "at_most": 1}]  # Nacatl War-Pride


def _creature(draw: st.DrawFn, cid: str, ctrl: str, kws: list[str], abilities: list[dict[str, Any]],
              p_tapped: float) -> dict[str, Any]:
    c: dict[str, Any] = {"id": cid, "name": f"Creature {cid}", "controller": ctrl, "oracle": "",
                         "power": draw(st.integers(0, 4)), "toughness": draw(st.integers(1, 4)),
                         "colors": draw(st.lists(st.sampled_from(COLORS), max_size=2, unique=True))}
    if draw(st.integers(0, 99)) < 15:
        c["types"] = ["artifact", "creature"]
    if draw(st.floats(0, 1)) < p_tapped:
        c["tapped"] = True
    picked = [k for k in kws if draw(st.integers(0, 99)) < 18]
    if picked:
        c["keywords"] = picked
    chosen = [a for a in abilities if draw(st.integers(0, 99)) < 12]
    if chosen:
        c["abilities"] = chosen
    return c


@st.composite
def attack_boards(draw: st.DrawFn) -> dict[str, Any]:
    """An attack declaration: 1-4 attackers, 2-3 players or two teams of two (805.10), a planeswalker, taxes, goad,
    caps."""
    teams = draw(st.integers(0, 99)) < 25
    three = not teams and draw(st.booleans())
    players: list[dict[str, Any]] = [{"id": "A", "life": 20}, {"id": "B", "life": 20}]
    if three or teams:
        players.append({"id": "C", "life": 20})
    if teams:
        players.insert(1, {"id": "A2", "life": 20})
    if draw(st.booleans()):
        players[0]["mana_available"] = draw(st.integers(0, 3))
    if teams and draw(st.booleans()):
        players[1]["mana_available"] = draw(st.integers(0, 2))
    mine = ["A", "A2"] if teams else ["A"]
    opp = [p["id"] for p in players if p["id"] not in mine]
    perms: list[dict[str, Any]] = []
    if draw(st.booleans()):
        perms.append({"id": "pw", "oracle": "", "name": "Planeswalker", "controller": "B", "types": ["planeswalker"],
                      "loyalty": 3})
    if draw(st.integers(0, 99)) < 25:  # a Siege its controller may attack, protected by an opponent (310.8b)
        perms.append({"id": "siege", "oracle": "", "name": "Siege", "controller": "A", "types": ["battle"],
                      "subtypes": ["Siege"], "defense": 4, "protector": "B"})
    for i in range(draw(st.integers(0, 3))):  # Islands a Leviathan's cost may sacrifice (508.1h)
        perms.append({"id": f"island{i}", "oracle": "", "name": "Island", "controller": draw(st.sampled_from(mine)),
                      "types": ["land"], "subtypes": ["Island"], "supertypes": ["basic"]})
    n = draw(st.integers(1, 4))
    ids = [f"a{i}" for i in range(n)]
    per_creature: list[dict[str, Any]] = [
        {"kind": "cant_attack"}, {"kind": "cant_attack", "defender": "B"}, {"kind": "cant_attack_alone"},
        {"kind": "attacks_alone_only"}, {"kind": "attacks_each_combat"},
        {"kind": "attacks_player_if_able", "player": draw(st.sampled_from(opp))},
        {"kind": "attacks_a_player_if_able"},  # Nahiri, the Unforgiving's +1
        {"kind": "attacks_permanent_if_able", "permanent": draw(st.sampled_from(["pw", "siege", "gone"]))},
        {"kind": "all_attack_if_this_attacks"}, {"kind": "attacks_if_creature_attacks"},
        {"kind": "attack_cost", "amount": draw(st.integers(0, 2))}, {"kind": "attacks_despite_defender"},
        {"kind": "attack_cost", "amount": draw(st.integers(1, 2)), "sacrifice": {"subtypes": ["Island"]}},  # Leviathan
        {"kind": "cant_attack_unless_others_attack", "n": draw(st.integers(1, 2))},  # Orcish Conscripts
        {"kind": "cant_attack_unless_others_attack", "quality": draw(OTHERS)},  # Okk, Scarred Puma
    ]
    for cid in ids:
        c = _creature(draw, cid, draw(st.sampled_from(mine)), ["haste", "defender", "vigilance", "banding"],
                      per_creature, 0.12)
        if draw(st.integers(0, 99)) < 15:
            c["summoning_sick"] = True
        perms.append(c)
    effects: list[dict[str, Any]] = []
    if draw(st.integers(0, 99)) < 30:
        perms.append({"id": "prison", "oracle": "", "name": "Ghostly Prison", "controller": "B",
                      "types": ["enchantment"],
                      "abilities": [{"kind": "grant", "to": "opponents", "abilities": [
                          {"kind": "attack_cost", "amount": draw(st.integers(0, 2)), "defender": "you",
                           "planeswalkers": draw(st.booleans())}]}]})
    if draw(st.integers(0, 99)) < 20:  # Sphere of Safety: X is the number of enchantments its controller controls
        perms.append({"id": "sphere", "oracle": "", "name": "Sphere of Safety", "controller": "B",
                      "types": ["enchantment"],
                      "abilities": [{"kind": "grant", "to": "opponents", "abilities": [
                          {"kind": "attack_cost", "amount": 1, "defender": "you", "planeswalkers": True,
                           "count": {"types": ["enchantment"], "controller": "you"}}]}]})
    if teams and draw(st.integers(0, 99)) < 40:  # Propaganda of the other defending player: taxes attacks on C alone
        perms.append({"id": "propaganda", "oracle": "", "name": "Propaganda", "controller": "C",
                      "types": ["enchantment"],
                      "abilities": [{"kind": "grant", "to": "opponents", "abilities": [
                          {"kind": "attack_cost", "amount": draw(st.integers(1, 2)), "defender": "you"}]}]})
    if draw(st.integers(0, 99)) < 30:
        perms.append({"id": "arbiter", "oracle": "", "name": "Crawlspace", "controller": draw(st.sampled_from(opp)),
                      "types": ["artifact"], "abilities": [
                          {"kind": "max_attackers", "n": draw(st.integers(0, 2)),
                           **({"defender": "you"} if draw(st.booleans()) else {})}]})
    for _ in range(draw(st.integers(0, 2))):
        effects.append({"source": "Disrupt Decorum", "controller": draw(st.sampled_from(opp)),
                        "targets": [draw(st.sampled_from(ids))], "abilities": [{"kind": "goad"}]})
    if draw(st.integers(0, 99)) < 25:
        effects.append({"source": "Bullwhip", "controller": "B", "targets": [draw(st.sampled_from(ids))],
                        "abilities": [{"kind": "attacks_each_combat"}]})
    if draw(st.integers(0, 99)) < 20:  # Ovinize on one creature, anywhere among the effects (613.1f)
        effects.insert(draw(st.integers(0, len(effects))), {
            "source": "Ovinize", "controller": "B", "targets": [draw(st.sampled_from(ids))],
            "abilities": [{"kind": "loses", "all": True}]})
    targets = opp + [p["id"] for p in perms if p["id"] in ("pw", "siege")]
    attacks = []
    for cid in ids:
        t = draw(st.sampled_from([None, *targets]))
        if t is not None:
            attacks.append({"attacker": cid, "target": t})
    return {"version": 1, "active_player": "A", "players": players, "permanents": perms,
            "effects": effects, "attacks": attacks, **_teams(teams)}


def _teams(given: bool) -> dict[str, Any]:
    """Two-Headed Giant's teams (810.2), A and A2 against B and C, when ``given``."""
    if not given:
        return {}
    return {"teams": [{"id": "T1", "players": ["A", "A2"], "life": 30}, {"id": "T2", "players": ["B", "C"],
                                                                          "life": 30}]}


@st.composite
def block_boards(draw: st.DrawFn) -> dict[str, Any]:
    """A block declaration: 1-3 attackers at 1-2 defending players, 1-4 blockers, every evasion kind; a share of
    the boards in Two-Headed Giant, where the defending team blocks as one (805.10d)."""
    teams = draw(st.integers(0, 99)) < 25
    three = not teams and draw(st.integers(0, 99)) < 25
    players: list[dict[str, Any]] = [{"id": "A", "life": 20}, {"id": "B", "life": 20}]
    if three or teams:
        players.append({"id": "C", "life": 20})
    if teams:
        players.insert(1, {"id": "A2", "life": 20})
    mine = ["A", "A2"] if teams else ["A"]
    defenders = [p["id"] for p in players if p["id"] not in mine]
    if draw(st.booleans()):
        players[len(mine)]["mana_available"] = draw(st.integers(0, 2))
    if teams and draw(st.booleans()):
        players[-1]["mana_available"] = draw(st.integers(0, 2))
    na = draw(st.integers(1, 3))
    aids = [f"x{i}" for i in range(na)]
    perms: list[dict[str, Any]] = []
    quality = st.sampled_from([{"colors": ["B"]}, {"keywords": ["flying"]}, {"types": ["artifact"]},
                               {"power_at_most": 1}, {"colors": ["G"], "negate": True}])
    att_abilities: list[dict[str, Any]] = [
        {"kind": "min_blockers", "n": 3}, {"kind": "max_blockers", "n": 1}, {"kind": "cant_be_blocked"},
        {"kind": "cant_be_blocked_unless_all_block"}, {"kind": "lure"}, {"kind": "must_be_blocked"},
        {"kind": "cant_be_blocked_by", "quality": draw(quality)},
        {"kind": "cant_be_blocked_except_by", "quality": draw(quality)},
        {"kind": "protection", "quality": {"colors": [draw(st.sampled_from(COLORS))]}},
        *BLOCKED_BY, {"kind": "must_be_blocked_by", "quality": draw(quality)},  # Slayer's Cleaver
        {"kind": "must_be_blocked_by", "at_least": 2, "quality": draw(quality)},
    ]
    att_kws = ["flying", "menace", "shadow", "horsemanship", "fear", "intimidate", "skulk",
               "protection from red", "swampwalk"]
    for aid in aids:
        perms.append(_creature(draw, aid, draw(st.sampled_from(mine)), att_kws, att_abilities, 0.0))
    nb = draw(st.integers(1, 4 if na < 3 else 3))
    for i in range(nb):
        ctrl = draw(st.sampled_from(defenders))
        blk_abilities: list[dict[str, Any]] = [
            {"kind": "cant_block"}, {"kind": "cant_block", "attacker": draw(st.sampled_from(aids))},
            {"kind": "cant_block_alone"}, {"kind": "block_additional", "n": 1}, {"kind": "block_any_number"},
            {"kind": "blocks_each_combat"}, {"kind": "blocks_if_able", "attacker": draw(st.sampled_from(aids))},
            {"kind": "can_block_only", "quality": {"keywords": ["flying"]}},
            {"kind": "block_cost", "amount": draw(st.integers(0, 2))},
            {"kind": "cant_block_unless_others_block", "n": draw(st.integers(1, 2))},  # Orcish Conscripts
            {"kind": "cant_block_unless_others_block", "quality": draw(OTHERS)},  # Okk
            {"kind": "blocks_shadow"},  # Heartwood Dryad
            {"kind": "blocks_shadow_as_none"},  # Wall of Diffusion, Aether Web
        ]
        perms.append(_creature(draw, f"b{i}", ctrl, ["flying", "reach", "shadow", "horsemanship"],
                               blk_abilities, 0.12))
    if draw(st.integers(0, 99)) < 20:
        perms.append({"id": "swamp", "oracle": "", "name": "Swamp", "controller": draw(st.sampled_from(defenders)),
                      "types": ["land"],
                      "supertypes": ["basic"], "subtypes": ["Swamp"]})
    if draw(st.integers(0, 99)) < 15:  # Quagmire (swampwalk), Staff of the Ages (every landwalk)
        perms.append({"id": "quagmire", "oracle": "", "name": "Quagmire",
                      "controller": draw(st.sampled_from([p["id"] for p in players])),
                      "types": ["enchantment"], "abilities": [
                          {"kind": "landwalk_blockable", "landwalk": draw(st.sampled_from(["swampwalk", None]))}]})
    if draw(st.integers(0, 99)) < 20:
        perms.append({"id": "arbiter", "oracle": "", "name": "Silent Arbiter", "controller": "A", "types": ["artifact"],
                      "abilities": [{"kind": "max_blockers_total", "n": draw(st.integers(1, 2))}]})
    if draw(st.integers(0, 99)) < 20:
        perms.append({"id": "drums", "oracle": "", "name": "Goblin War Drums", "controller": "A",
                      "types": ["enchantment"],
                      "abilities": [{"kind": "grant", "to": "you", "keywords": ["menace"]}]})
    effects: list[dict[str, Any]] = []
    if draw(st.integers(0, 99)) < 20:
        effects.append({"source": "War Cadence", "controller": "B", "abilities": [
            {"kind": "grant", "to": "all", "abilities": [{"kind": "block_cost", "amount": draw(st.integers(0, 1))}]}]})
    if draw(st.integers(0, 99)) < 15:  # a block tax of X, X the number of enchantments on the battlefield (107.3)
        effects.append({"source": "Tax of Enchantments", "controller": "B", "abilities": [
            {"kind": "grant", "to": "all", "abilities": [{"kind": "block_cost", "amount": 1,
                                                          "count": {"types": ["enchantment"]}}]}]})
    if draw(st.integers(0, 99)) < 15:
        effects.append({"source": "Invasion Plans", "controller": "A", "abilities": [
            {"kind": "grant", "to": "opponents", "abilities": [{"kind": "blocks_each_combat"}]}]})
    if draw(st.integers(0, 99)) < 25:
        perms.append({"id": "siege", "oracle": "", "name": "Siege", "controller": "A", "types": ["battle"],
                      "subtypes": ["Siege"], "defense": 4, "protector": "B"})
        attacks = [{"attacker": aid, "target": draw(st.sampled_from([*defenders, "siege"]))} for aid in aids]
    else:
        attacks = [{"attacker": aid, "target": draw(st.sampled_from(defenders))} for aid in aids]
    target_of = {a["attacker"]: ("B" if a["target"] == "siege" else a["target"]) for a in attacks}
    blocks = []
    for p in perms:
        if p["id"].startswith("b"):
            for aid in aids:
                if (teams or target_of[aid] == p["controller"]) and draw(st.integers(0, 99)) < 30:
                    blocks.append({"blocker": p["id"], "attacker": aid})
    return {"version": 1, "active_player": "A", "players": players, "permanents": perms,
            "effects": effects, "attacks": attacks, "blocks": blocks, **_teams(teams)}


def large_block_board(seed: int, n_att: int, n_blk: int, defenders: list[str]) -> dict[str, Any]:
    """A large block declaration with many interacting requirements (for time-limit tests, not proofs)."""
    import random

    rng = random.Random(seed)
    players: list[dict[str, Any]] = [{"id": "A", "life": 40}] + [{"id": d, "life": 40} for d in defenders]
    perms: list[dict[str, Any]] = []
    attacks = []
    for i in range(n_att):
        kws = [k for k, p in (("flying", .2), ("menace", .2)) if rng.random() < p]
        abil = [a for a, p in (({"kind": "lure"}, .1), ({"kind": "must_be_blocked"}, .2),
                               ({"kind": "min_blockers", "n": 3}, .1), ({"kind": "max_blockers", "n": 1}, .1))
                if rng.random() < p]
        perms.append({"id": f"a{i}", "name": f"Attacker {i}", "controller": "A", "power": 2, "toughness": 2,
                      "oracle": "", "keywords": kws, "abilities": abil})
        attacks.append({"attacker": f"a{i}", "target": defenders[i % len(defenders)]})
    for i in range(n_blk):
        kws = [k for k, p in (("flying", .15), ("reach", .1)) if rng.random() < p]
        abil = [a for a, p in (({"kind": "blocks_each_combat"}, .3), ({"kind": "cant_block_alone"}, .1),
                               ({"kind": "block_additional", "n": 1}, .1), ({"kind": "block_cost", "amount": 1}, .1))
                if rng.random() < p]
        perms.append({"id": f"b{i}", "name": f"Blocker {i}", "controller": defenders[i % len(defenders)],
                      "power": 2, "toughness": 2, "oracle": "", "keywords": kws, "abilities": abil})
    blocks = [{"blocker": f"b{i}", "attacker": f"a{i % n_att}"} for i in range(0, n_blk, 4)
              if defenders[i % len(defenders)] == defenders[(i % n_att) % len(defenders)]]
    return {"version": 1, "active_player": "A", "players": players, "permanents": perms, "attacks": attacks,
            "blocks": blocks}


@st.composite
def dense_block_boards(draw: st.DrawFn) -> dict[str, Any]:
    """A block declaration crowded with requirements and counting restrictions (menace, "three or more",
    blockers of any number, Lures, "can't block alone"): where solvers' proofs are hardest to get right.
    Up to 4 x 4 creatures but at most ``DENSE_PAIRS`` pairs able to block (flying and reach thin them),
    so the brute force can enumerate every declaration; no costs."""
    na = draw(st.integers(2, 4))
    aids = [f"x{i}" for i in range(na)]
    nb = draw(st.integers(2, 4))
    bids = [f"y{i}" for i in range(nb)]
    att_abilities: list[dict[str, Any]] = [{"kind": "min_blockers", "n": 3}, {"kind": "must_be_blocked"},
                                           {"kind": "lure"}, {"kind": "max_blockers", "n": 1}, *BLOCKED_BY]
    perms: list[dict[str, Any]] = []
    for aid in aids:
        kws = [k for k in ("flying", "menace") if draw(st.integers(0, 99)) < 35]
        perms.append({"id": aid, "name": f"Raider {aid}", "controller": "A", "power": 2, "toughness": 2,
                      "oracle": "", "keywords": kws,
                      "abilities": [a for a in att_abilities if draw(st.integers(0, 99)) < 35]})
    for bid in bids:
        blk: list[dict[str, Any]] = [
            {"kind": "block_any_number"}, {"kind": "block_additional", "n": 1}, {"kind": "cant_block_alone"},
            {"kind": "blocks_each_combat"}, {"kind": "blocks_if_able", "attacker": draw(st.sampled_from(aids))},
            {"kind": "cant_block", "attacker": draw(st.sampled_from(aids))},
            {"kind": "cant_block_unless_others_block", "n": draw(st.integers(1, 2))}]
        kws = ["reach"] if draw(st.integers(0, 99)) < 40 else []
        perms.append({"id": bid, "name": f"Guard {bid}", "controller": "B", "power": 2, "toughness": 2,
                      "oracle": "", "keywords": kws,
                      "abilities": [a for a in blk if draw(st.integers(0, 99)) < 30]})
    _thin(perms, aids, bids)
    blocks = [{"blocker": b, "attacker": a} for b in bids for a in aids if draw(st.integers(0, 99)) < 25]
    return {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 40}, {"id": "B", "life": 40}],
            "permanents": perms, "attacks": [{"attacker": a, "target": "B"} for a in aids], "blocks": blocks}


DENSE_PAIRS = 12


def _thin(perms: list[dict[str, Any]], aids: list[str], bids: list[str]) -> None:
    """Give attackers flying (then take blockers' reach) until at most ``DENSE_PAIRS`` pairs can block."""
    by = {p["id"]: p for p in perms}

    def pairs() -> int:
        return sum(1 for a in aids for b in bids
                   if ("flying" not in by[a]["keywords"] or "reach" in by[b]["keywords"])
                   and {"kind": "cant_block", "attacker": a} not in by[b]["abilities"])

    for a in aids:
        if pairs() > DENSE_PAIRS and "flying" not in by[a]["keywords"]:
            by[a]["keywords"].append("flying")
    for b in bids:
        if pairs() > DENSE_PAIRS:
            by[b]["keywords"] = []


def _some(draw: st.DrawFn, options: list[dict[str, Any]], most: int) -> list[dict[str, Any]]:
    """Up to ``most`` distinct abilities among ``options``."""
    picked = draw(st.lists(st.integers(0, len(options) - 1), max_size=most, unique=True))
    return [options[i] for i in picked]


@st.composite
def counting_attack_boards(draw: st.DrawFn) -> dict[str, Any]:
    """An attack declaration where restrictions count the other attackers (508.1c: Orcish Conscripts, Okk, Scarred
    Puma) among requirements and the other restrictions on the set of attackers: 2-4 attackers, 1-2 opponents."""
    opp = ["B", "C"][:draw(st.integers(1, 2))]
    players = [{"id": p, "life": 20} for p in ["A", *opp]]
    options: list[dict[str, Any]] = [
        {"kind": "cant_attack_unless_others_attack", "n": 1}, {"kind": "cant_attack_unless_others_attack", "n": 2},
        {"kind": "cant_attack_unless_others_attack", "quality": {"power_vs_source": "greater"}},
        {"kind": "cant_attack_unless_others_attack", "quality": {"colors": ["B", "G"]}},
        {"kind": "attacks_each_combat"}, {"kind": "cant_attack_alone"}, {"kind": "attacks_alone_only"},
        {"kind": "attacks_player_if_able", "player": opp[-1]}, {"kind": "cant_attack", "defender": "B"},
        {"kind": "all_attack_if_this_attacks"}]
    perms: list[dict[str, Any]] = []
    ids = [f"a{i}" for i in range(draw(st.integers(2, 4)))]
    for cid in ids:
        perms.append({"id": cid, "name": f"Raider {cid}", "controller": "A", "oracle": "",
                      "power": draw(st.integers(0, 5)), "toughness": 2,
                      "colors": [draw(st.sampled_from(COLORS))], "tapped": draw(st.integers(0, 99)) < 8,
                      "abilities": _some(draw, options, 2)})
    if draw(st.integers(0, 99)) < 25:
        perms.append({"id": "cap", "oracle": "", "name": "Crawlspace", "controller": "B", "types": ["artifact"],
                      "abilities": [{"kind": "max_attackers", "n": draw(st.integers(1, 3))}]})
    attacks = [{"attacker": cid, "target": t} for cid in ids
               if (t := draw(st.sampled_from([None, *opp]))) is not None]
    return {"version": 1, "active_player": "A", "players": players, "permanents": perms, "attacks": attacks}


@st.composite
def counting_block_boards(draw: st.DrawFn) -> dict[str, Any]:
    """A block declaration where restrictions count the other blockers (509.1b: Orcish Conscripts, Okk) and
    requirements are obeyed by a number of blockers (509.1c: Gorm the Great, Nacatl War-Pride, Slayer's Cleaver),
    among Lures, menace and "blocks if able": 1-3 attackers, 2-4 blockers of one defending player."""
    na = draw(st.integers(1, 3))
    aids = [f"x{i}" for i in range(na)]
    blocked_by: list[dict[str, Any]] = [
        *BLOCKED_BY, {"kind": "must_be_blocked_by", "quality": {"subtypes": ["Eldrazi"]}},
        {"kind": "must_be_blocked_by", "at_least": 2, "quality": {"power_at_most": 2}},
        {"kind": "must_be_blocked"}, {"kind": "lure"}, {"kind": "min_blockers", "n": 2},
        {"kind": "max_blockers", "n": 1}]
    perms: list[dict[str, Any]] = []
    for aid in aids:
        perms.append({"id": aid, "name": f"Raider {aid}", "controller": "A", "oracle": "", "power": 3,
                      "toughness": 3, "keywords": ["flying"] if draw(st.integers(0, 99)) < 15 else [],
                      "abilities": _some(draw, blocked_by, 2)})
    blockers: list[dict[str, Any]] = [
        {"kind": "cant_block_unless_others_block", "n": 1}, {"kind": "cant_block_unless_others_block", "n": 2},
        {"kind": "cant_block_unless_others_block", "quality": {"power_vs_source": "greater"}},
        {"kind": "blocks_each_combat"}, {"kind": "blocks_if_able", "attacker": draw(st.sampled_from(aids))},
        {"kind": "block_additional", "n": 1}, {"kind": "cant_block_alone"}]
    bids = [f"y{i}" for i in range(draw(st.integers(2, 4 if na < 3 else 3)))]
    for bid in bids:
        perms.append({"id": bid, "name": f"Guard {bid}", "controller": "B", "oracle": "",
                      "power": draw(st.integers(0, 5)), "toughness": 2, "tapped": draw(st.integers(0, 99)) < 8,
                      "subtypes": ["Eldrazi"] if draw(st.booleans()) else ["Bear"],
                      "abilities": _some(draw, blockers, 2)})
    blocks = [{"blocker": b, "attacker": a} for b in bids for a in aids if draw(st.integers(0, 99)) < 25]
    return {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
            "permanents": perms, "attacks": [{"attacker": a, "target": "B"} for a in aids], "blocks": blocks}
