"""Parsing one normalised sentence with the Lark grammar (``grammar.lark``) into the typed tree (``tree.py``).

The Earley parser reads the whole sentence or fails: no prefix or keyword decides a sentence's
meaning. Where the grammar recognises a form whose meaning the checker can't apply, the
transformer raises ``Unreadable`` with the reason, and the sentence is reported as not understood.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal, cast

from lark import Lark, Token, Transformer
from lark.exceptions import LarkError, VisitError

from legality.text import lexicon
from legality.text.context import Context, Unreadable
from legality.text.describe import quality_words
from legality.text.keywords import keyword_meaning
from legality.text.terms import terminals
from legality.text.tree import Clause, NoCombat, Part, Placed, Pred, Selector, Sentence, Unread
from models.abilities import (
    AttackCost,
    AttacksPermanent,
    BlockAdditional,
    BlockCost,
    BlockedByCount,
    BlockedByQuality,
    BlockerCount,
    BlocksAttacker,
    CanBlockOnly,
    CantAttack,
    CantBlock,
    CantGetCounters,
    Condition,
    CreatureAbility,
    Grant,
    MaxAttackers,
    MaxBlockers,
    ModifyDamage,
    OthersAlso,
    PlayerProtection,
    PreventDamage,
    Protection,
    Quality,
    RedirectDamage,
    Simple,
    Unpreventable,
)

DESIGNATIONS = ("city's blessing", "monarch", "initiative", "completed a dungeon")
COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@cache
def parser() -> Lark:
    """The Earley parser over the grammar, its word classes filled in from the lexicon."""
    text = (Path(__file__).parent / "grammar.lark").read_text(encoding="utf-8")
    for name, pattern in terminals().items():
        text = text.replace(f"@{name}@", pattern)
    return Lark(text, parser="earley", lexer="dynamic", ambiguity="resolve", start="start")


def parse(sentence: str, ctx: Context) -> Sentence:
    """Parse a normalised sentence; ``SyntaxError``-like ``ParseFailure`` if the grammar can't read all of it."""
    try:
        tree = parser().parse(sentence)
    except LarkError as exc:
        raise ParseFailure(_where(sentence, exc)) from None
    try:
        return cast(Sentence, ToTree(ctx).transform(tree))
    except VisitError as exc:
        if not isinstance(exc.orig_exc, Unreadable):
            raise
        form = tree.children[0]
        if getattr(form, "data", None) == "activated":  # read whole; its effect applies only once activated
            return Sentence("activated", (NoCombat(f"an activated ability ({exc.orig_exc})"),))
        raise exc.orig_exc from None


class ParseFailure(ValueError):
    """The grammar can't read the whole sentence (the message says where it stopped)."""


def _where(sentence: str, exc: LarkError) -> str:
    col = getattr(exc, "column", None) or getattr(exc, "pos_in_stream", None)
    if isinstance(col, int) and col > 0:
        at = sentence[max(0, col - 1):][:30]
        return f"the grammar can't read it from {at!r}"
    return "the grammar can't read it"


# ------------------------------------------------------------------------------------------- helpers

@dataclass(frozen=True)
class NP:
    """A noun phrase on its way to a ``Quality``: its fields, and its controller."""

    fields: tuple[tuple[str, Any], ...]
    controller: str | None = None


def _placed_at(who: str | None) -> Literal["self", "target", "attached", "global"]:
    """Where a damage effect's "it" is: its own permanent, a target, the permanent it is attached to, or none."""
    if who in ("self", "target", "attached"):
        return who  # type: ignore[return-value]
    return "global"


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
    if negs and not q:
        return negs[0] if len(negs) == 1 else Quality(all_of=tuple(negs))
    if negs:
        q["all_of"] = tuple(negs)
    return Quality(**q)


def _others_quality(np: NP) -> Quality | None:
    """The quality of the other creatures a counting restriction or requirement counts ("creatures with greater
    power", "an Eldrazi"); None for any creature. "Other" is dropped: the creature itself is never counted."""
    q = quality_of(NP(tuple(f for f in np.fields if f != ("other", True)), np.controller))
    return None if q == Quality() else q


def _fear(q: Quality) -> bool:
    """"Artifact creatures and/or black creatures": fear's own definition (702.36b)."""
    parts = q.any_of or ()
    kinds = sorted((p.types or (), p.colors or ()) for p in parts)
    return len(parts) == 2 and kinds == [((), ("B",)), (("artifact",), ())]


def _cost(tok: Token, ctx: Context, per: str | None) -> int:
    symbols = re.findall(r"\{([^}]+)\}", str(tok))
    if any(not (s.isdigit() or s == "x") for s in symbols):
        raise Unreadable("a cost in coloured or other non-generic mana: give it as an attack_cost/block_cost amount")
    total = 0
    for s in symbols:
        total += ctx.amount(s)
    if per == "hand":
        if ctx.hand_size is None:
            raise Unreadable("the cost counts cards in hand: give the controller's hand_size")
        total *= ctx.hand_size
    if per == "x":
        raise Unreadable("the cost's X is defined by the game state: give the amount as an attack_cost/block_cost "
                         "ability")
    return total


# ------------------------------------------------------------------------------------------- the transformer

