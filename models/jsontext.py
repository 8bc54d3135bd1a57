"""JSON text from outside (board files, JSON Lines, card libraries, answers) → Python data, where every way
the decoder itself can fail is one ``JsonTextError`` with a plain message, never a traceback.

``json.loads`` raises more than ``JSONDecodeError``: ``RecursionError`` on arrays or objects nested a few
thousand levels deep, ``ValueError`` on an integer of more than 4300 digits (Python's limit on converting
text to int) or on NaN/Infinity (rejected here: they are not JSON numbers), ``MemoryError`` on text too large
to hold, ``UnicodeDecodeError`` on bytes that are not UTF-8. A number too large for a float (``1e999``) is
refused too rather than read as infinity. Where a board is read, a key given twice in one object is refused too
(``unique``): JSON leaves which one holds to the reader (RFC 8259 §4), and ``json`` keeps the last in silence.
"""

from __future__ import annotations

import json
import math
from itertools import accumulate
from typing import Any

MAX_DEPTH = 100
"""Arrays and objects may nest this deep in a board file (a board needs about 8 levels; ``meta`` the rest)."""


class JsonTextError(ValueError):
    """JSON text that can't be decoded; ``message`` says what is wrong (and where in the text, if known)."""

    def __init__(self, message: str, path: str = "$") -> None:
        super().__init__(message)
        self.message, self.path = message, path


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]}{'...' if len(text) > 40 else ''} is too large")
    return value


_OTHER_BYTES = bytes(b for b in range(256) if b not in b"[]{}")
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def nested_deeper(text: str | bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether the arrays and objects of JSON ``text`` nest more than ``limit`` levels, found by scanning the
    text (strings skipped) before any parser recurses into it: linear, and at C speed but for the brackets.

    Strings are skipped by their quotes once the escaped backslashes and quotes are gone (what lies between the
    odd and even quotes is inside one); the brackets are then all that is kept of the rest."""
    if isinstance(text, bytes):
        encoding = json.detect_encoding(text)
        if encoding not in ("utf-8", "utf-8-sig"):  # UTF-16 or -32: its brackets are not single bytes; what doesn't
            text = text.decode(encoding, "replace")  # decode is neither a bracket, a quote nor a backslash
    raw = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    outside = b"".join(raw.replace(b"\\\\", b"").replace(b'\\"', b"").split(b'"')[::2])
    brackets = outside.translate(None, _OTHER_BYTES)
    if brackets.count(b"[") + brackets.count(b"{") <= limit:
        return False
    return max(accumulate(map(_STEP.__getitem__, brackets))) > limit


class _Repeated(ValueError):
    """A key given twice in one object (found where the object is made: its path is found afterwards)."""


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _Repeated
    return out


class _Pairs(list[tuple[str, Any]]):
    """An object's key-value pairs as given, repeats kept (to find where a key repeats)."""


_DECODER = json.JSONDecoder(parse_constant=_reject_constant, parse_float=_finite)
"""One decoder for every call (``json.loads`` with hooks would build one per call)."""
_UNIQUE = json.JSONDecoder(parse_constant=_reject_constant, parse_float=_finite, object_pairs_hook=_unique)
_PAIRS = json.JSONDecoder(parse_constant=_reject_constant, parse_float=_finite, object_pairs_hook=_Pairs)


def repeated_key(text: str) -> tuple[str, str] | None:
    """The JSON path of the first object (in the text's order) that gives a key twice, and that key; None if none
    does. ``text`` must decode."""
    stack: list[tuple[str, Any]] = [("$", _PAIRS.decode(text))]
    while stack:
        path, node = stack.pop()
        if isinstance(node, _Pairs):
            seen: set[str] = set()
            for key, _ in node:
                if key in seen:
                    return path, key
                seen.add(key)
            stack.extend(reversed([(f"{path}.{key}", value) for key, value in node]))
        elif isinstance(node, list):
            stack.extend(reversed([(f"{path}[{i}]", value) for i, value in enumerate(node)]))
    return None


def loads(data: str | bytes, unique: bool = False) -> Any:
    """Decode JSON text; ``JsonTextError`` for bad syntax, deep nesting, huge numbers, NaN, text too large, and
    (``unique``) a key given twice in one object, with the path of that object."""
    text = ""
    try:
        if nested_deeper(data):  # before the decoder recurses into it
            raise RecursionError
        # as json.loads reads bytes: UTF-8, -16 or -32
        text = data.decode(json.detect_encoding(data), "surrogatepass") if isinstance(data, bytes) else data
        return (_UNIQUE if unique else _DECODER).decode(text)
    except json.JSONDecodeError as exc:
        raise JsonTextError(f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except _Repeated:
        path, key = repeated_key(text) or ("$", "")
        raise JsonTextError(f"the key {key!r} is given more than once in this object; JSON leaves which one holds "
                            "to the reader (RFC 8259, section 4)", path) from None
    except UnicodeDecodeError as exc:
        raise JsonTextError(f"not UTF-8 text at byte {exc.start + 1}") from None
    except RecursionError:
        raise JsonTextError(f"arrays and objects nested more than {MAX_DEPTH} levels deep") from None
    except MemoryError:
        raise JsonTextError("too large to read into memory") from None
    except ValueError as exc:  # NaN/Infinity, numbers beyond a float, integers of more than 4300 digits
        raise JsonTextError(f"not valid JSON: {exc}") from None
