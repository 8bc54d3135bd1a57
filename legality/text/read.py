"""Reading rules text (Oracle text, effect text) into the structured ability vocabulary.

The pipeline is lexicon → grammar → tree → compile: ``normalise`` and ``sentences`` prepare the
text, ``parse`` reads each sentence whole with the grammar into the typed tree, and ``compile``
turns the tree into abilities. Every sentence gets one of three readings: *understood* (with the
abilities it means), *no combat meaning* (only when the grammar read all of it as a form without
one), or *not understood*: a sentence that might matter, never dropped silently.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Literal

from legality.deadline import check
from legality.text import apart, lexicon, otherwise
from legality.text.context import Context, Unreadable
from legality.text.effect_alone import effect_alone
from legality.text.keywords import is_known_keyword
from legality.text.kinds import TO_SOLVE, TRIGGER, AbilityKind, ability_kind, kinds_of_lines, strip_flavor_word
from legality.text.reading import ATTACK_WORDS, BLOCK_WORDS, PT_NOTE, Reading, Where
from legality.text.statics import ENTERS_WITH_KEYWORDS, no_bearing, no_bearing_unparsed
from legality.text.terms import has_combat_word
from legality.text.tree import Clause, NoCombat, Placed, Pred, Selector, Sentence, Unread
from models.abilities import Ability, CantBlock, Condition, Grant, If, Loses


def normalise(text: str, name: str | None) -> str:
    """Lower case, straight quotes, no reminder text, the card's own name (or CARDNAME) as ``~``."""
    t = text.replace("\u2019", "'").replace("\u2014", "—").replace("\u2212", "-").replace("\u201c", '"')
    t = t.replace("\u201d", '"')
    t = re.sub(r"\([^)]*\)", "", t).lower()
    if name:
        # The card's own name (or a legendary's short name, before the comma) stands for "this object";
        # a name that is also a keyword (Fear, Flying) is left alone: "has fear" names the keyword.
        for n in sorted({name, name.split(",")[0], _short_name(name)} - {""}, key=len, reverse=True):
            if len(n) > 2 and not _rules_word(n):
                t = _as_self(t, n.lower())
    t = re.sub(r"\bcardname\b", "~", t)
    t = re.sub(r"\bthis (?:creature|permanent)\b", "~", t)
    t = CHAPTER_SPACES.sub(r"\1 — ", t)
    t = re.sub(r"[ \t]+", " ", t)
    return t


CHAPTER_SPACES = re.compile(r"(?m)^((?:iv|v|vi|i{1,3})(?:, (?:iv|v|vi|i{1,3}))*)[ \t]{2,}(?=\S)")
"""A Saga's chapter numbers followed by spaces instead of " — " (714.2b), as some card files write them."""


def _as_self(text: str, name: str) -> str:
    """``text`` with each whole-word ``name`` (both lower case: no letter just before or after it) as ``~``. A plain
    search, not a regular expression: each card's name would be a pattern of its own, compiled once per card."""
    out: list[str] = []
    at = 0
    start = text.find(name)
    while start >= 0:
        end = start + len(name)
        if (start and "a" <= text[start - 1] <= "z") or (end < len(text) and "a" <= text[end] <= "z"):
            start = text.find(name, start + 1)
            continue
        out += (text[at:start], "~")
        at = end
        start = text.find(name, end)
    out.append(text[at:])
    return "".join(out)


def _short_name(name: str) -> str:
    """The first name of "Purraj of Urborg" or "Rhonas the Indomitable", as the card's text calls it; "" where that
    word is also a creature type or a rules word ("Knight of the Reliquary") or the name has no such form."""
    m = re.match(r"^([A-Z][a-z'-]{3,}) (?:of|the) [A-Z]", name)
    if m is None or lexicon.creature_type(m[1]) is not None or _rules_word(m[1]) or lexicon.keyword(m[1]):
        return ""
    return m[1]


def _rules_word(name: str) -> bool:
    """Whether a name is a word of the rules (a keyword, or a word with combat meaning such as "goad" or
    "lure"): an effect named so (the page's "Goad" effect) uses it as the word, not as its own name."""
    return lexicon.keyword(name) is not None or (" " not in name.strip() and has_combat_word(name.lower()))


