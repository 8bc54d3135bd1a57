"""Lines of keywords (702): keyword names, protection and its items (702.16), landwalk (702.14), keywords with a number
or a cost, "enchant ...", "partner with ...", "hexproof from ..."."""

from __future__ import annotations

from typing import Any

from legality.text.context import Unreadable
from legality.text.forms.base import Forms, _number
from legality.text.tree import Sentence


class KeywordForms(Forms):
    """Keyword lines and their parameters."""

    def keyword_line(self, c: list[Any]) -> Sentence:
        return Sentence("keywords", (), keywords=tuple(c[0]))

    def kw_list(self, c: list[Any]) -> list[str]:
        out: list[str] = []
        for x in c:
            out.extend(x if isinstance(x, list) else [x])
        return out

    def kw_name(self, c: list[Any]) -> str:
        return str(c[0])

    def protection(self, c: list[Any]) -> list[str]:
        return [f"protection from {x}" for x in c]

    def prot_word(self, c: list[Any]) -> str:
        return str(c[0])

    def prot_everything(self, c: list[Any]) -> str:
        return "everything"

    def prot_all_colors(self, c: list[Any]) -> str:
        return "all colors"

    def prot_unread(self, c: list[Any]) -> str:
        raise Unreadable("protection from a quality the checker reads only from colours, types and players")

    def prot_choice(self, c: list[Any]) -> str:
        raise Unreadable("a choice: write the chosen quality into the text (e.g. 'protection from red')")

    def prot_player(self, c: list[Any]) -> str:
        return f"player {c[-1]}"

    def landwalk(self, c: list[Any]) -> str:
        return str(c[0])

    def kw_number(self, c: list[Any]) -> str:
        return f"{c[0]} {_number(c[1])}"

    def kw_cost(self, c: list[Any]) -> str:
        return f"{c[0]} {c[1]}"

    def cost_words(self, c: list[Any]) -> str:
        return " ".join(str(x) for x in c)

    def enchant(self, c: list[Any]) -> str:
        return f"enchant {c[0]}"

    def partner_with(self, c: list[Any]) -> str:
        return "partner"  # "partner with [name]" is a form of partner (702.124j)

    def hexproof_from(self, c: list[Any]) -> str:
        return "hexproof"
