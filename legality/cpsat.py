"""OR-Tools' CP-SAT module, imported without pandas.

``ortools.sat.python.cp_model`` imports pandas (about 0.45 s, two thirds of its import time) only for its helpers
that build variables and constraints from pandas Series, which the checker never uses: every process that solves
(a command, each batch worker) would pay it before its first model. While cp_model is imported, ``pandas`` is a
stand-in holding only the two names cp_model reads as it loads (``Index``, ``Series``); it is removed right after,
so a later ``import pandas`` anywhere gets the real one. Where pandas is already imported, or Dask runs (its
threads may import pandas meanwhile), or an OR-Tools needs more of it, cp_model is imported as it is.
"""

from __future__ import annotations

import sys
import types


def _stand_in() -> types.ModuleType | None:
    """Put the stand-in in place, or None where the real pandas must be used."""
    if "pandas" in sys.modules or "dask" in sys.modules or "ortools.sat.python.cp_model" in sys.modules:
        return None
    stub = types.ModuleType("pandas", "a stand-in while OR-Tools' cp_model is imported (legality.cpsat)")
    stub.Index = type("Index", (), {})  # type: ignore[attr-defined]
    stub.Series = type("Series", (), {})  # type: ignore[attr-defined]
    sys.modules["pandas"] = stub
    return stub


def _remove(stub: types.ModuleType | None) -> None:
    if stub is not None and sys.modules.get("pandas") is stub:
        del sys.modules["pandas"]


_stub = _stand_in()
try:
    from ortools.sat.python import cp_model
except AttributeError:  # an OR-Tools that reads more of pandas as it loads: import it whole
    _remove(_stub)
    from ortools.sat.python import cp_model
finally:
    _remove(_stub)

__all__ = ["cp_model"]
