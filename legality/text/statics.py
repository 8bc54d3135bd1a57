"""Static abilities whose form alone shows they can't bear on a declaration or on combat damage, recognised before
the grammar is asked (and faster than it): characteristic-defining power and toughness, type changes, costs and
rules of spells, and replacement effects on events that are neither a declaration nor combat damage.

Each form answers with the reason and the rule; a sentence that holds a word with combat meaning (``terms``) or
speaks of permanents as well ("creatures you control and creature spells ...") is never answered here.
"""

from __future__ import annotations

import re
from functools import cache

from legality.text.keywords import KEYWORD_COUNTERS
from legality.text.reading import PT_NOTE
from legality.text.terms import COMBAT_WORDS, has_combat_word

TYPE_WORDS = (r"(?:legendary |snow |basic |colorless |white |blue |black |red |green |\d+/\d+ )*"
              r"(?:(?:artifact|creature|enchantment|land|planeswalker|battle)\s*)+")

FORMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^~'s (?:power|toughness|power and toughness) (?:is|are)(?: each)? equal to "),
     f"a characteristic-defining ability (604.3): {PT_NOTE}"),
    (re.compile(r"^during [^,]+, ~'s (?:power|toughness|power and toughness) (?:is|are)(?: each)? (?:equal to .+|"
                r"\d+(?:/\d+)?)$"),
     f"sets power and toughness during some turns (613.4b): {PT_NOTE}"),
    (re.compile(r"^(?:each opponent's|your|each player's|your opponents') maximum hand size is (?:reduced|increased) "
                r"by [a-z0-9]+$"),
     "changes a maximum hand size (402.2): cards in hand are no part of combat"),
    (re.compile(r"^(?:players|you|each player) (?:have|has) no maximum hand size$"),
     "removes a maximum hand size (402.2): cards in hand are no part of combat"),
    (re.compile(r"^counters remain on ~ as it moves to [a-z ,']+$"),
     "keeps counters between zones (122.2, 400.7): the board gives the counters on the permanent"),
    (re.compile(r"^~ crews vehicles as though its power were [a-z0-9]+ greater$"),
     "changes only what it contributes to a Vehicle's crew cost (702.122a): a crewed Vehicle is a creature the "
     "board gives"),
    (re.compile(r"^[a-z ,~'-]+ can't have \+1/\+1 counters put on (?:it|them)$"),
     "stops +1/+1 counters, which change only power and toughness (122.1a, 613.4c): the board gives the current "
     "values and counters"),
    (re.compile(r"^(?:players|each player|your opponents|each opponent|you) can't cast [a-z ,-]*spells[a-z ,-]*$"),
     "stops casting spells (601.3): no permanent's declaration or combat damage changes"),
    (re.compile(rf"^(?:as long as [^,]+, |during [^,]+, )?(?:~|it)(?: is|'s| isn't| is not| are) (?:a |an )?"
                rf"{TYPE_WORDS}(?:in addition to its other types)?$"),
     "changes its types (205.1b, 613.1d): the board gives the current types"),
    (re.compile(r"^(?:during [^,]+, )?(?:(?:[a-z/-]+|,) )*?spells? (?:you cast |your opponents cast |an opponent "
                r"casts |players cast |each player casts )?(?:[a-z0-9 ,/{}+-]+ )?"
                r"(?:cost|costs|can't be countered|have|has)\b"),
     "applies to spells on the stack, not to permanents (601.2f, 113.6)"),
    (re.compile(r"^(?:if|as long as) [^,]+, this spell costs (?:\{[^}]+\})+ (?:less|more) to cast"
                r"(?:, where x is .+)?$"),
     "applies to the card as a spell on the stack, not to the permanent (601.2f, 113.6)"),
    (re.compile(r"^if [^,]+ would [^,]+,.+(?:instead|that many plus|twice that many|that much)"),
     "a replacement effect on an event that is neither a declaration nor combat damage (614.1)"),
    (re.compile(r"^(?:~ enters (?:tapped|with|as)|as ~ enters\b|you may have ~ enter (?:as|with|tapped))"),
     "applies as the permanent enters (614.1c, 614.12): the board shows the result"),
)
"""(form, why): a sentence of a static ability matching the form has no bearing on declarations or combat
damage."""

