"""The Earley savings (``legality.text.earley``) change no parse: real sentences of the tables, parsed by the
project's parser and by Lark's own Earley parser built from the same grammar, give equal trees (or both fail, and the
reader says the same of where)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import Lark, Token, Tree
from lark.exceptions import LarkError
from test_sentences import ROWS, _values
from test_templates import TABLE as TEMPLATE_TABLE

from legality.text import lexicon
from legality.text.earley import fast
from legality.text.parse import STARTS, _where, parser, start_of
from legality.text.read import ability_sentences, normalise
from legality.text.terms import terminals

EVERY = 9
"""One table row in ``EVERY`` is parsed both ways (a parse by Lark's own parser costs about 0.1 s)."""


@cache
def lark_as_built() -> Lark:
    """Lark's Earley parser over the same grammar, without the savings."""
    text = (Path(lexicon.HERE).parent / "grammar.lark").read_text(encoding="utf-8")
    for name, pattern in terminals().items():
        text = text.replace(f"@{name}@", pattern)
    return Lark(text, parser="earley", lexer="dynamic", ambiguity="resolve", start="start")


def _parse(p: Lark, sentence: str, start: str = "start") -> Tree[Token] | str:
    """The tree from ``start``, or where the grammar stopped as the reader reports it."""
    try:
        return p.parse(sentence, start=start)
    except LarkError as exc:
        return _where(sentence, exc)


MODES_AND_CHAPTERS = [
    ("Aether Channeler", "When this creature enters, choose one —\n• Create a 1/1 white Bird creature token with "
     "flying.\n• Return another target nonland permanent to its owner's hand.\n• Draw a card.", "-"),
    ("History of Benalia", "I, II — Create a 2/2 white Knight creature token with vigilance.\nIII — Knights you "
     "control get +2/+1 until end of turn.", "-"),
]
"""Sentences of triggered abilities that don't begin with a trigger: the modes of a modal triggered ability (700.2)
and the chapters of a Saga (714.2b), parsed as effects."""


def _sample() -> list[tuple[str, str]]:
    rows = [_values(r) for r in ROWS] + list(TEMPLATE_TABLE)
    out: list[tuple[str, str]] = []
    for card, text, _ in rows[::EVERY] + MODES_AND_CHAPTERS:
        out.extend((lexicon.strip_ability_word(s)[1], kind) for s, kind in ability_sentences(normalise(text, card)))
    return list(dict.fromkeys(out))


KINDED = _sample()
SAMPLE = list(dict.fromkeys(s for s, _ in KINDED))


def test_the_project_parser_has_the_savings() -> None:
    """Installed on the parser the reader uses: else the comparison below would compare Lark with itself."""
    method = getattr(parser().parser.parser, "predict_and_complete", None)
    assert getattr(method, "__module__", None) == "legality.text.earley"


@pytest.mark.parametrize("sentence", SAMPLE, ids=[s[:50] for s in SAMPLE])
def test_same_tree_as_lark_builds(sentence: str) -> None:
    assert _parse(parser(), sentence) == _parse(lark_as_built(), sentence)


@pytest.mark.parametrize(("sentence", "kind"), [k for k in KINDED if k[1] in STARTS],
                         ids=[f"{k}:{s[:40]}" for s, k in KINDED if k in STARTS])
def test_the_start_of_a_kind_gives_the_tree_of_the_whole_grammar(sentence: str, kind: str) -> None:
    """A static or triggered ability parsed from its kind's start symbol gets the tree (below the root) that the
    whole grammar gives it: the start only leaves out alternatives no sentence of that kind takes. A sentence neither
    reads is unread by both; where each stops may differ (Security Bypass's "as long as enchanted creature is
    attacking alone, it can't be blocked": at the comma, or at "blocked"; 12 of the 28,500 sentences of every era)."""
    whole, of_kind = _parse(parser(), sentence), _parse(parser(), sentence, start_of(sentence, kind))
    if isinstance(whole, str) or isinstance(of_kind, str):
        assert isinstance(whole, str) and isinstance(of_kind, str), (whole, of_kind)
    else:
        assert whole.children == of_kind.children


def test_parses_in_threads_at_once_are_the_parses_made_one_by_one() -> None:
    """The text being parsed is kept per thread: one parser serves every thread of a server."""
    sentences = SAMPLE[:24]
    alone = [_parse(parser(), s) for s in sentences]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda s: _parse(parser(), s), sentences))
    assert together == alone


WORDS = sorted({w for s in SAMPLE for w in s.replace(",", " ,").split()} | {",", ".", "~", "—"})
"""The words of the sampled sentences: random sentences of them reach the grammar's failures and odd paths."""


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=10))
def test_random_word_sequences_parse_as_lark_parses_them(words: list[str]) -> None:
    sentence = " ".join(words).replace(" ,", ",")
    assert _parse(parser(), sentence) == _parse(lark_as_built(), sentence)


def test_a_parser_of_another_shape_is_left_as_built() -> None:
    """``fast`` changes only Lark's Earley parser: an LALR parser is returned untouched."""
    lalr = Lark('start: "a"+', parser="lalr")
    before = lalr.parser.parser
    assert fast(lalr) is lalr and lalr.parser.parser is before
