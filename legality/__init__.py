"""Combat legality for Magic: The Gathering: is a declaration of attackers or blockers legal, and why.

    >>> from legality import check, parse_board
    >>> verdict = check(parse_board(open("fixtures/article/gorilla-no-block.json").read()))
    >>> verdict.legal, verdict.to_json()["requirements"]["maximum"]
"""

from typing import TYPE_CHECKING, Any

from legality.board import parse_board
from legality.check import DEFAULT_TIME_LIMIT, NothingToJudge, check_declaration
from legality.editions import EDITIONS, Edition, find_edition
from legality.ruling import check
from legality.verdict import RequirementStatus, Verdict
from models import Board, BoardError, RulesOptions

if TYPE_CHECKING:
    from legality.damage import DamageVerdict, resolve_damage


def __getattr__(name: str) -> Any:
    """The damage step's names, imported when first asked for (a process judging declarations never needs them)."""
    if name in ("DamageVerdict", "resolve_damage"):
        import legality.damage

        return getattr(legality.damage, name)
    raise AttributeError(f"module 'legality' has no attribute {name!r}")

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "EDITIONS",
    "Board",
    "BoardError",
    "DamageVerdict",
    "Edition",
    "NothingToJudge",
    "RequirementStatus",
    "RulesOptions",
    "Verdict",
    "check",
    "check_declaration",
    "find_edition",
    "parse_board",
    "resolve_damage",
]
