"""The combat damage step(s) end to end: options, the given or chosen assignment, its legality, dealing
it, state-based actions, and the damage verdict of the contract."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, Literal

from msgspec import Struct, field
from msgspec.structs import replace

from legality.collector import collector_paused
from legality.damage.apply import Dealt, deal
from legality.damage.assign import Assignment, Lethal, Options, default_for, options_for, violations
from legality.damage.combat import Combat, State
from legality.damage.declared import DeclarationCheck, check_declarations
from legality.damage.events import MAX_ORDERED, Chooser, every_choice
from legality.damage.sba import state_based_actions
from legality.deadline import OutOfTime, bounded
from legality.editions import find_edition
from legality.either import settle
from legality.history import notes as history_notes
from legality.rules import Violation
from legality.traits import build_game
from legality.verdict import UNREAD, headline, undecided_json, unread_lines
from models.board import Board

Goal = Literal["player", "kills"]
HOW_WORDS = {
    "given": "as given",
    "forced": "no choice: the only assignment the rules allow",
    "default": "not given, and {who} has a choice; assumed here: lethal damage to each creature in turn, then the "
               "rest past them with trample, else to the first of them",
    "maximize": "not given; chosen for {who} to get the most {goal}",
}
GOAL_WORDS = {"player": "damage to players, planeswalkers and battles", "kills": "creatures destroyed"}


class StepReport(Struct, frozen=True):
    """One combat damage step: each creature's assignment and where it came from, what was dealt, SBAs."""

    step: str
    assignments: tuple[tuple[str, dict[str, int], str, str], ...]  # source, parts, how, chooser
    violations: tuple[Violation, ...]
    dealt: tuple[Dealt, ...]
    state_based: tuple[str, ...]
    life_gained: dict[str, int]
    rejected: tuple[tuple[str, dict[str, int]], ...] = ()
    triggers: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "assignments": [{"source": s, "to": _to_json(parts), "how": how, "chosen_by": who}
                            for s, parts, how, who in self.assignments],
            "violations": [{"rule": v.rule, "message": v.message, "permanents": list(v.permanents)}
                           for v in self.violations],
            "dealt": [d.to_json() for d in self.dealt],
            "state_based_actions": list(self.state_based),
            "life_gained": self.life_gained,
            "rejected": [{"source": s, "to": _to_json(parts)} for s, parts in self.rejected],
            "triggered": list(self.triggers),
        }


