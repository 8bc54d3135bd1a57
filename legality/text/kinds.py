"""The first stage of reading: a card's text split into abilities, each with its kind (CR 113.3).

Only a static ability of a permanent, or a continuous effect already in force, can bear on a declaration of
attackers or blockers (113.3d, 604.1, 611.3). An activated ability changes nothing until it is activated
and resolves (602.2, 608.2); a triggered ability until it triggers and resolves (603.2, 603.3); their
results, once they have resolved, are effects the board gives. So the kind decides what must be understood:
static abilities only. The kind is read from the shape of the line, which the rules define: "[cost]:
[effect]" is an activated ability (602.1), "when/whenever/at ..." a triggered one (603.1), a chapter of a
Saga a triggered one (714.2b), and a text that applies only to a spell or a card elsewhere than on the
battlefield ("this spell costs ...", "as an additional cost to cast this spell") works only there (113.6,
601.2f).
"""

from __future__ import annotations

import re
from typing import Literal

from legality.text import lexicon

AbilityKind = Literal["static", "activated", "triggered", "elsewhere"]
"""``static``: a static ability (or keywords) of the permanent; ``elsewhere``: an ability that works only on the
stack or in another zone (a spell's cost, a card in a graveyard): never on the battlefield (113.6)."""

FLAVOR_WORD = re.compile(r"^[a-z0-9~' ,!?&.-]{1,60}? — (?=\S)")
"""Words before " — " that lead an ability: an ability word (207.2c) or a flavor word (207.2d); neither has
rules meaning, so neither changes the kind. (A keyword's cost after an em dash has no spaces around it:
"suspend 2—{r}{r}".)"""
TABLE_ROW = re.compile(r"^\d+(?:—\d+)? \|")
"""A row of a die-roll table ("1—9 | scry 1", 706.2): part of the ability above it."""
TRIGGER = re.compile(r"^(?:when|whenever|at the beginning|at end of|at the end of)\b")
CHAPTER = re.compile(r"^(?:iv|v|vi|i{1,3})(?:, (?:iv|v|vi|i{1,3}))* —")
TO_SOLVE = re.compile(r"^to solve — ")
"""A Case's "To solve — [condition]" (719.3): a triggered ability at the beginning of its controller's end step that
makes the Case solved (a designation, 719.3b), not a static ability."""
LOYALTY = re.compile(r"^\[?[+−-]?(?:\d+|x)\]?:")
ELSEWHERE = re.compile(
    r"^(?:this spell (?:costs|can't be countered|has)|as an additional cost to cast this spell"
    r"|you may cast ~ from your graveyard|~ can't be countered"
    r"|you may cast this card from your graveyard|you may cast ~ from exile"
    r"|if ~ is in your (?:hand|graveyard)|~ costs \{[^}]+\}(?:\{[^}]+\})* less to cast"
    r"|~ costs \{[^}]+\}(?:\{[^}]+\})* more to cast|you may pay \{[^}]+\}(?:\{[^}]+\})* rather than pay"
    r"|you can't cast ~|a deck can have (?:any number of|up to)|~ can be your commander\b"
    r"|(?:once (?:during each of your turns|each turn), )?you may (?:play|cast) [^.]* from (?:your graveyard|exile|"
    r"the top of)"
    r"|draft (?:~|this card) face up|during the draft\b|as you draft\b|instead of drafting\b"
    r"|reveal (?:~|this card) as you draft it"
    r"|you may reveal (?:this card|~) from your opening hand\b)")
"""Lines that apply to the card as a spell or in another zone (601.2f, 113.6), to playing cards from other zones
(601.3, 305.1), to building a deck (100.2a; "~ can be your commander", 903.3a), to a Conspiracy draft, before
any game (905.2), or to a card in an opening hand (103.6)."""


def strip_flavor_word(body: str) -> str:
    """``body`` without a leading flavor word (207.2d), keeping a mode's lead ("choose one —") and a chapter
    number (714.2b), which the grammar reads."""
    if CHAPTER.match(body) or body.startswith("choose "):
        return body
    return FLAVOR_WORD.sub("", body, count=1)


def ability_kind(line: str) -> AbilityKind:
    """The kind of one ability, given as a normalised line (lower case, reminder text removed, ``~`` for the
    card's own name), after any ability word (207.2c: ability words have no rules meaning)."""
    _, body = lexicon.strip_ability_word(line.strip())
    if CHAPTER.match(body) or TO_SOLVE.match(body):
        return "triggered"
    body = strip_flavor_word(body)
    if TRIGGER.match(body):
        return "triggered"
    if LOYALTY.match(body) or _cost_colon(body):
        return "activated"
    if ELSEWHERE.match(body):
        return "elsewhere"
    return "static"


def _cost_colon(line: str) -> bool:
    """Whether the line has a colon outside quotation marks (602.1: "[Cost]: [Effect.]")."""
    quoted = False
    for ch in line:
        if ch == '"':
            quoted = not quoted
        elif ch == ":" and not quoted:
            return True
    return False


def kinds_of_lines(text: str) -> list[tuple[str, AbilityKind]]:
    """Each line of normalised text with its kind. A mode line ("• ...") belongs to the ability above it (700.2:
    the modes of a modal spell or ability), and so does a row of a die-roll table: each takes that kind."""
    out: list[tuple[str, AbilityKind]] = []
    above: AbilityKind = "static"
    for raw in text.split("\n"):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("•") or TABLE_ROW.match(line):
            out.append((line, above))
            continue
        above = ability_kind(line)
        out.append((line, above))
    return out
