"""Whether a combat damage assignment is legal (510.1, 702.19, 702.22j-k), and the forced or default one.

Every creature's options in a step are worked out first (``Options``); a step's whole assignment is
then checked at once, as 510.1e says, because "lethal" counts damage other creatures assign to the
same creature in the same step (510.1c-d, 702.19b).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from legality.damage.combat import Combat, State
from legality.rules import Violation

Assignment = dict[str, dict[str, int]]
"""Source id → recipient id → damage."""


@dataclass(frozen=True)
class Options:
    """What one creature may do with its damage in one step.

    ``blockers``: the creatures that must be assigned lethal damage first (in order when
    ``ordered``); ``excess_to``: recipients that get damage only once all of them have lethal
    (trample's player, planeswalker or battle, 702.19b); ``walker``: for trample over
    planeswalkers, the planeswalker that needs lethal damage before its controller gets any.
    """

    source: str
    amount: int
    recipients: tuple[str, ...]
    blockers: tuple[str, ...]
    ordered: bool
    excess_to: tuple[str, ...]
    walker: str | None
    chooser: str
    free: bool
    why: str

    @property
    def forced(self) -> bool:
        return self.amount == 0 or len(self.recipients) <= 1


def options_for(combat: Combat, state: State, source: str, ordered_edition: bool) -> Options:
    """The legal recipients and constraints for ``source`` (510.1a-d, 506.4c, 702.19b-d, 702.22j-k)."""
    game = combat.game
    perm = game.perms[source]
    amount = combat.amount(source, state)
    name = f"{perm.name} ({source})"
    alive = [b for b in combat.blockers_of.get(source, ()) if b not in state.gone] \
        if source in combat.target_of else []
    if source in combat.target_of:
        target = combat.target_of[source]
        there = (target in game.perms and target not in state.gone) or target in {p.id for p in game.board.players}
        trample = combat.has(source, "trample") or combat.has(source, "trample over planeswalkers")
        if source not in combat.blocked:
            rec = (target,) if there else ()
            why = f"{name} is unblocked: its damage goes to {target} (510.1b)" if there else \
                f"{name} attacks {target}, which has left combat: it assigns no damage (506.4c, 510.1b)"
            return Options(source, amount, rec, (), False, (), None, perm.controller, False, why)
        if not alive:
            rec = (target,) if trample and there else ()
            why = (f"{name} is blocked, no blockers are left, and it has trample: all its damage goes to {target} "
                   "(702.19d)") if rec else f"{name} is blocked and no blockers are left: it assigns no damage (510.1c)"
            return Options(source, amount, rec, (), False, (), None, perm.controller, False, why)
        banded = any(combat.has(b, "banding") for b in alive)
        if banded:
            defender = game.perms[alive[0]].controller
            return Options(source, amount, tuple(alive), (), False, (), None, defender, True,
                           f"{name} is blocked by a creature with banding: {defender} divides its damage among "
                           "its blockers as they choose (702.22j)")
        excess: tuple[str, ...] = ()
        walker = None
        if trample and there:
            excess = (target,)
            tp = game.perms.get(target)
            if combat.has(source, "trample over planeswalkers") and tp is not None \
                    and "planeswalker" in tp.card_types:
                excess, walker = (target, tp.controller), target
        why = f"{name} is blocked by {', '.join(alive)}"
        if excess:
            why += "; with trample, damage goes past them once each has lethal damage (702.19b)"
        return Options(source, amount, tuple(alive) + excess, tuple(alive), ordered_edition, excess, walker,
                       perm.controller, False, why)
    attackers = [a for a in combat.attackers_of.get(source, ()) if a not in state.gone]
    banded = any(combat.has(a, "banding") for a in attackers)
    chooser = game.board.active_player if banded else perm.controller
    why = f"{name} blocks {', '.join(attackers) or 'nothing left in combat'}"
    if banded:
        why += f"; it blocks a creature with banding, so {chooser} divides its damage freely (702.22k)"
    return Options(source, amount, tuple(attackers), tuple(attackers), ordered_edition and not banded, (), None,
                   chooser, banded, why)


def _totals(assignment: Assignment) -> dict[str, int]:
    out: dict[str, int] = {}
    for parts in assignment.values():
        for r, n in parts.items():
            out[r] = out.get(r, 0) + n
    return out


class Lethal:
    """"Lethal damage" for assignment purposes: marked damage plus everything assigned to it this step,
    or any amount from a deathtouch source; prevention is ignored (510.1c-d, 702.19b, 702.2c)."""

    def __init__(self, combat: Combat, state: State, assignment: Assignment) -> None:
        self.combat, self.state, self.assignment = combat, state, assignment
        self.totals = _totals(assignment)

    def creature(self, pid: str) -> bool:
        p = self.combat.game.perms[pid]
        if self.state.damage.get(pid, 0) + self.totals.get(pid, 0) >= self.state.toughness(p):
            return True
        return any(parts.get(pid, 0) > 0 and self.combat.has(src, "deathtouch")
                   for src, parts in self.assignment.items())

    def walker(self, pid: str) -> bool:
        """A planeswalker is assigned lethal damage when it gets at least its loyalty (702.19c)."""
        return self.totals.get(pid, 0) >= self.state.loyalty.get(pid, 0)

    def needed(self, pid: str, source: str) -> int:
        """How much more ``source`` must assign to ``pid`` for it to have lethal damage."""
        if self.creature(pid):
            return 0
        if self.combat.has(source, "deathtouch"):
            return 1
        p = self.combat.game.perms[pid]
        return max(self.state.toughness(p) - self.state.damage.get(pid, 0) - self.totals.get(pid, 0), 0)


def violations(combat: Combat, state: State, options: Mapping[str, Options], assignment: Assignment,
               given: Iterable[str]) -> list[Violation]:
    """Every rule the step's assignment breaks, for the sources in ``given`` (510.1e: checked as a whole)."""
    lethal = Lethal(combat, state, assignment)
    out: list[Violation] = []
    names = combat.game.perms
    for src in given:
        opt = options[src]
        parts = assignment[src]
        n = f"{names[src].name} ({src})"
        total = sum(parts.values())
        if total != opt.amount:
            out.append(Violation("510.1a", f"{n} must assign exactly {opt.amount} damage, not {total}", (src,)))
        for r, amt in parts.items():
            if amt > 0 and r not in opt.recipients:
                out.append(Violation("510.1", f"{n} can't assign damage to {r}: {opt.why}", (src, r)))
        if opt.free:
            continue
        if opt.ordered:
            for j, b in enumerate(opt.blockers):
                if parts.get(b, 0) > 0:
                    for before in opt.blockers[:j]:
                        if not lethal.creature(before):
                            out.append(Violation(
                                "510.1c" if src in combat.target_of else "510.1d",
                                f"{n} assigns damage to {b} before {before}, earlier in its damage assignment "
                                f"order, is assigned lethal damage (m10 damage assignment order)", (src, before, b)))
                            break
        for x in opt.excess_to:
            if parts.get(x, 0) > 0:
                short = [b for b in opt.blockers if not lethal.creature(b)]
                if short:
                    out.append(Violation("702.19b", f"{n} assigns damage to {x} with trample, but "
                                         f"{', '.join(short)} {'is' if len(short) == 1 else 'are'} not assigned "
                                         "lethal damage", (src, *short)))
                    break
        if opt.walker is not None and parts.get(opt.excess_to[-1], 0) > 0 and not lethal.walker(opt.walker):
            out.append(Violation("702.19c", f"{n} assigns damage to {opt.excess_to[-1]} but the planeswalker "
                                 f"{opt.walker} is not assigned lethal damage (its loyalty)", (src, opt.walker)))
    return out


def default_for(opt: Options, lethal: Lethal) -> dict[str, int]:
    """The documented default: lethal damage to each blocker in order, the rest past them with trample
    (to the planeswalker up to its loyalty first), otherwise the rest to the first blocker."""
    if opt.amount == 0 or not opt.recipients:
        return {}
    if len(opt.recipients) == 1:
        return {opt.recipients[0]: opt.amount}
    left = opt.amount
    out: dict[str, int] = {}
    for b in opt.blockers:
        give = min(lethal.needed(b, opt.source), left)
        if give:
            out[b] = give
            left -= give
    if left and opt.excess_to:
        if opt.walker is not None:
            need = max(lethal.state.loyalty.get(opt.walker, 0) - lethal.totals.get(opt.walker, 0), 0)
            give = min(need, left)
            if give:
                out[opt.walker] = give
                left -= give
        if left:
            out[opt.excess_to[-1]] = out.get(opt.excess_to[-1], 0) + left
    elif left:
        first = opt.blockers[0] if opt.blockers else opt.recipients[0]
        out[first] = out.get(first, 0) + left
    return out
