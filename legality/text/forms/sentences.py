"""Sentences as wholes: the start rule, lead-ins (a mode, 700.2; a chapter, 714.2), statics (clauses of a subject and
its predicates, with a leading or trailing condition), effects of spells and abilities (608.2) with their durations,
choices and conditions, and effects with no combat meaning, read as such (understood, no combat meaning) rather
than not understood."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, cast

from lark import Token, Tree

from legality.text.context import Unreadable
from legality.text.forms.base import Forms, _one, _toks
from legality.text.forms.characteristics import change
from legality.text.reading import PT_NOTE
from legality.text.tree import Clause, NoCombat, Part, Placed, Pred, Selector, Sentence, Unread
from models.abilities import Condition, Grant, Simple

GUARDED = ("an effect that depends on a condition or choice the checker can't read: give its result as an effect if "
           "it applies")

class SentenceForms(Forms):
    """Sentences, statics, clauses and effects."""

    def start(self, c: list[Any]) -> Sentence:
        s = c[-1]
        if isinstance(s, Sentence):
            return s
        raise Unreadable(f"unexpected form {s!r}")

    start_static = start_triggered = start

    def lead_in(self, c: list[Any]) -> None:
        return None

    def static(self, c: list[Any]) -> Sentence:
        conds = [x for x in c if isinstance(x, Condition)]
        parts = next(x for x in c if isinstance(x, list))
        if len(conds) > 1:
            raise Unreadable("more than one condition")
        return Sentence("static", tuple(parts), conds[0] if conds else None)

    def lead_condition(self, c: list[Any]) -> Condition:
        return cast(Condition, c[0])

    def lead_duration(self, c: list[Any]) -> None:
        return None

    def trail(self, c: list[Any]) -> Condition:
        return cast(Condition, c[0])

    def clauses(self, c: list[Any]) -> list[Part]:
        return list(c)

    def clause(self, c: list[Any]) -> Clause:
        subject, preds = c[0], c[1]
        return Clause(subject, tuple(preds))

    def effects(self, c: list[Any]) -> Sentence:
        """Effects joined as English joins them. A condition or trigger that leads one ("if X, A and B") governs
        the effects after it too: one of those with combat meaning depends on it like the first."""
        parts: list[Part] = []
        led = False
        for part in (x for x in c if x is not None):
            if led and not isinstance(part, NoCombat):
                part = Unread(GUARDED, combat=True)
            led |= isinstance(part, (NoCombat, Unread)) and part.led
            parts.append(part)
        return Sentence("effects", tuple(parts))

    def led_template(self, c: list[Any]) -> Sentence:
        conds = [x for x in c if isinstance(x, Condition)]
        tpl = next(x for x in c if isinstance(x, Sentence))
        if len(conds) > 1:
            raise Unreadable("more than one condition")
        return Sentence("template", tpl.parts, conds[0] if conds else None)

    def duration_effect(self, c: list[Any]) -> Part:
        return cast(Part, c[-1])

    def may_effect(self, c: list[Any]) -> Part:
        return cast(Part, c[0])

    def conditional_effect(self, c: list[Any]) -> Part:
        part = c[1]
        if isinstance(part, NoCombat):
            return replace(part, led=True)
        return Unread("an effect that depends on a condition: give its result as an effect if the condition held",
                      combat=True, led=True)

    def guarded_effect(self, c: list[Any]) -> Part:
        """An effect after a condition, choice or trigger that leads it ("if you do, ...")."""
        return replace(self.guarded_after(c), led=True)

    def guarded_after(self, c: list[Any]) -> NoCombat | Unread:
        """An effect under a condition: read only when it has no combat meaning (or changes only values)."""
        part = next(x for x in c if isinstance(x, (Clause, NoCombat, Placed, Unread)))
        if isinstance(part, NoCombat):
            return part
        if isinstance(part, Clause) and all(p.pt and not p.keywords and not p.abilities and not p.loses
                                            and not p.loses_all and not p.unreadable for p in part.preds):
            return NoCombat(PT_NOTE)
        return Unread(GUARDED, combat=True)

    def nc_cond(self, c: list[Any]) -> None:
        return None

    def past_cond(self, c: list[Any]) -> None:
        return None

    def activation_limit(self, c: list[Any]) -> NoCombat:
        return NoCombat("when the ability may be activated")

    def cost_change(self, c: list[Any]) -> NoCombat:
        return NoCombat("changes what spells or abilities cost")

    def becomes(self, c: list[Any]) -> Part:
        """"Becomes a 4/4 creature with haste": the board gives types and P/T; the keywords are the meaning."""
        kws = next((x for x in c if isinstance(x, list)), None)
        words = next((x for x in c if isinstance(x, str) and not isinstance(x, Token)), "")
        found = change(words)
        if kws or found:
            return Clause(_one(c, Selector), (Pred(keywords=tuple(kws or ()), abilities=(found,) if found else ()),))
        return NoCombat("changes types or values: give the permanent's types and P/T on the board")

    def emblem(self, c: list[Any]) -> Part:
        text = str(_toks(c, "QUOTED")[0]).strip('"')
        try:
            pred = self._read_quoted(text)
        except Unreadable as exc:
            return Unread(f"an emblem whose ability the checker can't read ({exc}): give it as an effect")
        if pred.pt and not pred.keywords and not pred.abilities:
            return NoCombat("an emblem with no combat meaning")
        return Unread("an emblem with a combat ability: give it as an effect")

    def spell_keywords(self, c: list[Any]) -> NoCombat:
        return NoCombat("keywords of instant and sorcery spells, which never attack or block")

    def becomes_with(self, c: list[Any]) -> list[str]:
        return cast(list[str], c[0])

    def goad(self, c: list[Any]) -> Placed:
        return Placed("target", (Simple(kind="goad"),), "goad")

    def goad_all(self, c: list[Any]) -> Placed:
        return Placed("global", (Grant(kind="grant", to="opponents", abilities=(Simple(kind="goad"),)),), "goad all")

    def untap(self, c: list[Any]) -> NoCombat:
        target = any(isinstance(x, Selector) and x.kind == "target" for x in c)
        return NoCombat("untaps: give the creature's state (tapped) on the board", target)

    def untap_obj(self, c: list[Any]) -> Selector | None:
        return next((x for x in c if isinstance(x, Selector)), None)

    def noncombat(self, c: list[Any]) -> NoCombat:
        words = " ".join(str(x) for x in c)
        return NoCombat("an effect with no combat meaning", "target" in words.split())

    def create(self, c: list[Any]) -> NoCombat:
        """"create a 1/1 white Soldier creature token" (111.1): the tokens, once they exist, are on the board; words
        that create no token ("create goad all creatures ...") are no such sentence."""
        words = " ".join(str(t) for x in c for t in (x.scan_values(lambda v: isinstance(v, str))
                                                       if isinstance(x, Tree) else (x,)))
        if not re.search(r"\btokens?\b", words):
            raise Unreadable("'create' names no token (111.1)")
        return NoCombat("creates tokens: give them on the board once they exist")

    def noncombat_damage(self, c: list[Any]) -> NoCombat:
        words = " ".join(str(x) for x in c if isinstance(x, str))
        target = "target" in words.split() or any(isinstance(x, Selector) and x.kind == "target" for x in c)
        return NoCombat("noncombat damage: give the damage marked on the board", target)

    def dealer(self, c: list[Any]) -> Any:
        return c[0] if c else None

    def noncombat_subject(self, c: list[Any]) -> NoCombat:
        return NoCombat("no combat meaning (entering, dying, fighting, untapping)")

    def prevent(self, c: list[Any]) -> Part:
        raise Unreadable("a form of damage prevention the checker doesn't read: give its result on the board")

    def no_activation_clause(self, c: list[Any]) -> NoCombat:
        return NoCombat("stops activated abilities: give their results, if any, as effects")

    def enters(self, c: list[Any]) -> NoCombat:
        return NoCombat("how permanents enter the battlefield: give their state on the board")

    def nc_words(self, c: list[Any]) -> str:
        return " ".join(str(x) for x in c)

    def nc_desc(self, c: list[Any]) -> str:
        return " ".join(str(x) for x in c)

    def nc_sel(self, c: list[Any]) -> str:
        return " ".join(", ".join(x) if isinstance(x, list) else str(x) for x in c)
