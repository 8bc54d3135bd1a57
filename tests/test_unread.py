"""A verdict never rests on text it could not read (issue: honest reader, item 6).

With a sentence or keyword that is not understood anywhere on the board, the verdict is
UNDECIDED (exit 3, ``"legal": null``) with the reason "text not understood", the sentences listed
first, and what it would be if they changed nothing (``if_ignored``); ``--ignore-unread`` gives that
answer (exit 0/1), still listing them; ``--strict`` makes them bad input (exit 2).
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cli import main
from legality import check, parse_board
from legality.verdict import Verdict

ROOT = Path(__file__).resolve().parent.parent


def _with_unread(tmp_path: Path, fixture: str, index: int, text: str) -> Path:
    board = json.loads((ROOT / fixture).read_text())
    board["permanents"][index]["oracle"] = text
    f = tmp_path / "board.json"
    f.write_text(json.dumps(board))
    return f


def test_unread_text_makes_the_verdict_undecided_with_the_answer_if_ignored(tmp_path: Path) -> None:
    # Gorilla Berserkers with no blocks is illegal today (509.1c, Razorgrass Screens must block); an
    # unread sentence on the Bears could change that, so the checker does not rule.
    f = _with_unread(tmp_path, "fixtures/text/article/gorilla-no-block.json", 3, "Frobnicate the wibble.")
    text = CliRunner().invoke(main, ["check", str(f)])
    assert text.exit_code == 3
    lines = text.output.splitlines()
    assert lines[0].startswith("UNDECIDED (text not understood)")
    assert "frobnicate the wibble" in lines[1] and lines[1].lstrip().startswith("not understood:")
    assert any(ln.strip().startswith("ignoring them: ILLEGAL") for ln in lines)
    js = json.loads(CliRunner().invoke(main, ["check", str(f), "--json"]).output)
    assert (js["legal"], js["undecided"], js["undecided_reason"], js["if_ignored"]) == (
        None, True, "text not understood", False)
    ignored = CliRunner().invoke(main, ["check", str(f), "--ignore-unread"])
    assert ignored.exit_code == 1 and "frobnicate the wibble" in ignored.output


def test_an_unknown_keyword_is_unread_too(tmp_path: Path) -> None:
    board = json.loads((ROOT / "fixtures/text/article/gorilla-no-block.json").read_text())
    board["permanents"][3]["keywords"] = ["flyying"]
    verdict = check(parse_board(board))
    assert verdict.legal is None and verdict.if_ignored is False
    assert any("did you mean 'flying'" in u for u in verdict.not_understood)


def test_a_fully_read_board_is_judged_as_before() -> None:
    verdict = check(parse_board((ROOT / "fixtures/text/article/gorilla-no-block.json").read_text()))
    assert verdict.legal is False and verdict.undecided_reason is None and verdict.if_ignored is None
    assert "undecided_reason" not in verdict.to_json()


def test_the_damage_step_is_undecided_on_unread_text_as_well(tmp_path: Path) -> None:
    f = _with_unread(tmp_path, "fixtures/damage/double-strike-trample.json", 1, "Frobnicate the wibble.")
    result = CliRunner().invoke(main, ["damage", str(f), "--json"])
    js = json.loads(result.output)
    assert result.exit_code == 3 and js["legal"] is None and js["undecided_reason"] == "text not understood"
    assert isinstance(js["if_ignored"], bool)
    assert CliRunner().invoke(main, ["damage", str(f), "--ignore-unread"]).exit_code in (0, 1)


def test_a_combat_trigger_is_read_and_asked_for_only_where_it_can_have_resolved() -> None:
    """Goblin Heelcutter: "Whenever Goblin Heelcutter attacks, target creature can't block this turn."

    The trigger is read (understood, no abilities of its own: 603.3, it changes nothing until it
    resolves). Judging the attack that triggers it, it can't have resolved (508.3a): only a note. Judging
    the blocks after it attacked, its result may matter: a triggered ability never decides a declaration
    (603.3), so the verdict is given, with a note asking for its result as an effect; with that effect on the
    board (Goblin Heelcutter as its source), the note is gone and the effect applies (509.1b).
    """
    from legality.text.read import read

    (r,) = read("Whenever Goblin Heelcutter attacks, target creature can't block this turn.", "Goblin Heelcutter")
    assert (r.status, r.abilities, r.event) == ("understood", (), "whenever ~ attacks")

    def board(blocks: bool) -> dict[str, object]:
        b: dict[str, object] = {
            "version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
            "permanents": [{"id": "cutter", "name": "Goblin Heelcutter", "controller": "A", "power": 3,
                            "toughness": 2, "types": ["creature"],
                            "oracle": "Whenever Goblin Heelcutter attacks, target creature can't block this turn."},
                           {"id": "bear", "name": "Grizzly Bears", "controller": "B"}],
            "attacks": [{"attacker": "cutter", "target": "B"}]}
        if blocks:
            b["blocks"] = []
        return b

    attack = check(parse_board(board(False)))
    assert attack.legal is True and any("can't have resolved" in n for n in attack.notes)
    block = check(parse_board(board(True)))
    assert block.legal is True and not block.not_understood
    assert any("give its result as an effect" in n for n in block.notes)
    resolved = board(True)
    resolved["effects"] = [{"source": "Goblin Heelcutter", "source_id": "cutter", "controller": "A",
                            "text": "Target creature can't block this turn.", "targets": ["bear"]}]
    resolved["blocks"] = [{"blocker": "bear", "attacker": "cutter"}]
    judged = check(parse_board(resolved))
    assert isinstance(judged, Verdict)
    assert judged.legal is False and any(v.rule == "509.1b" for v in judged.violations)
    assert not any("give its result as an effect" in n for n in judged.notes)
