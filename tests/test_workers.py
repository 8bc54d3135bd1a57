"""The batch's worker processes: results in task order, and a worker that dies costs only what it was judging.

``multiprocessing.Pool`` waits for ever for the task of a worker that was killed (by the kernel for its memory, or
by a crash in native code): one hostile board would hang a batch of thousands. Each test here kills workers on
purpose, from inside (a task that kills its own process) or from outside (SIGKILL to the batch's worker).
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import msgspec
import pytest

import legality.batch
from legality.batch import Settings, iter_lines, run_batch
from legality.workers import Job, Workers, ended, progress

ROOT = Path(__file__).resolve().parent.parent
DEADLY = 13
"""A task part that kills the worker judging it."""


def _square_all(task: list[int], flag: str) -> list[int]:
    """Squares; a part equal to ``DEADLY`` kills this process with SIGKILL (only while ``flag`` doesn't exist, if
    one is given: the first time, and the flag file is then made)."""
    if DEADLY in task and (not flag or not os.path.exists(flag)):
        if flag:
            Path(flag).touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return [x * x for x in task]


def _job(flag: str = "") -> Job[list[int], list[int]]:
    return Job(_square_all, (flag,), lambda t: [[x] for x in t], lambda rs: [x for r in rs for x in r],
               lambda t, cause: [-1 if "SIGKILL" in cause else -2])


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_results_come_in_task_order(jobs: int) -> None:
    tasks = [[i, i + 1] for i in range(0, 60, 2) if i != 12]
    with Workers(jobs) as workers:
        got = list(workers.ordered(tasks, _job()))
    assert got == [[x * x for x in t] for t in tasks]


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_part_that_kills_its_worker_twice_is_that_parts_answer_alone(jobs: int) -> None:
    tasks = [[1, 2], [11, 12, DEADLY, 14], [20], [DEADLY], [30, 31]]
    with Workers(jobs) as workers:
        got = list(workers.ordered(tasks, _job()))
    assert got == [[1, 4], [121, 144, -1, 196], [400], [-1], [900, 961]]


def test_a_worker_that_dies_once_costs_nothing(tmp_path: Path) -> None:
    """The task is run again, split into its parts: every part gets its real answer."""
    tasks = [[1, 2], [11, 12, DEADLY, 14], [20]]
    with Workers(2) as workers:
        got = list(workers.ordered(tasks, _job(str(tmp_path / "died"))))
    assert got == [[1, 4], [121, 144, 169, 196], [400]]
    assert (tmp_path / "died").exists()


def test_how_a_worker_ended_is_said_in_words() -> None:
    assert ended(-signal.SIGKILL) == "it was killed by SIGKILL"
    assert ended(3) == "it exited with code 3"
    assert ended(-signal.SIGKILL, 30.0) == "it was stopped after 30 s without progress, far past the time limit"


STUCK = 17
"""A task part that never ends (a worker stuck where no time limit reaches: native code, a lock)."""


def _square_slowly(task: list[int], seconds: float) -> list[int]:
    """Squares, ``seconds`` a part, showing progress after each; a part equal to ``STUCK`` never ends."""
    out = []
    for x in task:
        while x == STUCK:
            time.sleep(60)
        time.sleep(seconds)
        out.append(x * x)
        progress()
    return out


def _slow_job(seconds: float, allowed: float) -> Job[list[int], list[int]]:
    return Job(_square_slowly, (seconds,), lambda t: [[x] for x in t], lambda rs: [x for r in rs for x in r],
               lambda t, cause: [-1 if "without progress" in cause else -2], lambda t, seconds: allowed)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_stuck_worker_is_stopped_and_its_task_judged_again_part_by_part(jobs: int) -> None:
    """A part that never ends is that part's answer (stopped twice, the second time alone) after about twice the
    time allowed without progress; the other parts of its task, and the other tasks, have their real answers.
    (Without the watchdog this test never ends.)"""
    tasks = [[1, 2], [11, STUCK, 12], [20], [30, 31]]
    start = time.monotonic()
    with Workers(jobs) as workers:
        got = list(workers.ordered(tasks, _slow_job(0.01, 1.0)))
    assert got == [[1, 4], [121, -1, 144], [400], [900, 961]]
    assert time.monotonic() - start < 10


def test_a_task_longer_than_its_allowance_but_showing_progress_is_not_stopped() -> None:
    """What is allowed is the time between signs of progress, not the task's whole time: 15 parts of 0.1 s each
    (1.5 s) under an allowance of 1 s run to their end."""
    task = list(range(15))
    with Workers(1) as workers:
        got = list(workers.ordered([task], _slow_job(0.1, 1.0)))
    assert got == [[x * x for x in task]]


def _kill_on_marker(line: legality.batch.Line, settings: Settings) -> dict[str, object]:
    if isinstance(line[1], str) and "marked" in line[1]:
        os.kill(os.getpid(), signal.SIGKILL)
    return {"line": line[0]}


def _stick_on_marker(line: legality.batch.Line, settings: Settings) -> dict[str, object]:
    while isinstance(line[1], str) and "marked" in line[1]:
        time.sleep(60)
    return {"line": line[0]}


def _the_marked_line(marked: int, settings: Settings, jobs: int, by_line: bool) -> dict[str, Any]:
    """The answer to line ``marked`` of a 40-line batch (the stand-in judge in place), once every other line is
    checked: answered, in input order, and the only error. ``by_line``: lines handed over one by one (the workers get
    parsed lines), else the file's bytes (the workers cut their chunks into lines)."""
    lines = [json.dumps({"id": f"b{i}", "note": "marked" if i == marked else ""}) for i in range(1, 41)]
    source = iter_lines(io.BytesIO(("\n".join(lines) + "\n").encode()))
    out: list[str] = []
    tally = run_batch((line for line in source) if by_line else source, settings, jobs, out.append)
    answers: list[dict[str, Any]] = [json.loads(x) for x in "\n".join(out).split("\n")]
    assert [a["line"] for a in answers] == list(range(1, 41))
    assert tally.lines == 40 and tally.errors == 1
    assert all("error" not in a for k, a in enumerate(answers) if k != marked - 1)
    return answers[marked - 1]


