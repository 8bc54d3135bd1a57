"""A static ability judged by its effect alone, its condition set aside ("each opponent who attacked you this turn
can't cast spells", "you may play cards exiled with ~ as long as you attacked this turn").

A condition only says when an effect applies (611.3a); what a declaration (508.1, 509.1) or combat damage (510.1)
can depend on is the effect. So a sentence whose effect, applying always, could change neither has no combat
meaning, however its condition, a count or its subject's "who ..." speaks of attacking, blocking or combat. Taking
the condition away only widens the effect: an effect with combat meaning keeps it and stays for the grammar.
"""

from __future__ import annotations

import re

LEAD = re.compile(r"^(?:as long as|during|while|if(?!.*\binstead\b)) (?![^,]* would )[^,]+, (?=[a-z~])")
"""A condition before the effect: "as long as ~ is attacking, ...", "during combat, ..."; not the event a
replacement effect replaces ("if a creature would die, ...", 614.1), nor an "if" in a sentence with "instead"
anywhere ("if ..., instead only ..."), which are part of its effect."""
TRAIL = re.compile(r" (?:as long as|during|while) (?:you|~|it|an? [a-z]+|one or more [a-z]+) [^,]*?"
                   r"(?:attack|block|combat)[a-z ,~']*$")
"""A condition after the effect that speaks of combat: "... as long as you attacked this turn"."""
WHO = re.compile(r"\b(?P<player>each opponent|each player|opponents|players|your opponents) who (?:attacked|blocked)"
                 r"[a-z ,~']*? this turn\b")
"""A player named by what they did in combat this turn: "each opponent who attacked you this turn"."""
COUNT = re.compile(r" for each (?:time (?:it|~) has (?:attacked|blocked)(?: or blocked)? this turn|"
                   r"(?:attacking|blocking) creature(?: you control)?)$")
"""A count that scales an effect: "gets +1/+0 for each time it has attacked this turn"."""


RESULTS = re.compile(r"\b(?:destroy\w*|regenerat\w*|die|dies|lethal|life|lose|loses|lost|win|wins|poison\w*|"
                     r"counters? (?:put|placed) on)\b")
"""Words of what combat damage results in (704.5a-c, 704.5f-g): a sentence holding one anywhere, its condition
included, is never judged by its effect alone."""


def effect_alone(sentence: str) -> str:
    """``sentence`` with its condition, its count and its subject's "who ..." about combat set aside (the effect is
    judged as applying always); ``sentence`` itself when there is none, or when it speaks of what combat damage
    results in (``RESULTS``)."""
    if RESULTS.search(sentence):
        return sentence
    body = LEAD.sub("", sentence, count=1)
    body = TRAIL.sub("", body, count=1)
    body = COUNT.sub("", body, count=1)
    return WHO.sub(lambda m: m["player"], body, count=1)
