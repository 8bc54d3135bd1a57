"""Checking a declaration: board → abilities → problems → judgements (each edition) → one verdict."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from msgspec import Struct

from legality.attacks import attack_problem, defending_player_of
from legality.blocks import block_problem, defending_sides
from legality.collector import collector_paused
from legality.deadline import Clock, OutOfTime, bounded, clock
from legality.editions import (
    EDITIONS,
    Edition,
    Explain,
    Judgement,
    allowed_atoms,
    better_in_neighbourhood,
    find_edition,
    judge,
    unsolved,
)
from legality.either import settle
from legality.evaluate import cost_totals, fulfillable, in_force, incurred, obeyed, violations
from legality.history import notes as history_notes
from legality.rules import Atom, Declaration, Kind, Problem, Violation
from legality.solve import EXPLANATION_SECONDS
from legality.traits import Game, build_game
from legality.verdict import RequirementStatus, Verdict, unread_undecided
from models.board import Board, RulesOptions
from models.load import BoardError, Illegal, illegal_attacks, illegal_blocks
from models.load import Problem as BoardProblem

if TYPE_CHECKING:
    pass

DEFAULT_TIME_LIMIT = 10.0


class NothingToJudge(ValueError):
    """The board holds no declaration of the kind asked for (or asks for a step not supported)."""


class Question(Struct, frozen=True):
    """A declaration to judge: its kind, the problems it splits into, and its atoms in each."""

    kind: Kind
    game: Game
    problems: tuple[Problem, ...]
    declarations: tuple[Declaration, ...]
    structural: tuple[Violation, ...]


def settings(board: Board, rules: str | None, options: RulesOptions | None) -> tuple[Edition, RulesOptions]:
    """The edition and switches in force: arguments first, then the board's, then the defaults."""
    return find_edition(rules or board.rules or "current"), options or board.rules_options


def attack_question(board: Board, game: Game | None = None) -> Question:
    """The declaration of attackers in ``board.attacks`` as a question."""
    game = game or build_game(board)
    problem = attack_problem(game)
    illegal = illegal_attacks(board)
    left_out = {d.atom for d in illegal}
    decl = frozenset((a.attacker, a.target) for a in board.attacks or ()
                     if a.declared and (a.attacker, a.target) not in left_out)
    return Question("attack", game, (problem,), (decl,), _structural(illegal) + tuple(_band_violations(game)))


def _structural(illegal: Iterable[Illegal]) -> tuple[Violation, ...]:
    """Declarations no player may make (506.2, 506.3, 310.8b, 509.1a...) as violations with their rule."""
    return tuple(Violation(d.rule, d.message, d.permanents) for d in illegal)


def _band_violations(game: Game) -> list[Violation]:
    """702.22c: a band is creatures with banding plus at most one without."""
    members: dict[str, list[str]] = {}
    for a in game.board.attacks or ():
        if a.band is not None and a.declared:
            members.setdefault(a.band, []).append(a.attacker)
    out = []
    for band, ids in members.items():
        without = [i for i in ids if not game.traits[i].has("banding")]
        if len(ids) > 1 and len(without) > 1:
            out.append(Violation("702.22c", f"band {band!r} has {len(without)} creatures without banding "
                                 f"({', '.join(without)}); a band may include at most one", tuple(ids)))
    return out


def block_question(board: Board, game: Game | None = None) -> Question:
    """The declaration of blockers in ``board.blocks`` as one problem per defending player (802.4b), or with teams
    one per defending team (805.10d).

    The attacks are history here: one no player may make means the board can't exist (``BoardError``).
    """
    history = [BoardProblem(d.path, f"{d.message}; blockers are declared only after a legal declaration "
                                    "of attackers") for d in illegal_attacks(board)]
    if history:
        raise BoardError(history)
    game = game or build_game(board)
    defenders = defending_sides(game)
    target_of = {a.attacker: a.target for a in board.attacks or ()}
    parts: dict[str, set[Atom]] = {d: set() for d in defenders}
    illegal = illegal_blocks(board)
    left_out = {d.atom for d in illegal}
    structural: list[Violation] = list(_structural(illegal))
    for b in board.blocks or ():
        if (b.blocker, b.attacker) in left_out:
            continue
        attacked = defending_player_of(game, target_of[b.attacker])
        d = board.side(attacked)
        blocker = game.perms[b.blocker]
        if board.side(blocker.controller) != d:
            structural.append(Violation("509.1a", _wrong_side(board, blocker.name, b.blocker, blocker.controller,
                                                              b.attacker, attacked), (b.blocker, b.attacker)))
        else:
            parts[d].add((b.blocker, b.attacker))
    problems = tuple(block_problem(game, d) for d in defenders)
    return Question("block", game, problems, tuple(frozenset(parts[d]) for d in defenders),
                    tuple(structural))