@pytest.mark.parametrize("by_line", [False, True], ids=["bytes", "lines"])
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_board_that_kills_its_worker_gets_an_error_line_and_the_rest_are_judged(
        jobs: int, by_line: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The batch's own workers (forked after the stand-in judge is in place): the line is an error line naming it,
    its id and how its worker ended."""
    monkeypatch.setattr(legality.batch, "judge_line", _kill_on_marker)
    dead = _the_marked_line(7, Settings(), jobs, by_line)
    assert dead["id"] == "b7" and "killed by SIGKILL" in dead["error"]


@pytest.mark.parametrize("by_line", [False, True], ids=["bytes", "lines"])
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_board_that_sticks_its_worker_gets_an_error_line_and_the_rest_are_judged(
        jobs: int, by_line: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """A line whose worker never ends it (stuck out of reach of the time limit): after twice the time limit and
    ``STUCK_AFTER`` with no line judged, the worker is killed, the chunk judged again line by line, and that line
    is an error line saying so; the batch ends. (Without the watchdog this test never ends.)"""
    monkeypatch.setattr(legality.batch, "judge_line", _stick_on_marker)
    monkeypatch.setattr(legality.batch, "STUCK_AFTER", 1.0)
    start = time.monotonic()
    stuck = _the_marked_line(9, Settings(time_limit=0.05), jobs, by_line)
    assert time.monotonic() - start < 30
    assert stuck["id"] == "b9" and "stopped after 1.1 s without progress" in stuck["error"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_command_survives_a_worker_killed_from_outside(tmp_path: Path) -> None:
    """SIGKILL to one of ``legality batch``'s workers mid-run (as the kernel's out-of-memory killer would): the batch
    still ends, exit 0, with the very output of an undisturbed run."""
    boards = sorted((ROOT / "fixtures" / "article").glob("*.json"))
    text = "".join(json.dumps(json.loads(p.read_text())) + "\n" for p in boards) * 40
    src = tmp_path / "in.jsonl"
    src.write_text(text)
    args = [sys.executable, str(ROOT / "cli.py"), "batch", str(src), "--jobs", "2", "--quiet"]
    calm = subprocess.run(args, capture_output=True, timeout=300)
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
    assert proc.stdout is not None
    # A batch that waits for ever for the lost task is killed after two minutes (and the test fails).
    watchdog = threading.Timer(120, os.killpg, (proc.pid, signal.SIGKILL))
    watchdog.start()
    try:
        first = proc.stdout.readline()  # a first verdict: the workers are at work
        os.kill(_children(proc.pid)[0], signal.SIGKILL)
        rest = proc.stdout.read()  # (not communicate(): it reads past what readline() has buffered)
        code = proc.wait(timeout=300)
    finally:
        watchdog.cancel()
    assert code == calm.returncode == 0
    assert first + rest == calm.stdout


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return sorted(found)


def _judge_or_die(case: Any, options: Any) -> Any:
    from legality.regress.judge import judge

    if case.id == DOOMED:
        os.kill(os.getpid(), signal.SIGKILL)
    return judge(case, options)


DOOMED = ""
"""The id of the regress case whose worker ``_judge_or_die`` kills (set by the test before the workers fork)."""


def test_a_regress_case_that_kills_its_worker_is_an_error_and_the_rest_are_judged(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from legality.regress import Options, builtin_suite, collect, run, select

    running = sys.modules["legality.regress.run"]  # (the package's ``run`` is the function of that name)

    cases = select(collect(builtin_suite()).cases)[:12]
    monkeypatch.setattr(sys.modules[__name__], "DOOMED", cases[5].id)
    monkeypatch.setattr(running, "JOB", msgspec.structs.replace(running.JOB, run=_judge_or_die))
    outcomes = run(cases, Options(), jobs=2)
    assert [o.case.id for o in outcomes] == [c.id for c in cases]
    dead = [o for o in outcomes if o.case.id == cases[5].id]
    assert dead and all(o.status == "ERROR" and "killed by SIGKILL" in o.reason for o in dead)
    assert all(o.status in ("PASS", "XFAIL", "XPASS") for o in outcomes if o.case.id != cases[5].id)


def _judge_or_stick(case: Any, options: Any) -> Any:
    from legality.regress.judge import judge

    while (case.id, case.setting) == STICKY:
        time.sleep(60)
    return judge(case, options)


STICKY = ("", "")
"""The id and setting of the regress case whose worker ``_judge_or_stick`` sticks."""


def test_a_regress_case_that_sticks_its_worker_is_an_error_and_the_rest_are_judged(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from legality.regress import Options, builtin_suite, collect, run, select

    running = sys.modules["legality.regress.run"]
    cases = select(collect(builtin_suite()).cases)[:8]
    doomed = cases[3]
    monkeypatch.setattr(sys.modules[__name__], "STICKY", (doomed.id, doomed.setting))
    monkeypatch.setattr(running, "JOB", msgspec.structs.replace(running.JOB, run=_judge_or_stick))
    monkeypatch.setattr(legality.batch, "STUCK_AFTER", 0.5)
    outcomes = run(cases, Options(time_limit=1.5), jobs=2)
    assert [o.case for o in outcomes] == list(cases)
    dead = outcomes[3]
    assert dead.status == "ERROR" and "stopped after 3.5 s without progress" in dead.reason
    assert all(o.status in ("PASS", "XFAIL", "XPASS") for k, o in enumerate(outcomes) if k != 3)
