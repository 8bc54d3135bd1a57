"""Every fixture board, under every edition (and switch) its ``meta.expect`` names, gets that verdict.

Expected verdicts come from the rules and the sources each fixture names in ``meta.source``
(the 2006 Cranial Insertion article, CR examples, rulings, brute force over every declaration), not from the engine.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from legality import DamageVerdict, RulesOptions, check, check_declaration, parse_board

FIXTURES = sorted(Path(__file__).resolve().parent.parent.joinpath("fixtures").rglob("*.json"))


def cases() -> list[tuple[Path, str, bool]]:
    out = []
    for path in FIXTURES:
        meta = json.loads(path.read_text())["meta"]
        for key, legal in meta.get("expect", {}).items():
            out.append((path, key, legal))
    return out


@pytest.mark.parametrize(("path", "setting", "expected"), cases(),
                         ids=[f"{p.parent.name}/{p.stem}[{k}]" for p, k, _ in cases()])
def test_fixture_verdict(path: Path, setting: str, expected: bool) -> None:
    board = parse_board(path.read_text())
    edition, _, conditional = setting.partition("/")
    options = board.rules_options
    if conditional:
        options = options.model_copy(update={"conditional": conditional})
    verdict = check(board, rules=edition, options=options)
    assert verdict.legal is expected, (
        f"{path.name} under {setting}: expected {'legal' if expected else 'illegal'}\n"
        f"source: {board.meta and board.meta['source']}\n{verdict.to_text()}")


@pytest.mark.parametrize("path", [p for p in FIXTURES if "expect_state" in json.loads(p.read_text())["meta"]],
                         ids=lambda p: p.stem)
def test_damage_fixture_results(path: Path) -> None:
    """The state after combat damage and state-based actions is the one the named source gives."""
    board = parse_board(path.read_text())
    want = board.meta["expect_state"] if board.meta else {}
    for edition, legal in (board.meta or {})["expect"].items():
        if not legal:
            continue
        verdict = check(board, rules=edition)
        assert isinstance(verdict, DamageVerdict)
        for pid, fields in want.get("players", {}).items():
            got = {k: verdict.players[pid][k] for k in fields}
            assert got == fields, f"{path.name}[{edition}] {pid}: {got} != {fields}\n{verdict.to_text()}"
        if "destroyed" in want:
            assert sorted(verdict.destroyed) == sorted(want["destroyed"]), (
                f"{path.name}[{edition}]\n{verdict.to_text()}")


def test_every_fixture_names_its_source() -> None:
    for path in FIXTURES:
        meta = json.loads(path.read_text()).get("meta") or {}
        assert meta.get("source") and meta.get("expect"), path.name


def test_illegal_by_requirements_offers_a_legal_better_declaration() -> None:
    """``better`` is itself legal under the edition that rejected the declaration."""
    for path, setting, expected in cases():
        board = parse_board(path.read_text())
        if expected or "/" in setting or board.damage is not None:
            continue
        verdict = check_declaration(board, rules=setting)
        assert verdict.better is not None, path.name
        key = "attacks" if verdict.kind == "attack" else "blocks"
        data = board.model_dump(mode="json", exclude_none=True)
        data[key] = list(verdict.better)
        fixed = parse_board(data)
        again = check(fixed, rules=setting, options=RulesOptions())
        assert again.legal is True, f"{path.name}[{setting}]: better {verdict.better} is not legal\n{again.to_text()}"


TWINS = sorted(Path(__file__).resolve().parent.parent.joinpath("fixtures", "text").rglob("*.json"))


@pytest.mark.parametrize("twin", TWINS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_text_twin_gives_the_same_verdict(twin: Path) -> None:
    """A board given by names and rules text only reads exactly as its structured original (issue: twins)."""
    meta = json.loads(twin.read_text())["meta"]
    structured = parse_board((twin.parents[3] / meta["twin_of"]).read_text())
    text = parse_board(twin.read_text())
    for edition in meta["expect"]:
        edition = edition.split("/")[0]
        a, b = check(structured, rules=edition), check(text, rules=edition)
        assert not b.not_understood, b.not_understood
        if isinstance(a, DamageVerdict):
            assert isinstance(b, DamageVerdict)
            assert (a.legal, a.players, sorted(a.destroyed)) == (b.legal, b.players, sorted(b.destroyed))
        else:
            assert not isinstance(b, DamageVerdict)
            assert (a.legal, a.obeyed, a.maximum, len(a.requirements), a.better) == \
                (b.legal, b.obeyed, b.maximum, len(b.requirements), b.better), f"{twin.name}[{edition}]"
