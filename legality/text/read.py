"""Reading rules text (Oracle text, effect text) into the structured ability vocabulary.

Every sentence gets one of three readings: *understood* (with the abilities it means), *no combat
meaning* (triggered and activated abilities, mana abilities, power/toughness changes, ...), or *not
understood*: a sentence that might matter and is never dropped silently.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from legality.text.grammar import (
    KEYWORD_VERB,
    NUM,
    PREDICATES,
    PT_CHANGE,
    Context,
    Unreadable,
    _Keyword,
    number,
    quality,
)
from legality.traits import is_known_keyword
from models.abilities import Ability, CreatureAbility, Grant, MaxAttackers, MaxBlockers, Quality, Simple

Status = Literal["understood", "no combat meaning", "not understood"]
Where = Literal["self", "target"]


@dataclass(frozen=True)
class Reading:
    """One sentence and what the checker understood from it."""

    sentence: str
    status: Status
    keywords: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    note: str = ""
    template: str = ""


@dataclass
class _Out:
    keywords: list[str] = field(default_factory=list)
    abilities: list[Ability] = field(default_factory=list)
    names: list[str] = field(default_factory=list)


def normalise(text: str, name: str | None) -> str:
    """Lower case, straight quotes, no reminder text, the card's own name (or CARDNAME) as ``~``."""
    t = text.replace("\u2019", "'").replace("\u2014", "—").replace("\u2212", "-")
    t = re.sub(r"\([^)]*\)", "", t)
    if name:
        for n in sorted({name, name.split(",")[0]}, key=len, reverse=True):
            if len(n) > 2:
                t = re.sub(re.escape(n), "~", t, flags=re.IGNORECASE)
    t = re.sub(r"\bCARDNAME\b", "~", t, flags=re.IGNORECASE)
    t = t.lower()
    t = re.sub(r"\bthis creature\b", "~", t)
    return t


ACTIVATED = re.compile(r"^[^.\"]*?(?:\{[^}]*\}|\btap\b|sacrifice|discard)[^.\"]*?: ")


def sentences(text: str) -> list[str]:
    """Split normalised text into sentences (lines, then full stops outside braces and quotes)."""
    out: list[str] = []
    for line in text.split("\n"):
        line = line.strip()
        if not line:
            continue
        if ACTIVATED.match(line):  # an activated ability: its effect is one with its cost
            out.append(line.rstrip(".").strip())
            continue
        parts = re.split(r"(?<=[.!])\s+(?=[a-z~{+-])", line)
        out.extend(p.strip().rstrip(".").strip() for p in parts if p.strip().rstrip(".").strip())
    return out


def _keyword_list(s: str) -> list[str] | None:
    items = [i.strip() for i in re.split(r"[,;]", s) if i.strip()]
    extra = re.compile(r"^(enchant (creature|player|permanent|artifact|land)|equip\b.*|flash|protection from .+|"
                       r"rampage \d+|bushido \d+|flanking|toxic \d+|ward.*)$")
    if items and all(is_known_keyword(i) or extra.match(i) for i in items):
        return items
    return None


SUBJECTS: list[tuple[re.Pattern[str], Callable[[re.Match[str], Context], tuple[str, Quality | None]]]] = [
    (re.compile(r"^(?:~|it|enchanted creature|equipped creature)$"), lambda m, c: ("self", None)),
    (re.compile(r"^(?:up to one )?(?:target creature(?: an opponent controls| you control| defending player "
                r"controls)?|that creature|target attacking creature|target blocking creature)$"),
     lambda m, c: ("target", None)),
    (re.compile(r"^(?:each creature|all creatures|creatures) you control$"), lambda m, c: ("you", None)),
    (re.compile(r"^(?:each creature|all creatures|creatures) your opponents control$"),
     lambda m, c: ("opponents", None)),
    (re.compile(r"^(?:each creature|all creatures|creatures)$"), lambda m, c: ("all", None)),
    (re.compile(r"^(?:each creature|all creatures|creatures) (?P<q>with(?:out)? .+)$"),
     lambda m, c: ("all", quality(m["q"], c))),
    (re.compile(r"^(?:each |all )?(?P<q>[a-z]+(?: [a-z]+)?) creatures$"), lambda m, c: ("all", quality(m["q"], c))),
]