DECLARATION_WORDS = re.compile(r"\b(?:attack\w*|block\w*|combat|damage|must|able)\b")

WORD_FORMS: tuple[tuple[re.Pattern[str], str, bool], ...] = (
    (re.compile(r"^if (?:.+ causes? (?:a|an) (?:triggered )?abilit(?:y|ies) .+ to trigger|a triggered ability of .+ "
                r"triggers), (?:that ability|it) triggers an additional time$"),
     "makes abilities trigger again (603.2d): what they do once resolved is an effect the board gives", True),
    (re.compile(r"^(?!.*\b(?:has|have|gains?|gets?|loses?|is|are|must|can't (?!be the targets? of)|cannot "
                r"(?!be the targets? of))\b)(?!.*\b(?:\w+walk|flying|reach|menace|horsemanship|shadow|fear|intimidate|"
                r"skulk|defender|haste|trample|deathtouch|strike|lifelink|infect|wither|indestructible|protection)\b)"
                r"[a-z ,~'-]+? (?:can't|cannot) be the targets? of "
                r"(?:spells|abilities|spells or abilities)(?: (?:your opponents control|an opponent controls|"
                r"you control|your opponents cast|players cast))?$"),
     "limits targeting (115.4), not declarations", False),
    (re.compile(r"^(?:~|[a-z ]+ you control|(?:[a-z ]+ )?creatures?) (?:can't|cannot) be the targets? of "
                r"(?:spells|abilities|spells or abilities|spells or abilities your opponents control|abilities your "
                r"opponents control|spells your opponents control)$"),
     "limits targeting (115.4), not declarations", False),
    (re.compile(r"^(?:the first )?[a-z ,]*activated abilit(?:y|ies) [a-z ,]*costs? (?:\{[^}]+\})+ (?:less|more) to "
                r"activate$"),
     "changes the cost of activating abilities (602.2b)", False),
    (re.compile(r"^abilities (?:your opponents|an opponent|you|players) activates? (?:that target [a-z ,~'-]+ )?costs? "
                r"(?:\{[^}]+\})+ (?:less|more) to activate$"),
     "changes the cost of activating abilities (602.2b)", False),
    (re.compile(r"^this effect can't reduce the (?:amount of mana|mana cost|cost)[a-z ,]* to less than (?:one|two|"
                r"three) mana$"),
     "limits a reduction of a cost (601.2f, 602.2b)", False),
    (re.compile(r"^prevent all noncombat damage that would be dealt to [a-z ,~'-]+$"),
     "prevents noncombat damage only (615.1; combat damage is the damage of the combat damage step, 510.2)", True),
    (re.compile(r"^if (?:another )?(?:a )?source (?:you control )?would deal noncombat damage to [a-z ,~'-]+, it deals "
                r"(?:that much damage plus [a-z0-9]+|double that damage)(?: to [a-z ,~'-]+)? instead$"),
     "changes noncombat damage only (614.1a; combat damage is the damage of the combat damage step, 510.2)", True),
    (re.compile(r"^(?:you may )?reveal the first card you draw (?:each turn|on each of your turns)"
                r"(?: as you draw it)?$"),
     "reveals a card as it is drawn: cards in hand are no part of combat (what a trigger on revealing does is an "
     "effect the board gives once it has resolved, 603.3)", False),
    (re.compile(r"^you may exert ~ as it attacks$"),
     "exerting only stops it untapping during its controller's next untap step (701.39a); a trigger \"when you "
     "do\" acts only once it resolves (603.12), its result an effect the board gives", True),
    (re.compile(r"^[a-z ]+ entering(?: the battlefield)? (?:don't|doesn't) cause abilities to trigger$"),
     "stops abilities triggering (603.2): nothing to declare follows", False),
    (re.compile(r"^damage isn't removed from [a-z ,~']+ during cleanup steps$"),
     "keeps marked damage through cleanup steps (514.2), which follow every combat of the turn: the board gives the "
     "damage marked now", True),
    (re.compile(r"^(?!.*\b(?:loses?|gains?|has|have|gets?|can't|cannot|must|and)\b.* untap during )"
                r"[a-z ~'-]+ (?:doesn't|don't|does not|do not) untap during [a-z' ]+ untap steps?"
                r"(?: (?:if|as long as|unless|for as long as) [^,]+)?$"),
     "stops untapping in an untap step (502.3), which comes before any combat of its turn: the board gives whether "
     "it is tapped", True),
    (re.compile(r"^(?:players|each player|your opponents|each opponent) can't cast spells during combat$"),
     "stops casting spells (601.3): no declaration or combat damage changes", True),
    (re.compile(r"^players can't pay life or sacrifice [a-z ]+ to cast spells or activate abilities$"),
     "limits how the costs of spells and activated abilities are paid (601.2h, 602.2b), not a cost to attack or "
     "block (508.1h, 509.1d)", False),
    (re.compile(r"^(?:mana of any type can be spent to activate ~'s abilities|you may spend mana as though it were "
                r"mana of any (?:color|type) to activate (?:those|~'s) abilities)$"),
     "changes how mana is spent to activate abilities (602.2b)", False),
    (re.compile(r"^you may activate abilities of creatures you control as though those creatures had haste$"),
     "lets abilities with the tap symbol in their costs be activated (302.6); attacking still needs haste", False),
    (re.compile(r"^~ can't be the target of spells (?:unless it attacked or blocked this turn|that can target only "
                r"walls or of abilities that can target only walls)$"),
     "limits targeting (115.4), not declarations", True),
    (re.compile(r"^each creature you control with toughness greater than its power stations permanents using its "
                r"toughness rather than its power$"),
     "changes what a creature contributes as it is tapped to station a permanent (an activated ability's cost, "
     "602.1a)", False),
)
"""(form, why, description allowed): forms holding "ability" or "abilities" (combat words, since a creature may gain
or lose abilities) that speak only of targets, costs or triggering; with the flag, words of attacking may describe
what triggers (Isshin's "a creature attacking causes ..."), else no word of a declaration or damage may appear."""

