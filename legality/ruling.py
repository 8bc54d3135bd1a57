"""The judging of a whole board: which step it is at (damage, else blocks, else attacks) and its verdict.

Above both the declarations (``check``) and the combat damage step (``damage``), which never import it, so
the house reads declarations -> damage -> ruling with no import circle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from legality.check import DEFAULT_TIME_LIMIT, check_declaration, settings
from legality.collector import collector_paused
from legality.deadline import OutOfTime, bounded
from legality.editions import Explain
from legality.verdict import Verdict, unread_undecided
from models.board import Board, RulesOptions

if TYPE_CHECKING:
    from legality.damage import DamageVerdict


def check(board: Board, rules: str | None = None, options: RulesOptions | None = None,
          time_limit: float = DEFAULT_TIME_LIMIT, alternatives: bool = True,
          ignore_unread: bool = False, explain: Explain = "full") -> Verdict | DamageVerdict:
    """Judge the latest step in ``board`` (contract: damage, else blocks, else attacks) and explain it.

    With ``alternatives`` a declaration's verdict also says how the other requirement semantics
    and the other setting of each relevant switch would judge it (one more judgement each, and only
    with ``explain="full"``; see ``Explain`` for the rest). Rules text that is not understood makes
    the verdict undecided (see ``unread_undecided``) unless ``ignore_unread``. ``time_limit`` bounds all
    of it, building the game and the problems included.
    """
    with bounded(time_limit), collector_paused():
        try:
            if board.damage is not None:  # the damage step's modules are imported by the first board at it
                from legality.damage import resolve_damage

                return unread_undecided(resolve_damage(board, rules, None, time_limit), ignore_unread)
            return check_declaration(board, rules, options, time_limit, alternatives, ignore_unread, explain)
        except OutOfTime as exc:  # the damage step answers its own
            return out_of_time(board, rules, options, time_limit, exc.phase)


def out_of_time(board: Board, rules: str | None, options: RulesOptions | None, time_limit: float,
                phase: str) -> Verdict:
    """The undecided verdict of a board whose judging could not finish within ``time_limit``: nothing
    about the declaration is claimed, and the reason names the phase that ran out of time."""
    reason = f"time limit: {time_limit:g} s ran out while {phase}"
    edition, opts = settings(board, rules, options)
    return Verdict(kind="block" if board.blocks is not None else "attack", legal=None, rules=edition.name,
                   rules_options=opts, violations=(), obeyed=0, maximum=None, maximum_proven=False,
                   requirements=(), missed=(), better=None, id=board.id, undecided_reason=reason)
