"""Judging a board whose rules text hangs on conditions the board does not decide, every way they could go.

A condition no field of the board answers ("as long as you've drawn two or more cards this turn") or whose field
is not given leaves its ability neither applied nor dropped. The verdict is then judged with each condition
taken as holding and as not holding (every combination, up to ``MAX_OPEN`` conditions): when every way gives the
same verdict, that verdict stands, whichever way the facts are; when they differ, it stays undecided and a note
says which way gives what.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from itertools import product
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from legality.verdict import V, headline

if TYPE_CHECKING:
    from legality.damage import DamageVerdict
    from legality.verdict import Verdict

MAX_OPEN = 3
"""The most undecided conditions judged every way (2^3 = 8 verdicts); with more the verdict stays undecided."""


def settle(verdict: V, opens: tuple[tuple[str, str], ...], judge: Callable[[Mapping[str, bool]], V]) -> V:
    """``verdict`` (judged with no undecided condition applied) decided by judging every way the open conditions
    (``Game.open_conditions``) could go, or left as it is with a note on what each way gives. ``judge``: the
    verdict of the same board with the open conditions taken as its argument says."""
    entries = {entry for _, entry in opens}
    keys = list(dict.fromkeys(key for key, _ in opens))  # "if X" and its "otherwise" share one key (traits.py)
    if not opens or len(keys) > MAX_OPEN or verdict.legal is None or any(
            u not in entries for u in verdict.not_understood):
        return verdict
    ways: list[tuple[tuple[bool, ...], V]] = []
    for values in product((True, False), repeat=len(keys)):
        if not any(values) and len(keys) == len(opens):  # none holding: the verdict already judged
            ways.append((values, verdict))
            continue
        way = judge(dict(zip(keys, values, strict=True)))
        if way.not_understood or way.legal is None:  # a condition within a condition, or out of time
            return verdict
        ways.append((values, way))
    if len({_judged(v) for _, v in ways}) == 1:
        said = tuple(f"{entry}; judged both ways, its ability applying and not: the verdict is the same" for entry in
                     (e for _, e in opens))
        # with an "otherwise" sharing a key, no condition holding still applies its other way: that judged verdict
        base = verdict if len(keys) == len(opens) else ways[-1][1]
        return replace(base, not_understood=(), notes=verdict.notes + said)
    if len(keys) == 1:
        (_, held), (_, not_held) = ways
        told = (f"{keys[0]}, which the board does not decide: {headline(held.legal, None)} if its ability applies, "
                f"{headline(not_held.legal, None)} if not")
    else:
        told = "what the board does not decide: " + "; ".join(f"{headline(v.legal, None)} if " + ", ".join(
            f"{key} {'applies' if held else 'does not apply'}" for key, held in zip(keys, values, strict=True))
            for values, v in ways)
    return replace(verdict, notes=(*verdict.notes, f"the verdict depends on {told}"))


def _judged(v: Verdict | DamageVerdict) -> str:
    """What a verdict says, notes aside (they name the way each condition was taken): of a declaration, its
    legality and judgement; of combat damage, its results and the declarations it rests on."""
    said: dict[str, Any] = {"legal": v.legal}
    if hasattr(v, "judgement_json"):
        said.update(v.judgement_json())
    else:
        said.update(v.results_json(), declarations=[d.to_json() for d in v.declarations])
    return json.dumps(said, sort_keys=True, default=str)
