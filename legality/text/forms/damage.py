"""Whole-sentence forms about combat damage: how it is assigned (510.1a-d: as though unblocked, by the defending player,
divided freely), prevention (615.1) and prevention shields (615.7), damage multiplied (614.1a), redirected (614.9) or
made unpreventable (615.12), a player's protection (702.16e), counters that can't be put (122.1), life that can't
be gained (119.7), can't change (119.8) or be reduced below 1 by damage (614.1a), players who can't lose the game
(104.3b), regeneration (701.15)."""

from __future__ import annotations

from typing import Any, Literal, cast

from msgspec import Struct

from legality.text.context import Unreadable
from legality.text.forms.base import NP, Forms, _number, _one, _toks, quality_of
from legality.text.keywords import COLOR_WORDS, keyword_meaning
from legality.text.tree import NoCombat, Placed, Selector, Sentence
from models.abilities import (
    CantBeRegenerated,
    CantGainLife,
    CantGetCounters,
    CantLoseGame,
    Grant,
    LifeCantChange,
    LifeFloor,
    ModifyDamage,
    ModifyLifeGain,
    PlayerProtection,
    PreventDamage,
    Protection,
    Quality,
    RedirectDamage,
    Regenerate,
    Simple,
    Unpreventable,
)


def _placed_at(who: str | None) -> Literal["self", "target", "attached", "global"]:
    """Where a damage effect's "it" is: its own permanent, a target, the permanent it is attached to, or none."""
    if who in ("self", "target", "attached"):
        return who  # type: ignore[return-value]
    return "global"


