"""Build the lexicon's JSON files from the Comprehensive Rules (``cr.json``: ``{"rules": {"702.9a": ...}}``).

Run as ``python -m legality.text.lexicon.build CR.json``; the committed JSON files are its output,
so nothing here runs when the library is used. Every list comes from the rule that states it; the
only hand-made parts are English (irregular plurals, number words), the combat decision for
keywords, and the kinds or zones of the few keywords whose rule doesn't state them, each tied to
the rule text that justifies it. ``keywords_later.json`` holds keywords of a later edition, copied
by hand with their rule text; ``--later`` derives their kinds and zones from that text the same way.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent

# Creature types whose plural the regular rules (add -s; -es after s, x, z, ch, sh; consonant + y ->
# -ies) get wrong, as Oracle text writes them ("Other Elves you control", "Wolves and Werewolves").
# ``None`` marks a type whose plural is the same word ("except for Merfolk, Kraken, ...").
IRREGULAR_PLURALS: dict[str, str | None] = {
    "Aetherborn": None, "Astartes": None, "Aurochs": None, "Custodes": None, "C'tan": None,
    "Cyclops": "Cyclopes", "Dauthi": None, "Djinn": None, "Dwarf": "Dwarves", "Eldrazi": None, "Elf": "Elves",
    "Elk": None, "Fish": None, "Fungus": "Fungi", "Gith": None, "Homunculus": "Homunculi", "Jellyfish": None,
    "Kavu": None, "Kithkin": None, "Kor": None, "Merfolk": None, "Metathran": None, "Moonfolk": None,
    "Mouse": "Mice", "Myr": None, "Nephilim": None, "Ox": "Oxen", "Pegasus": "Pegasi", "Samurai": None,
    "Sheep": None, "Slith": None, "Soltari": None, "Starfish": None, "Surrakar": None, "Thalakos": None,
    "Treefolk": None, "Vedalken": None, "Werewolf": "Werewolves", "Wolf": "Wolves", "Zubera": None,
}

# Keywords (rule 702) that matter to declaring attackers or blockers or to combat damage: as the keyword sits on
# the battlefield, it changes which declarations of attackers or blockers are legal, or how combat damage is
# assigned or dealt. A triggered keyword that triggers on attacking, blocking or dealing combat damage is a "combat
# trigger": it changes nothing in the declaration judged, its result is an effect or a value on the board once it
# resolves (508.2, 509.2, 603.3). Each decision names the rule whose text makes it; the build fails if a rule
# mentions attacking, blocking or combat and the keyword is in neither table, so a new edition forces a decision.
COMBAT: dict[str, tuple[str, str]] = {
    "deathtouch": ("702.2c", "combat damage"), "defender": ("702.3b", "declare attackers"),
    "double strike": ("702.4b", "combat damage"), "first strike": ("702.7b", "combat damage"),
    "flying": ("702.9b", "evasion"), "haste": ("702.10b", "declare attackers"),
    "indestructible": ("702.12b", "combat damage"), "intimidate": ("702.13b", "evasion"),
    "landwalk": ("702.14c", "evasion"), "lifelink": ("702.15b", "combat damage"),
    "protection": ("702.16f", "evasion"), "reach": ("702.17b", "declare blockers"),
    "trample": ("702.19b", "combat damage"), "trample over planeswalkers": ("702.19c", "combat damage"),
    "vigilance": ("702.20b", "declare attackers"), "banding": ("702.22c", "declare attackers"),
    "rampage": ("702.23a", "combat trigger"), "flanking": ("702.25a", "combat trigger"),
    "shadow": ("702.28b", "evasion"), "horsemanship": ("702.31b", "evasion"), "fear": ("702.36b", "evasion"),
    "provoke": ("702.39a", "combat trigger"), "bushido": ("702.45a", "combat trigger"),
    "absorb": ("702.64a", "combat damage"), "frenzy": ("702.68a", "combat trigger"),
    "poisonous": ("702.70a", "combat trigger"), "wither": ("702.80a", "combat damage"),
    "exalted": ("702.83a", "combat trigger"), "annihilator": ("702.86a", "combat trigger"),
    "infect": ("702.90b", "combat damage"), "battle cry": ("702.91a", "combat trigger"),
    "unleash": ("702.98a", "declare blockers"), "dethrone": ("702.105a", "combat trigger"),
    "dash": ("702.109a", "declare attackers"), "menace": ("702.111b", "evasion"),
    "renown": ("702.112a", "combat trigger"), "ingest": ("702.115a", "combat trigger"),
    "myriad": ("702.116a", "combat trigger"), "skulk": ("702.118b", "evasion"),
    "melee": ("702.121a", "combat trigger"), "afflict": ("702.130a", "combat trigger"),
    "mentor": ("702.134a", "combat trigger"), "decayed": ("702.147a", "declare blockers"),
    "training": ("702.149a", "combat trigger"), "blitz": ("702.152a", "declare attackers"),
    "enlist": ("702.154b", "combat trigger"), "living metal": ("702.161a", "declare attackers"),
    "toxic": ("702.164c", "combat damage"),
}
COMBAT_WHY: dict[str, str] = {
    "provoke": "702.39a: a triggered ability ('Whenever this creature attacks'); the block it requires is an effect "
               "of the resolved trigger, on the board before blockers are declared (508.2, 603.3, 509.1c)",
    "poisonous": "702.70a: a triggered ability ('Whenever this creature deals combat damage to a player'); the "
                 "poison counters come once it resolves, after the damage is dealt (510.2, 603.3)",
    "renown": "702.112a: a triggered ability ('When this creature deals combat damage to a player'); the counters "
              "come once it resolves, after the damage is dealt (510.2, 603.3)",
    "ingest": "702.115a: a triggered ability ('Whenever this creature deals combat damage to a player'); the exile "
              "comes once it resolves, after the damage is dealt (510.2, 603.3)",
    "enlist": "702.154a-b: its static ability is an optional cost to attack (508.1g), chosen after the declaration "
              "is checked against restrictions and requirements (508.1c-d) and never required (508.1d: a player is "
              "not required to pay a cost to attack); the creature it taps is one not chosen to attack (702.154a). "
              "It makes no declaration illegal; its linked trigger gives +X/+0 once it resolves (603.12)",
    "dash": "702.109a: its third ability, a static ability that functions on the battlefield, gives the permanent "
            "haste as long as its dash cost was paid (702.10b, 302.6)",
    "blitz": "702.152a: its third ability, a static ability that functions on the battlefield, gives the permanent "
             "haste as long as its blitz cost was paid (702.10b, 302.6)",
    "living metal": "702.161a: 'During your turn, this permanent is an artifact creature': a Vehicle with it can be "
                    "declared as an attacker on its controller's turn (508.1a)",
    "absorb": "702.64a: a static ability that prevents N of the damage each source would deal to the creature "
              "(615.1), so it changes the combat damage dealt (510.2)",
}
"""Why a flag was decided, where the sentence the flag cites doesn't say it alone."""
NOT_COMBAT: dict[str, str] = {
    "phasing": "702.26: a phased-out permanent is removed from combat, but phasing happens in the untap step",
    "echo": "702.30: the text mentions the Urza block (a card set), not combat",
    "ninjutsu": "702.49a: activated after blockers are declared; neither a declaration nor damage",
    "prowl": "702.76a: an alternative cost conditioned on past combat damage",
    "cipher": "702.99a: a spell's ability; the encoded creature's trigger is a copy effect",
    "partner": "702.124d: commander damage bookkeeping, deck construction",
    "encore": "702.141a: creates tokens at sorcery speed that must attack; the tokens' text says so",
    "boast": "702.142a: an activation condition (attacked this turn)",
}
OPTIONAL_PARAMETER = frozenset({"hexproof", "partner", "banding", "vanishing", "foretell"})
"""Keywords written both bare and with a parameter: "hexproof from [quality]" (702.11d), "partner with [name]"
(702.124), "bands with other [quality]" (702.22b), "vanishing without a number" (702.63b), foretell granted without
a cost (702.143d: an effect may give a foretold card its cost)."""
UNQUOTED_FORMS: dict[str, tuple[tuple[str, ...], str]] = {
    "foretell": (("foretell [cost]",), "702.143a: the card is cast 'by paying any foretell cost it has'; Oracle "
                 "text writes that cost after the keyword"),
    "prototype": (("prototype [cost] — [power/toughness]",), "718.1: the inset frame holds the prototype keyword "
                  "and a second mana cost, power and toughness; Oracle text writes them after the keyword"),
    "champion": (("champion a [object]",), "702.72a writes 'Champion an [object]'; Oracle text writes 'a' before "
                 "a consonant ('Champion a Faerie')"),
}
"""Forms the rules describe without quoting them, and where they are described."""
_COMBAT_WORDS = re.compile(r"\battack|\bblock|\bcombat\b|\bevasion\b", re.IGNORECASE)
_FORM = re.compile(r"“([^”]{1,60})”")


