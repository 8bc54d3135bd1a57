"""Every command example in the ``--help`` texts and the README runs, from the repository root.

An example passes when it exits 0, 1 or 3 (legal, illegal, undecided): never 2 (bad input), so an
example can't name a file that doesn't exist or an option that was renamed.
"""

from __future__ import annotations

import json
import os
import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cli import main

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def _commands(group: click.Group) -> Iterator[click.Command]:
    yield group
    for cmd in group.commands.values():
        yield from _commands(cmd) if isinstance(cmd, click.Group) else (cmd,)


def help_examples() -> list[str]:
    """Lines starting with ``legality`` in each command's help text."""
    return [ln.strip() for cmd in _commands(main) for ln in (cmd.help or "").splitlines()
            if ln.strip().startswith("legality ")]


def readme_examples() -> list[str]:
    """Commands starting with ``legality`` (or ``$ legality``, ``.venv/bin/legality`` after ``&&``) in
    the README's code blocks."""
    blocks = re.findall(r"```[a-z]*\n(.*?)```", README, re.S)
    blocks += re.findall(r"(?:^|\n\n)((?: {4}.*\n?)+)", README)  # indented blocks
    parts = (part.strip().removeprefix("$ ").removeprefix(".venv/bin/")
             for block in blocks for ln in block.splitlines() for part in ln.split("&&"))
    return sorted({p for p in parts if p.startswith("legality ")})


def run_example(line: str) -> tuple[int, str]:
    """Run one shell line through CliRunner: ``< FILE`` is standard input, ``> FILE`` is discarded."""
    words = shlex.split(line, comments=True)
    assert words[0] == "legality", line
    args: list[str] = []
    stdin: str | None = None
    it = iter(words[1:])
    for w in it:
        if w == "<":
            stdin = (ROOT / next(it)).read_text()
        elif w == ">":
            next(it)
        else:
            args.append(w)
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        result = CliRunner().invoke(main, args, input=stdin)
    finally:
        os.chdir(here)
    return result.exit_code, result.output


def test_there_are_examples_to_run() -> None:
    assert len(help_examples()) >= 5 and len(readme_examples()) >= 10


@pytest.mark.parametrize("line", help_examples() + readme_examples())
def test_example_runs(line: str) -> None:
    code, out = run_example(line)
    assert code in (0, 1, 3), f"{line}\nexit {code}\n{out}"


@pytest.mark.parametrize(("line", "code"), [
    ("legality check fixtures/article/bey-attacks-alone.json --conditional implication", 1),
    ("legality check fixtures/rules/paid-costs-brigand-flunkies.json --paid-costs cost-free", 0),
])
def test_switch_examples_show_the_switch(line: str, code: int) -> None:
    """The README's switch examples give the opposite of the default setting's verdict, as it says."""
    assert line in readme_examples()
    default = re.sub(r" --(conditional|paid-costs) \S+", "", line)
    assert run_example(line)[0] == code and run_example(default)[0] == 1 - code


def test_batch_sample_is_fixtures_one_per_line() -> None:
    """``fixtures/boards.jsonl`` (the batch examples' input) holds fixture boards exactly, one per line."""
    boards = [json.loads(p.read_text()) for p in (ROOT / "fixtures").rglob("*.json")]
    by_id = {b.get("id"): b for b in boards}
    lines = (ROOT / "fixtures/boards.jsonl").read_text().splitlines()
    assert lines and all(json.loads(ln) == by_id[json.loads(ln)["id"]] for ln in lines)