class DamageVerdict(Struct, frozen=True):
    """The result of the combat damage step(s): the contract's damage verdict."""

    rules: str
    legal: bool | None
    steps: tuple[StepReport, ...]
    players: dict[str, dict[str, Any]]
    destroyed: tuple[str, ...]
    permanents: dict[str, dict[str, Any]]
    notes: tuple[str, ...] = ()
    not_understood: tuple[str, ...] = ()
    id: str | None = None
    goal: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    declarations: tuple[DeclarationCheck, ...] = ()
    if_ignored: bool | None = None
    undecided_reason: str | None = None
    judgement_notes: tuple[str, ...] = ()
    ignoring_unread: DamageVerdict | None = None
    outcomes: tuple[dict[str, Any], ...] = ()
    teams: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def undecided(self) -> bool:
        return self.legal is None

    def unread_undecided(self) -> DamageVerdict:
        """This verdict, undecided because rules text was not understood: the damage dealt as if that text
        changed nothing (steps, players, what left the battlefield, the declarations judged, the notes on
        them) moves to ``ignoring_unread``, and the top-level results are left empty."""
        return replace(self, legal=None, if_ignored=self.legal, undecided_reason=UNREAD, steps=(), players={}, teams={},
                       destroyed=(), permanents={}, declarations=(), judgement_notes=(), outcomes=(),
                       notes=tuple(n for n in self.notes if n not in self.judgement_notes), ignoring_unread=self)

    def results_json(self) -> dict[str, Any]:
        """The fields that rest on dealing the damage (empty at the top of a verdict undecided by unread text)."""
        out = {"players": self.players, "destroyed": list(self.destroyed), "permanents": self.permanents,
               "steps": [s.to_json() for s in self.steps], "outcomes": list(self.outcomes)}
        if self.teams:  # boards with teams only (805.10, 810.9)
            out["teams"] = self.teams
        return out

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {} if self.id is None else {"id": self.id}
        out.update({"kind": "damage", "rules": self.rules, "legal": self.legal, "undecided": self.undecided,
                    **self.results_json(), "maximize": self.goal, "notes": list(self.notes),
                    "not_understood": list(self.not_understood),
                    "declarations": [d.to_json() for d in self.declarations]})
        out.update(undecided_json(self.legal, self.undecided_reason, self.if_ignored))
        if self.ignoring_unread is not None:
            inner = self.ignoring_unread
            out["ignoring_unread"] = {"legal": inner.legal, **inner.results_json(),
                                      "declarations": [d.to_json() for d in inner.declarations],
                                      "notes": list(inner.judgement_notes)}
        return out

    def to_text(self) -> str:
        """The steps, each player's results and what left the battlefield; for a verdict undecided by unread
        text, those of the damage as if that text changed nothing."""
        lines = [f"{headline(self.legal, self.undecided_reason)}: combat damage (rules {self.rules})"]
        lines += unread_lines(self.not_understood, self.undecided_reason, self.if_ignored)
        lines += (self.ignoring_unread or self)._text_body()
        if self.undecided_reason != UNREAD:  # else listed first
            lines += [f"  not understood: {u}" for u in self.not_understood]
        return "\n".join(lines)

    def _text_body(self) -> list[str]:
        lines = []
        for s in self.steps:
            lines.append(f"  {'first-strike' if s.step == 'first' else 'regular'} combat damage step:")
            for src, parts, how, who in s.assignments:
                label = HOW_WORDS[how].format(who=who, goal=GOAL_WORDS.get(self.goal or "", ""))
                lines.append(f"    {src}: {_to_text(parts)}  [{label}]")
            for src, parts in s.rejected:
                lines.append(f"    given for {src}, not applied: {_to_text(parts)}")
            for v in s.violations:
                lines.append(f"    x {v.rule}: {v.message}")
            for d in s.dealt:
                if d.modified_by:
                    lines.append(f"    damage from {d.source} to {d.target}: {'; '.join(d.modified_by)}: {d.amount} "
                                 f"dealt, {d.prevented} prevented")
            for a in s.state_based:
                lines.append(f"    {a}")
            for t in s.triggers:
                lines.append(f"    triggers (not resolved): {t}")
        for pid, p in self.players.items():
            tail = " LOSES" if p["loses"] else ""
            cmd = ", ".join(f"{k}: {v}" for k, v in p["commander_damage"].items())
            lines.append(f"  {pid}: life {p['life']}, poison {p['poison']}"
                         + (f", commander damage {cmd}" if cmd else "") + tail)
        for tid, team in self.teams.items():
            life = f"shared life {team['life']}, " if team["life"] is not None else ""
            lines.append(f"  team {tid} ({', '.join(team['players'])}): {life}poison {team['poison']}"
                         + (" LOSES" if team["loses"] else ""))
        if self.destroyed:
            lines.append(f"  leaves the battlefield: {', '.join(self.destroyed)}")
        for i, o in enumerate(self.outcomes, 1):
            lives = ", ".join(f"{pid} life {p['life']}" + (" LOSES" if p["loses"] else "")
                              for pid, p in o["players"].items())
            gone = ", ".join(o["destroyed"]) or "nothing"
            lines.append(f"  outcome {i}: {lives}; leaves the battlefield: {gone}")
            lines += [f"    {c}" for c in o["choices"]]
        for n in self.notes:
            lines.append(f"  note: {n}")
        return lines


