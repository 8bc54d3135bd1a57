"""Who is in combat at the damage step, who deals damage in which step, and to what (506.4, 509.1h, 510.4)."""

from __future__ import annotations

from msgspec import Struct, field

from legality.history import unknown_in
from legality.traits import Game
from models.abilities import Regenerate
from models.board import Permanent

STRIKE = ("first strike", "double strike")


class State(Struct):
    """What changes while damage is dealt: marked damage, counters, life, loyalty, who is gone."""

    damage: dict[str, int]
    deathtouched: set[str]
    minus: dict[str, int]  # -1/-1 counters put on by wither or infect
    life: dict[str, int]
    poison: dict[str, int]
    commander: dict[str, dict[str, int]]
    loyalty: dict[str, int]
    defense: dict[str, int]
    gone: dict[str, str] = field(default_factory=dict)  # permanent id → the rule that removed it
    lost: dict[str, str] = field(default_factory=dict)  # player id → the rule that made them lose
    shields: dict[int, int] = field(default_factory=dict)  # damage effect index → what its shield has left (615.7)
    shared: dict[str, tuple[str, ...]] = field(default_factory=dict)  # team id → players, for teams with shared life
    team_life: dict[str, int] = field(default_factory=dict)  # team id → its shared life total (810.9)
    regen: dict[str, int] = field(default_factory=dict)  # permanent id → regeneration shields left (701.15a)
    regenerated: dict[str, int] = field(default_factory=dict)  # permanent id → times it regenerated this combat
    removed: set[str] = field(default_factory=set)  # removed from combat during the damage (701.15a, 506.4)
    unattached: dict[str, str] = field(default_factory=dict)  # Equipment id → the rule that unattached it (704.5n)
    spared: set[str] = field(default_factory=set)  # players and teams kept from losing the game, said once (104.3b)

    @classmethod
    def of(cls, game: Game) -> State:
        b = game.board
        shared = {t.id: t.players for t in b.teams or () if t.life is not None}
        team_life = {t.id: t.life for t in b.teams or () if t.life is not None}
        life = {p.id: p.life for p in b.players}
        for tid, members in shared.items():
            life.update((pid, team_life[tid]) for pid in members)  # a player's life total is the team's (810.9)
        return cls(
            shared=shared,
            team_life=team_life,
            damage={p.id: p.damage for p in b.permanents},
            deathtouched=set(),  # only damage since the last check counts for 704.5h
            minus={},
            life=life,
            poison={p.id: p.poison for p in b.players},
            commander={p.id: dict(p.commander_damage) for p in b.players},
            loyalty={p.id: p.loyalty for p in b.permanents if p.loyalty is not None},
            defense={p.id: p.defense for p in b.permanents if p.defense is not None},
            shields={i: e.ability.amount for i, e in enumerate(game.damage_effects)
                     if e.ability.kind == "prevent_damage" and e.ability.amount is not None},
            regen=_regeneration_shields(game),
        )

    def out_of_combat(self, pid: str) -> bool:
        """Whether a creature declared in combat has left it during the damage: left the battlefield, or was removed
        from combat (regenerated, 701.15a, 506.4); an attacker it blocked stays blocked (509.1h)."""
        return pid in self.gone or pid in self.removed

    def change_life(self, player: str, delta: int) -> None:
        """Damage, life loss or gain of one player (120.3a, 702.15b): in Two-Headed Giant it happens to the player
        and the result is applied to the team's shared life total, every teammate's life total with it (810.9)."""
        for tid, members in self.shared.items():
            if player in members:
                self.team_life[tid] += delta
                for pid in members:
                    self.life[pid] = self.team_life[tid]
                return
        self.life[player] += delta

    def toughness(self, p: Permanent) -> int:
        return (p.toughness or 0) - self.minus.get(p.id, 0)

    def power(self, p: Permanent) -> int:
        return (p.power or 0) - self.minus.get(p.id, 0)


EVERY_TIME = 10**9
"""Shields that are never used up: more destructions than one combat can bring (701.15b: a static ability's
regeneration replaces each one)."""


def _regeneration_shields(game: Game) -> dict[str, int]:
    """Each permanent's regeneration shields (701.15a): those of every ``regenerate`` effect on it, added up."""
    out: dict[str, int] = {}
    for e in game.damage_effects:
        if isinstance(e.ability, Regenerate) and e.holder is not None:
            shields = EVERY_TIME if e.ability.each_time else e.ability.shields
            out[e.holder] = min(out.get(e.holder, 0) + shields, EVERY_TIME)
    return out


