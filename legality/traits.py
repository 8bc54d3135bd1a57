"""Board → the abilities each creature has now: keywords, its own abilities, Auras, effects, grants.

This is the "abilities" stage of the pipeline. It knows where abilities come from (the permanent
itself, what is attached to it, effects that target it, static abilities that grant to many) but
not what they mean for combat; ``attacks`` and ``blocks`` turn them into rules.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cached_property, lru_cache

from msgspec import Struct

from legality.conditions import Answer, holds
from legality.counts import counted
from legality.deadline import check
from legality.layers import Offer, characteristics, face_down, lost_all, removes, stamp
from legality.match import NO_CONTEXT, MatchContext, matches
from legality.text import lexicon, stored
from legality.text.cache import store
from legality.text.context import Context
from legality.text.keywords import KEYWORD_COUNTERS, KNOWN_KEYWORDS, did_you_mean, is_known_keyword, keyword_meaning
from legality.text.reading import ATTACK_WORDS, BLOCK_WORDS, PT_NOTE, Reading
from legality.text.terms import has_combat_word
from models.abilities import (
    GLOBAL_KINDS,
    Ability,
    CantAttack,
    CantBeRegenerated,
    CantBlock,
    CantGainLife,
    CantGetCounters,
    CantLoseGame,
    Characteristics,
    Condition,
    CreatureAbility,
    DamageRule,
    Grant,
    If,
    LandwalkBlockable,
    LifeCantChange,
    LifeFloor,
    Loses,
    MaxAttackers,
    MaxBlockers,
    ModifyDamage,
    ModifyLifeGain,
    PlayerProtection,
    PreventDamage,
    RedirectDamage,
    Regenerate,
    Unpreventable,
)
from models.board import Board, Permanent

__all__ = ["KNOWN_KEYWORDS", "NO_CONTEXT", "Game", "MatchContext", "Sourced", "Traits", "build_game",
           "did_you_mean", "is_known_keyword", "keyword_abilities", "matches"]


class Sourced(Struct, frozen=True):
    """An ability and where it comes from: the source's name, a unique origin key, and "you"."""

    ability: CreatureAbility
    source: str
    origin: str
    you: str
    keyword: str | None = None


class DamageEffect(Struct, frozen=True):
    """A prevention effect or "damage can't be prevented" in force, with what "it" is (the permanent that has the
    ability, or each target of the effect) and "you" (its controller)."""

    ability: DamageRule
    source: str
    you: str
    holder: str | None
    origin: str | None = None
    """The permanent (or ``effect[i]``) the ability comes from: "another source you control" is measured from it."""


class Traits(Struct, frozen=True):
    """What one creature has now: keyword names and abilities (keywords that act are included)."""

    keywords: frozenset[str]
    abilities: tuple[Sourced, ...]

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    def of(self, *kinds: str) -> list[Sourced]:
        return [s for s in self.abilities if s.ability.kind in kinds]


class GlobalRule(Struct, frozen=True):
    """A game-wide ability: "no more than N creatures can attack (you) / block" (802.3a); a landwalk that doesn't
    stop blocking (702.14c)."""

    ability: MaxAttackers | MaxBlockers | LandwalkBlockable
    source: str
    you: str


class Game(Struct, frozen=True, dict=True):
    """The board with every creature's traits worked out, plus what could not be read."""

    board: Board
    perms: Mapping[str, Permanent]
    traits: Mapping[str, Traits]
    globals: tuple[GlobalRule, ...]
    unread: tuple[str, ...]
    warnings: tuple[str, ...] = ()
    damage_effects: tuple[DamageEffect, ...] = ()
    open_conditions: tuple[tuple[str, str], ...] = ()
    """Conditions the board does not decide: (key, the entry of ``unread`` that names it); ``build_game`` with
    ``assume`` takes each key as holding or not (``either.py`` judges every way)."""

    def context(self, s: Sourced) -> MatchContext:
        """What a quality in ability ``s`` is measured against: its controller, its source, the combat."""
        return MatchContext.of(self.board).for_source(s.you, self.perms.get(s.origin))

    @cached_property
    def creatures(self) -> tuple[Permanent, ...]:
        """The creatures on the board, in board order: worked out once, for every defending player's problem."""
        return tuple(p for p in self.board.permanents if p.is_creature)


@lru_cache(maxsize=8192)
def keyword_abilities(kw: str, source: str, origin: str, you: str) -> tuple[Sourced, ...]:
    """The abilities a keyword stands for, with where they come from (``keywords.keyword_meaning``); built once
    for each (keyword, source, permanent, controller), which recur board after board in a batch."""
    return tuple(Sourced(ab, source, origin, you, kw) for ab in keyword_meaning(kw))


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


def effect_sources(board: Board) -> frozenset[str]:
    """Permanent ids and lower-cased names that some effect on the board names as its source."""
    return frozenset(x for e in board.effects for x in (e.source_id, e.source.lower()) if x)