TRIGGERED_LINE = re.compile(r"^(?:[a-z0-9' -]+ — )?(?:when|whenever|at the beginning|at end)\b")
"""A line that is a triggered ability (603.1), perhaps after an ability word."""


def sentences(text: str) -> list[str]:
    """Split normalised text into sentences (see ``ability_sentences``)."""
    return [s for s, _ in ability_sentences(text)]


def ability_sentences(text: str) -> list[tuple[str, AbilityKind]]:
    """Split normalised text into sentences, each with the kind of the ability it belongs to (``kinds``):
    lines, then full stops outside braces and quotes.

    An activated ability (a colon outside quotes) or a triggered one stays whole: its effect is one
    with its cost or trigger, however many sentences it runs over ("... It loses all abilities").
    """
    out: list[tuple[str, AbilityKind]] = []
    for line, kind in kinds_of_lines(text):
        line = line.removeprefix("•").strip()
        if not re.search(r"[a-z0-9~{]", line):  # nothing left once reminder text is gone ("(...) —"): 207.2
            continue
        if _outside_quotes(line, ":") or TRIGGERED_LINE.match(line) or kind == "triggered":
            out.append((line.rstrip(".").strip(), kind))  # its effect may run over several sentences: one with it
            continue
        parts = [p for p in (q.strip().rstrip(".").strip() for q in _split_stops(line)) if p]
        # a sentence that begins with a trigger ("When you do, ...": a reflexive triggered ability, 603.12, after
        # "You may exert this creature as it attacks") is a triggered ability, the rest of the line its effect
        at = next((i for i, p in enumerate(parts) if TRIGGER.match(p)), len(parts))
        out.extend((p, kind) for p in parts[:at])
        if at < len(parts):
            out.append((". ".join(parts[at:]), "triggered"))
    return out


def _outside_quotes(line: str, char: str) -> bool:
    quoted = False
    for ch in line:
        if ch == '"':
            quoted = not quoted
        elif ch == char and not quoted:
            return True
    return False


def _split_stops(line: str) -> list[str]:
    parts, start, quoted = [], 0, False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "." and not quoted and (i + 1 == len(line) or line[i + 1] == " "):
            parts.append(line[start:i])
            start = i + 1
    parts.append(line[start:])
    return parts


def read(text: str, name: str | None = None, ctx: Context | None = None) -> list[Reading]:
    """Read rules text sentence by sentence (for a permanent, ``name`` is its card name)."""
    ctx = ctx or Context()
    if name and ctx.name is None:
        ctx = Context(ctx.x, ctx.hand_size, ctx.source_id, name, ctx.target_player)
    return list(_read_cached(text, name, ctx))


@lru_cache(maxsize=8192)
def _read_cached(text: str, name: str | None, ctx: Context) -> tuple[Reading, ...]:
    """Readings are pure values: a batch reads each card's text once. The verdict's deadline is checked
    between sentences (a long text can take seconds to read)."""
    out = []
    level: Condition | None = None
    before = ""  # the sentence before, whose condition an "otherwise" sentence turns round
    normalised = normalise(text, name)
    station = STATION_KEYWORD.search(normalised) is not None
    for s, kind in ability_sentences(normalised):
        check("reading rules text")
        symbol = STATION_SYMBOL.match(s) if station else None
        if symbol:
            out.append(_station_line(s, symbol, ctx))
            continue
        m = LEVEL_SYMBOL.match(s)
        if m:
            level = _level_condition(m)
            out.append(Reading(s, "no combat meaning", note="a level symbol (711.2): the abilities of its striation, "
                               f"below, apply only while {level.text}", kind=kind))
            continue
        if level is not None and PT_BOX.match(s):
            out.append(Reading(s, "no combat meaning", note=f"the power/toughness box of a level striation (711.2, "
                               f"711.5): {PT_NOTE}", kind=kind))
            continue
        if kind == "static" and otherwise.OTHERWISE.match(s):
            reading = _otherwise(s, before, ctx)
        else:
            reading = read_ability_sentence(s, kind, ctx)
        before = s
        if level is not None:
            reading = _in_striation(reading, level)
        if out and _same_subject(out[-1], reading):  # "Enchanted creature is a Citizen. It has defender ..."
            reading = replace(reading, note="attached" + reading.note[len("self"):])
        out.append(reading)
        if kind in ("triggered", "activated"):
            out.extend(r if level is None else _in_striation(r, level) for r in _apart(s, ctx))
    return tuple(out)


