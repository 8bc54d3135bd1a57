"""Abilities of the vocabulary in plain words, with the rule each one comes from (for ``legality card``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from models.abilities import (
    Ability,
    CantBeRegenerated,
    CantGainLife,
    CantGetCounters,
    CantLoseGame,
    Characteristics,
    Grant,
    If,
    LifeCantChange,
    LifeFloor,
    Loses,
    ModifyDamage,
    ModifyLifeGain,
    PlayerProtection,
    PreventDamage,
    Quality,
    Regenerate,
    Unpreventable,
)

if TYPE_CHECKING:
    from legality.text.reading import Reading

PLAIN: dict[str, tuple[str, str]] = {
    "attacks_despite_defender": ("can attack as though it didn't have defender", "702.3b"),
    "cant_attack_or_block": ("can't attack or block", "508.1c, 509.1b"),
    "cant_attack_alone": ("can't attack alone", "508.1c"),
    "cant_block_alone": ("can't block alone", "509.1b"),
    "cant_attack_or_block_alone": ("can't attack or block alone", "508.1c, 509.1b"),
    "attacks_alone_only": ("can only attack alone", "508.1c"),
    "cant_be_blocked": ("can't be blocked", "509.1b"),
    "cant_be_blocked_unless_all_block": ("can't be blocked unless all creatures defending player controls block it",
                                         "509.1b"),
    "block_any_number": ("can block any number of creatures", "509.1a"),
    "attacks_each_combat": ("requirement: attacks each combat if able", "508.1d"),
    "attacks_a_player_if_able": ("requirement: attacks a player (not a planeswalker or battle) each combat if able",
                                 "508.1d"),
    "blocks_each_combat": ("requirement: blocks each combat if able", "509.1c"),
    "lure": ("requirement on each creature able to block it: block it (one requirement per creature)", "509.1c"),
    "must_be_blocked": ("requirement: must be blocked if able (one requirement)", "509.1c"),
    "all_attack_if_this_attacks": ("conditional requirement: if it attacks, each creature its controller controls "
                                   "attacks if able", "508.1d"),
    "attacks_if_creature_attacks": ("conditional requirement: if a creature its controller controls attacks, it "
                                    "attacks if able", "508.1d"),
    "goad": ("goaded: attacks each combat if able, and a player other than the goading player if able",
             "701.15b"),
    "blocks_shadow": ("can block creatures with shadow as though it had shadow (and creatures without it)", "702.28b"),
    "blocks_shadow_as_none": ("can block creatures with shadow as though they didn't have shadow (with shadow "
                              "itself, it can block none)", "702.28b"),
    "damage_by_toughness": ("assigns combat damage equal to its toughness", "510.1a"),
    "assigns_no_combat_damage": ("assigns no combat damage", "510.1a"),
    "assigns_as_though_unblocked": ("if blocked, its controller may have it assign all its combat damage to what "
                                    "it attacks, as though it weren't blocked", "510.1c"),
    "defender_assigns_damage": ("the defending player, not the attacking player, assigns its combat damage",
                                "510.1"),
    "divides_damage_freely": ("its combat damage may be divided freely among the creatures blocking it, whatever "
                              "their order", "510.1c"),
}


def quality_words(q: Quality) -> str:
    parts = []
    if q.colors:
        parts.append("/".join(q.colors))
    if q.multicolored is False and q.colorless is False:
        parts.append("monocolored")
    else:
        for flag, word in ((q.multicolored, "multicolored"), (q.colorless, "colorless")):
            if flag is not None:
                parts.append(word if flag else f"not {word}")
    if q.types:
        parts.append("/".join(q.types))
    if q.subtypes:
        parts.append("/".join(q.subtypes))
    if q.supertypes:
        parts.append("/".join(q.supertypes))
    if q.keywords:
        parts.append("with " + "/".join(q.keywords))
    if q.counter is not None:
        parts.append(f"with {q.counter or 'any'} counters on it")
    if q.power_at_least is not None:
        parts.append(f"power {q.power_at_least} or greater")
    if q.power_at_most is not None:
        parts.append(f"power {q.power_at_most} or less")
    if q.toughness_at_least is not None:
        parts.append(f"toughness {q.toughness_at_least} or greater")
    if q.toughness_at_most is not None:
        parts.append(f"toughness {q.toughness_at_most} or less")
    if q.power_vs_source is not None:
        parts.append(f"power {q.power_vs_source} than this one's")
    if q.power_less_than_count is not None:
        parts.append(f"power less than the number of permanents that are {quality_words(q.power_less_than_count)}")
    for flag, word in ((q.attacking, "attacking"), (q.blocking, "blocking"), (q.tapped, "tapped"),
                       (q.token, "a token")):
        if flag is not None:
            parts.append(word if flag else f"not {word}")
    if q.attacking_player is not None:
        parts.append("attacking " + ("you" if q.attacking_player == "you" else "the enchanted player"))
    if q.names:
        parts.append("named " + "/".join(q.names))
    if q.controller is not None:
        parts.append("you control" if q.controller == "you" else "your opponents control")
    if q.any_of:
        parts.append("(" + " or ".join(quality_words(sub) for sub in q.any_of) + ")")
    if q.all_of:
        parts.append(" and ".join(quality_words(sub) for sub in q.all_of))
    if q.other:
        parts.insert(0, "other")
    words = " ".join(parts) or "any"
    return f"not ({words})" if q.negate else words


_RECIPIENT = {"any": "", "it": " to it", "you": " to you", "player": " to a player",
              "opponents": " to an opponent or a permanent an opponent controls",
              "yours": " to you or another permanent you control"}
"""A damage effect's ``dealt_to`` in words."""


