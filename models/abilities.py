"""The project's structured ability vocabulary: combat abilities as plain data.

Each ability is a small frozen object tagged by ``kind``. A permanent's ``abilities`` apply to the
permanent itself (or, on an Aura or Equipment, to what it is attached to); an effect's abilities
apply to its ``targets``, or to the whole game when it has none. "you" always means the controller
of the permanent or effect the ability comes from. See ``docs/abilities.md`` for the full list.
"""

# Annotations are evaluated as each class is defined (no postponed annotations): pydantic then need not compile
# them from their text (1.4% of the command's start-up); the few naming a class not yet defined are quoted.

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class Frozen(BaseModel):
    """Base for every board value: immutable, and unknown keys are an error."""

    model_config = ConfigDict(frozen=True, extra="forbid")


BOUND = 10**6
"""Every number on a board lies within ±BOUND: generous for real games, and safe for the solver's int64."""


Color = Literal["W", "U", "B", "R", "G"]


class Quality(Frozen):
    """A quality of a creature ("black", "artifact", "with flying", "power 2 or less").

    Every field that is given must match; a list field matches when the creature has any of its
    entries. ``negate`` turns the whole test round ("creatures *without* flying").
    """

    colors: tuple[Color, ...] | None = None
    colorless: bool | None = None
    multicolored: bool | None = None
    types: tuple[str, ...] | None = None
    subtypes: tuple[str, ...] | None = None
    supertypes: tuple[str, ...] | None = None
    keywords: tuple[str, ...] | None = None
    power_at_least: int | None = Field(default=None, ge=-BOUND, le=BOUND)
    power_at_most: int | None = Field(default=None, ge=-BOUND, le=BOUND)
    toughness_at_least: int | None = Field(default=None, ge=-BOUND, le=BOUND)
    toughness_at_most: int | None = Field(default=None, ge=-BOUND, le=BOUND)
    names: tuple[str, ...] | None = Field(default=None, description="card names (\"named ~\")")
    controller: Literal["you", "opponents"] | None = Field(
        default=None, description="controlled by the ability's controller (\"you control\") or by an opponent")
    other: bool = Field(default=False, description="not the object the ability comes from (\"other\")")
    attacking: bool | None = None
    blocking: bool | None = None
    tapped: bool | None = None
    token: bool | None = Field(default=None, description="a token (true) or not (false), 111.1; needs the "
                               "permanents' ``token``")
    counter: str | None = Field(default=None, description="with at least one counter of this kind on it (\"+1/+1\"; "
                                "\"\" any kind), 122.1; needs the permanents' ``counters``")
    attacking_player: Literal["you", "enchanted"] | None = Field(
        default=None, description="attacking that player itself (not a planeswalker or battle): the ability's "
        "controller, or the player the ability's Aura enchants (\"creatures attacking enchanted player\")")
    power_less_than_count: "Quality | None" = Field(
        default=None, description="power less than the number of permanents with this quality on the battlefield, "
        "measured from the ability's controller (\"creatures with power less than the number of Islands you "
        "control\"), counted when the game is built")
    power_vs_source: Literal["less", "greater"] | None = Field(
        default=None, description="power less or greater than that of the object the ability comes from")
    toughness_over_power: bool | None = Field(
        default=None, description="its toughness is greater than its power (\"each creature you control with "
        "toughness greater than its power\"), or not")
    any_of: "tuple[Quality, ...] | None" = Field(default=None, description="matches one of these (\"and/or\")")
    all_of: "tuple[Quality, ...] | None" = Field(default=None, description="matches all of these")
    negate: bool = False


