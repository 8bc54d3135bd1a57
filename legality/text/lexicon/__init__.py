"""The words of rules text, taken from the Comprehensive Rules: types, colours, keywords, ability words, numbers.

The data are JSON files beside this module, written by ``build.py`` from the rules and each naming
its source. Every lookup is case-insensitive and takes straight or curly apostrophes; text is
expected as the reader normalises it (lower case, em dashes kept).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any, Literal

from msgspec import Struct
from msgspec.structs import replace

HERE = Path(__file__).parent
CombatKind = Literal["evasion", "declare attackers", "declare blockers", "combat damage", "combat trigger"]
AbilityKind = Literal["static", "activated", "triggered", "spell", "characteristic-defining"]
Zone = Literal["battlefield", "stack", "hand", "graveyard", "exile", "library", "command", "playable", "entering",
               "outside", "any"]
"""Where an ability functions (113.6): a zone, or "playable" (any zone the card could be played or cast from,
113.6e), "entering" (as the object enters the battlefield, 113.6h), "outside" (outside the game, before it begins,
113.6n), "any" (everywhere, 113.6a, 113.6f)."""
SubtypeKind = Literal["creature", "land", "artifact", "enchantment", "planeswalker", "spell", "battle"]


@cache
def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((HERE / name).read_text(encoding="utf-8"))
    return data


def source(name: str) -> str:
    """Where a lexicon file's entries come from (``"creature_types.json"`` -> "... rule 205.3m")."""
    return str(_load(name)["source"])


def _key(word: str) -> str:
    return re.sub(r"\s+", " ", word.replace("\u2019", "'").strip().lower())


@cache
def _names(name: str) -> dict[str, str]:
    """Lower-case word -> canonical spelling, for a file whose entries are strings or {"name": ...}."""
    out: dict[str, str] = {}
    for e in _load(name)["entries"]:
        n = e if isinstance(e, str) else e["name"]
        out[_key(n)] = n
    return out


# --- Types (205) and colours (105.1) ----------------------------------------------------------

@cache
def _creature_words() -> dict[str, str]:
    out: dict[str, str] = {}
    for e in _load("creature_types.json")["entries"]:
        out[_key(e["plural"])] = e["name"]
    for e in _load("creature_types.json")["entries"]:
        out[_key(e["name"])] = e["name"]  # a singular wins over a plural spelled the same
    return out


def creature_type(word: str) -> str | None:
    """The creature type (205.3m) a word names, singular or plural: "elves" -> "Elf", "time lords" -> "Time Lord"."""
    return _creature_words().get(_key(word))


def creature_types() -> frozenset[str]:
    """Every creature type of rule 205.3m."""
    return frozenset(_names("creature_types.json").values())


@cache
def _plurals() -> dict[str, str]:
    return {e["name"]: e["plural"] for e in _load("creature_types.json")["entries"]}


def plural(creature: str) -> str | None:
    """A creature type's plural as Oracle text writes it ("Wolf" -> "Wolves"), or None if not a type."""
    canonical = creature_type(creature)
    return _plurals()[canonical] if canonical else None


def irregular_plurals() -> dict[str, str]:
    """The creature types whose plural the regular English rules would get wrong."""
    return {e["name"]: e["plural"] for e in _load("creature_types.json")["entries"] if e.get("irregular")}


def _singular(word: str) -> list[str]:
    """Candidate singulars of a regular English plural."""
    out = [word]
    if word.endswith("ies"):
        out.append(word[:-3] + "y")
    if word.endswith("es"):
        out.append(word[:-2])
    if word.endswith("s"):
        out.append(word[:-1])
    return out


def _lookup(name: str, word: str, plurals: bool) -> str | None:
    table = _names(name)
    for w in _singular(_key(word)) if plurals else [_key(word)]:
        if w in table:
            return table[w]
    return None


def card_type(word: str) -> str | None:
    """A card type of rule 205.2a ("creatures" -> "creature"), plural allowed."""
    return _lookup("card_types.json", word, plurals=True)


def supertype(word: str) -> str | None:
    """A supertype of rule 205.4a ("legendary")."""
    return _lookup("supertypes.json", word, plurals=False)


