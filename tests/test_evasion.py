"""``block_problem`` asks ``_evasion`` (why a creature can't block an attacker: 509.1a-b, 702.9b, 702.13b,
702.14c, 702.16f, 702.28b, 702.31b, 702.36b, 702.118b) only of the pairs where some reason could apply. The
skip must never hide a reason: on every block board of the fixtures, each pair it skips is one ``_evasion``
itself finds nothing for. A test ``_evasion`` gains and the skip doesn't know fails here."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from legality import parse_board
from legality.attacks import defending_player_of
from legality.blocks import _attacker_may_evade, _blocker_plain, _evades, _evasion, _stops_blocking
from legality.traits import build_game
from models import Board, BoardError

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def _boards() -> Iterator[Board]:
    for path in sorted(FIXTURES.rglob("*.json*")):
        texts = path.read_text().splitlines() if path.suffix == ".jsonl" else [path.read_text()]
        for text in texts:
            try:
                data = json.loads(text)
                board = parse_board(data)
            except (ValueError, BoardError):
                continue
            if board.blocks is not None and board.attacks:
                yield board


def test_the_pairs_block_problem_skips_are_those_evasion_finds_nothing_for() -> None:
    skipped = asked = 0
    for board in _boards():
        game = build_game(board)
        attackers = [game.perms[a.attacker] for a in board.attacks or () if a.attacker in game.perms]
        for b in (p for p in board.permanents if p.is_creature):
            stopping = [s for s in game.traits[b.id].abilities if _stops_blocking(s.ability)]
            plain, grounded = _blocker_plain(b, game.traits[b.id].keywords, b.card_types, stopping)
            for a in attackers:
                evading = [s for s in game.traits[a.id].abilities if _evades(s.ability)]
                ka = game.traits[a.id].keywords
                if plain and not _attacker_may_evade(ka, evading) and not (grounded and "flying" in ka):
                    skipped += 1
                    defender = defending_player_of(game, next(x.target for x in board.attacks or ()
                                                              if x.attacker == a.id))
                    assert _evasion(game, b, a, defender, b.card_types, stopping, evading) == [], (board.id, b.id, a.id)
                else:
                    asked += 1
    assert skipped > 100 and asked > 100