class Simple(Frozen):
    """Abilities that take no parameters."""

    kind: Literal[
        "cant_attack_or_block",
        "cant_attack_alone",
        "cant_block_alone",
        "cant_attack_or_block_alone",
        "attacks_alone_only",
        "cant_be_blocked",
        "cant_be_blocked_unless_all_block",
        "block_any_number",
        "attacks_each_combat",
        "attacks_a_player_if_able",
        "blocks_each_combat",
        "lure",
        "must_be_blocked",
        "all_attack_if_this_attacks",
        "attacks_if_creature_attacks",
        "goad",
        "blocks_shadow",
        "blocks_shadow_as_none",
        "damage_by_toughness",
        "attacks_despite_defender",
        "assigns_no_combat_damage",
        "assigns_as_though_unblocked",
        "defender_assigns_damage",
        "divides_damage_freely",
    ]


class CantAttack(Frozen):
    """This creature can't attack; with ``defender``, it can't attack that player ("you" or an id).

    ``planeswalkers`` extends "can't attack you" to the planeswalkers and battles of that player
    (Ghostly Prison style texts cover only the player, 2014-02-01 rulings).
    """

    kind: Literal["cant_attack"]
    defender: str | None = None
    planeswalkers: bool = False


class CantBlock(Frozen):
    """This creature can't block; with ``attacker`` or ``quality``, it can't block those attackers."""

    kind: Literal["cant_block"]
    attacker: str | None = None
    quality: Quality | None = None


class CanBlockOnly(Frozen):
    """This creature can block only attackers with the quality ("can block only creatures with flying")."""

    kind: Literal["can_block_only"]
    quality: Quality


class BlockerCount(Frozen):
    """Bounds on the number of creatures blocking this attacker.

    ``min_blockers``: "can't be blocked except by N or more creatures" (menace is N=2, 702.111b).
    ``max_blockers``: "can't be blocked by more than N creatures".
    """

    kind: Literal["min_blockers", "max_blockers"]
    n: int = Field(ge=1, le=BOUND)


class BlockedByQuality(Frozen):
    """"Can't be blocked by [quality] creatures" / "can't be blocked except by [quality] creatures"."""

    kind: Literal["cant_be_blocked_by", "cant_be_blocked_except_by"]
    quality: Quality


class BlockAdditional(Frozen):
    """"Can block an additional N creatures each combat" (509.1a)."""

    kind: Literal["block_additional"]
    n: int = Field(default=1, ge=1, le=BOUND)


class OthersAlso(Frozen):
    """"Can't attack (block) unless [at least N other creatures / a creature with a quality] also attack(s)
    (block(s))": a restriction on the whole declaration, not on the creature alone (508.1c, 509.1b).

    ``n`` other creatures with ``quality`` must attack (block) too whenever this one does. The quality is
    measured from the restricted creature: "a creature with greater power" is ``power_vs_source: greater``,
    greater than its own (Okk); Orcish Conscripts is ``n`` 2 and no quality.
    """

    kind: Literal["cant_attack_unless_others_attack", "cant_block_unless_others_block"]
    n: int = Field(default=1, ge=1, le=BOUND)
    quality: Quality | None = None


class BlockedByCount(Frozen):
    """"Must be blocked by [N or more / exactly N / a quality] creature(s) if able" (509.1c): one requirement,
    obeyed when the number of creatures with ``quality`` blocking this attacker lies in [at_least, at_most].

    Gorm the Great's second requirement is ``at_least`` 2; Nacatl War-Pride's is ``at_least`` 1 and
    ``at_most`` 1; Slayer's Cleaver's is ``at_least`` 1 with the quality Eldrazi.
    """

    kind: Literal["must_be_blocked_by"]
    at_least: int = Field(default=1, ge=1, le=BOUND)
    at_most: int | None = Field(default=None, ge=1, le=BOUND)
    quality: Quality | None = None

    @model_validator(mode="after")
    def _ordered(self) -> "BlockedByCount":
        if self.at_most is not None and self.at_most < self.at_least:
            raise ValueError(f"at_most ({self.at_most}) is less than at_least ({self.at_least}): no number of "
                             "blockers obeys the requirement")
        return self


class AttacksPlayer(Frozen):
    """"Attacks [player] each combat if able" (the player, not their planeswalkers)."""

    kind: Literal["attacks_player_if_able"]
    player: str


