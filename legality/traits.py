"""Board → the abilities each creature has now: keywords, its own abilities, Auras, effects, grants.

This is the "abilities" stage of the pipeline. It knows where abilities come from (the permanent
itself, what is attached to it, effects that target it, static abilities that grant to many) but
not what they mean for combat; ``attacks`` and ``blocks`` turn them into rules.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from legality.text import lexicon

if TYPE_CHECKING:
    from legality.text.read import Reading
from models.abilities import (
    GLOBAL_KINDS,
    Ability,
    BlockerCount,
    CantAttack,
    Color,
    CreatureAbility,
    Grant,
    If,
    Landwalk,
    Loses,
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
    _creatures: dict[str, list[Permanent]] = field(default_factory=dict, compare=False, repr=False)

    def context(self, s: Sourced) -> MatchContext:
        """What a quality in ability ``s`` is measured against: its controller, its source, the combat."""
        return MatchContext.of(self.board).for_source(s.you, self.perms.get(s.origin))

    def creatures_of(self, player: str) -> list[Permanent]:
        """Creatures this player controls, in board order."""
        if not self._creatures:
            for p in self.board.permanents:
                if p.is_creature:
                    self._creatures.setdefault(p.controller, []).append(p)
        return list(self._creatures.get(player, ()))


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
    """Whether the checker applies this keyword as the rules say: it acts (``keyword_abilities``), is
    handled by name in combat (``KNOWN_KEYWORDS``), or is a keyword of rule 702 with no bearing on
    declaring attackers or blockers (the lexicon's combat flag; combat triggers change values the
    board gives). "protection from X" is known only in the forms ``keyword_abilities`` applies.
    """
    kw = _norm(kw)
    if kw.startswith("protection from "):
        return bool(keyword_abilities(kw, "", "", ""))
    if kw in KNOWN_KEYWORDS or _LANDWALK.match(kw) or _PARAMETRIC.match(kw):
        return True
    info = lexicon.keyword(kw)
    return info is not None and info.combat in (None, "combat trigger")


@dataclass(frozen=True)
class MatchContext:
    """What relative qualities are measured against: the ability's controller and source, and combat."""

    you: str | None = None
    source: Permanent | None = None
    attacking: frozenset[str] = frozenset()
    blocking: frozenset[str] = frozenset()
    targets: Mapping[str, str] = field(default_factory=dict)

    @staticmethod
    def of(board: Board) -> MatchContext:
        """Who is attacking (what) and blocking on this board (for "attacking creatures" and the like)."""
        targets = {a.attacker: a.target for a in board.attacks or () if a.declared}
        return MatchContext(attacking=frozenset(targets), blocking=frozenset(b.blocker for b in board.blocks or ()),
                            targets=targets)

    def for_source(self, you: str | None, source: Permanent | None) -> MatchContext:
        return MatchContext(you, source, self.attacking, self.blocking, self.targets)


NO_CONTEXT = MatchContext()


