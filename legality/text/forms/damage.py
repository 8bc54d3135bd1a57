"""Whole-sentence forms about combat damage: how it is assigned (510.1a-d: as though unblocked, by the defending player,
divided freely), prevention (615.1) and prevention shields (615.7), damage multiplied (614.1a), redirected (614.9) or
made unpreventable (615.12), a player's protection (702.16e), counters that can't be put (122.1), life that can't
be gained (119.7), can't change (119.8) or be reduced below 1 by damage (614.1a), players who can't lose the game
(104.3b), regeneration (701.15)."""

from __future__ import annotations

from typing import Any, Literal

from legality.text.context import Unreadable
from legality.text.forms.base import Forms, _number, _toks
from legality.text.keywords import keyword_meaning
from legality.text.tree import NoCombat, Placed, Sentence
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

    def life_floor_you(self, c: list[Any]) -> Sentence:
        """Worship, Sustaining Spirit, Ali from Cairo, Angel's Grace: damage can't reduce its controller's life below 1
        (614.1a; the damage is still dealt, rulings of Worship 2004-10-04)."""
        return self._player(LifeFloor(kind="life_floor"), "life total held at 1")
