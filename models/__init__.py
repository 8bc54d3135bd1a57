"""Board-state models: the contract's board file as immutable, validated values."""

from models.abilities import Ability, CreatureAbility, Quality
from models.board import (
    Attack,
    Block,
    Board,
    DamageAssignment,
    DamageTo,
    Edition,
    Effect,
    Permanent,
    Player,
    RulesOptions,
    Team,
)
from models.load import BoardError, Problem, parse_board

__all__ = [
    "Ability",
    "Attack",
    "Block",
    "Board",
    "BoardError",
    "CreatureAbility",
    "DamageAssignment",
    "DamageTo",
    "Edition",
    "Effect",
    "Permanent",
    "Player",
    "Problem",
    "Quality",
    "RulesOptions",
    "Team",
    "parse_board",
]