def _wrong_side(board: Board, name: str, blocker: str, controller: str, attacker: str, attacked: str) -> str:
    """Why a creature may not block a creature attacking another player (509.1a; 802.4a, or 805.10d with teams)."""
    team = board.team_of(attacked)
    if team is None:
        return (f"{name} ({blocker}) is controlled by {controller}, but {attacker} attacks {attacked}; a defending "
                "player blocks only creatures attacking them, their planeswalkers or battles they protect (509.1a, "
                "802.4a)")
    return (f"{name} ({blocker}) is controlled by {controller}, not a player of team {team.id}, and {attacker} "
            f"attacks {attacked} of that team; the defending team blocks only creatures attacking its players, their "
            "planeswalkers or battles they protect (509.1a, 805.10d)")


def question_for(board: Board, game: Game | None = None) -> Question:
    """The declaration to judge: blockers if ``blocks`` is present, else attackers."""
    if board.blocks is not None:
        return block_question(board, game)
    if board.attacks is not None:
        return attack_question(board, game)
    raise NothingToJudge("the board has neither $.attacks nor $.blocks: there is no declaration to judge")


def _judge_all(q: Question, edition: Edition, options: RulesOptions, left: Clock,
               explain: Explain = "full") -> list[Judgement]:
    """Each defending player's judgement. With ``explain="none"`` only legality is asked: once the verdict is
    known to be illegal (a structural fault, a restriction broken in any problem, a problem found illegal),
    the problems left are not solved (``unsolved``)."""
    pairs = list(zip(q.problems, q.declarations, strict=True))
    if explain != "none":
        return [judge(p, d, edition, options, left(), explain) for p, d in pairs]
    broken = [violations(p, d) for p, d in pairs]
    if q.structural or any(broken):
        return [judge(p, d, edition, options, left(), explain, v) if v else unsolved(p, d, options)
                for (p, d), v in zip(pairs, broken, strict=True)]
    out: list[Judgement] = []
    for p, d in pairs:
        out.append(unsolved(p, d, options) if any(j.legal is False for j in out)
                   else judge(p, d, edition, options, left(), explain, ()))
    return out


def _combined(judgements: Sequence[Judgement], structural: Sequence[Violation]) -> bool | None:
    if structural or any(j.legal is False for j in judgements):
        return False
    if any(j.legal is None for j in judgements):
        return None
    return True


@collector_paused()
def check_declaration(board: Board, rules: str | None = None, options: RulesOptions | None = None,
                      time_limit: float = DEFAULT_TIME_LIMIT, alternatives: bool = True,
                      ignore_unread: bool = False, explain: Explain = "full") -> Verdict:
    """Judge the declaration of blockers (if ``blocks`` is present) or else of attackers (the cyclic collector
    paused meanwhile, ``legality.collector``)."""
    edition, opts = settings(board, rules, options)
    left = clock(time_limit)
    q = question_for(board)
    verdict = judge_question(q, edition, opts, time_limit, alternatives, explain)
    # each way an undecided condition could go is judged in the time left (``time_limit`` bounds them all)
    verdict = settle(verdict, q.game.open_conditions, lambda assume: judge_question(
        question_for(board, build_game(board, assume)), edition, opts, max(left(), 0.0), alternatives, explain))
    return unread_undecided(verdict, ignore_unread)


def judge_question(q: Question, edition: Edition, opts: RulesOptions,
                   time_limit: float = DEFAULT_TIME_LIMIT, alternatives: bool = True,
                   explain: Explain = "full") -> Verdict:
    """Judge a question under an edition, and say where other editions or switches disagree.

    ``time_limit`` bounds all the solving of the verdict together (the judgement, then the
    alternatives in the time left); what is not decided in time is reported as undecided.
    """
    left = clock(time_limit)
    js = _judge_all(q, edition, opts, left, explain)
    legal = _combined(js, q.structural)

    statuses: list[RequirementStatus] = []
    missed: list[RequirementStatus] = []
    costs: dict[str, int] = {}
    for p, d, j in zip(q.problems, q.declarations, js, strict=True):
        paid = frozenset() if opts.paid_costs == "cost-free" else incurred(p, d)
        avail = set(allowed_atoms(p, paid))
        gone = {id(r) for r in j.missed}  # the same objects: equality would compare every field of each pair
        for r in p.requirements:
            st = RequirementStatus(r.rule, r.text, r.source, r.creature, obeyed(r, d, opts.conditional),
                                   in_force(r, d), fulfillable(r, avail))
            statuses.append(st)
            if id(r) in gone:
                missed.append(st)
        for payer, total in cost_totals(p, d).items():
            costs[payer] = costs.get(payer, 0) + total

    better = None
    # A better declaration: each problem's better one, or its own where that is legal (or, with only legality
    # asked, left unsolved once another problem's better one was found: it breaks no restriction); none when a
    # problem's declaration breaks a restriction and no better one was found for it (in time, or at all).
    gain = any(j.better is not None for j in js)
    if legal is False and (gain or q.structural) and all(
            j.better is not None or j.legal is True or (gain and not j.solved) for j in js):
        atoms: set[Atom] = set()
        for d, j in zip(q.declarations, js, strict=True):
            atoms |= j.better if j.better is not None else d
        better = as_declaration(q, atoms)

    others, notes = (_alternatives(q, edition, opts, legal, js, left) if alternatives and explain == "full"
                     else ({}, []))
    maxima = [j.maximum for j in js]
    return Verdict(
        judgement_notes=tuple(notes),
        kind=q.kind, legal=legal, rules=edition.name, rules_options=opts,
        violations=tuple(q.structural) + tuple(v for j in js for v in j.violations),
        obeyed=sum(j.obeyed for j in js),
        maximum=None if any(m is None for m in maxima) else sum(m for m in maxima if m is not None),
        maximum_proven=all(j.proven for j in js),
        requirements=tuple(statuses), missed=tuple(missed), better=better,
        better_closest=all(j.closest for j in js),
        compared_with="rule 500.5 neighbourhood" if edition.neighbourhood else "global maximum", costs=costs,
        alternatives=others, notes=tuple(notes) + q.game.warnings + tuple(history_notes(q.game, edition.name)),
        not_understood=q.game.unread,
        id=q.game.board.id, defending_players=tuple(p.defending_player or "" for p in q.problems),
    )