def resolved_note(r: Reading, p: Permanent, step: str, sourced: frozenset[str]) -> str | None:
    """The note an activated or triggered ability of ``p`` gets: it never decides a declaration (602.2, 603.3), but
    its result, once resolved, is an effect the board must give. None when it can't matter to the step judged
    (no combat meaning) or an effect on the board already has ``p`` as its source."""
    if r.kind == "elsewhere" or not (_combat_effect(r) or (step == STEPS[2] and REGENERATES.search(r.sentence))):
        return None
    label = f"{p.name} ({p.id})"
    later = trigger_later(r.event, step) if r.kind == "triggered" and r.event else None
    if later is not None:
        return (f"{label}: {r.sentence!r} triggers {later}, so it can't have resolved before the {step} judged "
                "here (508.3a, 509.5a, 603.3)")
    if p.id in sourced or p.name.lower() in sourced:
        return None
    rule = "602.2, 608.2" if r.kind == "activated" else "603.3, 608.2"
    verb = "activated and resolved" if r.kind == "activated" else "resolved"
    return (f"{label}: {r.kind} ability {r.sentence!r} changes nothing until it is {verb} ({rule}); if it has, "
            f"give its result as an effect with {p.name} as its source")


REGENERATES = re.compile(r"\bregenerat\w*")
"""An activated or triggered ability that regenerates or stops regeneration (701.15a, c): its result bears on the
damage step only ("{B}: Regenerate this creature.", Lim-Dûl's Cohort's "that creature can't be regenerated")."""


def combat_pt_note(r: Reading, p: Permanent) -> str | None:
    """The note a static power/toughness change gets once attackers are declared, when its subject or condition is
    about combat ("gets -2/-0 as long as two or more creatures are blocking it", "attacking creatures you control
    get +1/+0"): the board's values are taken as current (613.4c), so they must already hold it."""
    if r.status != "no combat meaning" or PT_NOTE not in r.note or not (
            ATTACK_WORDS.search(r.sentence) or BLOCK_WORDS.search(r.sentence)):
        return None
    return (f"{p.name} ({p.id}): {r.sentence!r} changes power and toughness with the declarations made (613.4c); "
            "the power and toughness on the board are taken as current, with it applied")


def _combat_effect(r: Reading) -> bool:
    """Whether an activated or triggered ability's effect can matter to combat: read as having one, or (not read,
    or not parsed) holding a combat word after its cost or trigger."""
    if r.status == "understood":
        return True
    if r.status == "no combat meaning" and r.kind == "triggered":
        return False
    effect = r.sentence.split(":", 1)[1] if r.kind == "activated" and ":" in r.sentence else r.sentence
    if r.kind == "triggered" and "," in effect:
        effect = effect.split(",", 1)[1]
    return has_combat_word(effect)


def read(text: str, name: str | None, ctx: Context) -> list[Reading]:
    """``legality.text.read.read``, the reader imported the first time a text is read that no store holds: a process
    judging cards whose readings are kept (``legality.text.cache``) never imports it, its grammar or its tables."""
    from legality.text.read import read as reader

    return reader(text, name, ctx)


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

    return read(text, name, Context(hand_size=hand_size, source_id=source_id, name=name))


@lru_cache(maxsize=4096)
def _read_card(text: str, name: str, hand_size: int | None) -> tuple[tuple[Reading, ...], bool]:
    """Read once per process, and once per version of the reader where the on-disk store is on."""
    disk = store()
    key = disk.key("card", text, name, hand_size, SOURCE)
    text_kept = disk.get(key)
    kept = None if text_kept is None else stored.decode(text_kept)
    if kept is not None:
        return kept
    readings = tuple(read(text, name, Context(hand_size=hand_size, source_id=SOURCE, name=name)))
    names = names_source(readings)
    as_text = stored.encode(readings, names)
    if as_text is not None:
        disk.put(key, as_text)
    return readings, names


def names_source(readings: tuple[Reading, ...]) -> bool:
    """Whether any ability read names the stand-in ``SOURCE`` (its own permanent: "can't block ~"). The
    abilities are walked, not their ``repr``, which escapes the stand-in's NUL and never holds it."""
    def mentions(value: object) -> bool:
        if isinstance(value, str):
            return SOURCE in value
        if isinstance(value, dict):
            return any(mentions(v) for v in value.values())
        if isinstance(value, (list, tuple)):
            return any(mentions(v) for v in value)
        return False

    return any(mentions(a.model_dump()) for r in readings for a in r.abilities)


