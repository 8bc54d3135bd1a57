"""The attacking player's best legal damage assignment for a goal, solved exactly with CP-SAT.

Goals: ``player``, the most damage to players, planeswalkers and battles; ``kills``, the most
creatures destroyed. Assignments already fixed (given, forced) are constants; the legality rules
of ``assign`` become constraints, with "lethal" as a literal per blocker (510.1c-d, 702.19b-c).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from legality.damage.apply import prevented_by
from legality.damage.assign import Assignment, Options
from legality.damage.combat import Combat, State
from legality.damage.sba import cant_be_regenerated


def maximise(combat: Combat, state: State, options: Mapping[str, Options], fixed: Assignment,
             free: Sequence[str], goal: str, time_limit: float) -> Assignment | None:
    """The best assignment for the ``free`` sources, or None if the solver ran out of time."""
    from legality.cpsat import cp_model
    from legality.solve import new_solver

    game = combat.game
    from legality.encoding import Model

    m = Model()
    d: dict[tuple[str, str], cp_model.IntVar] = {}
    pos: dict[tuple[str, str], cp_model.IntVar] = {}
    unblocked: dict[str, cp_model.IntVar] = {}  # all of it to what it attacks, as though it weren't blocked
    recipients = {s: _recipients(options[s]) for s in free}
    for s in free:
        opt = options[s]
        for r in recipients[s]:
            d[s, r] = m.new_int_var(0, opt.amount, f"d[{s},{r}]")
            pos[s, r] = m.new_bool_var(f"p[{s},{r}]")
            m.add(d[s, r] >= 1).only_enforce_if(pos[s, r])
            m.add(d[s, r] == 0).only_enforce_if(pos[s, r].Not())
        if opt.as_unblocked is None:
            m.add(sum(d[s, r] for r in opt.recipients) == opt.amount)
            continue
        u = unblocked[s] = m.new_bool_var(f"u[{s}]")
        m.add(d[s, opt.as_unblocked] == opt.amount).only_enforce_if(u)
        m.add(sum(d[s, r] for r in recipients[s]) == opt.amount).only_enforce_if(u)
        m.add(sum(d[s, r] for r in recipients[s]) == (opt.amount if opt.recipients else 0)).only_enforce_if(u.Not())
        if opt.as_unblocked not in opt.recipients:
            m.add(d[s, opt.as_unblocked] == 0).only_enforce_if(u.Not())

    def incoming(target: str, prevented: bool = False) -> cp_model.LinearExprT:
        const = sum(parts.get(target, 0) for src, parts in fixed.items()
                    if not (prevented and prevented_by(combat, target, src) is not None))
        terms = [v for (s, r), v in d.items()
                 if r == target and not (prevented and prevented_by(combat, target, s) is not None)]
        return sum(terms, const)

    creatures = {r for (_, r) in d if r in game.perms and game.perms[r].is_creature}
    lethal: dict[str, cp_model.IntVar] = {}
    for c in creatures:
        lit = m.new_bool_var(f"lethal[{c}]")
        enough = m.new_bool_var(f"enough[{c}]")
        need = state.toughness(game.perms[c]) - state.damage.get(c, 0)
        m.add(incoming(c) >= need).only_enforce_if(enough)
        touches = [pos[s, c] for s in free if (s, c) in pos and combat.has_static(s, "deathtouch")]
        fixed_touch = any(parts.get(c, 0) > 0 and combat.has_static(src, "deathtouch") for src, parts in fixed.items())
        if not fixed_touch:
            m.add_bool_or([enough, *touches]).only_enforce_if(lit)
        lethal[c] = lit

    for s in free:
        opt = options[s]
        if opt.free:
            continue
        waived = [unblocked[s]] if s in unblocked else []  # the rules of 510.1c don't apply to damage as unblocked
        if opt.ordered:
            for j, b in enumerate(opt.blockers):
                for before in opt.blockers[:j]:
                    m.add_bool_or([pos[s, b].Not(), lethal[before], *waived])
        for x in opt.excess_to:
            for b in opt.blockers:
                m.add_bool_or([pos[s, x].Not(), lethal[b], *waived])
        if opt.walker is not None:
            m.add(incoming(opt.walker) >= state.loyalty.get(opt.walker, 0)).only_enforce_if(
                [pos[s, opt.excess_to[-1]], *(w.Not() for w in waived)])

    if goal == "player":
        m.maximize(sum(v for (s, r), v in d.items() if r not in creatures))
    else:
        killed = []
        for c in creatures:
            k = m.new_bool_var(f"killed[{c}]")
            shielded = state.regen.get(c, 0) > 0 and not cant_be_regenerated(combat, c)
            if game.traits[c].has("indestructible") or shielded:
                m.add(k == 0)  # not destroyed: indestructible (702.12b), or a regeneration shield replaces it (701.15a)
            else:
                need = state.toughness(game.perms[c]) - state.damage.get(c, 0)
                dies = m.new_bool_var(f"dies[{c}]")
                m.add(incoming(c, prevented=True) >= need).only_enforce_if(dies)
                touches = [pos[s, c] for s in free if (s, c) in pos and combat.has_static(s, "deathtouch")
                           and prevented_by(combat, c, s) is None]
                m.add_bool_or([dies, *touches]).only_enforce_if(k)
            killed.append(k)
        m.maximize(sum(killed))
    solver = new_solver(time_limit)
    status = solver.solve(m)
    if status != cp_model.OPTIMAL:
        return None
    return {s: {r: int(solver.value(d[s, r])) for r in recipients[s] if solver.value(d[s, r])} for s in free}


def _recipients(opt: Options) -> tuple[str, ...]:
    """Where a source's damage may go: its recipients, and what it attacks if it may assign as though unblocked."""
    if opt.as_unblocked is None or opt.as_unblocked in opt.recipients:
        return opt.recipients
    return (*opt.recipients, opt.as_unblocked)
