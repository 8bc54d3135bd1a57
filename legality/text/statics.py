"""Static abilities whose form alone shows they can't bear on a declaration or on combat damage, recognised before
the grammar is asked (and faster than it): characteristic-defining power and toughness, type changes, costs and
rules of spells, and replacement effects on events that are neither a declaration nor combat damage.

Each form answers with the reason and the rule; a sentence that holds a word with combat meaning (``terms``) or
speaks of permanents as well ("creatures you control and creature spells ...") is never answered here.
"""

from __future__ import annotations

import re

from legality.text.terms import has_combat_word

PT_NOTE = "changes power/toughness or other values: give the current values on the board"

TYPE_WORDS = (r"(?:legendary |snow |basic |colorless |white |blue |black |red |green |\d+/\d+ )*"
              r"(?:(?:artifact|creature|enchantment|land|planeswalker|battle)\s*)+")

FORMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^~'s (?:power|toughness|power and toughness) (?:is|are)(?: each)? equal to "),
     f"a characteristic-defining ability (604.3): {PT_NOTE}"),
    (re.compile(rf"^(?:as long as [^,]+, |during [^,]+, )?(?:~|it)(?: is|'s| isn't| is not| are) (?:a |an )?"
                rf"{TYPE_WORDS}(?:in addition to its other types)?$"),
     "changes its types (205.1b, 613.1d): the board gives the current types"),
    (re.compile(r"^(?:(?:[a-z/-]+|,) )*?spells? (?:you cast |your opponents cast |an opponent casts |players cast |"
                r"each player casts )?(?:[a-z ,/{}+-]+ )?(?:cost|costs|can't be countered|have|has)\b"),
     "applies to spells on the stack, not to permanents (601.2f, 113.6)"),
    (re.compile(r"^if [^,]+ would [^,]+,.+(?:instead|that many plus|twice that many|that much)"),
     "a replacement effect on an event that is neither a declaration nor combat damage (614.1)"),
    (re.compile(r"^(?:~ enters (?:tapped|with|as)|as ~ enters\b|you may have ~ enter (?:as|with|tapped))"),
     "applies as the permanent enters (614.1c, 614.12): the board shows the result"),
)
"""(form, why): a sentence of a static ability matching the form has no bearing on declarations or combat
damage."""

DECLARATION_WORDS = re.compile(r"\b(?:attack\w*|block\w*|combat|damage|must|able)\b")

WORD_FORMS: tuple[tuple[re.Pattern[str], str, bool], ...] = (
    (re.compile(r"^if (?:.+ causes? (?:a|an) (?:triggered )?abilit(?:y|ies) .+ to trigger|a triggered ability of .+ "
                r"triggers), (?:that ability|it) triggers an additional time$"),
     "makes abilities trigger again (603.2d): what they do once resolved is an effect the board gives", True),
    (re.compile(r"^(?:~|[a-z ]+ you control|(?:[a-z ]+ )?creatures?) (?:can't|cannot) be the targets? of "
                r"(?:spells|abilities|spells or abilities|spells or abilities your opponents control|abilities your "
                r"opponents control|spells your opponents control)$"),
     "limits targeting (115.4), not declarations", False),
    (re.compile(r"^(?:the first )?[a-z ,]*activated abilit(?:y|ies) [a-z ,]*costs? (?:\{[^}]+\})+ (?:less|more) to "
                r"activate$"),
     "changes the cost of activating abilities (602.2b)", False),
    (re.compile(r"^[a-z ]+ entering(?: the battlefield)? (?:don't|doesn't) cause abilities to trigger$"),
     "stops abilities triggering (603.2): nothing to declare follows", False),
)
"""(form, why, description allowed): forms holding "ability" or "abilities" (combat words, since a creature may gain
or lose abilities) that speak only of targets, costs or triggering; with the flag, words of attacking may describe
what triggers (Isshin's "a creature attacking causes ..."), else no word of a declaration or damage may appear."""

PERMANENTS = re.compile(r"\b(?:you control|creatures|permanents|~)\b.*\bspells?\b")


def no_bearing(sentence: str) -> str | None:
    """Why a static ability's sentence can't bear on a declaration or combat damage, or None when its form
    doesn't show that (the grammar is asked then)."""
    for form, why, described in WORD_FORMS:
        if form.search(sentence) and (described or not DECLARATION_WORDS.search(sentence)):
            return why
    if has_combat_word(sentence):
        return None
    for form, why in FORMS:
        if form.search(sentence) and not ("spells" in why and PERMANENTS.search(sentence)):
            return why
    return None
