"""Abilities by kind (CR 113.3): only a static ability can bear on a declaration, so only a static ability that is
not understood makes a verdict undecided; an activated or triggered one gets a note until its result is given."""

from __future__ import annotations

from typing import Any

import pytest
from test_sentences import ROWS, _values
from test_templates import TABLE

from legality import check, parse_board
from legality.text.kinds import ability_kind, kinds_of_lines
from legality.text.read import normalise

KINDS = [
    # 602.1: "[Cost]: [Effect.]" is an activated ability (mana and loyalty abilities too, 605.1a, 606.3)
    ("Goblin Bird-Grabber", "{R}: This creature gains flying until end of turn.", "activated"),
    ("Llanowar Elves", "{T}: Add {G}.", "activated"),
    ("Gideon Jura", "+2: During target opponent's next turn, creatures that player controls attack Gideon Jura if "
                    "able.", "activated"),
    ("Gideon Jura", "−2: Destroy target tapped creature.", "activated"),
    ("Skyclave Shade", "Landfall — Whenever a land you control enters, if this card is in your graveyard and it's "
                       "your turn, you may cast it from your graveyard this turn.", "triggered"),
    ("Lathliss, Dragon Queen", "Whenever another nontoken Dragon you control enters, create a 5/5 red Dragon creature "
                               "token with flying.", "triggered"),
    ("Pyreheart Wolf", "Whenever this creature attacks, creatures you control gain menace until end of turn.",
     "triggered"),
    ("Phyrexian Arena", "At the beginning of your upkeep, you draw a card and you lose 1 life.", "triggered"),
    ("Magnus the Red", "Blade of Magnus — Whenever Magnus the Red deals combat damage to a player, create a 3/3 red "
                       "Spawn creature token.", "triggered"),  # a flavor word (207.2d) leads it
    ("The Eldest Reborn", "II — Each opponent discards a card.", "triggered"),  # a chapter ability (714.2b)
    # the same, as some card files write it (chapter numbers, then spaces): The Flame of Keld's third chapter
    ("The Flame of Keld", "III  If a red source you control would deal damage to a permanent or player this turn, "
                          "it deals that much damage plus 2 to that permanent or player instead.", "triggered"),
    ("Boros Elite", "Battalion — Whenever this creature and at least two other creatures attack, this creature gets "
                    "+2/+2 until end of turn.", "triggered"),
    ("Siren Reaver", "Raid — This spell costs {1} less to cast if you attacked with a creature this turn.",
     "elsewhere"),
    ("Heartfire", "As an additional cost to cast this spell, sacrifice a creature or planeswalker.", "elsewhere"),
    ("Serra Angel", "Flying, vigilance", "static"),
    ("Sea Monster", "This creature can't attack unless defending player controls an Island.", "static"),
    ("Ornithopter", "Flying", "static"),
    ("Glorious Anthem", "Creatures you control get +1/+1.", "static"),
    ("Goblin Heelcutter", "Dash {2}{R}", "static"),  # a keyword line: the lexicon says what it does
]


@pytest.mark.parametrize(("card", "text", "kind"), KINDS, ids=[f"{c}:{t[:30]}" for c, t, _ in KINDS])
def test_ability_kind_follows_the_shape_the_rules_define(card: str, text: str, kind: str) -> None:
    assert ability_kind(normalise(text, card)) == kind


def test_a_mode_takes_the_kind_of_the_ability_it_belongs_to() -> None:
    """700.2: the modes below "choose one —" belong to that ability; a die-roll table's rows likewise (706.2)."""
    text = normalise("When this creature enters, choose one —\n• Target creature gains flying until end of turn.\n"
                     "• Draw a card.\nFlying", "Example")
    assert [k for _, k in kinds_of_lines(text)] == ["triggered", "triggered", "triggered", "static"]


def _not_static(text: str, card: str) -> bool:
    return any(kind != "static" for _, kind in kinds_of_lines(normalise(text, card)))


CASES = [(c, t) for c, t, _ in (_values(r) for r in ROWS + TABLE) if _not_static(t, c)]


def _board(card: str, text: str, blocks: bool, effect: bool) -> dict[str, Any]:
    """``card`` (with ``text``) attacking B, or B's creature blocking it; with ``effect``, an effect whose source is
    the card (its ability resolved, with no abilities of its own)."""
    board: dict[str, Any] = {
        "version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
        "permanents": [{"id": "x", "name": card, "controller": "A", "power": 3, "toughness": 3, "types": ["Creature"],
                        "oracle": text},
                       {"id": "y", "name": "Grizzly Bears", "controller": "B", "power": 2, "toughness": 2,
                        "oracle": ""}],
        "attacks": [{"attacker": "x", "target": "B"}]}
    if blocks:
        board["blocks"] = [{"blocker": "y", "attacker": "x"}]
    if effect:
        board["effects"] = [{"source": card, "source_id": "x", "controller": "A", "text": "", "targets": ["x"]}]
    return board


@pytest.mark.parametrize(("card", "text"), CASES, ids=[f"{c}:{t[:30]}" for c, t in CASES])
def test_an_activated_or_triggered_ability_never_makes_a_verdict_undecided(card: str, text: str) -> None:
    """602.2, 603.3: it changes nothing until it resolves; its result is then an effect the board gives. Where it
    could matter, the verdict notes it; an effect with the card as its source (its result given) removes the note."""
    mine = [s for s, k in kinds_of_lines(normalise(text, card)) if k != "static"]
    for blocks in (False, True):
        verdict = check(parse_board(_board(card, text, blocks, effect=False)))
        assert not any(s in u for u in verdict.not_understood for s in mine), verdict.not_understood
        if verdict.not_understood:  # only a static line of the same card may be unread
            continue
        assert verdict.legal is not None
        asked = [n for n in verdict.notes if "give its result as an effect" in n]
        resolved = check(parse_board(_board(card, text, blocks, effect=True)))
        assert not [n for n in resolved.notes if "give its result as an effect" in n], asked


