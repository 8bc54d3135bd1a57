"""Lark's Earley parser (dynamic lexer) with savings that keep every parse the same: a nonterminal is predicted once
per column; a predicted rule none of whose first terminals can match the text where it would be scanned is not
added; a completed item finds the items waiting for it through an index of their (complete) column.

Lark's predictor adds the items of every rule reachable from a nonterminal's left corner each time an item expects
it, and its completer walks the whole column where the completed item started. On the rules-text grammar, whose
subjects and free words are expected in many places at once, most of those items are duplicates thrown away on
arrival or items whose first word is not the next word; they never take part in a parse. The cyclic garbage
collector also waits while a parse runs (a third of a parse's time went to collections that found nothing to free).

``fast`` installs the savings on a parser built by Lark 1.3 and checks first that the parser is the one this was
written for; any other is left as Lark built it (slower, never different). The one visible difference: a sentence
the grammar can't read may fail at the space before the word where Lark's own parser fails, so ``parse._where``
names the text from the next word. ``tests/test_earley.py`` parses the sentence tables both ways and compares.
"""

from __future__ import annotations

import gc
import re
import threading
from collections import deque
from typing import Any

from lark import Lark
from lark.parser_frontends import EarleyRegexpMatcher
from lark.parsers.earley_common import Item as LarkItem
from lark.parsers.xearley import Parser as DynamicEarleyParser
from lark.utils import OrderedSet

Item: Any = LarkItem
"""Lark's Earley item (untyped)."""

_TEXT = threading.local()
"""The text being parsed, per (first set, position) whether one of the set's terminals can be scanned there, and the
positions past ignored text: per thread, since one parser serves every thread."""


def _waiting(column: Any, symbol: Any, building: bool) -> list[Any]:
    """The items of ``column`` that expect ``symbol``, in the column's order. A column before the one being built is
    complete, and its index is built once, on first use; the column being built is scanned."""
    if building:
        return [item for item in column if item.expect is not None and item.expect == symbol]
    index = getattr(column, "waiting", None)
    if index is None:
        index = {}
        for item in column:
            if item.expect is not None:
                index.setdefault(item.expect, []).append(item)
        column.waiting = index
    found: list[Any] = index.get(symbol, [])
    return found


def fast(parser: Lark) -> Lark:
    """``parser`` with the savings installed, when it is Lark's Earley parser of the expected shape."""
    built = getattr(getattr(parser, "parser", None), "parser", None)
    if not isinstance(built, DynamicEarleyParser) or not _expected(built):
        return parser
    earley: Any = built
    earley._covers = {symbol: frozenset(rule.origin for rule in rules)
                      for symbol, rules in earley.predictions.items()}
    sets: dict[tuple[Any, ...], int] = {}
    earley._first = {symbol: [(rule, _starts(earley, rule, sets)) for rule in rules]
                     for symbol, rules in earley.predictions.items()}
    regexps = earley.term_matcher.__self__.regexps
    earley._first_sources = ["|".join(f"(?:{regexps[t.name].pattern})" for t in terms) for terms in sets]
    earley._first_patterns = [None] * len(sets)  # each compiled when first needed (all of them take 0.4 s)
    earley._ignored = [regexps[t.name] for t in earley.ignore]
    earley._distinct = {symbol: list(dict.fromkeys(k for _, k in rules if k >= 0))
                        for symbol, rules in earley._first.items()}
    earley.predict_and_complete = _predict_and_complete.__get__(earley)
    earley.predictions = _StartPredictions(earley)
    as_built: Any = earley.parse

    def parse(text: Any, start: Any) -> Any:
        outer = (getattr(_TEXT, "text", None), getattr(_TEXT, "matches", {}), getattr(_TEXT, "past", {}))
        _TEXT.text, _TEXT.matches, _TEXT.past = text, {}, {}
        collecting = gc.isenabled()
        gc.disable()  # a parse makes tens of thousands of small objects, none of them garbage until it ends
        try:
            return as_built(text, start)
        finally:
            if collecting:
                gc.enable()
            _TEXT.text, _TEXT.matches, _TEXT.past = outer

    earley.parse = parse
    return parser


class _StartPredictions(dict[Any, list[Any]]):
    """The rules Lark's ``Parser.parse`` predicts for the start symbol (its only use of ``predictions`` once the
    savings are in): those one of whose first terminals can be scanned at the start of the text being parsed."""

    def __init__(self, earley: Any) -> None:
        super().__init__(earley.predictions)
        self.earley = earley

    def __getitem__(self, symbol: Any) -> list[Any]:
        earley = self.earley
        scannable = {k: _can_begin(earley, k, 0) for k in earley._distinct[symbol]}
        return [rule for rule, k in earley._first[symbol] if k < 0 or scannable[k]]


def _expected(earley: Any) -> bool:
    """Whether the parser has the parts the savings replace (Lark 1.3's Earley parser with ordered sets)."""
    return (isinstance(getattr(earley, "predictions", None), dict) and earley.Set is OrderedSet
            and hasattr(earley, "TERMINALS") and hasattr(earley, "NON_TERMINALS") and hasattr(earley, "SymbolNode")
            and hasattr(earley, "ignore") and not earley.complete_lex
            and isinstance(getattr(getattr(earley, "term_matcher", None), "__self__", None), EarleyRegexpMatcher))


