"""Build the lexicon's JSON files from the Comprehensive Rules (``cr.json``: ``{"rules": {"702.9a": ...}}``).

Run as ``python -m legality.text.lexicon.build CR.json``; the committed JSON files are its output,
so nothing here runs when the library is used. Every list comes from the rule that states it; the
only hand-made parts are English (irregular plurals, number words) and the combat decision for
keywords, each tied to the rule text that justifies it.
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

# Keywords (rule 702) that matter to declaring attackers or blockers or to combat damage. Each
# decision names the rule whose text makes it; the build fails if a rule mentions attacking,
# blocking or combat and the keyword is in neither table, so a new edition forces a decision.
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
    "provoke": ("702.39a", "declare blockers"), "bushido": ("702.45a", "combat trigger"),
    "frenzy": ("702.68a", "combat trigger"), "poisonous": ("702.70a", "combat damage"),
    "wither": ("702.80a", "combat damage"), "exalted": ("702.83a", "combat trigger"),
    "annihilator": ("702.86a", "combat trigger"), "infect": ("702.90b", "combat damage"),
    "battle cry": ("702.91a", "combat trigger"), "unleash": ("702.98a", "declare blockers"),
    "dethrone": ("702.105a", "combat trigger"), "menace": ("702.111b", "evasion"),
    "renown": ("702.112a", "combat damage"), "ingest": ("702.115a", "combat damage"),
    "myriad": ("702.116a", "combat trigger"), "skulk": ("702.118b", "evasion"),
    "melee": ("702.121a", "combat trigger"), "afflict": ("702.130a", "combat trigger"),
    "mentor": ("702.134a", "combat trigger"), "decayed": ("702.147a", "declare blockers"),
    "training": ("702.149a", "combat trigger"), "enlist": ("702.154a", "declare attackers"),
    "toxic": ("702.164c", "combat damage"),
}
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
OPTIONAL_PARAMETER = frozenset({"hexproof", "partner", "banding"})
_COMBAT_WORDS = re.compile(r"\battack|\bblock|\bcombat\b|\bevasion\b", re.IGNORECASE)
_FORM = re.compile(r"“([^”]{1,60})”")


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


def _keywords(rules: dict[str, dict[str, Any]], source: str) -> dict[str, Any]:
    rule_numbers = sorted(int(k.split(".")[1]) for k in rules if re.fullmatch(r"702\.\d+", k))
    entries: list[dict[str, Any]] = []
    seen_combat: set[str] = set()
    for n in rule_numbers[1:]:  # 702.1 is the introduction
        rule = f"702.{n}"
        subs = sorted((k for k in rules if re.fullmatch(re.escape(rule) + r"[a-z]", k)),
                      key=lambda k: (len(k), k))
        text = _straight(" ".join(rules[k]["text"] for k in subs))
        title = _straight(rules[rule]["text"]).strip()
        names = [t.lower() for t in title.split(" and ")] if title == "Daybound and Nightbound" else [title.lower()]
        variants = [v.lower() for v in re.findall(r"(?:^|[.”)] )([A-Z][a-z]+(?: [a-z]+)*) is a variant of", text)
                    if "[" not in v]
        for name in names + variants:
            forms = _forms(name, text)
            hit = _COMBAT_WORDS.search(text)
            entry: dict[str, Any] = {"name": name, "rule": rule, "forms": forms}
            if name in variants:
                entry["variant_of"] = names[0]
            if name in COMBAT:
                sub, kind = COMBAT[name]
                entry["combat"] = {"rule": sub, "kind": kind, "text": _excerpt(rules, sub)}
                seen_combat.add(name)
            else:
                entry["combat"] = None
                if hit and name in names and name not in NOT_COMBAT:
                    raise SystemExit(f"rule {rule} ({name}) mentions {hit[0]!r}: decide in COMBAT or NOT_COMBAT")
                if name in NOT_COMBAT:
                    entry["not_combat"] = NOT_COMBAT[name]
            entries.append(entry)
        for v in (e for e in entries if e.get("variant_of") in names and e["rule"] == rule):
            base_entry = next(e for e in entries if e["name"] == v["variant_of"])
            base_entry["forms"] = [f for f in base_entry["forms"] if f not in v["forms"]] or base_entry["forms"]
    missing = set(COMBAT) - seen_combat
    if missing:
        raise SystemExit(f"COMBAT names no keyword of rule 702: {sorted(missing)}")
    return _sourced(source, "702", entries, note="forms: as the rule writes them; N a number, [cost] a cost, "
                    "any other [...] a quality. combat: the sub-rule that makes the keyword matter to declaring "
                    "attackers or blockers or to combat damage (kind: evasion, declare attackers, declare "
                    "blockers, combat damage, combat trigger), or null.")


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
    # The bare name is a form only when the keyword needs no parameter, or its parameter is an
    # optional addition: "hexproof from [quality]" (702.11), "partner with [name]" (702.124),
    # "bands with other [quality]" (702.22).
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


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m legality.text.lexicon.build CR.json", file=sys.stderr)
        return 2
    try:
        cr = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        print(f"can't read {argv[0]!r}: {exc}", file=sys.stderr)
        return 2
    for name, content in build(cr).items():
        (HERE / name).write_text(json.dumps(content, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{name}: {len(content['entries'])} entries")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
