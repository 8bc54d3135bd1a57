"""Expectations a board carries in ``meta``: the ruling its source gives, under each edition it names.

``meta.expect`` maps a setting (an edition, or ``edition/conditional``) to ``true``/``false`` or to an
object ``{"legal": ..., "violations": [...], "maximum": n, "obeyed": n, "state": {...},
"declarations": {...}}``. Board-wide pins reuse the damage fixtures' names: ``expect_violations``
(rules an illegal setting cites), ``expect_maximum`` (a number, or setting → number),
``expect_state`` and ``expect_state_by_edition`` (results where the assignment is legal),
``expect_declarations``. ``known_gap`` (text, or setting → text) marks a ruling the checker is known
to get wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from msgspec import Struct

from legality.editions import EDITIONS
from models.abilities import BOUND

CONDITIONALS = ("in-force", "implication")
PLAYER_FIELDS = ("life", "poison", "loses", "commander_damage")
EXPECT_FIELDS = ("legal", "violations", "maximum", "obeyed", "state", "declarations")
PINS = ("expect", "expect_violations", "expect_maximum", "expect_state", "expect_state_by_edition",
        "expect_declarations")


class ExpectationError(ValueError):
    """A ``meta`` expectation that can't be read: ``path`` is its JSON path."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path, self.message = path, message


class Expectation(Struct, frozen=True):
    """A ruling to compare a verdict with; ``None`` fields are not pinned."""

    legal: bool
    violations: tuple[str, ...] | None = None
    maximum: int | None = None
    obeyed: int | None = None
    state: Mapping[str, Any] | None = None
    declarations: Mapping[str, bool | None] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"legal": self.legal}
        for name in EXPECT_FIELDS[1:]:
            value = getattr(self, name)
            if isinstance(value, tuple):
                out[name] = list(value)
            elif isinstance(value, Mapping):
                out[name] = dict(value)
            elif value is not None:  # a count (maximum, obeyed)
                out[name] = value
        return out


def split_setting(setting: str) -> tuple[str, str | None]:
    """``"current/implication"`` → ``("current", "implication")``; ``"2006"`` → ``("2006", None)``."""
    edition, _, conditional = setting.partition("/")
    return edition, conditional or None


def check_setting(setting: Any, path: str) -> str:
    """The setting if it names a known edition (and switch), else ``ExpectationError``."""
    if not isinstance(setting, str):
        raise ExpectationError(path, "a setting is a string such as \"current\" or \"2006/implication\"")
    edition, conditional = split_setting(setting)
    if edition not in EDITIONS:
        raise ExpectationError(path, f"unknown edition {edition!r} (known: {', '.join(EDITIONS)})")
    if conditional is not None and conditional not in CONDITIONALS:
        raise ExpectationError(path, f"unknown conditional {conditional!r} (known: {', '.join(CONDITIONALS)})")
    return setting


def expectations(meta: Mapping[str, Any]) -> dict[str, Expectation]:
    """Each setting ``meta`` expects a ruling for, with every pin that applies to it."""
    raw = meta.get("expect")
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise ExpectationError("$.meta.expect", "must be an object: setting → true/false or an expectation object")
    board_violations = _rules(meta.get("expect_violations"), "$.meta.expect_violations")
    maxima = _maxima(meta.get("expect_maximum"), list(raw))
    board_state = _state(meta.get("expect_state"), "$.meta.expect_state")
    by_edition = meta.get("expect_state_by_edition", {})
    if not isinstance(by_edition, Mapping):
        raise ExpectationError("$.meta.expect_state_by_edition", "must be an object: setting → state")
    states = {check_setting(k, f"$.meta.expect_state_by_edition.{k}"): _state(v, f"$.meta.expect_state_by_edition.{k}")
              for k, v in by_edition.items()}
    board_declarations = _declarations(meta.get("expect_declarations"), "$.meta.expect_declarations")
    out = {}
    for setting, value in raw.items():
        path = f"$.meta.expect.{setting}"
        check_setting(setting, path)
        own = _own(value, path)
        legal = own["legal"]
        edition = split_setting(setting)[0]
        state = states.get(setting, states.get(edition, board_state)) if legal else None
        out[setting] = Expectation(
            legal=legal,
            violations=own.get("violations", None if legal else board_violations),
            maximum=own.get("maximum", maxima.get(setting, maxima.get(edition))),
            obeyed=own.get("obeyed"),
            state=own.get("state", state),
            declarations=own.get("declarations", board_declarations),
        )
    return out