# --- Ability kinds and zones (113.3, 113.6) ---------------------------------------------------------------------
#
# Each keyword's kinds and zones are read from its own rule ("Deathtouch is a static ability", "Cycling is an
# activated ability that functions only while the card with cycling is in a player's hand"). Where the rule names no
# kind, or no zone for a kind it names, the tables below decide, each citing what it relies on; a zone neither stated
# nor decided is the one rule 113.6 gives (the battlefield, or the stack for a spell ability).

KINDS = ("static", "activated", "triggered", "spell", "characteristic-defining")
ZONES = ("battlefield", "stack", "hand", "graveyard", "exile", "library", "command", "playable", "entering",
         "outside", "any")
"""Where an ability functions: a zone of rule 400.1, or "playable" (any zone the card could be played or cast from,
113.6e), "entering" (as the object enters the battlefield, 113.6h), "outside" (outside the game or before it begins,
113.6n), "any" (everywhere, 113.6a, 113.6f)."""

KINDS_NOT_STATED: dict[str, tuple[tuple[str, ...], str]] = {
    "fading": (("static", "triggered"), "702.32a names no kinds: 'enters with N fade counters' is a statement "
               "(static, 113.3d), 'At the beginning of your upkeep' a trigger (113.3c)"),
    "vanishing": (("static", "triggered"), "702.63a names no kinds: 'enters with N time counters' is a statement "
                  "(static, 113.3d); 'At the beginning of your upkeep' and 'When the last time counter is removed' "
                  "are triggers (113.3c)"),
    "disturb": (("static",), "702.146a names no kind: its meaning is a statement (static, 113.3d)"),
    "foretell": (("static",), "702.143a names no kind: a statement (static, 113.3d) that allows a special action "
                 "(116.2h, 702.143b)"),
    "plot": (("static",), "702.170a names no kind: a statement (static, 113.3d) that allows a special action "
             "(116.2k, 702.170b)"),
    "companion": (("static",), "702.139a names no kind: a statement (static, 113.3d) that allows a special action "
                  "(116.2g)"),
    "partner": (("static",), "702.124a names no kind: a statement about deck construction (static, 113.3d; "
                "113.6n)"),
    "read ahead": (("static",), "702.155a names no kind: its meaning is a statement (static, 113.3d)"),
    "living metal": (("static",), "702.161a names no kind: its meaning is a statement (static, 113.3d)"),
    "space sculptor": (("static",), "702.158a names no kind: sector designations are chosen as a state-based "
                       "action (702.158c, 704.5u) while the permanent is on the battlefield; a statement (113.3d)"),
    "visit": (("triggered",), "702.159a names no kind: its meaning begins 'Whenever you roll to visit' (113.3c)"),
    "ravenous": (("static",), "702.156a: 'represents both a replacement effect and a triggered ability'; the "
                 "replacement effect ('enters with X +1/+1 counters') comes from a static ability (614.12, 113.6h)"),
    "gift": (("spell",), "702.174a-b: on an instant or sorcery the second ability, 'If this spell's gift cost was "
             "paid, [effect]', is named no kind: instructions followed as the spell resolves (spell ability, 113.3a)"),
    "offspring": (("static", "triggered"), "702.175a names no kinds: 'You may pay an additional [cost] as you cast "
                  "this spell' is a statement (static, 113.3d), 'When this permanent enters' a trigger (113.3c)"),
}
"""Keywords whose rule names no kind, or not all of them: the kinds the rule's meaning shows, and why."""