def test_cases_cover_both_kinds_and_ask_for_results() -> None:
    kinds = {k for c, t in CASES for _, k in kinds_of_lines(normalise(t, c)) if k != "static"}
    assert {"activated", "triggered"} <= kinds and len(CASES) >= 40
    asking = [c for c, t in CASES if any("give its result as an effect" in n
                                         for n in check(parse_board(_board(c, t, True, False))).notes)]
    assert len(asking) >= 20  # the removal of the note above is tested on real notes, not only on none


def test_the_note_of_an_unless_condition_says_which_way_it_went() -> None:
    """Sea Monster: "can't attack unless defending player controls an Island" (508.1c). The note quotes the
    condition as written and says for whom it is true and where the restriction applies."""
    board = {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
             "permanents": [{"id": "sea", "name": "Sea Monster", "controller": "A", "power": 6, "toughness": 6,
                             "oracle": "This creature can't attack unless defending player controls an Island."},
                            {"id": "isl", "name": "Island", "controller": "B", "types": ["Land"],
                             "subtypes": ["Island"], "oracle": ""}],
             "attacks": [{"attacker": "sea", "target": "B"}]}
    with_island = check(parse_board(board))
    assert with_island.legal is True
    (note,) = [n for n in with_island.notes if "Sea Monster" in n]
    assert "'unless defending player controls" in note and "true for B" in note and "applies for no" in note
    board["permanents"] = board["permanents"][:1]  # type: ignore[index]
    without = check(parse_board(board))
    assert without.legal is False and any(v.rule == "508.1c" for v in without.violations)  # type: ignore[union-attr]
    (note,) = [n for n in without.notes if "Sea Monster" in n]
    assert "true for no defending player" in note and "applies for B" in note


QUIET_TRIGGERS = [
    # real triggers whose effect holds no word that can bear on combat (the grammar left some of them unread)
    ("Form of the Dinosaur", "When Form of the Dinosaur enters the battlefield, your life total becomes 15."),
    ("Crafty Cutpurse", "When Crafty Cutpurse enters the battlefield, each token that would be created under an "
                        "opponent's control this turn is created under your control instead."),
    ("Phyrexian Arena", "At the beginning of your upkeep, you draw a card and you lose 1 life."),
    ("Sanctum Seeker", "Whenever a Vampire you control attacks, each opponent loses 1 life and you gain 1 life."),
]


@pytest.mark.parametrize(("card", "text"), QUIET_TRIGGERS, ids=[c for c, _ in QUIET_TRIGGERS])
def test_a_trigger_whose_effect_names_nothing_of_combat_is_not_parsed(card: str, text: str,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """603.3, 608.2: whatever its effect does, it does once resolved, and no word of it can bear on combat, so the
    verdict neither depends on it nor asks for it; the grammar is not consulted (the reader's costliest step)."""
    import legality.text.parse as parsing
    import legality.text.read as reader

    def refuse(sentence: str, ctx: Any, kind: str = "") -> Any:
        raise AssertionError(f"parsed: {sentence!r}")

    monkeypatch.setattr(parsing, "parse", refuse)
    reader._read_cached.cache_clear()
    try:
        (r,) = reader.read(text, card)
    finally:
        reader._read_cached.cache_clear()
    assert (r.kind, r.status, r.event) == ("triggered", "no combat meaning", "")
    verdict = check(parse_board(_board(card, text, True, effect=False)))
    assert verdict.legal is not None and not [n for n in verdict.notes if card in n and "result" in n]


def test_a_trigger_with_a_combat_word_in_its_effect_is_still_parsed() -> None:
    """Pyreheart Wolf's effect (menace) can matter to the blocks: read by the grammar, and the verdict asks for it."""
    from legality.text.read import read

    (r,) = read("Whenever Pyreheart Wolf attacks, creatures you control gain menace until end of turn.",
                "Pyreheart Wolf")
    assert r.kind == "triggered" and r.status == "understood" and r.event


def test_a_reflexive_trigger_after_a_static_sentence_is_a_triggered_ability() -> None:
    """Clockwork Droid: "You may exert this creature as it attacks. When you do, it can't be blocked this turn and you
    scry 1." The second sentence is a reflexive triggered ability (603.12): it triggers as the creature is exerted,
    while attackers are declared (508.1f, 701.39a), and changes nothing until it resolves; a declaration of blockers
    takes its result from the board's effects. So a block of the Droid is judged, with a note, not undecided."""
    from legality.text.read import ability_sentences

    text = normalise("You may exert this creature as it attacks. When you do, it can't be blocked this turn and you "
                     "scry 1.", "Clockwork Droid")
    assert [k for _, k in ability_sentences(text)] == ["static", "triggered"]
    board = {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
             "permanents": [{"id": "droid", "name": "Clockwork Droid", "controller": "A", "power": 2, "toughness": 2,
                             "types": ["artifact", "creature"],
                             "oracle": "You may exert this creature as it attacks. When you do, it can't be blocked "
                                       "this turn and you scry 1."},
                            {"id": "bear", "name": "Grizzly Bears", "controller": "B", "power": 2, "toughness": 2,
                             "oracle": ""}],
             "attacks": [{"attacker": "droid", "target": "B"}], "blocks": [{"blocker": "bear", "attacker": "droid"}]}
    verdict = check(parse_board(board))
    assert verdict.legal is True and not verdict.not_understood
    assert any("when you do" in n for n in verdict.notes)
