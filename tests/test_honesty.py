"""Honest by construction: "no combat meaning" only when the grammar read all of a sentence as a form without one.

Issue 12, item 5. A sentence that holds a combat clause is never "no combat meaning", however it is
joined to non-combat text; and a combat sentence changed at random is never "no combat meaning"
unless what is left is a non-combat form whose combat words (if any) only describe which objects
an effect acts on ("destroy target creature with flying").
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st
from test_templates import TABLE

from legality.text.context import Context
from legality.text.read import normalise, read, read_sentence, sentences
from legality.text.terms import has_combat_word

CTX = Context(x=2, hand_size=3, source_id="src")

NONCOMBAT = [
    "Draw a card.",
    "Draw two cards, then discard a card.",
    "Create a 1/1 white Soldier creature token.",
    "Destroy target artifact.",
    "Exile target card from a graveyard.",
    "Target player mills three cards.",
    "You gain 3 life.",
    "Scry 2.",
    "Search your library for a basic land card, put it onto the battlefield tapped, then shuffle.",
    "Look at the top three cards of your library.",
    "Return target creature card from your graveyard to your hand.",
    "~ deals 3 damage to any target.",
    "Target creature gets +3/+3 until end of turn.",
    "Creatures you control get +1/+1 until end of turn.",
    "Put a +1/+1 counter on target creature.",
    "This spell can't be countered.",
    "When Hobble enters the battlefield, draw a card.",
    "When Doomed Traveler dies, create a 1/1 white Spirit creature token.",
    "Whenever you cast a noncreature spell, scry 1.",
]
"""Real sentences (from cards' Oracle text) the reader reads as "no combat meaning"."""

ACTIVATED = [
    "{T}: Add {G}.",
    "{2}, {T}: Draw a card.",
    "{1}{R}: ~ gets +1/+0 until end of turn.",
]
"""Activated abilities (602.1): all after the colon is the ability's effect, which applies only once
activated; so an activated ability joined *after* combat text is tested, never before it."""

COMBAT = [(card, text) for card, text, expected in TABLE
          if text and expected not in ("-", "?", "") and "|" not in expected and "\n" not in text
          and has_combat_word(normalise(text, card)) and not expected.startswith("kw:")]
"""Combat clauses: the template table's one-sentence rows that the reader understands, other than keyword lines."""


SELECTOR = re.compile(r"\b(?:with|without) (?:[a-z' ]+?)(?=$| and | or |[,.:])|\battacking or blocking\b|"
                      r"\b(?:attacking|blocking)\b")
"""Combat words that only describe objects ("target creature with flying", "each attacking creature")."""


def _body(text: str, name: str | None = None) -> str:
    """A sentence in the reader's normal form, without its full stop."""
    return sentences(normalise(text, name))[0]


def test_the_forms_are_what_they_claim() -> None:
    """The property below is only as good as its inputs: check them once."""
    for text in NONCOMBAT + ACTIVATED:
        readings = read(text)
        assert [r.status for r in readings] == ["no combat meaning"], (text, readings)
    assert len(COMBAT) >= 60
    for card, text in COMBAT:
        assert {r.status for r in read(text, card, CTX)} == {"understood"}, (card, text)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(NONCOMBAT + ACTIVATED), st.sampled_from(COMBAT), st.sampled_from([" and ", ", and "]),
       st.booleans())
def test_a_combat_clause_joined_to_noncombat_text_is_never_no_combat_meaning(
        nc: str, combat: tuple[str, str], joint: str, combat_first: bool) -> None:
    card, text = combat
    a, b = _body(nc), _body(text, card)
    if nc in ACTIVATED:
        combat_first = True
    sentence = (b + joint + a) if combat_first else (a + joint + b)
    reading = read_sentence(sentence, Context(CTX.x, CTX.hand_size, CTX.source_id, card))
    if nc in ACTIVATED and reading.status == "no combat meaning":
        # 602.1: everything before the colon is the cost, so the combat clause became part of it; that is
        # honest only if its combat words merely describe objects (as the property below allows for costs).
        cost, _, _ = sentence.partition(":")
        assert not has_combat_word(SELECTOR.sub("", cost)), (sentence, reading.note)
        return
    assert reading.status != "no combat meaning", (sentence, reading.note)


WORDS = ["draw", "destroy", "create", "exile", "target", "creature", "creatures", "you", "control", "a", "card",
         "with", "without", "flying", "and", "or", "gets", "+1/+1", "attacks", "block", "blocked", "can't", "if",
         "unless", "each", "combat", "damage", "deals", "this", "turn", "until", "end", "of", "gain", "life",
         "then", ",", "must", "able", "other", "when", "~", "enters", "the", "battlefield", ":", "{t}"]



@settings(max_examples=150, deadline=None)
@given(st.sampled_from(COMBAT), st.data())
def test_a_changed_combat_sentence_is_no_combat_meaning_only_as_a_noncombat_form(
        combat: tuple[str, str], data: st.DataObject) -> None:
    card, text = combat
    words = _body(text, card).split(" ")
    i = data.draw(st.integers(0, len(words)), label="position")
    word = data.draw(st.sampled_from(WORDS), label="word")
    if data.draw(st.booleans(), label="replace") and i < len(words):
        words[i] = word
    else:
        words.insert(i, word)
    sentence = " ".join(words)
    reading = read_sentence(sentence, Context(CTX.x, CTX.hand_size, CTX.source_id, card))
    if reading.status == "no combat meaning" and has_combat_word(sentence):
        if ":" in sentence:  # an activated ability (602.1): its effect applies once activated
            cost, _, _ = sentence.partition(":")
            assert not has_combat_word(SELECTOR.sub("", cost)), (sentence, reading.note)
            return
        assert not has_combat_word(SELECTOR.sub("", sentence)), (sentence, reading.note)
