"""Dealing a step's combat damage all at once (510.2, 120.3): prevention, replacement, results and lifelink."""

from __future__ import annotations

import re
from typing import Literal

from msgspec import Struct

from legality.damage.assign import Assignment
from legality.damage.combat import Combat, State
from legality.damage.events import MAX_AMOUNT, Chooser, modify, mods_for, unpreventable
from legality.damage.life import concerns, life_fixed, lose_life_to_damage
from legality.match import allies_of
from models.abilities import CantGainLife, CantGetCounters, ModifyLifeGain


class Dealt(Struct, frozen=True):
    """One source's damage to one object or player: what was dealt, how much was prevented, the rule that says
    what the damage did (120.3) or, when all of it was prevented, the rule that prevented it, and every
    prevention or replacement effect applied to it (``modified_by``)."""

    source: str
    target: str
    amount: int
    prevented: int
    rule: str
    modified_by: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {"source": self.source, "target": self.target, "amount": self.amount,
                "prevented": self.prevented, "rule": self.rule, "modified_by": list(self.modified_by)}


def prevented_by(combat: Combat, target: str, source: str) -> str | None:
    """The rule by which all damage from ``source`` to ``target`` is prevented whatever its amount, or None: a
    prevention effect (615.1) or protection (702.16e), unless damage can't be prevented (615.12). Shields, which
    prevent only part of it, are not counted (the damage step applies them)."""
    if unpreventable(combat, source):
        return None
    mods = mods_for(combat, None, target, [source])
    if any(m.kind == "redirect" for m in mods):  # the affected player may have it dealt elsewhere first (616.1)
        return None
    return next((m.rule for m in mods if m.kind == "prevent"), None)


def _toxic(combat: Combat, source: str) -> int:
    total = 0
    for kw in combat.game.traits[source].keywords:
        m = re.fullmatch(r"toxic (\d+)", kw)
        if m:
            total += int(m.group(1))
    return total


def deal(combat: Combat, state: State, assignment: Assignment,
         chooser: Chooser | None = None) -> tuple[list[Dealt], dict[str, int]]:
    """Deal every assigned amount simultaneously, after prevention and replacement (615, 614, 616; the affected
    player's choices made by ``chooser``); return what was dealt and life gained (lifelink).

    Deathtouch and lifelink act here only as the static abilities of Magic 2010 onward (702.2b, 702.15b);
    under an older edition they are triggered abilities, reported by ``resolve.triggered_by``."""
    game = combat.game
    chooser = chooser or Chooser()
    players = {p.id for p in game.board.players}
    incoming: dict[str, list[tuple[str, int]]] = {}
    for source, parts in assignment.items():
        for target, amount in parts.items():
            if amount > 0:
                incoming.setdefault(target, []).append((source, amount))
    outcomes = {(target, o.source): o for target, parts in incoming.items()
                for o in modify(combat, state, target, parts, chooser)}
    dealt: list[Dealt] = []
    allies = allies_of(game.board)
    gains: dict[str, int] = {}  # source with lifelink → the life its damage gains its controller (one event each)
    for source, parts in assignment.items():
        src = game.perms[source]
        infect, wither = combat.has(source, "infect"), combat.has(source, "wither")
        for target, assigned in parts.items():
            if assigned <= 0:
                continue
            out = outcomes[target, source]
            to = out.to or target  # a redirection effect may have moved it (614.9)
            amount = out.dealt
            if amount <= 0:
                rule = out.rules[-1].split(" ")[0] if out.rules else "615.1"
                dealt.append(Dealt(source, to, 0, out.prevented, rule, out.rules))
                continue
            changed: str | None = None
            if to in players:
                poisoned = can_get_counters(combat, to, "poison")
                if infect:
                    state.poison[to] += amount if poisoned else 0
                    rule = "120.3b" if poisoned else "122.1"
                else:
                    rule, changed = lose_life_to_damage(combat, state, to, amount, allies)
                toxic = _toxic(combat, source)
                if toxic and poisoned:
                    state.poison[to] += toxic
                if src.commander:
                    state.commander[to][source] = state.commander[to].get(source, 0) + amount
            else:
                perm = game.perms[to]
                if "planeswalker" in perm.card_types:
                    state.loyalty[to] = state.loyalty.get(to, 0) - amount
                    rule = "120.3c"
                elif "battle" in perm.card_types:
                    state.defense[to] = state.defense.get(to, 0) - amount
                    rule = "120.3h"
                elif infect or wither:
                    if can_get_counters(combat, to, "-1/-1"):
                        state.minus[to] = state.minus.get(to, 0) + amount
                        rule = "120.3d"
                    else:
                        rule = "122.1"  # the damage is dealt, but its result, -1/-1 counters, can't be put
                else:
                    state.damage[to] = state.damage.get(to, 0) + amount
                    rule = "120.3e"
                if combat.has_static(source, "deathtouch") and perm.is_creature:
                    state.deathtouched.add(to)
            dealt.append(Dealt(source, to, amount, out.prevented, rule, (*out.rules, *((changed,) if changed else ()))))
            if combat.has_static(source, "lifelink"):
                gains[source] = gains.get(source, 0) + amount
    gained: dict[str, int] = {}
    for source, n in gains.items():  # 702.15b: the source's controller gains that much life
        player = game.perms[source].controller
        if not can_gain_life(combat, state, player, allies):
            gained[player] = gained.get(player, 0)  # 119.7: the damage was dealt; the life gain doesn't happen
            continue
        n, lost = _gain_replaced(combat, player, source, n, chooser, allies)
        state.change_life(player, -n if lost else n)  # a gain replaced by a loss (Tainted Remedy) gains nothing
        gained[player] = gained.get(player, 0) + (0 if lost else n)
    return dealt, gained


