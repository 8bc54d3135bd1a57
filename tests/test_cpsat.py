"""CP-SAT is imported without pandas (``legality.cpsat``): the solver works, and pandas stays whole for anyone who
imports it after, or before."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SOLVE = """
from legality.cpsat import cp_model
m = cp_model.CpModel()
x = m.new_int_var(0, 5, "x")
m.add(x <= 3)
m.maximize(x)
s = cp_model.CpSolver()
assert s.solve(m) == cp_model.OPTIMAL and s.value(x) == 3
"""


def _run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_solver_solves_and_pandas_is_not_imported_with_it() -> None:
    out = _run(SOLVE + "import sys\nprint('pandas' in sys.modules)\n")
    assert out.strip() == "False"


def test_pandas_imported_after_is_the_real_one() -> None:
    out = _run(SOLVE + "import pandas\nprint(pandas.DataFrame({'a': [1, 2]})['a'].sum())\n")
    assert out.strip() == "3"


def test_pandas_imported_before_is_left_as_it_is() -> None:
    out = _run("import pandas\n" + SOLVE + "print(cp_model.pd is pandas)\n")
    assert out.strip() == "True"
