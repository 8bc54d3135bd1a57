"""The declaration of attackers as a ``Problem`` (508.1, 802.3): atoms, restrictions, requirements, costs."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from legality.deadline import check
from legality.rules import INFINITY, Atom, Cost, Forbidden, Problem, Requirement, Restriction, budget_key
from legality.text.describe import quality_words
from legality.traits import Game, MatchContext, Sourced, matches
from models.abilities import (
    AttackCost,
    AttacksPermanent,
    AttacksPlayer,
    BlockCost,
    CantAttack,
    MaxAttackers,
    OthersAlso,
    Quality,
)
from models.board import Permanent

PAID_HASTE = {"dash": "702.109a", "blitz": "702.152a"}
"""Keywords whose static ability gives haste only if that alternative cost was paid: the board says (keywords)."""


def attack_targets(game: Game) -> list[str]:
    """What the active player (with teams, the active team, 805.10a) may attack: the other players, their
    planeswalkers, battles they protect (506.2, 310.8b)."""
    attacking = set(game.board.attacking_players())
    out = [p.id for p in game.board.players if p.id not in attacking]
    for p in game.board.permanents:
        attackable_walker = "planeswalker" in p.card_types and p.controller not in attacking
        attackable_battle = "battle" in p.card_types and p.protector is not None and p.protector not in attacking
        if attackable_walker or attackable_battle:
            out.append(p.id)
    return out


def attacked_permanent(game: Game, ab: AttacksPermanent, source: str, you: str) -> str | None:
    """The permanent a requirement to attack it names: its id, or the effect's source found by name among the
    planeswalkers its controller controls (legendary: at most one, 704.5j); None when it isn't on the battlefield
    (508.1d: then no creature can attack it and the requirement asks nothing)."""
    if ab.permanent is not None:
        return ab.permanent if ab.permanent in game.perms else None
    named = [p.id for p in game.board.permanents if p.name.lower() == source.lower()
             and "planeswalker" in p.card_types and p.controller == you]
    return named[0] if named else None


def defending_player_of(game: Game, target: str) -> str:
    """The player a target belongs to (508.5): itself, a planeswalker's controller, a battle's protector."""
    p = game.perms.get(target)
    if p is None:
        return target
    if "battle" in p.card_types and p.protector is not None:
        return p.protector
    return p.controller


def counted_others(game: Game, holder: Permanent, s: Sourced,
                   others: Iterable[tuple[Permanent, frozenset[Atom]]]) -> tuple[frozenset[Atom], ...]:
    """The groups an "unless N other creatures [with a quality] also attack (block)" restriction counts: the atoms
    of each other creature with the quality, measured from ``holder`` ("greater power" than its own)."""
    ab = s.ability
    assert isinstance(ab, OthersAlso)
    if ab.quality is None:
        return tuple(atoms for p, atoms in others if p.id != holder.id)
    ctx = MatchContext.of(game.board).for_source(s.you, holder)
    return tuple(atoms for p, atoms in others
                 if p.id != holder.id and matches(ab.quality, p, game.traits[p.id].keywords, ctx))


def others_words(ab: OthersAlso, verb: str) -> str:
    """"at least 2 other creatures attack", "a creature (power greater than this one's) also attacks"."""
    if ab.quality is None:
        return f"at least {ab.n} other creature{'s' if ab.n != 1 else ''} {verb}"
    what = f"creature{'s' if ab.n != 1 else ''} ({quality_words(ab.quality)})"
    return f"{'a' if ab.n == 1 else f'at least {ab.n} other'} {what} also {verb}{'s' if ab.n == 1 else ''}"


def unless_others_attack(game: Game, c: Permanent, s: Sourced, actors: list[Permanent],
                         by_actor: dict[str, list[Atom]]) -> Restriction:
    """508.1c: "can't attack unless at least N other creatures [with a quality] attack" (Orcish Conscripts, Okk):
    when the creature attacks, the number of other attackers with the quality must be N or more."""
    ab = s.ability
    assert isinstance(ab, OthersAlso)
    groups = counted_others(game, c, s, ((p, frozenset(by_actor[p.id])) for p in actors))
    return Restriction("508.1c", f"{c.name} ({c.id}) can't attack unless {others_words(ab, 'attack')} "
                       f"({s.source})", s.source, groups, ((ab.n, INFINITY),), frozenset(by_actor[c.id]), (c.id,))


def cost_amount(game: Game, s: Sourced) -> int:
    """The mana an attack or block cost asks of one creature: its amount, or with ``count`` (X defined by the board,
    107.3: "where X is the number of enchantments you control", Sphere of Safety) that amount once for each permanent
    with the quality, measured from the cost's controller, as the board stands when the cost is determined (508.1h)."""
    ab = s.ability
    assert isinstance(ab, (AttackCost, BlockCost))
    if ab.count is None:
        return ab.amount
    ctx = game.context(s)
    return ab.amount * sum(1 for p in game.board.permanents if matches(ab.count, p, game.traits[p.id].keywords, ctx))