class Combat(Struct, frozen=True):
    """The combat as declared: attack targets, blockers of each attacker and attackers of each blocker.

    Orders are the board's ``damage_order`` where given, else the order of ``blocks`` (m10 only
    uses them). Blocking one member of a band blocks the whole band (702.22h). A permanent that has
    left the battlefield or was removed from combat (506.4) is in no list, but an attacker it blocked
    stays blocked (509.1h). ``edition`` is the rules edition the damage is judged under.
    """

    game: Game
    target_of: dict[str, str]
    blockers_of: dict[str, tuple[str, ...]]
    attackers_of: dict[str, tuple[str, ...]]
    blocked: frozenset[str]
    edition: str = "current"

    @classmethod
    def of(cls, game: Game, edition: str = "current") -> Combat:
        board = game.board
        on_field = {pid: p for pid, p in game.perms.items() if not p.removed_from_combat}
        target_of = {a.attacker: a.target for a in board.attacks or () if a.attacker in on_field}
        bands: dict[str, list[str]] = {}
        for a in board.attacks or ():
            if a.band is not None:
                bands.setdefault(a.band, []).append(a.attacker)
        band_of = {m: tuple(ms) for ms in bands.values() for m in ms}
        blockers: dict[str, list[str]] = {a: [] for a in target_of}
        attackers: dict[str, list[str]] = {}
        blocked: set[str] = set()
        for bl in board.blocks or ():
            for member in band_of.get(bl.attacker, (bl.attacker,)):
                if member not in target_of:
                    continue
                blocked.add(member)
                if bl.blocker in on_field:
                    if bl.blocker not in blockers[member]:
                        blockers[member].append(bl.blocker)
                    if member not in attackers.setdefault(bl.blocker, []):
                        attackers[bl.blocker].append(member)
        order = board.damage_order or {}

        def ordered(key: str, items: list[str]) -> tuple[str, ...]:
            given = [i for i in order.get(key, ()) if i in items]
            return tuple(given + [i for i in items if i not in given])

        return cls(game, target_of, {a: ordered(a, bs) for a, bs in blockers.items()},
                   {b: ordered(b, as_) for b, as_ in attackers.items()}, frozenset(blocked), edition)

    def in_combat(self) -> list[str]:
        """Attacking and blocking creatures still on the battlefield, attackers first."""
        return list(self.target_of) + [b for b in self.attackers_of if b not in self.target_of]

    def has(self, pid: str, keyword: str) -> bool:
        return self.game.traits[pid].has(keyword)

    def has_ability(self, pid: str, kind: str) -> bool:
        """Whether ``pid`` has an ability of that kind (its own, granted, or from an effect)."""
        return pid in self.game.traits and bool(self.game.traits[pid].of(kind))

    def has_static(self, pid: str, keyword: str) -> bool:
        """Whether ``pid`` has ``keyword`` as the static ability it is today, not the triggered ability it
        was before Magic 2010 (deathtouch 702.2, lifelink 702.15; see ``legality.history``)."""
        return self.has(pid, keyword) and not unknown_in(self.edition, keyword)

    def attacked(self, target: str, state: State) -> bool:
        """Whether the attack target is still attacked: a player, or a permanent still in combat (506.4c)."""
        if target in {p.id for p in self.game.board.players}:
            return True
        p = self.game.perms.get(target)
        return p is not None and not p.removed_from_combat and not state.out_of_combat(target)

    def has_first_strike_step(self) -> bool:
        """510.4: a first-strike step happens if any attacker or blocker has first or double strike."""
        return any(self.has(c, k) for c in self.in_combat() for k in STRIKE)

    def deals_in(self, pid: str, step: str, two_steps: bool) -> bool:
        """Whether the creature assigns combat damage in this step (510.4, 702.4b, 702.7b)."""
        if not two_steps:
            return step == "regular"
        if step == "first":
            return any(self.has(pid, k) for k in STRIKE)
        return self.has(pid, "double strike") or not self.has(pid, "first strike")

    def amount(self, pid: str, state: State) -> int:
        """Damage it assigns: its power, or its toughness under Doran (510.1a); 0 or less is none, and so is any
        amount of a creature that "assigns no combat damage"."""
        p = self.game.perms[pid]
        if self.has_ability(pid, "assigns_no_combat_damage"):
            return 0
        by_toughness = bool(self.game.traits[pid].of("damage_by_toughness"))
        return max(state.toughness(p) if by_toughness else state.power(p), 0)

    def defending_player(self, target: str) -> str | None:
        p = self.game.perms.get(target)
        if p is None:
            return target if target in {pl.id for pl in self.game.board.players} else None
        return p.protector if "battle" in p.card_types and p.protector else p.controller
