"""The board file (``shared/spec/board-format.md``) as immutable pydantic models.

Field names and meanings follow the contract exactly; the only additions are optional.
"""

# Annotations are evaluated as each class is defined, as in ``models.abilities`` (a shorter start-up).

from functools import lru_cache
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator

from models.abilities import BOUND, Ability, Color, Designation, Frozen, PermanentDesignation

Edition = Literal["current", "m10", "2006"]

MAX_PLAYERS = 64
MAX_PERMANENTS = 5_000
MAX_EFFECTS = 1_000
MAX_BLOCKS = 20_000
MAX_TEXT = 5_000
"""Size limits of a board (stated in the schema): far above any game, low enough that a board is judged in
bounded memory; the number of possible assignments is bounded too (``models.load.MAX_ASSIGNMENTS``)."""
MAX_BOARD_BYTES = 64 * 2**20
"""The longest board text read (64 MiB: a board file, a batch line). A Commander board is some ten kilobytes; the
limits above allow more only with thousands of permanents each carrying thousands of characters of text. A longer
one is refused without being held in memory whole (a hostile input: a line of gigabytes, ``/dev/zero``)."""


class RulesOptions(Frozen):
    """The two switches no ruling settles (contract, "Editions")."""

    conditional: Literal["in-force", "implication"] = "in-force"
    paid_costs: Literal["paid-set", "cost-free"] = "paid-set"


class Player(Frozen):
    """A player, with what combat damage and costs need to know."""

    id: str = Field(min_length=1)
    life: int = Field(ge=-BOUND, le=BOUND)
    poison: int = Field(default=0, ge=0, le=BOUND)
    commander_damage: dict[str, Annotated[int, Field(ge=0, le=BOUND)]] = Field(default_factory=dict)
    hand_size: int | None = Field(default=None, ge=0, le=BOUND)
    graveyard_size: int | None = Field(default=None, ge=0, le=BOUND,
                                       description="cards in graveyard (threshold and the like)")
    graveyard_card_types: int | None = Field(
        default=None, ge=0, le=BOUND, description="how many card types there are among cards in the graveyard (205.2a; "
        "delirium, 207.2c: \"four or more card types among cards in your graveyard\")")
    mana_available: int | None = Field(default=None, ge=0, le=BOUND)
    designations: tuple[Designation, ...] | None = Field(
        default=None, description="what the player has or is: \"city's blessing\" (702.131c), \"monarch\" (724), "
        "\"initiative\" (725), \"completed a dungeon\" (309.7); needed only by rules text that asks")


class Team(Frozen):
    """A team of the shared team turns option (805.10): its players, and in Two-Headed Giant the team's shared life
    total (810.9) and the poison counters the team has beside its players' own (704.6b)."""

    id: str = Field(min_length=1)
    players: tuple[str, ...] = Field(min_length=1, max_length=MAX_PLAYERS)
    life: int | None = Field(default=None, ge=-BOUND, le=BOUND, description="the team's shared life total (810.9); "
                             "absent: no shared life, each player keeps their own")
    poison: int = Field(default=0, ge=0, le=BOUND)


class Permanent(Frozen):
    """A permanent on the battlefield, with all continuous effects already applied to its values.

    ``removed_from_combat`` (optional, damage-step boards): it is still on the battlefield but was
    removed from combat after it was declared (506.4: regenerated, an effect, ...)."""

    id: str = Field(min_length=1)
    name: str
    controller: str
    owner: str | None = None
    types: tuple[str, ...] | None = None
    subtypes: tuple[str, ...] | None = None
    supertypes: tuple[str, ...] | None = None
    colors: tuple[Color, ...] | None = None
    power: int | None = Field(default=None, ge=-BOUND, le=BOUND)
    toughness: int | None = Field(default=None, ge=0, le=BOUND)
    loyalty: int | None = Field(default=None, ge=0, le=BOUND)
    defense: int | None = Field(default=None, ge=0, le=BOUND)
    protector: str | None = None
    damage: int = Field(default=0, ge=0, le=BOUND)
    deathtouch_damage: bool = False
    tapped: bool = False
    summoning_sick: bool = False
    commander: bool = False
    removed_from_combat: bool = False
    token: bool | None = Field(default=None, description="it is a token (111.1); needed only by rules text that "
                               "asks (\"nontoken creatures\", \"tokens you control\")")
    counters: dict[str, Annotated[int, Field(ge=0, le=BOUND)]] | None = Field(
        default=None, max_length=64, description="Counters on it by kind ({\"+1/+1\": 2, \"slumber\": 1}); needed only "
        "by rules text that asks about them (122.1). Its power and toughness already include +1/+1 counters.")
    designations: tuple[PermanentDesignation, ...] | None = Field(
        default=None, description="what the permanent is, by the rules' designations: \"monstrous\" (701.31b), "
        "\"renowned\" (702.112b), \"suspected\" (701.58c: menace, and it can't block); needed only by rules text "
        "that asks, and applied where suspected")
    attached_to: str | None = None
    face_down: bool = Field(default=False, description="it is face down (708.2: a 2/2 creature with no text, no name, "
                            "no subtypes and no colour); its name may still say what it is, for its controller, and "
                            "no field comes from the card library")
    oracle: str | None = Field(default=None, max_length=MAX_TEXT)
    keywords: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()

    @property
    def card_types(self) -> tuple[str, ...]:
        """Types, lower-cased; a typeless permanent with power and toughness is a creature, and so is a face-down
        permanent (708.2)."""
        if self.face_down:
            return ("creature",)
        if self.types is not None:
            return _lowered(self.types)
        if self.power is not None and self.toughness is not None:
            return ("creature",)
        return ()

    @property
    def is_creature(self) -> bool:
        return "creature" in self.card_types