def known_gaps(meta: Mapping[str, Any], settings: list[str]) -> dict[str, str]:
    """Setting → why the checker is known to disagree with the source there."""
    raw = meta.get("known_gap")
    if raw is None:
        return {}
    if isinstance(raw, str) and raw:
        return dict.fromkeys(settings, raw)
    if isinstance(raw, Mapping):
        out = {}
        for k, v in raw.items():
            if k not in settings:
                raise ExpectationError(f"$.meta.known_gap.{k}", "names a setting that $.meta.expect does not")
            if not isinstance(v, str) or not v:
                raise ExpectationError(f"$.meta.known_gap.{k}", "must be a non-empty text saying why")
            out[k] = v
        return out
    raise ExpectationError("$.meta.known_gap", "must be a non-empty text, or an object setting → text")


def read_expectation(value: Any, path: str) -> Expectation:
    """One ruling given as ``true``/``false`` or as an expectation object (for answers files too)."""
    own = _own(value, path)
    return Expectation(own["legal"], own.get("violations"), own.get("maximum"), own.get("obeyed"),
                       own.get("state"), own.get("declarations"))


def _own(value: Any, path: str) -> dict[str, Any]:
    if isinstance(value, bool):
        return {"legal": value}
    if not isinstance(value, Mapping):
        raise ExpectationError(path, "must be true, false or an object with \"legal\"")
    unknown = sorted(set(value) - set(EXPECT_FIELDS))
    if unknown:
        raise ExpectationError(f"{path}.{unknown[0]}", f"unknown field (known: {', '.join(EXPECT_FIELDS)})")
    if not isinstance(value.get("legal"), bool):
        raise ExpectationError(f"{path}.legal", "required: true or false")
    out: dict[str, Any] = {"legal": value["legal"]}
    readers = {"violations": _rules, "maximum": _count, "obeyed": _count, "state": _state,
               "declarations": _declarations}
    for name, reader in readers.items():
        if name in value:
            out[name] = reader(value[name], f"{path}.{name}")
    return out


def _rules(value: Any, path: str) -> tuple[str, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(r, str) and r for r in value):
        raise ExpectationError(path, "must be a list of rule numbers such as [\"509.1c\"]")
    return tuple(value)


def _maxima(value: Any, settings: list[str]) -> dict[str, int]:
    """``expect_maximum``: one number for every setting, or setting → number."""
    path = "$.meta.expect_maximum"
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        n = _count(value, path)
        return {} if n is None else dict.fromkeys(settings, n)
    out = {}
    for k, v in value.items():
        n = _count(v, f"{path}.{check_setting(k, f'{path}.{k}')}")
        if n is not None:
            out[k] = n
    return out


def _count(value: Any, path: str) -> int | None:
    if value is None:
        return None
    if type(value) is not int or not 0 <= value <= BOUND:
        raise ExpectationError(path, f"must be a whole number from 0 to {BOUND}")
    return value