class AttacksPermanent(Frozen):
    """"Attacks [a planeswalker or battle] if able" (Gideon Jura's +2: "creatures that player controls attack Gideon
    Jura if able"). ``permanent``: its id; none: the effect's source, found by name among the planeswalkers its
    controller controls. When it isn't on the battlefield no creature can attack it, so the requirement can't be
    obeyed and asks nothing (508.1d)."""

    kind: Literal["attacks_permanent_if_able"]
    permanent: str | None = None


class BlocksAttacker(Frozen):
    """"Blocks [attacker] this turn/combat if able" (provoke 702.39a, Culling Mark style)."""

    kind: Literal["blocks_if_able"]
    attacker: str


class AttackCost(Frozen):
    """"Can't attack (you) unless its controller pays N" (508.1c-d, 508.1h).

    With ``defender`` the cost applies only to attacks on that player ("you" or an id), and with
    ``planeswalkers`` also on their planeswalkers and battles (Sphere of Safety, Baird).
    """

    kind: Literal["attack_cost"]
    amount: int = Field(ge=0, le=BOUND)
    defender: str | None = None
    planeswalkers: bool = False
    count: Quality | None = Field(default=None, description="X defined by the board (107.3): the amount is paid once "
                                  "for each permanent on the battlefield with this quality, measured from the "
                                  "ability's controller (\"where X is the number of enchantments you control\")")
    sacrifice: Quality | None = Field(default=None, description="the cost is sacrificing ``amount`` permanents with "
                                      "this quality that the creature's controller controls, not mana (508.1h: "
                                      "\"can't attack unless you sacrifice two Islands\", Leviathan)")


class BlockCost(Frozen):
    """"Can't block unless its controller pays N" (509.1c-f; War Cadence, Qal Sisma Behemoth)."""

    kind: Literal["block_cost"]
    amount: int = Field(ge=0, le=BOUND)
    count: Quality | None = Field(default=None, description="as for ``attack_cost``: the amount is paid once for each "
                                  "permanent with this quality (107.3)")


class Protection(Frozen):
    """Protection from a quality, from a player, or from everything (702.16)."""

    kind: Literal["protection"]
    quality: Quality | None = None
    player: str | None = None
    everything: bool = False


class Landwalk(Frozen):
    """Landwalk: unblockable while the defending player controls a land with the quality (702.14)."""

    kind: Literal["landwalk"]
    land: Quality


class MaxAttackers(Frozen):
    """"No more than N creatures can attack (you) each combat" (Silent Arbiter, Crawlspace)."""

    kind: Literal["max_attackers"]
    n: int = Field(ge=0, le=BOUND)
    defender: str | None = None


class MaxBlockers(Frozen):
    """"No more than N creatures can block each combat" (Silent Arbiter)."""

    kind: Literal["max_blockers_total"]
    n: int = Field(ge=0, le=BOUND)


class LandwalkBlockable(Frozen):
    """"Creatures with swampwalk can be blocked as though they didn't have swampwalk" (Quagmire; Staff of the Ages
    for every landwalk): that landwalk doesn't stop a creature from blocking (702.14c), though creatures keep it."""

    kind: Literal["landwalk_blockable"]
    landwalk: str | None = Field(default=None, description="the landwalk keyword (\"swampwalk\"); none: every "
                                 "landwalk")


class Loses(Frozen):
    """Takes abilities away (613.1f, layer 6): ``keywords`` ("loses flying"), or ``all`` abilities.

    With ``cant_gain`` the creature also can't have or gain them, whatever grants them
    ("creatures your opponents control lose flying and can't have or gain flying").
    """

    kind: Literal["loses"]
    keywords: tuple[str, ...] = ()
    all: bool = False
    cant_gain: bool = False
    others: bool = False
    """With ``all``: "loses all other abilities" (Deep Freeze): what the same object gives it stays."""


Designation = Literal["city's blessing", "monarch", "initiative", "completed a dungeon"]
"""Facts of a player the rules name: the city's blessing (702.131c), the monarch (724), the initiative (725), a
dungeon completed (309.7)."""