def _same_subject(before: Reading, now: Reading) -> bool:
    """Whether ``now`` is a static sentence whose subject is "it" right after one about the enchanted or equipped
    creature: "it" is that creature, not the Aura or Equipment (Spider-Man No More)."""
    return (now.kind == before.kind == "static" and now.status == "understood" and now.note.split(";")[0] == "self"
            and before.note.split(";")[0] == "attached" and re.match(r"it(?:'s)? ", now.sentence) is not None)


def _apart(ability: str, ctx: Context) -> list[Reading]:
    """The later sentences of a triggered or activated ability that could be static abilities of their own
    (``apart``), each read as one, where it is understood and gives something: marked ``apart``, for the game to
    judge both ways."""
    out = []
    for p in apart.later_sentences(ability):
        if ability_kind(p) != "static" or not apart.could_stand_apart(p):
            continue
        alone = read_ability_sentence(p, "static", ctx)
        if alone.status != "understood" or not (alone.keywords or alone.abilities) or alone.note.startswith("target"):
            continue
        out.append(replace(alone, apart=True, note=f"{alone.note}; {APART_NOTE}"))
    return out


APART_NOTE = ("written after the first sentence of the ability before it, on its line: it may be a static ability of "
              "its own or part of that ability (113.2c: on a card each ability has its own line); judged both ways")


def _otherwise(s: str, before: str, ctx: Context) -> Reading:
    """"Otherwise, ..." (``otherwise``): read under the condition of the sentence before, turned round (611.3a).
    Understood only when that condition wraps all the restated sentence gives; never read as applying always."""
    restated = otherwise.restate(before, s)
    if restated is None:
        alone = read_ability_sentence(s, "static", ctx)
        if alone.status == "no combat meaning":
            return alone
        return Reading(s, "not understood", note="\"otherwise\" turns round the condition of the sentence before it, "
                       "which the checker doesn't find there (611.3a)")
    reading = replace(read_ability_sentence(restated, "static", ctx), sentence=s)
    if reading.status != "understood":  # no combat meaning whatever the condition, or not understood
        return replace(reading, note=f"read as {restated!r}, the condition turned round: {reading.note}")
    turned = otherwise.negated(reading.abilities)
    if turned is None or reading.keywords:
        return Reading(s, "not understood", note=f"read as {restated!r}, whose condition does not wrap all it gives: "
                       "the checker can't turn it round (611.3a)")
    return replace(reading, abilities=turned, template="otherwise")


STATION_KEYWORD = re.compile(r"^station\b", re.MULTILINE)
"""A line of the station keyword (702.184a): the card is a station card, whose "N+ | ..." lines are station symbols
(702.184b, 721)."""
STATION_SYMBOL = re.compile(r"^(\d+)\+ \| (.+)$")
"""A station symbol and its abilities, "N+ | [abilities]": "as long as this permanent has N or more charge counters
on it, it has [abilities]" (721.2a). On a card without station, the same shape is a table of die results (Danse
Macabre's "15+ | ..."), not read this way."""


def _station_line(s: str, symbol: re.Match[str], ctx: Context) -> Reading:
    """A station symbol's line: its abilities read by their own kind, a static one applying only while the
    permanent has that many charge counters (721.2a; the base power and toughness of 721.2b are the board's)."""
    rest = symbol[2]
    threshold = Condition(kind="counters", counter="charge", at_least=int(symbol[1]),
                          text=f"it has {symbol[1]} or more charge counters (721.2a)")
    reading = replace(read_ability_sentence(rest, ability_kind(rest), ctx), sentence=s)
    return _in_striation(reading, threshold)


LEVEL_SYMBOL = re.compile(r"^level (\d+)(?:-(\d+)|(\+))$")
"""A level symbol of a leveler card (711.2): "LEVEL N1-N2" or "LEVEL N3+"."""
PT_BOX = re.compile(r"^\d+/\d+$")


def _level_condition(m: re.Match[str]) -> Condition:
    low, high = int(m[1]), int(m[2]) if m[2] else None
    words = f"{low}-{high}" if high is not None else f"{low} or more"
    return Condition(kind="counters", counter="level", at_least=low, at_most=high,
                     text=f"it has {words} level counters")