def matches(q: Quality, p: Permanent, keywords: frozenset[str], ctx: MatchContext = NO_CONTEXT) -> bool:
    """Whether permanent ``p`` (with these keywords) has quality ``q`` (relative parts measured by ``ctx``)."""
    colors = set(p.colors or ())
    ok = True
    if q.colors is not None:
        ok &= bool(colors & set(q.colors))
    if q.colorless is not None:
        ok &= (not colors) == q.colorless
    if q.multicolored is not None:
        ok &= (len(colors) > 1) == q.multicolored
    if q.types is not None:
        ok &= bool({t.lower() for t in q.types} & set(p.card_types))
    if q.subtypes is not None:
        ok &= bool({t.lower() for t in q.subtypes} & {t.lower() for t in p.subtypes or ()})
    if q.supertypes is not None:
        ok &= bool({t.lower() for t in q.supertypes} & {t.lower() for t in p.supertypes or ()})
    if q.keywords is not None:
        ok &= bool({k.lower() for k in q.keywords} & keywords)
    for bound, value, least in ((q.power_at_least, p.power, True), (q.power_at_most, p.power, False),
                                (q.toughness_at_least, p.toughness, True), (q.toughness_at_most, p.toughness, False)):
        if bound is not None:
            ok &= value is not None and (value >= bound if least else value <= bound)
    if q.names is not None:
        ok &= p.name.lower() in {n.lower() for n in q.names}
    if q.controller is not None:
        ok &= ctx.you is not None and (p.controller == ctx.you) == (q.controller == "you")
    if q.other:
        ok &= ctx.source is None or p.id != ctx.source.id
    if q.attacking is not None:
        ok &= (p.id in ctx.attacking) == q.attacking
    if q.blocking is not None:
        ok &= (p.id in ctx.blocking) == q.blocking
    if q.tapped is not None:
        ok &= p.tapped == q.tapped
    if q.attacking_player is not None:  # the player itself, not their planeswalkers or battles (506.2)
        player = ctx.you if q.attacking_player == "you" else ctx.source.attached_to if ctx.source else None
        ok &= player is not None and ctx.targets.get(p.id) == player
    if q.power_vs_source is not None:
        src = ctx.source.power if ctx.source is not None else None
        ok &= src is not None and p.power is not None and (
            p.power < src if q.power_vs_source == "less" else p.power > src)
    if q.any_of is not None:
        ok &= any(matches(sub, p, keywords, ctx) for sub in q.any_of)
    if q.all_of is not None:
        ok &= all(matches(sub, p, keywords, ctx) for sub in q.all_of)
    return ok != q.negate


def _norm(kw: str) -> str:
    return " ".join(kw.lower().split())


STEPS = ("declaration of attackers", "declaration of blockers", "combat damage")
_EVENTS = ((r"\battack", 0, "when attackers are declared"), (r"\bblock", 1, "when blockers are declared"),
           (r"\bdamage\b", 2, "when combat damage is dealt"), (r"\bend of combat\b", 3, "at end of combat"))


def judged_step(board: Board) -> str:
    """The step a board is judged at (the contract: damage, else blocks, else attacks)."""
    return STEPS[2] if board.damage is not None else STEPS[1] if board.blocks is not None else STEPS[0]


def trigger_later(event: str, step: str) -> str | None:
    """When a triggered ability with this event triggers, if that is only at or after the step judged
    (it can't have resolved before that declaration: 508.3a, 603.3); None if it may have resolved."""
    found = [(order, words) for pattern, order, words in _EVENTS if re.search(pattern, event)]
    if not found or min(order for order, _ in found) < STEPS.index(step):
        return None
    return " or ".join(words for _, words in found)


SOURCE = "\x00source"
"""A stand-in permanent id: a card's text is read once for every permanent of that card."""


def read_card(text: str, name: str, hand_size: int | None, source_id: str) -> list[Reading]:
    """``read`` of a permanent's own text, cached by card rather than by permanent: read once with a
    stand-in id and no hand size, again with the hand size only if the text counts cards in hand, and
    with the real id only if the readings name their source."""
    readings, names_source = _read_card(text, name, None)
    if hand_size is not None and any("hand_size" in r.note for r in readings if r.status == "not understood"):
        readings, names_source = _read_card(text, name, hand_size)
    if not names_source:
        return list(readings)
    from legality.text.context import Context
    from legality.text.read import read

    return read(text, name, Context(hand_size=hand_size, source_id=source_id, name=name))


@lru_cache(maxsize=4096)
def _read_card(text: str, name: str, hand_size: int | None) -> tuple[tuple[Reading, ...], bool]:
    """Read once per process, and once per version of the reader where the on-disk store is on."""
    from legality.text import stored
    from legality.text.cache import store
    from legality.text.context import Context
    from legality.text.read import read

    disk = store()
    key = disk.key("card", text, name, hand_size, SOURCE)
    text_kept = disk.get(key)
    kept = None if text_kept is None else stored.decode(text_kept)
    if kept is not None:
        return kept
    readings = tuple(read(text, name, Context(hand_size=hand_size, source_id=SOURCE, name=name)))
    names_source = SOURCE in repr(readings)
    as_text = stored.encode(readings, names_source)
    if as_text is not None:
        disk.put(key, as_text)
    return readings, names_source