TARGETING_KEYWORDS = r"(?:hexproof(?: from [a-z ]+?)?|shroud|ward(?: ?\{[^}]+\})+)"
"""Keywords that only limit targeting: hexproof (702.11), shroud (702.18a), ward (702.21a, a triggered ability
that counters a spell or ability targeting the permanent)."""

TARGETING_GRANT = re.compile(
    rf"^(?:(?:as long as|if|during|while) (?P<lead>[^,]+), )?(?P<subject>.+?) (?:has|have|gains?) "
    rf"(?P<keywords>{TARGETING_KEYWORDS}(?:(?:,| and|, and) {TARGETING_KEYWORDS})*)"
    rf"(?: (?:as long as|if|during|while|unless) (?P<trail>.+))?$")
"""A static ability that gives only keywords limiting targeting, whoever it gives them to and whatever the condition
("~ has hexproof if it hasn't dealt damage yet", "you, planeswalkers you control, and other creatures you control
have hexproof"): no declaration or combat damage depends on what can be targeted."""

CONDITION_VERBS = re.compile(r"\b(?:can't|cannot|can|must|able|unblockable|gets?|has|have|gains?|loses?|is|are)\b"
                             r"(?!n't)")
"""Verbs that may start a clause of their own: a condition holding one is not read as a mere condition (a state's
"is"/"'s" is allowed only through the forms below)."""

STATE = re.compile(r"(?<![a-z])(?:it|~|he|she)(?: is|'s)(?: not)? [a-z]+\b")
"""The state of the object in a condition ("as long as ~ is monstrous", "it's untapped")."""

CLAUSE_VERBS = re.compile(r"\b(?:can't|cannot|can|must|able|unblockable|has|have|gains?|loses?|attacks|blocks)\b"
                          r"(?!n't)")
"""Verbs of a clause of their own: a subject, condition or tail holding one is not taken whole by a form below."""

