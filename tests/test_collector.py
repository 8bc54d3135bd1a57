"""``legality.collector``: the cyclic collector is paused while a verdict is worked out, and left as it was."""

from __future__ import annotations

import gc
import json
import threading
from pathlib import Path
from typing import Any

import pytest

from legality import check, parse_board, ruling
from legality.check import check_declaration
from legality.collector import collector_paused

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "article" / "vorine-giant-vorine-dog-bears.json"


def test_a_verdict_pauses_the_collector_and_leaves_it_running(monkeypatch: pytest.MonkeyPatch) -> None:
    """While the verdict is worked out the collector is off (seen from inside the judging), and on again after."""
    seen: list[bool] = []
    real = check_declaration

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(ruling, "check_declaration", spy)
    board = parse_board(json.loads(FIXTURE.read_text()))
    assert gc.isenabled()
    check(board)
    assert seen == [False] and gc.isenabled()


def test_a_collector_turned_off_by_the_caller_stays_off() -> None:
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_overlapping_pauses_resume_the_collector_only_when_the_last_ends() -> None:
    inside = threading.Event()
    release = threading.Event()

    def other() -> None:
        with collector_paused():
            inside.set()
            release.wait(10)

    t = threading.Thread(target=other)
    with collector_paused():
        t.start()
        assert inside.wait(10)
    assert not gc.isenabled()  # the other thread's pause goes on
    release.set()
    t.join(10)
    assert gc.isenabled()


@pytest.mark.parametrize(("fixture", "module", "inner"), [
    ("article/vorine-giant-vorine-dog-bears.json", "legality.check", "question_for"),
    ("text/cards/basilisk-collar-trample.json", "legality.damage.resolve", "_resolve_damage"),
])
def test_the_library_calls_pause_it_too(monkeypatch: pytest.MonkeyPatch, fixture: str, module: str,
                                        inner: str) -> None:
    """``check_declaration`` and ``resolve_damage`` called as they are (the library's API, not through ``check``)."""
    import importlib

    from legality.damage import resolve_damage

    mod = importlib.import_module(module)
    seen: list[bool] = []
    real = getattr(mod, inner)

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(mod, inner, spy)
    board = parse_board(json.loads((FIXTURE.parent.parent / fixture).read_text()))
    (check_declaration if board.damage is None else resolve_damage)(board)
    assert seen and not any(seen) and gc.isenabled()
