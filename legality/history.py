"""When combat mechanics entered the rules, so that a verdict under an old edition can say which of the
board's mechanics that edition did not know, instead of judging them silently by today's rules.

Each date is the month of the set (and its Comprehensive Rules update) that introduced the
mechanic or its current form; only its order against an edition's last rules matters. An
edition's ``LAST_DAY`` is the date of the last Comprehensive Rules it stands for (rules-digest §0
and §2: the 2006 rule 500.5 text ran from 2003-07-01 to 2007-02-01; damage assignment order from
2009-07-11 to 2024-08-02).
"""

from __future__ import annotations

from datetime import date

from msgspec import Struct

from legality.traits import Game

LAST_DAY: dict[str, date | None] = {"2006": date(2007, 2, 1), "m10": date(2024, 8, 2), "current": None}


class Mechanic(Struct, frozen=True):
    """A mechanic, the set that brought it (or its current form), its date, and how it is treated."""

    name: str
    since: date
    introduced_by: str
    treatment: str


MECHANICS: dict[str, Mechanic] = {m.name: m for m in (
    Mechanic("deathtouch", date(2009, 7, 11), "Magic 2010 (static deathtouch; the keyword came in Future Sight, "
             "May 2007, as a triggered ability)",
             "read as the older triggered ability (whenever it deals damage to a creature, destroy that "
             "creature): its damage is not lethal for assigning combat damage (no 702.2c) and the destruction "
             "is a trigger, reported and not resolved"),
    Mechanic("lifelink", date(2009, 7, 11), "Magic 2010 (static lifelink; the keyword came in Future Sight, "
             "May 2007, as a triggered ability)",
             "read as the older triggered ability (whenever it deals damage, its controller gains that much "
             "life): the life gain is a trigger, reported and not resolved"),
    Mechanic("planeswalker", date(2007, 10, 1), "Lorwyn (October 2007)",
             "judged by today's rules for attacking and damaging planeswalkers"),
    Mechanic("battle", date(2023, 4, 1), "March of the Machine (April 2023)",
             "judged by today's rules for battles (310)"),
    Mechanic("trample over planeswalkers", date(2021, 6, 1), "Modern Horizons 2 (June 2021)",
             "judged by today's 702.19c"),
    Mechanic("wither", date(2008, 5, 1), "Shadowmoor (May 2008)", "judged by today's 702.80"),
    Mechanic("infect", date(2010, 10, 1), "Scars of Mirrodin (October 2010)", "judged by today's 702.90"),
    Mechanic("toxic", date(2023, 2, 1), "Phyrexia: All Will Be One (February 2023)", "judged by today's 702.164"),
    Mechanic("intimidate", date(2009, 10, 1), "Zendikar (October 2009)", "judged by today's 702.13"),
    Mechanic("menace", date(2015, 7, 1), "Magic Origins (July 2015)", "judged by today's 702.111"),
    Mechanic("skulk", date(2016, 4, 1), "Shadows over Innistrad (April 2016)", "judged by today's 702.118"),
    Mechanic("goad", date(2016, 8, 1), "Conspiracy: Take the Crown (August 2016)", "judged by today's 701.15"),
    Mechanic("commander", date(2011, 6, 1), "the Commander rules (903, June 2011)",
             "judged by today's 903.10a and 704.6c"),
    Mechanic("blocked by a number of creatures", date(2007, 5, 1), "Future Sight (May 2007: Nacatl War-Pride's "
             "\"must be blocked by exactly one creature if able\")",
             "judged by rule 500.5 as read here: each block that takes part in obeying such a requirement is an option "
             "considered (\"options for any creature(s) that will satisfy a requirement\")"),
)}


def unknown_in(edition: str, mechanic: str) -> bool:
    """Whether ``mechanic`` (in its current form) is newer than the last rules of ``edition``."""
    last = LAST_DAY.get(edition)
    return last is not None and MECHANICS[mechanic].since > last


def found(game: Game) -> dict[str, list[str]]:
    """The mechanics of ``MECHANICS`` on the board, each with the ids that carry it."""
    out: dict[str, list[str]] = {}

    def add(name: str, pid: str) -> None:
        if pid not in out.setdefault(name, []):
            out[name].append(pid)

    for p in game.board.permanents:
        for t in ("planeswalker", "battle"):
            if t in p.card_types:
                add(t, p.id)
        if p.commander:
            add("commander", p.id)
        traits = game.traits.get(p.id)
        if traits is None:
            continue
        for kw in traits.keywords:
            name = kw.split()[0] if kw.startswith("toxic") else kw
            if name in MECHANICS:
                add(name, p.id)
        if traits.of("goad"):
            add("goad", p.id)
        if traits.of("must_be_blocked_by"):
            add("blocked by a number of creatures", p.id)
    return {k: v for k, v in out.items() if v}


def notes(game: Game, edition: str) -> list[str]:
    """One note per mechanic on the board that ``edition`` did not have, saying how it is treated (none for an edition
    whose rules are today's: the board isn't walked)."""
    if LAST_DAY.get(edition) is None:
        return []
    out = []
    for name, ids in found(game).items():
        if unknown_in(edition, name):
            m = MECHANICS[name]
            out.append(f"{name} ({', '.join(ids)}) is not in the {edition} rules: it came with {m.introduced_by}; "
                       f"{m.treatment}")
    return out
