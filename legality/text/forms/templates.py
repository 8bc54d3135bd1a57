"""The other whole-sentence templates: lures (509.1c), attack requirements and limits on the number of attackers and
blockers (508.1c-d, 509.1b), and templates with no combat meaning (who chooses the block, an additional combat
phase, 500.8; casting timing; activated abilities that can't be activated)."""

from __future__ import annotations

from typing import Any

from legality.text.context import Unreadable
from legality.text.forms.base import Forms, _number, _toks
from legality.text.tree import NoCombat, Placed, Selector, Sentence
from models.abilities import AttacksPermanent, CantAttack, Grant, LandwalkBlockable, MaxAttackers, MaxBlockers, Simple


class TemplateForms(Forms):
    """Whole-sentence templates about declaring attackers and blockers."""

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

    def landwalk_blockable(self, c: list[Any]) -> Sentence:
        """Quagmire: "creatures with swampwalk can be blocked as though they didn't have swampwalk"; Staff of the Ages
        for every landwalk (702.14c)."""
        walks = {str(t) for t in _toks(c, "LANDWALK")}
        if len(walks) > 1:
            raise Unreadable(f"two different landwalks: {', '.join(sorted(walks))}")
        ab = LandwalkBlockable(kind="landwalk_blockable", landwalk=walks.pop() if walks else None)
        return Sentence("template", (Placed("global", (ab,), "landwalk blockable"),))

    def players_attack_source(self, c: list[Any]) -> Sentence:
        """Gideon Jura's +2 (an effect targeting a player): "creatures that player controls attack Gideon Jura if
        able" (508.1d), the planeswalker being the effect's source (its ``source_id``, else found by name)."""
        ab = Grant(kind="grant", to="target_players", abilities=(
            AttacksPermanent(kind="attacks_permanent_if_able", permanent=self.ctx.source_id),))
        return Sentence("template", (Placed("global", (ab,), "creatures of the targeted players"),))

    def player_cant_attack(self, c: list[Any]) -> Sentence:
        """"Target player can't attack you or planeswalkers you control this turn": none of the creatures that player
        controls can attack the effect's controller (or their planeswalkers and battles): 508.1c."""
        pw = "you_pw" in c
        ab = Grant(kind="grant", to="target_players", abilities=(
            CantAttack(kind="cant_attack", defender="you", planeswalkers=pw),))
        return Sentence("template", (Placed("global", (ab,), "the targeted players can't attack"),))

    def only_targets_attack(self, c: list[Any]) -> Sentence:
        """"Only target creatures can attack this turn": every creature the effect doesn't target can't attack (508.1c);
        the targets may attack, and need not."""
        ab = Grant(kind="grant", to="all", except_targets=True, abilities=(CantAttack(kind="cant_attack"),))
        return Sentence("template", (Placed("global", (ab,), "only the targets can attack"),))

    def master_warcraft(self, c: list[Any]) -> Sentence:
        return Sentence("template", (NoCombat("who chooses the block; the choice must still be legal (Master "
                                              "Warcraft ruling, 2005-10-01)"),))

    def extra_combat(self, c: list[Any]) -> Sentence:
        why = "an additional combat phase: each declaration is judged in its own combat (500.8)"
        return Sentence("template", (NoCombat(why),))

    def cast_timing(self, c: list[Any]) -> Sentence:
        return Sentence("template", (NoCombat("when the spell may be cast"),))

    def no_activation(self, c: list[Any]) -> Sentence:
        return Sentence("template", (NoCombat("stops activated abilities: give their results, if any, as effects"),))