ZONE_NOT_STATED: dict[str, tuple[dict[str, tuple[str, ...]], str]] = {
    "enchant": ({"static": ("stack", "battlefield")}, "702.5a: it restricts what an Aura spell can target (on the "
                "stack, 303.4a) and what an Aura can enchant (on the battlefield, 303.4d)"),
    "amplify": ({"static": ("entering",)}, "702.38a: 'As this object enters the battlefield' (113.6h)"),
    "modular": ({"static": ("entering",)}, "702.43a: 'enters the battlefield with N +1/+1 counters' (113.6h); "
                "its trigger leaves the battlefield (603.10a), so by 113.6 the battlefield"),
    "graft": ({"static": ("entering",)}, "702.58a: 'enters the battlefield with N +1/+1 counters' (113.6h)"),
    "bloodthirst": ({"static": ("entering",)}, "702.54a: 'enters the battlefield with N +1/+1 counters' (113.6h)"),
    "devour": ({"static": ("entering",)}, "702.82a: 'As this object enters the battlefield' (113.6h)"),
    "riot": ({"static": ("entering",)}, "702.136a: 'You may have this permanent enter the battlefield with' "
             "(113.6h); the haste it may give is an effect that stays once it has entered"),
    "compleated": ({"static": ("entering",)}, "702.150a: 'If this permanent would enter the battlefield with' "
                   "(113.6h)"),
    "fading": ({"static": ("entering",)}, "702.32a: 'This permanent enters the battlefield with' (113.6h)"),
    "vanishing": ({"static": ("entering",)}, "702.63a: 'This permanent enters the battlefield with' (113.6h)"),
    "ravenous": ({"static": ("entering",)}, "702.156a: 'This permanent enters the battlefield with' (113.6h)"),
    "unleash": ({"static": ("entering", "battlefield")}, "702.98a: the first ability modifies how it enters "
                "(113.6h), the second ('can't block as long as') functions on the battlefield (113.6)"),
    "miracle": ({"static": ("hand",), "triggered": ("hand",)}, "702.94a: the card is revealed from your hand as "
                "you draw it, and the linked trigger ('When you reveal this card this way') can trigger only there "
                "(113.6k)"),
    "madness": ({"triggered": ("exile",)}, "702.35a: 'When this card is exiled this way' triggers from exile "
                "(113.6k)"),
    "haunt": ({"triggered": ("battlefield", "stack")}, "702.55a: on a permanent it leaves the battlefield (603.10a); "
              "on an instant or sorcery it triggers as the spell resolves (113.6)"),
    "demonstrate": ({"triggered": ("stack",)}, "702.144a: 'When you cast this spell' can trigger only as the spell "
                    "is cast, on the stack (113.6k, 601.2i)"),
    "aftermath": ({"static": ("any", "stack")}, "702.127a: casting this half from a graveyard, and from no other "
                  "zone, restricts or modifies where it can be cast (everywhere, 113.6f); exiling it as it leaves "
                  "the stack functions on the stack (113.6)"),
    "disturb": ({"static": ("any",)}, "702.146a: it modifies what zone the card can be cast from (everywhere, "
                "113.6f); its effect is only ever to cast it from the graveyard"),
    "prototype": ({"static": ("playable", "stack")}, "702.160a: it modifies how the card can be cast (113.6e: any "
                  "zone it could be cast from, and the stack)"),
    "assist": ({"static": ("stack",)}, "702.132a: it modifies paying the spell's cost (601.2g-h, 113.6d)"),
    "offspring": ({"static": ("stack",)}, "702.175a: an additional cost to cast the spell (113.6d), as kicker "
                  "(702.33a)"),
    "read ahead": ({"static": ("battlefield",)}, "702.155a: chapter abilities of the Saga on the battlefield "
                   "(113.6); the number is chosen as it enters (714.3a)"),
}
"""Zones a keyword's rule leaves unstated for a kind and rule 113.6's default would get wrong, and why."""