def colour(word: str) -> str | None:
    """A colour of rule 105.1 ("red")."""
    return _lookup("colours.json", word, plurals=False)


def land_type(word: str) -> str | None:
    """A land type of rule 205.3i, singular or plural ("islands" -> "Island", "urza's" -> "Urza's")."""
    return _lookup("land_types.json", word, plurals=True)


def basic_land_types() -> frozenset[str]:
    """The basic land types (205.3i)."""
    return frozenset(e["name"] for e in _load("land_types.json")["entries"] if e["basic"])


_SUBTYPE_FILES: dict[SubtypeKind, str] = {
    "land": "land_types.json", "artifact": "artifact_types.json", "enchantment": "enchantment_types.json",
    "planeswalker": "planeswalker_types.json", "spell": "spell_types.json", "battle": "battle_types.json",
}


def subtype(word: str) -> tuple[SubtypeKind, str] | None:
    """Which kind of subtype (205.3g-q) a word is, and its spelling: "desert" -> ("land", "Desert").

    Creature types come first (205.3m), so "elves" -> ("creature", "Elf").
    """
    c = creature_type(word)
    if c:
        return ("creature", c)
    for kind, name in _SUBTYPE_FILES.items():
        found = _lookup(name, word, plurals=True)
        if found:
            return (kind, found)
    return None


# --- Ability words (207.2c) and numbers -------------------------------------------------------

def ability_words() -> frozenset[str]:
    """The ability words of rule 207.2c (lower case; "descend 4" is one)."""
    return frozenset(_names("ability_words.json"))


_ABILITY_WORD = re.compile(r"^\s*(?P<word>[a-z'\u2019 0-9]+?)\s*—\s*", re.IGNORECASE)


def strip_ability_word(sentence: str) -> tuple[str | None, str]:
    """Split "threshold — ..." into ("threshold", "..."): the word has no rules meaning (207.2c)."""
    m = _ABILITY_WORD.match(sentence)
    if m and _key(m["word"]) in _names("ability_words.json"):
        return _key(m["word"]), sentence[m.end():]
    return None, sentence


def number(word: str) -> int | None:
    """A number in words or digits ("a" 1, "twenty" 20, "ninety-nine" 99, "one hundred" 100), else None."""
    w = _key(word)
    if w.isdigit():
        return int(w)
    value = _load("numbers.json")["entries"].get(w)
    return int(value) if value is not None else None


# --- Keywords (702) ---------------------------------------------------------------------------

class KeywordAbility(Struct, frozen=True):
    """One ability a keyword represents: its kind (113.3), where it functions (113.6), the sub-rule that says so."""

    kind: AbilityKind
    zone: Zone
    rule: str


class KeywordEntry(Struct, frozen=True):
    """A keyword ability of rule 702: its forms as the rule writes them, whether it matters to combat, and the kinds
    and zones of the abilities it represents."""

    name: str
    rule: str
    forms: tuple[str, ...]
    combat: CombatKind | None
    combat_rule: str | None
    variant_of: str | None
    kinds: tuple[AbilityKind, ...] = ()
    zones: tuple[Zone, ...] = ()
    abilities: tuple[KeywordAbility, ...] = ()

    @property
    def battlefield_static(self) -> bool:
        """Whether it represents a static ability that functions on the battlefield (a characteristic-defining one
        is static and functions everywhere, 604.3): the only kind that can bear on a declaration as the permanent
        sits there (113.3d, 604.1, 611.3); a triggered or activated one acts only once it resolves (603.3, 602)."""
        return any(a.kind in ("static", "characteristic-defining") and a.zone in ("battlefield", "any")
                   for a in self.abilities)


class KeywordInfo(Struct, frozen=True):
    """One keyword instance read from text: "bushido 2" -> name "bushido", number 2."""

    name: str
    rule: str
    combat: CombatKind | None
    number: int | None = None
    cost: str | None = None
    quality: str | None = None
    text: str = ""

    @property
    def parameter(self) -> int | str | None:
        """The keyword's parameter, whichever shape it has."""
        return self.number if self.number is not None else self.quality if self.quality is not None else self.cost


