"""What players' life and losing rules do to combat damage: a life total that can't change (119.7-8), damage that
can't reduce it below 1 (Worship, 614.1a), players who can't lose the game (104.3b, 810.8a)."""

from __future__ import annotations

from legality.damage.combat import Combat, State
from models.abilities import CantLoseGame, LifeCantChange, LifeFloor


def concerns(who: str, you: str, player: str, allies: dict[str, frozenset[str]]) -> bool:
    """Whether an effect of ``you``'s saying "you", "your opponents" or "players" speaks of ``player`` ("your
    opponents" leaves out you and your teammates, 102.3)."""
    return who == "players" or (who == "you" and player == you) or (
        who == "opponents" and player not in (allies.get(you) or frozenset((you,))))


def team_of(combat: Combat, player: str) -> tuple[str, ...]:
    """``player`` and their teammates (805.1, 810.1: what the rules say of one player of a team they say of it)."""
    return next((t.players for t in combat.game.board.teams or () if player in t.players), (player,))


def _applying(combat: Combat, kind: type[LifeCantChange | CantLoseGame | LifeFloor], players: tuple[str, ...],
              allies: dict[str, frozenset[str]]) -> str | None:
    """The source of the first effect of that kind in force that speaks of one of ``players``, or None."""
    return next((e.source for e in combat.game.damage_effects if isinstance(e.ability, kind)
                 and any(concerns(e.ability.who, e.you, p, allies) for p in players)), None)


def cant_lose(combat: Combat, state: State, player: str, allies: dict[str, frozenset[str]]) -> str | None:
    """The source that keeps ``player`` from losing the game ("you can't lose the game", 104.3b), or None; in
    Two-Headed Giant one that keeps a teammate from losing keeps the team (810.8a)."""
    return _applying(combat, CantLoseGame, team_of(combat, player), allies)


def life_fixed(combat: Combat, state: State, player: str, allies: dict[str, frozenset[str]]) -> str | None:
    """The source by which ``player``'s life total can't change (119.7-8: no life gained or lost), or None; with a
    shared life total, one that speaks of a teammate holds for the team (810.9g-h)."""
    return _applying(combat, LifeCantChange, _sharing(state, player), allies)


def _sharing(state: State, player: str) -> tuple[str, ...]:
    """The players whose life total is ``player``'s: their team's, with a shared life total (810.9), else their own;
    an effect on "your life total" of any of them is on this one."""
    return next((members for members in state.shared.values() if player in members), (player,))


def lose_life_to_damage(combat: Combat, state: State, player: str, amount: int,
                        allies: dict[str, frozenset[str]]) -> tuple[str, str | None]:
    """Damage dealt to ``player`` by a source without infect makes them lose that much life (120.3a), unless their
    life total can't change (119.8) or the damage can't reduce it below 1 (Worship: to 1 instead, never raising a
    life total already below 1; with a shared life total, a teammate's Worship holds it too, 810.9). The rule that says
    what the damage did, and the effect that changed it."""
    fixed = life_fixed(combat, state, player, allies)
    if fixed is not None:
        return "119.8", f"119.8 ({fixed}: {player}'s life total can't change)"
    spared = next((e.source for e in combat.game.damage_effects if isinstance(e.ability, LifeFloor)
                   and e.ability.no_loss and any(concerns(e.ability.who, e.you, p, allies)
                                                 for p in _sharing(state, player))), None)
    if spared is not None:  # "damage doesn't cause you to lose life": it is dealt, and its result is none
        return "120.3a", f"120.3a ({spared}: damage doesn't cause {player} to lose life)"
    before = state.life[player]
    after = before - amount
    floor = _applying(combat, LifeFloor, _sharing(state, player), allies) if after < 1 else None
    if floor is not None:
        after = max(after, min(before, 1))
        state.change_life(player, after - before)
        return "120.3a", f"614.1a ({floor}: damage can't reduce {player}'s life total below 1)"
    state.change_life(player, -amount)
    return "120.3a", None
