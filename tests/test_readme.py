"""The README's examples run: its board files parse and give the verdict the README prints."""

from __future__ import annotations

import json
import re
from pathlib import Path

from legality import check_declaration, parse_board

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()


def test_readme_boards_parse_and_agree() -> None:
    boards = [json.loads(block) for block in re.findall(r"```json\n(.*?)```", README, re.S)]
    assert len(boards) == 2
    verdicts = [check_declaration(parse_board(b)) for b in boards]
    assert [v.legal for v in verdicts] == [False, False]
    assert verdicts[0].to_text() == verdicts[1].to_text()
    shown = README.split("$ legality check gorilla.json\n")[1].split("\n\n")[0]
    assert [ln.strip() for ln in shown.splitlines()] == [ln.strip() for ln in verdicts[1].to_text().splitlines()]


def test_quick_start_fixture_exists() -> None:
    for path in re.findall(r"legality check (fixtures/\S+\.json)", README):
        assert (Path(__file__).resolve().parent.parent / path).exists(), path
