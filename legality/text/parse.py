"""Parsing one normalised sentence with the Lark grammar (``grammar.lark``) into the typed tree (``tree.py``).

The Earley parser reads the whole sentence or fails: no prefix or keyword decides a sentence's
meaning. Where the grammar recognises a form whose meaning the checker can't apply, the
transformer raises ``Unreadable`` with the reason, and the sentence is reported as not understood.
The transformer ``ToTree`` is made of the forms in ``forms/``, one module per kind of form.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path
from typing import cast

from lark import Lark, Token, Tree
from lark.exceptions import LarkError, VisitError

from legality.text.context import Context, Unreadable
from legality.text.earley import fast
from legality.text.forms.conditions import ConditionForms
from legality.text.forms.counting import CountingForms
from legality.text.forms.damage import DamageForms
from legality.text.forms.keywords import KeywordForms
from legality.text.forms.predicates import PredicateForms
from legality.text.forms.sentences import SentenceForms
from legality.text.forms.subjects import SubjectForms
from legality.text.forms.templates import TemplateForms
from legality.text.forms.triggered import TriggeredForms
from legality.text.kinds import TRIGGER
from legality.text.terms import terminals
from legality.text.tree import NoCombat, Pred, Sentence


@cache
def parser() -> Lark:
    """The Earley parser over the grammar, its word classes filled in from the lexicon."""
    text = (Path(__file__).parent / "grammar.lark").read_text(encoding="utf-8")
    for name, pattern in terminals().items():
        text = text.replace(f"@{name}@", pattern)
    return fast(Lark(text, parser="earley", lexer="dynamic", ambiguity="resolve", start=list(STARTS.values())))


STARTS = {"": "start", "static": "start_static", "triggered": "start_triggered"}
"""The grammar's start symbol for a sentence of each kind of ability ("": any kind; see ``start_of``). A sentence
parsed from the start of its kind gets the tree it gets from ``start``, sooner: the grammar's other alternatives are
not tried. One the grammar can't read may stop elsewhere than the whole grammar would (where the alternatives of its
kind stop)."""


def start_of(sentence: str, kind: str) -> str:
    """The start symbol to parse a sentence of an ability of ``kind`` from: a triggered ability's only when the
    sentence begins with its trigger (a mode or a chapter of a triggered ability is an effect), a static one's only
    when it doesn't (a Siege's "Khans — At the beginning of combat ...", once its name is set aside, is read by the
    whole grammar)."""
    if kind == "triggered" and not TRIGGER.match(sentence):
        return "start"
    if kind == "static" and TRIGGER.match(sentence):
        return "start"
    return STARTS.get(kind, "start")


def parse(sentence: str, ctx: Context, kind: str = "") -> Sentence:
    """Parse a normalised sentence (of an ability of ``kind``, when known: ``STARTS``); ``SyntaxError``-like
    ``ParseFailure`` if the grammar can't read all of it."""
    tree, why = parse_tree(sentence, kind)
    if tree is None:
        raise ParseFailure(why)
    try:
        return cast(Sentence, ToTree(ctx).transform(tree))
    except VisitError as exc:
        if not isinstance(exc.orig_exc, Unreadable):
            raise
        form = tree.children[0]
        if getattr(form, "data", None) == "activated":  # read whole; its effect applies only once activated
            return Sentence("activated", (NoCombat(f"an activated ability ({exc.orig_exc})"),))
        raise exc.orig_exc from None


PARSED = 16384
"""How many sentences' parse trees ``parse_tree`` keeps (the most recently read)."""


@lru_cache(maxsize=PARSED)
def parse_tree(sentence: str, kind: str = "") -> tuple[Tree[Token] | None, str]:
    """The grammar's tree of a normalised sentence (parsed from the start of its ability's ``kind``: ``STARTS``), or
    None and where the grammar stopped.

    A pure function of the text and kind, kept for the sentences read last: many cards share a sentence word for word
    once their own names are "~", and a sentence the grammar can't read is not parsed again either. The
    tree is only read, never changed, by the transformer (``ToTree``), which builds the typed tree anew for
    each context (X, hand size, source, name)."""
    built = parser()  # a grammar that can't be built is an error of the checker, never "can't read this sentence"
    try:
        return built.parse(sentence, start=start_of(sentence, kind)), ""
    except LarkError as exc:
        return None, _where(sentence, exc)


class ParseFailure(ValueError):
    """The grammar can't read the whole sentence (the message says where it stopped)."""


def _where(sentence: str, exc: LarkError) -> str:
    col = getattr(exc, "column", None) or getattr(exc, "pos_in_stream", None)
    if isinstance(col, int) and col > 0:
        at = sentence[max(0, col - 1):].lstrip()[:30]
        return f"the grammar can't read it from {at!r}"
    return "the grammar can't read it"


# ------------------------------------------------------------------------------------------- the transformer

class ToTree(SentenceForms, SubjectForms, PredicateForms, CountingForms, ConditionForms, DamageForms, TemplateForms,
             KeywordForms, TriggeredForms):
    """Parse tree → typed tree. Methods are named after the grammar's rules and aliases."""

    def _read_quoted(self, text: str) -> Pred:
        from legality.text.read import read_quoted

        return read_quoted(text, self.ctx)