class DamageForms(Forms):
    """Templates that change how combat damage is assigned or dealt."""

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

    def player_protection_opponents(self, c: list[Any]) -> Sentence:
        """Absolute Virtue: damage from sources its controller's opponents control to that player is prevented."""
        ab = PlayerProtection(kind="player_protection", from_opponents=True)
        return Sentence("template", (Placed("global", (ab,), "player protection"),))

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

    def _no_life(self, who: Literal["you", "opponents", "players"]) -> Sentence:
        ab = CantGainLife(kind="cant_gain_life", who=who)
        return Sentence("template", (Placed("global", (ab,), "can't gain life"),))

    def no_life_players(self, c: list[Any]) -> Sentence:
        """Leyline of Punishment, Forsaken Wastes; Sulfuric Vortex ("that player gains no life instead"): lifelink
        gains no one life (119.7)."""
        return self._no_life("players")

    def no_life_opponents(self, c: list[Any]) -> Sentence:
        """Erebos, God of the Dead; Archfiend of Despair: lifelink gains its controller's opponents no life."""
        return self._no_life("opponents")

    def no_life_you(self, c: list[Any]) -> Sentence:
        return self._no_life("you")

    def _gain(self, ab: ModifyLifeGain) -> Sentence:
        return Sentence("template", (Placed("global", (ab,), "life gain replaced"),))

    def gain_twice(self, c: list[Any]) -> Sentence:
        """Alhammarret's Archive, Boon Reflection, Rhox Faithmender: its controller's lifelink gains are doubled."""
        return self._gain(ModifyLifeGain(kind="modify_life_gain", factor=2))

    def gain_to_loss_opponents(self, c: list[Any]) -> Sentence:
        """Tainted Remedy: its controller's opponents lose the life their lifelink would gain them."""
        return self._gain(ModifyLifeGain(kind="modify_life_gain", who="opponents", loss=True))

    def gain_to_loss_players(self, c: list[Any]) -> Sentence:
        """Rain of Gore: read as replacing lifelink's gains too (lifelink is its creature's static ability, controlled
        by the player who would gain, 702.15a, 109.5; no ruling says so)."""
        return self._gain(ModifyLifeGain(kind="modify_life_gain", who="players", loss=True))

    def gain_plus(self, c: list[Any]) -> Sentence:
        """Angel of Vitality, Heron of Hope: each of its controller's life gain events is one more."""
        return self._gain(ModifyLifeGain(kind="modify_life_gain", plus=_number(_toks(c, "NUMBER")[0])))

    def unpreventable_by(self, c: list[Any]) -> Sentence:
        """"Damage that would be dealt by ~ can't be prevented" (Malignus), "combat damage that would be dealt by
        creatures you control can't be prevented": 615.12 for those sources only."""
        by = _one(c, Party)
        ab = Unpreventable(kind="damage_cant_be_prevented", dealt_by=cast(Literal["any", "it"], by.who),
                           by_quality=by.quality)
        return Sentence("template", (Placed(_placed_at(by.where), (ab,), "damage can't be prevented"),))

    def unpreventable(self, c: list[Any]) -> Sentence:
        return Sentence("template", (Placed("global", (Unpreventable(kind="damage_cant_be_prevented"),),
                                            "damage can't be prevented"),))

    def regenerate(self, c: list[Any]) -> Sentence:
        """"Regenerate target creature." / "Regenerate ~." (an activated ability's result, given as an effect): a
        regeneration shield on it (701.15a)."""
        who = next(x for x in c if x in ("self", "target", "attached"))
        return Sentence("template", (Placed(_placed_at(who), (Regenerate(kind="regenerate"),), "regeneration"),))

    def regenerate_each_time(self, c: list[Any]) -> Sentence:
        """Knight of the Holy Nimbus, Mossbridge Troll: "if ~ would be destroyed, regenerate it", a static ability that
        replaces each destruction of it (701.15b)."""
        return Sentence("template", (Placed("self", (Regenerate(kind="regenerate", each_time=True),),
                                            "regeneration"),))

    def cant_regenerate(self, c: list[Any]) -> Sentence:
        """"Target creature can't be regenerated this turn": its regeneration shields are not applied (701.15c)."""
        who = next(x for x in c if x in ("self", "target", "attached"))
        return Sentence("template", (Placed(_placed_at(who), (CantBeRegenerated(kind="cant_be_regenerated"),),
                                            "can't be regenerated"),))

    def _player(self, ab: LifeCantChange | CantLoseGame | LifeFloor, name: str) -> Sentence:
        return Sentence("template", (Placed("global", (ab,), name),))

    def life_fixed_you(self, c: list[Any]) -> Sentence:
        """Platinum Emperion: its controller gains and loses no life (119.7-8); damage to them is still dealt."""
        return self._player(LifeCantChange(kind="life_cant_change"), "life total can't change")

    def life_fixed_protected(self, c: list[Any]) -> Sentence:
        """Teferi's Protection: "until your next turn, your life total can't change and you gain protection from
        everything" (119.7-8, 702.16e: damage to that player is prevented)."""
        abilities = (LifeCantChange(kind="life_cant_change"), PlayerProtection(kind="player_protection",
                                                                                 everything=True))
        return Sentence("template", (Placed("global", abilities, "life total can't change, protection"),))

    def cant_lose_you(self, c: list[Any]) -> Sentence:
        """Platinum Angel, Lich's Mastery, Angel's Grace: its controller doesn't lose the game (104.3b); "your opponents
        can't win the game" changes no loss (104.2a)."""
        return self._player(CantLoseGame(kind="cant_lose_game"), "can't lose the game")

    def cant_lose_opponents(self, c: list[Any]) -> Sentence:
        """Abyssal Persecutor: its controller's opponents don't lose the game (104.3b); "you can't win" changes no
        loss."""
        return self._player(CantLoseGame(kind="cant_lose_game", who="opponents"), "can't lose the game")

    def no_life_loss_you(self, c: list[Any]) -> Sentence:
        """Archon of Coronation: "damage doesn't cause you to lose life" (under its condition): damage to its controller
        is dealt and makes them lose no life (120.3a); infect still gives poison counters (120.3b)."""
        return self._player(LifeFloor(kind="life_floor", no_loss=True), "damage causes no life loss")

    def life_floor_you(self, c: list[Any]) -> Sentence:
        """Worship, Sustaining Spirit, Ali from Cairo, Angel's Grace: damage can't reduce its controller's life below 1
        (614.1a; the damage is still dealt, rulings of Worship 2004-10-04)."""
        return self._player(LifeFloor(kind="life_floor"), "life total held at 1")

    # A damage event and what replaces or prevents it (614.1a, 615.1): read by its parts, each a small value.

    def src_any(self, c: list[Any]) -> Party:
        return Party("by", "any")

    def src_color(self, c: list[Any]) -> Party:
        color = COLOR_WORDS[str(_toks(c, "COLOR")[0])]
        ctl = next((x for x in c if isinstance(x, tuple) and x and x[0] == "controller"), None)
        return Party("by", "any", Quality(colors=(color,), controller=_ctl(ctl)))

    def src_controlled(self, c: list[Any]) -> Party:
        ctl = next(x for x in c if isinstance(x, tuple) and x and x[0] == "controller")
        return Party("by", "any", Quality(controller=_ctl(ctl)))

    def src_other(self, c: list[Any]) -> Party:
        """"Another source you control", "another red source you control" (Jaya): not the permanent itself."""
        ctl = next(x for x in c if isinstance(x, tuple) and x and x[0] == "controller")
        colors = tuple(COLOR_WORDS[str(t)] for t in _toks(c, "COLOR")) or None
        return Party("by", "any", Quality(colors=colors, other=True, controller=_ctl(ctl)))

    def src_np(self, c: list[Any]) -> Party:
        """"A creature you control": every source of combat damage is a creature (510.1), so "creature" adds nothing."""
        return Party("by", "any", quality_of(_one(c, NP)))

    def src_group(self, c: list[Any]) -> Party:
        return Party("by", "any", _group_quality(_one(c, Selector)))

    def src_self(self, c: list[Any]) -> Party:
        return Party("by", "it", where="self")

    def src_attached(self, c: list[Any]) -> Party:
        return Party("by", "it", where="attached")

    def to_you(self, c: list[Any]) -> Party:
        return Party("to", "you")

    def to_any(self, c: list[Any]) -> Party:
        return Party("to", "any")

    def to_player(self, c: list[Any]) -> Party:
        return Party("to", "player")

    def to_opponents(self, c: list[Any]) -> Party:
        return Party("to", "opponents")

    def to_yours(self, c: list[Any]) -> Party:
        return Party("to", "yours")

    def to_self(self, c: list[Any]) -> Party:
        return Party("to", "it", where="self")

    def to_attached(self, c: list[Any]) -> Party:
        return Party("to", "it", where="attached")

    def to_np(self, c: list[Any]) -> Party:
        return Party("to", "any", _recipient_quality(_one(c, NP)))

    def to_you_and_np(self, c: list[Any]) -> Party:
        """"You and creatures you control" (Safe Passage): two recipients, each its own event."""
        return Party("to", "you_and", _recipient_quality(_one(c, NP)))

    def to_np_other(self, c: list[Any]) -> Party:
        np = _one(c, NP)
        return Party("to", "any", _recipient_quality(NP((*np.fields, ("other", True)), np.controller)))

    def eff_prevent(self, c: list[Any]) -> Instead:
        return Instead("prevent")

    def eff_prevent_n(self, c: list[Any]) -> Instead:
        return Instead("prevent", _number(_toks(c, "NUMBER")[0]))

    def eff_mult(self, c: list[Any]) -> Instead:
        return Instead("modify", 3 if str(_toks(c, "MULT")[0]) == "triple" else 2)

    def eff_plus(self, c: list[Any]) -> Instead:
        return Instead("plus", _number(_toks(c, "NUMBER")[0]))

    def damage_event(self, c: list[Any]) -> Sentence:
        """"If a red source you control would deal damage to an opponent or a permanent an opponent controls, it deals
        that much damage plus 2 instead" (Torbran), "if damage would be dealt to ~, prevent that damage" (Phantom
        Centaur), "if a source would deal damage to you, prevent 1 of that damage" (Urza's Armor): one event, matched
        by its source and recipient, and what happens instead (614.1a, 615.1)."""
        parties = [x for x in c if isinstance(x, Party)]
        instead = _one(c, Instead)
        return _event(parties, instead, bool(_toks(c, "COMBAT")))

    def prevent_event(self, c: list[Any]) -> Sentence:
        """"Prevent all combat damage that would be dealt this turn by creatures with power 4 or less" (Vine Snare),
        "... by creatures your opponents control" (Thwart the Enemy), "... to you ... by ...": prevention by the
        source's quality (615.1)."""
        parties = [x for x in c if isinstance(x, Party)]
        return _event(parties, Instead("prevent"), bool(_toks(c, "COMBAT")))


