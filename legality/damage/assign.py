"""Whether a combat damage assignment is legal (510.1, 702.19, 702.22j-k), and the forced or default one.

Every creature's options in a step are worked out first (``Options``); a step's whole assignment is
then checked at once, as 510.1e says, because "lethal" counts damage other creatures assign to the
same creature in the same step (510.1c-d, 702.19b).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from msgspec import Struct

from legality.damage.combat import Combat, State
from legality.rules import Violation

Assignment = dict[str, dict[str, int]]
"""Source id → recipient id → damage."""


class Options(Struct, frozen=True):
    """What one creature may do with its damage in one step.

    ``blockers``: the creatures that must be assigned lethal damage first (in order when
    ``ordered``); ``excess_to``: recipients that get damage only once all of them have lethal
    (trample's player, planeswalker or battle, 702.19b); ``walker``: for trample over
    planeswalkers, the planeswalker that needs lethal damage before its controller gets any.
    ``rule`` is the rule that says where its damage may go; ``amount`` is 0 when it has nowhere to go.
    ``as_unblocked``: for a blocked attacker that may assign its combat damage as though it weren't blocked
    (Thorn Elemental), what it attacks: all its damage may go there instead.
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
    rule: str = "510.1"
    as_unblocked: str | None = None

    @property
    def forced(self) -> bool:
        return self.amount == 0 or (len(self.recipients) <= 1 and self.as_unblocked in (None, *self.recipients))

    def whole_as_unblocked(self, parts: Mapping[str, int]) -> bool:
        """Whether ``parts`` is all of its damage to what it attacks, as though it weren't blocked."""
        return self.as_unblocked is not None and {r: n for r, n in parts.items() if n} == {
            self.as_unblocked: self.amount}


def options_for(combat: Combat, state: State, source: str, ordered_edition: bool) -> Options:
    """The legal recipients and constraints for ``source`` (510.1a-d, 506.4c, 702.19b-e, 702.22j-k)."""
    if source in combat.target_of:
        return _attacker_options(combat, state, source, ordered_edition)
    game = combat.game
    perm = game.perms[source]
    name = f"{perm.name} ({source})"
    attackers = [a for a in combat.attackers_of.get(source, ()) if not state.out_of_combat(a)]
    amount = combat.amount(source, state) if attackers else 0
    banded = any(combat.has(a, "banding") for a in attackers)
    # the attacking player divides it (702.22k); with teams, the controller of the creature it blocks (805.10c)
    chooser = (game.perms[attackers[0]].controller if game.board.teams else game.board.active_player) if banded \
        else perm.controller
    if not attackers:
        why = f"{name} is blocking, but no creature it blocks is left in combat: it assigns no combat damage (510.1d)"
    else:
        why = f"{name} blocks {', '.join(attackers)}: its damage goes only to them (510.1d)"
    if banded:
        why += f"; it blocks a creature with banding, so {chooser} divides its damage freely (702.22k)"
    return Options(source, amount, tuple(attackers), tuple(attackers), ordered_edition and not banded, (), None,
                   chooser, banded, why, "702.22k" if banded else "510.1d")


def _attacker_options(combat: Combat, state: State, source: str, ordered_edition: bool) -> Options:
    game = combat.game
    perm = game.perms[source]
    power = combat.amount(source, state)
    name = f"{perm.name} ({source})"
    target = combat.target_of[source]
    there = combat.attacked(target, state)
    over = combat.has(source, "trample over planeswalkers")
    trample = over or combat.has(source, "trample")
    tp = game.perms.get(target)
    walker = tp if tp is not None and "planeswalker" in tp.card_types else None
    alive = [b for b in combat.blockers_of.get(source, ()) if not state.out_of_combat(b)]
    me = perm.controller
    if source not in combat.blocked:
        if there:
            return Options(source, power, (target,), (), False, (), None, me, False,
                           f"{name} is unblocked: all its damage goes to {target} (510.1b)", "510.1b")
        if over and walker is not None:
            return Options(source, power, (walker.controller,), (), False, (), None, me, False,
                           f"{name} has trample over planeswalkers and the planeswalker it attacks has left "
                           f"combat: all its damage goes to {walker.controller} (702.19e)", "702.19e")
        return Options(source, 0, (), (), False, (), None, me, False,
                       f"{name} attacks {target}, which has left combat: it assigns no combat damage (506.4c, "
                       "510.1b)", "506.4c")
    banded = any(combat.has(b, "banding") for b in alive)
    if banded:
        defender = game.perms[alive[0]].controller
        return Options(source, power, tuple(alive), (), False, (), None, defender, True,
                       f"{name} is blocked by a creature with banding: {defender} divides its damage among "
                       "its blockers as they choose (702.22j)", "702.22j")
    excess: tuple[str, ...] = ()
    pw = None
    rule = "702.19b"
    if trample and there:
        excess = (target,)
        if over and walker is not None:
            excess, pw, rule = (target, walker.controller), target, "702.19c"
    elif over and walker is not None:
        excess, rule = (walker.controller,), "702.19e"  # its planeswalker left combat: the player instead
    if not alive and not excess:
        why = (f"{name} is blocked and no creature blocking it is left in combat: it assigns no combat damage "
               "(510.1c)")
        if trample:
            why += f"; trample doesn't help, as {target} has left combat (506.4c, 702.19f)"
        if there and combat.has_ability(source, "assigns_as_though_unblocked"):
            why += (f"; or {me} may have it assign all its combat damage to {target}, as though it weren't blocked "
                    "(by its ability)")
            return Options(source, power, (), (), False, (), None, me, False, why, "510.1c", target)
        return Options(source, 0, (), (), False, (), None, me, False, why, "510.1c")
    if not alive:
        why = (f"{name} is blocked, no creature blocking it is left in combat, and it has trample: its damage goes "
               f"to {' and/or '.join(excess)} as though every blocker had lethal damage (702.19d"
               f"{', 702.19e' if rule == '702.19e' else ''})")
        return Options(source, power, excess, (), False, excess, pw, me, False, why, "702.19d")
    why = f"{name} is blocked by {', '.join(alive)}"
    if excess:
        why += f"; with trample, damage goes on to {' and '.join(excess)} once each blocker has lethal damage ({rule})"
    else:
        why += ": its damage goes only to them (510.1c)"
        rule = "510.1c"
    ordered = ordered_edition
    chooser = me
    if combat.has_ability(source, "defender_assigns_damage"):
        chooser = combat.defending_player(target) or me
        why += f"; {chooser}, the defending player, assigns its combat damage instead of {me} (510.1, by an effect)"
    if ordered and combat.has_ability(source, "divides_damage_freely"):
        ordered = False
        why += "; its damage may be divided among its blockers whatever their order (by an effect)"
    as_unblocked = None
    if there and combat.has_ability(source, "assigns_as_though_unblocked"):
        as_unblocked = target
        why += (f"; or {chooser} may have it assign all its combat damage to {target}, as though it weren't blocked "
                "(by its ability; 510.1c otherwise)")
    return Options(source, power, tuple(alive) + excess, tuple(alive), ordered, excess, pw, chooser, False,
                   why, rule, as_unblocked)


def _totals(assignment: Assignment) -> dict[str, int]:
    out: dict[str, int] = {}
    for parts in assignment.values():
        for r, n in parts.items():
            out[r] = out.get(r, 0) + n
    return out


class Lethal:
    """"Lethal damage" for assignment purposes: marked damage plus everything assigned to it this step,
    or any amount from a deathtouch source; prevention is ignored (510.1c-d, 702.19b, 702.2c). Before
    Magic 2010 deathtouch was a triggered ability and 702.2c did not exist: only toughness counts."""

    def __init__(self, combat: Combat, state: State, assignment: Assignment) -> None:
        self.combat, self.state, self.assignment = combat, state, assignment
        self.totals = _totals(assignment)

    def creature(self, pid: str) -> bool:
        p = self.combat.game.perms[pid]
        if self.state.damage.get(pid, 0) + self.totals.get(pid, 0) >= self.state.toughness(p):
            return True
        return any(parts.get(pid, 0) > 0 and self.combat.has_static(src, "deathtouch")
                   for src, parts in self.assignment.items())

    def walker(self, pid: str) -> bool:
        """A planeswalker is assigned lethal damage when it gets at least its loyalty (702.19c)."""
        return self.totals.get(pid, 0) >= self.state.loyalty.get(pid, 0)

    def needed(self, pid: str, source: str) -> int:
        """How much more ``source`` must assign to ``pid`` for it to have lethal damage."""
        if self.creature(pid):
            return 0
        if self.combat.has_static(source, "deathtouch"):
            return 1
        p = self.combat.game.perms[pid]
        return max(self.state.toughness(p) - self.state.damage.get(pid, 0) - self.totals.get(pid, 0), 0)


def violations(combat: Combat, state: State, options: Mapping[str, Options], assignment: Assignment,
               given: Iterable[str]) -> list[Violation]:
    """Every rule the step's assignment breaks, for the sources in ``given`` (510.1e: checked as a whole);
    each violation names the rule that forbids it."""
    lethal = Lethal(combat, state, assignment)
    out: list[Violation] = []
    names = combat.game.perms
    for src in given:
        opt = options[src]
        parts = assignment[src]
        n = f"{names[src].name} ({src})"
        total = sum(parts.values())
        if opt.whole_as_unblocked(parts):
            continue  # all of it to what it attacks, as though it weren't blocked
        if opt.recipients and total != opt.amount:
            out.append(Violation("510.1a", f"{n} must assign all its combat damage, {opt.amount}, not {total} "
                                 "(its power, 510.1a)", (src,)))
        for r, amt in parts.items():
            if amt > 0 and r not in opt.recipients:
                out.append(_wrong_recipient(combat, opt, n, r, amt))
        if opt.free:
            continue
        if opt.ordered:
            for j, b in enumerate(opt.blockers):
                if parts.get(b, 0) > 0:
                    for before in opt.blockers[:j]:
                        if not lethal.creature(before):
                            rule = "510.1c" if src in combat.target_of else "510.1d"
                            out.append(Violation(
                                rule, f"{n} assigns damage to {b} before {before}, earlier in its damage assignment "
                                f"order, is assigned lethal damage (damage assignment order, m10 {rule})",
                                (src, before, b)))
                            break
        for x in opt.excess_to:
            if parts.get(x, 0) > 0:
                short = [b for b in opt.blockers if not lethal.creature(b)]
                if short:
                    out.append(Violation("702.19b", f"{n} assigns damage to {x} with trample, but "
                                         f"{', '.join(short)} {'is' if len(short) == 1 else 'are'} not assigned "
                                         "lethal damage (702.19b)", (src, *short)))
                    break
        if opt.walker is not None and parts.get(opt.excess_to[-1], 0) > 0 and not lethal.walker(opt.walker):
            out.append(Violation("702.19c", f"{n} assigns damage to {opt.excess_to[-1]} but the planeswalker "
                                 f"{opt.walker} is not assigned damage equal to its loyalty first (702.19c)",
                                 (src, opt.walker)))
    return out


def _wrong_recipient(combat: Combat, opt: Options, n: str, r: str, amount: int) -> Violation:
    """A violation for damage assigned where ``opt`` allows none, under the rule that forbids it."""
    src = opt.source
    target = combat.target_of.get(src)
    tp = combat.game.perms.get(target) if target is not None else None
    if tp is not None and "planeswalker" in tp.card_types and r == tp.controller \
            and not combat.has(src, "trample over planeswalkers"):
        return Violation("702.19f", f"{n} attacks the planeswalker {target} and has no trample over planeswalkers: "
                         f"none of its damage can go to {r}, the planeswalker's controller (702.19f; only trample "
                         "over planeswalkers lets excess damage go on to the controller, 702.19c)", (src, r))
    if not opt.recipients:
        return Violation(opt.rule, f"{n} can't assign {amount} damage to {r}: {opt.why}", (src, r))
    return Violation(opt.rule, f"{n} can't assign damage to {r}: {opt.why}", (src, r))


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