def as_declaration(q: Question, atoms: Iterable[Atom]) -> tuple[dict[str, str], ...]:
    """Atoms as the contract's Attack or Block objects, in board order."""
    order = {p.id: i for i, p in enumerate(q.game.board.permanents)}
    ordered = sorted(atoms, key=lambda a: (order.get(a[0], 0), order.get(a[1], 0), a))
    if q.kind == "attack":
        return tuple({"attacker": c, "target": t} for c, t in ordered)
    return tuple({"blocker": b, "attacker": a} for b, a in ordered)


def _alternatives(q: Question, edition: Edition, opts: RulesOptions, legal: bool | None, js: Sequence[Judgement],
                  left: Clock) -> tuple[dict[str, bool | None], list[str]]:
    """Legality under the other requirement semantics and the other setting of each relevant switch."""
    other = EDITIONS["current"] if edition.neighbourhood else EDITIONS["2006"]
    trials: list[tuple[str, Edition, RulesOptions, str]] = [
        (f"rules={other.name}", other, opts, f"under rules {other.name}")]
    if any(r.condition is not None for p in q.problems for r in p.requirements):
        flip = "implication" if opts.conditional == "in-force" else "in-force"
        trials.append((f"conditional={flip}", edition, opts.model_copy(update={"conditional": flip}),
                       f"counting conditional requirements as {flip!r}"))
    if any(incurred(p, d) for p, d in zip(q.problems, q.declarations, strict=True)):
        flip = "cost-free" if opts.paid_costs == "paid-set" else "paid-set"
        trials.append((f"paid_costs={flip}", edition, opts.model_copy(update={"paid_costs": flip}),
                       f"with paid_costs {flip!r}"))
    out: dict[str, bool | None] = {}
    notes = []
    for label, ed, o, words in trials:
        known = _other_edition(edition, opts, legal, js, q) if ed is other else _broken(js, q)
        # Explanation: each alternative gets at most EXPLANATION_SECONDS; one not settled by then is None.
        alt = known if known is not None else _alternative(q, ed, o, min(left(), EXPLANATION_SECONDS))
        out[label] = alt
        if alt is not None and legal is not None and alt != legal:
            notes.append(f"{words} this declaration would be {'legal' if alt else 'illegal'}")
    return out, notes


def _alternative(q: Question, edition: Edition, opts: RulesOptions, seconds: float) -> bool | None:
    """Legality under another edition or switch within ``seconds`` (building included), else None."""
    if seconds <= 0:
        return None
    try:
        with bounded(seconds):
            return _combined(_judge_all(q, edition, opts, clock(seconds), "none"), q.structural)
    except OutOfTime:
        return None


def _other_edition(edition: Edition, opts: RulesOptions, legal: bool | None, js: Sequence[Judgement],
                   q: Question) -> bool | None:
    """The other requirement semantics' answer where it follows from this one's without a solve, else None.

    The 500.5 neighbourhood is part of the whole board and both compare with the same declaration: legal
    against the global maximum is legal against the neighbourhood, illegal against the neighbourhood is
    illegal against the global maximum; a declaration breaking a restriction is illegal under both; and a
    better declaration found against the global maximum may already lie in the neighbourhood.
    """
    if _broken(js, q) is False:
        return False
    if not edition.neighbourhood and legal is True:
        return True
    if edition.neighbourhood and legal is False:
        return False
    if not edition.neighbourhood and legal is False and any(
            j.better is not None and better_in_neighbourhood(p, d, j.better, opts)
            for p, d, j in zip(q.problems, q.declarations, js, strict=True)):
        return False
    return None


def _broken(js: Sequence[Judgement], q: Question) -> bool | None:
    """False when the declaration breaks a restriction: illegal under every edition and switch alike (the
    restrictions and the structural rules do not depend on them), else None (a judgement is needed)."""
    return False if q.structural or any(j.violations for j in js) else None