PermanentDesignation = Literal["monstrous", "renowned", "suspected"]
"""Designations a permanent can have (701.31b, 702.112b, 701.58b): markers rules text asks about; a suspected
permanent has menace and can't block (701.58c)."""


class Condition(Frozen):
    """A fact of the board that an ability depends on, read from the board when the game is built.

    ``control``: ``player`` controls at least ``at_least`` (at most ``at_most``) permanents with
    ``quality``; ``graveyard``: cards in ``player``'s graveyard (needs ``graveyard_size``);
    ``graveyard_types``: card types among them (needs ``graveyard_card_types``); ``life``
    and ``hand``: ``player``'s life total and hand size; ``your_turn``: ``player`` is the active
    player; ``self``: the object the ability comes from is in ``state``; ``power``, ``toughness``: its power or
    toughness (the board's current value) is at least ``at_least`` (at most ``at_most``). ``negate`` reads "unless".
    ``open``: a condition no field of the board answers (what happened this turn, a choice), given by its
    ``text``: a verdict is decided only when it is the same whether the condition holds or not.
    ``player`` "defending" means each defending player in turn (an attack restriction per player).
    """

    kind: Literal["control", "graveyard", "graveyard_types", "life", "hand", "your_turn", "self", "counters",
                  "designation", "power", "toughness", "open"]
    player: Literal["you", "opponent", "defending", "any"] = "you"
    quality: Quality | None = None
    at_least: int | None = Field(default=None, ge=0, le=BOUND)
    at_most: int | None = Field(default=None, ge=0, le=BOUND)
    state: Literal["tapped", "untapped", "attacking", "attacking alone", "blocking", "enchanted", "equipped",
                   "enchanted or equipped", "monstrous", "renowned", "suspected"] | None = None
    negate: bool = False
    counter: str | None = Field(default=None, description="``counters``: the kind of counter (\"+1/+1\", \"charge\")")
    designation: Designation | None = Field(default=None, description="``designation``: a fact of the player "
                                            "(the player's ``designations`` on the board)")
    more_than: Literal["defending", "attacking"] | None = Field(
        default=None, description="``control``: you control more such permanents than the defending player (each in "
        "turn, as ``player`` \"defending\") or the attacking player does (\"unless you control more creatures than "
        "defending player\")")
    text: str = Field(default="", description="the condition as written, for the verdict's notes")


class If(Frozen):
    """Keywords and abilities that apply only while ``condition`` holds ("as long as ...", 611.3)."""

    kind: Literal["if"]
    condition: Condition
    keywords: tuple[str, ...] = ()
    abilities: "tuple[Ability, ...]" = ()


class Grant(Frozen):
    """A static ability that gives other creatures abilities ("Creatures you control have menace").

    ``to``: whose creatures (relative to the source's controller; ``target_players``: the players an effect targets;
    ``enchanted_player``: the player the Aura it is on enchants, 303.4a); ``quality`` narrows them (Moat: creatures
    without flying); ``keywords`` and ``abilities`` are what they get.
    """

    kind: Literal["grant"]
    to: Literal["you", "opponents", "all", "target_players", "enchanted_player"] = "all"
    quality: Quality | None = None
    keywords: tuple[str, ...] = ()
    abilities: "tuple[Ability, ...]" = Field(default=(), description="abilities of a single creature, or 'if'")
    except_targets: bool = Field(default=False, description="on an effect: to every creature but its targets (\"only "
                                 "target creatures can attack this turn\")")


class Characteristics(Frozen):
    """What an object is, set or added by an effect (613.1d-e: layers 4 and 5): "becomes a blue Frog", "is black",
    "is a blue Wall in addition to its other colors and types", "are Juggernauts in addition to their other types".
    New colours replace the old ones (105.3) unless ``add_colors``; new card types replace the old card types and new
    creature types the old creature types (205.1a) unless ``add_types`` (205.1b). None: that part is unchanged.
    Power and toughness are the board's (613.4)."""

    kind: Literal["characteristics"]
    colors: tuple[Color, ...] | None = None
    add_colors: bool = False
    types: tuple[str, ...] | None = None
    subtypes: tuple[str, ...] | None = None
    add_types: bool = False


