"""State-based actions after combat damage (704.3): checked and performed all at once, then checked again until a
check performs none; regeneration replacing destruction (701.15a, 614.8), Auras and Equipment left attached to
nothing (704.5m-n), players who can't lose the game (104.3b, 810.8a)."""

from __future__ import annotations

import re

from legality.damage.combat import Combat, State
from legality.damage.life import cant_lose
from legality.match import allies_of
from legality.traits import Game
from models.abilities import CantBeRegenerated
from models.board import Permanent

TEAM_POISON = 15
"""704.6b: a Two-Headed Giant team with fifteen or more poison counters loses (704.5c's ten does not apply)."""


def team_poison(combat: Combat, state: State, team: str) -> int:
    """The poison counters of a team: its own (the board's ``teams[].poison``) and each of its players' (704.6b)."""
    given = next((t.poison for t in combat.game.board.teams or () if t.id == team), 0)
    return given + sum(state.poison[pid] for pid in state.shared.get(team, ()))


def _team_losses(combat: Combat, state: State, allies: dict[str, frozenset[str]]) -> list[str]:
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
        saved = next((s for pid in members if (s := cant_lose(combat, state, pid, allies)) is not None), None)
        if saved is not None:  # 810.8a: a player who can't lose the game keeps their team from losing
            if tid not in state.spared:
                state.spared.add(tid)
                out.append(f"{rule}: team {tid} ({', '.join(members)}) {why}, but can't lose the game ({saved}; "
                           "810.8a)")
            continue
        for pid in members:
            state.lost.setdefault(pid, rule)
        out.append(f"{rule}: team {tid} ({', '.join(members)}) loses the game: {why}")
    return out


def state_based_actions(combat: Combat, state: State) -> list[str]:
    """State-based actions after a step's damage (704.3): checked, performed all at once, and checked again until a
    check performs none (at most once per player and permanent, and once more: each check that performs one removes
    a player, a permanent or a regeneration shield, or unattaches an Equipment). A line for each action, in order."""
    out: list[str] = []
    for _ in range(len(combat.game.board.players) + 2 * len(combat.game.board.permanents) + 2):
        done = _check(combat, state)
        if not done:
            break
        out += done
    return out


def _check(combat: Combat, state: State) -> list[str]:
    """One check of 704.5a, c, f, g, h, i, m, n, v and 704.6a-c, its actions performed simultaneously (704.3); a
    player of a Two-Headed Giant team (shared life, 810.9) loses with the team (704.6a-b), never by 704.5a or 704.5c;
    a player who can't lose the game doesn't (104.3b, 810.8a); a destruction is replaced by a regeneration shield
    (701.15a, 614.8); damage from a source with deathtouch counts only until this check (704.5h)."""
    game = combat.game
    out: list[str] = []
    sharing = {pid for members in state.shared.values() for pid in members}
    allies = allies_of(game.board)
    for pl in game.board.players:
        who = pl.id
        if who in state.lost:
            continue
        why = None
        if who not in sharing and state.life[who] <= 0:
            why = ("704.5a", f"has {state.life[who]} life")
        elif who not in sharing and state.poison[who] >= 10:
            why = ("704.5c", f"has {state.poison[who]} poison counters")
        else:
            cmd = next(((c, n) for c, n in state.commander[who].items() if n >= 21), None)
            if cmd is not None:
                why = ("704.6c", f"has been dealt {cmd[1]} combat damage by commander {cmd[0]}")
        if why is None:
            continue
        saved = cant_lose(combat, state, who, allies)
        if saved is not None:
            if who not in state.spared:
                state.spared.add(who)
                out.append(f"{why[0]}: {who} {why[1]}, but can't lose the game ({saved}; 104.3b)")
            continue
        state.lost[who] = why[0]
        tail = " (903.10a)" if why[0] == "704.6c" else ""
        out.append(f"{why[0]}: {who} {why[1]} and loses the game{tail}")
    out += _team_losses(combat, state, allies)
    gone: dict[str, str] = {}
    for p in game.board.permanents:
        if p.id in state.gone:
            continue
        tough = state.toughness(p)
        indestructible = p.id in game.traits and game.traits[p.id].has("indestructible")
        if p.is_creature and tough <= 0:
            gone[p.id] = "704.5f"
            out.append(f"704.5f: {p.name} ({p.id}) has toughness {tough} and is put into its owner's graveyard")
        elif p.is_creature and state.damage.get(p.id, 0) >= tough and not indestructible:
            out.append(_destroy(combat, state, p, "704.5g", "has lethal damage", gone))
        elif p.is_creature and p.id in state.deathtouched and state.damage.get(p.id, 0) + state.minus.get(p.id, 0) \
                and not indestructible:
            out.append(_destroy(combat, state, p, "704.5h", "was dealt damage by a source with deathtouch", gone))
        elif "planeswalker" in p.card_types and state.loyalty.get(p.id, 1) <= 0:
            gone[p.id] = "704.5i"
            out.append(f"704.5i: {p.name} ({p.id}) has 0 loyalty and is put into its owner's graveyard")
        elif "battle" in p.card_types and state.defense.get(p.id, 1) <= 0:
            gone[p.id] = "704.5v"
            out.append(f"704.5v: {p.name} ({p.id}) has 0 defense and is put into its owner's graveyard")
        elif p.attached_to is not None and p.attached_to in state.gone and p.id not in state.unattached:
            out.append(_left_alone(game, p, gone, state))
    state.deathtouched.clear()
    state.gone.update(gone)
    return out


