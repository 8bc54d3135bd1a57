"""Oracle templates: real cards' rules text and what each sentence must mean for declarations.

Each row: the card, its Oracle text (or one of its sentences, or an effect's text), and the reading
expected, one entry per sentence joined by " | ":
- ``kw:a,b``: keywords; ``-``: no combat meaning; ``?``: must be reported as not understood;
  ``trigger``: a triggered ability with a combat effect (603.3: it changes nothing until it resolves;
  the checker asks for its result as an effect wherever it can have resolved before the step judged);
- an ability: ``kind(param=value, ...)``; a grant: ``grant<to>[quality](contents)``; several ``;``.
The meanings come from the cards' rules text and the CR sections cited in docs/abilities.md.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli import main
from legality.text.context import Context
from legality.text.read import read
from legality.text.reading import Reading
from models.abilities import Ability

CTX = Context(x=2, hand_size=3, source_id="src")


def _params(d: dict[str, Any]) -> str:
    out = []
    for k, v in sorted(d.items()):
        if k in ("kind", "abilities", "keywords", "quality", "to"):
            continue
        out.append(f"{k}={v}")
    return ",".join(out)


def _quality(q: dict[str, Any] | None) -> str:
    if not q:
        return ""
    parts = []
    for k, v in sorted(q.items()):
        if k in ("any_of", "all_of"):
            parts.append(f"{k}=(" + "|".join(_quality(sub)[1:-1] for sub in v) + ")")
        else:
            parts.append(f"{k}={'/'.join(v) if isinstance(v, list | tuple) else v}")
    return "[" + ",".join(parts) + "]"


def show(ab: Ability) -> str:
    d = ab.model_dump(exclude_defaults=True, mode="json")
    return show_any(d)


def show_any(d: dict[str, Any]) -> str:
    if d["kind"] == "if":
        c = d["condition"]
        cond = ",".join(f"{k}={v}" for k, v in sorted(c.items()) if k not in ("text", "quality"))
        inner = [f"kw:{k}" for k in d.get("keywords", [])] + [show_any(a) for a in d.get("abilities", [])]
        return f"if<{cond}>{_quality(c.get('quality'))}({';'.join(inner)})"
    if d["kind"] == "loses":
        return (f"loses({','.join(d.get('keywords', [])) or 'all'}{',cant_gain' if d.get('cant_gain') else ''}"
                f"{',others' if d.get('others') else ''})")
    if d["kind"] == "grant":
        inner = [f"kw:{k}" for k in d.get("keywords", [])]
        inner += [show_any(a) for a in d.get("abilities", [])]
        return f"grant<{d.get('to', 'all')}>{_quality(d.get('quality'))}({';'.join(inner)})"
    return show_dict(d)


def show_dict(d: dict[str, Any]) -> str:
    q = _quality(d.get("quality") or d.get("land"))
    p = _params({k: v for k, v in d.items() if k != "land"})
    return f"{d['kind']}{q}({p})" if p or q else d["kind"]


def summary(readings: list[Reading]) -> str:
    parts = []
    for r in readings:
        if r.status == "not understood":
            parts.append("?")
        elif r.event:
            parts.append("trigger")  # a triggered ability with a combat effect: read, applied once resolved
        elif r.status == "no combat meaning":
            parts.append("-")
        else:
            items = ([f"kw:{','.join(r.keywords)}"] if r.keywords else []) + [show(a) for a in r.abilities]
            parts.append(";".join(items))
    return " | ".join(parts)


TABLE: list[tuple[str, str, str]] = [
    # keyword lines (702.x)
    ("Serra Angel", "Flying, vigilance", "kw:flying,vigilance"),
    ("Vampire Nighthawk", "Flying, deathtouch, lifelink", "kw:flying,deathtouch,lifelink"),
    ("Giant Spider", "Reach", "kw:reach"),
    ("Boggart Brute", "Menace (This creature can't be blocked except by two or more creatures.)", "kw:menace"),
    ("Furtive Homunculus", "Skulk (This creature can't be blocked by creatures with greater power.)", "kw:skulk"),
    ("Lu Bu, Master-at-Arms", "Haste; horsemanship", "kw:haste,horsemanship"),
    ("Bog Wraith", "Swampwalk", "kw:swampwalk"),
    ("Segovian Leviathan", "Islandwalk", "kw:islandwalk"),
    ("Shanodin Dryads", "Forestwalk", "kw:forestwalk"),
    ("Goblin Mountaineer", "Mountainwalk", "kw:mountainwalk"),
    ("Righteous Avengers", "Plainswalk", "kw:plainswalk"),
    ("Dryad Sophisticate", "Nonbasic landwalk", "kw:nonbasic landwalk"),
    ("Zombie Musher", "Snow landwalk", "kw:snow landwalk"),
    ("Silver Knight", "First strike, protection from red", "kw:first strike,protection from red"),
    ("White Knight", "First strike, protection from black", "kw:first strike,protection from black"),
    ("Beloved Chaplain", "Protection from creatures", "kw:protection from creatures"),
    ("Progenitus", "Protection from everything", "kw:protection from everything"),
    ("Wall of Stone", "Defender", "kw:defender"),
    ("Raging Goblin", "Haste", "kw:haste"),
    ("Colossal Dreadmaw", "Trample", "kw:trample"),
    ("Boros Swiftblade", "Double strike", "kw:double strike"),
    ("Typhoid Rats", "Deathtouch", "kw:deathtouch"),
    ("Glistener Elf", "Infect", "kw:infect"),
    ("Benalish Hero", "Banding", "kw:banding"),
    ("Severed Legion", "Fear", "kw:fear"),
    ("Soltari Foot Soldier", "Shadow", "kw:shadow"),
    ("Boggart Ram-Gang", "Haste\nWither", "kw:haste | kw:wither"),
    ("Fog Bank", "Defender, flying", "kw:defender,flying"),
    ("Shadow Rider", "Flanking", "kw:flanking"),
    ("Sentinel Spider", "Vigilance\nReach", "kw:vigilance | kw:reach"),
    ("Invisible Stalker", "Hexproof", "kw:hexproof"),
    # requirements on the creature itself (508.1d, 509.1c)
    ("Goblin Brigand", "Goblin Brigand attacks each combat if able.", "attacks_each_combat"),
    ("Bloodrock Cyclops", "Bloodrock Cyclops attacks each combat if able.", "attacks_each_combat"),
    ("Juggernaut", "Juggernaut attacks each combat if able.", "attacks_each_combat"),
    ("Dauthi Slayer", "Shadow\nDauthi Slayer attacks each combat if able.", "kw:shadow | attacks_each_combat"),
    ("Razorgrass Screen", "Defender\nRazorgrass Screen blocks each combat if able.", "kw:defender | blocks_each_combat"),
    ("Watchdog", "Watchdog blocks each combat if able.", "blocks_each_combat"),
    ("Gaea's Protector", "Gaea's Protector must be blocked if able.", "must_be_blocked"),
    ("Prized Unicorn", "All creatures able to block Prized Unicorn do so.", "lure"),
    ("Lure", "Enchant creature\nAll creatures able to block enchanted creature do so.", "kw:enchant creature | lure"),
    ("Viashino Bey", "If Viashino Bey attacks, all creatures you control attack if able.", "all_attack_if_this_attacks"),
    ("Ekundu Cyclops", "If a creature you control attacks, Ekundu Cyclops also attacks if able.",
     "attacks_if_creature_attacks"),
    # restrictions on the creature itself (508.1c, 509.1b)
    ("Mogg Flunkies", "Mogg Flunkies can't attack or block alone.", "cant_attack_or_block_alone"),
    ("Ember Beast", "Ember Beast can't attack or block alone.", "cant_attack_or_block_alone"),
    ("Jackal Familiar", "Jackal Familiar can't attack or block alone.", "cant_attack_or_block_alone"),
    ("Master of Cruelties", "First strike, deathtouch\nMaster of Cruelties can only attack alone.",
     "kw:first strike,deathtouch | attacks_alone_only"),
    ("Goblin Raider", "Goblin Raider can't block.", "cant_block"),
    ("Craven Giant", "Craven Giant can't block.", "cant_block"),
    ("Ogre Taskmaster", "Ogre Taskmaster can't block.", "cant_block"),
    ("Hulking Cyclops", "Hulking Cyclops can't block.", "cant_block"),
    ("Ironclaw Orcs", "Ironclaw Orcs can't block creatures with power 2 or greater.",
     "cant_block[power_at_least=2]()"),
    ("Phantom Warrior", "Phantom Warrior can't be blocked.", "cant_be_blocked"),
    ("Invisible Stalker", "Invisible Stalker can't be blocked.", "cant_be_blocked"),
    ("Juggernaut", "Juggernaut can't be blocked by Walls.", "cant_be_blocked_by[subtypes=Wall]()"),
    ("Dread Warlock", "Dread Warlock can't be blocked except by black creatures.",
     "cant_be_blocked_except_by[colors=B]()"),
    ("Treetop Scout", "Treetop Scout can't be blocked except by creatures with flying.",
     "cant_be_blocked_except_by[keywords=flying]()"),
    ("Silhana Ledgewalker", "Hexproof\nSilhana Ledgewalker can't be blocked except by creatures with flying.",
     "kw:hexproof | cant_be_blocked_except_by[keywords=flying]()"),
    ("Cloud Sprite", "Flying\nCloud Sprite can block only creatures with flying.",
     "kw:flying | can_block_only[keywords=flying]()"),
    ("Cloud Pirates", "Flying\nCloud Pirates can block only creatures with flying.",
     "kw:flying | can_block_only[keywords=flying]()"),
    ("Welkin Tern", "Flying\nWelkin Tern can block only creatures with flying.",
     "kw:flying | can_block_only[keywords=flying]()"),
    ("Vaporkin", "Flying\nVaporkin can block only creatures with flying.",
     "kw:flying | can_block_only[keywords=flying]()"),
    ("Gorilla Berserkers", "Gorilla Berserkers can't be blocked except by three or more creatures.", "min_blockers(n=3)"),
    ("Two-Headed Dragon", "Two-Headed Dragon can't be blocked except by two or more creatures.", "min_blockers(n=2)"),
    ("Two-Headed Dragon", "Two-Headed Dragon can block an additional creature each combat.",
     "block_additional"),
    ("Stalking Tiger", "Stalking Tiger can't be blocked by more than one creature.", "max_blockers(n=1)"),
    ("Krosan Vorine", "Provoke\nKrosan Vorine can't be blocked by more than one creature.",
     "kw:provoke | max_blockers(n=1)"),
    ("Charging Rhino", "Trample\nCharging Rhino can't be blocked by more than one creature.",
     "kw:trample | max_blockers(n=1)"),
    ("Palace Guard", "Palace Guard can block any number of creatures.", "block_any_number"),
    ("Guardian of the Gateless", "Flying\nGuardian of the Gateless can block any number of creatures.",
     "kw:flying | block_any_number"),
    ("Tromokratis", "Tromokratis can't be blocked unless all creatures defending player controls block it.",
     "cant_be_blocked_unless_all_block"),
    ("Sightless Brawler", "Sightless Brawler can't attack alone.", "cant_attack_alone"),
    ("Sightless Brawler", "Enchanted creature gets +3/+2 and can't attack alone.", "cant_attack_alone"),
    ("Bonded Construct", "Bonded Construct can't attack alone.", "cant_attack_alone"),
    ("Raging Kronch", "Raging Kronch can't attack alone.", "cant_attack_alone"),
    ("Wojek Bodyguard", "Wojek Bodyguard can't attack or block alone.", "cant_attack_or_block_alone"),
    ("Loyal Pegasus", "Flying\nLoyal Pegasus can't attack or block alone.", "kw:flying | cant_attack_or_block_alone"),
    ("Craven Hulk", "Craven Hulk can't block alone.", "cant_block_alone"),
    ("Qal Sisma Behemoth", "Qal Sisma Behemoth can't block unless its controller pays {1}.", "block_cost(amount=1)"),
    ("Qal Sisma Behemoth", "Qal Sisma Behemoth can't attack unless its controller pays {1}.", "attack_cost(amount=1)"),
    ("Doran, the Siege Tower", "Each creature assigns combat damage equal to its toughness rather than its power.",
     "grant<all>(damage_by_toughness)"),
    ("Assault Formation", "Each creature you control assigns combat damage equal to its toughness rather than its power.",
     "grant<you>(damage_by_toughness)"),
    # Auras and Equipment ("enchanted creature", "equipped creature")
    ("Pacifism", "Enchant creature\nEnchanted creature can't attack or block.", "kw:enchant creature | cant_attack_or_block"),
    ("Bound in Silence", "Enchanted creature can't attack or block.", "cant_attack_or_block"),
    ("Arrest", "Enchanted creature can't attack or block, and its activated abilities can't be activated.",
     "cant_attack_or_block"),
    ("Guard Duty", "Enchanted creature has defender.", "kw:defender"),
    ("Errantry", "Enchant creature\nEnchanted creature gets +3/+0 and can only attack alone.",
     "kw:enchant creature | attacks_alone_only"),
    ("Rancor", "Enchanted creature gets +2/+0 and has trample.", "kw:trample"),
    ("Madcap Skills", "Enchanted creature gets +3/+0 and has menace.", "kw:menace"),
    ("Oppressive Rays", "Enchanted creature can't attack or block unless its controller pays {3}.",
     "attack_cost(amount=3);block_cost(amount=3)"),
    ("Cowed by Wisdom", "Enchanted creature can't attack or block unless its controller pays {1} for each card in your "
     "hand.", "attack_cost(amount=3);block_cost(amount=3)"),
    ("Loxodon Warhammer", "Equipped creature gets +3/+0 and has trample and lifelink.\nEquip {3}",
     "kw:trample,lifelink | kw:equip {3}"),
    ("Behemoth Sledge", "Equipped creature gets +2/+2 and has lifelink and trample.", "kw:lifelink,trample"),
    ("Whispersilk Cloak", "Equipped creature can't be blocked and has shroud.", "kw:shroud;cant_be_blocked"),
    ("Prowler's Helm", "Equipped creature can't be blocked except by Walls.",
     "cant_be_blocked_except_by[subtypes=Wall]()"),
    ("Gorgon Flail", "Equipped creature gets +1/+1 and has deathtouch.", "kw:deathtouch"),
    ("Vulshok Morningstar", "Equipped creature gets +2/+2.", "-"),
    # statics for many creatures (grants) and game-wide limits
    ("Goblin War Drums", "Creatures you control have menace.", "grant<you>(kw:menace)"),
    ("Familiar Ground", "Each creature you control can't be blocked by more than one creature.",
     "grant<you>(max_blockers(n=1))"),
    ("Brave the Sands", "Creatures you control have vigilance.\nEach creature you control can block an additional "
     "creature each combat.", "grant<you>(kw:vigilance) | grant<you>(block_additional)"),
    ("Archetype of Finality", "Creatures you control have deathtouch.", "grant<you>(kw:deathtouch)"),
    ("Archetype of Courage", "Creatures you control have first strike.", "grant<you>(kw:first strike)"),
    ("Invasion Plans", "All creatures block each combat if able.\nThe attacking player chooses how each creature blocks "
     "each combat.", "grant<all>(blocks_each_combat) | -"),
    ("Moat", "Creatures without flying can't attack.", "grant<all>[keywords=flying,negate=True](cant_attack)"),
    ("Stormtide Leviathan", "Creatures without flying or islandwalk can't attack.",  # with neither of them
     "grant<all>[keywords=flying/islandwalk,negate=True](cant_attack)"),
    ("Peacekeeper", "Creatures can't attack.", "grant<all>(cant_attack)"),
    ("Blazing Archon", "Flying\nCreatures can't attack you.", "kw:flying | grant<all>(cant_attack(defender=you))"),
    ("Ghostly Prison", "Creatures can't attack you unless their controller pays {2} for each creature they control "
     "that's attacking you.", "grant<all>(attack_cost(amount=2,defender=you))"),
    ("Propaganda", "Creatures can't attack you unless their controller pays {2} for each creature they control "
     "that's attacking you.", "grant<all>(attack_cost(amount=2,defender=you))"),
    ("Windborn Muse", "Flying\nCreatures can't attack you unless their controller pays {2} for each creature they "
     "control that's attacking you.", "kw:flying | grant<all>(attack_cost(amount=2,defender=you))"),
    ("Ensnaring Bridge", "Creatures with power greater than the number of cards in your hand can't attack.",
     "grant<all>[power_at_least=4](cant_attack)"),
    ("Silent Arbiter", "No more than one creature can attack each combat.\nNo more than one creature can block each "
     "combat.", "max_attackers(n=1) | max_blockers_total(n=1)"),
    ("Dueling Grounds", "No more than one creature can attack each combat.", "max_attackers(n=1)"),
    ("Crawlspace", "No more than two creatures can attack you each combat.", "max_attackers(defender=you,n=2)"),
    ("Caverns of Despair", "No more than two creatures can attack each combat.\nNo more than two creatures can block "
     "each combat.", "max_attackers(n=2) | max_blockers_total(n=2)"),
    ("Gorilla War Cry", "Cast this spell only during combat before blockers are declared.\nAll creatures gain menace "
     "until end of turn.", "- | grant<all>(kw:menace)"),
    # effects that last the turn (text of resolved spells and abilities)
    ("Into the Fray", "Target creature attacks this turn if able.", "attacks_each_combat"),
    ("Culling Mark", "Target creature blocks this turn if able.", "blocks_each_combat"),
    ("Bullwhip", "That creature attacks this turn if able.", "attacks_each_combat"),
    ("Krosan Vorine", "Target creature defending player controls blocks Krosan Vorine this combat if able.",
     "blocks_if_able(attacker=src)"),
    ("Burning-Tree Bloodscale", "Target creature can't block Burning-Tree Bloodscale this turn.",
     "cant_block(attacker=src)"),
    ("Panic", "Target creature can't block this turn.", "cant_block"),
    ("Disrupt Decorum", "Goad all creatures you don't control.", "grant<opponents>(goad)"),
    ("Taunt from the Rampart", "Goad all creatures your opponents control.", "grant<opponents>(goad)"),
    ("Bident of Thassa", "Creatures your opponents control attack this turn if able.",
     "grant<opponents>(attacks_each_combat)"),
    ("War Cadence", "This turn, creatures can't block unless their controller pays {X} for each blocking creature "
     "they control.", "grant<all>(block_cost(amount=2))"),
    ("Falter", "Creatures without flying can't block this turn.",
     "grant<all>[keywords=flying,negate=True](cant_block)"),
    ("Magmatic Chasm", "Creatures without flying can't block this turn.",
     "grant<all>[keywords=flying,negate=True](cant_block)"),
    ("Jump", "Target creature gains flying until end of turn.", "grant<all>(kw:flying)"),
    ("Rush of Adrenaline", "Target creature gets +2/+1 and gains trample until end of turn.", "grant<all>(kw:trample)"),
    ("Roofstalker Wight", "Roofstalker Wight gains flying until end of turn.", "kw:flying"),
    ("Guardian's Pledge", "White creatures you control get +2/+2 until end of turn.", "-"),
    ("Brute Force", "Target creature gets +3/+3 until end of turn.", "-"),
    ("Giant Growth", "Target creature gets +3/+3 until end of turn.", "-"),
    ("Trumpet Blast", "Attacking creatures get +2/+0 until end of turn.", "-"),
    ("Vines of Vastwood", "Target creature gains protection from green until end of turn.",
     "grant<all>(kw:protection from green)"),
    # no meaning for declarations
    ("Elvish Aberration", "{T}: Add {G}{G}{G}.", "-"),
    ("Llanowar Elves", "{T}: Add {G}.", "-"),
    ("Two-Headed Dragon", "{1}{R}: Two-Headed Dragon gets +1/+0 until end of turn.", "-"),
    ("War Cadence", "{X}{R}: This turn, creatures can't block unless their controller pays {X} for each blocking "
     "creature they control.", "-"),
    ("Bullwhip", "{2}, {T}: Bullwhip deals 1 damage to target creature. That creature attacks this turn if able.",
     "-"),
    ("Roofstalker Wight", "{1}{U}: Roofstalker Wight gains flying until end of turn.", "-"),
    ("Stone-Tongue Basilisk", "Whenever Stone-Tongue Basilisk deals combat damage to a creature, destroy that creature "
     "at end of combat.", "-"),
    ("Loxodon Gatekeeper", "Artifacts, creatures, and lands your opponents control enter tapped.", "-"),
    ("Watchdog", "As long as Watchdog is untapped, all creatures attacking you get -1/-0.", "-"),
    ("Kird Ape", "Kird Ape gets +1/+2 as long as you control a Forest.", "-"),
    ("Hobble", "When Hobble enters, draw a card.", "-"),
    ("Panic", "Draw a card at the beginning of the next turn's upkeep.", "-"),
    ("Gods Willing", "Scry 1.", "-"),
    ("Lightning Bolt", "Lightning Bolt deals 3 damage to any target.", "-"),
    ("Invasion Plans", "The attacking player chooses how each creature blocks each combat.", "-"),
    ("Craw Wurm", "", ""),
    # conditions (611.3a: a static ability that applies "as long as" is read from the board when built)
    ("Stone-Tongue Basilisk", "Threshold — As long as seven or more cards are in your graveyard, all creatures able to "
     "block Stone-Tongue Basilisk do so.", "if<at_least=7,kind=graveyard>(lure)"),
    # compound qualities, creature types, "other" (509.1b; 702.13 intimidate; 613.1f layer 6 for "lose")
    ("Elven Riders", "Elven Riders can't be blocked except by Walls and/or creatures with flying.",
     "cant_be_blocked_except_by[any_of=(subtypes=Wall|keywords=flying)]()"),
    ("Goblin Rabblemaster", "Other Goblin creatures you control attack each combat if able.",
     "grant<you>[other=True,subtypes=Goblin](attacks_each_combat)"),
    ("Bellowing Tanglewurm", "Other green creatures you control have intimidate.",
     "grant<you>[colors=G,other=True](kw:intimidate)"),
    ("Archetype of Courage", "Creatures your opponents control lose first strike and can't have or gain first strike.",
     "grant<opponents>(loses(first strike);loses(first strike,cant_gain))"),
    ("Champion of Lambholt", "Creatures with power less than Champion of Lambholt's power can't block creatures you "
     "control.", "grant<all>[power_vs_source=less](cant_block[controller=you]())"),
    # lords and type-based selectors: a creature type names the creatures with that subtype (205.3m); "other"
    # excludes the source; "X and Y you control" says the controller of both (613.1f: the abilities are granted)
    ("Lord of Atlantis", "Other Merfolk get +1/+1 and have islandwalk.",
     "grant<all>[other=True,subtypes=Merfolk](kw:islandwalk)"),
    ("Master of the Pearl Trident", "Other Merfolk creatures you control get +1/+1 and have islandwalk.",
     "grant<you>[other=True,subtypes=Merfolk](kw:islandwalk)"),
    ("Elvish Champion", "Other Elf creatures get +1/+1 and have forestwalk.",
     "grant<all>[other=True,subtypes=Elf](kw:forestwalk)"),
    ("Striking Sliver", "Sliver creatures you control have first strike.", "grant<you>[subtypes=Sliver](kw:first strike)"),
    ("Death Baron", "Skeletons you control and other Zombies you control get +1/+1 and have deathtouch.",
     "grant<you>[any_of=(subtypes=Skeleton|other=True,subtypes=Zombie)](kw:deathtouch)"),
    ("River Darter", "River Darter can't be blocked by Dinosaurs.", "cant_be_blocked_by[subtypes=Dinosaur]()"),
    ("Juggernaut", "Juggernaut attacks each combat if able.\nJuggernaut can't be blocked by Walls.",
     "attacks_each_combat | cant_be_blocked_by[subtypes=Wall]()"),
    ("Challenger Troll", "Each creature you control with power 4 or greater can't be blocked by more than one "
     "creature.", "grant<you>[power_at_least=4](max_blockers(n=1))"),
    ("Tetsuko Umezawa, Fugitive", "Creatures you control with power or toughness 1 or less can't be blocked.",
     "grant<you>[any_of=(power_at_most=1|toughness_at_most=1)](cant_be_blocked)"),
    ("Archetype of Imagination", "Creatures you control have flying.\nCreatures your opponents control lose flying "
     "and can't have or gain flying.", "grant<you>(kw:flying) | grant<opponents>(loses(flying);loses(flying,cant_gain))"),
    # conditions read from the board (611.3a): a card type or a land or planeswalker subtype in "you control"
    ("Aerial Engineer", "As long as you control an artifact, Aerial Engineer gets +2/+0 and has flying.",
     "if<at_least=1,kind=control>[types=artifact](kw:flying)"),
    ("Arisen Gorgon", "Arisen Gorgon has deathtouch as long as you control a Liliana planeswalker.",
     "if<at_least=1,kind=control>[subtypes=Liliana,types=planeswalker](kw:deathtouch)"),
    ("Garrison Sergeant", "Garrison Sergeant has double strike as long as you control a Gate.",
     "if<at_least=1,kind=control>[subtypes=Gate](kw:double strike)"),
    ("Gatebreaker Ram", "As long as you control two or more Gates, Gatebreaker Ram has vigilance and trample.",
     "if<at_least=2,kind=control>[subtypes=Gate](kw:vigilance;kw:trample)"),
    ("Sorin, Vengeful Bloodlord", "As long as it's your turn, creatures and planeswalkers you control have lifelink.",
     "if<kind=your_turn>(grant<you>[any_of=(|types=planeswalker)](kw:lifelink))"),
    # type-changing effects: the board gives types and P/T; the keywords the text gives are its meaning (613.1d, f)
    ("Gideon Blackblade", "As long as it's your turn, Gideon Blackblade is a 4/4 Human Soldier creature with "
     "indestructible that's still a planeswalker.", "if<kind=your_turn>(kw:indestructible)"),
    ("Sylvan Awakening", "Until your next turn, all lands you control become 2/2 Elemental creatures with reach, "
     "indestructible, and haste. They're still lands.", "grant<you>[types=land](kw:reach;kw:indestructible;kw:haste;characteristics(subtypes=['Elemental'],types=['creature'])) | -"),
    # compound predicates with durations; "until your next turn"; losing abilities (613.1f; 509.1c requirement)
    ("Emergent Growth", "Target creature gets +5/+5 until end of turn and must be blocked this turn if able.",
     "must_be_blocked"),
    ("Vivien, Champion of the Wilds", "Until your next turn, up to one target creature gains vigilance and reach.",
     "grant<all>(kw:vigilance;kw:reach)"),
    ("Merfolk Trickster", "It loses all abilities until end of turn.", "loses(all)"),
    ("Kasmina's Transmutation", "Enchanted creature loses all abilities and has base power and toughness 1/1.",
     "loses(all)"),
    ("Turn to Frog", "Until end of turn, target creature loses all abilities and becomes a blue Frog with base "
     "power and toughness 1/1.", "loses(all);characteristics(colors=['U'],subtypes=['Frog'])"),
    ("Declare Dominance", "Target creature gets +3/+3 until end of turn. All creatures able to block it this turn do "
     "so.", "- | lure"),
    # non-combat forms: their words only describe which objects an effect acts on, or what happened (207.2c ability
    # words; 603.4 intervening "if"; 602.5b activation limits; 700.2 modes; 714.2 chapters; 111 tokens; 702.x)
    ("Plummet", "Destroy target creature with flying.", "-"),
    ("Divine Verdict", "Destroy target attacking or blocking creature.", "-"),
    ("Slash of Talons", "Slash of Talons deals 2 damage to target attacking or blocking creature.", "-"),
    ("Flame Sweep", "Flame Sweep deals 2 damage to each creature except for creatures you control with flying.", "-"),
    ("Chandra's Outrage", "Chandra's Outrage deals 4 damage to target creature and 2 damage to that creature's "
     "controller.", "-"),
    ("Carnage Tyrant", "This spell can't be countered.", "-"),
    ("Winged Words", "This spell costs {1} less to cast if you control a creature with flying.", "-"),
    ("Warden of Evos Isle", "Creature spells with flying you cast cost {1} less to cast.", "-"),
    ("Storm Fleet Spy", "Raid — When Storm Fleet Spy enters the battlefield, if you attacked with a creature this "
     "turn, draw a card.", "-"),
    ("Rigging Runner", "Raid — Rigging Runner enters the battlefield with a +1/+1 counter on it if you attacked with "
     "a creature this turn.", "-"),
    ("Glint-Horn Buccaneer", "{1}{R}, Discard a card: Draw a card. Activate only if Glint-Horn Buccaneer is "
     "attacking.", "-"),
    ("Gallant Cavalry", "When Gallant Cavalry enters the battlefield, create a 2/2 white Knight creature token with "
     "vigilance.", "-"),
    ("Footlight Fiend", "When Footlight Fiend dies, it deals 1 damage to any target.", "-"),
    ("Assure // Assemble", "Create three 2/2 green and white Elf Knight creature tokens with vigilance.", "-"),
    ("Anticipate", "Look at the top three cards of your library. Put one of them into your hand and the rest on the "
     "bottom of your library in any order.", "- | -"),
    ("Crushing Canopy", "Choose one —\n• Destroy target creature with flying.\n• Destroy target enchantment.",
     "- | - | -"),
    ("History of Benalia", "I, II — Create a 2/2 white Knight creature token with vigilance.\nIII — Knights you "
     "control get +2/+1 until end of turn.", "- | -"),
    ("Response // Resurgence", "After this main phase, there is an additional combat phase followed by an "
     "additional main phase.", "-"),
    ("Garruk, Cursed Huntsman", "−6: You get an emblem with \"Creatures you control get +3/+3 and have trample.\"",
     "-"),
    ("Shifting Ceratops", "{G}: Shifting Ceratops gains your choice of reach, trample, or haste until end of turn.",
     "-"),
    ("Ghired's Belligerence", "Kicker {2}{R}", "kw:kicker {2}{r}"),
    ("Pir, Imaginative Rascal", "Partner with Toothy, Imaginative Genius", "kw:partner with toothy, imaginative genius"),
    ("Angel of Invention", "Fabricate 2", "kw:fabricate 2"),
    ("Gruul Spinebreaker", "Riot", "kw:riot"),
    ("Chemister's Insight", "Jump-start", "kw:jump-start"),
    ("Ninja of the Deep Hours", "Ninjutsu {1}{U}", "kw:ninjutsu {1}{u}"),
    # recognised but not applicable: not understood, never a guess (a wrong reading is worse than none)
    ("Goring Ceratops", "Whenever Goring Ceratops attacks, other creatures you control gain double strike until end "
     "of turn.", "trigger"),
    ("Eternal Skylord", "Zombie tokens you control have flying.", "grant<you>[subtypes=Zombie,token=True](kw:flying)"),
    ("Skymarcher Aspirant", "Skymarcher Aspirant has flying as long as you have the city's blessing.",
     "if<designation=city's blessing,kind=designation>(kw:flying)"),
    ("Charging Tuskodon", "If Charging Tuskodon would deal combat damage to a player, it deals double that damage to "
     "that player instead.", "modify_damage(dealt_by=it,dealt_to=player)"),  # 614.1a
    ("The Flame of Keld", "If a red source you control would deal damage to a permanent or player this turn, it deals "
     "that much damage plus 2 to that permanent or player instead.", "modify_damage(by_quality={'colors': ['R'], 'controller': 'you'},factor=1,plus=2)"),
    ("High Alert", "Creatures you control can attack as though they didn't have defender.",
     "grant<you>(attacks_despite_defender)"),  # 702.3b
    ("Deep Freeze", "Enchanted creature has base power and toughness 0/4, has defender, loses all other abilities, "
     "and is a blue Wall in addition to its other colors and types.",
     "kw:defender;loses(all,others);characteristics(add_colors=True,add_types=True,colors=['U'],subtypes=['Wall'])"),
    ("Noble Quarry", "Noble Quarry must be blocked if able, and Noble Quarry must be blocked by two or more creatures "
     "if able.", "must_be_blocked;must_be_blocked_by(at_least=2)"),
    ("Vampire's Zeal", "If it's a Vampire, it gains first strike until end of turn.",
     "if<kind=open>(kw:first strike)"),  # the target's type once it resolved: open, judged both ways (either.py)
    ("Bonecrusher Giant", "Damage can't be prevented this turn.", "damage_cant_be_prevented"),  # Stomp, 615.12
    ("Fog Bank", "Prevent all combat damage that would be dealt to and dealt by Fog Bank.",
     "prevent_damage(dealt_to=it);prevent_damage(dealt_by=it)"),  # 615.1
    # X defined by a count of the board (107.3): counted as the cost is determined (508.1h)
    ("Sphere of Safety", "Creatures can't attack you or planeswalkers you control unless their controller pays {X} for "
     "each of those creatures, where X is the number of enchantments you control.",
     "grant<all>(attack_cost(amount=1,count={'types': ['enchantment'], 'controller': 'you'},defender=you,"
     "planeswalkers=True))"),
    # must be reported as not understood
    ("Mogg Conscripts", "Mogg Conscripts can't attack unless you've cast a creature spell this turn.",
     "if<kind=open,negate=True>(cant_attack)"),  # history of the turn: open
    ("Hobble", "Enchanted creature can't block if it's black.", "if<kind=open>(cant_block)"),
    ("Norn's Annex", "Creatures can't attack you or planeswalkers you control unless their controller pays {W/P} for "
     "each of those creatures.", "?"),
    ("Collective Restraint", "Creatures can't attack you unless their controller pays {X} for each creature they "
     "control that's attacking you, where X is the number of basic land types among lands you control.", "?"),
    ("Gods Willing", "Target creature you control gains protection from the color of your choice until end of turn.",
     "?"),
    ("Frobnicator", "Frobnicate the wibble.", "?"),
]


@pytest.mark.parametrize(("card", "text", "expected"), TABLE, ids=[f"{c}:{t[:40]}" for c, t, _ in TABLE])
def test_template(card: str, text: str, expected: str) -> None:
    got = summary(read(text, card, CTX))
    assert got == expected, f"{card}: {text!r}\n  got      {got}\n  expected {expected}"


def test_the_table_is_large() -> None:
    assert len([row for row in TABLE if row[1]]) >= 150


def test_without_context_numbers_from_the_board_are_not_guessed() -> None:
    """Hand size and X come from the board; without them the sentence is not understood, never a guess."""
    for text in ("Creatures with power greater than the number of cards in your hand can't attack.",
                 "This turn, creatures can't block unless their controller pays {X} for each blocking creature "
                 "they control."):
        assert summary(read(text, None, Context())) == "?"


def test_card_command_prints_a_readable_summary() -> None:
    result = CliRunner().invoke(main, ["card", "Gorilla Berserkers"])
    assert result.exit_code == 0
    assert "can't be blocked except by 3 or more creatures (509.1b)" in result.output
    result = CliRunner().invoke(main, ["card", "--text", "Creatures without flying can't attack.", "--json"])
    assert json.loads(result.output)["sentences"][0]["status"] == "understood"
    result = CliRunner().invoke(main, ["card", "No Such Card"])
    assert result.exit_code == 2


def test_every_library_card_reads_its_static_abilities() -> None:
    """Every static ability of every built-in card is understood (only those bear on a declaration, 113.3,
    604.1). A triggered ability need not be parsed whole (603.3: it changes nothing until it resolves), but it
    keeps its kind and its trigger, which the game uses to say whether its result is needed: Nacatl War-Pride's
    "whenever ~ attacks, create X tokens ... tapped and attacking" is such a trigger."""
    from legality.cards import library

    for card in library().values():
        for r in read(card.oracle, card.name, CTX):
            if r.status != "not understood":
                continue
            assert r.kind != "static", (card.name, r.sentence, r.note)
            assert r.kind == "triggered" and r.event, (card.name, r.sentence)


def test_strict_makes_unread_text_an_error(tmp_path: Path) -> None:
    board = json.loads((Path(__file__).parent.parent / "fixtures/text/article/gorilla-no-block.json").read_text())
    board["permanents"][3]["oracle"] = "Frobnicate the wibble."
    f = tmp_path / "b.json"
    f.write_text(json.dumps(board))
    strict = CliRunner().invoke(main, ["check", str(f), "--strict"])
    assert strict.exit_code == 2 and "frobnicate the wibble" in strict.output


def test_structured_abilities_that_repeat_the_text_are_flagged() -> None:
    """The contract adds keywords/abilities to the rules text; a repeat counts twice, so the verdict warns."""
    from legality import check_declaration, parse_board

    board = json.loads((Path(__file__).parent.parent / "fixtures/article/gorilla-no-block.json").read_text())
    for p in board["permanents"]:
        p.pop("oracle")  # the library's text now applies as well as the structured abilities
    verdict = check_declaration(parse_board(board))
    assert len(verdict.requirements) == 4  # each Screen's "blocks each combat" counted twice
    screen = [n for n in verdict.notes if n.startswith("Razorgrass Screen (screen1)")]
    assert len(screen) == 1 and "blocks_each_combat, defender given both in its rules text" in screen[0]
    clean = check_declaration(parse_board((Path(__file__).parent.parent / "fixtures/article/gorilla-no-block.json")
                                          .read_text()))
    assert not any("given both" in n for n in clean.notes)