_CreatureKinds = (
    Simple | CantAttack | CantBlock | CanBlockOnly | BlockerCount | BlockedByQuality | BlockAdditional
    | AttacksPlayer | AttacksPermanent | BlocksAttacker | AttackCost | BlockCost | Protection | Landwalk | Loses
    | OthersAlso | BlockedByCount | Characteristics
)
CreatureAbility = Annotated[_CreatureKinds, Field(discriminator="kind")]
"""Abilities a single creature has."""


class PreventDamage(Frozen):
    """A prevention effect (615.1): "prevent all combat damage that would be dealt this turn" (Fog), "... dealt to
    and dealt by target creature" (two of these), "... dealt to you".

    ``dealt_to`` and ``dealt_by`` say which damage: ``any``; ``it``, the object that has the ability (a permanent's
    own, or each target of an effect); ``you``, the ability's controller (``dealt_to`` only); ``player``, any player;
    ``opponents``, an opponent or a permanent an opponent controls; ``yours``, you or another permanent you control.
    ``combat_only``: combat damage only (all damage here is combat damage; kept for what the text says). Damage that
    can't be prevented is dealt anyway (615.12)."""

    kind: Literal["prevent_damage"]
    dealt_to: Literal["any", "it", "you", "player", "opponents", "yours"] = "any"
    dealt_by: Literal["any", "it"] = "any"
    combat_only: bool = True
    amount: int | None = Field(default=None, ge=1, le=BOUND, description="a shield: \"prevent the next N damage\" "
                               "(615.7), used up as it prevents, across both combat damage steps; none: all of it")
    by_quality: Quality | None = Field(default=None, description="only damage from a source with this quality "
                                       "(\"by attacking creatures\")")
    to_quality: Quality | None = Field(default=None, description="only damage to a permanent with this quality "
                                       "(\"to attacking creatures you control\"); never to a player")
    each: int | None = Field(default=None, ge=1, le=BOUND, description="\"prevent N of that damage\": N of each "
                             "such damage event (Urza's Armor, Sphere of Truth); none: all of it")


class ModifyDamage(Frozen):
    """A replacement effect on damage (614.1a): "if a source would deal damage to a permanent or player, it deals
    double that damage to that permanent or player instead" (Furnace of Rath, ``factor`` 2), "... to you ...";
    ``dealt_to`` and ``dealt_by`` as for ``PreventDamage``, and ``player``: to any player (Charging Tuskodon);
    ``plus``: "that much damage plus 2" (Torbran); ``by_quality``/``to_quality``: which sources and recipients."""

    kind: Literal["modify_damage"]
    dealt_to: Literal["any", "it", "you", "player", "opponents", "yours"] = "any"
    dealt_by: Literal["any", "it"] = "any"
    factor: int = Field(default=2, ge=0, le=BOUND)
    plus: int = Field(default=0, ge=0, le=BOUND, description="\"it deals that much damage plus N instead\" "
                      "(Torbran, Thor): added after the factor")
    by_quality: Quality | None = Field(default=None, description="only damage from a source with this quality "
                                       "(\"a red source you control\", \"another source you control\")")
    to_quality: Quality | None = Field(default=None, description="only damage to a permanent with this quality; "
                                       "never to a player")


class RedirectDamage(Frozen):
    """A redirection effect (614.9): "all damage that would be dealt to you is dealt to ~ instead" (Empyrial Archangel,
    Protector of the Crown; Pariah's Shield: to the equipped creature), "... to you and other permanents you control
    ..." (Palisade Giant), "all damage that would be dealt to enchanted creature is dealt to its controller instead"
    (Treacherous Link). ``dealt_to``: whose damage (``you``: the ability's controller; ``yours``: that player and the
    other permanents they control; ``it``: the object that has it); ``to``: where it goes (``it``, or ``controller``:
    the controller of ``it``). The redirected damage is a new event the new recipient's effects apply to (616.1)."""

    kind: Literal["redirect_damage"]
    dealt_to: Literal["you", "yours", "it"] = "you"
    to: Literal["it", "controller"] = "it"
    combat_only: bool = False


