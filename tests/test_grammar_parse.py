"""The grammar's parse of a sentence is kept (``parse.parse_tree``): a pure function of the text, read by the
transformer in each context without being changed; a sentence the grammar can't read fails again, with the same
message, without being parsed again."""

from __future__ import annotations

import copy

import pytest

from legality.text import parse as parsing
from legality.text.context import Context, Unreadable
from legality.text.parse import ParseFailure, ToTree, parse, parse_tree
from legality.text.read import compile_sentence

WAR_CADENCE = ("this turn, creatures can't block unless their controller pays {x} for each blocking creature they "
               "control")


def test_one_tree_read_in_two_contexts_gives_each_its_own_reading() -> None:
    """War Cadence: the cost is X, so each context's X gives its own amount; the kept tree is not changed by the
    first reading (the second reading, and a third like the first, are what a fresh parse gives)."""
    tree, why = parse_tree(WAR_CADENCE)
    assert tree is not None and why == ""
    before = copy.deepcopy(tree)
    two = ToTree(Context(x=2)).transform(tree)
    five = ToTree(Context(x=5)).transform(tree)
    assert tree == before
    assert parse_tree(WAR_CADENCE)[0] is tree
    r2, r5 = compile_sentence(WAR_CADENCE, two), compile_sentence(WAR_CADENCE, five)
    assert "amount=2" in repr(r2.abilities) and "amount=5" in repr(r5.abilities)
    assert compile_sentence(WAR_CADENCE, parse(WAR_CADENCE, Context(x=2))) == r2
    assert compile_sentence(WAR_CADENCE, parse(WAR_CADENCE, Context(x=5))) == r5
    with pytest.raises(Unreadable):  # without X from the board: not a guess
        parse(WAR_CADENCE, Context())
    assert parse(WAR_CADENCE, Context(x=2)) == two


def test_a_sentence_the_grammar_cant_read_fails_again_with_the_same_message(monkeypatch: pytest.MonkeyPatch) -> None:
    sentence = "~ can't block unless the moon is full and attacks wobble"
    with pytest.raises(ParseFailure) as first:
        parse(sentence, Context())

    def refuse() -> None:
        raise AssertionError("parsed again")

    monkeypatch.setattr(parsing, "parser", refuse)
    with pytest.raises(ParseFailure) as again:
        parse(sentence, Context())
    assert str(again.value) == str(first.value) and str(first.value).startswith("the grammar can't read it")


def test_a_grammar_that_cant_be_built_is_an_error_not_an_unread_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    """A grammar error (a terminal defined twice) would otherwise make every sentence "the grammar can't read it":
    honest-looking, and wrong for every card. It must surface as the error it is."""
    from lark.exceptions import GrammarError

    def broken() -> object:
        raise GrammarError("Terminal 'STAT' defined more than once")

    monkeypatch.setattr(parsing, "parser", broken)
    with pytest.raises(GrammarError):
        parsing.parse_tree.__wrapped__("~ can't block", "static")
