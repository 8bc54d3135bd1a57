"""A board read from JSON text is validated from the text itself, the library's fields merged afterwards; read from
data, the data is filled and validated again as JSON. Both must give the same board, or the same problems."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boards import attack_boards, block_boards
from legality.board import parse_board
from legality.cards import BoardDefaults, board_defaults, library
from models import Board, BoardError
from models.jsontext import nested_deeper
from models.load import library_fields
from models.load import parse_board as load_board

ROOT = Path(__file__).resolve().parent.parent
NAMES = sorted({library()[k].name for k in list(library())[:400]})
"""Library cards, by the names their permanents give."""
EXAMPLES = int(os.environ.get("LOAD_EXAMPLES", "150"))


def _both(data: dict[str, Any]) -> tuple[Board | list[tuple[str, str]], Board | list[tuple[str, str]]]:
    """The board, or its problems, from the text and from the data."""
    out: list[Board | list[tuple[str, str]]] = []
    for given_as in (json.dumps(data), copy.deepcopy(data)):
        try:
            out.append(parse_board(given_as))
        except BoardError as exc:
            out.append([(p.path, p.message) for p in exc.problems])
    return out[0], out[1]


def _same(data: dict[str, Any]) -> None:
    text, plain = _both(data)
    assert text == plain
    if isinstance(text, Board) and isinstance(plain, Board):
        assert [p.model_fields_set for p in text.permanents] == [p.model_fields_set for p in plain.permanents]
        assert text.model_fields_set == plain.model_fields_set


@pytest.mark.parametrize("path", sorted(ROOT.joinpath("fixtures").rglob("*.json")),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_every_fixture_reads_the_same_from_text_and_from_data(path: Path) -> None:
    _same(json.loads(path.read_text()))


@given(st.one_of(block_boards(), attack_boards()), st.data())
@settings(max_examples=EXAMPLES, deadline=None)
def test_library_names_read_the_same_from_text_and_from_data(raw: dict[str, Any], data: st.DataObject) -> None:
    """Permanents renamed to library cards, each keeping a random share of its own fields (the rest the library's:
    explicit fields win), or renamed to no card at all (a problem unless it gives what it is)."""
    raw = copy.deepcopy(raw)
    for p in raw["permanents"]:
        if data.draw(st.booleans()):
            p["name"] = data.draw(st.sampled_from([*NAMES, "No Such Card Anywhere"]))
            for k in ("types", "power", "toughness", "colors", "oracle", "keywords"):
                if k in p and data.draw(st.booleans()):
                    del p[k]
    _same(raw)


BAD_VALUES = [None, True, 1, 1.5, -1, 10**7, "2", "", [], ["x"], {}, {"kind": "lure"}, "\ud800"]


@given(block_boards(), st.data())
@settings(max_examples=EXAMPLES, deadline=None)
def test_bad_fields_read_the_same_from_text_and_from_data(raw: dict[str, Any], data: st.DataObject) -> None:
    """A field of a permanent, an attack or a block set to a value of another type, or a key added: the same
    problems, with the same JSON paths, from the text as from the data."""
    raw = copy.deepcopy(raw)
    where = data.draw(st.sampled_from([k for k in ("permanents", "attacks", "blocks", "players") if raw.get(k)]))
    item = data.draw(st.sampled_from(raw[where]))
    key = data.draw(st.sampled_from([*item, "unknown_key", "name", "power"]))
    item[key] = data.draw(st.sampled_from(BAD_VALUES))
    _same(raw)


ODD_BEAR: dict[str, Any] = {"types": ["creature"], "colors": ["G"], "power": 2, "toughness": -1, "oracle": ""}


class _OneCard:
    """A card library of one card, "Odd Bear", whose toughness (-1) no permanent may have."""

    def __call__(self, name: str) -> dict[str, Any] | None:
        return dict(ODD_BEAR) if name == "Odd Bear" else None

    def fields(self, name: str) -> dict[str, Any] | None:
        return library_fields(ODD_BEAR) if name == "Odd Bear" else None

    def suggest(self, name: str) -> list[str]:
        return []

    def missing(self) -> str:
        return "give its fields"


def test_a_library_card_whose_fields_dont_validate_is_named_as_from_the_data() -> None:
    """The text path validates a card's fields when it first meets it: a value no permanent may have is the same
    problem, at the permanent's path, as when the filled data is validated (never an exception)."""
    data = {"version": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B", "life": 20}],
            "permanents": [{"id": "x", "name": "Odd Bear", "controller": "A"}]}
    found = []
    for board in (json.dumps(data), data):
        with pytest.raises(BoardError) as err:
            load_board(board, cards=_OneCard())
        found.append([(p.path, p.message) for p in err.value.problems])
    assert found[0] == found[1] and found[0][0][0] == "$.permanents[0].toughness"


def _depth(value: Any) -> int:
    """How deep arrays and objects nest in decoded JSON (a scalar: 0)."""
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


TRICKY = st.text(alphabet=st.sampled_from('[]{}"\\ab\u00e9\ud800'), max_size=6)
"""Strings full of what the depth scan must skip: brackets, quotes and backslashes (escaped in the text)."""
JSON_VALUES = st.recursive(st.none() | st.integers() | TRICKY,
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TRICKY, inner, max_size=3),
                           max_leaves=40)