@cache
def keywords() -> tuple[KeywordEntry, ...]:
    """Every keyword ability of rule 702 (with named variants such as megamorph, 702.37b), and those of a later
    edition of the rules in ``keywords_later.json`` (mobilize, 702.181), with the forms that edition adds."""
    later = _load("keywords_later.json")
    added: dict[str, list[str]] = {}
    for f in later["forms"]:
        added.setdefault(f["name"], []).extend(f["forms"])
    return tuple(_entry(e, added.get(e["name"], [])) for e in [*_load("keywords.json")["entries"], *later["entries"]])


def _entry(e: dict[str, Any], more_forms: list[str]) -> KeywordEntry:
    """A ``KeywordEntry`` from its JSON entry, with any forms a later edition adds."""
    combat = e["combat"]
    return KeywordEntry(e["name"], e["rule"], tuple(e["forms"] + more_forms), combat["kind"] if combat else None,
                        combat["rule"] if combat else None, e.get("variant_of"), tuple(e["kinds"]),
                        tuple(e["zones"]), tuple(KeywordAbility(a["kind"], a["zone"], a["rule"])
                                                 for a in e["abilities"]))


def keyword_entry(name: str) -> KeywordEntry | None:
    """The entry of a keyword by name ("first strike")."""
    return next((k for k in keywords() if k.name == _key(name)), None)


def combat_keywords() -> frozenset[str]:
    """Names of the keywords that matter to declaring attackers or blockers or to combat damage."""
    return frozenset(k.name for k in keywords() if k.combat)


_NUMBER = r"\d+|x|[a-z]+(?:-[a-z]+)?"
_MANA = r"(?:\{[^}]+\})+(?: or (?:\{[^}]+\})+)?"
"""A mana cost; old cards give a choice of two ("cumulative upkeep {r} or {g}", Earthen Goo)."""
_PLACEHOLDER = re.compile(r"\[([^\]]+)\]|\bN\b")
_TEXT_PLACEHOLDERS = {"effect", "ability text", "activated ability", "condition", "ability"}


def _form_pattern(form: str, with_tail_cost: bool) -> tuple[re.Pattern[str], list[str]]:
    """A regular expression for one written form, and the kind of each of its groups in order."""
    kinds: list[str] = []
    parts: list[str] = []
    pos = 0
    for m in _PLACEHOLDER.finditer(form):
        literal = form[pos:m.start()]
        after = form[m.end():m.end() + 1]
        if m[0] == "N":
            kinds.append("number")
            parts.append(_literal(literal) + f"(?P<g{len(kinds)}>{_NUMBER})")
        elif m[1].startswith("cost"):
            kinds += ["cost", "cost"]
            sep = _literal(literal.rstrip(" —"))
            parts.append(sep + f"(?:\\s+(?P<g{len(kinds) - 1}>{_MANA})|\\s*—\\s*(?P<g{len(kinds)}>.+))")
        else:
            kinds.append("text" if m[1] in _TEXT_PLACEHOLDERS else "quality")
            inner = "[a-z' -]+?" if after.isalpha() else "[^{}]+?" if kinds[-1] == "quality" else ".+"
            parts.append(_literal(literal) + f"(?P<g{len(kinds)}>{inner})")
        pos = m.end()
    parts.append(_literal(form[pos:]))
    tail = ""
    if with_tail_cost and "[cost" not in form:
        kinds.append("cost")
        tail = f"(?:\\s+(?P<g{len(kinds)}>{_MANA}))?"
    return re.compile("^" + "".join(parts) + tail + "$"), kinds


def _literal(text: str) -> str:
    out = re.escape(text)
    out = out.replace(r"\ —\ ", r"\s*—\s*").replace("—", r"\s*—\s*").replace(r"\ ", r"\s+")
    return out


@cache
def _patterns() -> tuple[tuple[KeywordEntry, re.Pattern[str], tuple[str, ...], bool], ...]:
    """Each form's pattern, its groups' kinds, and whether it opens with a type ("[type]walk", "[quality] offering")."""
    out = []
    for k in keywords():
        has_cost = any("[cost" in f for f in k.forms)
        for f in k.forms:
            pattern, kinds = _form_pattern(f, has_cost)
            out.append((k, pattern, tuple(kinds), f.startswith("[")))
    # Forms with more fixed text first: "trample over planeswalkers" before anything shorter.
    out.sort(key=lambda t: -len(_PLACEHOLDER.sub("", t[0].forms[0])))
    return tuple(out)