def build_game(board: Board) -> Game:
    """Work out every creature's traits from all sources (abilities stage of the pipeline)."""
    from legality.conditions import holds
    from legality.text.context import Context
    from legality.text.read import read

    perms = {p.id: p for p in board.permanents}
    unread: list[str] = []
    warnings: list[str] = []
    own_kw: dict[str, list[tuple[str, str, str, str]]] = {p.id: [] for p in board.permanents}
    own_ab: dict[str, list[Sourced]] = {p.id: [] for p in board.permanents}
    grants: list[tuple[Grant, str, str, str, tuple[str, ...] | None]] = []
    globals_: list[GlobalRule] = []

    def take(ab: Ability, holder: str | None, source: str, origin: str, you: str,
             targets: tuple[str, ...] | None) -> None:
        if isinstance(ab, If):
            answer = holds(board, ab.condition, you, origin)
            label = f"{source} ({origin})" if origin in perms else f"effect {source!r}"
            if answer.value is None:
                unread.append(f"{label}: condition {ab.condition.text or ab.condition.kind!r}: {answer.why}")
                return
            warnings.append(f"{label}: condition {ab.condition.text!r} {'holds' if answer.value else 'does not hold'}"
                            f" ({answer.why})")
            for kw in ab.keywords if answer.value else ():
                if holder in own_kw:
                    own_kw[holder].append((_norm(kw), source, origin, you))
            for inner in ab.abilities:
                if answer.per_player is not None and isinstance(inner, CantAttack):
                    for pid in answer.per_player:
                        take(inner.model_copy(update={"defender": pid}), holder, source, origin, you, targets)
                elif answer.value:
                    take(inner, holder if inner.kind not in GLOBAL_KINDS else None, source, origin, you, targets)
        elif isinstance(ab, Grant):
            grants.append((ab, source, origin, you, targets))
        elif isinstance(ab, (MaxAttackers, MaxBlockers)):
            globals_.append(GlobalRule(ab, source, you))
        elif holder is not None and holder in own_ab:
            own_ab[holder].append(Sourced(ab, source, origin, you))

    hand = {pl.id: pl.hand_size for pl in board.players}
    step = judged_step(board)
    for p in board.permanents:
        holder = p.id
        attached = p.attached_to if p.attached_to in perms and not p.is_creature else None
        if attached is not None:
            holder = attached
        for kw in p.keywords:
            own_kw[holder].append((_norm(kw), p.name, p.id, p.controller))
        text: list[tuple[str, Ability]] = []
        text_keywords: list[tuple[str, str]] = []
        if p.oracle and p.oracle.strip():
            for r in read_card(p.oracle, p.name, hand.get(p.controller), p.id):
                where = r.note.split(";")[0]
                later = trigger_later(r.event, step) if r.event else None
                if later is not None:
                    warnings.append(f"{p.name} ({p.id}): {r.sentence!r} triggers {later}, so it can't have resolved "
                                    f"before the {step} judged here (508.3a, 509.5a, 603.3)")
                elif r.status == "not understood" or r.event:
                    unread.append(f"{p.name} ({p.id}): {r.sentence!r}: {r.note}")
                elif where == "target":
                    unread.append(f"{p.name} ({p.id}): {r.sentence!r}: targets a creature; give the result as an "
                                  "effect with targets")
                elif r.status == "understood":
                    to = attached if where == "attached" else p.id
                    if to is None:
                        continue  # "enchanted creature" while attached to nothing: no creature has it
                    text_keywords.extend((_norm(k), to) for k in r.keywords)
                    text.extend((to, a) for a in r.abilities)
        for kw, to in text_keywords:
            own_kw[to].append((kw, p.name, p.id, p.controller))
        twice = sorted(({a.kind for _, a in text} & {a.kind for a in p.abilities})
                       | ({k for k, _ in text_keywords} & {_norm(k) for k in p.keywords}))
        if twice:
            warnings.append(f"{p.name} ({p.id}): {', '.join(twice)} given both in its rules text and as structured "
                            "keywords/abilities; they count twice (abilities come from all sources together); give "
                            "\"oracle\": \"\" if the structured ones replace the text")
        for to, ab in ((holder, a) for a in p.abilities):
            take(ab, to if ab.kind not in GLOBAL_KINDS else None, p.name, p.id, p.controller, None)
        for to, ab in text:
            take(ab, to if ab.kind not in GLOBAL_KINDS else None, p.name, p.id, p.controller, None)

    for i, e in enumerate(board.effects):
        origin = f"effect[{i}]"
        targets = tuple(t for t in e.targets if t in perms)
        text_abilities: list[Ability] = []
        if e.text and e.text.strip():
            ctx = Context(x=e.x, hand_size=hand.get(e.controller), source_id=e.source_id, name=e.source)
            for r in read(e.text, e.source, ctx):
                if r.status == "not understood":
                    unread.append(f"effect {e.source!r}: {r.sentence!r}: {r.note}")
                    continue
                if r.status == "understood" and r.note.startswith("target") and not targets:
                    unread.append(f"effect {e.source!r}: {r.sentence!r}: applies to creatures it names or targets: "
                                  "give them as the effect's targets")
                    continue
                if r.keywords:
                    text_abilities.append(Grant(kind="grant", keywords=r.keywords))
                text_abilities.extend(r.abilities)
        if e.abilities and not targets and any(ab.kind not in GLOBAL_KINDS for ab in e.abilities):
            unread.append(f"effect {e.source!r}: its abilities apply to its targets, and it has none: give targets")
        for ab in (*e.abilities, *text_abilities):
            if ab.kind in GLOBAL_KINDS:
                take(ab, None, e.source, origin, e.controller, targets or None)
            else:
                for t in targets:
                    take(ab, t, e.source, origin, e.controller, None)

    base_kw = {pid: frozenset(k for k, *_ in kws) for pid, kws in own_kw.items()}
    granted_kw: dict[str, list[tuple[str, str, str, str]]] = {pid: [] for pid in perms}
    combat = MatchContext.of(board)
    for g, source, origin, you, only in grants:
        within = combat.for_source(you, perms.get(origin))
        for p in board.permanents:
            if not p.is_creature:
                continue
            if only is not None:
                if p.id not in only:
                    continue
            elif (g.to == "you" and p.controller != you) or (g.to == "opponents" and p.controller == you):
                continue
            if g.quality is not None and not matches(g.quality, p, base_kw[p.id], within):
                continue
            granted_kw[p.id].extend((_norm(k), source, origin, you) for k in g.keywords)
            for ab in g.abilities:
                take(ab, p.id, source, origin, you, None)

    traits: dict[str, Traits] = {}
    for p in board.permanents:
        kws = own_kw[p.id] + granted_kw[p.id]
        losses = [s.ability for s in own_ab[p.id] if isinstance(s.ability, Loses)]
        if any(loss.all for loss in losses):
            kws, own_ab[p.id] = [], [s for s in own_ab[p.id] if isinstance(s.ability, Loses)]
        gone = {_norm(k) for loss in losses for k in loss.keywords}
        kws = [k for k in kws if k[0] not in gone]
        abilities = [s for s in own_ab[p.id] if s.keyword is None or s.keyword not in gone]
        for kw, source, origin, you in kws:
            abilities.extend(keyword_abilities(kw, source, origin, you))
            if not is_known_keyword(kw):
                unread.append(f"{p.name} ({p.id}): keyword {kw!r} is not known{did_you_mean(kw)}")
        traits[p.id] = Traits(frozenset(k for k, *_ in kws), tuple(abilities))
    return Game(board, perms, traits, tuple(globals_), tuple(dict.fromkeys(unread)), tuple(warnings))
