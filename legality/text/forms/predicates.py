"""Predicates of a clause: restrictions and requirements on attacking and blocking (508.1c-d, 509.1b-c) and the costs
that go with them (508.1g, 509.1d), abilities gained or lost (613.1f), P/T changes, durations."""

from __future__ import annotations

import re
from typing import Any, NamedTuple, cast

from lark import Token

from legality.text.context import Context, Unreadable
from legality.text.forms.base import NP, Forms, _number, _one, _toks, quality_of
from legality.text.forms.characteristics import change
from legality.text.tree import Pred
from models.abilities import (
    AttackCost,
    AttacksPlayer,
    BlockAdditional,
    BlockCost,
    BlockedByQuality,
    BlockerCount,
    BlocksAttacker,
    CanBlockOnly,
    CantAttack,
    CantBlock,
    Characteristics,
    Condition,
    CreatureAbility,
    Designation,
    Quality,
    Simple,
)


def _becomes(c: list[Any]) -> tuple[Characteristics, ...]:
    """The colour and type change among a form's words (``characteristics.change``), if they are only such words."""
    words = " ".join(x for x in c if isinstance(x, str) and not isinstance(x, Token))  # the nc_words read
    found = change(words) if words else None
    return (found,) if found is not None else ()


def _fear(q: Quality) -> bool:
    """"Artifact creatures and/or black creatures": fear's own definition (702.36b)."""
    parts = q.any_of or ()
    kinds = sorted((p.types or (), p.colors or ()) for p in parts)
    return len(parts) == 2 and kinds == [((), ("B",)), (("artifact",), ())]


class Tax(NamedTuple):
    """A cost to attack or block as read: ``amount`` of generic mana, paid once for each permanent with ``counted``
    when given (X defined by the board, 107.3); ``you_pay``: "unless you pay", which only the creature's own text may
    say of its controller."""

    amount: int
    counted: Quality | None = None
    you_pay: bool = False
    sacrifice: Quality | None = None


def _cost(tok: Token, ctx: Context, per: str | None, count: Quality | None = None) -> Tax:
    symbols = re.findall(r"\{([^}]+)\}", str(tok))
    if any(not (s.isdigit() or s == "x") for s in symbols):
        raise Unreadable("a cost in coloured or other non-generic mana: give it as an attack_cost/block_cost amount")
    if count is not None:  # "{X} ..., where X is the number of ...": X is what the board counts (107.3)
        if symbols != ["x"] or per == "hand":
            raise Unreadable("a cost of X and more, with X a count of the board")
        return Tax(1, count)
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
    return Tax(total)


