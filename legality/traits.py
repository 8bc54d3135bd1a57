"""Board → the abilities each creature has now: keywords, its own abilities, Auras, effects, grants.

This is the "abilities" stage of the pipeline. It knows where abilities come from (the permanent
itself, what is attached to it, effects that target it, static abilities that grant to many) but
not what they mean for combat; ``attacks`` and ``blocks`` turn them into rules.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass

from models.abilities import (
    GLOBAL_KINDS,
    Ability,
    BlockerCount,
    CantAttack,
    Color,
    CreatureAbility,
    Grant,
    Landwalk,
    MaxAttackers,
    MaxBlockers,
    Protection,
    Quality,
    Simple,
)
from models.board import Board, Permanent

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
})
_LANDWALK = re.compile(r"^(?:(snow|nonbasic|legendary) )?(\w+)walk$")
_PARAMETRIC = re.compile(r"^(ward|toxic|rampage|bushido|annihilator|afflict|flanking|equip|enchant|"
                         r"forestcycling|islandcycling|swampcycling|mountaincycling|plainscycling|cycling|dash)\b")
_PROTECTION = re.compile(r"^protection from (white|blue|black|red|green|all colors|everything|creatures|artifacts|"
                         r"enchantments|lands|planeswalkers|player \S+)$")


@dataclass(frozen=True)
class Sourced:
    """An ability and where it comes from: the source's name, a unique origin key, and "you"."""

    ability: CreatureAbility
    source: str
    origin: str
    you: str
    keyword: str | None = None


@dataclass(frozen=True)
class Traits:
    """What one creature has now: keyword names and abilities (keywords that act are included)."""

    keywords: frozenset[str]
    abilities: tuple[Sourced, ...]

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    def of(self, *kinds: str) -> list[Sourced]:
        return [s for s in self.abilities if s.ability.kind in kinds]


@dataclass(frozen=True)
class GlobalRule:
    """A game-wide ability: "no more than N creatures can attack (you) / block" (802.3a)."""

    ability: MaxAttackers | MaxBlockers
    source: str
    you: str


@dataclass(frozen=True)
class Game:
    """The board with every creature's traits worked out, plus what could not be read."""

    board: Board
    perms: Mapping[str, Permanent]
    traits: Mapping[str, Traits]
    globals: tuple[GlobalRule, ...]
    unread: tuple[str, ...]
    warnings: tuple[str, ...] = ()

    def creatures_of(self, player: str) -> list[Permanent]:
        """Creatures this player controls, in board order."""
        return [p for p in self.board.permanents if p.is_creature and p.controller == player]


def keyword_abilities(kw: str, source: str, origin: str, you: str) -> list[Sourced]:
    """The abilities a keyword stands for (menace, defender, protection, landwalk); [] for others."""
    def s(ab: CreatureAbility) -> Sourced:
        return Sourced(ab, source, origin, you, kw)

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
        if what.startswith("player "):
            return [s(Protection(kind="protection", player=what.removeprefix("player ")))]
        card_type = what.removesuffix("s")
        if card_type in ("creature", "artifact", "enchantment", "land", "planeswalker"):
            return [s(Protection(kind="protection", quality=Quality(types=(card_type,))))]
        return []  # not a form it reads: is_known_keyword reports it as not understood
    m = _LANDWALK.match(kw)
    if m:
        qualifier, land = m.groups()
        q = Quality(types=("land",)) if land == "land" else Quality(types=("land",), subtypes=(land,))
        if qualifier == "snow":
            q = q.model_copy(update={"supertypes": ("snow",)})
        elif qualifier == "legendary":
            q = q.model_copy(update={"supertypes": ("legendary",)})
        elif qualifier == "nonbasic":
            return [s(Landwalk(kind="landwalk", land=q)),
                    s(Landwalk(kind="landwalk", land=Quality(supertypes=("basic",), negate=True)))]
        return [s(Landwalk(kind="landwalk", land=q))]
    return []


def did_you_mean(kw: str) -> str:
    """"; did you mean 'flying'?" for a misspelled keyword, or "" when nothing is close."""
    close = difflib.get_close_matches(kw, sorted(KNOWN_KEYWORDS), n=2, cutoff=0.75)
    return f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""


def is_known_keyword(kw: str) -> bool:
    return (kw in KNOWN_KEYWORDS or bool(_PROTECTION.match(kw)) or bool(_LANDWALK.match(kw))
            or bool(_PARAMETRIC.match(kw)))


def matches(q: Quality, p: Permanent, keywords: frozenset[str]) -> bool:
    """Whether permanent ``p`` (with these keywords) has quality ``q``."""
    colors = set(p.colors or ())
    ok = True
    if q.colors is not None:
        ok &= bool(colors & set(q.colors))
    if q.colorless is not None:
        ok &= (not colors) == q.colorless
    if q.types is not None:
        ok &= bool({t.lower() for t in q.types} & set(p.card_types))
    if q.subtypes is not None:
        ok &= bool({t.lower() for t in q.subtypes} & {t.lower() for t in p.subtypes or ()})
    if q.supertypes is not None:
        ok &= bool({t.lower() for t in q.supertypes} & {t.lower() for t in p.supertypes or ()})
    if q.keywords is not None:
        ok &= bool({k.lower() for k in q.keywords} & keywords)
    if q.power_at_least is not None:
        ok &= p.power is not None and p.power >= q.power_at_least
    if q.power_at_most is not None:
        ok &= p.power is not None and p.power <= q.power_at_most
    return ok != q.negate