def _to_json(parts: dict[str, int]) -> list[dict[str, Any]]:
    return [{"target": t, "amount": n} for t, n in parts.items()]


def _to_text(parts: dict[str, int]) -> str:
    return ", ".join(f"{n} to {t}" for t, n in parts.items()) or "no damage"


def _given(board: Board, step: str) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for d in board.damage or ():
        if d.step == step:
            parts = out.setdefault(d.source, {})
            for t in d.to:
                parts[t.target] = parts.get(t.target, 0) + t.amount
    return out


def resolve_damage(board: Board, rules: str | None = None, goal: Goal | None = None,
                   time_limit: float = 10.0, declarations: bool = True) -> DamageVerdict:
    """Run the combat damage step(s) of ``board``: check the given assignment, apply it, report results.

    With ``declarations``, the attacks and blocks the damage rests on are judged too (half of
    ``time_limit`` in all) and an illegal one is noted; the damage is checked as given either way. Every
    solve of the verdict shares one deadline, ``time_limit`` from the start, as a declaration's do; it bounds the
    building of the game too: past it the verdict is undecided, naming the phase that ran out of time."""
    try:
        with bounded(time_limit), collector_paused():
            first, opens = _resolve_damage(board, rules, goal, time_limit, declarations)
            return settle(first, opens, lambda assume: _resolve_damage(board, rules, goal, time_limit, declarations,
                                                                       assume)[0])
    except OutOfTime as exc:
        return DamageVerdict(rules=find_edition(rules or board.rules or "current").name, legal=None, steps=(),
                             players={}, destroyed=(), permanents={}, id=board.id,
                             undecided_reason=f"time limit: {time_limit:g} s ran out while {exc.phase}")


def _resolve_damage(board: Board, rules: str | None, goal: Goal | None, time_limit: float,
                    declarations: bool, assume: Mapping[str, bool] | None = None
                    ) -> tuple[DamageVerdict, tuple[tuple[str, str], ...]]:
    """The damage verdict with the undecided conditions taken as ``assume`` says, and those conditions."""
    from legality.deadline import clock

    left = clock(time_limit)
    edition = find_edition(rules or board.rules or "current")
    game = build_game(board, assume)
    combat = Combat.of(game, edition.name)
    two = combat.has_first_strike_step()
    steps = ("first", "regular") if two else ("regular",)
    checks = tuple(check_declarations(board, edition, left() / 2, assume)) if declarations else ()
    judged: list[str] = [c.note for c in checks]  # notes that rest on the judgement (and so on the text read)
    notes: list[str] = list(judged) + history_notes(game, edition.name)
    legal: bool | None = True
    if not two and _given(board, "first"):
        legal = False
        judged.append("510.4: no attacking or blocking creature has first strike or double strike, so there is no "
                      "first-strike combat damage step; the damage entries with step 'first' are ignored")
        notes.append(judged[-1])

    def run(chooser: Chooser) -> tuple[list[StepReport], State, bool | None]:
        """The damage step(s) once, with the affected players' choices made by ``chooser`` (616.1, 615.7)."""
        st = State.of(game)
        ok_all: bool | None = True
        out = []
        for step in steps:
            report, ok = _step(combat, st, step, two, edition.damage == "ordered", _given(board, step), goal, left,
                               chooser)
            out.append(report)
            if ok is False:
                ok_all = False
            elif ok is None and ok_all is True:
                ok_all = None
        return out, st, ok_all

    runs: list[tuple[list[StepReport], State, bool | None]] = []
    choosers, every = every_choice(lambda ch: runs.append(run(ch)), MAX_RUNS)
    reports, state, ok_run = runs[0]
    if ok_run is False:
        legal = False
    elif ok_run is None and legal is True:
        legal = None
    outcomes = _outcomes(board, combat, choosers, runs)
    if len(outcomes) > 1:
        judged.append(f"the affected players' choices give {len(outcomes)} different results (616.1: the order of "
                      "prevention and replacement effects; 615.7: which damage a shield prevents): each is listed "
                      "under outcomes; the results above are those of the first")
        notes.append(judged[-1])
    if not every or any(c.partial for c in choosers):
        judged.append(f"not every order of the prevention and replacement effects was tried (more than "
                      f"{MAX_RUNS} combinations, or more than {MAX_ORDERED} effects or sources at once)")
        notes.append(judged[-1])
    if len({r[2] for r in runs}) > 1:
        judged.append("whether the given assignment is legal depends on those choices (a creature another choice "
                      "destroys in the first-strike step); the verdict is that of the first")
        notes.append(judged[-1])
    if any(s.violations for s in reports):
        judged.append("an illegal assignment is not applied (510.1e: the player would assign again); for that step "
                      "the results use the assignments shown, made as if it had not been given")
        notes.append(judged[-1])
    if goal is not None:
        judged.append(f"assignments the attacking player chooses were solved for the most {GOAL_WORDS[goal]}")
        notes.append(judged[-1])
    players, perms = _results(board, combat, state)
    return DamageVerdict(edition.name, legal, tuple(reports), players, tuple(state.gone), perms,
                         tuple(notes) + game.warnings,
                         game.unread + _departed_walkers(board, combat), board.id, goal, declarations=checks,
                         judgement_notes=tuple(judged),
                         outcomes=tuple(outcomes) if len(outcomes) > 1 else (),
                         teams=_teams(combat, state)), game.open_conditions


