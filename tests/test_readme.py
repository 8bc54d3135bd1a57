"""The README's boards give the verdict it prints, and docs/board-format.md names every field of the schema.

Its command lines are run by ``tests/test_examples.py``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from legality import check_declaration, parse_board
from models import Board

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
FORMAT = (ROOT / "docs/board-format.md").read_text()
SHOWN = "$ legality check fixtures/article/gorilla-no-block.json\n"


def test_readme_boards_parse_and_agree() -> None:
    boards = [json.loads(block) for block in re.findall(r"```json\n(.*?)```", README, re.S)]
    assert len(boards) == 2
    verdicts = [check_declaration(parse_board(b)) for b in boards]
    assert [v.legal for v in verdicts] == [False, False]
    assert verdicts[0].to_text() == verdicts[1].to_text()
    shown = README.split(SHOWN)[1].split("\n\n")[0]
    assert [ln.strip() for ln in shown.splitlines()] == [ln.strip() for ln in verdicts[1].to_text().splitlines()]


def test_the_shown_command_prints_what_the_readme_shows() -> None:
    """The README prints the verdict of a fixture after its structured board: the fixture's verdict."""
    verdict = check_declaration(parse_board((ROOT / "fixtures/article/gorilla-no-block.json").read_text()))
    shown = README.split(SHOWN)[1].split("\n\n")[0]
    assert [ln.strip() for ln in shown.splitlines()] == [ln.strip() for ln in verdict.to_text().splitlines()]


def _fields(schema: dict[str, Any]) -> Iterator[tuple[str, str]]:
    yield from (("Board", f) for f in schema["properties"])
    for name, model in schema["$defs"].items():
        yield from ((name, f) for f in model.get("properties", {}))


def test_board_format_names_every_schema_field() -> None:
    """docs/board-format.md is the format's reference: every field `legality schema` has is named in it."""
    missing = sorted({f"{m}.{f}" for m, f in _fields(Board.model_json_schema()) if f"`{f}`" not in FORMAT})
    assert not missing, f"fields of the JSON schema not in docs/board-format.md: {missing}"


def test_docs_cite_no_file_outside_the_project() -> None:
    for text in (README, FORMAT):
        assert "shared/" not in text and "spec/board-format" not in text