class ToTree(Transformer[Token, Any]):
    """Parse tree → typed tree. Methods are named after the grammar's rules and aliases."""

    def __init__(self, ctx: Context) -> None:
        super().__init__()
        self.ctx = ctx

    # --- sentences
    def start(self, c: list[Any]) -> Sentence:
        s = c[-1]
        if isinstance(s, Sentence):
            return s
        raise Unreadable(f"unexpected form {s!r}")

    def lead_in(self, c: list[Any]) -> None:
        return None

    def static(self, c: list[Any]) -> Sentence:
        conds = [x for x in c if isinstance(x, Condition)]
        parts = next(x for x in c if isinstance(x, list))
        if len(conds) > 1:
            raise Unreadable("more than one condition")
        return Sentence("static", tuple(parts), conds[0] if conds else None)

    def lead_condition(self, c: list[Any]) -> Condition:
        return cast(Condition, c[0])

    def lead_duration(self, c: list[Any]) -> None:
        return None

    def trail(self, c: list[Any]) -> Condition:
        return cast(Condition, c[0])

    def clauses(self, c: list[Any]) -> list[Part]:
        return list(c)

    def clause(self, c: list[Any]) -> Clause:
        subject, preds = c[0], c[1]
        return Clause(subject, tuple(preds))

    def effects(self, c: list[Any]) -> Sentence:
        return Sentence("effects", tuple(x for x in c if x is not None))

    def led_template(self, c: list[Any]) -> Sentence:
        conds = [x for x in c if isinstance(x, Condition)]
        tpl = next(x for x in c if isinstance(x, Sentence))
        if len(conds) > 1:
            raise Unreadable("more than one condition")
        return Sentence("template", tpl.parts, conds[0] if conds else None)

    def duration_effect(self, c: list[Any]) -> Part:
        return cast(Part, c[-1])

    def may_effect(self, c: list[Any]) -> Part:
        return cast(Part, c[0])

    def conditional_effect(self, c: list[Any]) -> Part:
        part = c[1]
        if isinstance(part, NoCombat):
            return part
        raise Unreadable("an effect that depends on a condition: give its result as an effect if the condition held")

    def guarded_effect(self, c: list[Any]) -> Part:
        part = next(x for x in c if isinstance(x, (Clause, NoCombat, Placed, Unread)))
        if isinstance(part, NoCombat):
            return part
        if isinstance(part, Clause) and all(p.pt and not p.keywords and not p.abilities and not p.loses
                                            and not p.loses_all and not p.unreadable for p in part.preds):
            return NoCombat("changes power/toughness or other values: give the current values on the board")
        raise Unreadable("an effect that depends on a condition or choice the checker can't read: give its result "
                         "as an effect if it applies")

    def nc_cond(self, c: list[Any]) -> None:
        return None

    def past_cond(self, c: list[Any]) -> None:
        return None

    def activation_limit(self, c: list[Any]) -> NoCombat:
        return NoCombat("when the ability may be activated")

    def cost_change(self, c: list[Any]) -> NoCombat:
        return NoCombat("changes what spells or abilities cost")

    def becomes(self, c: list[Any]) -> Part:
        """"Becomes a 4/4 creature with haste": the board gives types and P/T; the keywords are the meaning."""
        kws = next((x for x in c if isinstance(x, list)), None)
        if kws:
            return Clause(_one(c, Selector), (Pred(keywords=tuple(kws)),))
        return NoCombat("changes types or values: give the permanent's types and P/T on the board")

    def emblem(self, c: list[Any]) -> Part:
        from legality.text.read import read_quoted

        text = str(_toks(c, "QUOTED")[0]).strip('"')
        try:
            pred = read_quoted(text, self.ctx)
        except Unreadable as exc:
            return Unread(f"an emblem whose ability the checker can't read ({exc}): give it as an effect")
        if pred.pt and not pred.keywords and not pred.abilities:
            return NoCombat("an emblem with no combat meaning")
        return Unread("an emblem with a combat ability: give it as an effect")

    def spell_keywords(self, c: list[Any]) -> NoCombat:
        return NoCombat("keywords of instant and sorcery spells, which never attack or block")

    def becomes_with(self, c: list[Any]) -> list[str]:
        return cast(list[str], c[0])

    def goad(self, c: list[Any]) -> Placed:
        return Placed("target", (Simple(kind="goad"),), "goad")

    def goad_all(self, c: list[Any]) -> Placed:
        return Placed("global", (Grant(kind="grant", to="opponents", abilities=(Simple(kind="goad"),)),), "goad all")

    def untap(self, c: list[Any]) -> NoCombat:
        target = any(isinstance(x, Selector) and x.kind == "target" for x in c)
        return NoCombat("untaps: give the creature's state (tapped) on the board", target)

    def untap_obj(self, c: list[Any]) -> Selector | None:
        return next((x for x in c if isinstance(x, Selector)), None)

    def noncombat(self, c: list[Any]) -> NoCombat:
        words = " ".join(str(x) for x in c)
        return NoCombat("an effect with no combat meaning", "target" in words.split())

    def create(self, c: list[Any]) -> NoCombat:
        return NoCombat("creates tokens: give them on the board once they exist")

    def noncombat_damage(self, c: list[Any]) -> NoCombat:
        words = " ".join(str(x) for x in c if isinstance(x, str))
        target = "target" in words.split() or any(isinstance(x, Selector) and x.kind == "target" for x in c)
        return NoCombat("noncombat damage: give the damage marked on the board", target)

    def dealer(self, c: list[Any]) -> Any:
        return c[0] if c else None

    def noncombat_subject(self, c: list[Any]) -> NoCombat:
        return NoCombat("no combat meaning (entering, dying, fighting, untapping)")

    def prevent(self, c: list[Any]) -> Part:
        raise Unreadable("damage prevention is not modelled: give the result on the board")

    # --- subjects
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
        try:
            q = quality_of(NP(tuple(fields), np.controller))
        except Unreadable as exc:
            return Selector("group", unreadable=str(exc))
        to: Any = "all"
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
        return list(c)

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

    def monocolored(self, c: list[Any]) -> tuple[str, Any]:
        raise Unreadable("'monocolored' is not a quality the checker reads yet")

    def card_type(self, c: list[Any]) -> tuple[str, Any]:
        return ("types", (str(c[0]),))

    def noncard_type(self, c: list[Any]) -> tuple[str, Any]:
        return ("not_types", (str(c[-1]),))

    def supertype(self, c: list[Any]) -> tuple[str, Any]:
        return ("supertypes", (str(c[0]),))

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

    def with_clause(self, c: list[Any]) -> list[tuple[str, Any]]:
        out: list[tuple[str, Any]] = []
        for x in c:
            out.extend(x if isinstance(x, list) else [x])
        return out

    def without_kw(self, c: list[Any]) -> tuple[str, Any]:
        return ("without_keyword", (c[0],))

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

    def power_greater_than_source(self, c: list[Any]) -> tuple[str, Any]:
        if c and str(c[0]) != "power":
            raise Unreadable("toughness compared with power")
        return ("power_vs_source", "greater")

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

    # --- predicates
    def predicates(self, c: list[Any]) -> list[Pred]:
        return list(c)

    def predicate(self, c: list[Any]) -> Pred:
        return next(x for x in c if isinstance(x, Pred))

    def duration(self, c: list[Any]) -> None:
        return None

    def _ab(self, *abilities: CreatureAbility) -> Pred:
        return Pred(abilities=abilities)

    def _unless_cost(self, c: list[Any]) -> int | None:
        costs = [x for x in c if isinstance(x, tuple) and x and x[0] == "cost"]
        return cast(int, costs[0][1]) if costs else None

    def unless_cost(self, c: list[Any]) -> tuple[str, int]:
        per = next((x for x in c if isinstance(x, str) and x in ("creature", "hand", "x")), None)
        return ("cost", _cost(_toks(c, "MANA")[0], self.ctx, per))

    def per_creature(self, c: list[Any]) -> str:
        return "creature"

    def per_card_in_hand(self, c: list[Any]) -> str:
        return "hand"

    def where_x(self, c: list[Any]) -> str:
        return "x"

    def despite_defender(self, c: list[Any]) -> Pred:
        """"can attack as though it didn't have defender": defender's restriction (702.3b) is set aside."""
        return self._ab(Simple(kind="attacks_despite_defender"))

    def cant_attack_or_block(self, c: list[Any]) -> Pred:
        cost = self._unless_cost(c)
        alone = bool(_toks(c, "ALONE"))
        if cost is not None:
            if alone:
                raise Unreadable("a cost on attacking or blocking alone")
            return self._ab(AttackCost(kind="attack_cost", amount=cost), BlockCost(kind="block_cost", amount=cost))
        return self._ab(Simple(kind="cant_attack_or_block_alone" if alone else "cant_attack_or_block"))

    def cant_attack_alone(self, c: list[Any]) -> Pred:
        if self._unless_cost(c) is not None:
            raise Unreadable("a cost on attacking alone")
        return self._ab(Simple(kind="cant_attack_alone"))

    def cant_block_alone(self, c: list[Any]) -> Pred:
        return self._ab(Simple(kind="cant_block_alone"))

    def attacks_alone_only(self, c: list[Any]) -> Pred:
        return self._ab(Simple(kind="attacks_alone_only"))

    def cant_attack(self, c: list[Any]) -> Pred:
        whom = next((x for x in c if x in ("you", "you_pw")), None)
        cost = self._unless_cost(c)
        defender, pw = ("you" if whom else None), whom == "you_pw"
        if cost is not None:
            return self._ab(AttackCost(kind="attack_cost", amount=cost, defender=defender, planeswalkers=pw))
        return self._ab(CantAttack(kind="cant_attack", defender=defender, planeswalkers=pw))

    def attack_you(self, c: list[Any]) -> str:
        return "you"

    def attack_you_pw(self, c: list[Any]) -> str:
        return "you_pw"

    def cant_attack_unless_defender_controls(self, c: list[Any]) -> Pred:
        np, at_least, at_most = next(x for x in c if isinstance(x, tuple) and len(x) == 3)
        cond = Condition(kind="control", player="defending", quality=quality_of(np, counted=True), at_least=at_least,
                         at_most=at_most, negate=True, text="unless defending player controls it")
        return Pred(abilities=(CantAttack(kind="cant_attack", planeswalkers=True),), condition=cond)

    def cant_attack_if_defender_controls(self, c: list[Any]) -> Pred:
        np, at_least, at_most = next(x for x in c if isinstance(x, tuple) and len(x) == 3)
        cond = Condition(kind="control", player="defending", quality=quality_of(np, counted=True), at_least=at_least,
                         at_most=at_most, text="if defending player controls it")
        return Pred(abilities=(CantAttack(kind="cant_attack", planeswalkers=True),), condition=cond)

    def cant_block(self, c: list[Any]) -> Pred:
        cost = self._unless_cost(c)
        if cost is not None:
            return self._ab(BlockCost(kind="block_cost", amount=cost))
        return self._ab(CantBlock(kind="cant_block"))

    def cant_block_whom(self, c: list[Any]) -> Pred:
        who = c[-1]
        if who == "source":
            if self.ctx.source_id is None:
                raise Unreadable("names the source: give the effect's source_id")
            return self._ab(CantBlock(kind="cant_block", attacker=self.ctx.source_id))
        return self._ab(CantBlock(kind="cant_block", quality=quality_of(who)))

    def block_source(self, c: list[Any]) -> str:
        return "source"

    def block_np(self, c: list[Any]) -> NP:
        return cast(NP, c[0])

    def block_target(self, c: list[Any]) -> str:
        return "source"

    def cant_be_blocked(self, c: list[Any]) -> Pred:
        return self._ab(Simple(kind="cant_be_blocked"))

    def min_blockers(self, c: list[Any]) -> Pred:
        return self._ab(BlockerCount(kind="min_blockers", n=_number(_toks(c, "NUMBER")[0])))

    def max_blockers(self, c: list[Any]) -> Pred:
        return self._ab(BlockerCount(kind="max_blockers", n=_number(_toks(c, "NUMBER")[0])))

    def blocked_only_by(self, c: list[Any]) -> Pred:
        q = quality_of(_one(c, NP))
        if _fear(q):
            return Pred(keywords=("fear",))
        return self._ab(BlockedByQuality(kind="cant_be_blocked_except_by", quality=q))

    def cant_be_blocked_by(self, c: list[Any]) -> Pred:
        return self._ab(BlockedByQuality(kind="cant_be_blocked_by", quality=quality_of(_one(c, NP))))

    def unless_all_block(self, c: list[Any]) -> Pred:
        return self._ab(Simple(kind="cant_be_blocked_unless_all_block"))

    def can_block_only(self, c: list[Any]) -> Pred:
        return self._ab(CanBlockOnly(kind="can_block_only", quality=quality_of(_one(c, NP))))

    def block_additional(self, c: list[Any]) -> Pred:
        n = _toks(c, "NUMBER")
        return self._ab(BlockAdditional(kind="block_additional", n=_number(n[0]) if n else 1))

    def block_any_number(self, c: list[Any]) -> Pred:
        return self._ab(Simple(kind="block_any_number"))

    def each_combat(self, c: list[Any]) -> None:
        return None

    def attacks_each_combat(self, c: list[Any]) -> Pred:
        return self._ab(Simple(kind="attacks_each_combat"))

    def attacks_or_blocks_each_combat(self, c: list[Any]) -> Pred:
        return self._ab(Simple(kind="attacks_each_combat"), Simple(kind="blocks_each_combat"))

    def blocks_each_combat(self, c: list[Any]) -> Pred:
        return self._ab(Simple(kind="blocks_each_combat"))

    def blocks_source(self, c: list[Any]) -> Pred:
        if self.ctx.source_id is None:
            raise Unreadable("names the source: give the effect's source_id")
        return self._ab(BlocksAttacker(kind="blocks_if_able", attacker=self.ctx.source_id))

    def must_be_blocked(self, c: list[Any]) -> Pred:
        return self._ab(Simple(kind="must_be_blocked"))

    def attacks_player(self, c: list[Any]) -> Pred:
        raise Unreadable("a requirement to attack a particular player: give it as an attacks_player_if_able ability")

    def player_you(self, c: list[Any]) -> str:
        return "you"

    def player_other(self, c: list[Any]) -> str:
        return "other"

    def gains(self, c: list[Any]) -> Pred:
        return Pred(keywords=tuple(c[-1]))

    def gains_quoted(self, c: list[Any]) -> Pred:
        from legality.text.read import read_quoted

        return read_quoted(str(c[-1]).strip('"'), self.ctx)

    def gains_kw_quoted(self, c: list[Any]) -> Pred:
        from legality.text.read import read_quoted

        quoted = read_quoted(str(c[-1]).strip('"'), self.ctx)
        kws = next(x for x in c if isinstance(x, list))
        return Pred(keywords=(*kws, *quoted.keywords), abilities=quoted.abilities)

    def gains_choice(self, c: list[Any]) -> Pred:
        raise Unreadable("a choice of keywords: write the chosen keyword into the text")

    def gains_unknown(self, c: list[Any]) -> Pred:
        raise Unreadable("gains abilities the text does not list")

    def loses(self, c: list[Any]) -> Pred:
        return Pred(loses=tuple(c[-1]))

    def loses_all(self, c: list[Any]) -> Pred:
        return Pred(loses_all=True)

    def loses_all_other(self, c: list[Any]) -> Pred:
        raise Unreadable("loses all other abilities: which abilities remain depends on the order of the effects "
                         "(613.1f); give the result as keywords and abilities")

    def is_with(self, c: list[Any]) -> Pred:
        """"Is a 4/4 creature with indestructible": the board gives its types and P/T; the keywords are the meaning."""
        return Pred(keywords=tuple(next(x for x in c if isinstance(x, list))))

    def base_pt(self, c: list[Any]) -> Pred:
        return Pred(pt=True)

    def cant_gain(self, c: list[Any]) -> Pred:
        return Pred(loses=tuple(c[-1]), cant_gain=True)

    def is_something(self, c: list[Any]) -> Pred:
        return Pred(pt=True)

    def pt_change(self, c: list[Any]) -> Pred:
        return Pred(pt=True)

    def damage_by_toughness(self, c: list[Any]) -> Pred:
        return self._ab(Simple(kind="damage_by_toughness"))

    def assigns_no_damage(self, c: list[Any]) -> Pred:
        return self._ab(Simple(kind="assigns_no_combat_damage"))

    def indestructible(self, c: list[Any]) -> Pred:
        return Pred(keywords=("indestructible",))

    # --- counting: restrictions and requirements that count the other attackers or blockers (grammar: "counting")
    def cant_attack_unless_others(self, c: list[Any]) -> Pred:
        n, quality = next(x for x in c if isinstance(x, tuple))
        return self._ab(OthersAlso(kind="cant_attack_unless_others_attack", n=n, quality=quality))

    def cant_block_unless_others(self, c: list[Any]) -> Pred:
        n, quality = next(x for x in c if isinstance(x, tuple))
        return self._ab(OthersAlso(kind="cant_block_unless_others_block", n=n, quality=quality))

    def others_at_least(self, c: list[Any]) -> tuple[int, Quality | None]:
        """"at least two other creatures": the creature itself is not counted, so "other" must be said."""
        np = _one(c, NP)
        if ("other", True) not in np.fields:
            raise Unreadable("'at least N creatures' that may count the creature itself: give the restriction as "
                             "a cant_attack_unless_others_attack ability")
        return (_number(_toks(c, "NUMBER")[0]), _others_quality(np))

    def others_one(self, c: list[Any]) -> tuple[int, Quality | None]:
        return (1, _others_quality(_one(c, NP)))

    def others_colors(self, c: list[Any]) -> tuple[int, Quality | None]:
        """"a black or green creature also attacks" (Scarred Puma): any of the two colours."""
        colors = tuple(COLOR_LETTERS[str(t)] for t in _toks(c, "COLOR"))
        return (1, Quality(any_of=tuple(Quality(colors=(x,)) for x in colors)))

    def must_be_blocked_by(self, c: list[Any]) -> Pred:
        at_least, at_most, quality = next(x for x in c if isinstance(x, tuple))
        return self._ab(BlockedByCount(kind="must_be_blocked_by", at_least=at_least, at_most=at_most,
                                       quality=quality))

    def blockers_at_least(self, c: list[Any]) -> tuple[int, int | None, Quality | None]:
        return (_number(_toks(c, "NUMBER")[0]), None, _others_quality(_one(c, NP)))

    def blockers_exactly(self, c: list[Any]) -> tuple[int, int | None, Quality | None]:
        n = _number(_toks(c, "NUMBER")[0])
        return (n, n, _others_quality(_one(c, NP)))

    def blockers_one(self, c: list[Any]) -> tuple[int, int | None, Quality | None]:
        return (1, None, _others_quality(_one(c, NP)))

    # --- conditions
    def as_long_as(self, c: list[Any]) -> Condition:
        return cast(Condition, c[0])

    if_cond = as_long_as

    def unless(self, c: list[Any]) -> Condition:
        cond = cast(Condition, c[0])
        return cond.model_copy(update={"negate": not cond.negate})

    def during_your_turn(self, c: list[Any]) -> Condition:
        return Condition(kind="your_turn", text="during your turn")

    def count_one(self, c: list[Any]) -> tuple[NP, int | None, int | None]:
        return (_one(c, NP), 1, None)

    def count_either(self, c: list[Any]) -> tuple[NP, int | None, int | None]:
        """"an artifact or an enchantment": one permanent of either kind."""
        a, b = _of(c, NP)
        return (NP((("any_of", (quality_of(a), quality_of(b))),)), 1, None)

    def count_another(self, c: list[Any]) -> tuple[NP, int | None, int | None]:
        np = _one(c, NP)
        return (NP((*np.fields, ("other", True)), np.controller), 1, None)

    def count_n(self, c: list[Any]) -> tuple[NP, int | None, int | None]:
        return (_one(c, NP), _number(_toks(c, "NUMBER")[0]), None)

    def count_at_least(self, c: list[Any]) -> tuple[NP, int | None, int | None]:
        np = _one(c, NP)
        if _toks(c, "OTHER"):
            np = NP((*np.fields, ("other", True)), np.controller)
        return (np, _number(_toks(c, "NUMBER")[0]), None)

    def count_none(self, c: list[Any]) -> tuple[NP, int | None, int | None]:
        return (_one(c, NP), None, 0)

    def _control(self, c: list[Any], player: Any, negate: bool, text: str) -> Condition:
        np, at_least, at_most = c[0]
        q = quality_of(np, counted=True)
        count = (f"{at_least} or more" if at_least not in (None, 1) else "no" if at_most == 0
                 else "another" if q.other else "a")
        return Condition(kind="control", player=player, quality=q, at_least=at_least,
                         at_most=at_most, negate=negate, text=f"{text} {count} {quality_words(q)}")

    def you_control(self, c: list[Any]) -> Condition:
        return self._control(c, "you", False, "you control")

    def you_dont_control(self, c: list[Any]) -> Condition:
        return self._control(c, "you", True, "you don't control")

    def opponent_controls(self, c: list[Any]) -> Condition:
        return self._control(c, "opponent", False, "an opponent controls")

    def defending_controls(self, c: list[Any]) -> Condition:
        return self._control(c, "defending", False, "defending player controls")

    def _amount(self, c: list[Any], kind: Any, bound: str, text: str, player: Any = "you") -> Condition:
        """A condition on a player's count ("you have N or less life"): ``bound`` is at_least or at_most."""
        n = _number(_toks(c, "NUMBER")[0])
        return Condition(kind=kind, player=player, text=text.format(n), **{bound: n})

    def graveyard_at_least(self, c: list[Any]) -> Condition:
        return self._amount(c, "graveyard", "at_least", "{} or more cards in your graveyard")

    def life_at_most(self, c: list[Any]) -> Condition:
        return self._amount(c, "life", "at_most", "you have {} or less life")

    def life_at_least(self, c: list[Any]) -> Condition:
        return self._amount(c, "life", "at_least", "you have {} or more life")

    def hand_at_least(self, c: list[Any]) -> Condition:
        return self._amount(c, "hand", "at_least", "you have {} or more cards in hand")

    def hand_at_most(self, c: list[Any]) -> Condition:
        return self._amount(c, "hand", "at_most", "you have {} or fewer cards in hand")

    def opponent_life_at_most(self, c: list[Any]) -> Condition:
        return self._amount(c, "life", "at_most", "an opponent has {} or less life", "opponent")

    def empty_hand(self, c: list[Any]) -> Condition:
        return Condition(kind="hand", at_most=0, text="you have no cards in hand")

    def designation(self, c: list[Any]) -> Condition:
        """The city's blessing (702.131c), the monarch (724), the initiative (725), a completed dungeon (309.7):
        facts of the player, read from the board's ``designations``."""
        words = str(c[0])
        which = next(d for d in DESIGNATIONS if d in words)
        return Condition(kind="designation", designation=which, text=words)

    def your_turn(self, c: list[Any]) -> Condition:
        return Condition(kind="your_turn", text="it's your turn")

    def not_your_turn(self, c: list[Any]) -> Condition:
        return Condition(kind="your_turn", negate=True, text="it's not your turn")

    def self_is(self, c: list[Any]) -> Condition:
        state = str(_toks(c, "SELF_STATE")[0])
        return Condition(kind="self", state=state, text=f"it is {state}")

    def self_counters(self, c: list[Any]) -> Condition:
        """"~ has a +1/+1 counter on it", "... two or more charge counters ...", "... no ... counters ...":
        counters on the object the ability comes from (122.1), read from the board's ``counters``."""
        words = str(_toks(c, "COUNTER_COUNT")[0])
        m = re.match(r"(.+?)(?: ((?:[+-]\d+/[+-]\d+|[a-z]+)))? counters?$", words)
        assert m is not None
        amount, name = m[1], m[2] or ""  # "" any kind of counter
        if amount == "no":
            return Condition(kind="counters", counter=name, at_most=0, text=f"it has no {name} counters")
        n = 1 if amount in ("a", "an") else _number(amount.removesuffix(" or more"))
        return Condition(kind="counters", counter=name, at_least=n, text=f"it has {words}")

    def battlefield_at_least(self, c: list[Any]) -> Condition:
        n = _number(_toks(c, "NUMBER")[0])
        return Condition(kind="control", player="any", quality=quality_of(_one(c, NP), counted=True), at_least=n,
                         text="on the battlefield")

    # --- whole-sentence forms
    def lure(self, c: list[Any]) -> Sentence:
        where: Any = "attached" if any(isinstance(x, Selector) and x.kind == "attached" for x in c) else "self"
        return Sentence("template", (Placed(where, (Simple(kind="lure"),), "lure"),))

    def lure_target(self, c: list[Any]) -> Sentence:
        return Sentence("template", (Placed("target", (Simple(kind="lure"),), "lure"),))

    def all_attack(self, c: list[Any]) -> Sentence:
        return Sentence("template", (Placed("self", (Simple(kind="all_attack_if_this_attacks"),),
                                            "if this attacks, all attack"),))

    def also_attacks(self, c: list[Any]) -> Sentence:
        return Sentence("template", (Placed("self", (Simple(kind="attacks_if_creature_attacks"),),
                                            "also attacks if a creature attacks"),))

    def tpl_max_attackers(self, c: list[Any]) -> Sentence:
        n = _number(_toks(c, "NUMBER")[0])
        you = bool(_toks(c, "YOU"))
        return Sentence("template", (Placed("global", (MaxAttackers(kind="max_attackers", n=n,
                                                                     defender="you" if you else None),),
                                            "no more than N can attack"),))

    def tpl_max_blockers(self, c: list[Any]) -> Sentence:
        n = _number(_toks(c, "NUMBER")[0])
        return Sentence("template", (Placed("global", (MaxBlockers(kind="max_blockers_total", n=n),),
                                            "no more than N can block"),))

    def as_unblocked(self, c: list[Any]) -> Sentence:
        """Thorn Elemental, Pride of Lions: the controller may have a blocked creature assign all its combat damage
        to what it attacks (510.1c is replaced for it)."""
        where: Literal["self", "attached"] = "attached" if c and c[0] == "attached" else "self"
        return Sentence("template", (Placed(where, (Simple(kind="assigns_as_though_unblocked"),),
                                            "assign as though it weren't blocked"),))

    def as_unblocked_yours(self, c: list[Any]) -> Sentence:
        """Predatory Focus: each creature its controller controls may assign as though it weren't blocked."""
        grant = Grant(kind="grant", to="you", abilities=(Simple(kind="assigns_as_though_unblocked"),))
        return Sentence("template", (Placed("global", (grant,), "assign as though they weren't blocked"),))

    def as_unblocked_self(self, c: list[Any]) -> str:
        return "self"

    def as_unblocked_attached(self, c: list[Any]) -> str:
        return "attached"

    def defender_assigns(self, c: list[Any]) -> Sentence:
        """Defensive Formation: the defending player assigns the combat damage of each creature attacking them."""
        grant = Grant(kind="grant", quality=Quality(attacking_player="you"),
                      abilities=(Simple(kind="defender_assigns_damage"),))
        return Sentence("template", (Placed("global", (grant,), "the defending player assigns"),))

    def divides_freely(self, c: list[Any]) -> Sentence:
        """Defensive Formation's second sentence ("that creature": each creature attacking you): its damage may be
        divided among its blockers as the assigning player chooses, whatever the damage assignment order."""
        grant = Grant(kind="grant", quality=Quality(attacking_player="you"),
                      abilities=(Simple(kind="divides_damage_freely"),))
        return Sentence("template", (Placed("global", (grant,), "divides freely among its blockers"),))

    # --- prevention (615): "prevent all [combat] damage that would be dealt [to / by / to and dealt by X]"
    def prevent_self(self, c: list[Any]) -> str:
        return "self"

    def prevent_target(self, c: list[Any]) -> str:
        return "target"

    def prevent_attached(self, c: list[Any]) -> str:
        return "attached"

    def prevent_you(self, c: list[Any]) -> str:
        return "you"

    def _prevent(self, c: list[Any], sides: tuple[str, ...]) -> Sentence:
        combat = bool(_toks(c, "COMBAT"))
        who = next((x for x in c if x in ("self", "target", "attached", "you")), None)
        abilities = []
        for side in sides:
            if who == "you":
                abilities.append(PreventDamage(kind="prevent_damage", dealt_to="you", combat_only=combat))
            elif side == "to":
                abilities.append(PreventDamage(kind="prevent_damage", dealt_to="it", combat_only=combat))
            else:
                abilities.append(PreventDamage(kind="prevent_damage", dealt_by="it", combat_only=combat))
        return Sentence("template", (Placed(_placed_at(who), tuple(abilities), "prevent damage"),))

    def prevent_all(self, c: list[Any]) -> Sentence:
        return Sentence("template", (Placed("global", (PreventDamage(kind="prevent_damage",
                                                                     combat_only=bool(_toks(c, "COMBAT"))),),
                                            "prevent damage"),))

    def prevent_to_and_by(self, c: list[Any]) -> Sentence:
        return self._prevent(c, ("to", "by"))

    def prevent_to(self, c: list[Any]) -> Sentence:
        return self._prevent(c, ("to",))

    def prevent_by(self, c: list[Any]) -> Sentence:
        if "you" in c:
            raise Unreadable("damage dealt by a player: not a form the checker reads")
        return self._prevent(c, ("by",))

    def prevent_shield(self, c: list[Any]) -> Sentence:
        """"Prevent the next N damage that would be dealt to any target this turn" (615.7): a shield of N."""
        token = str(_toks(c, "NUMBER")[0])
        n = self.ctx.amount("x") if token == "x" else _number(token)
        if n < 1:
            return Sentence("template", (NoCombat("a shield of no damage"),))
        who = next((x for x in c if isinstance(x, str) and x in ("self", "target", "attached", "you")), "target")
        ab = PreventDamage(kind="prevent_damage", dealt_to="you" if who == "you" else "it", combat_only=False,
                           amount=n)
        return Sentence("template", (Placed(_placed_at(who), (ab,), "prevention shield"),))

    def shield_who(self, c: list[Any]) -> str:
        return str(c[0])

    def modify_who(self, c: list[Any]) -> str:
        return str(c[0])

    def _modify(self, c: list[Any], dealt_to: Literal["any", "you", "player"], by_it: bool) -> Sentence:
        factor = 3 if str(_toks(c, "MULT")[0]) == "triple" else 2
        who = next((x for x in c if isinstance(x, str) and x in ("self", "target", "attached")), None)
        ab = ModifyDamage(kind="modify_damage", dealt_to=dealt_to, dealt_by="it" if by_it else "any", factor=factor)
        return Sentence("template", (Placed(_placed_at(who) if by_it else "global", (ab,), "damage multiplied"),))

    def modify_any(self, c: list[Any]) -> Sentence:
        return self._modify(c, "any", False)

    def modify_you(self, c: list[Any]) -> Sentence:
        return self._modify(c, "you", False)

    def modify_by(self, c: list[Any]) -> Sentence:
        return self._modify(c, "any", True)

    def modify_by_to_player(self, c: list[Any]) -> Sentence:
        return self._modify(c, "player", True)

    def _prevent_quality(self, c: list[Any], to_you: bool = False, by: Quality | None = None,
                         to: Quality | None = None) -> Sentence:
        ab = PreventDamage(kind="prevent_damage", dealt_to="you" if to_you else "any",
                           combat_only=bool(_toks(c, "COMBAT")), by_quality=by, to_quality=to)
        return Sentence("template", (Placed("global", (ab,), "prevent damage"),))

    def prevent_by_attackers(self, c: list[Any]) -> Sentence:
        """Harmless Assault: "... dealt this turn by attacking creatures" (attacking as the damage is dealt)."""
        return self._prevent_quality(c, by=Quality(attacking=True))

    def prevent_to_you_by_attackers(self, c: list[Any]) -> Sentence:
        """Deep Wood: "... dealt to you this turn by attacking creatures"."""
        return self._prevent_quality(c, to_you=True, by=Quality(attacking=True))

    def prevent_to_your_attackers(self, c: list[Any]) -> Sentence:
        """Dolmen Gate, Iroas: "... dealt to attacking creatures you control"."""
        return self._prevent_quality(c, to=Quality(attacking=True, controller="you"))

    def prevent_to_creatures(self, c: list[Any]) -> Sentence:
        """Blinding Fog: "... dealt to creatures this turn" (never to a player or a planeswalker)."""
        return self._prevent_quality(c, to=Quality(types=("creature",)))

    def players_attack_source(self, c: list[Any]) -> Sentence:
        """Gideon Jura's +2 (an effect targeting a player): "creatures that player controls attack Gideon Jura if
        able" (508.1d), the planeswalker being the effect's source (its ``source_id``, else found by name)."""
        ab = Grant(kind="grant", to="target_players", abilities=(
            AttacksPermanent(kind="attacks_permanent_if_able", permanent=self.ctx.source_id),))
        return Sentence("template", (Placed("global", (ab,), "creatures of the targeted players"),))

    def redirect_yours(self, c: list[Any]) -> str:
        return "yours"

    def redirect_controller(self, c: list[Any]) -> str:
        return "controller"

    def redirect(self, c: list[Any]) -> Sentence:
        """614.9: "all damage that would be dealt to X is dealt to Y instead"; "it" is the one of X and Y that is the
        permanent itself or the creature it is attached to (Empyrial Archangel, Pariah's Shield, Treacherous Link)."""
        sides = [x for x in c if isinstance(x, str) and x in ("you", "yours", "self", "attached", "controller")]
        if len(sides) != 2:
            raise Unreadable("a redirection between objects the checker doesn't read")
        src, dst = sides
        objects = {x for x in sides if x in ("self", "attached")}
        if len(objects) != 1 or src == dst or (dst == "controller" and src not in objects) \
                or (src in ("you", "yours") and dst not in objects):
            raise Unreadable("a redirection between objects the checker doesn't read")
        ab = RedirectDamage(kind="redirect_damage", dealt_to="it" if src in objects else src,
                            to="controller" if dst == "controller" else "it", combat_only=bool(_toks(c, "COMBAT")))
        return Sentence("template", (Placed(_placed_at(objects.pop()), (ab,), "damage redirected"),))

    def player_protection(self, c: list[Any]) -> Sentence:
        """"You have protection from everything", "you gain protection from red until end of turn" (702.16e: in combat,
        damage from such sources to that player is prevented; attacking them stays legal)."""
        out: list[PlayerProtection] = []
        for item in (x for x in c if isinstance(x, str)):
            for prot in keyword_meaning(f"protection from {item}"):
                if not isinstance(prot, Protection) or prot.player is not None:
                    raise Unreadable(f"a player's protection from {item}")
                out.append(PlayerProtection(kind="player_protection", quality=prot.quality,
                                            everything=prot.everything))
        if not out:
            raise Unreadable("a player's protection from a quality the checker doesn't read")
        return Sentence("template", (Placed("global", tuple(out), "player protection"),))

    def _no_counters(self, who: str, counter: str) -> Sentence:
        ab = CantGetCounters(kind="cant_get_counters", who=who, counter=counter)
        return Sentence("template", (Placed("global", (ab,), "counters can't be put"),))

    def no_poison_you(self, c: list[Any]) -> Sentence:
        """Melira, Sylvok Outcast: infect and toxic damage to you gives no poison counters."""
        return self._no_counters("you", "poison")

    def no_counters_players(self, c: list[Any]) -> Sentence:
        """Solemnity: no player gets poison counters from infect or toxic."""
        return self._no_counters("players", "any")

    def no_minus_yours(self, c: list[Any]) -> Sentence:
        """Melira: wither and infect damage to your creatures puts no -1/-1 counters on them (it is still dealt)."""
        return self._no_counters("your_creatures", "-1/-1")

    def unpreventable(self, c: list[Any]) -> Sentence:
        return Sentence("template", (Placed("global", (Unpreventable(kind="damage_cant_be_prevented"),),
                                            "damage can't be prevented"),))

    def master_warcraft(self, c: list[Any]) -> Sentence:
        return Sentence("template", (NoCombat("who chooses the block; the choice must still be legal (Master "
                                              "Warcraft ruling, 2005-10-01)"),))

    def no_activation_clause(self, c: list[Any]) -> NoCombat:
        return NoCombat("stops activated abilities: give their results, if any, as effects")

    def extra_combat(self, c: list[Any]) -> Sentence:
        why = "an additional combat phase: each declaration is judged in its own combat (500.8)"
        return Sentence("template", (NoCombat(why),))

    def cast_timing(self, c: list[Any]) -> Sentence:
        return Sentence("template", (NoCombat("when the spell may be cast"),))

    def enters(self, c: list[Any]) -> NoCombat:
        return NoCombat("how permanents enter the battlefield: give their state on the board")

    def attacking_you(self, c: list[Any]) -> tuple[str, Any]:
        return ("attacking_player", "you")

    def attacking_enchanted(self, c: list[Any]) -> tuple[str, Any]:
        return ("attacking_player", "enchanted")

    def blocking_it(self, c: list[Any]) -> tuple[str, Any]:
        return ("unreadable", "creatures blocking a particular attacker are not a quality the checker reads yet")

    def no_activation(self, c: list[Any]) -> Sentence:
        return Sentence("template", (NoCombat("stops activated abilities: give their results, if any, as effects"),))

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

    def nc_words(self, c: list[Any]) -> str:
        return " ".join(str(x) for x in c)

    def nc_desc(self, c: list[Any]) -> str:
        return " ".join(str(x) for x in c)

    def nc_sel(self, c: list[Any]) -> str:
        return " ".join(", ".join(x) if isinstance(x, list) else str(x) for x in c)

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