_KIND_WORD = {"static": "static", "activated": "activated", "triggered": "triggered", "spell": "spell",
              "evasion": "static", "characteristic-defining": "characteristic-defining"}
_MENTION = re.compile(r"(?<!delayed )\b(static|activated|triggered|spell|evasion|characteristic-defining) "
                      r"abilit(?:y|ies)\b")
_ZONE_PHRASES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("playable", re.compile(r"\bin any zone from which\b")),
    ("any", re.compile(r"\beverywhere\b")),
    ("outside", re.compile(r"\boutside the game\b|\bbefore the game begins\b")),
    ("entering", re.compile(r"\b(?:is entering|as it enters) the battlefield\b")),
    ("stack", re.compile(r"\bon the stack\b")),
    ("hand", re.compile(r"\b(?:in|from) (?:a player's|your) hand\b")),
    ("graveyard", re.compile(r"\bin (?:a player's |your |a )graveyard\b")),
    ("exile", re.compile(r"\bin the exile zone\b|\bin exile\b")),
    ("command", re.compile(r"\b(?:in|into) the command zone\b")),
    ("battlefield", re.compile(r"\b(?:on|enters) the battlefield\b")),
)


_WHERE = re.compile(r"\b(?:functions?|works|applies while|apply to|activated only)\b[^.]*")
"""A clause that says where an ability functions ("that functions only while the card is in a player's hand")."""


def _zones_in(text: str) -> list[str]:
    """The zones that clauses saying where an ability functions name, in the order of ``_ZONE_PHRASES``; "any"
    covers all others. Other zone words ("as long as it remains in exile") say nothing of where it functions."""
    where = " ".join(m[0] for m in _WHERE.finditer(text))
    found: list[str] = []
    for zone, pattern in _ZONE_PHRASES:
        where, n = pattern.subn(" ", where)
        if n and zone not in found:
            found.append(zone)
    return ["any"] if "any" in found else found