PT_ONLY = re.compile(
    r"^(?:(?:as long as|if|during|while) (?P<lead>[^,]+), )?(?P<subject>[^,]+?) (?:gets? [+-](?:\d+|x)/[+-](?:\d+|x|y)"
    r"|(?:has|have) base power and toughness \d+/\d+)"
    r"(?:(?:,? (?:where|for each|as long as|if) )(?P<tail>.+))?$")
"""A static ability whose only effect is a change of power and toughness (613.4c), however its subject or condition
is put: "each creature you control that's a Soldier or a Knight gets +1/+1" (the board gives P/T as values)."""


def _targeting_only(sentence: str) -> bool:
    m = TARGETING_GRANT.match(sentence)
    if m is None or has_combat_word(m["subject"]) or CONDITION_VERBS.search(m["subject"]) or has_combat_word(
            m["keywords"]):  # "hexproof from white and flying" is two keywords: the grammar reads them
        return False
    for cond in (m["lead"], m["trail"]):
        if cond is not None and CONDITION_VERBS.search(STATE.sub("", cond)):
            return False
    return True


PERMANENTS = re.compile(r"\b(?:you control|creatures|permanents|~)\b.*\bspells?\b")


def no_bearing(sentence: str) -> str | None:
    """Why a static ability's sentence can't bear on a declaration or combat damage, or None when its form
    doesn't show that (the grammar is asked then)."""
    for form, why, described in WORD_FORMS:
        if form.search(sentence) and (described or not DECLARATION_WORDS.search(sentence)):
            return why
    if has_combat_word(sentence):
        return None
    for form, why in FORMS:
        if form.search(sentence) and not ("spells" in why and PERMANENTS.search(sentence)):
            return why
    return None


COUNTED_BY = re.compile(r" (?:you|your opponents|an opponent|each opponent|they|that player) (?:have|has)$")
"""The end of a count ("for each poison counter your opponents have"): what is counted, not a clause of its own."""


def _pt_only(sentence: str) -> bool:
    m = PT_ONLY.match(sentence)
    if m is None or CLAUSE_VERBS.search(m["subject"]) or re.search(r"\b(?:is|are)\b", m["subject"]):
        return False
    tail = m["tail"] and COUNTED_BY.sub("", m["tail"])  # "for each poison counter your opponents have": a count
    return not any(part and CLAUSE_VERBS.search(STATE.sub("", part)) for part in (m["lead"], tail))


KEYWORD_GRANT = re.compile(r"^(?:(?P<subject>~|each [a-z ]+ cards? in your (?:hand|graveyard)) (?:has|have) )?"
                           r"(?P<keywords>[a-z0-9 {}/—-]+?)(?:, where x is (?P<x>[^,]+))?$")
"""Keyword abilities whose number or cost is X defined by the game ("~ has soulshift x, where x is the number of
Spirits you control"), or given to cards in a hand or graveyard ("each Sliver card in your graveyard has unearth
{2}")."""


def _keywords_without_combat(sentence: str) -> str | None:
    """The rules of the keywords, when the sentence gives only keywords of 702 with no bearing on combat."""
    from legality.text import lexicon

    m = KEYWORD_GRANT.match(sentence)
    if m is None or (m["subject"] is None and m["x"] is None) or (m["x"] and CLAUSE_VERBS.search(m["x"])):
        return None
    listed = lexicon.keyword_line(m["keywords"])
    if not listed or any(k.combat is not None for k in listed):
        return None
    return ", ".join(sorted({k.rule for k in listed}))


ALSO_TYPES = re.compile(r"^~ is also (?:a |an )?(?P<types>[a-z ,-]+)$")
END_STEP = re.compile(r"^during (?:your|each|each player's|each opponent's) end step, [^,]+$")


def _also_creature_types(sentence: str) -> bool:
    """"~ is also a Cleric, Rogue, Warrior, and Wizard": creature types only (205.3m), which the board gives."""
    from legality.text import lexicon

    m = ALSO_TYPES.match(sentence)
    if m is None:
        return False
    words = [w for w in re.split(r",? and |, | ", m["types"]) if w and w != "and"]
    return bool(words) and all(lexicon.creature_type(w) is not None for w in words)