def _in_striation(reading: Reading, level: Condition) -> Reading:
    """A reading within a level striation: its static ability is part of the level symbol's, which applies only while
    the permanent has that many level counters (711.2); a triggered or activated one likewise exists only then, which
    changes nothing until it resolves."""
    if reading.kind != "static" or reading.status != "understood" or not (reading.keywords or reading.abilities):
        return reading
    wrapped = If(kind="if", condition=level, keywords=reading.keywords, abilities=reading.abilities)
    return replace(reading, keywords=(), abilities=(wrapped,))


EVENT = re.compile(r"^(?:when|whenever|at)\s+([^,]+),")
QUIET_TRIGGER = ("a triggered ability whose effect names nothing of combat: it changes nothing until it resolves, "
                 "and then its result is part of the board (603.3, 608.2)")
"""A triggered ability is not parsed when no word after its trigger event can bear on combat: whatever the grammar
made of it, the verdict would neither depend on it (603.3) nor ask for its result (``traits.resolved_note``)."""


DAMAGE_RESULTS = re.compile(
    r"\b(?:(?:can't|cannot|don't|doesn't) (?:lose|win) the game|lose the game for having|(?:can't|would) (?:gain|lose) "
    r"life|life totals? can't change|can't get (?:poison )?counters|can't have (?:-1/-1 )?counters put on)\b"
    r"|\bregenerat\w*(?=[^\"]*$)")
"""Static forms that change what combat damage does to players and creatures (120.3, 702.15b, 704.5a-c: life lost and
gained, poison and -1/-1 counters, who loses the game) or whether a creature dealt lethal damage is destroyed
(regeneration, 701.15, unless within a quoted ability that is granted: an activated one acts only once resolved):
never "no combat meaning", whatever else reads them; the damage step applies only the forms the vocabulary has."""


def read_ability_sentence(s: str, kind: AbilityKind, ctx: Context) -> Reading:
    """One sentence of an ability of a known kind (``_read_by_kind``); a static one read as having no combat meaning
    that changes the results of combat damage is not understood instead."""
    reading = _read_by_kind(s, kind, ctx)
    if kind == "static" and reading.status == "no combat meaning" and DAMAGE_RESULTS.search(s):
        reading = replace(reading, status="not understood", note="it changes what combat damage does (life lost or "
                          "gained, counters, losing the game, regeneration: 120.3, 702.15b, 704.5a-c, 701.15), which "
                          "the checker doesn't read in this form")
    if kind == "static" and reading.status == "not understood" and damage_only(s):
        reading = replace(reading, damage_only=True)
    return reading


DAMAGE_WORDS = re.compile(r"\b(?:prevent(?:ed)?|damage that would|would deal (?:combat )?damage|would be dealt damage|"
                          r"is dealt to [^.]* instead|life totals?|(?:lose|win) the game|(?:gain|lose) life|"
                          r"poison counters|-1/-1 counters put on|can't get counters|regenerat\w*)\b")
BEARS_ON_DECLARATIONS = re.compile(r"[+-]\d+/[+-]\d+|[+-]x/[+-]x|\b(?:power|toughness|is a|are|becomes?|has|have|"
                                   r"gains?(?!(?: \w+){0,3} life\b)|loses?(?!(?: \w+){0,3} (?:the game|life)\b)|"
                                   r"get|gets|unless|pays?|costs?)\b")


AFTER_DAMAGE = re.compile(r"(?:,? and)? remove (?:a|one|that many) \+1/\+1 counters? from (?:it|~)|"
                          r" while (?:it|~) has a \+1/\+1 counter on it")
"""Counters removed as the damage is prevented (Phantom Nomad, Ugin's Conjurant): the power and toughness change only
once combat damage is being dealt, after every declaration."""


def damage_only(sentence: str) -> bool:
    """Whether a sentence is only about what damage does: it names prevention, redirection, life totals, poison or
    losing the game, and nothing a declaration's legality can depend on (no other combat word, no power, toughness,
    types, abilities gained or costs: 508.1, 509.1). Such a sentence never makes a verdict on attacks or blocks
    undecided; the damage step still needs it."""
    body = AFTER_DAMAGE.sub(" ", lexicon.strip_ability_word(sentence)[1])
    if not DAMAGE_WORDS.search(body) or BEARS_ON_DECLARATIONS.search(body):
        return False
    rest = re.sub(r"\b(?:combat|damage|prevent(?:ed)?|poison|(?:double|triple) that)\b", " ", body)
    return not has_combat_word(rest)


