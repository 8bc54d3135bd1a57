"""Conditions the board does not decide are judged both ways: a verdict the same either way stands (``either.py``).

A static ability's condition is a fact of the game (611.3a); when no field of the board gives it ("as long as you've
drawn two or more cards this turn": what happened this turn) or its field is missing, the ability either applies or
it doesn't. Whichever it is, the rules give one verdict when both give the same; so the checker judges both and
answers only then. Real cards, Oracle text as printed (with the card's own name as "this creature"):

- Tome Anima: "This creature can't be blocked as long as you've drawn two or more cards this turn." (509.1b)
- Mogg Conscripts: "This creature can't attack unless you've cast a creature spell this turn." (508.1c)
- Patchwork Beastie: "Delirium — This creature can't attack or block unless there are four or more card types among
  cards in your graveyard." (207.2c, 205.2a; the board's ``graveyard_card_types``)
- Crew Captain: "Haste / This creature has indestructible as long as it entered this turn." (702.12b, 704.5g)

The property test checks the engine against the independent brute force on random boards: an ability put under an
open condition gives the verdict of the board with that ability and of the board without it, when those agree, and
is undecided when they don't.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bruteforce as bf
from boards import attack_boards, block_boards
from legality import check_declaration, parse_board
from legality.ruling import check
from legality.text.read import read
from models.abilities import If

TOME_ANIMA = "This creature can't be blocked as long as you've drawn two or more cards this turn."
MOGG_CONSCRIPTS = "This creature can't attack unless you've cast a creature spell this turn."
PATCHWORK_BEASTIE = ("Delirium — This creature can't attack or block unless there are four or more card types among "
                     "cards in your graveyard.\nAt the beginning of your upkeep, you may mill a card.")
CREW_CAPTAIN = "Haste\nThis creature has indestructible as long as it entered this turn."


def _board(card: dict[str, Any], attacks: list[dict[str, str]], blocks: list[dict[str, str]] | None,
           mine: bool = True, **more: Any) -> dict[str, Any]:
    """``card`` (controlled by A if ``mine``, else B) with Grizzly Bears on the other side; A is the active player."""
    bears = {"id": "bears", "name": "Grizzly Bears", "controller": "B" if mine else "A", "power": 2, "toughness": 2,
             "oracle": ""}
    board: dict[str, Any] = {"version": 1, "active_player": "A",
                             "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
                             "permanents": [{**card, "controller": "A" if mine else "B"}, bears], "attacks": attacks}
    if blocks is not None:
        board["blocks"] = blocks
    board.update(more)
    return board


def _card(cid: str, name: str, oracle: str, power: int, toughness: int) -> dict[str, Any]:
    return {"id": cid, "name": name, "oracle": oracle, "power": power, "toughness": toughness, "types": ["creature"]}


ANIMA = _card("anima", "Tome Anima", TOME_ANIMA, 3, 3)
CONSCRIPTS = _card("conscripts", "Mogg Conscripts", MOGG_CONSCRIPTS, 2, 2)
BEASTIE = _card("beastie", "Patchwork Beastie", PATCHWORK_BEASTIE, 3, 3)
CAPTAIN = _card("captain", "Crew Captain", CREW_CAPTAIN, 4, 2)


def test_the_sentences_read_with_an_open_condition() -> None:
    for text, name in ((TOME_ANIMA, "Tome Anima"), (MOGG_CONSCRIPTS, "Mogg Conscripts")):
        (reading,) = read(text, name)
        assert reading.status == "understood"
        (ab,) = reading.abilities
        assert isinstance(ab, If) and ab.condition.kind == "open"


def test_an_unblocked_tome_anima_is_legal_either_way() -> None:
    # 509.1b: "can't be blocked" restricts only blocks of it; no block is declared, so it can't matter
    verdict = check_declaration(parse_board(_board(ANIMA, [{"attacker": "anima", "target": "B"}], [])))
    assert verdict.legal is True and not verdict.not_understood
    assert any("judged both ways" in n and "you've drawn two or more cards this turn" in n for n in verdict.notes)


def test_a_blocked_tome_anima_depends_on_the_condition_and_says_so() -> None:
    verdict = check_declaration(parse_board(_board(ANIMA, [{"attacker": "anima", "target": "B"}],
                                                   [{"blocker": "bears", "attacker": "anima"}])))
    assert verdict.legal is None and verdict.undecided_reason == "text not understood"
    assert verdict.if_ignored is True  # the condition not holding: the block is legal
    assert any("ILLEGAL if its ability applies, LEGAL if not" in n for n in verdict.notes)


def test_tome_anima_as_a_blocker_is_legal_either_way() -> None:
    board = _board(ANIMA, [{"attacker": "bears", "target": "B"}], [{"blocker": "anima", "attacker": "bears"}],
                   mine=False, active_player="A")
    board["permanents"][1]["controller"] = "A"
    verdict = check_declaration(parse_board(board))
    assert verdict.legal is True and not verdict.not_understood


def test_mogg_conscripts_attacking_depends_not_attacking_is_legal() -> None:
    attacking = check_declaration(parse_board(_board(CONSCRIPTS, [{"attacker": "conscripts", "target": "B"}], None)))
    assert attacking.legal is None
    assert any(": ILLEGAL if its ability applies, LEGAL if not" in n for n in attacking.notes)
    # "unless": the restriction applies when the condition does not hold (508.1c)
    board = _board(CONSCRIPTS, [{"attacker": "other", "target": "B"}], None)
    board["permanents"].append({"id": "other", "name": "Raging Goblin", "controller": "A", "power": 1,
                                "toughness": 1, "oracle": ""})
    staying = check_declaration(parse_board(board))
    assert staying.legal is True and not staying.not_understood


def test_patchwork_beastie_delirium_fact_missing_given_and_both_ways() -> None:
    blocks = _board(BEASTIE, [{"attacker": "bears", "target": "B"}], [{"blocker": "beastie", "attacker": "bears"}],
                    mine=False)
    blocks["permanents"][1]["controller"] = "A"
    blocks["players"][1]["graveyard_card_types"] = None
    del blocks["players"][1]["graveyard_card_types"]
    missing = check_declaration(parse_board(blocks))
    assert missing.legal is None
    assert any("$.players[1].graveyard_card_types" in n for n in missing.not_understood)
    for types, legal in ((4, True), (3, False)):  # 509.1b: "can't block unless ..."
        given_board = copy.deepcopy(blocks)
        given_board["players"][1]["graveyard_card_types"] = types
        assert check_declaration(parse_board(given_board)).legal is legal
    # not blocking: its restriction can't matter, whatever the graveyard holds
    not_blocking = copy.deepcopy(blocks)
    not_blocking["blocks"] = []
    verdict = check_declaration(parse_board(not_blocking))
    assert verdict.legal is True and not verdict.not_understood


def test_crew_captain_damage_depends_on_indestructible() -> None:
    # 4/2 Crew Captain blocked by a 3/3: it is destroyed (704.5g) unless it has indestructible (702.12b)
    board = _board(CAPTAIN, [{"attacker": "captain", "target": "B"}], [{"blocker": "bears", "attacker": "captain"}],
                   damage=[])
    board["permanents"][1].update(power=3, toughness=3)
    verdict = check(parse_board(board))
    assert verdict.legal is None and verdict.undecided_reason == "text not understood"
    assert any("the verdict depends on" in n and "it entered this turn" in n for n in verdict.notes)
    # blocked by a 0/4 wall, it takes no damage: the same damage either way
    wall = copy.deepcopy(board)
    wall["permanents"][1].update(power=0, toughness=4)
    settled = check(parse_board(wall))
    assert settled.legal is True and not settled.not_understood
    assert any("judged both ways" in n for n in settled.notes)


OPEN = {"kind": "open", "text": "you've drawn two or more cards this turn"}


def _with_open(raw: dict[str, Any], data: st.DataObject) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """The board with one structured ability or keyword of one creature put under an open condition, the board
    with it unconditionally, and the board without it."""
    holders = [i for i, p in enumerate(raw["permanents"]) if p.get("abilities") or p.get("keywords")]
    i = data.draw(st.sampled_from(holders))
    perm = raw["permanents"][i]
    options = [("abilities", j) for j in range(len(perm.get("abilities", ())))] + [
        ("keywords", j) for j in range(len(perm.get("keywords", ())))]
    field, j = data.draw(st.sampled_from(options))
    item = perm[field][j]
    without = copy.deepcopy(raw)
    del without["permanents"][i][field][j]
    opened = copy.deepcopy(without)
    wrapped = {"kind": "if", "condition": OPEN, field: [item]}
    opened["permanents"][i].setdefault("abilities", []).append(wrapped)
    return opened, raw, without


def _brute(raw: dict[str, Any], edition: str) -> bool:
    board = parse_board(raw)
    if board.blocks is None:
        spaces = {"": bf.attack_space(board)}
        decls = {"": frozenset((a.attacker, a.target) for a in board.attacks or ())}
    else:
        spaces = {d: bf.block_space(board, d) for d in bf.sides(board)}
        owner = {p.id: bf.side_of(board, p.controller) for p in board.permanents}
        decls = {d: frozenset((b.blocker, b.attacker) for b in board.blocks or () if owner[b.blocker] == d)
                 for d in spaces}
    return all(bf.legal(spaces[k], decls[k], edition, "in-force", "paid-set") for k in spaces)


def _agrees(raw: dict[str, Any], data: st.DataObject) -> None:
    if not any(p.get("abilities") or p.get("keywords") for p in raw["permanents"]):
        return
    opened, holding, not_holding = _with_open(raw, data)
    for edition in ("current", "2006"):
        yes, no = _brute(holding, edition), _brute(not_holding, edition)
        verdict = check_declaration(parse_board(opened), rules=edition, alternatives=False)
        why = f"{edition}: holding {yes}, not {no}\n{opened}\n{verdict.to_text()}"
        if yes != no:
            assert verdict.legal is None, why
        else:
            assert verdict.legal in (None, yes), why
        if verdict.legal is not None:  # judged both ways, or set aside with its creature's abilities (613.1f)
            assert not verdict.not_understood and any("judged both ways" in n or "lost all its abilities" in n
                                                      for n in verdict.notes), why


PROPERTY = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                            HealthCheck.data_too_large])


@PROPERTY
@given(attack_boards(), st.data())
def test_an_open_condition_on_attack_boards_agrees_with_the_brute_force_both_ways(raw: dict[str, Any],
                                                                                   data: st.DataObject) -> None:
    _agrees(raw, data)


@PROPERTY
@given(block_boards(), st.data())
def test_an_open_condition_on_block_boards_agrees_with_the_brute_force_both_ways(raw: dict[str, Any],
                                                                                  data: st.DataObject) -> None:
    _agrees(raw, data)