def sacrifice_unit(ab: AttackCost) -> str:
    """The unit of a cost of sacrificing permanents ("Island permanents to sacrifice"); "" for mana."""
    return "" if ab.sacrifice is None else f"{quality_words(ab.sacrifice)} permanents to sacrifice"


def sacrificable_count(game: Game, payer: str, q: Quality) -> int:
    """508.1h: a cost of sacrificing permanents can be paid only with permanents its payer controls: how many have the
    quality (the budget of every such cost of that payer: sacrificed for one creature, a permanent can't pay for
    another)."""
    return sum(1 for p in game.board.permanents if p.controller == payer and matches(q, p, game.traits[p.id].keywords))


def taxed_atoms(s: Sourced, mine: list[Atom], owner_of: dict[str, str]) -> list[Atom]:
    """The attacks of one creature an attack cost applies to (508.1h). A tax on creatures attacking "you" (Ghostly
    Prison, Propaganda) is one cost per creature, paid by its controller, for attacking the tax's controller (or a
    planeswalker of theirs, when it says so): with teams, a creature attacking one player of the defending team is
    taxed by that player's effect alone, since it attacks that player (805.10e), and once per creature (Ghostly
    Prison's Two-Headed Giant ruling, 2007-02-01)."""
    ab = s.ability
    assert isinstance(ab, AttackCost)
    if ab.defender is None:
        return mine
    who = s.you if ab.defender == "you" else ab.defender
    return [a for a in mine if a[1] == who or (ab.planeswalkers and owner_of[a[1]] == who)]