BEARS_ON_ATTACKS = re.compile(r"\b(?:attack\w*|haste|defender|band\w*|goad\w*|dash|blitz)\b")
"""Words of what a declaration of attackers depends on besides attack restrictions and requirements: summoning
sickness and haste (302.6), defender (702.3b), bands (702.22), goad (701.15b), dash and blitz (haste)."""


def declaration_scope(sentence: str) -> Literal["attacks", "blocks"] | None:
    """The one declaration a sentence can bear on, by its words: ``blocks`` when it speaks of blocking and of nothing
    a declaration of attackers depends on (508.1), ``attacks`` when it speaks of attacking and of nothing else of
    combat (no blocking, keyword, damage or prevention: what a declaration of blockers depends on, 509.1); else
    None. A sentence not understood need not be understood to judge the other declaration."""
    body = strip_flavor_word(lexicon.strip_ability_word(sentence)[1])
    blocks, attacks = BLOCK_WORDS.search(body), ATTACK_WORDS.search(body)
    if blocks and not BEARS_ON_ATTACKS.search(body):
        return "blocks"
    if attacks and not blocks:
        rest = re.sub(r"\b(?:combat|haste|defender|dash|blitz|able|must)\b", " ", ATTACK_WORDS.sub(" ", body))
        if not has_combat_word(rest) and not DAMAGE_WORDS.search(rest):
            return "attacks"
    return None


def _read_by_kind(s: str, kind: AbilityKind, ctx: Context) -> Reading:
    """One sentence of an ability of a known kind. Only a static ability is read for what it means to combat; an
    activated one is not parsed (it changes nothing until activated and resolved, 602.2, 608.2); a triggered one
    is read for its trigger and whether its effect has combat meaning (for the verdict's notes, 603.3)."""
    if kind == "elsewhere":
        return Reading(s, "no combat meaning", note="works only on the stack, in a zone other than the battlefield, or "
                       "before the game (a draft, an opening hand) (113.6, 601.2f, 905.2, 103.6)", kind=kind)
    if kind == "activated":
        return Reading(s, "no combat meaning", note="an activated ability: once activated and resolved, give its "
                       "result as an effect (602.2, 608.2)", kind=kind)
    if kind == "triggered" and TO_SOLVE.match(lexicon.strip_ability_word(s)[1]):
        return Reading(s, "no combat meaning", kind=kind, note="a Case's \"to solve\" (719.3): at the beginning of "
                       "its controller's end step, after every combat of the turn (500.1), the Case becomes solved "
                       "(a designation, 719.3b); its condition says only whether it does")
    if kind == "triggered":
        m = EVENT.match(lexicon.strip_ability_word(s)[1])
        if m is not None and not has_combat_word(lexicon.strip_ability_word(s)[1][m.end():]):
            return Reading(s, "no combat meaning", kind=kind, note=QUIET_TRIGGER)
    if kind == "static":
        body = strip_flavor_word(lexicon.strip_ability_word(s)[1])
        listed = lexicon.keyword_line(body)
        if listed:  # a line of keyword abilities (702), read by the lexicon's own forms
            return replace(compile_sentence(s, Sentence("keywords", (), keywords=tuple(k.text for k in listed))),
                           kind=kind)
        why = None if DAMAGE_RESULTS.search(body) else no_bearing(body)  # the grammar reads some of those
        if why is not None:
            return Reading(s, "no combat meaning", note=why, kind=kind)
        entering = _enters_with_keywords(s, body)
        if entering is not None:
            return entering
    reading = replace(read_sentence(s, ctx, kind), kind=kind)
    if kind == "static" and reading.status == "not understood":
        body = strip_flavor_word(lexicon.strip_ability_word(s)[1])
        why = no_bearing_unparsed(body) or _by_effect(body)
        if why is not None:
            return Reading(s, "no combat meaning", note=why, kind=kind)
    if kind == "triggered" and reading.status == "not understood" and not reading.event:
        m = EVENT.match(lexicon.strip_ability_word(s)[1])
        reading = replace(reading, event=m[1] if m else "")
    return reading