def describe(ab: Ability) -> str:
    """One line: what the ability does for declarations, and its rule."""
    k = ab.kind
    if k in PLAIN:
        words, rule = PLAIN[k]
        return f"{words} ({rule})"
    d = ab.model_dump(exclude_defaults=True)
    if isinstance(ab, If):
        c = ab.condition
        then = [f"keyword {kw}" for kw in ab.keywords] + [describe(a) for a in ab.abilities]
        return (f"only while {'not ' if c.negate else ''}{c.text or c.kind} (read from the board): "
                + "; ".join(then) + " (611.3a)")
    if isinstance(ab, PreventDamage):
        what = "combat damage" if ab.combat_only else "damage"
        to = _RECIPIENT[ab.dealt_to]
        by = {"any": "", "it": " by it"}[ab.dealt_by]
        if ab.by_quality is not None:
            by += f" by sources that are {quality_words(ab.by_quality)}"
        if ab.to_quality is not None:
            to += f" to permanents that are {quality_words(ab.to_quality)}"
        if ab.amount is not None:
            return f"prevents the next {ab.amount} damage that would be dealt{to}{by}: a shield (615.7)"
        if ab.each is not None:
            return f"prevents {ab.each} of each damage event that would deal damage{to}{by} (615.1)"
        return f"prevents all {what} that would be dealt{to}{by} (615.1)"
    if isinstance(ab, ModifyDamage):
        to = _RECIPIENT[ab.dealt_to]
        by = {"any": "a source", "it": "it"}[ab.dealt_by]
        if ab.by_quality is not None:
            by = f"a source that is {quality_words(ab.by_quality)}"
        if ab.to_quality is not None:
            to += f" (a permanent that is {quality_words(ab.to_quality)})"
        times = {1: "", 2: "double ", 3: "triple "}.get(ab.factor, f"{ab.factor} times ")
        how = f"{times}that damage" if not ab.plus else f"{times or 'that much '}damage plus {ab.plus}"
        return f"if {by} would deal damage{to}, it deals {how} instead (614.1a)"
    if isinstance(ab, Regenerate):
        times = "each time it would be destroyed" if ab.each_time else (
            "the next time it would be destroyed this turn" if ab.shields == 1
            else f"the next {ab.shields} times it would be destroyed this turn")
        return (f"regenerates {times}: instead its damage is removed, it is tapped and removed from combat "
                "(701.15a-b, 614.8)")
    if isinstance(ab, CantBeRegenerated):
        return "can't be regenerated: its regeneration shields are not applied (701.15c)"
    if isinstance(ab, LifeCantChange | CantLoseGame | LifeFloor):
        return _player_rule(ab)
    if isinstance(ab, PlayerProtection) and ab.from_opponents:
        return ("its controller has protection from each of their opponents: damage from sources those players "
                "control to them is prevented (702.16e)")
    if isinstance(ab, PlayerProtection):
        what = "everything" if ab.everything or ab.quality is None else quality_words(ab.quality)
        return f"its controller has protection from {what}: damage from such sources to them is prevented (702.16e)"
    if isinstance(ab, CantGetCounters):
        who = {"you": "you", "players": "players", "your_creatures": "creatures you control",
               "creatures": "creatures"}[ab.who]
        what = {"poison": "poison counters", "-1/-1": "-1/-1 counters", "any": "counters"}[ab.counter]
        return f"{who} can't get {what}: infect, wither and toxic damage puts none (120.3, 122.1)"
    if isinstance(ab, CantGainLife):
        who = {"you": "you", "opponents": "your opponents", "players": "players"}[ab.who]
        return f"{who} can't gain life: lifelink damage gains them none, and nothing replaces that gain (119.7)"
    if isinstance(ab, ModifyLifeGain):
        who = {"you": "you", "opponents": "an opponent", "players": "a player"}[ab.who]
        if ab.loss:
            return (f"if {who} would gain life, that player loses that much life instead: each lifelink gain "
                    "(614.1a, 119.10)")
        how = "twice that much" if (ab.factor, ab.plus) == (2, 0) else (
            f"that much plus {ab.plus}" if ab.factor == 1 else f"{ab.factor} times that much plus {ab.plus}")
        return f"if {who} would gain life, that player gains {how} instead: each lifelink gain (614.1a, 119.10)"
    if isinstance(ab, Unpreventable):
        by = (" dealt by it" if ab.dealt_by == "it" else
              f" dealt by {quality_words(ab.by_quality)}" if ab.by_quality is not None else "")
        return f"damage{by} can't be prevented; prevention effects, protection's included, prevent none (615.12)"
    if isinstance(ab, Characteristics):
        parts = []
        if ab.colors is not None:
            colors = ", ".join(ab.colors) or "colorless"
            parts.append(f"is {colors}" + (" in addition to its other colors" if ab.add_colors else ""))
        kinds = [*(ab.subtypes or ()), *(ab.types or ())]
        if kinds:
            parts.append(f"is a {' '.join(kinds)}" + (" in addition to its other types" if ab.add_types else ""))
        return "; ".join(parts) + " (613.1d-e, layers 4 and 5: applied to the board's values)"
    if isinstance(ab, Loses):
        what = ("all its other abilities (those the same object gives stay)" if ab.all and ab.others else
                "all its abilities" if ab.all else ", ".join(ab.keywords))
        return f"loses {what}" + (" and can't have or gain them" if ab.cant_gain else "") + " (613.1f)"
    if isinstance(ab, Grant):
        who = {"you": "creatures you control", "opponents": "creatures your opponents control",
               "all": "all creatures", "target_players": "creatures the targeted players control",
               "enchanted_player": "creatures the enchanted player controls"}[ab.to]
        if ab.quality is not None:
            who += f" that are {quality_words(ab.quality)}"
        if ab.except_targets:
            who += " but the effect's targets"
        gets = [f"keyword {kw}" for kw in ab.keywords] + [describe(a) for a in ab.abilities]
        return f"{who} get: " + "; ".join(gets)
    q = d.get("quality")
    qw = quality_words(ab.quality) if q is not None and hasattr(ab, "quality") and ab.quality is not None else ""
    table = {
        "cant_attack": (f"can't attack{_whom(d)}", "508.1c"),
        "cant_block": (f"can't block{' ' + str(d['attacker']) if d.get('attacker') else ''}"
                       f"{' creatures that are ' + qw if qw else ''}", "509.1b"),
        "can_block_only": (f"can block only creatures that are {qw}", "509.1b"),
        "min_blockers": (f"can't be blocked except by {d.get('n')} or more creatures", "509.1b"),
        "max_blockers": (f"can't be blocked by more than {d.get('n')} creature(s)", "509.1b"),
        "cant_be_blocked_by": (f"can't be blocked by creatures that are {qw}", "509.1b"),
        "cant_be_blocked_except_by": (f"can't be blocked except by creatures that are {qw}", "509.1b"),
        "block_additional": (f"can block {d.get('n', 1)} additional creature(s)", "509.1a"),
        "attacks_player_if_able": (f"requirement: attacks {d.get('player')} if able", "508.1d"),
        "attacks_permanent_if_able": (f"requirement: attacks {d.get('permanent') or 'the source'} if able",
                                      "508.1d"),
        "blocks_if_able": (f"requirement: blocks {d.get('attacker')} if able", "509.1c"),
        "attack_cost": (f"cost: can't attack{_whom(d)} unless its controller pays {_amount(ab)} (never required by a "
                        "requirement)", "508.1d, 508.1h"),
        "block_cost": (f"cost: can't block unless its controller pays {_amount(ab)} (never required by a "
                       "requirement)", "509.1c-d"),
        "protection": ("protection: can't be blocked by " + ("creatures" if d.get("everything") else
                       f"creatures controlled by {d.get('player')}" if d.get("player") else f"creatures that are {qw}"),
                       "702.16f"),
        "landwalk": ("landwalk: can't be blocked while the defending player controls such a land", "702.14c"),
        "landwalk_blockable": (f"creatures with {d.get('landwalk') or 'landwalk'} can be blocked as though they didn't "
                               "have it", "702.14c"),
        "max_attackers": (f"no more than {d.get('n')} creature(s) can attack"
                          f"{' ' + str(d['defender']) if d.get('defender') else ''} each combat", "508.1c"),
        "max_blockers_total": (f"no more than {d.get('n')} creature(s) can block each combat", "509.1b"),
        "cant_attack_unless_others_attack": (f"can't attack unless {_others(d, qw, 'attack')}", "508.1c"),
        "cant_block_unless_others_block": (f"can't block unless {_others(d, qw, 'block')}", "509.1b"),
        "must_be_blocked_by": (f"requirement: must be blocked by {_blockers(d, qw)} if able (one requirement, "
                               "obeyed by that number of blockers)", "509.1c"),
    }
    words, rule = table.get(k, (k, "?"))
    return f"{words} ({rule})"


