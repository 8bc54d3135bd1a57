"""Which keywords the checker applies, and what each one stands for in the ability vocabulary (702).

Part of reading rules text: the reader asks whether a keyword is known before the game is built, and the
game turns each keyword into the abilities it stands for. Only the models and the lexicon are needed here.
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache

from legality.text import lexicon
from models.abilities import (
    BlockerCount,
    CantAttack,
    Color,
    CreatureAbility,
    Landwalk,
    Protection,
    Quality,
    Simple,
)

COLOR_WORDS: dict[str, Color] = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
LAND_TYPES = ("plains", "island", "swamp", "mountain", "forest", "desert")

# Keywords with no bearing on declaring attackers or blockers, or whose bearing is handled by name
# (flying, reach, ...). Any other keyword is reported as not understood, never ignored silently.
KNOWN_KEYWORDS = frozenset({
    "flying", "reach", "shadow", "horsemanship", "fear", "intimidate", "skulk", "menace",
    "defender", "vigilance", "haste", "trample", "trample over planeswalkers", "deathtouch",
    "first strike", "double strike", "lifelink", "infect", "wither", "banding", "provoke",
    "indestructible", "flash", "hexproof", "shroud", "ward", "flanking", "rampage", "bushido",
    "exalted", "prowess", "annihilator", "battle cry", "myriad", "melee", "dethrone", "afflict",
    "toxic", "changeling", "unblockable",
    # a paid alternative cost gives haste (702.109a, 702.152a): the board gives haste then (attacks.PAID_HASTE);
    # a type change while a condition holds (702.161a, 702.176a): types are values the board gives
    "dash", "blitz", "living metal", "impending",
})
KEYWORD_COUNTERS = ("flying", "first strike", "double strike", "deathtouch", "exalted", "haste", "hexproof",
                    "indestructible", "lifelink", "menace", "reach", "shadow", "trample", "vigilance")
"""The keywords a keyword counter can be (122.1b): a permanent with such a counter has that keyword (613.1f)."""

_LANDWALK = re.compile(r"^(?:(snow|nonbasic|legendary) )?(\w+)walk$")
_PARAMETRIC = re.compile(r"^(ward|toxic|rampage|bushido|annihilator|afflict|flanking|equip|enchant|"
                         r"forestcycling|islandcycling|swampcycling|mountaincycling|plainscycling|cycling|dash|blitz|"
                         r"impending)\b")


@lru_cache(maxsize=2048)
def keyword_meaning(kw: str) -> tuple[CreatureAbility, ...]:
    """The abilities a keyword stands for (menace, defender, protection, landwalk); () for others. Built once per
    keyword: the abilities are immutable values."""
    return tuple(_meaning(kw))


def _meaning(kw: str) -> list[CreatureAbility]:
    def s(ab: CreatureAbility) -> CreatureAbility:
        return ab

    if kw == "menace":
        return [s(BlockerCount(kind="min_blockers", n=2))]
    if kw == "defender":
        return [s(CantAttack(kind="cant_attack"))]
    if kw == "unblockable":
        return [s(Simple(kind="cant_be_blocked"))]
    if kw.startswith("protection from "):
        what = kw.removeprefix("protection from ")
        if what == "everything":
            return [s(Protection(kind="protection", everything=True))]
        if what in COLOR_WORDS:
            return [s(Protection(kind="protection", quality=Quality(colors=(COLOR_WORDS[what],))))]
        if what == "all colors":
            return [s(Protection(kind="protection", quality=Quality(colorless=False)))]
        if what == "multicolored":  # 105.4: two or more colours
            return [s(Protection(kind="protection", quality=Quality(multicolored=True)))]
        if what == "monocolored":  # 105.4: exactly one colour
            return [s(Protection(kind="protection", quality=Quality(multicolored=False, colorless=False)))]
        if what.startswith("player "):
            return [s(Protection(kind="protection", player=what.removeprefix("player ")))]
        supertype = next((w for w in ("legendary", "snow") if what.startswith(w + " ")), None)
        if supertype is not None:  # "protection from legendary creatures" (Tsabo Tavoc)
            what = what.removeprefix(supertype + " ")
        card_type = "sorcery" if what == "sorceries" else what.removesuffix("s")
        if card_type in ("creature", "artifact", "enchantment", "land", "planeswalker", "instant", "sorcery"):
            # no permanent is an instant or a sorcery: protection from them changes nothing in combat (702.16)
            return [s(Protection(kind="protection", quality=Quality(
                types=(card_type,), supertypes=(supertype,) if supertype else None)))]
        creature_type = lexicon.creature_type(what)
        if creature_type is not None:
            return [s(Protection(kind="protection", quality=Quality(subtypes=(creature_type,))))]
        return []  # not a form it reads: is_known_keyword reports it as not understood
    m = _LANDWALK.match(kw)
    if m:
        qualifier, land = m.groups()
        q = Quality(types=("land",)) if land == "land" else Quality(types=("land",), subtypes=(land,))
        if qualifier == "snow":
            q = q.model_copy(update={"supertypes": ("snow",)})
        elif qualifier == "legendary":
            q = q.model_copy(update={"supertypes": ("legendary",)})
        elif qualifier == "nonbasic":  # one landwalk: a land that is not basic (702.14c), not two
            q = q.model_copy(update={"all_of": (Quality(supertypes=("basic",), negate=True),)})
        return [s(Landwalk(kind="landwalk", land=q))]
    return []


def did_you_mean(kw: str) -> str:
    """"; did you mean 'flying'?" for a misspelled keyword, or "" when nothing is close."""
    close = difflib.get_close_matches(kw, sorted(KNOWN_KEYWORDS), n=2, cutoff=0.75)
    return f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""


@lru_cache(maxsize=1024)
def is_known_keyword(kw: str) -> bool:
    """Whether the checker applies this keyword as the rules say: it acts (``keyword_abilities``), is
    handled by name in combat (``KNOWN_KEYWORDS``), or is a keyword of rule 702 with no bearing on
    declaring attackers or blockers (the lexicon's combat flag; combat triggers change values the
    board gives). "protection from X" is known only in the forms ``keyword_abilities`` applies.
    """
    kw = _norm(kw)
    if kw.startswith("protection from "):
        return bool(keyword_meaning(kw))
    if kw in KNOWN_KEYWORDS or _LANDWALK.match(kw) or _PARAMETRIC.match(kw):
        return True
    info = lexicon.keyword(kw)
    return info is not None and info.combat in (None, "combat trigger")


def _norm(kw: str) -> str:
    return " ".join(kw.lower().split())
