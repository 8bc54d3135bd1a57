"""An independent brute-force judge of attack and block declarations, written from the rules.

It reads the board models directly and uses nothing from ``legality``: it enumerates every
declaration, checks restrictions one by one (508.1a-c, 509.1a-b, the keyword rules), counts
requirements (508.1d, 509.1c, 701.15b) and applies each edition's definition literally
(rules-digest §7.2-7.4): ``current`` compares with the best declaration paying no more costs;
``2006`` compares with every T reachable by removing assignments and adding ones that fulfil a
requirement in force. It covers what the random boards of ``test_differential`` use.

With ``teams`` (the shared team turns option): the active player's teammates attack with them, one
declaration for all their creatures (805.10a-b); the players of a team attacked block together, one
declaration for all their creatures against every creature attacking any of them (805.10d); "defending
player" in an attacker's ability is the player it attacks (805.10e); teammates are not opponents (102.3).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from models import Board, Permanent

Atom = tuple[str, str]
Decl = frozenset[Atom]
COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@dataclass
class Req:
    """A requirement: obeyed when an atom of ``fulfils`` is chosen, or with ``count``, when the number of its
    groups (one per blocker) holding a chosen atom lies in ``between`` (509.1c: "blocked by two or more")."""

    fulfils: frozenset[Atom]
    condition: frozenset[Atom] | None
    count: tuple[frozenset[Atom], ...] | None = None
    between: tuple[int, int] = (1, 1 << 30)


@dataclass
class Space:
    """One declaration problem: every declaration, which are valid, their requirements and costs."""

    decls: list[Decl]
    valid: dict[Decl, bool]
    reqs: list[Req]
    costs: dict[Decl, frozenset[Any]]


class Creature:
    """A creature with every ability it has from any source, as plain (kind, params, you) tuples."""

    def __init__(self, p: Permanent) -> None:
        self.p = p
        self.kw: set[str] = set()
        self.abilities: list[tuple[Any, str, str]] = []  # (ability model, you, origin)

    def has(self, k: str) -> bool:
        return k in self.kw

    def kinds(self, kind: str) -> list[tuple[Any, str, str]]:
        return [t for t in self.abilities if t[0].kind == kind]


def _quality(q: Any, p: Permanent, kw: set[str], source: Permanent | None = None) -> bool:
    """Whether ``p`` has the quality; ``source`` is what "greater power" is measured from."""
    checks = []
    if q.colors is not None:
        checks.append(bool(set(p.colors or ()) & set(q.colors)))
    if q.types is not None:
        checks.append(bool(set(q.types) & set(p.types or ("creature",))))
    if q.subtypes is not None:
        checks.append(bool({s.lower() for s in q.subtypes} & {s.lower() for s in p.subtypes or ()}))
    if q.keywords is not None:
        checks.append(bool(set(q.keywords) & kw))
    if q.power_at_most is not None:
        checks.append(p.power is not None and p.power <= q.power_at_most)
    if q.power_at_least is not None:
        checks.append(p.power is not None and p.power >= q.power_at_least)
    if q.power_vs_source is not None:
        theirs = source.power if source is not None else None
        checks.append(p.power is not None and theirs is not None
                      and (p.power > theirs if q.power_vs_source == "greater" else p.power < theirs))
    if q.toughness_over_power is not None:
        checks.append(p.power is not None and p.toughness is not None
                      and (p.toughness > p.power) is q.toughness_over_power)
    if q.any_of is not None:
        checks.append(any(_quality(sub, p, kw, source) for sub in q.any_of))
    return bool(all(checks) != q.negate)


def x_of(board: Board, ab: Any, you: str) -> int:
    """A cost's mana for one creature (107.3): its amount, or with ``count`` that amount for each permanent on the
    battlefield of those types ("where X is the number of enchantments you control"), "you" being the cost's
    controller and "your opponents" the players not on their team (102.3)."""
    q = ab.count
    if q is None:
        return int(ab.amount)
    assert set(q.model_dump(exclude_defaults=True)) <= {"types", "controller"}, "a count the brute force can't make"
    n = 0
    for p in board.permanents:
        if q.types is not None and not {t.lower() for t in q.types} & {t.lower() for t in p.types or ("creature",)}:
            continue
        if q.controller == "you" and p.controller != you:
            continue
        if q.controller == "opponents" and p.controller in team(board, you):
            continue
        n += 1
    return int(ab.amount) * n


def _sacrificed(ab: Any) -> tuple[str, ...]:
    """The land types a cost sacrifices ("unless you sacrifice two Islands"); () for mana."""
    q = getattr(ab, "sacrifice", None)
    if q is None:
        return ()
    assert set(q.model_dump(exclude_defaults=True)) == {"subtypes"}, "a sacrifice the brute force can't make"
    return tuple(q.subtypes)


def _enough_others(c: Creature, kind: str, others: list[Creature]) -> bool:
    """508.1c, 509.1b: "can't attack (block) unless N other creatures [with the quality] also do": ``others`` are
    the other creatures attacking (blocking) with it."""
    for ab, _, _ in c.kinds(kind):
        counted = [o for o in others if ab.quality is None or _quality(ab.quality, o.p, o.kw, c.p)]
        if len(counted) < ab.n:
            return False
    return True


def creatures(board: Board) -> dict[str, Creature]:
    """Gather abilities: own, from Auras attached, from targeted effects, then from grants.

    613.1f: a creature an effect made lose all its abilities ("stripped") has no abilities of its own, so it gives
    nothing to anyone, and keyword abilities given to it before the effect (every permanent's are) are gone too; what
    other objects' effects impose on it (an attack cost, "attacks each combat if able") is no ability of its own and
    stays."""
    out = {p.id: Creature(p) for p in board.permanents if "creature" in (p.types or ("creature",))
           and p.power is not None}
    stripped = {t for e in board.effects for ab in e.abilities if ab.kind == "loses" and ab.all for t in e.targets}
    grants: list[tuple[Any, str, str, Any]] = []
    for p in board.permanents:
        if p.id in stripped:
            continue
        holder = p.attached_to if (p.attached_to in out and p.id not in out) else p.id
        for ab in p.abilities:
            if ab.kind == "grant":
                grants.append((ab, p.controller, p.id, None))
            elif holder in out and ab.kind not in GLOBAL:
                out[holder].abilities.append((ab, p.controller, p.id))
        if holder in out and holder not in stripped:
            out[holder].kw |= {k.lower() for k in p.keywords}
    for i, e in enumerate(board.effects):
        for ab in e.abilities:
            if ab.kind == "loses":
                continue
            if ab.kind == "grant":
                grants.append((ab, e.controller, f"effect[{i}]", e.targets or None))
            else:
                for t in e.targets:
                    if t in out:
                        out[t].abilities.append((ab, e.controller, f"effect[{i}]"))
    base = {cid: set(c.kw) for cid, c in out.items()}
    for g, you, origin, targets in grants:
        for cid, c in out.items():
            if targets is not None and cid not in targets:
                continue
            if targets is None and g.to == "you" and c.p.controller != you:
                continue
            if targets is None and g.to == "opponents" and c.p.controller in team(board, you):
                continue
            if g.quality is not None and not _quality(g.quality, c.p, base[cid]):
                continue
            if cid not in stripped:  # a permanent's grant is older than the effect that stripped it
                c.kw |= {k.lower() for k in g.keywords}
            c.abilities.extend((ab, you, origin) for ab in g.abilities)
    return out


GLOBAL = ("max_attackers", "max_blockers_total", "landwalk_blockable")
"""Abilities that act on the game, not on the creature that has them."""


def globals_of(board: Board) -> list[tuple[Any, str]]:
    stripped = {t for e in board.effects for ab in e.abilities if ab.kind == "loses" and ab.all for t in e.targets}
    out = [(ab, p.controller) for p in board.permanents for ab in p.abilities
           if ab.kind in GLOBAL and p.id not in stripped]
    out += [(ab, e.controller) for e in board.effects for ab in e.abilities
            if ab.kind in GLOBAL]
    return out


def team(board: Board, player: str) -> set[str]:
    """The players of ``player``'s team (themselves alone without teams)."""
    for t in board.teams or ():
        if player in t.players:
            return set(t.players)
    return {player}


def side_of(board: Board, player: str) -> str:
    """Who blocks together with ``player``: their team (805.10d), else themselves (802.4b)."""
    for t in board.teams or ():
        if player in t.players:
            return t.id
    return player


def sides(board: Board) -> list[str]:
    """The sides that declare blockers, each once, in turn order of their players: those attacked."""
    hit = {owner_of(board, a.target) for a in board.attacks or ()}
    return list(dict.fromkeys(side_of(board, p.id) for p in board.players if p.id in hit))


def members(board: Board, side: str) -> set[str]:
    for t in board.teams or ():
        if t.id == side:
            return set(t.players)
    return {side}


def owner_of(board: Board, target: str) -> str:
    """The defending player for a target (508.5): a battle's protector, a planeswalker's controller."""
    for p in board.permanents:
        if p.id == target:
            return p.protector if "battle" in (p.types or ()) and p.protector else p.controller
    return target


# ----------------------------------------------------------------------------------------- attacks

def attack_space(board: Board) -> Space:
    cr = creatures(board)
    us = team(board, board.active_player)  # 805.10a: every player of the active team attacks
    targets = [p.id for p in board.players if p.id not in us] + [
        p.id for p in board.permanents if "planeswalker" in (p.types or ()) and p.controller not in us] + [
        p.id for p in board.permanents if "battle" in (p.types or ()) and p.protector is not None
        and p.protector not in us]  # 310.8b
    players = {p.id for p in board.players}
    actors = [c for c in cr.values() if c.p.controller in us]
    mana = {p.id: p.mana_available for p in board.players}

    def atom_ok(c: Creature, t: str) -> bool:
        defender = c.has("defender") and not c.kinds("attacks_despite_defender")  # 702.3b, set aside by an effect
        if c.p.tapped or (c.p.summoning_sick and not c.has("haste")) or defender:
            return False
        for ab, you, _ in c.abilities:
            if ab.kind == "cant_attack_or_block":
                return False
            if ab.kind == "cant_attack":
                if ab.defender is None:
                    return False
                who = you if ab.defender == "you" else ab.defender
                if t == who or (ab.planeswalkers and owner_of(board, t) == who):
                    return False
        return True

    def cost_keys(decl: Decl) -> frozenset[Any]:
        keys = set()
        for cid, t in decl:
            for ab, you, origin in cr[cid].kinds("attack_cost"):
                who = None if ab.defender is None else (you if ab.defender == "you" else ab.defender)
                if who is None or t == who or (ab.planeswalkers and owner_of(board, t) == who):
                    keys.add((origin, cid, x_of(board, ab, you), _sacrificed(ab)))
        return frozenset(keys)

    def valid(decl: Decl) -> bool:
        attackers = {c for c, _ in decl}
        for cid, t in decl:
            c = cr[cid]
            if not atom_ok(c, t):
                return False
            if (c.kinds("cant_attack_alone") or c.kinds("cant_attack_or_block_alone")) and len(attackers) < 2:
                return False
            if c.kinds("attacks_alone_only") and len(attackers) > 1:
                return False
            if not _enough_others(c, "cant_attack_unless_others_attack", [cr[o] for o in attackers if o != cid]):
                return False
        for ab, you in globals_of(board):
            if ab.kind == "max_attackers":
                who = None if ab.defender is None else (you if ab.defender == "you" else ab.defender)
                if sum(1 for _, t in decl if who is None or t == who) > ab.n:
                    return False
        total: dict[str, int] = {}
        lands: dict[tuple[str, tuple[str, ...]], int] = {}
        for _, cid, amount, sacrificed in cost_keys(decl):  # each creature's controller pays for it
            payer = cr[cid].p.controller
            if sacrificed:  # 508.1h: permanents it controls, each sacrificed once, however many creatures ask
                lands[payer, sacrificed] = lands.get((payer, sacrificed), 0) + amount
            else:
                total[payer] = total.get(payer, 0) + amount
        for (payer, kinds), n in lands.items():
            if n > sum(1 for p in board.permanents if p.controller == payer and set(kinds) & set(p.subtypes or ())):
                return False
        return all(mana.get(pl) is None or v <= (mana[pl] or 0) for pl, v in total.items())

    reqs: list[Req] = []
    for c in actors:
        mine = frozenset((c.p.id, t) for t in targets)
        for _ in c.kinds("attacks_each_combat"):
            reqs.append(Req(mine, None))
        for _ in c.kinds("attacks_a_player_if_able"):  # 508.1d: "attacks a player": a player, not what they control
            reqs.append(Req(frozenset((c.p.id, t) for t in targets if t in players), None))
        for ab, _, _ in c.kinds("attacks_player_if_able"):
            reqs.append(Req(frozenset((c.p.id, t) for t in targets if t == ab.player), None))
        for ab, _, _ in c.kinds("attacks_permanent_if_able"):  # 508.1d: none can attack a permanent that is gone
            reqs.append(Req(frozenset((c.p.id, t) for t in targets if t == ab.permanent), None))
        for goader in sorted({you for _, you, _ in c.kinds("goad")}):
            reqs.append(Req(mine, None))
            reqs.append(Req(frozenset((c.p.id, t) for t in targets if t in players and t != goader), None))
        for _, you, _ in c.kinds("attacks_if_creature_attacks"):
            cond = frozenset((o.p.id, t) for o in actors if o.p.controller == you for t in targets)
            reqs.append(Req(mine, cond))
    for c in actors:
        for _ in c.kinds("all_attack_if_this_attacks"):
            for o in actors:
                if o.p.controller == c.p.controller:
                    reqs.append(Req(frozenset((o.p.id, t) for t in targets),
                                    frozenset((c.p.id, t) for t in targets)))

    decls = []
    for choice in itertools.product(*[[None, *targets] for _ in actors]):
        decls.append(frozenset((c.p.id, t) for c, t in zip(actors, choice, strict=True) if t is not None))
    return Space(decls, {d: valid(d) for d in decls}, reqs, {d: cost_keys(d) for d in decls})


# ------------------------------------------------------------------------------------------ blocks

def block_space(board: Board, defender: str) -> Space:
    """The blocks of one defending player, or with teams of one defending team (``defender`` its id, 805.10d)."""
    cr = creatures(board)
    ours = members(board, defender)
    attacks = {a.attacker: owner_of(board, a.target) for a in board.attacks or ()}  # the player each attacks
    attackers = [cr[a] for a, who in attacks.items() if who in ours]
    blockers = [c for c in cr.values() if c.p.controller in ours]
    mana = {p.id: p.mana_available for p in board.players}
    # Quagmire, Staff of the Ages: these landwalks don't stop blocking (702.14c); None is every landwalk
    blockable_walks = {ab.landwalk for ab, _ in globals_of(board) if ab.kind == "landwalk_blockable"}

    def can_block(b: Creature, a: Creature) -> bool:
        if b.p.tapped:
            return False
        if a.has("flying") and not (b.has("flying") or b.has("reach")):
            return False
        # 702.28b; Heartwood Dryad ("as though it had shadow"), Wall of Diffusion ("as though they didn't have shadow")
        as_none = bool(b.kinds("blocks_shadow_as_none"))
        if a.has("shadow") and not b.has("shadow") and not (b.kinds("blocks_shadow") or as_none):
            return False
        if b.has("shadow") and (not a.has("shadow") or as_none):  # it sees no shadow on them (Aether Web ruling)
            return False
        if a.has("horsemanship") and not b.has("horsemanship"):
            return False
        bart = "artifact" in (b.p.types or ())
        if a.has("fear") and not (bart or "B" in (b.p.colors or ())):
            return False
        if a.has("intimidate") and not (bart or set(b.p.colors or ()) & set(a.p.colors or ())):
            return False
        if a.has("skulk") and (b.p.power or 0) > (a.p.power or 0):
            return False
        for k in a.kw:
            if k.startswith("protection from ") and COLORS.get(k[16:]) in (b.p.colors or ()):
                return False
            walked = k.endswith("walk") and not blockable_walks & {None, k}
            if walked and any(k[:-4] in [s.lower() for s in land.subtypes or ()]
                              for land in board.permanents if "land" in (land.types or ())
                              and land.controller == attacks[a.p.id]):  # 805.10e: the one it attacks
                return False
        for ab, _, _ in a.abilities:
            if ab.kind == "cant_be_blocked":
                return False
            if ab.kind == "cant_be_blocked_by" and _quality(ab.quality, b.p, b.kw):
                return False
            if ab.kind == "cant_be_blocked_except_by" and not _quality(ab.quality, b.p, b.kw):
                return False
            if ab.kind == "protection" and ab.quality is not None and _quality(ab.quality, b.p, b.kw):
                return False
        for ab, _, _ in b.abilities:
            if ab.kind == "cant_attack_or_block":
                return False
            if ab.kind == "cant_block" and (ab.attacker in (None, a.p.id) and ab.quality is None):
                return False
            if ab.kind == "can_block_only" and not _quality(ab.quality, a.p, a.kw):
                return False
        return True

    def cap(b: Creature) -> int:
        if b.kinds("block_any_number"):
            return len(attackers)
        return 1 + sum(int(ab.n) for ab, _, _ in b.kinds("block_additional"))

    def cost_keys(decl: Decl) -> frozenset[Any]:
        return frozenset((origin, bid, x_of(board, ab, you)) for bid in {b for b, _ in decl}
                         for ab, you, origin in cr[bid].kinds("block_cost"))

    def valid(decl: Decl) -> bool:
        used = {b for b, _ in decl}
        for b in blockers:
            mine = [a for bb, a in decl if bb == b.p.id]
            if len(mine) > cap(b):
                return False
            if mine and (b.kinds("cant_block_alone") or b.kinds("cant_attack_or_block_alone")) and len(used) < 2:
                return False
            if mine and not _enough_others(b, "cant_block_unless_others_block",
                                           [cr[o] for o in used if o != b.p.id]):
                return False
        for bid, aid in decl:
            if not can_block(cr[bid], cr[aid]):
                return False
        for a in attackers:
            n = sum(1 for _, x in decl if x == a.p.id)
            if a.has("menace") and n == 1:
                return False
            for ab, _, _ in a.abilities:
                if ab.kind == "min_blockers" and 0 < n < ab.n:
                    return False
                if ab.kind == "max_blockers" and n > ab.n:
                    return False
                theirs = [b for b in blockers if b.p.controller == attacks[a.p.id]]  # 805.10e
                if ab.kind == "cant_be_blocked_unless_all_block" and n and not all(
                        (b.p.id, a.p.id) in decl for b in theirs):
                    return False
        for ab, _ in globals_of(board):
            if ab.kind == "max_blockers_total" and len(used) > ab.n:
                return False
        paid: dict[str, int] = {}
        for _, bid, amount in cost_keys(decl):
            paid[cr[bid].p.controller] = paid.get(cr[bid].p.controller, 0) + amount
        return all(mana[who] is None or n <= (mana[who] or 0) for who, n in paid.items())

    reqs: list[Req] = []
    for b in blockers:
        mine = frozenset((b.p.id, a.p.id) for a in attackers)
        for _ in b.kinds("blocks_each_combat"):
            reqs.append(Req(mine, None))
        for ab, _, _ in b.kinds("blocks_if_able"):
            reqs.append(Req(frozenset(x for x in mine if x[1] == ab.attacker), None))
    for a in attackers:
        for _ in a.kinds("lure"):
            for b in blockers:
                reqs.append(Req(frozenset({(b.p.id, a.p.id)}), None))
        for _ in a.kinds("must_be_blocked"):
            reqs.append(Req(frozenset((b.p.id, a.p.id) for b in blockers), None))
        for ab, _, _ in a.kinds("must_be_blocked_by"):  # one requirement, obeyed by a number of blockers
            counted = [b for b in blockers if ab.quality is None or _quality(ab.quality, b.p, b.kw)]
            groups = tuple(frozenset({(b.p.id, a.p.id)}) for b in counted)
            most = ab.at_most if ab.at_most is not None else len(blockers)
            reqs.append(Req(frozenset().union(*groups), None, groups, (ab.at_least, most)))

    options = []
    for b in blockers:  # a declaration with a pair that can't block is invalid: is_valid says so unlisted
        pairs = [(b.p.id, a.p.id) for a in attackers if can_block(b, a)]
        subsets = [frozenset(s) for r in range(len(pairs) + 1) for s in itertools.combinations(pairs, r)]
        options.append(subsets)
    decls = [frozenset().union(*combo) for combo in itertools.product(*options)]
    return Space(decls, {d: valid(d) for d in decls}, reqs, {d: cost_keys(d) for d in decls})


# ---------------------------------------------------------------------------------------- editions

def is_valid(space: Space, d: Decl) -> bool:
    """Valid: listed and breaking nothing (block spaces list only pairs that can block)."""
    return space.valid.get(d, False)


def obeys(r: Req, d: Decl, conditional: str) -> bool:
    if r.count is not None:
        hit = r.between[0] <= sum(1 for g in r.count if g & d) <= r.between[1]
    else:
        hit = bool(r.fulfils & d)
    if r.condition is None:
        return hit
    active = bool(r.condition & d)
    return (hit or not active) if conditional == "implication" else (hit and active)


def score(space: Space, d: Decl, conditional: str) -> int:
    return int(sum(obeys(r, d, conditional) for r in space.reqs))


def rivals(space: Space, d: Decl, edition: str, conditional: str, paid_costs: str) -> list[Decl]:
    """The declarations ``d`` is compared with: rules-digest §7.2 (current, m10) and §7.4 (2006)."""
    paid = frozenset() if paid_costs == "cost-free" else space.costs[d]
    out = [t for t in space.decls if space.valid[t] and space.costs[t] <= paid]
    if edition != "2006":
        return out
    addable: set[Atom] = set()  # 2006 500.5: options of the creature(s) that satisfy a requirement (a count's: all)
    for r in space.reqs:
        if r.condition is None or r.condition & d:
            addable |= r.fulfils
    return [t for t in out if (t - d) <= addable]


def legal(space: Space, d: Decl, edition: str, conditional: str, paid_costs: str) -> bool:
    """Literal definitions: a valid declaration no rival obeys more requirements than."""
    if not is_valid(space, d):
        return False
    mine = score(space, d, conditional)
    return all(score(space, t, conditional) <= mine for t in rivals(space, d, edition, conditional, paid_costs))


def best_for(space: Space, d: Decl, edition: str, conditional: str, paid_costs: str) -> int:
    """The maximum a valid ``d`` is compared with: the best of itself and its rivals."""
    return max(score(space, t, conditional) for t in [d, *rivals(space, d, edition, conditional, paid_costs)])


def maximum(space: Space, conditional: str) -> int:
    """The cost-free maximum of requirements obeyed."""
    return max(score(space, t, conditional) for t in space.decls if space.valid[t] and not space.costs[t])


# ------------------------------------------------------------------------------------------- bands

def _set_partitions(items: list[str]) -> list[list[list[str]]]:
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    out = []
    for p in _set_partitions(rest):
        out.append([[first], *p])
        for i in range(len(p)):
            out.append([*p[:i], [first, *p[i]], *p[i + 1:]])
    return out


def band_announcements(board: Board, decl: Decl) -> list[frozenset[frozenset[str]]]:
    """508.1e, 702.22c-d: each way to announce attacking bands for ``decl``: a partition of its attackers
    whose groups of two or more (the bands) attack one target and hold one or more creatures with
    banding and at most one without. Creatures alone are in no band."""
    cr = creatures(board)
    target = dict(decl)
    out = []
    for partition in _set_partitions(sorted(target)):
        bands = [g for g in partition if len(g) > 1]
        if all(len({target[c] for c in g}) == 1 and any(cr[c].has("banding") for c in g)
               and sum(not cr[c].has("banding") for c in g) <= 1 for g in bands):
            out.append(frozenset(frozenset(g) for g in bands))
    return out
