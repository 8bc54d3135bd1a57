"""What ``legality card`` says a card means is exactly what ``check`` applies (issue: protection from Humans).

The card command prints the reader's readings; the checker builds each creature's traits from the
same readings. For every card of the built-in library these must agree: each keyword read as
understood is one the checker applies, each ability is among the creature's abilities, and each
sentence not understood is reported on the board, never dropped.
"""

from __future__ import annotations

from typing import Any

import pytest

from legality import check_declaration, parse_board
from legality.cards import library
from legality.text.context import Context
from legality.text.read import read
from legality.traits import build_game, is_known_keyword, keyword_abilities

HANDLED_BY_NAME = {"flying", "reach", "shadow", "horsemanship", "fear", "intimidate", "skulk", "vigilance", "haste",
                   "trample", "trample over planeswalkers", "deathtouch", "first strike", "double strike",
                   "lifelink", "infect", "wither", "banding", "indestructible"}
"""Keywords the engine applies by name (blocks.py, damage/) rather than through an ability object."""
HANDLED_WITH_NUMBER = {"toxic"}
"""Keywords with a number the damage step applies by name (702.164c: toxic N gives N poison counters)."""
GIVEN_AS_EFFECTS = {"provoke"}
"""Triggered keywords whose result the board gives as an effect once resolved (702.39a: provoke's block)."""


def _alone(name: str, oracle: str) -> dict[str, Any]:
    return {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
            "permanents": [{"id": "c", "name": name, "controller": "A", "types": ["creature"], "power": 2,
                            "toughness": 2, "oracle": oracle}],
            "attacks": []}


CARDS = sorted((c for c in library().values() if c.oracle.strip()), key=lambda c: c.name)


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.name)
def test_card_and_check_agree(card: Any) -> None:
    game = build_game(parse_board(_alone(card.name, card.oracle)))
    traits = game.traits["c"]
    for r in read(card.oracle, card.name, Context(source_id="c", name=card.name)):
        if r.status == "not understood" and not r.event:
            assert any(r.sentence in u for u in game.unread), (card.name, r.sentence)
        if r.status != "understood" or r.note.split(";")[0] != "self":
            continue
        for kw in r.keywords:
            assert kw in traits.keywords and is_known_keyword(kw), (card.name, kw)
            assert (kw in HANDLED_BY_NAME | GIVEN_AS_EFFECTS or kw.split(" ")[0] in HANDLED_WITH_NUMBER
                    or keyword_abilities(kw, "", "", "") or not is_combat(kw)), (card.name, kw)
        # a creature's own abilities, and its effects on combat damage (prevention, redirection: damage/events.py)
        own = [s.ability for s in traits.abilities] + [e.ability for e in game.damage_effects]
        for ab in r.abilities:
            if ab.kind not in ("grant", "if", "max_attackers", "max_blockers_total"):
                assert ab in own, (card.name, ab)


def is_combat(kw: str) -> bool:
    from legality.text import lexicon

    info = lexicon.keyword(kw)
    return info is not None and info.combat not in (None, "combat trigger")


def test_protection_from_a_creature_type_is_applied_on_the_board() -> None:
    """702.16f: a creature with protection from Humans can't be blocked by Humans (the card command says so too)."""
    def board(blocker_types: list[str]) -> dict[str, Any]:
        return {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
                "permanents": [
                    {"id": "knight", "name": "Knight", "controller": "A", "power": 2, "toughness": 2, "oracle": "",
                     "types": ["creature"], "keywords": ["protection from Humans"]},
                    {"id": "guard", "name": "Guard", "controller": "B", "power": 2, "toughness": 2, "oracle": "",
                     "types": ["creature"], "subtypes": blocker_types}],
                "attacks": [{"attacker": "knight", "target": "B"}],
                "blocks": [{"blocker": "guard", "attacker": "knight"}]}
    human = check_declaration(parse_board(board(["Human", "Soldier"])))
    assert human.legal is False and [v.rule for v in human.violations] == ["702.16f"]
    assert check_declaration(parse_board(board(["Elf"]))).legal is True


def test_provokes_trigger_as_an_effect_keeps_its_requirement() -> None:
    """Krosan Vorine's provoke trigger (702.39a) printed as an effect: the untap never swallows the block."""
    text = "Untap target creature defending player controls and it blocks Krosan Vorine this turn if able."
    (r,) = read(text, "Krosan Vorine", Context(source_id="vorine"))
    assert r.status == "understood" and r.note.startswith("target")
    assert [a.model_dump() for a in r.abilities] == [{"kind": "blocks_if_able", "attacker": "vorine"}]
    for joined in (text, "It blocks Krosan Vorine this turn if able, and untap target creature."):
        assert read(joined, "Krosan Vorine", Context(source_id="vorine"))[0].status != "no combat meaning"