class PredicateForms(Forms):
    """What a clause says of its subject."""

    def predicates(self, c: list[Any]) -> list[Pred]:
        return list(c)

    def predicate(self, c: list[Any]) -> Pred:
        return next(x for x in c if isinstance(x, Pred))

    def duration(self, c: list[Any]) -> None:
        return None

    def _unless_cost(self, c: list[Any]) -> Tax | None:
        return next((x for x in c if isinstance(x, Tax)), None)

    def _taxed(self, tax: Tax, *abilities: CreatureAbility) -> Pred:
        """The cost's abilities; paid by "you", they hold only for the creature whose own text says so."""
        return Pred(abilities=abilities, self_only="a cost 'you' pay for a creature another player may control: give "
                    "it as a structured cost" if tax.you_pay else "")

    def unless_cost(self, c: list[Any]) -> Tax:
        per = next((x for x in c if isinstance(x, str) and x in ("creature", "hand", "x")), None)
        return _cost(_toks(c, "MANA")[0], self.ctx, per, next((x for x in c if isinstance(x, Quality)), None))

    def unless_you_pay(self, c: list[Any]) -> Tax:
        """"~ can't attack or block unless you pay {2}": its controller pays (508.1h, 509.1d)."""
        return self.unless_cost(c)._replace(you_pay=True)

    def unless_you_sacrifice(self, c: list[Any]) -> Tax:
        """"~ can't attack unless you sacrifice two Islands" (Leviathan): a cost of permanents its controller controls
        (508.1h), which the board decides; "a"/"an" is one."""
        n = _toks(c, "NUMBER")
        q = quality_of(_one(c, NP), counted=True)
        if q.other or q.controller is not None:
            raise Unreadable("a sacrifice cost of permanents the checker doesn't count")
        return Tax(_number(n[0]) if n else 1, you_pay=True, sacrifice=q)

    def x_count(self, c: list[Any]) -> Quality:
        """"where X is the number of enchantments you control": the permanents counted (107.3)."""
        return quality_of(_one(c, NP), counted=True)

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
            if alone or cost.sacrifice is not None:
                raise Unreadable("a cost on attacking or blocking alone, or of sacrificing permanents to block")
            return self._taxed(cost, AttackCost(kind="attack_cost", amount=cost.amount, count=cost.counted),
                               BlockCost(kind="block_cost", amount=cost.amount, count=cost.counted))
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
            return self._taxed(cost, AttackCost(kind="attack_cost", amount=cost.amount, defender=defender,
                                                planeswalkers=pw, count=cost.counted, sacrifice=cost.sacrifice))
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

    def cant_attack_unless_defender_is(self, c: list[Any]) -> Pred:
        """"~ can't attack unless defending player is the monarch": a restriction per defending player (508.1c, 724),
        as "unless defending player controls ..." is: it may attack that player, their planeswalkers and battles."""
        return self._defender_is(c, negate=True)

    def cant_attack_if_defender_is(self, c: list[Any]) -> Pred:
        return self._defender_is(c, negate=False)

    def _defender_is(self, c: list[Any], negate: bool) -> Pred:
        words = str(_toks(c, "DEFENDER_IS")[0])
        designation = cast(Designation, words.split(" the ", 1)[1])
        cond = Condition(kind="designation", player="defending", designation=designation, negate=negate,
                         text=f"defending player {words}")
        return Pred(abilities=(CantAttack(kind="cant_attack", planeswalkers=True),), condition=cond)

    def cant_block(self, c: list[Any]) -> Pred:
        cost = self._unless_cost(c)
        if cost is not None and cost.sacrifice is not None:
            raise Unreadable("a cost of sacrificing permanents to block")
        if cost is not None:
            return self._taxed(cost, BlockCost(kind="block_cost", amount=cost.amount, count=cost.counted))
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
        """"Attacks you / target player this turn if able" (Dulcet Sirens): obeyed only by attacking that player, not
        their planeswalkers or battles (508.1d); a player it names otherwise ("that player") is not read."""
        who = next(x for x in c if x in ("you", "target", "other"))
        if who == "other":
            raise Unreadable("a requirement to attack a player the text names: give it as an attacks_player_if_able "
                             "ability")
        if who == "target":
            if self.ctx.target_player is None:
                raise Unreadable("a requirement to attack a target player: give that player as the effect's one "
                                 "player target")
            return self._ab(AttacksPlayer(kind="attacks_player_if_able", player=self.ctx.target_player))
        return self._ab(AttacksPlayer(kind="attacks_player_if_able", player="you"))

    def attacks_a_player(self, c: list[Any]) -> Pred:
        """"Attacks a player each combat if able" (Nahiri, the Unforgiving): obeyed only by attacking a player, never a
        planeswalker or battle (508.1d)."""
        return self._ab(Simple(kind="attacks_a_player_if_able"))

    def player_you(self, c: list[Any]) -> str:
        return "you"

    def player_other(self, c: list[Any]) -> str:
        return "other"

    def player_target(self, c: list[Any]) -> str:
        return "target"

    def gains(self, c: list[Any]) -> Pred:
        return Pred(keywords=tuple(c[-1]))

    def gains_quoted(self, c: list[Any]) -> Pred:
        return self._read_quoted(str(c[-1]).strip('"'))

    def gains_kw_quoted(self, c: list[Any]) -> Pred:
        quoted = self._read_quoted(str(c[-1]).strip('"'))
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
        """"Has defender, loses all other abilities" (Deep Freeze): every ability but those the same effect gives
        (613.1f, one effect applied at one timestamp)."""
        return Pred(loses_all=True, loses_others=True)

    def is_with(self, c: list[Any]) -> Pred:
        """"Is a 4/4 creature with indestructible": the board gives its P/T; the keywords and what it becomes
        (colours, types: ``characteristics``) are the meaning."""
        return Pred(keywords=tuple(next(x for x in c if isinstance(x, list))), abilities=_becomes(c))

    def base_pt(self, c: list[Any]) -> Pred:
        """"Becomes a blue Frog with base power and toughness 1/1": the board gives its P/T; its colours and types
        change (layers 4 and 5)."""
        found = _becomes(c)
        return Pred(abilities=found) if found else Pred(pt=True)

    def cant_gain(self, c: list[Any]) -> Pred:
        return Pred(loses=tuple(c[-1]), cant_gain=True)

    def is_something(self, c: list[Any]) -> Pred:
        """"Is black", "are Juggernauts in addition to their other types": a change of colours or types; another
        value ("is the chosen color", "is 4/4") is the board's to give."""
        found = _becomes(c)
        return Pred(abilities=found) if found else Pred(pt=True)

    def pt_change(self, c: list[Any]) -> Pred:
        return Pred(pt=True)

    def damage_by_toughness(self, c: list[Any]) -> Pred:
        return self._ab(Simple(kind="damage_by_toughness"))

    def assigns_no_damage(self, c: list[Any]) -> Pred:
        return self._ab(Simple(kind="assigns_no_combat_damage"))

    def goaded(self, c: list[Any]) -> Pred:
        """"Enchanted creature is goaded" (the Impetus Auras): goaded by the controller of the permanent that says so,
        as long as it does (701.15b)."""
        return self._ab(Simple(kind="goad"))

    def blocks_shadow(self, c: list[Any]) -> Pred:
        """Heartwood Dryad's "can block creatures with shadow as though it had shadow": it may block them
        (702.28b), and creatures without shadow still."""
        return self._ab(Simple(kind="blocks_shadow"))

    def blocks_shadow_as_none(self, c: list[Any]) -> Pred:
        """Wall of Diffusion's and Aether Web's "... as though they didn't have shadow": it treats them as having
        none, so without shadow it may block them, and with shadow it can block nothing (702.28b; Aether Web's
        ruling of 2006-09-25)."""
        return self._ab(Simple(kind="blocks_shadow_as_none"))

    def indestructible(self, c: list[Any]) -> Pred:
        return Pred(keywords=("indestructible",))
