"""The grammar's word classes as regular expressions, built from the lexicon (so from the rules' own lists).

``grammar.lark`` names them ``@NAME@``; ``terminals()`` gives each its pattern. Combat words are the
words whose presence means a sentence may matter to combat: free text (``NC_WORD``) never holds one.
"""

from __future__ import annotations

import json
import re
from functools import cache

from legality.text import lexicon

NONCOMBAT_VERBS = (
    "draw", "draws", "discard", "discards", "create", "creates", "destroy", "exile", "return", "put", "puts",
    "search", "shuffle", "scry", "surveil", "mill", "mills", "sacrifice", "sacrifices", "counter", "tap",
    "look", "reveal", "add", "choose", "copy", "transform", "investigate", "proliferate", "explore", "fight",
    "populate", "amass", "adapt", "regenerate", "attach", "gain control of", "exchange", "double", "distribute",
    "cast", "play", "spend", "flip", "roll", "venture", "learn", "manifest", "seek", "conjure", "connive",
    "remove", "separate", "untap", "target player", "target opponent", "each player", "each opponent",
    "you", "that player", "its controller", "that creature's controller", "its owner", "an opponent", "any player",
    "defending player",
    "each other player", "your opponents", "that spell's controller", "its owner", "they",
)
"""Words that start an effect with no combat meaning of its own (the rest of it must hold no combat word)."""

COMBAT_WORDS = (
    r"attack\w*", r"block\w*", "combat", "damage", "must", "able", "unblockable", r"\w+walk", "lure",
    "protection", "indestructible", "prevent", "prevented", "poison", "goad", "goaded", "provoke",
    "strike", "abilities", "ability", "keyword", "keywords", r"suspect\w*", r"detain\w*",
)
"""Words that may carry combat meaning besides the combat keywords' own names (which are added); suspected (701.58c:
menace, can't block) and detained (701.29a: can't attack or block) are states with combat meaning."""


@cache
def combat_words() -> tuple[str, ...]:
    """Every word (as a regex) whose presence in a sentence can matter to combat."""
    names: set[str] = set()
    for k in lexicon.keywords():
        if k.combat:
            # the other words of "trample over planeswalkers" and "battle cry" say nothing of combat alone
            # ("planeswalkers you control have hexproof"); "trample" and "battle" still mark those keywords
            names.update(re.escape(w) for w in k.name.split() if len(w) > 2
                         and w not in ("over", "cry", "planeswalkers"))
    return tuple(sorted(set(COMBAT_WORDS) | names, key=len, reverse=True))


def has_combat_word(text: str) -> bool:
    """Whether ``text`` holds a word that can matter to combat (see ``combat_words``)."""
    return re.search(r"\b(?:" + "|".join(combat_words()) + r")\b", text) is not None


def _alt(words: list[str]) -> str:
    """A regex alternation of whole words, longest first (Lark tries the regex once at each position)."""
    body = "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))
    return f"(?:{body})(?![a-z0-9'-])"


WORD_START = r"(?<![a-z0-9'~{}+/-])"
"""A free word starts a word: a literal of the grammar never matches the head of a longer word ("deal|t")."""

NOT_FREE = "becomes|become|becoming"
"""Words free text never holds either: what a permanent becomes (a creature, with keywords) is read by its own forms."""


def _plural(word: str) -> str:
    """The plural of a type word ("sorcery" -> "sorceries", "plains" -> "plains")."""
    if word.endswith("s"):
        return word
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def _regex(pattern: str) -> str:
    return "/" + pattern.replace("/", "\\/") + "/"


def _lexicon_entries(name: str) -> list[str]:
    data = json.loads((lexicon.HERE / name).read_text(encoding="utf-8"))
    return [e if isinstance(e, str) else e["name"] for e in data["entries"]]


@cache
def terminals() -> dict[str, str]:
    """``@NAME@`` → the Lark pattern that stands for it."""
    creature_s, creature_p = [], []
    for t in lexicon.creature_types():
        creature_s.append(t.lower())
        plural = lexicon.plural(t)
        if plural:
            creature_p.append(plural.lower())
    plain, numbered, costed = [], [], []
    for k in lexicon.keywords():
        for form in k.forms:
            if "[" not in form and " N" not in form and "—" not in form:
                plain.append(form)
            elif form.endswith(" N") and "[" not in form:
                numbered.append(form[:-2])
            elif form.endswith("[cost]") and "[" not in form[:-6]:
                costed.append(form[:-7].strip())
    land_types = [t.lower() for t in _lexicon_entries("land_types.json")]
    lands = [*land_types, "land", "nonbasic land", "snow land", "legendary land"]
    others = land_types + [t.lower() for name in ("planeswalker_types.json", "artifact_types.json",
                                                  "enchantment_types.json") for t in _lexicon_entries(name)]
    card_types = [t for t in _lexicon_entries("card_types.json") if t != "creature"]
    numbers = json.loads((lexicon.HERE / "numbers.json").read_text(encoding="utf-8"))["entries"]
    combat = "|".join(combat_words())
    return {
        "CTYPE_S": _regex(_alt(creature_s)),
        "CTYPE_P": _regex(_alt(creature_p)),
        "CARD_TYPE": _regex(_alt(card_types)),
        "CARD_TYPE_P": _regex(_alt([_plural(t) for t in card_types])),
        "OTHER_SUBTYPE": _regex(_alt(others + [_plural(t) for t in others])),
        "SUPERTYPE": _regex(_alt(_lexicon_entries("supertypes.json"))),
        "KEYWORD": _regex(_alt(plain)),
        "KW_NUM": _regex(_alt(numbered)),
        "KW_COST": _regex(_alt(costed)),
        "LANDWALK": _regex(f"(?:{'|'.join(re.escape(w) for w in sorted(lands, key=len, reverse=True))})walk"
                           r"(?![a-z])"),
        "NUMBER_WORD": _regex(_alt([w for w in numbers if w not in ("a", "an")])),
        "NC_VERB": _regex(_alt(list(NONCOMBAT_VERBS))),
        "NC_WORD": _regex(rf"{WORD_START}(?!(?:{combat}|{NOT_FREE})(?![a-z]))(?:[a-z0-9~{{}}+/'-]+|—|"
                          rf"\"(?![^\"]*\b(?:{combat})\b)[^\"]*\")"),
        "CREATE_WORD": _regex(WORD_START + r"(?!(?:attack\w*|block\w*|combat|damage|must|able|has|have|gains?|"
                              r"can't|cannot|gets?|loses?|and)(?![a-z]))(?:[a-z0-9~{}+/'-]+|—|\"[^\"]*\")"),
    }