class PlayerProtection(Frozen):
    """A player's protection (702.16): "you have protection from everything", "you gain protection from red until end
    of turn" (Seht's Tiger's result). In combat it prevents the damage sources with the quality would deal to that
    player (702.16e); it doesn't stop creatures attacking them (702.16b-c speak of targets and Auras only). "You have
    protection from each of your opponents" (Absolute Virtue, whose reminder says "You can't be dealt damage ... by
    anything controlled by your opponents") is ``from_opponents``."""

    kind: Literal["player_protection"]
    quality: Quality | None = None
    everything: bool = False
    from_opponents: bool = Field(default=False, description="protection from each of its controller's opponents "
                                 "(Absolute Virtue): damage from sources they control is prevented")


class CantGetCounters(Frozen):
    """Counters that can't be put (122.1, 614.1): "you can't get poison counters" (Melira: infect and toxic damage to
    you gives none), "players can't get counters", "creatures you control can't have -1/-1 counters put on them"
    (wither and infect damage to them puts none; the damage is still dealt: lifelink and deathtouch apply)."""

    kind: Literal["cant_get_counters"]
    who: Literal["you", "players", "your_creatures", "creatures"] = "you"
    counter: Literal["poison", "-1/-1", "any"] = "any"


class CantGainLife(Frozen):
    """Players who can't gain life (119.7): "your opponents can't gain life" (Erebos, God of the Dead; Archfiend of
    Despair), "players can't gain life" (Leyline of Punishment), "if a player would gain life, that player gains no
    life instead" (Sulfuric Vortex: a replacement with the same result). Lifelink damage is still dealt (702.15b);
    its controller gains no life, and an effect that would replace that gain does nothing (119.7). In Two-Headed
    Giant no player on such a player's team gains life (810.9g)."""

    kind: Literal["cant_gain_life"]
    who: Literal["you", "opponents", "players"] = "players"


class ModifyLifeGain(Frozen):
    """A replacement of a player's life gain (614.1a, 119.10), its controller's unless ``who`` says otherwise: "if you
    would gain life, you gain twice that much life instead" (Alhammarret's Archive, Boon Reflection: ``factor`` 2),
    "... that much life plus 1 instead" (Angel of Vitality, Heron of Hope: ``plus`` 1); "if an opponent would gain life,
    that player loses that much life instead" (Tainted Remedy: ``who`` opponents, ``loss``), "if a spell or ability
    would cause its controller to gain life, that player loses that much life instead" (Rain of Gore: ``who`` players,
    ``loss``). Each creature with lifelink dealing combat damage is a life gain event of its own (rulings); where
    several apply to one, the gaining player orders them (616.1), and once the gain is a loss the effects on gains
    apply no more (616.1f)."""

    kind: Literal["modify_life_gain"]
    factor: int = Field(default=1, ge=1, le=BOUND)
    plus: int = Field(default=0, ge=0, le=BOUND)
    who: Literal["you", "opponents", "players"] = "you"
    loss: bool = False


class Unpreventable(Frozen):
    """"Damage can't be prevented this turn": no prevention effect, protection's included, prevents any (615.12);
    scoped to its sources: "damage that would be dealt by ~ can't be prevented" (Malignus: ``dealt_by`` it), "combat
    damage that would be dealt by creatures you control can't be prevented" (``by_quality``)."""

    kind: Literal["damage_cant_be_prevented"]
    dealt_by: Literal["any", "it"] = "any"
    by_quality: Quality | None = Field(default=None, description="only damage from a source with this quality")