def _state(value: Any, path: str) -> Mapping[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise ExpectationError(path, "must be an object with \"players\" and/or \"destroyed\"")
    unknown = sorted(set(value) - {"players", "destroyed"})
    if unknown:
        raise ExpectationError(f"{path}.{unknown[0]}", "unknown field (known: players, destroyed)")
    players = value.get("players", {})
    if not isinstance(players, Mapping):
        raise ExpectationError(f"{path}.players", "must be an object: player id → fields")
    for pid, fields in players.items():
        if not isinstance(fields, Mapping):
            raise ExpectationError(f"{path}.players.{pid}", f"must be an object of {', '.join(PLAYER_FIELDS)}")
        for name in fields:
            if name not in PLAYER_FIELDS:
                raise ExpectationError(f"{path}.players.{pid}.{name}",
                                       f"unknown field (known: {', '.join(PLAYER_FIELDS)})")
    destroyed = value.get("destroyed", [])
    if not isinstance(destroyed, list) or not all(isinstance(d, str) for d in destroyed):
        raise ExpectationError(f"{path}.destroyed", "must be a list of permanent ids")
    return dict(value)


def _declarations(value: Any, path: str) -> Mapping[str, bool | None] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping) or not all(v is None or isinstance(v, bool) for v in value.values()):
        raise ExpectationError(path, "must be an object: kind (attack, block, declaration) → true, false or null")
    return dict(value)


_SETTING = r"^(current|m10|2006)(/(in-force|implication))?$"
_RULES = {"type": "array", "items": {"type": "string"}, "description": "rule numbers, e.g. [\"509.1c\"]"}
_COUNT = {"type": "integer", "minimum": 0, "maximum": BOUND}
_INT = {"type": "integer", "minimum": -BOUND, "maximum": BOUND}
_STATE = {
    "type": "object", "additionalProperties": False,
    "description": "results after combat damage and state-based actions: fields of each player, and every "
                   "permanent that left the battlefield",
    "properties": {
        "players": {"type": "object", "additionalProperties": {
            "type": "object", "additionalProperties": False,
            "properties": {"life": _INT, "poison": _COUNT, "loses": {"type": "boolean"},
                           "commander_damage": {"type": "object"}}}},
        "destroyed": {"type": "array", "items": {"type": "string"}},
    },
}
_DECLARATIONS = {"type": "object", "additionalProperties": {"type": ["boolean", "null"]},
                 "description": "kind (attack, block; declaration when it can't be re-judged) → legal"}
_RULING = {
    "anyOf": [
        {"type": "boolean"},
        {"type": "object", "additionalProperties": False, "required": ["legal"], "properties": {
            "legal": {"type": "boolean"}, "violations": _RULES, "maximum": _COUNT, "obeyed": _COUNT,
            "state": _STATE, "declarations": _DECLARATIONS}},
    ],
}
META_SCHEMA: dict[str, Any] = {
    "source": {"type": "string", "description": "the documents the expected rulings come from, by name"},
    "question": {"type": "string"},
    "source_date": {"type": "string", "pattern": r"^\d{4}(-\d{2}(-\d{2})?)?$",
                    "description": "when the source was published (YYYY, YYYY-MM or YYYY-MM-DD); `legality regress` "
                                   "summarises per source and year by it"},
    "expect": {"type": "object", "propertyNames": {"pattern": _SETTING}, "additionalProperties": _RULING,
               "description": "setting (edition, or edition/conditional) → legal?, or an expectation object; "
                              "read by `legality regress`"},
    "expect_violations": {**_RULES, "description": "rules every setting expected illegal cites"},
    "expect_maximum": {"anyOf": [_COUNT, {"type": "object", "additionalProperties": _COUNT}],
                       "description": "requirements maximum, for every setting or by setting"},
    "expect_state": _STATE,
    "expect_state_by_edition": {"type": "object", "additionalProperties": _STATE},
    "expect_declarations": _DECLARATIONS,
    "known_gap": {"anyOf": [{"type": "string"}, {"type": "object", "additionalProperties": {"type": "string"}}],
                  "description": "why the checker is known to disagree with the source: `regress` reports XFAIL"},
    "twin_of": {"type": "string", "description": "the structured original whose expectations this board shares"},
}
"""The JSON Schema of the expectation fields of ``meta`` (``legality schema`` adds it to the board's)."""