class Party(Struct, frozen=True):
    """One side of a damage event as the text names it: ``side`` ``by`` (the source) or ``to`` (the recipient), the
    ``who`` of ``PreventDamage``/``ModifyDamage`` and a quality; ``where``: "~" or the enchanted creature is "it"."""

    side: Literal["by", "to"]
    who: str
    quality: Quality | None = None
    where: str | None = None


class Instead(Struct, frozen=True):
    """What happens instead: ``prevent`` (all, or ``n`` of each event), ``modify`` (``n`` times), ``plus`` (``n``
    more)."""

    kind: Literal["prevent", "modify", "plus"]
    n: int | None = None




def _ctl(tag: tuple[str, ...] | None) -> Literal["you", "opponents"] | None:
    """The controller of a ``controller`` postmodifier ("you control", "an opponent controls")."""
    if tag is None:
        return None
    if tag[1] not in ("you", "opponents"):
        raise Unreadable(f"damage from sources {tag[1]} controls: not a form the checker reads")
    return cast(Literal["you", "opponents"], tag[1])


def _group_quality(sel: Selector) -> Quality:
    """The quality of a group subject ("creatures your opponents control"), its controller folded in."""
    if sel.unreadable:
        raise Unreadable(sel.unreadable)
    base = sel.quality or Quality()
    if sel.to == "all":
        return base
    if sel.to not in ("you", "opponents"):
        raise Unreadable(f"damage from creatures {sel.to.replace('_', ' ')} control: not a form the checker reads")
    return Quality(all_of=(base, Quality(controller=sel.to)))


