"""Whether the attacks and blocks a damage-step board rests on were legal declarations.

Combat damage follows the declarations as made, so an illegal one does not change the damage
verdict; it is reported (rule numbers included) so that a damage answer never hides it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from msgspec import Struct

from legality.editions import Edition
from models.board import Board


class DeclarationCheck(Struct, frozen=True):
    """How the edition judges one declaration of the board: legal, illegal (and why) or undecided."""

    kind: str
    legal: bool | None
    violations: tuple[tuple[str, str], ...]
    note: str

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "legal": self.legal,
                "violations": [{"rule": r, "message": m} for r, m in self.violations]}


def _departed(board: Board) -> list[str]:
    """Ids the declarations name that are no longer on the battlefield (a damage-step board may, 506.4)."""
    known = {p.id for p in board.permanents} | {p.id for p in board.players}
    named = [a.attacker for a in board.attacks or ()] + [a.target for a in board.attacks or ()]
    named += [x for b in board.blocks or () for x in (b.blocker, b.attacker)]
    return list(dict.fromkeys(i for i in named if i not in known))


def _as_declared(board: Board) -> Board:
    """The board as the declarations were made: only untapped creatures can be declared (508.1a, 509.1a),
    and attacking taps them (508.1f), so declared attackers and blockers are untapped here. Everything
    else is judged as the board has it now."""
    declared = {a.attacker for a in board.attacks or () if a.declared} | {b.blocker for b in board.blocks or ()}
    perms = tuple(p.model_copy(update={"tapped": False}) if p.id in declared else p for p in board.permanents)
    return board.model_copy(update={"permanents": perms})


def check_declarations(board: Board, edition: Edition, time_limit: float,
                       assume: Mapping[str, bool] | None = None) -> list[DeclarationCheck]:
    """Judge the board's attacks and blocks under ``edition`` (each within ``time_limit`` seconds); ``assume``:
    the undecided conditions taken as holding or not (``either.py``)."""
    from legality.check import attack_question, block_question, judge_question
    from legality.deadline import clock
    from legality.traits import build_game

    gone = _departed(board)
    if gone:
        return [DeclarationCheck("declaration", None, (), f"the declarations this damage rests on are not "
                                 f"re-judged: {', '.join(gone)} {'is' if len(gone) == 1 else 'are'} no longer on "
                                 "the battlefield")]
    out = []
    base = _as_declared(board)
    questions = [("attack", attack_question)] if board.attacks is not None else []
    if board.blocks is not None:
        questions.append(("block", block_question))
    left = clock(time_limit)
    for i, (kind, make) in enumerate(questions):  # one deadline for all: each takes its share of what is left
        v = judge_question(make(base, build_game(base, assume)), edition, board.rules_options,
                           left() / (len(questions) - i), alternatives=False)
        what = "attackers" if kind == "attack" else "blockers"
        if v.legal is True:
            continue
        if v.legal is None:
            out.append(DeclarationCheck(kind, None, (), f"whether the declaration of {what} this damage rests on "
                                        f"is legal was not decided within {time_limit:g} s"))
            continue
        found = [(x.rule, x.message) for x in v.violations]
        if not found and v.maximum is not None:
            rule = "500.5" if edition.neighbourhood else ("508.1d" if kind == "attack" else "509.1c")
            found.append((rule, f"it obeys {v.obeyed} requirements where {v.maximum} could be obeyed"))
        why = "; ".join(f"{r}: {m}" for r, m in found)
        out.append(DeclarationCheck(kind, False, tuple(found),
                                    f"the declaration of {what} this damage rests on is illegal under rules "
                                    f"{edition.name} ({why}); the damage is checked as given"))
    return out
