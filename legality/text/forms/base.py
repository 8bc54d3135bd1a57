"""What every form of the grammar's transformer shares: ``Forms``, the base of the mixins of ``parse.ToTree``, with
the context a sentence is read in; noun phrases on their way to a ``Quality`` (109.2: a description of objects by
their characteristics); numbers; the children of a parse-tree node picked out by kind."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Token, Transformer

from legality.text import lexicon
from legality.text.context import Context, Unreadable
from legality.text.tree import Pred
from models.abilities import CreatureAbility, Quality

COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@dataclass(frozen=True)
class NP:
    """A noun phrase on its way to a ``Quality``: its fields, and its controller."""

    fields: tuple[tuple[str, Any], ...]
    controller: str | None = None


def _number(tok: Token | str) -> int:
    word = str(tok)
    n = lexicon.number(word)
    if n is None:
        raise Unreadable(f"unknown number {word!r}")
    return n


def _toks(children: list[Any], kind: str) -> list[Token]:
    return [c for c in children if isinstance(c, Token) and c.type == kind]


def _of(children: list[Any], cls: type[Any]) -> list[Any]:
    return [c for c in children if isinstance(c, cls)]


def _one(children: list[Any], cls: type[Any]) -> Any:
    found = _of(children, cls)
    return found[0] if found else None


def quality_of(np: NP, counted: bool = False) -> Quality:
    """The ``Quality`` a noun phrase describes (several values of one field mean "any of them").

    ``counted``: the phrase counts permanents (a condition), so "creature" is a type to test; where
    only creatures are ever tested (grants, blockers, attackers) it adds nothing."""
    q: dict[str, Any] = {}
    negs: list[Quality] = []
    for key, value in np.fields:
        if key == "unreadable":
            raise Unreadable(value)
        if key == "creature_head":
            if counted:
                q["types"] = tuple(dict.fromkeys((*q.get("types", ()), "creature")))
            continue
        if key.startswith("not_"):
            negs.append(Quality(**{key[4:]: value}, negate=True))
        elif key in ("colors", "types", "subtypes", "supertypes", "keywords", "names"):
            q[key] = tuple(dict.fromkeys((*q.get(key, ()), *value)))
        elif key == "except":
            negs.append(Quality(any_of=(value,), negate=True))
        elif key == "without_keyword":
            negs.append(Quality(keywords=value, negate=True))
        else:
            q[key] = value
    if np.controller in ("you", "opponents"):
        q["controller"] = np.controller
    elif np.controller == "defending":
        raise Unreadable("'defending player controls' in a lasting ability: give the creatures as effect targets")
    elif np.controller is not None:
        raise Unreadable(f"creatures of a player it names ({np.controller.replace('_', ' ')}) in this place")
    if negs and not q:
        return negs[0] if len(negs) == 1 else Quality(all_of=tuple(negs))
    if negs:
        q["all_of"] = tuple(negs)
    return Quality(**q)


class Forms(Transformer[Token, Any]):
    """The base of the transformer's forms: the context a sentence is read in, and what several forms use."""

    def __init__(self, ctx: Context) -> None:
        super().__init__()
        self.ctx = ctx

    def _ab(self, *abilities: CreatureAbility) -> Pred:
        return Pred(abilities=abilities)

    def _read_quoted(self, text: str) -> Pred:
        """A quoted ability ('have "{T}: Add {G}."') read as a sentence of its own: given by ``parse.ToTree``, so
        that the reader is imported back only by the module the reader imports (the language's one recursion)."""
        raise NotImplementedError