def _by_effect(body: str) -> str | None:
    """Why a static sentence can't bear on a declaration or combat damage judged by its effect alone, its condition
    about combat set aside (``effect_alone``); None when it has no such condition or its effect could."""
    effect = effect_alone(body)
    if effect == body:
        return None
    why = no_bearing(effect) or no_bearing_unparsed(effect)
    if why is None:
        return None
    return f"its effect alone ({effect!r}; its condition says only when it applies, 611.3a): {why}"


def _enters_with_keywords(s: str, body: str) -> Reading | None:
    """"If ~ was kicked, it enters with ... and with haste": the keywords under an open condition (614.1c), when the
    lexicon knows every one."""
    m = ENTERS_WITH_KEYWORDS.match(body)
    listed = lexicon.keyword_line(m["keywords"]) if m else None
    if m is None or not listed or not all(is_known_keyword(k.text) for k in listed):
        return None
    held = If(kind="if", condition=Condition(kind="open", text=m["condition"]), keywords=tuple(k.text for k in listed))
    return Reading(s, "understood", abilities=(held,), note="self", template="enters with", kind="static")


MAX_SENTENCE = 600
"""Characters: the longest sentence of real rules text has about 500 (Illusionary Mask); a longer one is not
parsed (the parser's time grows faster than its length) and is reported as not understood."""


def read_sentence(s: str, ctx: Context, kind: AbilityKind | None = None) -> Reading:
    """One normalised sentence (of an ability of ``kind``, when known) → its reading."""
    if len(s) > MAX_SENTENCE:
        return Reading(s[:80] + "...", "not understood",
                       note=f"a sentence of {len(s)} characters, longer than any rules sentence ({MAX_SENTENCE})")
    # the grammar (Lark and its forms) is imported only when a sentence must be parsed: a batch whose readings are
    # all in the store never loads it, and starts sooner
    from legality.text.parse import ParseFailure, parse

    body = strip_flavor_word(lexicon.strip_ability_word(s)[1])
    try:
        tree = parse(body, ctx, kind or "")
        return compile_sentence(s, tree)
    except ParseFailure as exc:
        return Reading(s, "not understood", note=str(exc) + (" (a sentence with combat words)"
                                                              if has_combat_word(body) else ""))
    except Unreadable as exc:
        return Reading(s, "not understood", note=str(exc))


def read_quoted(text: str, ctx: Context) -> Pred:
    """An ability granted in quotation marks ('have "{t}: add {g}."'), read as a sentence of its own."""
    readings = [read_ability_sentence(s, kind, ctx) for s, kind in ability_sentences(text)]
    readings = [r for r in readings if r.kind == "static"]  # granting an activated or triggered ability: 113.3
    if all(r.status == "no combat meaning" for r in readings):
        return Pred(pt=True)
    if all(r.status == "understood" and r.note in ("self", "") for r in readings):
        return Pred(keywords=tuple(k for r in readings for k in r.keywords),
                    abilities=tuple(a for r in readings for a in r.abilities  # type: ignore[misc]
                                    if not isinstance(a, (Grant, If))))
    raise Unreadable(f"grants an ability the checker can't read: {text!r}")


# ------------------------------------------------------------------------------------------- compile

KEYWORD_STATICS: dict[str, Ability] = {
    "unleash": If(kind="if", condition=Condition(kind="counters", counter="+1/+1", at_least=1,
                                                 text="it has a +1/+1 counter on it (702.98a)"),
                  abilities=(CantBlock(kind="cant_block"),)),
}
"""Keywords that stand for a static ability the vocabulary states directly: unleash, "this permanent can't block as
long as it has a +1/+1 counter on it" (702.98a; its other ability, entering with a counter, is how it entered: the
board gives its counters)."""