@given(JSON_VALUES, st.integers(0, 8), st.booleans())
@settings(max_examples=400, deadline=None)
def test_the_depth_scan_agrees_with_the_decoded_depth(value: Any, limit: int, ascii_only: bool) -> None:
    """``nested_deeper`` reads the depth from the text without decoding it (strings skipped by their quotes once the
    escapes are gone): it must say what the decoded value says, for text and for its UTF-8 and UTF-16 bytes."""
    text = json.dumps(value, ensure_ascii=ascii_only)
    deeper = _depth(value) > limit
    for given_as in (text, text.encode("utf-8", "surrogatepass"), text.encode("utf-16", "surrogatepass")):
        assert nested_deeper(given_as, limit) == deeper


def test_a_permanent_given_library_fields_is_the_one_model_copy_makes() -> None:
    """``_with_fields`` stands for pydantic's ``model_copy(update=...)``: for every library card's fields on a
    permanent giving only its name (or its name and power), the same values, fields given, dump and hash, and it is as
    frozen."""
    from models.board import Permanent
    from models.load import _with_fields

    defaults = board_defaults()
    for name in NAMES:
        fields = defaults.fields(name)
        assert fields is not None
        for data in ({"id": "x", "name": name, "controller": "A"},
                     {"id": "x", "name": name, "controller": "A", "power": 9}):
            p = Permanent.model_validate(data)
            extra = {k: v for k, v in fields.items() if k not in p.model_fields_set}
            made, copied = _with_fields(p, extra), p.model_copy(update=extra)
            assert made == copied and hash(made) == hash(copied)
            assert made.model_fields_set == copied.model_fields_set
            assert made.model_dump(exclude_unset=True) == copied.model_dump(exclude_unset=True)
            with pytest.raises(ValueError):
                made.power = 1  # type: ignore[misc]


@pytest.mark.parametrize("raw", [b"\x00{\x00[\x00", b"\x00\x00\x00[\x00\x11\x00\x00", b"[\x00\x00\xd8"])
def test_the_depth_scan_reads_bytes_that_do_not_decode(raw: bytes) -> None:
    """Bytes that look like UTF-16 or -32 but don't decode (odd length, a code point beyond U+10FFFF, a lone
    surrogate): the scan answers, raising nothing (the server calls it before anything that catches an error)."""
    assert nested_deeper(raw, 0) == (b"[" in raw or b"{" in raw)


def test_the_library_fields_kept_by_name_stay_few() -> None:
    """Names from outside are kept only when the library has them (and are short); another library's asking drops
    the first one's."""
    import legality.cards

    defaults = board_defaults()
    defaults.fields(NAMES[0])
    kept = legality.cards._FIELDS[1]
    before = len(kept)
    for i in range(300):
        assert defaults.fields(f"no such card {i} " + "x" * 1000) is None
    assert len(kept) == before
    assert defaults.fields(NAMES[0]) is kept[NAMES[0]]
    other = BoardDefaults({})
    assert other.fields(NAMES[0]) is None
    assert legality.cards._FIELDS[0] is other.cards and legality.cards._FIELDS[1] == {}


def test_a_key_given_twice_is_refused_with_the_path_of_its_object() -> None:
    """RFC 8259 section 4: names within an object SHOULD be unique, and where they are not, which value holds is up
    to the reader (Python's json keeps the last, in silence). A judge's board that says "blocks" twice, or a
    permanent's "power" twice, is ambiguous: it is refused, naming the object, rather than judged on a guess."""
    text = json.dumps(json.loads((ROOT / "fixtures/article/gorilla-no-block.json").read_text()))
    bear = text.index('"power"', text.index('"permanents"'))
    twice = text[:bear] + '"power": 9, ' + text[bear:]
    with pytest.raises(BoardError) as err:
        parse_board(twice)
    (problem,) = err.value.problems
    assert problem.path == "$.permanents[0]" and "'power' is given more than once" in problem.message
    top = text[:-1] + ', "blocks": []}'
    with pytest.raises(BoardError) as err:
        parse_board(top)
    assert [(p.path, "'blocks'" in p.message) for p in err.value.problems] == [("$", True)]
    parse_board(text)  # the board as it is reads


@given(st.recursive(st.none() | st.integers(), lambda inner: st.lists(inner, max_size=3)
                    | st.lists(st.tuples(st.sampled_from("abc"), inner), max_size=4), max_leaves=12))
@settings(max_examples=200, deadline=None)
def test_the_repeated_key_found_is_the_first_object_in_text_order_with_one(tree: Any) -> None:
    """``repeated_key`` against a writer of the same tree (lists of pairs are objects, repeats allowed): the first
    object, in the order the text gives them, whose keys repeat, and the first key repeated in it."""
    from models.jsontext import JsonTextError, loads, repeated_key

    found: list[tuple[str, str]] = []

    def write(node: Any, path: str) -> str:
        if isinstance(node, list) and node and all(isinstance(x, tuple) for x in node):
            keys = [k for k, _ in node]
            first = next((k for i, k in enumerate(keys) if k in keys[:i]), None)
            if first is not None and not found:
                found.append((path, first))
            return "{" + ", ".join(f'"{k}": {write(v, f"{path}.{k}")}' for k, v in node) + "}"
        if isinstance(node, list):
            return "[" + ", ".join(write(v, f"{path}[{i}]") for i, v in enumerate(node)) + "]"
        return json.dumps(node)

    text = write(tree, "$")
    assert repeated_key(text) == (found[0] if found else None)
    if found:
        with pytest.raises(JsonTextError) as err:
            loads(text, unique=True)
        assert err.value.path == found[0][0]
    else:
        assert loads(text, unique=True) == json.loads(text)