def _other_declaration(sentence: str, step: str, attacking: bool | None = None) -> str | None:
    """Why an unread sentence can't change the step judged: it speaks only of the other declaration, or only of
    declarations at the combat damage step (made already), or (of a permanent: ``attacking`` says whether it is an
    attacking creature) it gives that permanent only protection."""
    if attacking is not None and step != STEPS[2] and not (attacking and step == STEPS[1]) \
            and SELF_PROTECTION.match(sentence):
        return ("it gives only protection to it, which restricts only blocks of it (702.16b) and damage dealt to it "
                "(702.16e), not " + ("this declaration of attackers (508.1)" if step == STEPS[0] else
                                     "this declaration of blockers, where it is not an attacking creature (509.1)"))
    from legality.text.read import declaration_scope  # the reader's words, loaded for a sentence not understood

    scope = declaration_scope(sentence)
    if scope is not None and step == STEPS[2]:
        return (f"it speaks only of declaring {'blockers (509.1)' if scope == 'blocks' else 'attackers (508.1)'}, "
                "and combat damage follows the declarations as made (506.4, 509.1h): it can't change this damage "
                "step")
    if scope == "blocks" and step == STEPS[0]:
        return "it speaks only of blocking (509.1), not of this declaration of attackers (508.1)"
    if scope == "attacks" and step == STEPS[1]:
        return ("it speaks only of attacking (508.1); the attacks are given, and it can't change this declaration of "
                "blockers (509.1)")
    return None


SELF_PROTECTION = re.compile(r"^(?:[a-z'’ ]+ — )?(?:~|this creature) has protection from (?:[a-z0-9 ]|,(?! and))+$")
"""A sentence that gives the permanent itself protection from a quality the checker may not read ("~ has protection
from each mana value of the chosen quality", "~ has protection from the chosen color")."""


def apart_condition(sentence: str) -> str:
    """The words of the condition a sentence marked ``Reading.apart`` applies under: that it is a static ability of
    its own, not part of the triggered or activated ability before it on its line."""
    return (f"\u201c{sentence}\u201d is a static ability of its own, not part of the ability before it on its line "
            "(put each ability on its own line)")


def _bears_on_combat(keyword: str) -> bool:
    """Whether a keyword can bear on a declaration or combat damage (the lexicon's combat flag, from 702); one the
    lexicon doesn't know is taken to."""
    listed = lexicon.keyword_line(keyword)
    return not listed or any(k.combat is not None for k in listed)


def keyword_counters(p: Permanent) -> list[str]:
    """The keywords a permanent has from keyword counters on it (122.1b), in the order of ``KEYWORD_COUNTERS``."""
    if not p.counters:
        return []
    counts = {k.strip().lower(): n for k, n in p.counters.items()}
    return [kw for kw in KEYWORD_COUNTERS if counts.get(kw, 0) > 0]