def compile_sentence(s: str, tree: Sentence) -> Reading:
    """The typed tree of a sentence → its reading (status, keywords, abilities, where they go)."""
    if tree.form == "keywords":
        statics = tuple(KEYWORD_STATICS[k] for k in tree.keywords if k in KEYWORD_STATICS)
        listed = tuple(k for k in tree.keywords if k not in KEYWORD_STATICS)
        unknown = [k for k in listed if not is_known_keyword(k)]
        if unknown:
            return Reading(s, "not understood", note=f"keyword(s) not known to the checker: {', '.join(unknown)}")
        return Reading(s, "understood", keywords=listed, abilities=statics, note="self", template="keywords")
    if tree.form == "activated":  # read whole; what it does applies only once activated, as an effect
        return Reading(s, "no combat meaning", note="an activated ability: once activated, give its result as an "
                       "effect (with targets)")
    unread = [p for p in tree.parts if isinstance(p, Unread)]
    # a triggered ability with an effect of combat meaning under a condition it can't read still has a combat effect
    conditional = tree.form == "triggered" and bool(unread) and all(p.combat for p in unread)
    if unread and not conditional:
        return Reading(s, "not understood", note=unread[0].why, event=tree.event)
    placed: list[tuple[Where, list[str], list[Ability]]] = []
    why: list[str] = []
    named_target = False
    for part in tree.parts:
        if isinstance(part, Clause) and part.subject.pronoun and named_target:
            part = Clause(Selector("target"), part.preds)  # "untap target creature ... and it blocks ~": the target
        named_target |= (isinstance(part, NoCombat) and part.target) or (
            isinstance(part, Clause) and part.subject.kind == "target")
        if isinstance(part, NoCombat):
            why.append(part.why)
        elif isinstance(part, Placed):
            placed.append((part.where, [], list(part.abilities)))
        elif isinstance(part, Clause):
            got = _clause(part)
            if got is None:
                why.append(PT_NOTE)
            else:
                placed.append(got)
    if not placed and not conditional:
        note = why[0] if why else "no combat meaning"
        if tree.form == "triggered":
            note = "a triggered ability with no combat effect"
        return Reading(s, "no combat meaning", note=note)
    if tree.form == "triggered":  # read whole; the game decides whether it can have resolved (traits.py)
        return Reading(s, "understood", note=f"a triggered ability ({tree.event}) with a combat effect: it changes "
                       "nothing until it resolves; once it has, give its result as an effect (with targets)",
                       template="triggered", event=tree.event)
    wheres = {w for w, _, _ in placed}
    if len(wheres) > 1:
        return Reading(s, "not understood", note="the sentence gives abilities to different objects "
                       f"({', '.join(sorted(wheres))}); give them as structured abilities")
    where = wheres.pop()
    keywords = [k for _, ks, _ in placed for k in ks]
    abilities = [a for _, _, abs_ in placed for a in abs_]
    unknown = [k for k in keywords if not is_known_keyword(k)]
    if unknown:
        return Reading(s, "not understood", note=f"keyword(s) not known to the checker: {', '.join(unknown)}")
    if tree.condition is not None:
        wrapped = If(kind="if", condition=tree.condition, keywords=tuple(keywords), abilities=tuple(abilities))
        keywords, abilities = [], [wrapped]
    note = where + (f"; {PT_NOTE}" if PT_NOTE in why else "")
    template = next((p.name for p in tree.parts if isinstance(p, Placed)), "subject+predicate")
    return Reading(s, "understood", tuple(keywords), tuple(abilities), note, template)


def _clause(c: Clause) -> tuple[Where, list[str], list[Ability]] | None:
    """A clause → where its abilities go, keywords, abilities; None when it only changes values (P/T)."""
    keywords: list[str] = []
    abilities: list[Ability] = []
    for p in c.preds:
        if p.unreadable:
            raise Unreadable(p.unreadable)
        if p.self_only and c.subject.kind != "self":
            raise Unreadable(p.self_only)
        if p.pt:
            continue
        got: list[Ability] = list(p.abilities)
        if p.loses or p.loses_all:
            got.append(Loses(kind="loses", keywords=p.loses, all=p.loses_all, cant_gain=p.cant_gain,
                             others=p.loses_others))
        if p.condition is not None:
            got = [If(kind="if", condition=p.condition, keywords=p.keywords, abilities=tuple(got))]
        else:
            keywords.extend(p.keywords)
        abilities.extend(got)
    if not keywords and not abilities:
        return None
    subject = c.subject
    if subject.unreadable:
        raise Unreadable(subject.unreadable)
    if subject.kind == "group":
        grant = Grant(kind="grant", to=subject.to, quality=subject.quality, keywords=tuple(keywords),
                      abilities=tuple(abilities))
        return ("global", [], [grant])
    if subject.kind == "target":
        grant_kw: list[Ability] = [Grant(kind="grant", keywords=tuple(keywords))] if keywords else []
        return ("target", [], grant_kw + abilities)
    return (subject.kind, keywords, abilities)
