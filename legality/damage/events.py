"""Prevention and replacement of combat damage (615, 614, 616): from the amounts assigned to the amounts dealt.

Where the affected player has a choice — the order in which effects apply to damage dealt to them or to a
permanent they control (616.1), or which damage a prevention shield prevents when several sources deal damage at
once (615.7) — a ``Chooser`` makes it by the index it is given (0 when none is), and records every choice and how
many options it had, so that the damage step can be run once for each combination of choices.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Literal

from msgspec import Struct, field

from legality.damage.combat import Combat, State
from legality.match import MatchContext, allies_of, matches
from legality.traits import DamageEffect
from models.abilities import (
    ModifyDamage,
    PlayerProtection,
    PreventDamage,
    Protection,
    Quality,
    RedirectDamage,
    Unpreventable,
)

MAX_ORDERED = 4
"""Effects (or sources under one shield) whose orders are all tried; past that, the order given is used and the
verdict says that not every order was tried."""


MAX_AMOUNT = 10**18
"""The most damage (or life gained) one event is taken to be, however many effects double it: every number on a board
is within ±10⁶, so past this the results are the same (a player at 0 or less life, every creature destroyed) and the
figures stay printable (Python prints no integer of more than 4,300 digits)."""


class Chooser(Struct):
    """Makes each choice by the index ``prefix`` gives it (0 past its end) and records what was chosen."""

    prefix: tuple[int, ...] = ()
    counts: list[int] = field(default_factory=list)
    taken: list[int] = field(default_factory=list)
    made: list[str] = field(default_factory=list)
    partial: bool = False

    def choose(self, who: str, what: str, options: list[str]) -> int:
        i = len(self.counts)
        pick = self.prefix[i] if i < len(self.prefix) else 0
        self.counts.append(len(options))
        self.taken.append(pick)
        self.made.append(f"{who} {what}: {options[pick]}")
        return pick


def every_choice(run: Callable[[Chooser], object], limit: int) -> tuple[list[Chooser], bool]:
    """Run ``run`` once for each combination of choices (a depth-first walk over the choice points it meets), at
    most ``limit`` times; the choosers of the runs, and whether every combination was run."""
    done: list[Chooser] = []
    stack: list[tuple[int, ...]] = [()]
    while stack:
        if len(done) >= limit:
            return done, False
        prefix = stack.pop()
        chooser = Chooser(prefix)
        run(chooser)
        done.append(chooser)
        for i in range(len(chooser.counts) - 1, len(prefix) - 1, -1):
            for alt in range(chooser.counts[i] - 1, 0, -1):
                stack.append((*chooser.taken[:i], alt))
    return done, True


class Mod(Struct, frozen=True):
    """One prevention or replacement effect that applies to the damage dealt to one recipient."""

    kind: Literal["prevent", "shield", "modify", "redirect", "prevent_n"]
    name: str
    sources: frozenset[str]
    rule: str
    shield: int | None = None
    dest: str | None = None
    effect: int | None = None
    factor: int = 1
    plus: int = 0
    """``modify``: the amount becomes amount x factor + plus; ``prevent_n``: ``plus`` of each event is prevented."""

    @property
    def ordered(self) -> bool:
        """Whether where it comes in the order can change the result (616.1): a shield, a redirection, a part
        prevented or added; doubling and preventing all of it commute with each other."""
        return self.kind in ("shield", "redirect", "prevent_n") or (self.kind == "modify" and self.plus > 0)


def _matches(combat: Combat, ab: PreventDamage | ModifyDamage, e: DamageEffect, target: str, source: str,
             players: set[str]) -> bool:
    """Whether the damage event of ``source`` to ``target`` is one the effect speaks of: its recipient, its source, and
    their qualities (614.1a, 615.1)."""
    holder = e.holder
    if not (ab.dealt_by == "any" or (ab.dealt_by == "it" and source == holder)):
        return False
    if not _recipient(combat, ab.dealt_to, e, target, players):
        return False
    if ab.by_quality is not None and not _has(combat, ab.by_quality, e, source):
        return False
    return ab.to_quality is None or _has(combat, ab.to_quality, e, target)


def _recipient(combat: Combat, dealt_to: str, e: DamageEffect, target: str, players: set[str]) -> bool:
    """Whether ``target`` is the recipient an effect names: any, it, you, a player, an opponent or a permanent an
    opponent controls (102.3: not a teammate), you or another permanent you control."""
    if dealt_to == "any":
        return True
    if dealt_to == "it":
        return target == e.holder
    if dealt_to == "you":
        return target == e.you
    if dealt_to == "player":
        return target in players
    perm = combat.game.perms.get(target)
    who = target if perm is None else perm.controller
    if dealt_to == "opponents":
        return who not in (combat.game.board.allies(e.you))
    return who == e.you and target not in (e.holder, e.origin)  # "you or another permanent you control"


def _has(combat: Combat, quality: Quality, e: DamageEffect | str, pid: str) -> bool:
    """Whether permanent ``pid`` (a player never does) has ``quality``, measured for the effect ``e`` (its controller
    and the permanent it comes from: "another source you control"), or for a controller alone."""
    game = combat.game
    if pid not in game.perms or pid not in game.traits:
        return False
    you, origin = (e, None) if isinstance(e, str) else (e.you, e.origin)
    if origin is not None and origin.startswith("effect["):  # an effect's "other" is other than its source
        origin = game.board.effects[int(origin[7:-1])].source_id
    ctx = MatchContext.of(game.board).for_source(you, game.perms.get(origin) if origin else None)
    return matches(quality, game.perms[pid], game.traits[pid].keywords, ctx)


def _protection_from(combat: Combat, target: str, source: str) -> bool:
    """702.16e: damage from a source with the quality protected against is prevented."""
    game = combat.game
    if target not in game.traits:
        return False
    src = game.perms[source]
    for s in game.traits[target].of("protection"):
        ab = s.ability
        assert isinstance(ab, Protection)
        if ab.everything or (ab.player is not None and src.controller == (s.you if ab.player == "you" else ab.player)):
            return True
        if ab.quality is not None and matches(ab.quality, src, game.traits[source].keywords, game.context(s)):
            return True
    return False


def _player_protected(combat: Combat, ab: PlayerProtection, you: str, source: str) -> bool:
    """702.16e for a player: the source has the quality ``you`` has protection from (or it is from everything), or
    it is controlled by one of ``you``'s opponents when the protection is from each of them (102.3: not a teammate)."""
    if ab.from_opponents:
        src = combat.game.perms.get(source)
        return src is not None and src.controller not in (allies_of(combat.game.board).get(you) or frozenset((you,)))
    return ab.everything or ab.quality is None or _has(combat, ab.quality, you, source)


