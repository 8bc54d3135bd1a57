"""Conditions of abilities ("as long as you control an artifact") read from the board, with the reason.

A condition is a fact of the board: who controls what, cards in a graveyard, life, hand size,
whose turn it is, the state of the object the ability comes from. A fact the board does not give
leaves the condition undecided (``value`` None) with the field to give, never guessed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from msgspec import Struct

from legality.match import MatchContext, allies_of, matches
from models.abilities import Condition
from models.board import Board, Permanent


class Answer(Struct, frozen=True):
    """Whether a condition holds, and why; ``per_player``: for "defending player", the players it holds for."""

    value: bool | None
    why: str
    per_player: tuple[str, ...] | None = None


def _more_than(cond: Condition, you: str, opponents: list[str], count: Callable[[set[str]], int],
               attacking: set[str]) -> Answer:
    """"you control more creatures than defending player" (each defending player in turn: an answer per player,
    as for an attack restriction, 508.1c) or "... than attacking player" (the attacking player or team, 805.10a)."""
    mine = count({you})
    if cond.more_than == "defending":
        true_for = tuple(pid for pid in opponents if mine > count({pid}))
        held = tuple(pid for pid in opponents if (pid in true_for) != cond.negate)
        return Answer(bool(held), f"you control {mine}; true for {', '.join(true_for) or 'no defending player'}", held)
    theirs = count(attacking)
    return Answer((mine > theirs) != cond.negate, f"you control {mine}, the attacking player {theirs}")


def holds(board: Board, cond: Condition, you: str, origin: str,
          keywords: Mapping[str, frozenset[str]] | None = None) -> Answer:
    """Evaluate ``cond`` for an ability controlled by ``you`` that comes from ``origin`` (a permanent id).

    ``keywords``: each permanent's keywords as the game has worked them out (from its text, Auras and effects);
    without it, the keywords the board gives structurally."""
    if cond.kind == "open":
        return Answer(None, "no field of the board says whether it holds (what happened this turn, a choice)")
    kws = keywords or {}
    index = {p.id: i for i, p in enumerate(board.players)}
    source = next((p for p in board.permanents if p.id == origin), None)
    if cond.kind == "control":
        def count(players: set[str]) -> int:
            within = MatchContext(you, source, allies=allies_of(board))
            return sum(1 for p in board.permanents if p.controller in players
                       and (cond.quality is None or matches(cond.quality, p, kws.get(p.id) or frozenset(
                           k.lower() for k in p.keywords), within)))

        def ok(n: int) -> bool:
            return (cond.at_least is None or n >= cond.at_least) and (cond.at_most is None or n <= cond.at_most)

        team = board.allies(you)  # teammates are not opponents (102.3)
        opponents = [pl.id for pl in board.players if pl.id not in team]
        if cond.more_than is not None:
            return _more_than(cond, you, opponents, count, set(board.attacking_players()))
        if cond.player == "defending":  # one answer per player who may be attacked
            true_for = tuple(pid for pid in opponents if ok(count({pid})))
            held = tuple(pid for pid in opponents if (pid in true_for) != cond.negate)
            return Answer(bool(held), f"true for {', '.join(true_for) or 'no defending player'}", held)
        players = {"you": {you}, "opponent": set(opponents), "any": {pl.id for pl in board.players}}[cond.player]
        n = count(players) if cond.player != "opponent" else max((count({o}) for o in opponents), default=0)
        return Answer(ok(n) != cond.negate, f"{n} such permanent(s)")
    if cond.kind in ("graveyard", "graveyard_types", "life", "hand"):
        field = {"graveyard": "graveyard_size", "graveyard_types": "graveyard_card_types", "life": "life",
                 "hand": "hand_size"}[cond.kind]
        whose = [you] if cond.player == "you" else [pl.id for pl in board.players if pl.id not in board.allies(you)]
        read = [(pid, _value(board, pid, field)) for pid in whose]
        missing = [pid for pid, v in read if v is None]
        if missing:
            return Answer(None, f"the board does not give $.players[{index[missing[0]]}].{field}")
        values = [(pid, v) for pid, v in read if v is not None]
        within = any((cond.at_least is None or v >= cond.at_least) and (cond.at_most is None or v <= cond.at_most)
                     for _, v in values)  # "an opponent has ...": any of them
        return Answer(within != cond.negate, ", ".join(f"{pid} {field} {v}" for pid, v in values))
    if cond.kind == "designation" and cond.player == "defending":  # each defending player in turn (508.1c)
        rivals = [pl for pl in board.players if pl.id not in board.allies(you)]
        lacking = next((pl.id for pl in rivals if pl.designations is None), None)
        if lacking is not None:
            return Answer(None, f"the board does not give $.players[{index[lacking]}].designations")
        true_for = tuple(pl.id for pl in rivals if cond.designation in (pl.designations or ()))
        held = tuple(pl.id for pl in rivals if (pl.id in true_for) != cond.negate)
        return Answer(bool(held), f"true for {', '.join(true_for) or 'no defending player'}", held)
    if cond.kind == "designation":
        given = board.player(you).designations
        if given is None:
            return Answer(None, f"the board does not give $.players[{index[you]}].designations")
        has = cond.designation in given
        return Answer(has != cond.negate, f"{you} {'has' if has else 'has not'} {cond.designation}")
    if cond.kind == "your_turn":  # shared team turns (805): the active team's turn is each of its players' turn
        return Answer((you in board.attacking_players()) != cond.negate, f"active player {board.active_player}")
    if cond.kind in ("counters", "power", "toughness"):  # a number of the object itself (122.1, 613.4)
        if source is None:
            return Answer(None, "the condition is about the object the ability comes from, which is not on the board")
        field = "counters" if cond.kind == "counters" else cond.kind
        given = getattr(source, field)
        if given is None:
            at = next(i for i, p in enumerate(board.permanents) if p.id == source.id)
            return Answer(None, f"the board does not give $.permanents[{at}].{field}")
        if cond.kind == "counters":
            n = given.get(cond.counter, 0) if cond.counter else sum(given.values())
            why = f"{source.id} has {n} {cond.counter} counter(s)"
        else:
            n, why = given, f"{source.id} has {cond.kind} {given}"
        within = (cond.at_least is None or n >= cond.at_least) and (cond.at_most is None or n <= cond.at_most)
        return Answer(within != cond.negate, why)
    if source is None or cond.state is None:
        return Answer(None, "the condition is about the object the ability comes from, which is not on the board")
    if cond.state in ("monstrous", "renowned", "suspected"):  # designations (701.31b, 702.112b, 701.58b)
        if source.designations is None:
            at = next(i for i, p in enumerate(board.permanents) if p.id == source.id)
            return Answer(None, f"the board does not give $.permanents[{at}].designations")
        return Answer((cond.state in source.designations) != cond.negate,
                      f"{source.id} is {'' if cond.state in source.designations else 'not '}{cond.state}")
    return Answer(_state(board, source, cond.state) != cond.negate, f"{source.id} {cond.state}")


def _value(board: Board, pid: str, field: str) -> int | None:
    """A player's graveyard size, life or hand size; in Two-Headed Giant a player's life total is the team's
    (810.9: what needs a player's life total uses the team's)."""
    team = board.team_of(pid)
    if field == "life" and team is not None and team.life is not None:
        return team.life
    value: int | None = getattr(board.player(pid), field)
    return value


def _state(board: Board, p: Permanent, state: str) -> bool:
    if state in ("tapped", "untapped"):
        return p.tapped == (state == "tapped")
    if state == "attacking":
        return any(a.attacker == p.id for a in board.attacks or ())
    if state == "attacking alone":  # 506.5: it is attacking and no other creature is
        return [a.attacker for a in board.attacks or ()] == [p.id]
    if state == "blocking":
        return any(b.blocker == p.id for b in board.blocks or ())
    kinds = {"enchanted": {"aura"}, "equipped": {"equipment"}}.get(state, {"aura", "equipment"})
    return any(q.attached_to == p.id and kinds & {t.lower() for t in q.subtypes or ()} for q in board.permanents)
