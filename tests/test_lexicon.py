"""The lexicon against the Comprehensive Rules (June 7, 2024) and real Oracle text.

Each expectation names the rule it comes from; the plural cases quote Oracle text of the named cards.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from legality.text import lexicon as lx
from legality.text.lexicon import build


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


@pytest.mark.skipif(not os.environ.get("LEGALITY_CR"), reason="set LEGALITY_CR to the rules JSON to check the build")
def test_committed_files_are_the_build_output() -> None:
    cr = json.loads(Path(os.environ["LEGALITY_CR"]).read_text(encoding="utf-8"))
    for name, content in build.build(cr).items():
        committed = json.loads((Path(build.__file__).parent / name).read_text(encoding="utf-8"))
        assert committed == content, name