def attack_problem(game: Game) -> Problem:
    """Build the attack problem: one for all attackers together (802.3a); with teams, the creatures of every
    player on the active team, as one combined attack legal as a whole (805.10b)."""
    board = game.board
    attacking = set(board.attacking_players())
    put_in_attacking = {a.attacker for a in board.attacks or () if not a.declared}
    actors = [p for p in board.permanents
              if p.is_creature and p.controller in attacking and p.id not in put_in_attacking]
    targets = attack_targets(game)
    players = {p.id for p in board.players}
    owner_of = {t: defending_player_of(game, t) for t in targets}

    atoms = [(c.id, t) for c in actors for t in targets]
    by_actor: dict[str, list[Atom]] = {c.id: [(c.id, t) for t in targets] for c in actors}
    forbidden: dict[Atom, list[Forbidden]] = defaultdict(list)
    restrictions: list[Restriction] = []
    requirements: list[Requirement] = []
    costs: list[Cost] = []
    sacrificable: dict[str, int] = {}  # budget_key -> permanents its payer could sacrifice (508.1h)

    def forbid(atoms_: list[Atom], rule: str, message: str, source: str) -> None:
        for a in atoms_:
            forbidden[a].append(Forbidden(a, rule, message, source))

    def others(cid: str) -> tuple[frozenset[Atom], ...]:
        return tuple(frozenset(v) for k, v in by_actor.items() if k != cid)

    for c in actors:
        check("building the attack problem")
        tr = game.traits[c.id]
        mine = by_actor[c.id]
        n = f"{c.name} ({c.id})"
        if len(mine) > 1:
            restrictions.append(Restriction(
                "508.1b", f"{n} attacks one player, planeswalker or battle", c.name,
                tuple(frozenset([a]) for a in mine), ((0, 1),), permanents=(c.id,)))
        if c.tapped:
            forbid(mine, "508.1a", f"{n} is tapped; only untapped creatures can attack", c.name)
        if "battle" in c.card_types:
            forbid(mine, "508.1a", f"{n} is a battle and can't attack", c.name)
        if c.summoning_sick and not tr.has("haste"):
            paid = [k for k in PAID_HASTE if any(kw.startswith(k) for kw in tr.keywords)]
            forbid(mine, "302.6", f"{n} has been under its controller's control only since this turn "
                                  "began and has no haste (summoning sickness)"
                   + (f"; if its {paid[0]} cost was paid it has haste ({PAID_HASTE[paid[0]]}): give haste then"
                      if paid else ""), c.name)
        despite = bool(tr.of("attacks_despite_defender"))
        for s in tr.of("cant_attack", "cant_attack_or_block"):
            if despite and s.keyword == "defender":  # "can attack as though it didn't have defender" (702.3b)
                continue
            ab = s.ability
            rule = "702.3b" if s.keyword == "defender" else "508.1c"
            if isinstance(ab, CantAttack) and ab.defender is not None:
                who = s.you if ab.defender == "you" else ab.defender
                hit = [a for a in mine if a[1] == who or (ab.planeswalkers and owner_of[a[1]] == who)]
                forbid(hit, "508.1c", f"{n} can't attack {who}"
                       + (" or their planeswalkers and battles" if ab.planeswalkers else "")
                       + f" ({s.source})", s.source)
            else:
                why = "has defender" if s.keyword == "defender" else f"can't attack ({s.source})"
                forbid(mine, rule, f"{n} {why}", s.source)
        for s in tr.of("cant_attack_alone", "cant_attack_or_block_alone"):
            restrictions.append(Restriction(
                "508.1c", f"{n} can't attack alone ({s.source}); another creature must attack too",
                s.source, others(c.id), ((1, INFINITY),), frozenset(mine), (c.id,)))
        for s in tr.of("cant_attack_unless_others_attack"):
            restrictions.append(unless_others_attack(game, c, s, actors, by_actor))
        for s in tr.of("attacks_alone_only"):
            restrictions.append(Restriction(
                "508.1c", f"{n} can only attack alone ({s.source}); no other creature may attack with it",
                s.source, others(c.id), ((0, 0),), frozenset(mine), (c.id,)))
        for i, s in enumerate(tr.of("attack_cost")):
            taxed = taxed_atoms(s, mine, owner_of)
            if taxed:
                assert isinstance(s.ability, AttackCost)
                # one key per cost: a source may give a creature two (a mana cost and a sacrifice)
                key = f"{s.origin}:{c.id}" + (f"#{i}" if i else "")
                costs.append(Cost(key, "508.1h", s.source, c.id, c.controller, cost_amount(game, s),
                                  frozenset(taxed), sacrifice_unit(s.ability)))
                if s.ability.sacrifice is not None:
                    sacrificable[budget_key(c.controller, costs[-1].unit)] = sacrificable_count(game, c.controller,
                                                                                             s.ability.sacrifice)

        # Requirements (508.1d): one instance per source, as the rulings count them.
        for s in tr.of("attacks_each_combat"):
            requirements.append(Requirement("508.1d", f"{n} attacks each combat if able ({s.source})",
                                            s.source, c.id, frozenset(mine)))
        for s in tr.of("attacks_a_player_if_able"):  # a player, never a planeswalker or battle (508.1d)
            requirements.append(Requirement("508.1d", f"{n} attacks a player if able ({s.source})", s.source, c.id,
                                            frozenset(a for a in mine if a[1] in players)))
        for s in tr.of("attacks_player_if_able"):
            ab = s.ability
            assert isinstance(ab, AttacksPlayer)
            who = s.you if ab.player == "you" else ab.player
            requirements.append(Requirement(
                "508.1d", f"{n} attacks {who} if able ({s.source})", s.source, c.id,
                frozenset(a for a in mine if a[1] == who)))
        for s in tr.of("attacks_permanent_if_able"):
            ab = s.ability
            assert isinstance(ab, AttacksPermanent)
            aimed = attacked_permanent(game, ab, s.source, s.you)
            where = f"{aimed}" if aimed is not None else f"{s.source}, which is not on the battlefield"
            requirements.append(Requirement(
                "508.1d", f"{n} attacks {where} if able ({s.source})", s.source, c.id,
                frozenset(a for a in mine if aimed is not None and a[1] == aimed)))
        goaders: dict[str, str] = {}
        for s in tr.of("goad"):
            goaders.setdefault(s.you, s.source)  # 701.15d: the same player goading again adds nothing
        for who, source in goaders.items():
            requirements.append(Requirement("701.15b", f"{n} is goaded by {who} and attacks each combat "
                                            f"if able ({source})", source, c.id, frozenset(mine)))
            requirements.append(Requirement(
                "701.15b", f"{n} is goaded by {who} and attacks a player other than {who} if able "
                f"({source})", source, c.id,
                frozenset(a for a in mine if a[1] in players and a[1] != who)))
        for s in tr.of("attacks_if_creature_attacks"):
            cond = frozenset(a for p in actors if p.controller == s.you for a in by_actor[p.id])
            requirements.append(Requirement(
                "508.1d", f"if a creature {c.controller} controls attacks, {n} also attacks if able "
                f"({s.source})", s.source, c.id, frozenset(mine), cond))

    # Viashino Bey: "If ~ attacks, all creatures you control attack if able" (a requirement per creature).
    for c in actors:
        for s in game.traits[c.id].of("all_attack_if_this_attacks"):
            for other in actors:
                if other.controller != c.controller:
                    continue
                requirements.append(Requirement(
                    "508.1d", f"{other.name} ({other.id}) attacks if able, because {c.name} ({c.id}) "
                    f"attacks ({s.source})", s.source, other.id, frozenset(by_actor[other.id]),
                    frozenset(by_actor[c.id])))

    for g in game.globals:
        cap = g.ability
        if not isinstance(cap, MaxAttackers):
            continue
        limited = None if cap.defender is None else (g.you if cap.defender == "you" else cap.defender)
        groups = tuple(frozenset(a for a in v if limited is None or a[1] == limited) for v in by_actor.values())
        restrictions.append(Restriction(
            "508.1c", f"no more than {cap.n} creature{'s' if cap.n != 1 else ''} can attack"
            + (f" {limited}" if limited else "") + f" each combat ({g.source})", g.source,
            tuple(gr for gr in groups if gr), ((0, cap.n),)))

    budgets = {c.payer: p.mana_available for c in costs for p in board.players
               if p.id == c.payer and p.mana_available is not None and not c.unit}
    budgets.update(sacrificable)
    return Problem("attack", None, tuple(atoms), {a: tuple(r) for a, r in forbidden.items()},
                   tuple(restrictions), tuple(requirements), tuple(costs), budgets)