class Effect(Frozen):
    """An effect of a resolved spell or ability that lasts this turn."""

    source: str
    source_id: str | None = None
    controller: str
    text: str | None = Field(default=None, max_length=MAX_TEXT)
    targets: tuple[str, ...] = ()
    x: int | None = Field(default=None, ge=-BOUND, le=BOUND)
    abilities: tuple[Ability, ...] = ()


class Attack(Frozen):
    """One creature attacking one player, planeswalker or battle (508.1a-b)."""

    attacker: str
    target: str
    band: str | None = None
    declared: bool = True


class Block(Frozen):
    """One creature blocking one attacker (509.1a)."""

    blocker: str
    attacker: str


class DamageTo(Frozen):
    target: str
    amount: int = Field(ge=0, le=BOUND)


class DamageAssignment(Frozen):
    """How one creature's combat damage is divided (510.1)."""

    source: str
    to: tuple[DamageTo, ...]
    step: Literal["first", "regular"] = "regular"


class Board(Frozen):
    """A moment of a game at or after the declaration of attackers, plus what is to be judged."""

    version: Literal[1]
    id: str | None = None
    rules: Edition | None = None
    rules_options: RulesOptions = Field(default_factory=RulesOptions)
    active_player: str
    players: tuple[Player, ...] = Field(min_length=2, max_length=MAX_PLAYERS)
    teams: tuple[Team, ...] | None = Field(
        default=None, max_length=MAX_PLAYERS, json_schema_extra={"minItems": 2},  # checked in models.load
        description="Teams of the shared team turns option "
        "(805.10; Two-Headed Giant, 810): the active player's team attacks together, each other team blocks together")
    permanents: tuple[Permanent, ...] = Field(default=(), max_length=MAX_PERMANENTS)
    effects: tuple[Effect, ...] = Field(default=(), max_length=MAX_EFFECTS)
    attacks: tuple[Attack, ...] | None = Field(default=None, max_length=MAX_PERMANENTS)
    blocks: tuple[Block, ...] | None = Field(default=None, max_length=MAX_BLOCKS)
    damage: tuple[DamageAssignment, ...] | None = Field(default=None, max_length=MAX_PERMANENTS)
    damage_order: dict[str, tuple[str, ...]] | None = None
    meta: dict[str, Any] | None = Field(
        default=None, description="Free-form provenance (source, question, expected verdicts); not judged.")

    @field_validator("version", mode="before")
    @classmethod
    def _integer_version(cls, v: Any) -> Any:
        """Only the JSON integer 1 (a literal 1 would also take true and 1.0)."""
        if type(v) is not int:
            raise ValueError("Input should be 1 (an integer)")
        return v

    def permanent(self, pid: str) -> Permanent:
        """The permanent with this id (KeyError if none)."""
        for p in self.permanents:
            if p.id == pid:
                return p
        raise KeyError(pid)

    def team_of(self, pid: str) -> Team | None:
        """The team of player ``pid`` (None without teams)."""
        for t in self.teams or ():
            if pid in t.players:
                return t
        return None

    def attacking_players(self) -> tuple[str, ...]:
        """Who attacks: every player on the active player's team (805.10a), else the active player alone (506.2)."""
        team = self.team_of(self.active_player)
        return team.players if team is not None else (self.active_player,)

    def side(self, pid: str) -> str:
        """Who declares blockers together with player ``pid``: their team's id (805.10d), else the player alone
        (802.4b)."""
        team = self.team_of(pid)
        return team.id if team is not None else pid

    def side_players(self, side: str) -> tuple[str, ...]:
        """The players of a ``side`` (a team id with teams, else a player id)."""
        for t in self.teams or ():
            if t.id == side:
                return t.players
        return (side,)

    def allies(self, pid: str) -> frozenset[str]:
        """Player ``pid`` and their teammates: with teams, teammates are not opponents (102.3)."""
        team = self.team_of(pid)
        return frozenset(team.players) if team is not None else frozenset((pid,))

    def player(self, pid: str) -> Player:
        """The player with this id (KeyError if none)."""
        for p in self.players:
            if p.id == pid:
                return p
        raise KeyError(pid)


@lru_cache(maxsize=1024)
def _lowered(types: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(t.lower() for t in types)