def _norm(kw: str) -> str:
    return " ".join(kw.lower().split())


def build_game(board: Board) -> Game:
    """Work out every creature's traits from all sources (abilities stage of the pipeline)."""
    from legality.text.grammar import Context
    from legality.text.read import read

    perms = {p.id: p for p in board.permanents}
    unread: list[str] = []
    own_kw: dict[str, list[tuple[str, str, str, str]]] = {p.id: [] for p in board.permanents}
    own_ab: dict[str, list[Sourced]] = {p.id: [] for p in board.permanents}
    grants: list[tuple[Grant, str, str, str, tuple[str, ...] | None]] = []
    globals_: list[GlobalRule] = []

    def take(ab: object, holder: str | None, source: str, origin: str, you: str,
             targets: tuple[str, ...] | None) -> None:
        if isinstance(ab, Grant):
            grants.append((ab, source, origin, you, targets))
        elif isinstance(ab, (MaxAttackers, MaxBlockers)):
            globals_.append(GlobalRule(ab, source, you))
        elif holder is not None and holder in own_ab:
            own_ab[holder].append(Sourced(ab, source, origin, you))  # type: ignore[arg-type]

    hand = {pl.id: pl.hand_size for pl in board.players}
    warnings: list[str] = []
    for p in board.permanents:
        holder = p.id
        if p.attached_to in perms and not p.is_creature:
            holder = p.attached_to
        for kw in p.keywords:
            own_kw[holder].append((_norm(kw), p.name, p.id, p.controller))
        text_abilities: list[Ability] = []
        text_keywords: list[str] = []
        if p.oracle and p.oracle.strip():
            for r in read(p.oracle, p.name, Context(hand_size=hand.get(p.controller), source_id=p.id)):
                if r.status == "not understood":
                    unread.append(f"{p.name} ({p.id}): {r.sentence!r}: {r.note}")
                elif r.note == "target":
                    unread.append(f"{p.name} ({p.id}): {r.sentence!r}: targets a creature; give the result as an "
                                  "effect with targets")
                else:
                    text_keywords.extend(_norm(k) for k in r.keywords)
                    text_abilities.extend(r.abilities)
        own_kw[holder].extend((k, p.name, p.id, p.controller) for k in text_keywords)
        twice = sorted(({a.kind for a in text_abilities} & {a.kind for a in p.abilities})
                       | (set(text_keywords) & {_norm(k) for k in p.keywords}))
        if twice:
            warnings.append(f"{p.name} ({p.id}): {', '.join(twice)} given both in its rules text and as structured "
                            "keywords/abilities; they count twice (abilities come from all sources together); give "
                            "\"oracle\": \"\" if the structured ones replace the text")
        for ab in (*p.abilities, *text_abilities):
            take(ab, holder if ab.kind not in GLOBAL_KINDS else None, p.name, p.id, p.controller, None)

    for i, e in enumerate(board.effects):
        origin = f"effect[{i}]"
        targets = tuple(t for t in e.targets if t in perms)
        text_abilities = []
        if e.text and e.text.strip():
            ctx = Context(x=e.x, hand_size=hand.get(e.controller), source_id=e.source_id)
            for r in read(e.text, e.source, ctx):
                if r.status == "not understood":
                    unread.append(f"effect {e.source!r}: {r.sentence!r}: {r.note}")
                elif r.keywords:
                    text_abilities.append(Grant(kind="grant", keywords=r.keywords))
                text_abilities.extend(r.abilities)
        for ab in (*e.abilities, *text_abilities):
            if ab.kind in GLOBAL_KINDS:
                take(ab, None, e.source, origin, e.controller, targets or None)
            else:
                for t in targets:
                    take(ab, t, e.source, origin, e.controller, None)

    base_kw = {pid: frozenset(k for k, *_ in kws) for pid, kws in own_kw.items()}
    granted_kw: dict[str, list[tuple[str, str, str, str]]] = {pid: [] for pid in perms}
    for g, source, origin, you, only in grants:
        for p in board.permanents:
            if not p.is_creature:
                continue
            if only is not None:
                if p.id not in only:
                    continue
            elif (g.to == "you" and p.controller != you) or (g.to == "opponents" and p.controller == you):
                continue
            if g.quality is not None and not matches(g.quality, p, base_kw[p.id]):
                continue
            granted_kw[p.id].extend((_norm(k), source, origin, you) for k in g.keywords)
            own_ab[p.id].extend(Sourced(ab, source, origin, you) for ab in g.abilities)

    traits: dict[str, Traits] = {}
    for p in board.permanents:
        kws = own_kw[p.id] + granted_kw[p.id]
        abilities = list(own_ab[p.id])
        for kw, source, origin, you in kws:
            abilities.extend(keyword_abilities(kw, source, origin, you))
            if not is_known_keyword(kw):
                unread.append(f"{p.name} ({p.id}): keyword {kw!r} is not known{did_you_mean(kw)}")
        traits[p.id] = Traits(frozenset(k for k, *_ in kws), tuple(abilities))
    return Game(board, perms, traits, tuple(globals_), tuple(dict.fromkeys(unread)), tuple(warnings))