def _departed_walkers(board: Board, combat: Combat) -> tuple[str, ...]:
    """What the board must say for 702.19e: a creature with trample over planeswalkers attacked a permanent that has
    left the battlefield. Had it been a planeswalker, the creature's damage may go to its controller (702.19e); a
    battle, none (506.4c): the board gives neither its kind nor its controller, so the verdict asks for them."""
    players = {p.id for p in board.players}
    out = []
    for a in board.attacks or ():
        if a.target in combat.game.perms or a.target in players or a.attacker not in combat.game.perms:
            continue
        if combat.has(a.attacker, "trample over planeswalkers"):
            out.append(f"{a.attacker} has trample over planeswalkers and attacked {a.target}, which has left the "
                       "battlefield: if it was a planeswalker, its damage may go to the player who controlled it "
                       "(702.19e); if a battle, it deals none (506.4c). Give it on the board with "
                       "\"removed_from_combat\": true, so that its kind and controller are known")
    return tuple(out)


MAX_RUNS = 64
"""Combinations of the affected players' choices tried at most (each runs the damage step(s) once)."""


Results = tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]


def _results(board: Board, combat: Combat, state: State) -> Results:
    """Each player's life, poison, commander damage and loss; the damage and what is left of each permanent in combat
    or dealt damage (a redirection effect, 614.9, can send damage to one that isn't in combat)."""
    players = {p.id: {"life": state.life[p.id], "poison": state.poison[p.id],
                      "commander_damage": state.commander[p.id], "loses": p.id in state.lost,
                      "loses_by": state.lost.get(p.id)} for p in board.players}
    perms = {}
    for p in board.permanents:
        if p.id in combat.in_combat() or p.id in state.loyalty or p.id in state.defense or (
                state.damage.get(p.id, 0) != p.damage or p.id in state.minus or p.id in state.gone
                or p.id in state.unattached):
            entry: dict[str, Any] = {"damage": state.damage.get(p.id, 0)}
            if p.is_creature:
                entry["toughness"] = state.toughness(p)
                entry["power"] = state.power(p)
            if p.id in state.loyalty:
                entry["loyalty"] = state.loyalty[p.id]
            if p.id in state.defense:
                entry["defense"] = state.defense[p.id]
            if p.id in state.gone:
                entry["leaves_by"] = state.gone[p.id]
            if p.id in state.regenerated:  # 701.15a: tapped, its damage removed, out of combat
                entry.update(regenerated=state.regenerated[p.id], tapped=True, removed_from_combat=True)
            if p.id in state.unattached:
                entry["unattached_by"] = state.unattached[p.id]
            perms[p.id] = entry
    return players, perms