def _read_predicates(rest: str, ctx: Context) -> tuple[list[str], list[CreatureAbility], bool]:
    """Predicates joined by "and": keywords granted, abilities, and whether a P/T change was among them."""
    keywords: list[str] = []
    abilities: list[CreatureAbility] = []
    pt = False
    parts = re.split(r",? and (?=(?:can|gets?|gains?|has|have|attacks?|blocks?|must|assigns?|its)\b)", rest)
    for part in parts:
        part = part.strip()
        if PT_CHANGE.fullmatch(part):
            pt = True
            continue
        if part == "its activated abilities can't be activated":
            continue
        m = KEYWORD_VERB.fullmatch(part)
        if m:
            if "of your choice" in m["kws"]:
                raise Unreadable("a choice: write the chosen quality into the text (e.g. 'protection from red')")
            kws = [k.strip() for k in re.split(r",\s*(?:and\s+)?|\s+and\s+", m["kws"]) if k.strip()]
            if all(is_known_keyword(k) for k in kws):
                keywords.extend(kws)
                continue
            raise Unreadable(f"unknown keyword(s) in {part!r}")
        for _, pattern, build in PREDICATES:
            pm = pattern.match(part)
            if pm:
                try:
                    abilities.extend(build(pm, ctx))
                except _Keyword as k:
                    keywords.extend(k.keywords)
                break
        else:
            raise Unreadable(f"unknown predicate {part!r}")
    return keywords, abilities, pt


NO_MEANING = [
    (re.compile(r"^(?:when|whenever|at the beginning|at end of)\b"), "a triggered ability: it changes nothing "
     "until it resolves; give its result as an effect"),
    (re.compile(r"^[^\"]*?(?:\{[^}]*\}|\btap\b|sacrifice|discard|exile)[^\"]*?: "),
     "an activated ability: give its result as an effect once activated"),
    (re.compile(r"^(?:~|it|enchanted creature|equipped creature|[a-z ]*creatures?[a-z ]*) gets? [+-][\dx]+/[+-][\dx]+"
                r"(?: for each [^.]*| until end of turn| as long as [^.]*)?$"),
     "changes power/toughness: give the current values on the board"),
    (re.compile(r"^(?:as long as|during your turn|during each)\b.*\bgets? [+-][\dx]+/[+-][\dx]+"),
     "changes power/toughness: give the current values on the board"),
    (re.compile(r"^~ deals \w+ damage to\b"), "noncombat damage"),
    (re.compile(r".* enters?(?: the battlefield)? tapped$"), "how permanents enter the battlefield"),
    (re.compile(r"^the attacking player chooses how each creature blocks each combat$"),
     "who chooses the block; the choice must still be legal (Master Warcraft ruling, 2005-10-01)"),
    (re.compile(r"^(?:you may )?untap (?:it|that creature|target creature)"), "untaps: give the creature's state"),
    (re.compile(r"^destroy |^draw |^add \{|^counter target|^return |^exile |^create |^scry \d+$|^you gain \d+ life$"),
     "no combat rules meaning"),
    (re.compile(r"^cast this spell only\b"), "timing of casting"),
]

Template = tuple[str, re.Pattern[str], Callable[[re.Match[str], Context], tuple[Where | str, list[Ability]]]]
TEMPLATES: list[Template] = [
    ("lure", re.compile(r"^all creatures able to block (?:~|enchanted creature|equipped creature) do so$"),
     lambda m, c: ("self", [Simple(kind="lure")])),
    ("if this attacks, all attack", re.compile(r"^if ~ attacks, all creatures you control attack if able$"),
     lambda m, c: ("self", [Simple(kind="all_attack_if_this_attacks")])),
    ("also attacks if a creature attacks",
     re.compile(r"^if a creature you control attacks, ~ also attacks if able$"),
     lambda m, c: ("self", [Simple(kind="attacks_if_creature_attacks")])),
    ("no more than N can attack", re.compile(r"^no more than (?P<n>" + NUM + r") creatures? can attack(?P<you> you)? "
                                             r"each (?:combat|turn)$"),
     lambda m, c: ("global", [MaxAttackers(kind="max_attackers", n=number(m["n"]),
                                           defender="you" if m["you"] else None)])),
    ("no more than N can block", re.compile(r"^no more than (?P<n>" + NUM + r") creatures? can block each "
                                            r"(?:combat|turn)$"),
     lambda m, c: ("global", [MaxBlockers(kind="max_blockers_total", n=number(m["n"]))])),
    ("goad", re.compile(r"^goad (?:target creature|it|that creature)$"),
     lambda m, c: ("target", [Simple(kind="goad")])),
    ("goad all", re.compile(r"^goad all creatures (?:you don't control|your opponents control)$"),
     lambda m, c: ("global", [Grant(kind="grant", to="opponents", abilities=(Simple(kind="goad"),))])),
]


