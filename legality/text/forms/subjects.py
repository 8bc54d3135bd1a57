"""Subjects and noun phrases: "~", "enchanted creature", "target creature", groups ("other Goblins you control") with
their adjectives, heads, controllers and with-clauses, turned into a ``Selector`` and a ``Quality`` (109.2; 205.3m:
creature types are subtypes)."""

from __future__ import annotations

from typing import Any

from lark import Token

from legality.text import lexicon
from legality.text.context import Unreadable
from legality.text.forms.base import COLOR_LETTERS, NP, Forms, _number, _of, _one, _toks, quality_of
from legality.text.tree import Selector
from models.abilities import Quality


class SubjectForms(Forms):
    """Subjects, noun phrases, adjectives and qualities."""

    def self_ref(self, c: list[Any]) -> Selector:
        return Selector("self", pronoun=bool(_toks(c, "PRONOUN")))

    def enchanted(self, c: list[Any]) -> Selector:
        return Selector("attached")

    equipped = enchanted

    def target_ref(self, c: list[Any]) -> Selector:
        refers = not any(isinstance(x, Token) and x.type == "TARGET_WORD" for x in c)
        return Selector("target", pronoun=refers)

    def group(self, c: list[Any]) -> Selector:
        np = _one(c, NP)
        det = _toks(c, "DETERMINER")
        other = bool(_toks(c, "OTHER"))
        fields = list(np.fields)
        if other:
            fields.append(("other", True))
        if not det and not other and not np.fields and np.controller is None:
            pass  # "creatures can't block"
        players = np.controller if np.controller in ("target_players", "enchanted_player") else None
        try:
            q = quality_of(NP(tuple(fields), None if players else np.controller))
        except Unreadable as exc:
            return Selector("group", unreadable=str(exc))
        to: Any = players or "all"
        if players and q.other:  # "other creatures that player controls": other than which, the form doesn't say
            return Selector("group", unreadable="'other' creatures of a player the effect targets")
        if q.controller is not None:
            to, q = q.controller, q.model_copy(update={"controller": None})
        if q == Quality():
            return Selector("group", None, to)
        return Selector("group", q, to)

    def np(self, c: list[Any]) -> NP:
        fields: list[tuple[str, Any]] = []
        controller = None
        if _toks(c, "OTHER"):
            fields.append(("other", True))
        for x in c:
            if isinstance(x, list):
                fields.extend(x)
            elif isinstance(x, tuple) and x and x[0] == "controller":
                controller = x[1]
            elif isinstance(x, tuple):
                fields.append(x)
        if controller is None:
            return NP(tuple(fields))
        return NP(tuple(fields), controller)

    def named(self, c: list[Any]) -> tuple[str, Any]:
        if not self.ctx.name:
            raise Unreadable("'named ~' without the card's name")
        return ("names", (self.ctx.name,))

    def np_or(self, c: list[Any]) -> NP:
        """"X and Y you control": a controller said once, after the last noun, is said of both."""
        a, b = _of(c, NP)
        if a.controller is None and b.controller is not None:
            a = NP(a.fields, b.controller)
        if a.controller == b.controller and a.controller is not None:
            return NP((("any_of", (quality_of(NP(a.fields)), quality_of(NP(b.fields)))),), a.controller)
        return NP((("any_of", (quality_of(a), quality_of(b))),))

    def token_head(self, c: list[Any]) -> list[tuple[str, Any]]:
        return [("token", True)]

    def creature_token_head(self, c: list[Any]) -> list[tuple[str, Any]]:
        """"Creature tokens": tokens (111.1) that are creatures; the board says which permanents are tokens."""
        return [("creature_head", True), ("token", True)]

    def creature_head(self, c: list[Any]) -> list[tuple[str, Any]]:
        return [("creature_head", True)]

    def type_head(self, c: list[Any]) -> list[tuple[str, Any]]:
        word = str(c[0])
        t = lexicon.creature_type(word)
        if t is None:
            raise Unreadable(f"unknown creature type {word!r}")
        return [("subtypes", (t,))]

    def permanent_head(self, c: list[Any]) -> list[tuple[str, Any]]:
        return []

    def card_type_head(self, c: list[Any]) -> list[tuple[str, Any]]:
        t = lexicon.card_type(str(c[0]))
        if t is None:
            raise Unreadable(f"unknown card type {str(c[0])!r}")
        return [("types", (t,))]

    def other_subtype_head(self, c: list[Any]) -> list[tuple[str, Any]]:
        found = lexicon.subtype(str(c[0]))
        if found is None:
            raise Unreadable(f"unknown subtype {str(c[0])!r}")
        out: list[tuple[str, Any]] = [("subtypes", (found[1],))]
        if len(c) > 1:
            t = lexicon.card_type(str(c[1]))
            out.append(("types", (t,)))
        return out

    def non_other_subtype(self, c: list[Any]) -> tuple[str, Any]:
        found = lexicon.subtype(str(c[-1]))
        if found is None:
            raise Unreadable(f"unknown subtype {str(c[-1])!r}")
        return ("not_subtypes", (found[1],))

    def except_for(self, c: list[Any]) -> tuple[str, Any]:
        return ("except", quality_of(_one(c, NP)))

    def adjectives(self, c: list[Any]) -> list[tuple[str, Any]]:
        out: list[tuple[str, Any]] = []
        for x in c:  # an adjective is one field, or several ("monocolored")
            out.extend(x if isinstance(x, list) else [x])
        return out

    def color(self, c: list[Any]) -> tuple[str, Any]:
        return ("colors", (COLOR_LETTERS[str(c[0])],))

    def color_or(self, c: list[Any]) -> tuple[str, Any]:
        """"red or white": a permanent of either colour (a quality's colours match any of them)."""
        return ("colors", tuple(COLOR_LETTERS[str(t)] for t in c))

    def noncolor(self, c: list[Any]) -> tuple[str, Any]:
        return ("not_colors", (COLOR_LETTERS[str(c[-1])],))

    def nontype(self, c: list[Any]) -> tuple[str, Any]:
        t = lexicon.creature_type(str(c[-1]))
        return ("not_subtypes", (t,))

    def colorless(self, c: list[Any]) -> tuple[str, Any]:
        return ("colorless", True)

    def multicolored(self, c: list[Any]) -> tuple[str, Any]:
        return ("multicolored", True)

    def monocolored(self, c: list[Any]) -> list[tuple[str, Any]]:
        """105.4: exactly one colour: neither multicolored nor colorless (as protection from monocolored reads it)."""
        return [("multicolored", False), ("colorless", False)]

    def card_type(self, c: list[Any]) -> tuple[str, Any]:
        return ("types", (str(c[0]),))

    def noncard_type(self, c: list[Any]) -> tuple[str, Any]:
        return ("not_types", (str(c[-1]),))

    def supertype(self, c: list[Any]) -> tuple[str, Any]:
        return ("supertypes", (str(c[0]),))

    def historic(self, c: list[Any]) -> tuple[str, Any]:
        """700.6: artifacts, legendaries and Sagas are historic."""
        return ("any_of", (Quality(types=("artifact",)), Quality(supertypes=("legendary",)),
                           Quality(subtypes=("Saga",))))

    def nonlegendary(self, c: list[Any]) -> tuple[str, Any]:
        return ("not_supertypes", ("legendary",))

    def attacking(self, c: list[Any]) -> tuple[str, Any]:
        return ("attacking", True)

    def blocking(self, c: list[Any]) -> tuple[str, Any]:
        return ("blocking", True)

    def blocking_or_blocked(self, c: list[Any]) -> tuple[str, Any]:
        return ("unreadable", "blocked creatures are not a quality the checker reads yet")

    def attacking_or_blocking(self, c: list[Any]) -> tuple[str, Any]:
        return ("any_of", (Quality(attacking=True), Quality(blocking=True)))

    def power_or_toughness_at_most(self, c: list[Any]) -> tuple[str, Any]:
        n = _number(_toks(c, "NUMBER")[0])
        return ("any_of", (Quality(power_at_most=n), Quality(toughness_at_most=n)))

    def greatest_power(self, c: list[Any]) -> tuple[str, Any]:
        return ("unreadable", "'the greatest power' is not a quality the checker reads yet")

    def noncreature(self, c: list[Any]) -> tuple[str, Any]:
        return ("not_types", ("creature",))

    def dealt_damage(self, c: list[Any]) -> tuple[str, Any]:
        return ("unreadable", "which creatures were dealt damage is not on the board: give them as targets")

    def tapped(self, c: list[Any]) -> tuple[str, Any]:
        return ("tapped", True)

    def untapped(self, c: list[Any]) -> tuple[str, Any]:
        return ("tapped", False)

    def token(self, c: list[Any]) -> tuple[str, Any]:
        return ("token", True)  # 111.1: the board says which permanents are tokens (``token``)

    def nontoken(self, c: list[Any]) -> tuple[str, Any]:
        return ("token", False)

    def subtype_adj(self, c: list[Any]) -> tuple[str, Any]:
        return ("subtypes", (lexicon.creature_type(str(c[0])),))

    def ctl_you(self, c: list[Any]) -> tuple[str, Any]:
        return ("controller", "you")

    def ctl_opponents(self, c: list[Any]) -> tuple[str, Any]:
        return ("controller", "opponents")

    def ctl_defending(self, c: list[Any]) -> tuple[str, Any]:
        return ("controller", "defending")

    def ctl_target_players(self, c: list[Any]) -> tuple[str, Any]:
        """"Creatures target player controls" (Ember Gale): the players the effect targets, 115.1."""
        return ("controller", "target_players")

    def ctl_enchanted_player(self, c: list[Any]) -> tuple[str, Any]:
        """"Creatures enchanted player controls": the player an Aura with enchant player is attached to (303.4a)."""
        return ("controller", "enchanted_player")

    def with_clause(self, c: list[Any]) -> list[tuple[str, Any]]:
        out: list[tuple[str, Any]] = []
        for x in c:
            out.extend(x if isinstance(x, list) else [x])
        return out

    def without_kw(self, c: list[Any]) -> tuple[str, Any]:
        """"Without flying", "without flying or islandwalk" (Stormtide Leviathan): with none of them."""
        return ("without_keyword", tuple(str(x).lower() for x in c))

    def with_kw(self, c: list[Any]) -> tuple[str, Any]:
        return ("keywords", (c[0],))

    def stat_at_least(self, c: list[Any]) -> tuple[str, Any]:
        return (f"{c[0]}_at_least", _number(c[1]))

    def stat_at_most(self, c: list[Any]) -> tuple[str, Any]:
        return (f"{c[0]}_at_most", _number(c[1]))

    def power_less_than_source(self, c: list[Any]) -> tuple[str, Any]:
        if c and str(c[0]) != "power":
            raise Unreadable("toughness compared with power")
        return ("power_vs_source", "less")

    def stat_less_than_count(self, c: list[Any]) -> tuple[str, Any]:
        """"with power less than the number of Islands you control": a bound the board's count sets (107.3's kind of
        number, counted as the game is built)."""
        if str(c[0]) != "power":
            raise Unreadable("toughness compared with a count of the board")
        np = _one(c, NP)
        if np is None:
            raise Unreadable("a count the checker doesn't read")
        return ("power_less_than_count", quality_of(np, counted=True))

    def power_greater_than_source(self, c: list[Any]) -> tuple[str, Any]:
        if c and str(c[0]) != "power":
            raise Unreadable("toughness compared with power")
        return ("power_vs_source", "greater")

    def toughness_over_power(self, c: list[Any]) -> tuple[str, Any]:
        return ("toughness_over_power", True)

    def power_gt_hand(self, c: list[Any]) -> tuple[str, Any]:
        if self.ctx.hand_size is None:
            raise Unreadable("the quality counts cards in hand: give the controller's hand_size")
        return ("power_at_least", self.ctx.hand_size + 1)

    def counters(self, c: list[Any]) -> tuple[str, Any]:
        """"with a +1/+1 counter on it", "with counters on them": counters of that kind (or any kind, "") on the
        permanent (122.1), read from the board's ``counters``."""
        kinds = _toks(c, "COUNTER_KIND")
        return ("counter", str(kinds[0]) if kinds else "")

    def counters_unread(self, c: list[Any]) -> tuple[str, Any]:
        raise Unreadable("counters of a kind the checker doesn't read")

    def attacking_you(self, c: list[Any]) -> tuple[str, Any]:
        return ("attacking_player", "you")

    def attacking_enchanted(self, c: list[Any]) -> tuple[str, Any]:
        return ("attacking_player", "enchanted")

    def blocking_it(self, c: list[Any]) -> tuple[str, Any]:
        return ("unreadable", "creatures blocking a particular attacker are not a quality the checker reads yet")
