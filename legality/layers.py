"""Continuous effects on what objects are and have, in layer order (613), before the game is built: colours and types
(layers 4 and 5), and which abilities survive "loses all abilities" (layer 6).

Layer 6 (613.1f) removes abilities; what an object still has decides which restrictions and requirements exist.
An object that has lost all its abilities has none of its own (printed, on the board, from keyword counters), so
its static abilities generate no effect at all: its grants to other creatures ("other Goblin creatures you control
attack each combat if able"), its game rules, its prevention and replacement effects (613.8a: an effect whose
existence another effect changes depends on it, and applies after it). Effects of *other* objects that merely
apply to it (Pacifism's "enchanted creature can't attack", an effect's "target creature can't block this turn")
are not its abilities and stay. Abilities granted to it stay when granted later than the loss (613.7; rulings of
Ovinize and Turn to Frog: "if the affected creature gains an ability after ... resolves, it will keep that
ability").

Timestamps: the board gives none. The permanents' static abilities are taken as older than every effect on the
board (effects last this turn; they come in the order given, ``effects[0]`` the oldest), and among the
permanents' static abilities a loss is applied after every grant, whatever their order (the common case of an
Aura or a global "lose all abilities" on a creature that had its abilities before).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from msgspec import Struct

from models.abilities import Ability, Characteristics, Grant, Loses
from models.board import Permanent

STATIC = -1
"""The timestamp of every permanent's static ability: older than any effect on the board."""


def stamp(origin: str) -> int:
    """The timestamp of an ability's origin: ``effect[i]`` is ``i``, a permanent's static ability ``STATIC``."""
    if origin.startswith("effect[") and origin.endswith("]"):
        return int(origin[7:-1])
    return STATIC


class Offer(Struct, frozen=True):
    """An ability some object offers the game before layer 6: what it is, who holds it (None: the game), where it
    comes from (``origin``: a permanent id or ``effect[i]``), its controller, the targets that bound it and what "other"
    leaves out beside its source."""

    ability: Ability
    holder: str | None
    source: str
    origin: str
    you: str
    targets: tuple[str, ...] | None
    besides: frozenset[str] = frozenset()


def removes(origin: str, holder: str, loss_stamp: int) -> bool:
    """Whether a loss of abilities at ``loss_stamp`` removes an ability of ``holder`` from ``origin``: its own
    ability always, one granted earlier (613.7), and with a static loss every static grant."""
    if origin == holder:
        return True
    given = stamp(origin)
    return given < loss_stamp or (loss_stamp == STATIC and given == STATIC)


def _losses(offer: Offer, reach: Callable[[Grant, Offer], Iterable[str]]) -> list[str]:
    """The permanents that ``offer`` makes lose all their abilities."""
    ab = offer.ability
    if isinstance(ab, Loses) and ab.all and offer.holder is not None:
        return [offer.holder]
    if isinstance(ab, Grant) and any(isinstance(g, Loses) and g.all for g in ab.abilities):
        return list(reach(ab, offer))
    return []


def lost_all(offers: Iterable[Offer], permanents: Iterable[str],
             reach: Callable[[Grant, Offer], Iterable[str]]) -> dict[str, int]:
    """Each permanent that has lost all its abilities, with the timestamp of the latest loss.

    Effects on the board apply first: a permanent's static ability that would make others lose their abilities
    depends on an effect that removes it (613.8a), so a permanent an effect strips takes no one's abilities. The
    permanents' own "lose all abilities" (an Aura, "all creatures lose all abilities") then apply, each once; two
    such permanents stripping each other (a dependency loop, 613.8b) both apply."""
    on_board = set(permanents)
    offers = list(offers)
    lost: dict[str, int] = {}
    by_effects: frozenset[str] = frozenset()
    for late in (True, False):
        for offer in offers:
            if (stamp(offer.origin) != STATIC) != late or offer.origin in by_effects:
                continue
            for pid in _losses(offer, reach):
                if pid in on_board:
                    lost[pid] = max(lost.get(pid, STATIC), stamp(offer.origin))
        by_effects = frozenset(lost)
    return lost


def face_down(p: Permanent) -> Permanent:
    """A face-down permanent as the rules see it (708.2): a 2/2 creature with no text, no name, no subtypes, no
    supertypes and no colour; the board's power and toughness, when given, are its current values (613.4), and
    keywords and abilities it is given come from effects and stay."""
    return p.model_copy(update={"types": ("creature",), "subtypes": (), "supertypes": (), "colors": (), "oracle": "",
                                "power": 2 if p.power is None else p.power,
                                "toughness": 2 if p.toughness is None else p.toughness})


def characteristics(permanents: Sequence[Permanent], changes: Iterable[tuple[str, Characteristics, int]],
                    is_creature_type: Callable[[str], bool]) -> dict[str, Permanent]:
    """The permanents whose colours or types effects change, with the changes applied: layer 4 (types) then layer 5
    (colours), each in timestamp order (613.1d-e, 613.7). Applied to the board's values, so a board that already
    gives the result is unchanged. Card types are only added: the real texts that make an object a creature keep its
    other card types ("It's still a land", Vehicles, "in addition to its other types"); creature types and colours are
    replaced unless the text says "in addition" (205.1a-b, 105.3)."""
    by_id = {p.id: p for p in permanents}
    ordered = sorted(((pid, ch, when) for pid, ch, when in changes if pid in by_id), key=lambda c: c[2])
    out: dict[str, Permanent] = {}
    for pid, ch, _ in ordered:  # layer 4
        if ch.types is None and ch.subtypes is None:
            continue
        p = out.get(pid, by_id[pid])
        update: dict[str, object] = {}
        if ch.types is not None:
            update["types"] = tuple(dict.fromkeys((*p.card_types, *ch.types)))
        if ch.subtypes is not None:
            kept = tuple(s for s in p.subtypes or () if ch.add_types or not is_creature_type(s))
            update["subtypes"] = tuple(dict.fromkeys((*kept, *ch.subtypes)))
        out[pid] = p.model_copy(update=update)
    for pid, ch, _ in ordered:  # layer 5
        if ch.colors is None:
            continue
        p = out.get(pid, by_id[pid])
        colors = (*(p.colors or ()), *ch.colors) if ch.add_colors else ch.colors
        out[pid] = p.model_copy(update={"colors": tuple(dict.fromkeys(colors))})
    return out