def read(text: str, name: str | None = None, ctx: Context | None = None) -> list[Reading]:
    """Read rules text sentence by sentence (for a permanent, ``name`` is its card name)."""
    return list(_read_cached(text, name, ctx or Context()))


@lru_cache(maxsize=4096)
def _read_cached(text: str, name: str | None, ctx: Context) -> tuple[Reading, ...]:
    """Readings are pure values: a batch reads each card's text once."""
    return tuple(read_sentence(s, ctx) for s in sentences(normalise(text, name)))


def read_sentence(s: str, ctx: Context) -> Reading:
    """One normalised sentence → its reading."""
    s = re.sub(r"^[a-z ]+ — ", "", s) if not s.startswith("as long as") else s  # ability words
    kws = _keyword_list(s)
    if kws is not None:
        return Reading(s, "understood", keywords=tuple(kws), template="keywords")
    for name, pattern, build in TEMPLATES:
        m = pattern.match(s)
        if m:
            where, abilities = build(m, ctx)
            return Reading(s, "understood", abilities=tuple(abilities), note=where, template=name)
    for pattern, why in NO_MEANING:
        if pattern.match(s):
            return Reading(s, "no combat meaning", note=why)
    if re.match(r"^(?:as long as|if|during|threshold|metalcraft)\b", s):
        return Reading(s, "not understood", note="depends on a condition the board does not record; if it holds, "
                       "give the ability as structured abilities")
    body = re.sub(r"^(?:this turn|until end of turn), ", "", s)
    body = re.sub(r" (?:this turn|this combat|until end of turn)$", "", body)
    error = "no known subject"
    for pattern, who in SUBJECTS:
        for _, rest, match in _subject_splits(body, pattern):
            try:
                where, q = who(match, ctx)
                keywords, preds, pt = _read_predicates(rest, ctx)
            except Unreadable as exc:
                error = str(exc)
                continue
            return _reading(s, where, q, keywords, preds, pt)
    return Reading(s, "not understood", note=error)


def _subject_splits(body: str, pattern: re.Pattern[str]) -> list[tuple[str, str, re.Match[str]]]:
    words = body.split(" ")
    out = []
    for i in range(len(words) - 1, 0, -1):
        subject, rest = " ".join(words[:i]), " ".join(words[i:])
        m = pattern.match(subject)
        if m:
            out.append((subject, rest, m))
    return out


def _reading(s: str, where: str, q: Quality | None, keywords: list[str], abilities: list[CreatureAbility],
             pt: bool) -> Reading:
    if not keywords and not abilities:
        return Reading(s, "no combat meaning", note="changes power/toughness: give the current values on the board")
    note = "power/toughness change ignored: give the current values on the board" if pt else ""
    if where == "self":
        return Reading(s, "understood", tuple(keywords), tuple(abilities), note or "self", "subject+predicate")
    if where == "target":
        grant: list[Ability] = [Grant(kind="grant", keywords=tuple(keywords))] if keywords else []
        return Reading(s, "understood", (), tuple(grant + list(abilities)), note or "target", "subject+predicate")
    g = Grant(kind="grant", to=where, quality=q, keywords=tuple(keywords), abilities=tuple(abilities))
    return Reading(s, "understood", (), (g,), note or "global", "subject+predicate")