def _teams(combat: Combat, state: State) -> dict[str, dict[str, Any]]:
    """Each team's totals (boards with teams): its shared life (810.9; null when the team shares none), its poison
    counters with its players' (704.6b), and whether it loses (704.6a-b, 810.8a; without shared life, when every
    player of it has lost)."""
    out: dict[str, dict[str, Any]] = {}
    for t in combat.game.board.teams or ():
        shared = t.id in state.shared
        lost = [state.lost[pid] for pid in t.players if pid in state.lost]
        loses = bool(lost) if shared else len(lost) == len(t.players)
        out[t.id] = {"players": list(t.players), "life": state.team_life[t.id] if shared else None,
                     "poison": t.poison + sum(state.poison[pid] for pid in t.players), "loses": loses,
                     "loses_by": lost[0] if loses else None}
    return out


def _outcomes(board: Board, combat: Combat, choosers: list[Chooser],
              runs: list[tuple[list[StepReport], State, bool | None]]) -> list[dict[str, Any]]:
    """The distinct results of the runs, each with the choices that give it (the first run's first)."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for chooser, (_, state, _) in zip(choosers, runs, strict=True):
        players, perms = _results(board, combat, state)
        key = repr((sorted(players.items()), sorted(state.gone), sorted(perms.items())))
        if key in seen:
            continue
        seen.add(key)
        outcome = {"choices": list(chooser.made), "players": players, "destroyed": list(state.gone),
                   "permanents": perms}
        if board.teams:
            outcome["teams"] = _teams(combat, state)
        out.append(outcome)
    return out


def _step(combat: Combat, state: State, step: str, two: bool, ordered: bool, given: dict[str, dict[str, int]],
          goal: Goal | None, left: Callable[[], float], chooser: Chooser) -> tuple[StepReport, bool | None]:
    game = combat.game
    sources = [c for c in combat.in_combat() if not state.out_of_combat(c) and combat.deals_in(c, step, two)]
    options = {s: options_for(combat, state, s, ordered) for s in sources}
    structural = []
    for src in given:
        if src not in options:
            why = "is not an attacking or blocking creature in combat, and only they assign combat damage (510.1)" \
                if src not in combat.in_combat() else f"deals no combat damage in the {step} combat damage step (510.4)"
            structural.append(Violation("510.4" if src in combat.in_combat() else "510.1",
                                        f"{game.perms[src].name} ({src}) {why}", (src,)))
    ok: bool | None = True
    chosen = _choose(combat, state, options, {s: p for s, p in given.items() if s in options}, goal, left())
    if chosen is None:
        ok, chosen = None, _choose(combat, state, options, given, None, left())
        assert chosen is not None
    assignment, how = chosen
    solved = [s for s in sources if how.get(s) == "maximize"]
    if solved and violations(combat, state, options, assignment, solved):
        # the solver's answer is checked, not trusted: a choice it made that breaks a rule is not used
        ok, chosen = None, _choose(combat, state, options, given, None, left())
        assert chosen is not None
        assignment, how = chosen
    found = structural + violations(combat, state, options, assignment, [s for s in given if s in options])
    if found:
        ok = False
        fallback = _choose(combat, state, options, {}, None, left())
        assert fallback is not None
        assignment, how = fallback
    dealt, gained = deal(combat, state, assignment, chooser)
    sba = state_based_actions(combat, state)
    rows = tuple((s, {t: n for t, n in assignment[s].items() if n}, how[s], options[s].chooser) for s in sources)
    rejected = tuple((s, p) for s, p in given.items()) if found else ()
    return StepReport(step, rows, tuple(found), tuple(dealt), tuple(sba), gained, rejected,
                      tuple(triggered_by(combat, dealt))), ok


DAMAGE_TRIGGER = re.compile(r"^whenever (?P<who>~|enchanted creature|equipped creature) deals "
                            r"(?P<combat>combat )?damage"
                            r"(?: to (?P<to>a player|an opponent|a creature|a planeswalker|one or more)?[^,]*)?,")


def triggered_by(combat: Combat, dealt: list[Dealt]) -> list[str]:
    """Triggered abilities of the sources' rules text that this damage triggers (510.3a): reported only."""
    from legality.text.read import normalise, sentences

    game = combat.game
    players = {p.id for p in game.board.players}
    out = old_keyword_triggers(combat, dealt)
    for src in dict.fromkeys(d.source for d in dealt if d.amount > 0):
        hit = [d.target for d in dealt if d.source == src and d.amount > 0]
        texts = [(p.oracle, p.name, p.id) for p in game.board.permanents
                 if p.oracle and (p.id == src or (p.attached_to == src and not p.is_creature))]
        for text, name, pid in texts:
            for s in sentences(normalise(text, name)):
                m = DAMAGE_TRIGGER.match(s)
                if not m or (m["who"] == "~") != (pid == src):
                    continue
                to = m["to"] or ""
                if "player" in to or "opponent" in to:
                    ok = any(t in players for t in hit)
                elif "creature" in to:
                    ok = any(t in game.perms and game.perms[t].is_creature for t in hit)
                elif "planeswalker" in to:
                    ok = any(t in game.perms and "planeswalker" in game.perms[t].card_types for t in hit)
                else:
                    ok = True
                if ok:
                    out.append(f"{name} ({pid}): {s}")
    return out