def _gain_replaced(combat: Combat, player: str, source: str, n: int, chooser: Chooser,
                   allies: dict[str, frozenset[str]]) -> tuple[int, bool]:
    """The life ``player`` gains from ``source``'s lifelink, ``n`` before its replacement effects (614.1a: "you gain
    twice that much life instead", "that much life plus 1"), and whether it became a loss of that much life instead
    (Tainted Remedy). Each creature with lifelink is a life gain event of its own (rulings of Ajani's Pridemate and
    others); where several effects apply to one, the gaining player picks the one to apply next, each once, and once
    the gain is a loss the effects on gains apply no more (616.1e-f); a gain of 0 is no event (119.10)."""
    left = [e for e in combat.game.damage_effects
            if isinstance(e.ability, ModifyLifeGain) and concerns(e.ability.who, e.you, player, allies)]
    while left and n > 0:
        k = chooser.choose(player, f"applies to the life gained from {source} next (616.1)",
                           [e.source for e in left]) if len(left) > 1 else 0
        ab = left.pop(k).ability
        assert isinstance(ab, ModifyLifeGain)
        if ab.loss:
            return n, True
        n = min(n * ab.factor + ab.plus, MAX_AMOUNT)
    return n, False


def can_gain_life(combat: Combat, state: State, player: str, allies: dict[str, frozenset[str]]) -> bool:
    """Whether ``player`` can gain life: not when an effect in force says they can't (119.7), nor in Two-Headed Giant
    when it says so of a teammate (810.9g: the team shares its life total). "Your opponents" leaves out the effect's
    controller and their teammates (102.3; ``allies``: ``match.allies_of`` the board)."""
    if life_fixed(combat, state, player, allies) is not None:  # 119.7: a life total that can't change can't go up
        return False
    team = next((members for members in state.shared.values() if player in members), (player,))
    return not any(isinstance(e.ability, CantGainLife) and any(concerns(e.ability.who, e.you, p, allies) for p in team)
                   for e in combat.game.damage_effects)


def can_get_counters(combat: Combat, target: str, counter: Literal["poison", "-1/-1"]) -> bool:
    """Whether ``counter`` counters can be put on the player or permanent ``target``: not when an effect in force
    says it can't get them (Melira, Solemnity); then damage whose result they are is dealt with no result (122.1)."""
    game = combat.game
    perm = game.perms.get(target)
    for e in game.damage_effects:
        ab = e.ability
        if not isinstance(ab, CantGetCounters) or ab.counter not in (counter, "any"):
            continue
        if perm is None and (ab.who == "players" or (ab.who == "you" and target == e.you)):
            return False
        if perm is not None and perm.is_creature and (ab.who == "creatures" or (
                ab.who == "your_creatures" and perm.controller == e.you)):
            return False
    return True