def no_bearing_unparsed(sentence: str) -> str | None:
    """Why a static ability's sentence that the grammar could not read still can't bear on a declaration or combat
    damage, or None. Asked only after the grammar (whose readings, where it has one, say more: "kw:hexproof")."""
    if _targeting_only(sentence):
        return ("gives only keywords that limit targeting (hexproof 702.11, shroud 702.18a, ward 702.21a): no "
                "declaration or combat damage depends on them, whatever the condition")
    rules = _keywords_without_combat(sentence)
    if rules is not None:
        return (f"gives only keyword abilities with no bearing on declarations or combat damage ({rules}), whatever "
                "their number or cost")
    if _also_creature_types(sentence):
        return "adds creature types (205.3m, 613.1d): the board gives the current types"
    if END_STEP.match(sentence):
        return ("applies only during an end step (513), which follows every combat phase of the turn (500.1): no "
                "declaration or combat damage happens while it applies")
    if _pt_only(sentence):
        return f"changes only power and toughness (613.4b, 613.4c), whatever its subject or condition: {PT_NOTE}"
    if ENTERS_WITH_COUNTERS.match(sentence):
        return ("puts counters on it as it enters (614.1c): the board gives the counters on it, and a keyword counter "
                "there gives its keyword (122.1b)")
    if not names_combat(sentence) and not DAMAGE_RESULT_WORDS.search(sentence) and not KEYWORDISH.match(sentence) \
            and RULES_VERBS.search(sentence) and not _grants_unknown(sentence):
        return NAMES_NOTHING_OF_COMBAT
    return None


_COUNTER_KIND = r"(?:\+1/\+1|" + "|".join(KEYWORD_COUNTERS) + ")"
_COUNTER = rf"(?:a|an|one|two|three|four|five|six|x|\d+) {_COUNTER_KIND} counters?"
ENTERS_WITH_COUNTERS = re.compile(
    rf"^(?:if [^,]+, )?(?:~|it) enters with (?:your choice of )?{_COUNTER}(?:(?:,| and| or|, and|, or) {_COUNTER})*"
    rf" on (?:it|him|her)(?: if [^,]+)?$")
"""+1/+1 and keyword counters put on a permanent as it enters ("~ enters with an indestructible counter on it",
"with your choice of a flying counter or a hexproof counter on it"): counters the board gives once it is there
(122.1b, the keywords of keyword counters; the checker applies them from the board's ``counters``)."""

ENTERS_WITH_KEYWORDS = re.compile(
    rf"^if (?P<condition>[^,]+), (?:~|it) enters (?:with (?:(?:{_COUNTER})(?:(?:,| and) {_COUNTER})* on it and with )?"
    rf"|as an? \d+/\d+ creature with )(?P<keywords>[a-z ,]+)$")
"""A keyword a permanent enters with under a condition of how it was cast or a coin flip ("if ~ was kicked, it enters
with two +1/+1 counters on it and with haste", "if the coin comes up heads, ~ enters as a 5/2 creature with haste":
614.1c, 702.33d, 705): the keyword under an open condition, the counters and power and toughness the board's (the
checker judges both ways; ``either.py``)."""


KEYWORDISH = re.compile(r"^[a-z'—-]+(?: [a-z'—-]+)?(?: (?:\{[^}]+\}|\d+|x\b).*)?$")
"""A line of one or two words, with a cost or number or none: the shape of a keyword (702), which may be one the
checker doesn't know ("annihinfect", "squirrellink"): its words can't say whether it bears on combat."""

RULES_VERBS = re.compile(
    r"\b(?:is|are|isn't|aren't|be|can|can't|cannot|may|has|have|had|gets?|gains?|enters?|escapes?|becomes?|costs?|"
    r"counts?|apply|applies|remain|reduces?|produces?|skip|spent|spend|cast|play|take|contains|vote|untap|"
    r"removed?|draw|draws|search|turn|turned|reveal|exile|do|does|don't|doesn't|would|trigger|was|were|saddles|"
    r"crews)\b")
"""The verbs of rules text that static abilities use: a sentence without one ("Frobnicate the wibble") is in words
the checker doesn't know, which may say anything."""

