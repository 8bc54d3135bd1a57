"""Dealing a step's combat damage all at once (510.2, 120.3), then state-based actions (704.5, 704.6a-c)."""

from __future__ import annotations

import re
from typing import Literal

from msgspec import Struct

from legality.damage.assign import Assignment
from legality.damage.combat import Combat, State
from legality.damage.events import MAX_AMOUNT, Chooser, modify, mods_for, unpreventable
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
            if to in players:
                poisoned = can_get_counters(combat, to, "poison")
                if infect:
                    state.poison[to] += amount if poisoned else 0
                    rule = "120.3b" if poisoned else "122.1"
                else:
                    state.change_life(to, -amount)
                    rule = "120.3a"
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
            dealt.append(Dealt(source, to, amount, out.prevented, rule, out.rules))
            if combat.has_static(source, "lifelink"):
                gains[source] = gains.get(source, 0) + amount
    gained: dict[str, int] = {}
    allies = allies_of(game.board) if gains else {}
    for source, n in gains.items():  # 702.15b: the source's controller gains that much life
        player = game.perms[source].controller
        if not can_gain_life(combat, state, player, allies):
            gained[player] = gained.get(player, 0)  # 119.7: the damage was dealt; the life gain doesn't happen
            continue
        n, lost = _gain_replaced(combat, player, source, n, chooser, allies)
        state.change_life(player, -n if lost else n)  # a gain replaced by a loss (Tainted Remedy) gains nothing
        gained[player] = gained.get(player, 0) + (0 if lost else n)
    return dealt, gained


def _concerns(who: str, you: str, player: str, allies: dict[str, frozenset[str]]) -> bool:
    """Whether an effect of ``you``'s saying "you", "your opponents" or "players" speaks of ``player`` ("your
    opponents" leaves out you and your teammates, 102.3)."""
    return who == "players" or (who == "you" and player == you) or (
        who == "opponents" and player not in (allies.get(you) or frozenset((you,))))


def _gain_replaced(combat: Combat, player: str, source: str, n: int, chooser: Chooser,
                   allies: dict[str, frozenset[str]]) -> tuple[int, bool]:
    """The life ``player`` gains from ``source``'s lifelink, ``n`` before its replacement effects (614.1a: "you gain
    twice that much life instead", "that much life plus 1"), and whether it became a loss of that much life instead
    (Tainted Remedy). Each creature with lifelink is a life gain event of its own (rulings of Ajani's Pridemate and
    others); where several effects apply to one, the gaining player picks the one to apply next, each once, and once
    the gain is a loss the effects on gains apply no more (616.1e-f); a gain of 0 is no event (119.10)."""
    left = [e for e in combat.game.damage_effects
            if isinstance(e.ability, ModifyLifeGain) and _concerns(e.ability.who, e.you, player, allies)]
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
    team = next((members for members in state.shared.values() if player in members), (player,))
    return not any(isinstance(e.ability, CantGainLife) and any(_concerns(e.ability.who, e.you, p, allies) for p in team)
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


TEAM_POISON = 15
"""704.6b: a Two-Headed Giant team with fifteen or more poison counters loses (704.5c's ten does not apply)."""


def team_poison(combat: Combat, state: State, team: str) -> int:
    """The poison counters of a team: its own (the board's ``teams[].poison``) and each of its players' (704.6b)."""
    given = next((t.poison for t in combat.game.board.teams or () if t.id == team), 0)
    return given + sum(state.poison[pid] for pid in state.shared.get(team, ()))


def _team_losses(combat: Combat, state: State) -> list[str]:
    """704.6a-b: a team with shared life (810.9) loses at 0 or less life, or with fifteen or more poison counters;
    810.8a: a player of a team that loses loses, and a team loses when one of its players does."""
    out: list[str] = []
    for tid, members in state.shared.items():
        if all(pid in state.lost for pid in members):
            continue
        gone = [pid for pid in members if pid in state.lost]
        poison = team_poison(combat, state, tid)
        if state.team_life[tid] <= 0:
            rule, why = "704.6a", f"it has {state.team_life[tid]} life"
        elif poison >= TEAM_POISON:
            rule, why = "704.6b", f"it has {poison} poison counters"
        elif gone:
            rule, why = "810.8a", f"its player {gone[0]} has lost the game"
        else:
            continue
        for pid in members:
            state.lost.setdefault(pid, rule)
        out.append(f"{rule}: team {tid} ({', '.join(members)}) loses the game: {why}")
    return out


def state_based_actions(combat: Combat, state: State) -> list[str]:
    """Apply 704.5a, c, f, g, h, i, v and 704.6a-c once; return a line for each action taken. A player of a
    Two-Headed Giant team (shared life, 810.9) loses with the team (704.6a-b), never by 704.5a or 704.5c."""
    game = combat.game
    out: list[str] = []
    sharing = {pid for members in state.shared.values() for pid in members}
    for pl in game.board.players:
        who = pl.id
        if who in state.lost:
            continue
        if who not in sharing and state.life[who] <= 0:
            state.lost[who] = "704.5a"
            out.append(f"704.5a: {who} has {state.life[who]} life and loses the game")
        elif who not in sharing and state.poison[who] >= 10:
            state.lost[who] = "704.5c"
            out.append(f"704.5c: {who} has {state.poison[who]} poison counters and loses the game")
        if who not in state.lost:
            for cmd, n in state.commander[who].items():
                if n >= 21:
                    state.lost[who] = "704.6c"
                    out.append(f"704.6c: {who} has been dealt {n} combat damage by commander {cmd} and loses "
                               "the game (903.10a)")
                    break
    out += _team_losses(combat, state)
    for p in game.board.permanents:
        if p.id in state.gone:
            continue
        tough = state.toughness(p)
        indestructible = p.id in game.traits and game.traits[p.id].has("indestructible")
        if p.is_creature and tough <= 0:
            state.gone[p.id] = "704.5f"
            out.append(f"704.5f: {p.name} ({p.id}) has toughness {tough} and is put into its owner's graveyard")
        elif p.is_creature and state.damage.get(p.id, 0) >= tough and not indestructible:
            state.gone[p.id] = "704.5g"
            out.append(f"704.5g: {p.name} ({p.id}) has lethal damage and is destroyed")
        elif p.is_creature and p.id in state.deathtouched and state.damage.get(p.id, 0) + state.minus.get(p.id, 0) \
                and not indestructible:
            state.gone[p.id] = "704.5h"
            out.append(f"704.5h: {p.name} ({p.id}) was dealt damage by a source with deathtouch and is destroyed")
        elif "planeswalker" in p.card_types and state.loyalty.get(p.id, 1) <= 0:
            state.gone[p.id] = "704.5i"
            out.append(f"704.5i: {p.name} ({p.id}) has 0 loyalty and is put into its owner's graveyard")
        elif "battle" in p.card_types and state.defense.get(p.id, 1) <= 0:
            state.gone[p.id] = "704.5v"
            out.append(f"704.5v: {p.name} ({p.id}) has 0 defense and is put into its owner's graveyard")
    return out