def build_game(board: Board, assume: Mapping[str, bool] | None = None) -> Game:
    """Work out every creature's traits from all sources (abilities stage of the pipeline).

    What every object offers is gathered first; layer 6 (``layers``) then says which objects have lost all their
    abilities, whose own abilities offer nothing, before the rest is taken into the game.

    ``assume``: for conditions the board does not decide (``Game.open_conditions``), whether each is taken to hold."""

    if any(p.face_down for p in board.permanents):  # 708.2, before anything reads them
        board = board.model_copy(update={"permanents": tuple(face_down(p) if p.face_down else p
                                                             for p in board.permanents)})
    perms = {p.id: p for p in board.permanents}
    unread: list[str] = []
    warnings: list[str] = []
    own_kw: dict[str, list[tuple[str, str, str, str]]] = {p.id: [] for p in board.permanents}
    own_ab: dict[str, list[Sourced]] = {p.id: [] for p in board.permanents}
    grants: list[tuple[Grant, str, str, str, tuple[str, ...] | None, frozenset[str]]] = []
    globals_: list[GlobalRule] = []
    damage_effects: list[DamageEffect] = []

    combat = MatchContext.of(board)
    pending: list[tuple[If, str | None, str, str, str, tuple[str, ...] | None, frozenset[str]]] = []
    taken: list[tuple[Ability, str, str]] = []
    seen_kw: dict[str, frozenset[str]] = {}
    open_conditions: list[tuple[str, str]] = []
    offers: list[Offer] = []
    kw_offers: list[tuple[str, str, str, str, str]] = []  # keyword, holder, source, origin, you
    unread_of: dict[str, list[tuple[str, str]]] = {}  # a permanent's static text not understood (sentence, why),
    # kept until layer 6 is known
    apart_ifs: set[int] = set()  # the ``If`` of each sentence that may be a static ability of its own
    undecided: set[str] = set()  # the keys of conditions the board doesn't decide, as they come

    def decide(ab: If, holder: str | None, source: str, origin: str, you: str,
               targets: tuple[str, ...] | None, besides: frozenset[str] = frozenset()) -> None:
        """A conditional ability, once every creature's unconditional keywords are known (613: an ability-adding
        effect applies before a condition that asks about abilities)."""
        answer = holds(board, ab.condition, you, origin, seen_kw)
        if id(ab) in apart_ifs:
            answer = Answer(None, "the text doesn't say which: on a card each ability has its own line (113.2c)")
        label = f"{source} ({origin})" if origin in perms else f"effect {source!r}"
        written = ("unless " if ab.condition.negate else "if ") + (ab.condition.text or ab.condition.kind)
        key = f"{label}: condition {written!r}"
        # "unless X" after "if X" of the same source ("Otherwise, ...", 611.3a) is the same fact turned round: judged
        # with it, never as a second condition that could hold at the same time
        twin = f"{label}: condition {'if ' + ab.condition.text!r}"
        turned = answer.value is None and ab.condition.negate and twin in undecided
        idle = bool(not ab.abilities and ab.keywords and not any(_bears_on_combat(k) for k in ab.keywords))
        if answer.value is None and not turned and not idle:
            undecided.add(key)
        if answer.value is None and assume is not None and (twin if turned else key) in assume:
            taken = not assume[twin] if turned else assume[key]
            answer = Answer(taken, f"not decided by the board ({answer.why}); taken as "
                            f"{'applying' if taken else 'not applying'}")
        if answer.value is None:
            if idle:
                warnings.append(f"{label}: condition {written!r} is not decided ({answer.why}), but what it gives "
                                f"({', '.join(ab.keywords)}) bears on no declaration or combat damage (702)")
                return
            entry = f"{key}: {answer.why}" + (f" (the other way of {twin[len(label) + 2:]})" if turned else "")
            unread.append(entry)
            open_conditions.append((twin if turned else key, entry))
            return
        applies = (f"applies for {', '.join(answer.per_player) or 'no defending player'}"
                   if answer.per_player is not None else "applies" if answer.value else "does not apply")
        warnings.append(f"{label}: condition {written!r}: {answer.why}; so the ability {applies}")
        for kw in ab.keywords if answer.value else ():
            if holder in own_kw:
                own_kw[holder].append((_norm(kw), source, origin, you))
        for inner in ab.abilities:
            if answer.per_player is not None and isinstance(inner, CantAttack):
                for pid in answer.per_player:
                    take(inner.model_copy(update={"defender": pid}), holder, source, origin, you, targets, besides)
            elif answer.value:
                take(inner, holder if inner.kind not in GLOBAL_KINDS else None, source, origin, you, targets, besides)

    def take(ab: Ability, holder: str | None, source: str, origin: str, you: str,
             targets: tuple[str, ...] | None, besides: frozenset[str] = frozenset()) -> None:
        ab = counted(ab, board, combat.for_source(you, perms.get(origin)))  # "power less than the number of ..."
        taken.append((ab, source, origin))
        if isinstance(ab, If):
            if seen_kw:  # conditions are being decided: a nested one is decided at once
                decide(ab, holder, source, origin, you, targets, besides)
            else:
                pending.append((ab, holder, source, origin, you, targets, besides))
        elif isinstance(ab, Characteristics):  # applied before the game is built (layers 4 and 5)
            if seen_kw:
                warnings.append(f"{source}: a change of colours or types under a condition ({origin}) is not applied "
                                "(613.1d-e): the board's colors, types and subtypes are taken as current")
        elif isinstance(ab, Grant) and ab.except_targets and targets is None:
            unread.append(f"{source} ({origin}): it gives every creature but an effect's targets an ability, and it "
                          "is no effect with targets")
        elif isinstance(ab, Grant):
            grants.append((ab, source, origin, you, targets, besides))
        elif isinstance(ab, (MaxAttackers, MaxBlockers, LandwalkBlockable)):
            globals_.append(GlobalRule(ab, source, you))
        elif isinstance(ab, (PreventDamage, ModifyDamage, Unpreventable, PlayerProtection, CantGetCounters,
                             CantGainLife, ModifyLifeGain, RedirectDamage, Regenerate, CantBeRegenerated,
                             LifeCantChange, CantLoseGame, LifeFloor)):
            damage_effects.append(DamageEffect(ab, source, you, holder, origin))
        elif holder is not None and holder in own_ab:
            own_ab[holder].append(Sourced(ab, source, origin, you))

    def offer(ab: Ability, holder: str | None, source: str, origin: str, you: str,
              targets: tuple[str, ...] | None, besides: frozenset[str] = frozenset()) -> None:
        offers.append(Offer(ab, holder, source, origin, you, targets, besides))

    hand = {pl.id: pl.hand_size for pl in board.players}
    players = {pl.id for pl in board.players}
    step = judged_step(board)
    attackers = {a.attacker for a in board.attacks or () if a.declared}
    sourced = effect_sources(board)
    for p in board.permanents:
        check("reading rules text and working out each creature's abilities")
        holder = p.id
        attached = p.attached_to if p.attached_to in perms and not p.is_creature else None
        if attached is not None:
            holder = attached
        for kw in p.keywords:
            kw_offers.append((_norm(kw), holder, p.name, p.id, p.controller))
        for kw in keyword_counters(p):
            kw_offers.append((kw, p.id, f"{p.name}'s {kw} counter", p.id, p.controller))
        if step == STEPS[2] and (p.counters or {}).get("shield", 0) > 0:
            unread.append(f"{p.name} ({p.id}): a shield counter is on it (122.1c: damage that would be dealt to it is "
                          "prevented, or dealt if it can't be, and a shield counter removed): the checker doesn't "
                          "apply shield counters to combat damage")
        if "suspected" in (p.designations or ()):  # 701.58c: menace and "this creature can't block"
            own_kw[p.id].append(("menace", "suspected (701.58c)", p.id, p.controller))
            own_ab[p.id].append(Sourced(CantBlock(kind="cant_block"), "suspected (701.58c)", p.id, p.controller))
        text: list[tuple[str, Ability]] = []
        text_keywords: list[tuple[str, str]] = []
        not_read = unread_of.setdefault(p.id, [])
        if p.oracle and p.oracle.strip():
            for r in read_card(p.oracle, p.name, hand.get(p.controller), p.id):
                where = r.note.split(";")[0]
                if r.kind != "static":
                    note = resolved_note(r, p, step, sourced)
                    if note:
                        warnings.append(note)
                    continue
                if r.status == "not understood" and r.damage_only and step != STEPS[2]:
                    warnings.append(f"{p.name} ({p.id}): {r.sentence!r} is not read ({r.note}), but it can change "
                                    "only what combat damage does, not this declaration (508.1, 509.1)")
                elif r.status == "not understood" and (other := _other_declaration(r.sentence, step,
                                                                                    p.id in attackers)):
                    warnings.append(f"{p.name} ({p.id}): {r.sentence!r} is not read ({r.note}), but {other}")
                elif r.status == "not understood" or r.event:
                    not_read.append((r.sentence, r.note))
                elif where == "target":
                    not_read.append((r.sentence, "targets a creature; give the result as an effect with targets"))
                elif step != STEPS[0] and (note := combat_pt_note(r, p)):
                    warnings.append(note)
                elif r.status == "understood" and r.apart:
                    to = attached if where == "attached" else p.id
                    if to is not None:  # as a static ability only where it is one (``either.py`` judges both ways)
                        held = If(kind="if", condition=Condition(kind="open", text=apart_condition(r.sentence)),
                                  keywords=r.keywords, abilities=r.abilities)
                        apart_ifs.add(id(held))
                        text.append((to, held))
                elif r.status == "understood":
                    to = attached if where == "attached" else p.id
                    if to is None:
                        continue  # "enchanted creature" while attached to nothing: no creature has it
                    text_keywords.extend((_norm(k), to) for k in r.keywords)
                    text.extend((to, a) for a in r.abilities)
        for kw, to in text_keywords:
            kw_offers.append((kw, to, p.name, p.id, p.controller))
        both = (text and p.abilities) or (text_keywords and p.keywords)  # most permanents give one side only
        twice = sorted(({a.kind for _, a in text} & {a.kind for a in p.abilities})
                       | ({k for k, _ in text_keywords} & {_norm(k) for k in p.keywords})) if both else []
        if twice:
            warnings.append(f"{p.name} ({p.id}): {', '.join(twice)} given both in its rules text and as structured "
                            "keywords/abilities; they count twice (abilities come from all sources together); give "
                            "\"oracle\": \"\" if the structured ones replace the text")
        for to, ab in ((holder, a) for a in p.abilities):
            offer(ab, to if ab.kind not in GLOBAL_KINDS else None, p.name, p.id, p.controller, None)
        for to, ab in text:
            offer(ab, to if ab.kind not in GLOBAL_KINDS else None, p.name, p.id, p.controller, None)

    for i, e in enumerate(board.effects):
        check("reading the effects' text")
        origin = f"effect[{i}]"
        targets = tuple(t for t in e.targets if t in perms)
        # a prevention or replacement effect on damage may target a player too ("any target", 115.4)
        damage_targets = tuple(t for t in e.targets if t in perms or t in players)
        own = e.source_id if e.source_id in perms else None
        # targets given, even none ("choose any number of creatures": none chosen): it applies to those only
        chosen = "targets" in e.model_fields_set
        # "other creatures" of an effect: other than its targets, or than its source when it targets nothing
        besides = frozenset(targets) or frozenset((own,) if own else ())
        text_abilities: list[Ability] = []
        named: list[tuple[str, Ability]] = []  # for the object its text names: its source, or what that enchants
        if e.text and e.text.strip():
            targeted = [t for t in e.targets if t in players]
            ctx = Context(x=e.x, hand_size=hand.get(e.controller), source_id=e.source_id, name=e.source,
                          target_player=targeted[0] if len(targeted) == 1 else None)
            for r in read(e.text, e.source, ctx):
                if r.status == "not understood":
                    if r.damage_only and step != STEPS[2]:
                        warnings.append(f"effect {e.source!r}: {r.sentence!r} is not read ({r.note}), but it can "
                                        "change only what combat damage does, not this declaration (508.1, 509.1)")
                    elif other := _other_declaration(r.sentence, step):
                        warnings.append(f"effect {e.source!r}: {r.sentence!r} is not read ({r.note}), but {other}")
                    else:
                        unread.append(f"effect {e.source!r}: {r.sentence!r}: {r.note}")
                    continue
                if r.status == "understood" and r.apart:  # judged both ways, as on a permanent
                    inner = ((Grant(kind="grant", keywords=r.keywords),) if r.keywords else ()) + r.abilities
                    held = If(kind="if", condition=Condition(kind="open", text=apart_condition(r.sentence)),
                              abilities=inner)
                    apart_ifs.add(id(held))
                    if all(a.kind in GLOBAL_KINDS for a in inner):
                        offer(held, None, e.source, origin, e.controller, targets or None)
                    elif not targets:
                        unread.append(f"effect {e.source!r}: {r.sentence!r}: applies to creatures it names or "
                                      "targets: give them as the effect's targets")
                    else:
                        for t in targets:
                            offer(held, t, e.source, origin, e.controller, None)
                    continue
                where = r.note.split(";")[0]
                if r.status == "understood" and where == "self" and own is not None and not targets:
                    # "~ can attack this turn as though it didn't have defender": the effect's source itself
                    for kw in r.keywords:
                        kw_offers.append((_norm(kw), own, e.source, origin, e.controller))
                    for ab in r.abilities:
                        offer(ab, own if ab.kind not in GLOBAL_KINDS else None, e.source, origin, e.controller,
                              None, besides)
                    continue
                if r.status == "understood" and where == "self" and not targets:
                    unread.append(f"effect {e.source!r}: {r.sentence!r}: applies to the effect's source: give it as "
                                  "the effect's source_id")
                    continue
                if r.status == "understood" and where == "global":
                    for ab in r.abilities:  # "other creatures can't attack this turn": not bound to the targets
                        if isinstance(ab, Grant) and ab.to != "target_players" and not ab.except_targets:
                            offer(ab, None, e.source, origin, e.controller, None, besides)
                        else:
                            text_abilities.append(ab)
                    if r.keywords:
                        text_abilities.append(Grant(kind="grant", keywords=r.keywords))
                    continue
                on_damage = bool(r.abilities) and all(isinstance(a, (PreventDamage, ModifyDamage)) for a in r.abilities)
                if r.status == "understood" and r.note.startswith("target") and not chosen and not (
                        damage_targets if on_damage else targets):
                    unread.append(f"effect {e.source!r}: {r.sentence!r}: applies to creatures it names or targets: "
                                  "give them as the effect's targets")
                    continue
                where = r.note.split(";")[0]
                if r.status == "understood" and where in ("self", "attached") and r.abilities and all(
                        isinstance(a, ON_OBJECT) for a in r.abilities):
                    named_holder = source_object(e.source_id, where, perms)
                    if named_holder is None:
                        what = "its source" if where == "self" else "what its source is attached to"
                        unread.append(f"effect {e.source!r}: {r.sentence!r}: names {what}: give the effect's "
                                      "source_id (a permanent on the battlefield)")
                    else:
                        named.extend((named_holder, a) for a in r.abilities)
                    continue
                if r.keywords:
                    text_abilities.append(Grant(kind="grant", keywords=r.keywords))
                text_abilities.extend(r.abilities)
        if e.abilities and not chosen and any(ab.kind not in GLOBAL_KINDS and not _targetless(ab) and not (
                damage_targets if isinstance(ab, (PreventDamage, ModifyDamage)) else targets) for ab in e.abilities):
            unread.append(f"effect {e.source!r}: its abilities apply to its targets, and it has none: give targets")
        player_targets = tuple(t for t in e.targets if t in players)
        for holder, ab in named:
            take(ab, holder, e.source, origin, e.controller, None)
        for ab in (*e.abilities, *text_abilities):
            if isinstance(ab, Grant) and ab.except_targets:  # "only target creatures ...": all but the targets
                if not targets:
                    unread.append(f"effect {e.source!r}: it gives every creature but its targets an ability: give the "
                                  "creatures it targets as the effect's targets")
                    continue
                take(ab, None, e.source, origin, e.controller, targets)
            elif isinstance(ab, Grant) and ab.to == "target_players":
                if not player_targets:
                    unread.append(f"effect {e.source!r}: it gives creatures of the players it targets an ability: "
                                  "give those players as the effect's targets")
                    continue
                offer(ab, None, e.source, origin, e.controller, player_targets)
            elif ab.kind in GLOBAL_KINDS or (_targetless(ab) and not targets):
                offer(ab, None, e.source, origin, e.controller, targets or None)
            elif isinstance(ab, (PreventDamage, ModifyDamage)):
                for t in damage_targets:
                    offer(ab, t, e.source, origin, e.controller, None)
            else:
                for t in targets:
                    offer(ab, t, e.source, origin, e.controller, None)

    granted_kw: dict[str, list[tuple[str, str, str, str]]] = {pid: [] for pid in perms}

    def allies(you: str) -> frozenset[str]:
        """"Your opponents" leaves out you and your teammates (102.3)."""
        return combat.allies.get(you) or frozenset((you,))

    def reached(g: Grant, origin: str, you: str, only: tuple[str, ...] | None, besides: frozenset[str],
                base_kw: Mapping[str, frozenset[str]]) -> list[Permanent]:
        """The creatures a grant gives its keywords and abilities to."""
        within = combat.for_source(you, perms.get(origin), besides)
        out: list[Permanent] = []
        for p in board.permanents:
            if not p.is_creature:
                continue
            if g.to == "target_players":  # "creatures that player controls": the players the effect targets
                if only is None or p.controller not in only:
                    continue
            elif g.to == "enchanted_player":  # the player the Aura enchants (303.4a); attached to none: nobody
                aura = perms.get(origin)
                if aura is None or aura.attached_to not in players or p.controller != aura.attached_to:
                    continue
            elif g.except_targets:  # every creature but the effect's targets
                if only is not None and p.id in only:
                    continue
            elif only is not None:
                if p.id not in only:
                    continue
            elif (g.to == "you" and p.controller != you) or (g.to == "opponents" and p.controller in allies(you)):
                continue
            if g.quality is not None and not matches(g.quality, p, base_kw.get(p.id, frozenset()), within):
                continue
            out.append(p)
        return out

    def grant(given: list[tuple[Grant, str, str, str, tuple[str, ...] | None, frozenset[str]]]) -> None:
        base_kw = {pid: frozenset(k for k, *_ in kws) for pid, kws in own_kw.items()}
        for g, source, origin, you, only, besides in given:
            for p in reached(g, origin, you, only, besides, base_kw):
                granted_kw[p.id].extend((_norm(k), source, origin, you) for k in g.keywords)
                for ab in g.abilities:
                    take(ab, p.id, source, origin, you, None)

    first_kw: dict[str, set[str]] = {}
    for kw, to, *_ in kw_offers:
        first_kw.setdefault(to, set()).add(kw)
    base = {pid: frozenset(kws) for pid, kws in first_kw.items()}
    # Layers 4 and 5 (613.1d-e): colours and types first, on the board's values; a permanent that loses its
    # abilities in layer 6 keeps what its own abilities made it (rulings of Turn to Frog and Ovinize).
    changes: list[tuple[str, Characteristics, int]] = []
    for o in offers:
        if isinstance(o.ability, Characteristics) and o.holder is not None:
            changes.append((o.holder, o.ability, stamp(o.origin)))
        elif isinstance(o.ability, Grant) and any(isinstance(a, Characteristics) for a in o.ability.abilities):
            reach = reached(o.ability, o.origin, o.you, o.targets, o.besides, base)
            changes.extend((p.id, a, stamp(o.origin)) for a in o.ability.abilities if isinstance(a, Characteristics)
                           for p in reach)
    if changes:
        changed = characteristics(board.permanents, changes, lambda t: lexicon.creature_type(t) is not None)
        board = board.model_copy(update={"permanents": tuple(changed.get(p.id, p) for p in board.permanents)})
        perms = {p.id: p for p in board.permanents}
        for p in changed.values():
            if p.is_creature and (p.power is None or p.toughness is None):
                unread.append(f"{p.name} ({p.id}) becomes a creature by an effect (613.1d): give its power and "
                              "toughness on the board")

    # Layer 6 (613.1f): an object that has lost all its abilities offers none of its own.
    lost = lost_all(offers, perms, lambda g, o: [p.id for p in reached(g, o.origin, o.you, o.targets, o.besides,
                                                                           base)])
    for pid, entries in unread_of.items():
        label = f"{perms[pid].name} ({pid})"
        if pid in lost:
            warnings.extend(f"{label}: {sentence!r} is not read ({why}), but it has lost all its abilities "
                            "(613.1f), so it has no effect" for sentence, why in entries)
        else:
            unread.extend(f"{label}: {sentence!r}: {why}" for sentence, why in entries)
    for kw, to, source, origin, you in kw_offers:
        if origin not in lost:
            own_kw[to].append((kw, source, origin, you))
    for o in offers:
        if o.origin not in lost:
            take(o.ability, o.holder, o.source, o.origin, o.you, o.targets, o.besides)
    for pid in lost:
        if pid in perms and (own_kw[pid] or own_ab[pid] or any(o.origin == pid for o in offers)):
            warnings.append(f"{perms[pid].name} ({pid}) has lost all its abilities (613.1f, layer 6): its own "
                            "abilities, and those granted to it before, have no effect")

    grant(grants)
    # Conditions see every keyword the text, Auras, effects and unconditional grants give (613.1f before the
    # condition is asked); what a conditional ability grants is granted after (dependency order, 613.8).
    seen_kw.update({pid: frozenset(k for k, *_ in own_kw[pid] + granted_kw[pid]) for pid in perms})
    done = len(grants)
    for args in pending:
        decide(*args)
    grant(grants[done:])

    traits: dict[str, Traits] = {}
    for p in board.permanents:
        kws = own_kw[p.id] + granted_kw[p.id]
        losses = [s for s in own_ab[p.id] if isinstance(s.ability, Loses)]
        for s in losses:
            loss = s.ability
            assert isinstance(loss, Loses)
            when = stamp(s.origin)
            gone = {_norm(k) for k in loss.keywords}
            kept = s.origin if loss.others else None  # "loses all other abilities": what the same object gives stays
            kws = [k for k in kws if k[2] == kept or not (
                (loss.all or k[0] in gone) and (loss.cant_gain or removes(k[2], p.id, when)))]
            if loss.all:  # its own abilities go; effects of other objects that apply to it are not its abilities
                own_ab[p.id] = [a for a in own_ab[p.id]
                                if isinstance(a.ability, Loses) or a.origin != p.id or a.origin == kept]
        abilities = list(own_ab[p.id])
        for kw, source, origin, you in kws:
            abilities.extend(keyword_abilities(kw, source, origin, you))
            if not is_known_keyword(kw):
                unread.append(f"{p.name} ({p.id}): keyword {kw!r} is not known{did_you_mean(kw)}")
        traits[p.id] = Traits(frozenset(k for k, *_ in kws), tuple(abilities))
    unread.extend(asked_facts(board, taken))
    # ``decide`` and ``take`` refer to each other, a cycle the collector alone frees, with what they hold: emptied,
    # what they gathered is freed at once.
    for gathered in (own_kw, own_ab, grants, pending, taken, seen_kw, granted_kw, offers, kw_offers, unread_of):
        gathered.clear()
    return Game(board, perms, traits, tuple(globals_), tuple(dict.fromkeys(unread)), tuple(warnings),
                tuple(damage_effects), tuple(dict.fromkeys(open_conditions)))