def old_keyword_triggers(combat: Combat, dealt: list[Dealt]) -> list[str]:
    """Deathtouch and lifelink as the triggered abilities they were before Magic 2010 (see ``legality.history``)."""
    game = combat.game
    out = []
    for src in dict.fromkeys(d.source for d in dealt if d.amount > 0):
        p = game.perms[src]
        hit = [d for d in dealt if d.source == src and d.amount > 0]
        if combat.has(src, "deathtouch") and not combat.has_static(src, "deathtouch"):
            for d in hit:
                if d.target in game.perms and game.perms[d.target].is_creature:
                    out.append(f"{p.name} ({src}): deathtouch, as a triggered ability: destroy {d.target}")
        if combat.has(src, "lifelink") and not combat.has_static(src, "lifelink"):
            out.append(f"{p.name} ({src}): lifelink, as a triggered ability: {p.controller} gains "
                       f"{sum(d.amount for d in hit)} life")
    return out


def _choose(combat: Combat, state: State, options: dict[str, Options], given: dict[str, dict[str, int]],
            goal: Goal | None, time_limit: float) -> tuple[Assignment, dict[str, str]] | None:
    """The step's whole assignment: given entries, forced ones, then maximised or default choices."""
    assignment: Assignment = {s: dict(p) for s, p in given.items()}
    how = {s: "given" for s in given}
    for s, opt in options.items():
        if s not in assignment and opt.forced:
            assignment[s] = default_for(opt, Lethal(combat, state, assignment))
            how[s] = "forced"
    if goal is not None:
        from legality.damage.optimize import maximise

        attacking = combat.game.board.attacking_players()  # with teams, each player of the active team (805.10a)
        free = [s for s, o in options.items() if s not in assignment and s in combat.target_of
                and o.chooser in attacking]
        if free:
            best = maximise(combat, state, options, assignment, free, goal, time_limit)
            if best is None:
                return None
            for s in free:
                assignment[s] = best[s]
                how[s] = "maximize"
    for s, opt in options.items():
        if s not in assignment:
            assignment[s] = default_for(opt, Lethal(combat, state, assignment))
            how[s] = "default"
    return assignment, how