GRANTED = re.compile(r"\b(?:has|have|gains?)\b (?P<what>.+?)(?= as long as | if | unless | during |$)")
ACTIVATED_ONLY = re.compile(r"^all (?:activated|mana|loyalty) abilities of ")
"""A grant of another object's activated abilities ("~ has all activated abilities of all creatures your opponents
control"): what they do happens only once activated and resolved, as an effect the board gives (602.2)."""
ITEMS = re.compile(r",? and |, |,$")


def _grants_unknown(sentence: str) -> bool:
    """Whether a sentence gives something other than keywords the lexicon knows ("slivers you control have hope",
    "~ has the full text of that card"): what that is can't be told from its words. Abilities in quotation marks
    are set aside here: an activated or triggered one changes nothing until it resolves, and a static one granted
    in quotes names its combat words like any other."""
    from legality.text import lexicon

    names = {k.name for k in lexicon.keywords()}
    for m in GRANTED.finditer(re.sub(r'"[^"]*"', "", sentence)):
        if ACTIVATED_ONLY.match(m["what"]):  # 602.2: an activated ability changes nothing until it resolves
            continue
        for item in (i.strip() for i in ITEMS.split(m["what"])):
            if item and not lexicon.keyword_line(item) and not any(item == n or item.startswith(n + " ")
                                                                     for n in names):
                return True
    return False


NAMES_NOTHING_OF_COMBAT = (
    "names nothing of combat (no attack, block, combat damage, requirement or combat keyword; 508.1, 509.1, 510.1): "
    "it can change only what the board gives as values (types, colors, power/toughness, control, counters, "
    "tapped) or what happens outside combat")
"""Why a static sentence the grammar can't read, with no word of combat, still can't bear on a declaration or its
damage: a declaration's legality depends only on the creatures' abilities, their characteristics and state and the
rules of 508-509 (each named by a combat word or given on the board); combat damage likewise (510)."""

DAMAGE_RESULT_WORDS = re.compile(r"\b(?:destroy\w*|regenerat\w*|die|dies|lethal|life|lose|loses|lost|win|wins|"
                                 r"poison\w*|counters? (?:put|placed) on|can't have counters|suspect\w*|detain\w*)\b")
"""Words of what combat damage results in (704.5a-c, 704.5f-g, 701.8, 701.19), and words of states that bear on
combat without a combat word (suspected: menace and can't block, 701.58c; detained: can't attack or block, 701.29a):
such a sentence is never judged by its words alone, even with no combat word."""

ABILITIES_OUTSIDE_COMBAT = re.compile(
    r"\b(?:(?:activated|triggered|mana|loyalty|equip|exhaust|power-up|room|crew|station|saddle) abilit(?:y|ies)|"
    r"spells? (?:or|and|and/or) abilit(?:y|ies)(?: [a-z ,]*? (?:control|from [a-z ]+ sources))?|"
    r"activate abilit(?:y|ies)|abilit(?:y|ies) (?:you|your opponents|an opponent|"
    r"players|each player) activates?)\b")
"""Phrases of "ability" that speak only of activating, triggering, costs or targets (602, 603, 115): an activated or
triggered ability changes nothing until it resolves (602.2, 603.3), and a target is no part of a declaration."""


def names_combat(sentence: str) -> bool:
    """Whether a sentence names anything of combat: a combat word (``terms.COMBAT_WORDS``) or a combat keyword, a
    keyword of several words only whole ("first" alone names nothing; "first strike" does), once the phrases of
    activated and triggered abilities are set aside."""
    return _combat_names().search(ABILITIES_OUTSIDE_COMBAT.sub(" ", sentence)) is not None


@cache
def _combat_names() -> re.Pattern[str]:
    """Combat keywords' whole names and the combat words, as one pattern (built once)."""
    from legality.text import lexicon

    names = sorted({re.escape(k.name) for k in lexicon.keywords() if k.combat} | set(COMBAT_WORDS), key=len,
                   reverse=True)
    return re.compile(r"\b(?:" + "|".join(names) + r")\b")