def _recipient_quality(np: NP) -> Quality:
    """The quality of a recipient ("creatures you control", "another creature you control"): a creature, or a creature
    type, is a type to test, since a player, a planeswalker or a battle may be dealt damage too (120.1)."""
    q = quality_of(np)
    if any(key in ("creature_head", "subtypes") for key, _ in np.fields):
        return Quality(all_of=(q, Quality(types=("creature",))))
    return q


def _event(parties: list[Party], instead: Instead, combat: bool) -> Sentence:
    """The ability a damage event's sides and its replacement make, placed where its "it" is."""
    by = next((p for p in parties if p.side == "by"), Party("by", "any"))
    to = next((p for p in parties if p.side == "to"), Party("to", "any"))
    where = to.where or by.where
    if to.where and by.where:
        raise Unreadable("damage from one object to another: not a form the checker reads")
    dealt_by = cast(Literal["any", "it"], by.who)
    sides = ([Party("to", "you"), Party("to", "any", to.quality)] if to.who == "you_and" else [to])
    out: list[PreventDamage | ModifyDamage] = []
    for side in sides:
        dealt_to = cast(Literal["any", "it", "you", "player", "opponents", "yours"], side.who)
        if instead.kind == "prevent":
            out.append(PreventDamage(kind="prevent_damage", dealt_to=dealt_to, dealt_by=dealt_by, combat_only=combat,
                                     by_quality=by.quality, to_quality=side.quality, each=instead.n))
        else:
            out.append(ModifyDamage(kind="modify_damage", dealt_to=dealt_to, dealt_by=dealt_by,
                                    factor=instead.n or 1 if instead.kind == "modify" else 1,
                                    plus=instead.n or 0 if instead.kind == "plus" else 0,
                                    by_quality=by.quality, to_quality=side.quality))
    return Sentence("template", (Placed(_placed_at(where), tuple(out), "damage event"),))