def _player_rule(ab: LifeCantChange | CantLoseGame | LifeFloor) -> str:
    """A player's life or loss rule in words: whose, what it does to combat damage, and its rule."""
    who = {"you": "your", "opponents": "your opponents'", "players": "each player's"}[ab.who]
    if isinstance(ab, LifeCantChange):
        return f"{who} life total can't change: damage is dealt and loses no life, lifelink gains none (119.7-8)"
    if isinstance(ab, LifeFloor) and ab.no_loss:
        return f"damage doesn't reduce {who} life total: it is dealt in full, infect still gives poison (120.3a)"
    if isinstance(ab, LifeFloor):
        return f"damage can't reduce {who} life total below 1: it is dealt in full (614.1a)"
    whom = {"you": "you", "opponents": "your opponents", "players": "players"}[ab.who]
    return f"{whom} can't lose the game: not at 0 or less life, ten poison counters or 21 commander damage (104.3b)"


def _amount(ab: Any) -> str:
    """"2", or "1 for each permanent that is enchantment, controlled by you" (X counted on the board, 107.3)."""
    count = getattr(ab, "count", None)  # the table below is built for every kind: other kinds have no amount
    each = f" for each permanent that is {quality_words(count)}" if count is not None else ""
    sacrifice = getattr(ab, "sacrifice", None)
    if sacrifice is not None:  # 508.1h: permanents, not mana
        return f"by sacrificing {ab.amount} permanent(s) that are {quality_words(sacrifice)}"
    return f"{getattr(ab, 'amount', '')}{each}"


