"""Triggered (603.1) and activated (602.1) abilities: the event or the cost, then the effects, which apply only once the
ability resolves."""

from __future__ import annotations

from typing import Any

from lark import Token

from legality.text.forms.base import Forms
from legality.text.tree import Sentence


class TriggeredForms(Forms):
    """Triggered and activated abilities."""

    def act_when(self, c: list[Any]) -> None:
        return None

    def triggered(self, c: list[Any]) -> Sentence:
        effects = next(x for x in c if isinstance(x, Sentence))
        event = next((x for x in c if isinstance(x, str) and not isinstance(x, Token)), "")
        return Sentence("triggered", effects.parts, event=f"{c[0]} {event}")

    def event(self, c: list[Any]) -> str:
        return " ".join(str(x) for x in c)

    def activated(self, c: list[Any]) -> Sentence:
        effects = next(x for x in c if isinstance(x, Sentence))
        return Sentence("activated", effects.parts)