def _statements(name: str, subrules: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The sub-rules that speak of the keyword itself ("Kicker is ...", "A boast ability is ...", "Enlist's static
    ability ..."), without quoted meanings and parenthesised references, which name other abilities."""
    subject = re.compile(rf"^(?:an? )?{re.escape(name)}(?:'s)?(?![\w-])", re.IGNORECASE)
    out = []
    for rule, text in subrules:
        if subject.match(text):
            plain = re.sub(r"“[^”]*”|\([^)]*\)", " ", text)
            out.append((rule, plain))
    return out


def _stated(name: str, subrules: list[tuple[str, str]]) -> tuple[list[dict[str, str]], list[tuple[str, str]]]:
    """The abilities the keyword's own sentences name, each with the zones named after it (up to the next ability),
    and the zones named where no ability is (as "functions while ... in a player's hand" of foretell)."""
    abilities: list[dict[str, str]] = []
    loose: list[tuple[str, str]] = []
    for rule, text in _statements(name, subrules):
        mentions = list(_MENTION.finditer(text))
        if not mentions:
            loose += [(zone, rule) for zone in _zones_in(text)]
            continue
        for i, m in enumerate(mentions):
            end = mentions[i + 1].start() if i + 1 < len(mentions) else len(text)
            kind = _KIND_WORD[m[1]]
            basis = {"kind_rule": "113.3d"} if m[1] == "evasion" else {}  # an evasion ability is a statement
            zones = _zones_in(text[m.end():end])
            abilities += [{"kind": kind, "zone": zone, "rule": rule, **basis} for zone in zones] or \
                [{"kind": kind, "zone": "", "rule": rule, **basis}]
    return abilities, loose


def _place(name: str, ability: dict[str, str], loose: list[tuple[str, str]]) -> list[dict[str, str]]:
    """Give an ability whose sentence names no zone its zones: those named elsewhere in the keyword's sentences
    ("zone_rule" the sub-rule), the decision of ``ZONE_NOT_STATED`` ("basis"), or rule 113.6's default ("zone_rule"
    113.6, or 113.6a for a characteristic-defining ability)."""
    if ability["zone"]:
        return [ability]
    kind = ability["kind"]
    if loose:
        return [{**ability, "zone": zone, "zone_rule": rule} for zone, rule in loose]
    decided = ZONE_NOT_STATED.get(name, ({}, ""))
    if kind in decided[0]:
        basis = "; ".join(filter(None, (ability.get("basis"), decided[1])))
        return [{**ability, "zone": zone, "basis": basis} for zone in decided[0][kind]]
    if kind == "characteristic-defining":
        return [{**ability, "zone": "any", "zone_rule": "113.6a"}]
    return [{**ability, "zone": "stack" if kind == "spell" else "battlefield", "zone_rule": "113.6"}]


def keyword_abilities(name: str, subrules: list[tuple[str, str]],
                      inherited: list[dict[str, str]] | None = None) -> list[dict[str, str]]:
    """The kinds and zones of one keyword's abilities, each with the sub-rule (or the decision) it comes from.

    ``subrules`` are (number, text) of the keyword's rule; ``inherited`` the abilities of the keyword a variant is
    a variant of (a variant that "also functions" in a zone adds that zone, 702.49d).
    """
    stated, loose = _stated(name, subrules)
    if not stated and inherited is not None:
        extra = [{**a, "zone": zone, "zone_rule": rule} for a in inherited for zone, rule in loose]
        return _unique(inherited + extra)
    if name in KINDS_NOT_STATED:
        kinds, basis = KINDS_NOT_STATED[name]
        again = [k for k in kinds if any(a["kind"] == k for a in stated)]
        if again:
            raise SystemExit(f"KINDS_NOT_STATED gives {name} the kind(s) {again} its rule already states")
        rule = subrules[0][0] if subrules else ""
        stated += [{"kind": k, "zone": "", "rule": rule, "basis": basis} for k in kinds]
    placed = [p for a in stated for p in _place(name, a, loose)]
    if not placed:
        raise SystemExit(f"the rule of {name!r} names no kind of ability: decide in KINDS_NOT_STATED")
    return _unique(placed)


def _unique(abilities: list[dict[str, str]]) -> list[dict[str, str]]:
    """One entry per (kind, zone), the first that says it."""
    seen: set[tuple[str, str]] = set()
    out = []
    for a in abilities:
        key = (a["kind"], a["zone"])
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out


def _straight(s: str) -> str:
    return s.replace("\u2019", "'").replace("\u2014", "—")


def _list(text: str, after: str) -> list[str]:
    """The items of "..., B, and C." following ``after`` in a rule's text, without "(see rule ...)"."""
    tail = text.split(after, 1)[1] if after else text
    tail = re.sub(r"\s*\((?:see )?rules? [^)]*\)", "", tail).split(". ")[0].rstrip(".")
    items = [re.sub(r"^and ", "", i.strip()) for i in tail.split(",")]
    return [_straight(i) for i in items if i]


def regular_plural(word: str) -> str:
    """English plural by the regular rules (the same rules ``__init__`` reverses)."""
    if re.search(r"(s|x|z|ch|sh)$", word):
        return word + "es"
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    return word + "s"


def _sourced(source: str, rule: str, entries: Any, **extra: Any) -> dict[str, Any]:
    return {"source": f"{source}, rule {rule}", **extra, "entries": entries}


def _subrules(rules: dict[str, dict[str, Any]], rule: str) -> list[tuple[str, str]]:
    """The lettered sub-rules of a rule, in order, as (number, straightened text)."""
    subs = sorted((k for k in rules if re.fullmatch(re.escape(rule) + r"[a-z]", k)), key=lambda k: (len(k), k))
    return [(k, _straight(rules[k]["text"])) for k in subs]


def _names(rule: str, title: str, text: str) -> tuple[list[str], list[str]]:
    """The keyword names a rule defines, and its named variants ("Megamorph is a variant of", 702.37b; the partner
    abilities listed in 702.124a other than partner's own forms)."""
    names = [t.lower() for t in title.split(" and ")] if title == "Daybound and Nightbound" else [title.lower()]
    variants = [v.lower() for v in re.findall(r"(?:^|[.”)] )([A-Z][a-z]+(?: [a-z]+)*) is a variant of", text)
                if "[" not in v]
    if "The partner abilities are:" in text:
        variants += [v.lower() for v in _list(text, "The partner abilities are:")
                     if not v.lower().startswith(names[0])]
    return names, variants


def _combat(rules: dict[str, dict[str, Any]], name: str) -> dict[str, str] | None:
    """The combat decision of ``COMBAT`` for a keyword, with the rule's sentence and, where decided, why."""
    if name not in COMBAT:
        return None
    sub, kind = COMBAT[name]
    why = {"why": COMBAT_WHY[name]} if name in COMBAT_WHY else {}
    return {"rule": sub, "kind": kind, "text": _excerpt(rules, sub), **why}


def _keywords(rules: dict[str, dict[str, Any]], source: str) -> dict[str, Any]:
    """keywords.json: each keyword of rule 702 (and named variant) with its forms, kinds and zones, and combat flag."""
    rule_numbers = sorted(int(k.split(".")[1]) for k in rules if re.fullmatch(r"702\.\d+", k))
    entries: list[dict[str, Any]] = []
    for n in rule_numbers[1:]:  # 702.1 is the introduction
        rule = f"702.{n}"
        subrules = _subrules(rules, rule)
        text = " ".join(t for _, t in subrules)
        names, variants = _names(rule, _straight(rules[rule]["text"]).strip(), text)
        for name in names + variants:
            entry: dict[str, Any] = {"name": name, "rule": rule, "forms": _forms(name, text)}
            base = next((e for e in entries if e["name"] == names[0]), None) if name in variants else None
            if base is not None:
                entry["variant_of"] = base["name"]
            abilities = keyword_abilities(name, subrules, base["abilities"] if base else None)
            entry.update(_kinds_and_zones(abilities))
            entry["combat"] = _combat(rules, name)
            if entry["combat"] is None and name in names:
                hit = _COMBAT_WORDS.search(text)
                if hit and name not in NOT_COMBAT:
                    raise SystemExit(f"rule {rule} ({name}) mentions {hit[0]!r}: decide in COMBAT or NOT_COMBAT")
                if name in NOT_COMBAT:
                    entry["not_combat"] = NOT_COMBAT[name]
            entries.append(entry)
        for v in (e for e in entries if e.get("variant_of") in names and e["rule"] == rule):
            base_entry = next(e for e in entries if e["name"] == v["variant_of"])
            base_entry["forms"] = [f for f in base_entry["forms"] if f not in v["forms"]] or base_entry["forms"]
    _check_tables({e["name"] for e in entries})
    return _sourced(source, "702", entries, note=KEYWORDS_NOTE)


KEYWORDS_NOTE = (
    "forms: as the rule writes them; N a number, [cost] a cost, any other [...] a quality. kinds and zones: of the "
    "abilities the keyword represents (113.3; 113.6: battlefield, stack, hand, graveyard, exile, library, command, "
    "'playable' any zone it could be played or cast from, 'entering' as it enters the battlefield, 'outside' "
    "outside the game, 'any' everywhere); abilities: each (kind, zone) with the sub-rule that states it, or the "
    "basis where the rule doesn't. combat: the sub-rule that makes the keyword, as it sits on the battlefield, "
    "matter to declaring attackers or blockers or to combat damage (kind: evasion, declare attackers, declare "
    "blockers, combat damage; 'combat trigger' for a triggered ability whose result comes once it resolves), or "
    "null.")


def _kinds_and_zones(abilities: list[dict[str, str]]) -> dict[str, Any]:
    """The entry's "kinds" and "zones" (each once, in order) and the "abilities" they come from."""
    return {"kinds": list(dict.fromkeys(a["kind"] for a in abilities)),
            "zones": list(dict.fromkeys(a["zone"] for a in abilities)), "abilities": abilities}


def _check_tables(names: set[str]) -> None:
    """Every hand-made decision names a keyword of the rules (or of ``keywords_later.json``), so none goes stale."""
    later = {e["name"] for e in _later_entries()}
    overlap = names & later
    if overlap:
        raise SystemExit(f"keywords_later.json lists keywords this edition of 702 defines: {sorted(overlap)}")
    tables: dict[str, set[str]] = {
        "COMBAT": set(COMBAT), "COMBAT_WHY": set(COMBAT_WHY), "NOT_COMBAT": set(NOT_COMBAT),
        "UNQUOTED_FORMS": set(UNQUOTED_FORMS), "OPTIONAL_PARAMETER": set(OPTIONAL_PARAMETER),
        "KINDS_NOT_STATED": set(KINDS_NOT_STATED), "ZONE_NOT_STATED": set(ZONE_NOT_STATED)}
    for table, decided in tables.items():
        unknown = decided - names - later
        if unknown:
            raise SystemExit(f"{table} names no keyword of rule 702: {sorted(unknown)}")


def complete_later(data: dict[str, Any]) -> dict[str, Any]:
    """``keywords_later.json`` with each entry's kinds, zones and abilities derived from its copied rule text, as
    ``_keywords`` derives them from the rules it reads."""
    entries = []
    for e in data["entries"]:
        subrules = [(k, _straight(t)) for k, t in e["rules"].items()]
        derived = _kinds_and_zones(keyword_abilities(e["name"], subrules))
        entries.append({**{k: v for k, v in e.items() if k not in derived}, **derived})
    return {**data, "entries": entries}


def _later_entries() -> list[dict[str, Any]]:
    """The entries of ``keywords_later.json`` (keywords added to 702 after the edition the build reads)."""
    path = HERE / "keywords_later.json"
    if not path.exists():
        return []
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return list(data["entries"])


def _excerpt(rules: dict[str, dict[str, Any]], rule: str) -> str:
    text = _straight(rules[rule]["text"])
    first = next((s for s in re.split(r"(?<=[.”])\s+", text) if _COMBAT_WORDS.search(s) or "damage" in s.lower()), text)
    return first if len(first) <= 160 else first[:157] + "..."


def _forms(name: str, text: str) -> list[str]:
    """How the rule writes the keyword: the name itself, or quoted forms with N or a [placeholder]."""
    out = [name]
    for raw in _FORM.findall(text):
        f = raw.rstrip(".,").strip()
        low = f.lower()
        placeholder = bool(re.search(r"\[[^\]]+\]|\bN\b", f))
        starts = re.match(re.escape(name) + r"(?:[ —]|$)", low) is not None
        after = low.split("]", 1)[1].split() if f.startswith("[") and "]" in low else []
        # "[type]walk", "[quality] offering": the word after the placeholder ends the keyword's name
        prefix = bool(after) and any(after[0] == name[i:] for i in range(len(name) - 3))
        band = name == "banding" and low.startswith("bands with other")
        if placeholder and (starts or prefix or band):
            form = re.sub(r"\bn\b", "N", low) if re.search(r"\bN\b", f) else low
            if form not in out:
                out.append(form)
    # Some rules state the form outside quotation marks ("Ward [cost] means ...").
    if len(out) == 1:
        for m in re.finditer(re.escape(name) + r" (\[cost\]|N\b)", text, re.IGNORECASE):
            form = f"{name} {m[1]}"
            if form not in out:
                out.append(form)
    out += UNQUOTED_FORMS.get(name, ((), ""))[0]
    # The bare name is a form only when the keyword needs no parameter, or its parameter is an
    # optional addition (``OPTIONAL_PARAMETER``).
    if len(out) > 1 and name not in OPTIONAL_PARAMETER:
        out.remove(name)
    return out


def numbers() -> dict[str, Any]:
    """English cardinal words zero to one hundred, and "a"/"an" for one."""
    units = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
             "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
    tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
    words: dict[str, int] = {"a": 1, "an": 1}
    words.update({w: i for i, w in enumerate(units)})
    for t in range(2, 10):
        words[tens[t]] = t * 10
        for u in range(1, 10):
            words[f"{tens[t]}-{units[u]}"] = t * 10 + u
    words["one hundred"] = 100
    return {"source": "English cardinal numbers (rule 107.1: the game uses only integers)", "entries": words}


def build(cr: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every lexicon file's content, by file name."""
    rules: dict[str, dict[str, Any]] = cr["rules"]
    date = re.search(r"effective as of (.+?)\.?$", cr.get("effective", ""))
    source = f"Comprehensive Rules, effective {date[1] if date else 'unknown date'}"

    def text(rule: str) -> str:
        return _straight(rules[rule]["text"])

    m = text("205.3m")
    two_words = re.findall(r"two words long: ([^.]+)\.", m)
    creature = [t.strip() for t in two_words[0].split(",")] if two_words else []
    creature += _list(m, "one word long:")
    unknown = set(IRREGULAR_PLURALS) - set(creature)
    if unknown:
        raise SystemExit(f"IRREGULAR_PLURALS names no creature type of rule 205.3m: {sorted(unknown)}")
    regular = [t for t, p in IRREGULAR_PLURALS.items() if (p or t) == regular_plural(t)]
    if regular:
        raise SystemExit(f"IRREGULAR_PLURALS holds regular plurals: {regular}")
    creature_entries = []
    for t in creature:
        irregular = t in IRREGULAR_PLURALS
        plural = IRREGULAR_PLURALS[t] if irregular else None
        p = (plural or t) if irregular else regular_plural(t)
        creature_entries.append({"name": t, "plural": p, **({"irregular": True} if irregular else {})})
    land = _list(text("205.3i"), "The land types are")
    basic_m = re.search(r"Of that list, (.+?) are the basic land types", text("205.3i"))
    basic = _list(basic_m[1] + ".", "") if basic_m else []
    return {
        "colours.json": _sourced(source, "105.1", _list(text("105.1"), "Magic game:")),
        "card_types.json": _sourced(source, "205.2a", _list(text("205.2a"), "The card types are")),
        "supertypes.json": _sourced(source, "205.4a", _list(text("205.4a"), "The supertypes are")),
        "creature_types.json": _sourced(
            source, "205.3m", creature_entries,
            note="plural: regular English rules unless 'irregular' (an explicit exception; the same word when "
                 "the plural does not change)"),
        "land_types.json": _sourced(source, "205.3i", [{"name": t, "basic": t in basic} for t in land]),
        "artifact_types.json": _sourced(source, "205.3g", _list(text("205.3g"), "The artifact types are")),
        "enchantment_types.json": _sourced(source, "205.3h", _list(text("205.3h"), "The enchantment types are")),
        "planeswalker_types.json": _sourced(source, "205.3j", _list(text("205.3j"), "The planeswalker types are")),
        "spell_types.json": _sourced(source, "205.3k", _list(text("205.3k"), "The spell types are")),
        "battle_types.json": _sourced(source, "205.3q", _list(text("205.3q"), "That battle type is")),
        "ability_words.json": _sourced(source, "207.2c", _list(text("207.2c"), "The ability words are")),
        "keywords.json": _keywords(rules, source),
        "numbers.json": numbers(),
    }


def _write(name: str, content: dict[str, Any]) -> None:
    (HERE / name).write_text(json.dumps(content, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{name}: {len(content['entries'])} entries")


def main(argv: list[str]) -> int:
    if argv == ["--later"]:
        _write("keywords_later.json", complete_later(json.loads((HERE / "keywords_later.json").read_text("utf-8"))))
        return 0
    if len(argv) != 1:
        print("usage: python -m legality.text.lexicon.build CR.json | --later", file=sys.stderr)
        return 2
    try:
        cr = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        print(f"can't read {argv[0]!r}: {exc}", file=sys.stderr)
        return 2
    for name, content in build(cr).items():
        _write(name, content)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
