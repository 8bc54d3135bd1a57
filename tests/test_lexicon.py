"""The lexicon against the Comprehensive Rules (June 7, 2024) and real Oracle text.

Each expectation names the rule it comes from; the plural cases quote Oracle text of the named cards.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from legality.text import lexicon as lx
from legality.text.lexicon import build
from legality.text.read import normalise


def test_sources_name_the_rules() -> None:
    assert lx.source("creature_types.json").endswith("rule 205.3m")
    assert lx.source("keywords.json").startswith("Comprehensive Rules, effective ")
    assert lx.source("ability_words.json").endswith("rule 207.2c")


def test_creature_types_205_3m() -> None:
    assert lx.creature_type("Elf") == "Elf"  # 205.3m lists Elf
    assert lx.creature_type("merfolk") == "Merfolk"
    assert lx.creature_type("time lord") == "Time Lord"  # 205.3m: "One creature type is two words long"
    assert lx.creature_type("c\u2019tan") == "C'tan"  # 205.3m writes C’tan
    assert lx.creature_type("island") is None  # a land type (205.3i), not a creature type
    assert lx.creature_type("legend") is None  # not in 205.3m (Legend was removed as a creature type)
    assert "Zubera" in lx.creature_types()  # the last of 205.3m's list


@pytest.mark.parametrize(("card", "oracle", "word", "singular"), [
    ("Elvish Clancaller", "Other Elves you control get +1/+1", "Elves", "Elf"),
    ("Nightpack Ambusher", "Other Wolves and Werewolves you control get +1/+1", "Wolves", "Wolf"),
    ("Nightpack Ambusher", "Other Wolves and Werewolves you control get +1/+1", "Werewolves", "Werewolf"),
    ("Slinn Voda, the Rising Deep", "except for Merfolk, Krakens, Leviathans, Octopuses, and Serpents",
     "Octopuses", "Octopus"),
    ("Slinn Voda, the Rising Deep", "except for Merfolk, Krakens, Leviathans, Octopuses, and Serpents",
     "Merfolk", "Merfolk"),
    ("Death Baron", "Skeletons you control and other Zombies you control get +1/+1", "Zombies", "Zombie"),
    ("River Darter", "River Darter can't be blocked by Dinosaurs", "Dinosaurs", "Dinosaur"),
    ("Tendershoot Dryad", "Saprolings you control get +2/+2", "Saprolings", "Saproling"),
    ("Aryel, Knight of Windgrace", "Tap X untapped Knights you control", "Knights", "Knight"),
])
def test_plurals_round_trip_real_oracle_text(card: str, oracle: str, word: str, singular: str) -> None:
    assert word in oracle, card
    assert lx.creature_type(word.lower()) == singular  # 205.3m type named by its plural
    assert lx.plural(singular) == word  # and written back the way Oracle text writes it


def test_irregular_plurals_are_listed_and_really_irregular() -> None:
    irregular = lx.irregular_plurals()
    assert irregular["Elf"] == "Elves"
    assert irregular["Mouse"] == "Mice"
    assert irregular["Merfolk"] == "Merfolk"
    assert lx.creature_type("mice") == "Mouse"
    assert lx.creature_type("homunculi") == "Homunculus"
    assert lx.creature_type("cyclopes") == "Cyclops"
    assert lx.creature_type("sphinxes") == "Sphinx"  # regular: -es after x
    for singular, plural in irregular.items():
        assert plural != build.regular_plural(singular), singular


def test_card_types_supertypes_colours() -> None:
    assert lx.card_type("creatures") == "creature"  # 205.2a
    assert lx.card_type("kindred") == "kindred"  # 205.2a (formerly tribal)
    assert lx.card_type("tribal") is None
    assert lx.supertype("legendary") == "legendary"  # 205.4a
    assert lx.supertype("snow") == "snow"
    assert lx.supertype("creature") is None
    assert {lx.colour(c) for c in ("white", "blue", "black", "red", "green")} == {
        "white", "blue", "black", "red", "green"}  # 105.1
    assert lx.colour("colorless") is None  # 105.2c: colorless is not a colour


def test_subtypes_tell_land_types_from_creature_types() -> None:
    assert lx.land_type("desert") == "Desert"  # 205.3i
    assert lx.land_type("islands") == "Island"
    assert lx.basic_land_types() == {"Forest", "Island", "Mountain", "Plains", "Swamp"}  # 205.3i
    assert lx.subtype("desert") == ("land", "Desert")
    assert lx.subtype("elves") == ("creature", "Elf")  # 205.3m
    assert lx.subtype("equipment") == ("artifact", "Equipment")  # 205.3g
    assert lx.subtype("attraction") == ("artifact", "Attraction")  # 205.3g writes "Attraction (see rule 717)"
    assert lx.subtype("auras") == ("enchantment", "Aura")  # 205.3h
    assert lx.subtype("jace") == ("planeswalker", "Jace")  # 205.3j
    assert lx.subtype("arcane") == ("spell", "Arcane")  # 205.3k
    assert lx.subtype("siege") == ("battle", "Siege")  # 205.3q
    assert lx.subtype("flying") is None


def test_keyword_parameters_702() -> None:
    k = lx.keyword("bushido 2")  # 702.45a "Bushido N"
    assert k is not None and (k.name, k.number, k.rule) == ("bushido", 2, "702.45")
    k = lx.keyword("rampage 2")  # 702.23a
    assert k is not None and k.number == 2
    k = lx.keyword("annihilator two")  # N may be written as a word
    assert k is not None and k.number == 2
    assert lx.keyword("bushido") is None  # 702.45a writes it only with N
    k = lx.keyword("protection from red")  # 702.16a "Protection from [quality]"
    assert k is not None and (k.name, k.quality) == ("protection", "red")
    k = lx.keyword("islandwalk")  # 702.14a "[type]walk"
    assert k is not None and (k.name, k.quality) == ("landwalk", "island")
    k = lx.keyword("nonbasic landwalk")  # 702.14c
    assert k is not None and (k.name, k.quality) == ("landwalk", "nonbasic land")
    k = lx.keyword("ninjutsu {1}{u}")  # 702.49a "Ninjutsu [cost]"
    assert k is not None and (k.name, k.cost) == ("ninjutsu", "{1}{u}")
    k = lx.keyword("ward\u2014pay 3 life")  # 702.21a "Ward [cost]"; a non-mana cost follows a dash
    assert k is not None and (k.name, k.cost) == ("ward", "pay 3 life")
    k = lx.keyword("suspend 4\u2014{1}{u}")  # 702.62a "Suspend N—[cost]"
    assert k is not None and (k.number, k.cost) == (4, "{1}{u}")
    k = lx.keyword("enchant creature")  # 702.5a "Enchant [object or player]"
    assert k is not None and (k.name, k.quality) == ("enchant", "creature")
    k = lx.keyword("islandcycling {2}")  # 702.29e "[Type]cycling [cost]"
    assert k is not None and (k.name, k.quality, k.cost) == ("typecycling", "island", "{2}")
    k = lx.keyword("hexproof from black")  # 702.11d
    assert k is not None and (k.name, k.quality) == ("hexproof", "black")
    k = lx.keyword("trample over planeswalkers")  # 702.19c
    assert k is not None and k.name == "trample over planeswalkers"
    assert lx.keyword("flying and trample") is None  # a list is the reader's job, not one keyword
    assert lx.keyword_entry("spree") is not None  # 702.172, the last keyword of this edition


def test_combat_flags_follow_the_rules() -> None:
    def kind(name: str) -> str | None:
        entry = lx.keyword_entry(name)
        assert entry is not None, name
        return entry.combat

    assert kind("flying") == "evasion"  # 702.9b
    assert kind("menace") == "evasion"  # 702.111b
    assert kind("vigilance") == "declare attackers"  # 702.20b
    assert kind("reach") == "declare blockers"  # 702.17b
    assert kind("deathtouch") == "combat damage"  # 702.2c
    assert kind("lifelink") == "combat damage"  # 702.15b
    assert kind("afflict") == "combat trigger"  # 702.130a: whenever this creature becomes blocked
    assert kind("dash") == "declare attackers"  # 702.109a: haste on the battlefield while its cost was paid
    assert kind("hexproof") is None  # 702.11: targeting only
    assert kind("flash") is None  # 702.8a: timing of casting
    assert kind("cycling") is None  # 702.29a
    assert {"flying", "first strike", "protection", "landwalk", "toxic", "banding"} <= lx.combat_keywords()


def test_ability_words_207_2c() -> None:
    assert lx.strip_ability_word("threshold \u2014 ~ gets +1/+1") == ("threshold", "~ gets +1/+1")
    assert lx.strip_ability_word("Council\u2019s dilemma \u2014 each player votes")[0] == "council's dilemma"
    assert lx.strip_ability_word("flying \u2014 x") == (None, "flying \u2014 x")  # a keyword, not an ability word
    assert "descend 4" in lx.ability_words()


def test_numbers() -> None:
    assert lx.number("a") == 1
    assert lx.number("an") == 1
    assert lx.number("twenty") == 20
    assert lx.number("ninety-nine") == 99
    assert lx.number("one hundred") == 100
    assert lx.number("13") == 13
    assert lx.number("hundred") is None
    assert lx.number("x") is None  # 107.3: X is a variable, not a number word


def test_build_demands_a_combat_decision_for_new_keywords() -> None:
    # A keyword whose rule speaks of blocking but that neither table decides must stop the build.
    rules = {"702.1": {"text": "Keywords."}, "702.2": {"text": "Skyrunning"},
             "702.2a": {"text": "Skyrunning is an evasion ability."},
             "702.2b": {"text": "A creature with skyrunning can’t be blocked except by creatures with skyrunning."}}
    with pytest.raises(SystemExit, match="skyrunning"):
        build._keywords(rules, "test rules")


CR_PATH = Path(os.environ.get("LEGALITY_CR") or "/tmp/corpus/cr.json")
"""The rules JSON the lexicon is built from (written by get_cr.py); the tests that read it skip without it."""
needs_cr = pytest.mark.skipif(not CR_PATH.is_file(), reason=f"no rules JSON at {CR_PATH} (set LEGALITY_CR)")


def _cr() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(CR_PATH.read_text(encoding="utf-8"))
    return data


@needs_cr
def test_committed_files_are_the_build_output() -> None:
    cr = _cr()
    for name, content in build.build(cr).items():
        committed = json.loads((Path(build.__file__).parent / name).read_text(encoding="utf-8"))
        assert committed == content, name


# --- Kinds and zones of keyword abilities (113.3, 113.6) --------------------------------------------------------

def test_every_keyword_has_a_kind_and_a_zone() -> None:
    for k in lx.keywords():
        assert k.kinds and k.zones and k.abilities, k.name  # 113.3: every ability is of one of the kinds
        assert set(k.kinds) <= set(build.KINDS), k.name
        assert set(k.zones) <= set(build.ZONES), k.name
        assert set(k.kinds) == {a.kind for a in k.abilities} and set(k.zones) == {a.zone for a in k.abilities}


@pytest.mark.parametrize(("name", "abilities"), [
    ("deathtouch", {("static", "battlefield", "702.2a")}),  # "Deathtouch is a static ability."
    ("flying", {("static", "battlefield", "702.9a")}),  # "Flying is an evasion ability.": a statement (113.3d)
    ("provoke", {("triggered", "battlefield", "702.39a")}),  # "Provoke is a triggered ability."
    ("ward", {("triggered", "battlefield", "702.21a")}),  # "Ward is a triggered ability."
    ("equip", {("activated", "battlefield", "702.6a")}),  # "an activated ability of Equipment cards"
    ("suspend", {("static", "hand", "702.62a"), ("triggered", "exile", "702.62a")}),  # three abilities
    ("kicker", {("static", "stack", "702.33a")}),  # "functions while the spell with kicker is on the stack"
    ("escape", {("static", "graveyard", "702.138a")}),  # "while the card with escape is in a player's graveyard"
    ("cycling", {("activated", "hand", "702.29a")}),  # "only while the card with cycling is in a player's hand"
    ("ninjutsu", {("activated", "hand", "702.49a")}),
    ("commander ninjutsu", {("activated", "hand", "702.49a"), ("activated", "command", "702.49a")}),  # 702.49d
    ("morph", {("static", "playable", "702.37a")}),  # "in any zone from which you could play the card"
    ("flash", {("static", "playable", "702.8a")}),
    ("changeling", {("characteristic-defining", "any", "702.73a")}),  # "works everywhere"
    ("flashback", {("static", "graveyard", "702.34a"), ("static", "stack", "702.34a")}),
    ("dash", {("static", "stack", "702.109a"), ("static", "battlefield", "702.109a")}),
    ("evoke", {("static", "playable", "702.74a"), ("triggered", "battlefield", "702.74a")}),
    ("cipher", {("spell", "stack", "702.99a"), ("static", "exile", "702.99a")}),
    ("tribute", {("static", "entering", "702.104a")}),  # "as the creature with tribute is entering"
    ("hidden agenda", {("static", "command", "702.106a")}),
    ("enlist", {("static", "battlefield", "702.154a"), ("triggered", "battlefield", "702.154a")}),
    ("storm", {("triggered", "stack", "702.40a")}),
    ("companion", {("static", "outside", "702.139a")}),  # "functions outside the game"; kind decided (113.3d)
    ("riot", {("static", "entering", "702.136a")}),  # zone decided: "enter the battlefield with" (113.6h)
    ("mobilize", {("triggered", "battlefield", "702.181a")}),  # February 2026 rules
    ("harmonize", {("static", "graveyard", "702.180a"), ("static", "stack", "702.180a")}),
])
def test_kinds_and_zones_of_well_known_keywords(name: str, abilities: set[tuple[str, str, str]]) -> None:
    entry = lx.keyword_entry(name)
    assert entry is not None
    assert {(a.kind, a.zone, a.rule) for a in entry.abilities} == abilities


def test_battlefield_static_is_what_can_bear_on_a_declaration() -> None:
    def bf(name: str) -> bool:
        entry = lx.keyword_entry(name)
        assert entry is not None, name
        return entry.battlefield_static

    assert bf("flying") and bf("defender") and bf("menace") and bf("changeling") and bf("decayed")
    assert bf("enlist")  # 702.154a: its static ability is there, though it makes no declaration illegal
    assert not bf("provoke") and not bf("bushido") and not bf("mobilize")  # triggered (603.3)
    assert not bf("equip") and not bf("crew")  # activated (602)
    assert not bf("kicker") and not bf("flash") and not bf("suspend") and not bf("escape")  # other zones
    assert not bf("riot") and not bf("tribute")  # as it enters (113.6h), not while there


@needs_cr
def test_kinds_and_zones_are_those_the_rules_state() -> None:
    """Every ability cites a sub-rule of its keyword; where no decision is recorded, that sub-rule names the kind."""
    rules = _cr()["rules"]
    words = {"static": ("static", "evasion"), "activated": ("activated",), "triggered": ("triggered",),
             "spell": ("spell ability", "spell abilities"), "characteristic-defining": ("characteristic-defining",)}
    zone_words = {"battlefield": ("battlefield",), "stack": ("on the stack",), "hand": ("hand",),
                  "graveyard": ("graveyard",), "exile": ("exile zone",), "command": ("command zone",),
                  "playable": ("any zone from which",), "entering": ("entering the battlefield",),
                  "outside": ("outside the game", "before the game begins"), "any": ("everywhere",)}
    committed = json.loads((Path(build.__file__).parent / "keywords.json").read_text(encoding="utf-8"))
    for e in committed["entries"]:
        for a in e["abilities"]:
            assert a["rule"].startswith(e["rule"]) and a["rule"] in rules, (e["name"], a)
            if "basis" not in a:
                text = rules[a["rule"]]["text"]
                assert any(w in text for w in words[a["kind"]]), (e["name"], a)
            if "zone_rule" not in a and "basis" not in a:  # the sub-rule itself says where it functions
                text = rules[a["rule"]]["text"]
                assert any(w in text for w in zone_words[a["zone"]]), (e["name"], a)


def test_build_demands_a_kind_for_new_keywords() -> None:
    # A keyword whose rule names no kind, and that KINDS_NOT_STATED doesn't decide, must stop the build.
    rules = {"702.1": {"text": "Keywords."}, "702.2": {"text": "Glimmer"},
             "702.2a": {"text": "Glimmer is a keyword found on some Auras. “Glimmer” means “This Aura is blue.”"}}
    with pytest.raises(SystemExit, match="glimmer"):
        build._keywords(rules, "test rules")


# --- The combat flag (702; 508.1, 509.1, 510) -------------------------------------------------------------------

@pytest.mark.parametrize(("name", "flag", "rule"), [
    ("provoke", "combat trigger", "702.39a"),  # its required block is the resolved trigger's effect (603.3)
    ("poisonous", "combat trigger", "702.70a"),  # "Whenever this creature deals combat damage to a player"
    ("renown", "combat trigger", "702.112a"),
    ("ingest", "combat trigger", "702.115a"),
    ("enlist", "combat trigger", "702.154b"),  # an optional cost to attack (508.1g), never required (508.1d)
    ("bushido", "combat trigger", "702.45a"),
    ("rampage", "combat trigger", "702.23a"),
    ("flanking", "combat trigger", "702.25a"),
    ("exalted", "combat trigger", "702.83a"),
    ("battle cry", "combat trigger", "702.91a"),
    ("annihilator", "combat trigger", "702.86a"),
    ("myriad", "combat trigger", "702.116a"),
    ("melee", "combat trigger", "702.121a"),
    ("dethrone", "combat trigger", "702.105a"),
    ("training", "combat trigger", "702.149a"),
    ("mobilize", "combat trigger", "702.181a"),
    ("firebending", "combat trigger", "702.189a"),
    ("dash", "declare attackers", "702.109a"),  # its static ability on the battlefield gives haste
    ("blitz", "declare attackers", "702.152a"),
    ("living metal", "declare attackers", "702.161a"),  # an artifact creature during your turn (506.3)
    ("impending", "declare attackers", "702.176a"),  # not a creature while it has a time counter (506.3)
    ("absorb", "combat damage", "702.64a"),  # prevents damage dealt (615.1, 510.2)
    ("decayed", "declare blockers", "702.147a"),  # "This creature can't block"
    ("toxic", "combat damage", "702.164c"),  # a static ability: poison as the damage is dealt
    ("sneak", None, None),  # enters attacking, never declared (508.4), as ninjutsu
])
def test_combat_flags_reviewed(name: str, flag: str | None, rule: str | None) -> None:
    entry = lx.keyword_entry(name)
    assert entry is not None
    assert (entry.combat, entry.combat_rule) == (flag, rule)


def test_triggered_keywords_never_bear_on_a_declaration_directly() -> None:
    """A keyword that is only triggered abilities on the battlefield is a combat trigger or has no flag: its
    result comes once it resolves (603.3), never as the declaration is judged."""
    for k in lx.keywords():
        if k.combat and not k.battlefield_static:
            assert k.combat == "combat trigger", k.name


# --- Keywords of a later edition (keywords_later.json) ----------------------------------------------------------

def test_later_keywords_name_their_source_and_are_derived_from_their_rule_text() -> None:
    assert lx.source("keywords_later.json").startswith("Comprehensive Rules, effective February 27, 2026")
    path = Path(build.__file__).parent / "keywords_later.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert build.complete_later(data) == data  # kinds, zones, abilities as the build derives them
    earlier = {e["name"] for e in json.loads((path.parent / "keywords.json").read_text("utf-8"))["entries"]}
    later = {e["name"] for e in data["entries"]}
    assert not earlier & later
    assert {"mobilize", "warp", "station", "exhaust", "harmonize", "impending", "offspring", "gift"} <= later
    assert all(e["rule"].startswith("702.") and all(r.startswith(e["rule"]) for r in e["rules"])
               for e in data["entries"])


# --- A whole keyword line ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("card", "oracle", "expected"), [
    ("Akoum Firebird", "Flying, haste", [("flying", None), ("haste", None)]),
    ("Atraxi Warden", "Suspend 5—{1}{W}", [("suspend", 5)]),
    ("Escape Velocity", "Escape—{1}{R}, Exile two other cards from your graveyard.",
     [("escape", "{1}{r}, exile two other cards from your graveyard")]),
    ("Blinkmoth Infusion", "Affinity for artifacts", [("affinity", "artifacts")]),
    ("Elite Inquisitor", "Protection from Vampires, from Werewolves, and from Zombies",
     [("protection", "vampires"), ("protection", "werewolves"), ("protection", "zombies")]),
    ("Paladin en-Vec", "First strike, protection from black and from red",
     [("first strike", None), ("protection", "black"), ("protection", "red")]),
    ("Dwarven Forge-Chanter", "Ward—Pay 2 life.", [("ward", "pay 2 life")]),
    ("Aboleth Spawn", "Ward {2}", [("ward", "{2}")]),
    ("Aeronaut's Wings", "Equip {2}", [("equip", "{2}")]),
    ("Bloodthorn Flail", "Equip—Pay {3} or discard a card.", [("equip", "pay {3} or discard a card")]),
    ("Ainok Tracker", "Morph {4}{R}", [("morph", "{4}{r}")]),
    ("Aerie Bowmasters", "Megamorph {5}{G}", [("megamorph", "{5}{g}")]),
    ("Bone-Cairn Butcher", "Mobilize 2", [("mobilize", 2)]),
    ("Abduction", "Enchant creature", [("enchant", "creature")]),
    ("Aquitect's Defenses", "Enchant creature you control", [("enchant", "creature you control")]),
    ("Garruk's Harbinger", "Hexproof from black", [("hexproof", "black")]),
    ("Dryad Sophisticate", "Nonbasic landwalk", [("landwalk", "nonbasic land")]),
    ("Zombie Musher", "Snow landwalk", [("landwalk", "snow land")]),
    ("Adrestia", "Islandwalk", [("landwalk", "island")]),
    ("Inner-Chamber Guard", "Bushido 2", [("bushido", 2)]),
    ("Varchild's War-Riders", "Trample; rampage 1", [("trample", None), ("rampage", 1)]),
    ("Alisaie Leveilleur", "Partner with Alphinaud Leveilleur", [("partner", "alphinaud leveilleur")]),
    ("Atreus, Impulsive Son", "Partner—Father & son", [("partner", "father & son")]),  # 702.124i (2026)
    ("Gyruda, Doom of Depths", "Companion — Your starting deck contains only cards with even mana values.",
     [("companion", "your starting deck contains only cards with even mana values")]),
    ("Ash Barrens", "Basic landcycling {1}", [("typecycling", "basic land")]),
    ("Alabaster Host Intercessor", "Plainscycling {2}", [("typecycling", "plains")]),
    ("Blast-Furnace Hellkite", "Artifact offering", [("offering", "artifact")]),
    ("Battle Mammoth", "Foretell {2}{G}{G}", [("foretell", "{2}{g}{g}")]),
    ("Arcane Proxy", "Prototype {1}{U}{U} — 2/1", [("prototype", "2/1")]),
    ("Changeling Titan", "Champion a creature", [("champion", "creature")]),
    ("Out of Time", "Vanishing", [("vanishing", None)]),  # 702.63b: vanishing without a number
    ("Annex Sentry", "Toxic 1", [("toxic", 1)]),
    ("Astarion, the Decadent", "Deathtouch, lifelink", [("deathtouch", None), ("lifelink", None)]),
    ("Overlord of the Boilerbilges", "Impending 4—{2}{R}{R}", [("impending", 4)]),
    ("Atmospheric Greenhouse", "Station", [("station", None)]),
    ("Crumb and Get It", "Gift a Food", [("gift", "food")]),
    ("Bushy Bodyguard", "Offspring {2}", [("offspring", "{2}")]),
    ("All-Fates Stalker", "Warp {1}{W}", [("warp", "{1}{w}")]),
    ("Afterburner Expert", "Exhaust — {2}{G}{G}: Put two +1/+1 counters on this creature.",
     [("exhaust", "put two +1/+1 counters on ~")]),
])
def test_keyword_line_reads_real_oracle_lines(card: str, oracle: str, expected: list[tuple[str, object]]) -> None:
    got = lx.keyword_line(normalise(oracle, card))
    assert got is not None, card
    assert [(k.name, k.parameter) for k in got] == expected


@pytest.mark.parametrize(("card", "oracle"), [
    ("Skyward Spider", "This creature has flying as long as it's modified."),
    ("Barbarian Class", "Creatures you control have haste."),
    ("Arcanum Wings", "Enchanted creature has flying."),
    ("Barrow-Blade", "Equipped creature gets +1/+1."),
    ("Elvish Champion", "Other Elves get +1/+1 and have forestwalk."),
    ("Amrou Kithkin", "This creature can't be blocked by creatures with power 3 or greater."),
    ("Leather Armor", "Equip {0}. Activate only once each turn."),  # a keyword, then another sentence
    ("Visions of Dominance", "Flashback {8}{G}{G}. This spell costs {X} less to cast this way, where X is the "
     "greatest mana value of a commander you own on the battlefield or in the command zone."),
    ("Tek", "This creature gets +0/+2 as long as you control a Plains, has flying as long as you control an "
     "Island."),
])
def test_keyword_line_leaves_other_lines(card: str, oracle: str) -> None:
    assert lx.keyword_line(normalise(oracle, card)) is None, card


def test_a_landwalk_or_typecycling_type_must_be_types() -> None:
    assert lx.keyword("creatures you control have forestwalk") is None  # 702.14a: [type] is a type
    assert lx.keyword("wizardcycling {3}") is not None  # 702.29e: any subtype
    assert lx.keyword("draw a card and then cycling {2}") is None