ON_OBJECT = (Regenerate, CantBeRegenerated)
"""Kinds an effect's text may give the object it names ("Regenerate ~.", "Regenerate enchanted creature."): the
effect's source, or the permanent its source is attached to (an activated ability's result, 602.2, 608.2)."""


def source_object(source_id: str | None, where: str, perms: Mapping[str, Permanent]) -> str | None:
    """The permanent an effect's text names as "~" (``where`` "self": its source) or "enchanted/equipped creature"
    (``attached``: what its source is attached to); None when the board doesn't give it."""
    src = perms.get(source_id) if source_id is not None else None
    if src is None:
        return None
    if where == "self":
        return src.id
    return src.attached_to if src.attached_to in perms else None


def _targetless(ab: Ability) -> bool:
    """A prevention effect that names no object ("all combat damage", "damage dealt to you"): an effect with it
    needs no targets."""
    return isinstance(ab, (PreventDamage, ModifyDamage)) and "it" not in (ab.dealt_to, ab.dealt_by)


FACTS = {"token": "which permanents are tokens (111.1)", "counter": "which permanents have counters (122.1)"}
"""Facts of permanents that the board gives only when rules text asks: quality field -> what the text asks."""


def asked_facts(board: Board, taken: list[tuple[Ability, str, str]]) -> list[str]:
    """For each fact some ability's quality asks about, the first permanent whose value the board doesn't give:
    a verdict never rests on a guessed fact."""
    out: list[str] = []
    asking: dict[str, tuple[str, str]] = {}
    for ab, source, origin in taken:
        for fact in _asks_of(ab):
            asking.setdefault(fact, (source, origin))
    for fact, words in FACTS.items():
        if fact not in asking:
            continue
        field = "counters" if fact == "counter" else fact
        missing = next((i for i, p in enumerate(board.permanents) if getattr(p, field) is None), None)
        if missing is not None:  # else the board gives it for every permanent: nothing to ask
            source, origin = asking[fact]
            out.append(f"{source} ({origin}): its rules text asks {words}: the board does not give "
                       f"$.permanents[{missing}].{field} (give it for every permanent)")
    return out


_ASKED: dict[int, tuple[Ability, tuple[str, ...]]] = {}
"""``_asks_of`` by the ability object itself (kept with its answer, so its id can't be reused meanwhile): the
abilities read from a card's text are the same objects board after board, and hashing one walks all its fields."""


def _asks_of(ab: Ability) -> tuple[str, ...]:
    """The facts of ``FACTS`` that a quality in the ability asks about, kept by the ability object (``_ASKED``)."""
    hit = _ASKED.get(id(ab))
    if hit is not None and hit[0] is ab:
        return hit[1]
    dump = ab.model_dump()
    value = tuple(fact for fact in FACTS if _asks(dump, fact))
    if len(_ASKED) >= 8192:
        _ASKED.clear()
    _ASKED[id(ab)] = (ab, value)
    return value


def _asks(value: object, field: str) -> bool:
    """Whether a quality within ``value`` (an ability's dump) gives ``field``; a condition's own fields (a dict with a
    ``kind``: "it has a +1/+1 counter", about its source alone) are asked by the condition itself."""
    if isinstance(value, dict):
        own = "kind" not in value and value.get(field) is not None
        return own or any(_asks(v, field) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_asks(v, field) for v in value)
    return False
