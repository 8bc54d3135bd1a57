"""The declaration of blockers as one ``Problem`` per defending player (509.1, 802.4b), or with teams one per
defending team (805.10d)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence

from legality.attacks import cost_amount, counted_others, defending_player_of, others_words
from legality.deadline import check
from legality.match import matches
from legality.rules import INFINITY, Atom, Cost, Forbidden, Problem, Requirement, Restriction
from legality.text.describe import quality_words
from legality.traits import Game, Sourced
from models.abilities import (
    Ability,
    BlockAdditional,
    BlockCost,
    BlockedByCount,
    BlockedByQuality,
    BlockerCount,
    BlocksAttacker,
    CanBlockOnly,
    CantBlock,
    Landwalk,
    LandwalkBlockable,
    OthersAlso,
    Protection,
)
from models.board import Permanent


def defending_players(game: Game) -> list[str]:
    """Players attacked by at least one attacking creature, in turn order (APNAP, 802.4)."""
    hit = {defending_player_of(game, a.target) for a in game.board.attacks or ()}
    return [p.id for p in game.board.players if p.id in hit]


def defending_sides(game: Game) -> list[str]:
    """Who declares blockers, one problem each, in turn order: each defending player alone (802.4b) or, with teams,
    each defending team as a whole (805.10d: its players' creatures block creatures attacking any of them)."""
    return list(dict.fromkeys(game.board.side(p) for p in defending_players(game)))


def bands(game: Game) -> dict[str, tuple[str, ...]]:
    """Attacker → the members of its band (itself alone if it is in none), 702.22h."""
    members: dict[str, list[str]] = defaultdict(list)
    for a in game.board.attacks or ():
        if a.band is not None:
            members[a.band].append(a.attacker)
    out: dict[str, tuple[str, ...]] = {a.attacker: (a.attacker,) for a in game.board.attacks or ()}
    for group in members.values():
        for m in group:
            out[m] = tuple(group)
    return out


def _stops_blocking(ab: Ability) -> bool:
    """Whether a blocker's ability can stop it blocking some attacker (what ``_evasion`` asks of it)."""
    return ab.kind == "cant_attack_or_block" or isinstance(ab, (CantBlock, CanBlockOnly))


def _evades(ab: Ability) -> bool:
    """Whether an attacker's ability can stop some creature blocking it (what ``_attacker_side`` answers)."""
    return ab.kind == "cant_be_blocked" or isinstance(ab, (Protection, Landwalk, BlockedByQuality))


def _evasion(game: Game, b: Permanent, a: Permanent, defender: str, b_types: tuple[str, ...],
             b_abilities: Sequence[Sourced], a_abilities: Sequence[Sourced]) -> list[tuple[str, str, str]]:
    """Why blocker ``b`` can't block attacker ``a``: (rule, message, source) for each reason. ``b_types`` are the
    blocker's card types; ``b_abilities`` and ``a_abilities`` their abilities that can bear on it
    (``_stops_blocking``, ``_evades``), worked out once per creature."""
    tb, ta = game.traits[b.id], game.traits[a.id]
    kb, ka = tb.keywords, ta.keywords
    out: list[tuple[str, str, str]] = []
    if b.tapped:
        out.append(("509.1a", f"{_named(b)} is tapped; only untapped creatures can block", b.name))
    if "battle" in b_types:
        out.append(("509.1a", f"{_named(b)} is a battle and can't block", b.name))
    if "flying" in ka and not ("flying" in kb or "reach" in kb):
        out.append(("702.9b", f"{_named(a)} has flying and {_named(b)} has neither flying nor reach", a.name))
    if ka & _EVASIVE or kb & _EVASIVE:
        out.extend(_evasive_keywords(b, a, kb, ka, b_types, bool(tb.of("blocks_shadow")),
                                     bool(tb.of("blocks_shadow_as_none"))))
    if "skulk" in ka and (b.power or 0) > (a.power or 0):
        out.append(("702.118b", f"{_named(a)} has skulk and {_named(b)} has greater power", a.name))
    for s in a_abilities:
        out.extend(_attacker_side(game, s, b, a, defender))
    for s in b_abilities:
        ab = s.ability
        if ab.kind == "cant_attack_or_block":
            out.append(("509.1b", f"{_named(b)} can't block ({s.source})", s.source))
        elif isinstance(ab, CantBlock):
            if ab.attacker is None and ab.quality is None:
                out.append(("509.1b", f"{_named(b)} can't block ({s.source})", s.source))
            elif ab.attacker == a.id or (ab.quality is not None
                                         and matches(ab.quality, a, ka, game.context(s))):
                out.append(("509.1b", f"{_named(b)} can't block {_named(a)} ({s.source})", s.source))
        elif isinstance(ab, CanBlockOnly) and not matches(ab.quality, a, ka, game.context(s)):
            out.append(("509.1b", f"{_named(b)} can block only certain creatures, and not {_named(a)} ({s.source})",
                        s.source))
    return out


_EVASIVE = frozenset({"shadow", "horsemanship", "fear", "intimidate"})
"""Keywords checked in ``_evasive_keywords`` (rare: most pairs skip it)."""


def _blocker_plain(b: Permanent, kb: frozenset[str], b_types: tuple[str, ...],
                   stopping: Sequence[Sourced]) -> tuple[bool, bool]:
    """(whether no reason of ``_evasion`` lies with the blocker itself, whether it has neither flying nor reach):
    with an attacker that can't evade it (``_attacker_may_evade``) and doesn't fly over it, ``_evasion`` finds
    nothing, so ``block_problem`` doesn't ask it. Every test ``_evasion`` makes is on one side or the other."""
    return (not (b.tapped or "battle" in b_types or stopping or kb & _EVASIVE),
            not ("flying" in kb or "reach" in kb))


def _attacker_may_evade(ka: frozenset[str], a_abilities: Sequence[Sourced]) -> bool:
    """Whether an attacker's own keywords or abilities (flying aside) could stop some blocker (``_blocker_plain``)."""
    return bool(a_abilities) or bool(ka & _EVASIVE) or "skulk" in ka


def _named(p: Permanent) -> str:
    return f"{p.name} ({p.id})"


def _evasive_keywords(b: Permanent, a: Permanent, kb: frozenset[str], ka: frozenset[str],
                      b_types: tuple[str, ...], blocks_shadow: bool, as_none: bool) -> list[tuple[str, str, str]]:
    """``blocks_shadow``: the blocker "can block creatures with shadow as though it had shadow" (Heartwood Dryad),
    and still creatures without it; ``as_none``: "... as though they didn't have shadow" (Wall of Diffusion, Aether
    Web): it treats attackers as having no shadow, so with shadow itself it can block none of them (Aether Web's
    ruling of 2006-09-25)."""
    bn, an = _named(b), _named(a)
    out: list[tuple[str, str, str]] = []
    if "shadow" in ka and "shadow" not in kb and not (blocks_shadow or as_none):
        out.append(("702.28b", f"{an} has shadow and {bn} doesn't", a.name))
    if "shadow" in kb and "shadow" not in ka:
        out.append(("702.28b", f"{bn} has shadow and can block only creatures with shadow", b.name))
    elif "shadow" in kb and as_none:
        out.append(("702.28b", f"{bn} has shadow and can block only creatures with shadow, and it blocks {an} as "
                    "though it didn't have shadow", b.name))
    if "horsemanship" in ka and "horsemanship" not in kb:
        out.append(("702.31b", f"{an} has horsemanship and {bn} doesn't", a.name))
    if "fear" in ka and not ("artifact" in b_types or "B" in (b.colors or ())):
        out.append(("702.36b", f"{an} has fear; {bn} is neither an artifact creature nor black", a.name))
    if "intimidate" in ka and not ("artifact" in b_types or set(b.colors or ()) & set(a.colors or ())):
        out.append(("702.13b", f"{an} has intimidate; {bn} is not an artifact creature and shares no "
                               "color with it", a.name))
    return out


def _attacker_side(game: Game, s: Sourced, b: Permanent, a: Permanent, defender: str) -> list[tuple[str, str, str]]:
    """Why ``b`` can't block ``a`` by the attacker's ability ``s``: only abilities ``_evades`` picks out are asked
    (``block_problem`` gives no other), so a case added here and not there is never reached, and its test fails."""
    ab, tb = s.ability, game.traits[b.id]
    if not _evades(ab):
        return []
    bn, an = _named(b), _named(a)
    if ab.kind == "cant_be_blocked":
        return [("509.1b", f"{an} can't be blocked ({s.source})", s.source)]
    if isinstance(ab, Protection):
        hit = (ab.everything or (ab.player is not None
                                 and b.controller == (s.you if ab.player == "you" else ab.player))
               or (ab.quality is not None and matches(ab.quality, b, tb.keywords, game.context(s))))
        if hit:
            what = s.keyword or "protection"
            return [("702.16f", f"{an} has {what} and can't be blocked by {bn}", s.source)]
    if isinstance(ab, Landwalk) and not any(
            isinstance(g.ability, LandwalkBlockable) and g.ability.landwalk in (None, s.keyword) for g in game.globals):
        lands = [p for p in game.board.permanents
                 if p.controller == defender and "land" in p.card_types
                 and matches(ab.land, p, game.traits[p.id].keywords)]
        if lands:
            what = s.keyword or "landwalk"
            return [("702.14c", f"{an} has {what} and {defender} controls {lands[0].name} ({lands[0].id})",
                     s.source)]
    if isinstance(ab, BlockedByQuality):
        m = matches(ab.quality, b, tb.keywords, game.context(s))
        if ab.kind == "cant_be_blocked_by" and m:
            return [("509.1b", f"{an} can't be blocked by creatures like {bn} ({s.source})", s.source)]
        if ab.kind == "cant_be_blocked_except_by" and not m:
            return [("509.1b", f"{an} can be blocked only by certain creatures, and not by {bn} "
                               f"({s.source})", s.source)]
    return []


def unless_others_block(game: Game, b: Permanent, s: Sourced, blockers: list[Permanent],
                        blocks_by: dict[str, frozenset[Atom]]) -> Restriction:
    """509.1b: "can't block unless at least N other creatures [with a quality] block" (Orcish Conscripts, Okk):
    when the creature blocks, the number of other blockers of its player with the quality must be N or more."""
    ab = s.ability
    assert isinstance(ab, OthersAlso)
    groups = counted_others(game, b, s, ((p, blocks_by[p.id]) for p in blockers))
    return Restriction("509.1b", f"{_named(b)} can't block unless {others_words(ab, 'block')} ({s.source})",
                       s.source, groups, ((ab.n, INFINITY),), blocks_by[b.id], (b.id,))


def unless_all_block(a: Permanent, s: Sourced, blockers: list[Permanent], defending: str,
                     theirs: list[Atom]) -> Restriction:
    """509.1b: "can't be blocked unless all creatures defending player controls block it": blocked at all, every
    creature of the player it attacks blocks it (805.10e: with teams, that player, not the teammate)."""
    named = f"{_named(a)} can't be blocked unless all creatures {defending} controls block it ({s.source})"
    own = [b for b in blockers if b.controller == defending]
    if len(own) == len(blockers):
        return Restriction("509.1b", named, s.source, tuple(frozenset([x]) for x in theirs),
                           ((0, 0), (len(blockers), len(blockers))), permanents=(a.id,))
    groups = tuple(frozenset([(b.id, a.id)]) for b in own)
    return Restriction("509.1b", named, s.source, groups, ((len(own), len(own)),), frozenset(theirs), (a.id,))


def blockers_words(ab: BlockedByCount) -> str:
    """"two or more creatures", "exactly one creature", "a creature (Eldrazi)"."""
    what = f" ({quality_words(ab.quality)})" if ab.quality is not None else ""
    if ab.at_most is None:
        return f"a creature{what}" if ab.at_least == 1 else f"{ab.at_least} or more creatures{what}"
    if ab.at_most == ab.at_least:
        return f"exactly {ab.at_least} creature{'s' if ab.at_least != 1 else ''}{what}"
    return f"{ab.at_least} to {ab.at_most} creatures{what}"


def blocked_by(game: Game, a: Permanent, s: Sourced, blockers: list[Permanent],
               hits: Callable[[str, str], frozenset[Atom]]) -> Requirement:
    """509.1c: "must be blocked by [N or more / exactly N / a quality] creature(s) if able", one requirement
    (Gorm the Great, Nacatl War-Pride, Slayer's Cleaver). One group per creature it counts (its blocks of the
    attacker's band, 702.22h); "a creature with a quality" is obeyed by any of their blocks, a plain requirement."""
    ab = s.ability
    assert isinstance(ab, BlockedByCount)
    ctx = game.context(s)
    counted = [b for b in blockers
               if ab.quality is None or matches(ab.quality, b, game.traits[b.id].keywords, ctx)]
    groups = tuple(g for g in (hits(b.id, a.id) for b in counted) if g)
    text = f"{_named(a)} must be blocked by {blockers_words(ab)} if able ({s.source})"
    union = frozenset().union(*groups)
    if ab.at_least == 1 and ab.at_most is None:
        return Requirement("509.1c", text, s.source, a.id, union)
    return Requirement("509.1c", text, s.source, a.id, union, groups=groups,
                       domain=((ab.at_least, ab.at_most if ab.at_most is not None else INFINITY),))


def block_problem(game: Game, defender: str) -> Problem:
    """Build the block problem of one defending player (802.4b: others' attackers and blockers ignored), or with
    teams of one defending team (``defender`` its id): one combined block, legal as a whole, by the creatures of
    all its players, of creatures attacking any of them (805.10d)."""
    board = game.board
    band_of = bands(game)
    side = set(board.side_players(defender))
    attacked = {a.attacker: defending_player_of(game, a.target) for a in board.attacks or ()}
    attackers = [game.perms[a.attacker] for a in board.attacks or () if attacked[a.attacker] in side]
    blockers = [p for p in game.creatures if p.controller in side]
    atoms = [(b.id, a.id) for b in blockers for a in attackers]
    by_blocker = {b.id: [(b.id, a.id) for a in attackers] for b in blockers}
    blocks_by = {b: frozenset(v) for b, v in by_blocker.items()}  # one object per blocker, shared by restrictions
    by_attacker = {a.id: [(b.id, a.id) for b in blockers] for a in attackers}
    forbidden: dict[Atom, list[Forbidden]] = defaultdict(list)
    restrictions: list[Restriction] = []
    requirements: list[Requirement] = []
    costs: list[Cost] = []

    atom_set = set(atoms)
    single = {x: frozenset([x]) for x in atoms}  # one group object per atom, shared by the restrictions counting it

    def hits(bid: str, aid: str) -> frozenset[Atom]:
        """Atoms by which ``bid`` blocks ``aid``: blocking any band member blocks it (702.22h)."""
        return frozenset((bid, m) for m in band_of.get(aid, (aid,)) if (bid, m) in atom_set)

    evading = {a.id: [s for s in game.traits[a.id].abilities if _evades(s.ability)] for a in attackers}
    evasive = {a.id: _attacker_may_evade(game.traits[a.id].keywords, evading[a.id]) for a in attackers}
    for b in blockers:
        check("building the block problem (which creature can block which)")
        b_types = b.card_types
        stopping = [s for s in game.traits[b.id].abilities if _stops_blocking(s.ability)]
        plain, grounded = _blocker_plain(b, game.traits[b.id].keywords, b_types, stopping)
        for a in attackers:
            if plain and not evasive[a.id] and not (grounded and "flying" in game.traits[a.id].keywords):
                continue  # no reason of ``_evasion`` can apply to this pair
            for rule, msg, src in _evasion(game, b, a, attacked[a.id], b_types, stopping, evading[a.id]):
                forbidden[(b.id, a.id)].append(Forbidden((b.id, a.id), rule, msg, src))

    banded = {m for m in band_of.values() if len(m) > 1}
    for b in blockers:
        check("building the block problem (blockers' restrictions and requirements)")
        tb = game.traits[b.id]
        n = f"{b.name} ({b.id})"
        mine = by_blocker[b.id]
        if tb.of("block_any_number"):
            cap = INFINITY
        else:
            cap = 1 + sum(s.ability.n for s in tb.of("block_additional") if isinstance(s.ability, BlockAdditional))
        if cap < len(mine):
            restrictions.append(Restriction(
                "509.1a", f"{n} can block only {cap} creature{'s' if cap != 1 else ''}", b.name,
                tuple(single[a] for a in mine), ((0, cap),), permanents=(b.id,)))
        for members in banded:
            group = [(b.id, m) for m in members if (b.id, m) in atom_set]
            if len(group) > 1 and cap > 1:
                restrictions.append(Restriction(
                    "702.22h", f"{n} blocks a band by blocking one of its members; it can't block two "
                    "members of the same band", b.name, tuple(frozenset([x]) for x in group), ((0, 1),),
                    permanents=(b.id,)))
        for s in tb.of("cant_block_alone", "cant_attack_or_block_alone"):
            restrictions.append(Restriction(
                "509.1b", f"{n} can't block alone ({s.source}); another creature must block too",
                s.source, tuple(v for k, v in blocks_by.items() if k != b.id), ((1, INFINITY),),
                blocks_by[b.id], (b.id,)))
        for s in tb.of("cant_block_unless_others_block"):
            restrictions.append(unless_others_block(game, b, s, blockers, blocks_by))
        for i, s in enumerate(tb.of("block_cost")):  # one key per cost, however many one source gives
            assert isinstance(s.ability, BlockCost)
            costs.append(Cost(f"{s.origin}:{b.id}" + (f"#{i}" if i else ""), "509.1d", s.source, b.id, b.controller,
                              cost_amount(game, s), frozenset(mine)))
        for s in tb.of("blocks_each_combat"):
            requirements.append(Requirement("509.1c", f"{n} blocks each combat if able ({s.source})",
                                            s.source, b.id, frozenset(mine)))
        for s in tb.of("blocks_if_able"):
            assert isinstance(s.ability, BlocksAttacker)
            target = s.ability.attacker
            requirements.append(Requirement(
                "509.1c", f"{n} blocks {game.perms[target].name} ({target}) if able ({s.source})",
                s.source, b.id, hits(b.id, target) if target in by_attacker else frozenset()))

    for a in attackers:
        check("building the block problem (attackers' restrictions and requirements)")
        ta = game.traits[a.id]
        n = f"{a.name} ({a.id})"
        theirs = by_attacker[a.id]
        singles = tuple(single[x] for x in theirs)
        for s in ta.abilities:
            ab = s.ability
            if isinstance(ab, BlockerCount) and ab.kind == "min_blockers":
                rule = "702.111b" if s.keyword == "menace" else "509.1b"
                what = "menace" if s.keyword == "menace" else f"can't be blocked except by {ab.n} or more " \
                                                              f"creatures ({s.source})"
                restrictions.append(Restriction(
                    rule, f"{n} has {what}; it can't be blocked except by {ab.n} or more creatures"
                    if s.keyword == "menace" else f"{n} {what}", s.source, singles,
                    ((0, 0), (ab.n, INFINITY)), permanents=(a.id,)))
            elif isinstance(ab, BlockerCount):
                restrictions.append(Restriction(
                    "509.1b", f"{n} can't be blocked by more than {ab.n} creature{'s' if ab.n != 1 else ''} "
                    f"({s.source})", s.source, singles, ((0, ab.n),), permanents=(a.id,)))
            elif ab.kind == "cant_be_blocked_unless_all_block":
                restrictions.append(unless_all_block(a, s, blockers, attacked[a.id], theirs))
            elif ab.kind == "lure":
                for b in blockers:
                    requirements.append(Requirement(
                        "509.1c", f"{b.name} ({b.id}) blocks {n} if able: all creatures able to block it "
                        f"do so ({s.source})", s.source, b.id, hits(b.id, a.id)))
            elif isinstance(ab, BlockedByCount):
                requirements.append(blocked_by(game, a, s, blockers, hits))
            elif ab.kind == "must_be_blocked":
                requirements.append(Requirement(
                    "509.1c", f"{n} must be blocked if able ({s.source})", s.source, a.id,
                    frozenset(x for b in blockers for x in hits(b.id, a.id))))

    for g in game.globals:
        if g.ability.kind == "max_blockers_total":
            restrictions.append(Restriction(
                "509.1b", f"no more than {g.ability.n} creature{'s' if g.ability.n != 1 else ''} can block "
                f"each combat ({g.source})", g.source, tuple(v for v in blocks_by.values() if v),
                ((0, g.ability.n),)))

    budgets = {pid: mana for pid in sorted(side) if (mana := board.player(pid).mana_available) is not None} \
        if costs else {}
    return Problem("block", defender, tuple(atoms), {a: tuple(r) for a, r in forbidden.items()},
                   tuple(restrictions), tuple(requirements), tuple(costs), budgets)