def unpreventable(combat: Combat, source: str) -> bool:
    """615.12: damage from ``source`` can't be prevented ("damage can't be prevented this turn", or an effect whose
    scope holds that source)."""
    for e in combat.game.damage_effects:
        ab = e.ability
        if not isinstance(ab, Unpreventable) or (ab.dealt_by == "it" and source not in (e.holder, e.origin)):
            continue
        if ab.by_quality is None or _has(combat, ab.by_quality, e, source):
            return True
    return False


def _redirect_to(combat: Combat, ab: RedirectDamage, holder: str | None, you: str, target: str) -> str | None:
    """Where a redirection effect sends damage that would go to ``target`` (None: it does not apply); its object
    must be on the battlefield and a creature, planeswalker or battle (614.9), and the recipient must change."""
    perms = combat.game.perms
    if holder is None or holder not in perms:
        return None
    it = perms[holder]
    if not (it.is_creature or {"planeswalker", "battle"} & set(it.card_types)):
        return None
    applies = ((ab.dealt_to == "you" and target == you) or (ab.dealt_to == "it" and target == holder) or (
        ab.dealt_to == "yours" and (target == you or (target in perms and perms[target].controller == you
                                                      and target != holder))))
    dest = holder if ab.to == "it" else it.controller
    return dest if applies and dest != target else None


def mods_for(combat: Combat, state: State | None, target: str, sources: list[str],
             used: frozenset[int] = frozenset()) -> list[Mod]:
    """The effects that apply to damage from ``sources`` to ``target``, in the board's order; none that prevent
    when damage can't be prevented (615.12: shields are not used up either); shields only with a ``state`` that
    says what they have left."""
    out: list[Mod] = []
    free = frozenset(s for s in sources if unpreventable(combat, s))  # no prevention applies to their damage
    players = {p.id for p in combat.game.board.players}
    for i, e in enumerate(combat.game.damage_effects):
        ab = e.ability
        if isinstance(ab, RedirectDamage):
            dest = _redirect_to(combat, ab, e.holder, e.you, target) if i not in used else None
            if dest is not None and sources:
                out.append(Mod("redirect", e.source, frozenset(sources), "614.9", dest=dest, effect=i))
            continue
        if isinstance(ab, PlayerProtection):
            hit = frozenset(s for s in sources if target == e.you and _player_protected(combat, ab, e.you, s)) - free
            if hit:
                out.append(Mod("prevent", f"{e.source}: {e.you}'s protection", hit, "702.16e"))
            continue
        if not isinstance(ab, (PreventDamage, ModifyDamage)):
            continue
        hit = frozenset(s for s in sources if _matches(combat, ab, e, target, s, players))
        if not hit:
            continue
        if isinstance(ab, ModifyDamage):
            out.append(Mod("modify", e.source, hit, "614.1a", factor=ab.factor, plus=ab.plus))
            continue
        hit -= free
        if not hit:
            continue
        if ab.each is not None:
            out.append(Mod("prevent_n", e.source, hit, "615.1", plus=ab.each))
        elif ab.amount is None:
            out.append(Mod("prevent", e.source, hit, "615.1"))
        elif state is not None and state.shields.get(i, 0) > 0:
            out.append(Mod("shield", e.source, hit, "615.7", shield=i))
    protected = frozenset(s for s in sources if _protection_from(combat, target, s)) - free
    if protected:
        out.append(Mod("prevent", "protection", protected, "702.16e"))
    return out