class Regenerate(Frozen):
    """Regeneration shields on "it" (701.15a, 614.8): "Regenerate target creature." (the effect's targets), "Regenerate
    ~." (the effect's source). The next time it would be destroyed this turn (lethal damage, 704.5g; deathtouch,
    704.5h), instead all damage marked on it is removed, it is tapped and removed from combat; each shield replaces
    one destruction, and a static ability's regeneration every one (Knight of the Holy Nimbus, 701.15b). It doesn't
    save it from toughness 0 or less (704.5f: not destruction)."""

    kind: Literal["regenerate"]
    shields: int = Field(default=1, ge=1, le=BOUND, description="how many times it was regenerated this turn (each "
                         "a shield of its own, used up by one destruction)")
    each_time: bool = Field(default=False, description="a static ability's regeneration (\"if ~ would be destroyed, "
                            "regenerate it\", 701.15b): it replaces every destruction, and ``shields`` is not counted")


class CantBeRegenerated(Frozen):
    """"Target creature can't be regenerated this turn": regeneration shields on it are not applied (701.15c)."""

    kind: Literal["cant_be_regenerated"]


PlayersWho = Literal["you", "opponents", "players"]
"""Whose: the ability's controller, their opponents (not their teammates, 102.3), or every player."""


class LifeCantChange(Frozen):
    """"Your life total can't change" (Platinum Emperion; Flare of Fortitude until end of turn): the player can't gain
    or lose life (119.7, 119.8). Damage is still dealt to them (lifelink of its source gains, commander damage counts);
    it makes them lose no life. In Two-Headed Giant it holds for the whole team (810.9g-h)."""

    kind: Literal["life_cant_change"]
    who: PlayersWho = "you"


class CantLoseGame(Frozen):
    """"You can't lose the game" (Platinum Angel, Lich's Mastery; Abyssal Persecutor's "your opponents can't lose the
    game": ``who`` opponents): the player doesn't lose by 0 or less life, poison or commander damage while it applies
    (104.3b, 704.5a, 704.5c, 704.6c); in Two-Headed Giant neither does their team (810.8a). "Can't win the game"
    changes no loss (104.2a), so it has no kind."""

    kind: Literal["cant_lose_game"]
    who: PlayersWho = "you"


class LifeFloor(Frozen):
    """"Damage that would reduce your life total to less than 1 reduces it to 1 instead" (Worship, Sustaining Spirit,
    Ali from Cairo; 614.1a): it changes the result of the damage, not the damage (rulings of Worship, 2004-10-04:
    the damage is dealt in full, for lifelink too); loss of life that isn't damage is not changed."""

    kind: Literal["life_floor"]
    who: PlayersWho = "you"
    no_loss: bool = Field(default=False, description="\"damage doesn't cause you to lose life\" (Archon of "
                          "Coronation): damage makes such a player lose no life at all (120.3a); infect still gives "
                          "poison counters, lifelink still gains")


DamageRule = (PreventDamage | ModifyDamage | Unpreventable | PlayerProtection | CantGetCounters | CantGainLife
              | ModifyLifeGain | RedirectDamage | Regenerate | CantBeRegenerated | LifeCantChange | CantLoseGame
              | LifeFloor)
"""Effects on the damage dealt rather than on a creature's combat: the damage step applies them."""

Ability = Annotated[_CreatureKinds | MaxAttackers | MaxBlockers | LandwalkBlockable | Grant | If | PreventDamage
                    | ModifyDamage | Unpreventable | PlayerProtection | CantGetCounters | CantGainLife
                    | ModifyLifeGain | RedirectDamage | Regenerate | CantBeRegenerated | LifeCantChange
                    | CantLoseGame | LifeFloor,
                    Field(discriminator="kind")]
"""Any ability in the vocabulary: a creature's own, or a global one."""

GLOBAL_KINDS = frozenset({"max_attackers", "max_blockers_total", "landwalk_blockable", "grant",
                          "damage_cant_be_prevented", "player_protection", "cant_get_counters", "cant_gain_life",
                          "modify_life_gain", "life_cant_change", "cant_lose_game", "life_floor"})
"""Kinds that act on the game rather than on the object that has them."""

Quality.model_rebuild()
Grant.model_rebuild()
If.model_rebuild()
