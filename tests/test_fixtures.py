"""Every fixture board, under every edition (and switch) its ``meta.expect`` names, gets that verdict.

Expected verdicts come from the rules and the sources each fixture names in ``meta.source``
(the 2006 Cranial Insertion article, CR examples, rulings, brute force over every declaration), not from the engine.
A text twin (``meta.twin_of``) says its structured original is the reference: its expectations are
the original's. Optional damage expectations: ``expect_state`` (with ``expect_state_by_edition``
overriding it for an edition), ``expect_violations`` (the rules the illegal editions cite) and
``expect_declarations`` (kind → whether the attacks or blocks the damage rests on are legal).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from legality import DamageVerdict, RulesOptions, check, check_declaration, parse_board

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted(ROOT.joinpath("fixtures").rglob("*.json"))
EXPECTATIONS = ("expect", "expect_state", "expect_state_by_edition", "expect_violations", "expect_declarations")


def meta_of(path: Path) -> dict[str, Any]:
    """The fixture's meta, with a twin's expectations taken from its structured original."""
    meta: dict[str, Any] = json.loads(path.read_text())["meta"]
    if "twin_of" in meta:
        original = json.loads((ROOT / meta["twin_of"]).read_text())["meta"]
        meta = {k: v for k, v in meta.items() if k not in EXPECTATIONS}
        meta.update({k: v for k, v in original.items() if k in EXPECTATIONS})
    return meta


def cases() -> list[tuple[Path, str, bool]]:
    out = []
    for path in FIXTURES:
        meta = meta_of(path)
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


@pytest.mark.parametrize("path", [p for p in FIXTURES if "expect_state" in meta_of(p)],
                         ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_damage_fixture_results(path: Path) -> None:
    """The state after combat damage and state-based actions is the one the named source gives."""
    board = parse_board(path.read_text())
    meta = meta_of(path)
    for edition, legal in meta["expect"].items():
        if not legal:
            continue
        want = meta.get("expect_state_by_edition", {}).get(edition, meta["expect_state"])
        verdict = check(board, rules=edition)
        assert isinstance(verdict, DamageVerdict)
        for pid, fields in want.get("players", {}).items():
            got = {k: verdict.players[pid][k] for k in fields}
            assert got == fields, f"{path.name}[{edition}] {pid}: {got} != {fields}\n{verdict.to_text()}"
        if "destroyed" in want:
            assert sorted(verdict.destroyed) == sorted(want["destroyed"]), (
                f"{path.name}[{edition}]\n{verdict.to_text()}")


@pytest.mark.parametrize("path", [p for p in FIXTURES if "expect_violations" in meta_of(p)],
                         ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_damage_fixture_cites_the_broken_rule(path: Path) -> None:
    """Where a fixture's assignment is illegal, the verdict cites exactly the rules its source names."""
    board = parse_board(path.read_text())
    meta = meta_of(path)
    for edition, legal in meta["expect"].items():
        if legal:
            continue
        verdict = check(board, rules=edition)
        assert isinstance(verdict, DamageVerdict)
        cited = sorted({v.rule for s in verdict.steps for v in s.violations})
        assert cited == sorted(meta["expect_violations"]), f"{path.name}[{edition}]\n{verdict.to_text()}"


@pytest.mark.parametrize("path", [p for p in FIXTURES if "expect_declarations" in meta_of(p)],
                         ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_damage_fixture_judges_its_declarations(path: Path) -> None:
    """A damage verdict says whether the attacks and blocks it rests on were legal (and why not); a
    fixture expects ``true``, ``false``, or ``null`` under the kind ``declaration`` when they can't be
    re-judged because a creature they name has left the battlefield."""
    board = parse_board(path.read_text())
    meta = meta_of(path)
    for edition in meta["expect"]:
        verdict = check(board, rules=edition)
        assert isinstance(verdict, DamageVerdict)
        got = {d.kind: d.legal for d in verdict.declarations}
        want = {k: v for k, v in meta["expect_declarations"].items() if v is not True}
        assert got == want, f"{path.name}[{edition}]\n{verdict.to_text()}"
        for d in verdict.declarations:
            assert d.legal is not False or (d.violations and all(r for r, _ in d.violations))
            assert d.note in verdict.notes


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
    meta = meta_of(twin)
    structured = parse_board((ROOT / meta["twin_of"]).read_text())
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