def affected_player(combat: Combat, target: str) -> str:
    """Who chooses for damage dealt to ``target`` (616.1): the player, or the permanent's controller."""
    p = combat.game.perms.get(target)
    return target if p is None else p.controller


class Outcome(Struct, frozen=True):
    """One source's damage to one recipient after prevention and replacement."""

    source: str
    dealt: int
    prevented: int
    rules: tuple[str, ...]
    to: str | None = None
    """Where the damage was dealt when a redirection effect moved it (614.9); None: the recipient it was assigned to."""


def modify(combat: Combat, state: State, target: str, incoming: list[tuple[str, int]],
           chooser: Chooser, used: frozenset[int] = frozenset()) -> list[Outcome]:
    """The damage each source deals to ``target`` once every applicable effect has been applied, in the order the
    affected player chooses (616.1); a shield prevents the damage of the sources they choose first (615.7); damage
    redirected (614.9) is a new event for its new recipient, whose own effects then apply, each redirection effect at
    most once to the same damage (614.5)."""
    sources = [s for s, n in incoming if n > 0]
    amounts = dict(incoming)
    prevented = {s: 0 for s in amounts}
    rules: dict[str, list[str]] = {s: [] for s in amounts}
    moved: dict[str, Outcome] = {}
    mods = mods_for(combat, state, target, sources, used)
    who = affected_player(combat, target)
    if len(mods) >= 2 and any(m.ordered for m in mods):  # only then can the order matter
        if len(mods) > MAX_ORDERED:
            chooser.partial = True
        else:
            orders = list(itertools.permutations(mods))
            pick = chooser.choose(who, f"orders the effects on damage to {target} (616.1)",
                                  [" then ".join(m.name for m in o) for o in orders])
            mods = list(orders[pick])
    for m in mods:
        hit = [s for s in sources if s in m.sources and amounts[s] > 0]
        if m.kind == "modify":
            for s in hit:
                amounts[s] = min(amounts[s] * m.factor + m.plus, MAX_AMOUNT)
                how = (f"x{m.factor}" if m.factor != 1 else "") + (f"+{m.plus}" if m.plus else "")
                rules[s].append(f"{m.rule} ({m.name}: {how})")
        elif m.kind == "prevent_n":
            for s in hit:
                take = min(m.plus, amounts[s])
                prevented[s] += take
                amounts[s] -= take
                rules[s].append(f"{m.rule} ({m.name}: {take} of it)")
        elif m.kind == "prevent":
            for s in hit:
                prevented[s] += amounts[s]
                amounts[s] = 0
                rules[s].append(f"{m.rule} ({m.name})")
        elif m.kind == "redirect":
            assert m.dest is not None and m.effect is not None
            for s in hit:
                (sub,) = modify(combat, state, m.dest, [(s, amounts[s])], chooser, used | {m.effect})
                rules[s].append(f"{m.rule} ({m.name}: dealt to {m.dest} instead of {target})")
                moved[s] = Outcome(s, sub.dealt, prevented[s] + sub.prevented, (*rules[s], *sub.rules),
                                   sub.to or m.dest)
                amounts[s] = 0
        else:
            assert m.shield is not None
            _shield(state, m, hit, amounts, prevented, rules, who, target, chooser)
    return [moved.get(s) or Outcome(s, amounts[s], prevented[s], tuple(rules[s])) for s, _ in incoming]


def _shield(state: State, m: Mod, hit: list[str], amounts: dict[str, int], prevented: dict[str, int],
            rules: dict[str, list[str]], who: str, target: str, chooser: Chooser) -> None:
    """615.7: the shield prevents damage a point at a time until it is used up; with several sources at once, the
    affected player chooses which damage it prevents (here: whose, in an order they choose)."""
    assert m.shield is not None
    left = state.shields.get(m.shield, 0)
    if left < sum(amounts[s] for s in hit) and len(hit) > 1:
        if len(hit) > MAX_ORDERED:
            chooser.partial = True
        else:
            orders = list(itertools.permutations(hit))
            pick = chooser.choose(who, f"chooses which damage to {target} {m.name}'s shield prevents first (615.7)",
                                  [", ".join(o) for o in orders])
            hit = list(orders[pick])
    for s in hit:
        take = min(left, amounts[s])
        if take:
            amounts[s] -= take
            prevented[s] += take
            left -= take
            rules[s].append(f"{m.rule} ({m.name}: {take} of its shield)")
    state.shields[m.shield] = left