BROAD = ("NC_WORD", "EVENT_WORD", "PER_WORD", "TIMING_WORD", "CREATE_WORD", "PRONOUN")
"""Terminals that match most words: first in the alternation of a rule's first terminals, which then matches sooner."""


def _starts(earley: Any, rule: Any, sets: dict[tuple[Any, ...], int]) -> int:
    """The terminals one of which a rule's text must begin with, as their index in ``sets`` (-1 when the rule may
    begin with nothing: an empty rule, or one whose first symbol can derive nothing)."""
    if not rule.expansion:
        return -1
    head = rule.expansion[0]
    if head.is_term:
        terms: tuple[Any, ...] = (head,)
    elif head in earley.NULLABLE:
        return -1
    else:
        terms = tuple(sorted(earley.FIRST[head], key=lambda t: (t.name not in BROAD, t.name)))
    return sets.setdefault(terms, len(sets))


def _can_begin(earley: Any, k: int, i: int) -> bool:
    """Whether one of the terminals of first-set ``k`` matches the text at ``i`` or, past what the grammar ignores
    there (spaces), where the scanner carries an unmatched item to (Lark's ``xearley`` scanner, step 3). The set's
    terminals are one regular expression, the alternation of theirs (``fast``)."""
    key = (k, i)
    known = _TEXT.matches.get(key)
    if known is None:
        text, pattern = _TEXT.text, earley._first_patterns[k]
        if pattern is None:
            pattern = earley._first_patterns[k] = re.compile(earley._first_sources[k])
        known = pattern.match(text, i) is not None
        if not known:
            for after in _past_ignored(earley, i):
                if pattern.match(text, after) is not None:
                    known = True
                    break
        _TEXT.matches[key] = known
    return bool(known)


def _past_ignored(earley: Any, i: int) -> list[int]:
    """The positions past text the grammar ignores at ``i`` (and past what it ignores there, in turn)."""
    past: list[int] | None = _TEXT.past.get(i)
    if past is None:
        past = []
        for ignored in earley._ignored:
            m = ignored.match(_TEXT.text, i)
            if m is not None and m.end() > i:
                past += [m.end(), *_past_ignored(earley, m.end())]
        _TEXT.past[i] = past
    return past


def _predict_and_complete(self: Any, i: int, to_scan: Any, columns: list[Any], transitives: list[dict[Any, Any]],
                          node_cache: dict[Any, Any]) -> None:
    """Lark 1.3.1's ``Parser.predict_and_complete`` (MIT licence), with the prediction of a nonterminal already
    predicted in this column skipped (its items are all there) and the originators of a completion taken from the
    column's index."""
    held_completions: dict[Any, Any] = {}
    predicted: set[Any] = set()
    covers, first, distinct = self._covers, self._first, self._distinct
    scannable: dict[int, bool] = {}
    column = columns[i]
    items = deque(column)
    while items:
        item = items.pop()
        if item.is_complete:
            if item.node is None:
                label = (item.s, item.start, i)
                item.node = node_cache[label] if label in node_cache else node_cache.setdefault(
                    label, self.SymbolNode(*label))
                item.node.add_family(item.s, item.rule, item.start, None, None)
            if item.rule.origin in transitives[item.start]:
                transitive = transitives[item.start][item.s]
                if transitive.previous in transitives[transitive.column]:
                    root_transitive = transitives[transitive.column][transitive.previous]
                else:
                    root_transitive = transitive
                new_item = Item(transitive.rule, transitive.ptr, transitive.start)
                label = (root_transitive.s, root_transitive.start, i)
                new_item.node = node_cache[label] if label in node_cache else node_cache.setdefault(
                    label, self.SymbolNode(*label))
                new_item.node.add_path(root_transitive, item.node)
                if new_item.expect in self.TERMINALS:
                    to_scan.add(new_item)
                elif new_item not in column:
                    column.add(new_item)
                    items.append(new_item)
            else:
                if item.start == i:
                    held_completions[item.rule.origin] = item.node
                for originator in _waiting(columns[item.start], item.s, item.start == i):
                    new_item = originator.advance()
                    label = (new_item.s, originator.start, i)
                    new_item.node = node_cache[label] if label in node_cache else node_cache.setdefault(
                        label, self.SymbolNode(*label))
                    new_item.node.add_family(new_item.s, new_item.rule, i, originator.node, item.node)
                    if new_item.expect in self.TERMINALS:
                        to_scan.add(new_item)
                    elif new_item not in column:
                        column.add(new_item)
                        items.append(new_item)
        elif item.expect in self.NON_TERMINALS:
            new_items = []
            if item.expect not in predicted:
                predicted |= covers[item.expect]
                for k in distinct[item.expect]:
                    if k not in scannable:
                        scannable[k] = _can_begin(self, k, i)
                new_items = [Item(rule, 0, i) for rule, k in first[item.expect] if k < 0 or scannable[k]]
            if item.expect in held_completions:
                new_item = item.advance()
                label = (new_item.s, item.start, i)
                new_item.node = node_cache[label] if label in node_cache else node_cache.setdefault(
                    label, self.SymbolNode(*label))
                new_item.node.add_family(new_item.s, new_item.rule, new_item.start, item.node,
                                         held_completions[item.expect])
                new_items.append(new_item)
            for new_item in new_items:
                if new_item.expect in self.TERMINALS:
                    to_scan.add(new_item)
                elif new_item not in column:
                    column.add(new_item)
                    items.append(new_item)