def keyword(text: str) -> KeywordInfo | None:
    """Read one keyword instance: "bushido 2", "protection from red", "islandwalk", "ninjutsu {1}{u}"."""
    t = _key(text).rstrip(".")
    for entry, pattern, kinds, typed in _patterns():
        m = pattern.match(t)
        if not m:
            continue
        values: dict[str, str] = {}
        for i, kind in enumerate(kinds, start=1):
            v = m[f"g{i}"]
            if v is not None and kind not in values:
                values[kind] = v.strip()
        n = values.get("number")
        if n is not None and n != "x" and number(n) is None:
            continue
        if typed and not _type_phrase(values.get("quality", "")):
            continue
        return KeywordInfo(entry.name, entry.rule, entry.combat, number(n) if n not in (None, "x") else None,
                           values.get("cost"), values.get("quality") or values.get("text"), t)
    return None


def _type_phrase(words: str) -> bool:
    """Whether every word names a type, supertype or subtype, perhaps with "non" ("snow forest", "nonbasic land",
    "wizard"): what "[type]walk" (702.14a), "[type]cycling" (702.29e) and "[quality] offering" (702.48a) take."""
    def is_type(w: str) -> bool:
        w = w.removeprefix("non-") if w.startswith("non-") else w[3:] if w.startswith("non") and len(w) > 5 else w
        return w == "land" or any(f(w) for f in (card_type, supertype, subtype, creature_type))
    return bool(words) and all(is_type(w) for w in words.split())


# --- A whole line of keywords -----------------------------------------------------------------

_SEPARATOR = re.compile(r"[,;] ")
_MORE_QUALITIES = re.compile(r",? (?:and )?from ")
LISTED_QUALITIES = frozenset({"protection", "hexproof"})
"""Keywords written "[name] from A, from B, and from C": shorthand for one ability per quality (702.16g, 702.11f)."""


def keyword_line(line: str) -> tuple[KeywordInfo, ...] | None:
    """Read a line that holds only keyword abilities ("flying, haste", "escape—{3}{r}{r}, exile five other cards
    from your graveyard", "protection from vampires, from werewolves, and from zombies"), else None.

    The line is normalised text (lower case, reminder text removed). Keywords are separated by commas or, on old
    cards, semicolons; a cost after an em dash runs to the end of the line, commas and all. A list of qualities
    gives one ``KeywordInfo`` per quality, as the rules read it (702.16g, 702.11f): "protection from red and from
    white" is protection from red and protection from white.
    """
    text = _key(line).rstrip(". ")
    if not text:
        return None
    cuts = [m.start() for m in _SEPARATOR.finditer(text)] + [len(text)]
    return _read_from(text, 0, tuple(cuts), {})


def _read_from(text: str, start: int, cuts: tuple[int, ...],
               memo: dict[int, tuple[KeywordInfo, ...] | None]) -> tuple[KeywordInfo, ...] | None:
    """Keywords from ``start`` to the end of the line: the shortest first part that is a keyword and leaves a
    readable rest, so a cost with commas ("escape—{3}{r}{r}, exile ...") is taken whole only when it must be."""
    if start in memo:
        return memo[start]
    memo[start] = None
    for end in (c for c in cuts if c > start):
        first = _instances(text[start:end])
        if first is None:
            continue
        rest = () if end == len(text) else _read_from(text, end + 2, cuts, memo)
        if rest is not None:
            memo[start] = first + rest
            break
    return memo[start]


def _instances(part: str) -> tuple[KeywordInfo, ...] | None:
    """One keyword, or one per quality of a listed-quality keyword ("protection from black and from red")."""
    info = keyword(part)
    if info is None:
        return None
    if info.name not in LISTED_QUALITIES or not info.quality:
        return (info,)
    qualities = _MORE_QUALITIES.split(info.quality)
    return tuple(replace(info, quality=q, text=f"{info.name} from {q}") for q in qualities)