def _whom(d: dict[str, Any]) -> str:
    """" you", " you or their planeswalkers and battles", or "" (any player)."""
    if not d.get("defender"):
        return ""
    return f" {d['defender']}" + (" or their planeswalkers and battles" if d.get("planeswalkers") else "")


def _others(d: dict[str, Any], qw: str, verb: str) -> str:
    """"at least 2 other creatures attack with it", "another creature (power greater than this one's) also
    attacks"."""
    n = d.get("n", 1)
    what = f" ({qw})" if qw else ""
    if n == 1:
        return f"another creature{what} also {verb}s"
    return f"at least {n} other creatures{what} {verb} with it"


def _blockers(d: dict[str, Any], qw: str) -> str:
    """"2 or more creatures", "exactly 1 creature", "1 or more creatures that are Eldrazi"."""
    lo, hi = d.get("at_least", 1), d.get("at_most")
    count = f"exactly {lo}" if hi == lo else f"{lo} to {hi}" if hi is not None else f"{lo} or more"
    return f"{count} creature{'s' if (hi or 2) != 1 else ''}" + (f" that are {qw}" if qw else "")


KIND_WORDS = {"static": "static ability", "activated": "activated ability", "triggered": "triggered ability",
              "elsewhere": "works only on the stack or in another zone"}


def reading_json(r: Reading) -> dict[str, Any]:
    """One sentence's reading as the page, ``legality card --json`` and GET /api/card show it."""
    return {"sentence": r.sentence, "status": r.status, "kind": r.kind, "keywords": list(r.keywords),
            "abilities": [a.model_dump(exclude_defaults=True) for a in r.abilities],
            "described": [describe(a) for a in r.abilities], "note": r.note, "template": r.template,
            **({"apart": True} if r.apart else {})}  # may be a static ability of its own (``legality.text.apart``)
