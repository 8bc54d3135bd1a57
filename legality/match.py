"""Whether a permanent has a quality ("creatures with flying you control", "attacking creatures"), measured
against the ability's controller and source and the combat on the board."""

from __future__ import annotations

from collections.abc import Mapping

from msgspec import Struct, field

from models.abilities import Quality
from models.board import Board, Permanent


class MatchContext(Struct, frozen=True):
    """What relative qualities are measured against: the ability's controller and source, and combat."""

    you: str | None = None
    source: Permanent | None = None
    attacking: frozenset[str] = frozenset()
    blocking: frozenset[str] = frozenset()
    targets: Mapping[str, str] = field(default_factory=dict)
    allies: Mapping[str, frozenset[str]] = field(default_factory=dict)
    besides: frozenset[str] = frozenset()
    """What "other" leaves out beside the source: an effect's targets ("other creatures can't attack this turn"
    on a spell that targeted one creature means the creatures other than it)."""

    @staticmethod
    def of(board: Board) -> MatchContext:
        """Who is attacking (what) and blocking on this board (for "attacking creatures" and the like), and with
        teams each player's team (teammates are not opponents, 102.3). A creature put onto the battlefield attacking
        (``declared`` false) is attacking once blockers are declared and at combat damage (508.4), not in the
        declaration of attackers it came after."""
        later = board.blocks is not None or board.damage is not None  # put onto the battlefield attacking: 508.4
        targets = {a.attacker: a.target for a in board.attacks or () if a.declared or later}
        return MatchContext(attacking=frozenset(targets), blocking=frozenset(b.blocker for b in board.blocks or ()),
                            targets=targets, allies=allies_of(board))

    def for_source(self, you: str | None, source: Permanent | None,
                   besides: frozenset[str] = frozenset()) -> MatchContext:
        return MatchContext(you, source, self.attacking, self.blocking, self.targets, self.allies, besides)


def allies_of(board: Board) -> dict[str, frozenset[str]]:
    """Player → their team's players, for the players on a team (empty without teams)."""
    return {pid: frozenset(t.players) for t in board.teams or () for pid in t.players}


NO_CONTEXT = MatchContext()


def matches(q: Quality, p: Permanent, keywords: frozenset[str], ctx: MatchContext = NO_CONTEXT) -> bool:
    """Whether permanent ``p`` (with these keywords) has quality ``q`` (relative parts measured by ``ctx``)."""
    colors = set(p.colors or ())
    ok = True
    if q.colors is not None:
        ok &= bool(colors & set(q.colors))
    if q.colorless is not None:
        ok &= (not colors) == q.colorless
    if q.multicolored is not None:
        ok &= (len(colors) > 1) == q.multicolored
    if q.types is not None:
        ok &= bool({t.lower() for t in q.types} & set(p.card_types))
    if q.subtypes is not None:
        ok &= bool({t.lower() for t in q.subtypes} & {t.lower() for t in p.subtypes or ()})
    if q.supertypes is not None:
        ok &= bool({t.lower() for t in q.supertypes} & {t.lower() for t in p.supertypes or ()})
    if q.keywords is not None:
        ok &= bool({k.lower() for k in q.keywords} & keywords)
    for bound, value, least in ((q.power_at_least, p.power, True), (q.power_at_most, p.power, False),
                                (q.toughness_at_least, p.toughness, True), (q.toughness_at_most, p.toughness, False)):
        if bound is not None:
            ok &= value is not None and (value >= bound if least else value <= bound)
    if q.names is not None:  # a face-down permanent has no name (708.2)
        ok &= not p.face_down and p.name.lower() in {n.lower() for n in q.names}
    if q.controller is not None:
        if q.controller == "you" or ctx.you is None or ctx.you not in ctx.allies:
            ok &= ctx.you is not None and (p.controller == ctx.you) == (q.controller == "you")
        else:  # an opponent is a player not on your team (102.3)
            ok &= p.controller not in ctx.allies[ctx.you]
    if q.other:
        ok &= (ctx.source is None or p.id != ctx.source.id) and p.id not in ctx.besides
    if q.attacking is not None:
        ok &= (p.id in ctx.attacking) == q.attacking
    if q.blocking is not None:
        ok &= (p.id in ctx.blocking) == q.blocking
    if q.tapped is not None:
        ok &= p.tapped == q.tapped
    if q.counter is not None:  # asked of the board like ``token``
        have = p.counters or {}
        ok &= any(n > 0 for n in have.values()) if q.counter == "" else have.get(q.counter, 0) > 0
    if q.token is not None:  # the game asks the board for ``token`` where rules text uses it (traits.asked_facts)
        ok &= (p.token is True) == q.token
    if q.attacking_player is not None:  # the player itself, not their planeswalkers or battles (506.2)
        player = ctx.you if q.attacking_player == "you" else ctx.source.attached_to if ctx.source else None
        ok &= player is not None and ctx.targets.get(p.id) == player
    if q.power_less_than_count is not None:  # counted as the game is built (legality.counts): never met here
        raise ValueError("a quality bounded by a count of the board was not counted")
    if q.power_vs_source is not None:
        src = ctx.source.power if ctx.source is not None else None
        ok &= src is not None and p.power is not None and (
            p.power < src if q.power_vs_source == "less" else p.power > src)
    if q.toughness_over_power is not None:
        ok &= p.power is not None and p.toughness is not None and (p.toughness > p.power) == q.toughness_over_power
    if q.any_of is not None:
        ok &= any(matches(sub, p, keywords, ctx) for sub in q.any_of)
    if q.all_of is not None:
        ok &= all(matches(sub, p, keywords, ctx) for sub in q.all_of)
    return ok != q.negate