def _destroy(combat: Combat, state: State, p: Permanent, rule: str, why: str, gone: dict[str, str]) -> str:
    """704.5g or 704.5h: the creature is destroyed, unless a regeneration shield replaces that (701.15a): then all
    damage marked on it is removed, it is tapped and removed from combat (506.4), and the shield is used up. A
    creature that "can't be regenerated" is destroyed whatever its shields (701.15c)."""
    name = f"{p.name} ({p.id})"
    if state.regen.get(p.id, 0) > 0:
        if not cant_be_regenerated(combat, p.id):
            state.regen[p.id] -= 1
            state.damage[p.id] = 0
            state.removed.add(p.id)
            state.regenerated[p.id] = state.regenerated.get(p.id, 0) + 1
            return (f"701.15a: {name} {why} and would be destroyed ({rule}); it regenerates instead (614.8): all "
                    "damage marked on it is removed, it is tapped and removed from combat (506.4)")
        gone[p.id] = rule
        return f"{rule}: {name} {why} and is destroyed: it can't be regenerated (701.15c)"
    gone[p.id] = rule
    return f"{rule}: {name} {why} and is destroyed"


def cant_be_regenerated(combat: Combat, pid: str) -> bool:
    """Whether an effect in force says ``pid`` can't be regenerated (701.15c: its shields are not applied)."""
    return any(isinstance(e.ability, CantBeRegenerated) and e.holder == pid for e in combat.game.damage_effects)


def _left_alone(game: Game, p: Permanent, gone: dict[str, str], state: State) -> str:
    """What is attached to a permanent that has left the battlefield: an Aura goes to its owner's graveyard (704.5m),
    an Equipment or Fortification becomes unattached and stays (704.5n); the kind is the board's subtypes, else its
    text's "Enchant ..." or "Equip ..." keyword (702.5a, 702.6a)."""
    kind = attachment_kind(p)
    name = f"{p.name} ({p.id})"
    if kind == "aura":
        gone[p.id] = "704.5m"
        return f"704.5m: {name} is an Aura attached to {p.attached_to}, which has left the battlefield: it is put " \
               "into its owner's graveyard"
    if kind == "equipment":
        state.unattached[p.id] = "704.5n"
        return f"704.5n: {name} was attached to {p.attached_to}, which has left the battlefield: it becomes " \
               "unattached and stays on the battlefield"
    state.unattached[p.id] = "unknown"
    return f"{name} was attached to {p.attached_to}, which has left the battlefield: an Aura would be put into its " \
           "owner's graveyard (704.5m), an Equipment unattached (704.5n); the board doesn't say which it is (give " \
           "its subtypes)"


def attachment_kind(p: Permanent) -> str | None:
    """"aura", "equipment" (Equipment and Fortification, 301.5, 301.6) or None when neither the board's subtypes nor
    the text's keywords say."""
    subtypes = {t.lower() for t in p.subtypes or ()}
    if "aura" in subtypes:
        return "aura"
    if subtypes & {"equipment", "fortification"}:
        return "equipment"
    lines = [line.strip().lower() for line in (p.oracle or "").splitlines()]
    keywords = {k.lower() for k in p.keywords}
    if any(line.startswith("enchant ") for line in lines):
        return "aura"
    if any(re.match(r"(?:equip|fortify)\b", line) for line in lines) or keywords & {"equip", "fortify"}:
        return "equipment"
    return None
