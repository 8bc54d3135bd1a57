"""Combat legality for Magic: The Gathering: is a declaration of attackers or blockers legal, and why.

    >>> from legality import check, parse_board
    >>> verdict = check(parse_board(open("fixtures/article/gorilla-no-block.json").read()))
    >>> verdict.legal, verdict.to_json()["requirements"]["maximum"]
"""

from legality.board import parse_board
from legality.check import DEFAULT_TIME_LIMIT, NothingToJudge, check_declaration
from legality.damage import DamageVerdict, resolve_damage
from legality.editions import EDITIONS, Edition, find_edition
from legality.ruling import check
from legality.verdict import RequirementStatus, Verdict
from models import Board, BoardError, RulesOptions

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
