"""The JSON API's work, apart from HTTP: judge a board as the CLI does, read cards, list fixtures.

Every answer is the JSON the CLI prints with ``--json``; what the CLI refuses with exit 2 is an
``ApiError`` with status 422 and the same problems (JSON paths).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from legality import EDITIONS, BoardError, NothingToJudge, check, parse_board, resolve_damage
from legality.batch import rules_options
from legality.cards import CardLibraryError, lookup
from legality.options import legal_declarations
from legality.serve.cards import card_json, how_to_get, names, reading, suggestions
from legality.verdict import unread_undecided
from models import Board
from models.board import MAX_TEXT
from models.jsontext import MAX_DEPTH, loads, nested_deeper

CHOICES = {"rules": tuple(EDITIONS), "conditional": ("in-force", "implication"),
           "paid_costs": ("paid-set", "cost-free"), "maximize": ("player", "kills")}
MAX_NAME = 300
"""Characters in a card's or a fixture's name past which it is no name the server knows (never looked up)."""
TOO_DEEP = f"arrays and objects nested more than {MAX_DEPTH} levels deep"


class ApiError(Exception):
    """A request the API refuses: an HTTP status and the JSON that explains it."""

    def __init__(self, status: int, error: str, *, headers: dict[str, str] | None = None, **more: Any) -> None:
        super().__init__(error)
        self.status = status
        self.content: dict[str, Any] = {"error": error, **more}
        self.headers = headers


def _problem(path: str, message: str) -> dict[str, str]:
    return {"path": path, "message": message}


def query_options(query: dict[str, str], time_limit: float) -> dict[str, Any]:
    """The CLI's options from the query string (the time limit capped by the server's); a bad one is a 422
    naming the parameter."""
    problems = []
    out: dict[str, Any] = {k: None for k in CHOICES}
    for key, value in query.items():
        name = key.replace("-", "_")
        if name in CHOICES:
            value = value.replace("_", "-") if name != "rules" else value
            if value not in CHOICES[name]:
                problems.append(_problem(f"?{key}", f"must be one of {', '.join(CHOICES[name])}"))
            out[name] = value
        elif name in ("time_limit", "limit"):
            try:
                number = float(value)
            except ValueError:
                number = math.nan
            if not (number > 0 and math.isfinite(number)) or (name == "limit" and number != int(number)):
                problems.append(_problem(f"?{key}", "must be a positive number"))
            out[name] = number
        else:
            problems.append(_problem(f"?{key}", "unknown parameter"))
    if problems:
        raise ApiError(422, "invalid query", problems=problems)
    out["time_limit"] = min(out.get("time_limit") or time_limit, time_limit)
    out["limit"] = int(out.get("limit") or 20)
    return out


class Api:
    """The API's handlers, over one card library and one fixtures folder."""

    def __init__(self, cards: str | None, fixtures: Path | None, time_limit: float) -> None:
        self.cards = cards
        self.fixtures_dir = fixtures
        self.time_limit = time_limit

    def board(self, body: bytes, departed: bool | None = None) -> Board:
        """The board in ``body``, or a 422 with the problems that ``legality check`` prints."""
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ApiError(422, "invalid board", problems=[_problem("$", f"not UTF-8 text at byte {exc.start + 1}")]) \
                from None
        try:
            return parse_board(text, departed, self.cards)
        except BoardError as exc:
            raise ApiError(422, "invalid board",
                           problems=[_problem(p.path, p.message) for p in exc.problems]) from None
        except CardLibraryError as exc:
            raise ApiError(500, f"the card library can't be read: {exc}") from None

    def judge(self, kind: str, body: bytes, query: dict[str, str]) -> dict[str, Any]:
        """POST /api/check, /api/damage or /api/options: the verdict JSON of ``legality KIND --json``."""
        q = query_options(query, self.time_limit)
        board = self.board(body, departed=True if kind == "damage" else None)
        opts = rules_options(board, q["conditional"], q["paid_costs"])
        if kind == "damage":
            if board.attacks is None:
                raise ApiError(422, "the board has no $.attacks: there is no combat damage to deal",
                               problems=[_problem("$.attacks", "missing: there is no combat damage to deal")])
            return unread_undecided(resolve_damage(board, q["rules"], q["maximize"], q["time_limit"])).to_json()
        try:
            if kind == "options":
                return legal_declarations(board, q["rules"], opts, q["limit"], q["time_limit"]).to_json()
            return check(board, q["rules"], opts, q["time_limit"]).to_json()
        except NothingToJudge as exc:
            raise ApiError(422, str(exc), problems=[_problem("$", str(exc))]) from None
        except BoardError as exc:
            raise ApiError(422, "invalid board", problems=[_problem(p.path, p.message) for p in exc.problems]) \
                from None

    def card(self, name: str) -> dict[str, Any]:
        """GET /api/card/{name}: the card's fields and what is read from its text; 404 if unknown, with the
        library's names closest to it (``suggestions``, for "did you mean") and how to have every card
        (``library``)."""
        card = lookup(name, self.cards) if len(name) <= MAX_NAME else None
        if card is None:
            close = suggestions(name, self.cards) if len(name) <= MAX_NAME else []
            raise ApiError(404, f"no card named {name!r} in the library", suggestions=close,
                           library=how_to_get(self.cards))
        return card_json(card)

    def text(self, body: bytes) -> dict[str, Any]:
        """POST /api/text ({"text": ..., "name": ...}): what is read from free rules text."""
        if nested_deeper(body):
            raise ApiError(422, TOO_DEEP, problems=[_problem("$", TOO_DEEP)])
        try:
            data = loads(body, unique=True)
            text, name = data["text"], data.get("name")
            if not isinstance(text, str) or not (name is None or isinstance(name, str)):
                raise TypeError
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
            raise ApiError(422, "give {\"text\": string, \"name\": string or null}",
                           problems=[_problem("$.text", "a string is required")]) from None
        # Held to what a board's oracle text may be: a distinct sentence takes 6-30 ms to read (5,000 characters of
        # them about 3 s), and 200 KB ran past the server's deadline (16 s); a name, to what a card's may be.
        for path, value, most in (("$.text", text, MAX_TEXT), ("$.name", name or "", MAX_NAME)):
            if len(value) > most:
                said = f"String should have at most {most} characters (it has {len(value)})"
                raise ApiError(422, f"{path[2:]} too long", problems=[_problem(path, said)])
        return {"name": name, "text": text, "sentences": reading(text, name)}

    def names(self, prefix: str) -> list[str]:
        """GET /api/cards?prefix=: card names for autocomplete, misspellings matched too."""
        return names(prefix, self.cards)

    def schema(self) -> dict[str, Any]:
        """GET /api/schema: the JSON Schema of the board file (``legality schema``)."""
        return Board.model_json_schema()

    def fixture_paths(self) -> dict[str, Path]:
        """Every fixture board under the fixtures folder, by its path relative to it (as the list gives it)."""
        if self.fixtures_dir is None or not self.fixtures_dir.is_dir():
            return {}
        return {p.relative_to(self.fixtures_dir).as_posix(): p for p in sorted(self.fixtures_dir.rglob("*.json"))}

    def fixtures(self) -> list[dict[str, Any]]:
        """GET /api/fixtures: every fixture board, with the question it asks and its source."""
        out = []
        for relative, path in self.fixture_paths().items():
            try:
                meta = loads(path.read_text(encoding="utf-8")).get("meta") or {}
            except (OSError, ValueError, AttributeError, MemoryError):
                continue
            out.append({"path": relative, "question": meta.get("question", ""), "source": meta.get("source", "")})
        return out

    def fixture(self, relative: str) -> Any:
        """GET /api/fixtures/{path}: one fixture's board file; 404 for any name that is not a listed fixture
        (the name is only compared with the list: never used as a path)."""
        known = self.fixture_paths() if len(relative) <= MAX_NAME else {}
        if relative not in known:
            raise ApiError(404, f"no fixture {relative[:80] + ('...' if len(relative) > 80 else '')!r}")
        try:
            return loads(known[relative].read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raise ApiError(404, f"the fixture {relative!r} can't be read as JSON") from None
