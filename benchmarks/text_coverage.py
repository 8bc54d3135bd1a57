"""Benchmark: how much real rules text the reader understands, and which combat sentences it may drop.

Reads every card face's text sentence by sentence with the reader's public API (``read``,
``normalise``, ``sentences`` of ``legality.text.read``) and reports the three statuses overall,
among sentences with combat words, and per mechanic; the most frequent not-understood shapes; and
every sentence read as "no combat meaning" that has a combat word (a possible silent drop).

Run: ``python benchmarks/text_coverage.py [--cards FILE] [--json] [--top N]``. FILE is Scryfall's
"Oracle Cards" shape (what ``make_corpus.py corpus.json`` writes; default ``corpus.json``), MTGJSON
``AtomicCards.json``, or the library's own card file.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from legality.cards import CardLibraryError, load_file  # noqa: E402
from legality.text import lexicon  # noqa: E402
from legality.text.read import normalise, sentences  # noqa: E402
from legality.traits import SOURCE, read_card  # noqa: E402

STATUSES = ("understood", "no combat meaning", "not understood")
ERROR = "reader error"


class InputError(ValueError):
    """A card file this benchmark cannot read; the message names the JSON path."""


@dataclass(frozen=True)
class Face:
    """One face of a card: the card's name, the face's own name (what ``~`` stands for) and its text."""

    card: str
    name: str
    text: str
    spell: bool = False
    """An instant or a sorcery: its text is spell abilities (113.3a), never on a permanent."""


# --- Loading ----------------------------------------------------------------------------------

def _text(obj: Mapping[str, Any], key: str, path: str) -> str:
    value = obj.get(key, "")
    if value is None:
        return ""
    if not isinstance(value, str):
        raise InputError(f"{path}.{key}: expected a string, got {type(value).__name__}")
    return value


def scryfall_faces(data: list[Any]) -> list[Face]:
    """Scryfall card objects; a card with ``card_faces`` gives each face (double-faced, split, adventure)."""
    out: list[Face] = []
    for i, obj in enumerate(data):
        path = f"$[{i}]"
        if not isinstance(obj, dict) or not isinstance(obj.get("name"), str):
            raise InputError(f"{path}: expected a card object with a string 'name'")
        faces = obj.get("card_faces")
        if isinstance(faces, list) and faces:
            for j, f in enumerate(faces):
                if not isinstance(f, dict):
                    raise InputError(f"{path}.card_faces[{j}]: expected an object")
                name = f.get("name") if isinstance(f.get("name"), str) else obj["name"]
                out.append(Face(obj["name"], str(name), _text(f, "oracle_text", f"{path}.card_faces[{j}]"),
                                _is_spell(f.get("type_line", obj.get("type_line")))))
        else:
            out.append(Face(obj["name"], obj["name"], _text(obj, "oracle_text", path), _is_spell(obj.get("type_line"))))
    return out


def mtgjson_faces(data: Mapping[str, Any]) -> list[Face]:
    """MTGJSON ``AtomicCards.json``: ``{"data": {name: [face, ...]}}``, every face."""
    out: list[Face] = []
    for name, faces in data["data"].items():
        path = f"$.data[{json.dumps(name)}]"
        if not isinstance(faces, list):
            raise InputError(f"{path}: expected a list of faces")
        for j, f in enumerate(faces):
            if not isinstance(f, dict):
                raise InputError(f"{path}[{j}]: expected an object")
            face_name = f.get("faceName") if isinstance(f.get("faceName"), str) else name
            out.append(Face(name, str(face_name), _text(f, "text", f"{path}[{j}]"), _is_spell(f.get("type"))))
    return out


def _is_spell(type_line: object) -> bool:
    """Whether a type line is an instant's or a sorcery's (not a permanent's, 110.4a)."""
    return isinstance(type_line, str) and bool(re.search(r"\b(?:instant|sorcery)\b", type_line, re.IGNORECASE))


def load_faces(path: Path) -> list[Face]:
    """Every card face in a card file of any accepted shape."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise InputError(f"can't read card file {str(path)!r}: {exc}") from None
    if isinstance(data, list):
        return scryfall_faces(data)
    if isinstance(data, dict) and isinstance(data.get("data"), dict):
        return mtgjson_faces(data)
    try:  # the library's own format, or a clear error from its loader
        return [Face(c.name, c.name, c.oracle, bool({"instant", "sorcery"} & set(c.types or ())))
                for c in load_file(path).values()]
    except CardLibraryError as exc:
        raise InputError(str(exc)) from None
    except (KeyError, TypeError) as exc:
        raise InputError(f"{str(path)!r}: not a card file of a known shape ({exc!r})") from None


# --- Words ------------------------------------------------------------------------------------

def _combat_pattern() -> re.Pattern[str]:
    names = sorted(lexicon.combat_keywords() - {"landwalk", "protection"}, key=len, reverse=True)
    words = [r"attack\w*", r"block\w*", r"combat", r"damage", r"must", r"if able", r"unblockable",
             r"defending player", r"evasion", r"\w+walk", r"protection from", *(re.escape(n) for n in names)]
    return re.compile(r"\b(?:" + "|".join(words) + r")\b")


COMBAT = _combat_pattern()
DECLARATION = re.compile(r"\b(?:attack\w*|block\w*|must|if able|unblockable|\w+walk|protection from)\b")


def _keyword_names() -> list[tuple[str, re.Pattern[str]]]:
    out = []
    for k in lexicon.keywords():
        if k.name in ("landwalk", "typecycling"):
            continue
        out.append((k.name, re.compile(r"\b" + re.escape(k.name) + r"\b")))
    out.append(("landwalk", re.compile(r"\b\w+walk\b")))
    out.append(("typecycling", re.compile(r"\b\w+cycling\b")))
    return out


KEYWORD_NAMES = _keyword_names()


def mechanics(original: str) -> list[str]:
    """Keywords (702) and ability words (207.2c) a sentence names."""
    found = []
    word, _ = lexicon.strip_ability_word(original)
    if word:
        found.append(word)
    found += [name for name, pattern in KEYWORD_NAMES if pattern.search(original)]
    if "typecycling" in found and "cycling" in found:
        found.remove("cycling")
    return found


SHAPE_SKIP = {"mine", "mount", "eye", "spawn", "will", "plant", "time"}


def shape(sentence: str) -> str:
    """A sentence with numbers as N, mana as {M} and subtypes as TYPE, so templates can be counted."""
    s = re.sub(r"(?:\{[^}]+\})+", "{M}", sentence)
    s = re.sub(r"\b(?:\d+|x)\b", "N", s)

    def word(m: re.Match[str]) -> str:
        w = m[0]
        if w in ("a", "an") or w in SHAPE_SKIP:
            return w
        if lexicon.number(w) is not None:
            return "N"
        found = lexicon.subtype(w)
        return "TYPE" if found and found[0] != "planeswalker" else w

    return re.sub(r"[a-z][a-z'-]*", word, s)


# --- Counting ---------------------------------------------------------------------------------

@dataclass
class Tally:
    """Counts of readings by status."""

    counts: Counter[str] = field(default_factory=Counter)

    def add(self, status: str) -> None:
        self.counts[status] += 1

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def as_dict(self) -> dict[str, Any]:
        total = self.total
        return {"total": total, **{s: {"count": self.counts[s], "share": round(self.counts[s] / total, 4)
                                      if total else 0.0} for s in (*STATUSES, ERROR) if s in STATUSES
                                   or self.counts[s]}}


@dataclass
class Report:
    """Everything the benchmark measures."""

    cards: set[str] = field(default_factory=set)
    faces: int = 0
    overall: Tally = field(default_factory=Tally)
    combat: Tally = field(default_factory=Tally)
    per_kind: defaultdict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    seconds: float = 0.0
    per_mechanic: defaultdict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    not_understood: Counter[str] = field(default_factory=Counter)
    static_not_understood: Counter[str] = field(default_factory=Counter)
    shape_example: dict[str, tuple[str, str]] = field(default_factory=dict)
    drops: dict[str, dict[str, Any]] = field(default_factory=dict)
    errors: list[dict[str, str]] = field(default_factory=list)


def measure(faces: Iterable[Face]) -> Report:
    """Read every face and count."""
    rep = Report()
    for face in faces:
        rep.cards.add(face.card)
        rep.faces += 1
        if not face.text.strip():
            continue
        originals = sentences(normalise(face.text, face.name))
        started = time.process_time()  # CPU time of this process: steady on a machine doing other work
        try:
            # as a permanent's own text is read: "can't block it", "~'s power" name it
            readings = read_card(face.text, face.name, None, SOURCE)
        except Exception as exc:  # a reader bug must not stop the count; it is reported
            rep.errors.append({"card": face.name, "error": f"{type(exc).__name__}: {exc}"})
            for s in originals:
                _count(rep, face, s, s, ERROR, "")
            continue
        rep.seconds += time.process_time() - started
        aligned = len(originals) == len(readings)
        for i, r in enumerate(readings):
            kind = "spell" if face.spell and r.kind == "static" else r.kind  # 113.3a: an instant's instructions
            rep.per_kind[kind].add(r.status)
            if kind == "static" and r.status == "not understood":
                rep.static_not_understood[shape(r.sentence)] += 1
            _count(rep, face, r.sentence, originals[i] if aligned else r.sentence, r.status, r.note)
    return rep


def _count(rep: Report, face: Face, sentence: str, original: str, status: str, note: str) -> None:
    rep.overall.add(status)
    combat_words = sorted({m[0] for m in COMBAT.finditer(original)})
    if combat_words:
        rep.combat.add(status)
    for mech in mechanics(original):
        rep.per_mechanic[mech].add(status)
    if status == "not understood":
        sh = shape(sentence)
        rep.not_understood[sh] += 1
        rep.shape_example.setdefault(sh, (face.name, note))
    if status == "no combat meaning" and combat_words:
        drop = rep.drops.setdefault(sentence, {"sentence": sentence, "count": 0, "card": face.name,
                                               "words": combat_words, "note": note,
                                               "declaration": bool(DECLARATION.search(original))})
        drop["count"] += 1


# --- Boards: what a judge meets ----------------------------------------------------------------

CARD_TYPES = ("creature", "artifact", "enchantment", "land", "planeswalker", "battle")
SUPERTYPES = ("legendary", "snow", "basic", "world")


def creature_cards(data: list[Any]) -> list[dict[str, Any]]:
    """Single-faced creature cards of a Scryfall-shaped file, with what a board needs."""
    return [c for c in data if isinstance(c, dict) and "creature" in str(c.get("type_line", "")).lower()
            and not c.get("card_faces") and isinstance(c.get("name"), str)]


def _permanent(card: dict[str, Any], pid: str, controller: str) -> dict[str, Any]:
    line = str(card.get("type_line", ""))
    front, _, back = line.partition("—")
    words = front.split()

    def stat(value: Any, least: int) -> int:
        try:
            return max(int(value), least)
        except (TypeError, ValueError):  # "*", "1+*": the board gives a value, as a judge would
            return 1
    return {"id": pid, "name": card["name"], "controller": controller,
            "types": [w for w in words if w.lower() in CARD_TYPES],
            "supertypes": [w for w in words if w.lower() in SUPERTYPES], "subtypes": back.split(),
            "power": stat(card.get("power"), -100), "toughness": stat(card.get("toughness"), 0),
            "oracle": card.get("oracle_text") or ""}


def card_boards(card: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The card attacking a player who controls a vanilla 2/2, and the card as that player's blocker."""
    players = [{"id": "A", "life": 20}, {"id": "B", "life": 20}]
    bear = {"name": "Vanilla Bear", "power": 2, "toughness": 2, "oracle": ""}
    attack = {"version": 1, "active_player": "A", "players": players,
              "permanents": [_permanent(card, "x", "A"), {**bear, "id": "y", "controller": "B"}],
              "attacks": [{"attacker": "x", "target": "B"}]}
    block = {"version": 1, "active_player": "A", "players": players,
             "permanents": [{**bear, "id": "y", "controller": "A"}, _permanent(card, "x", "B")],
             "attacks": [{"attacker": "y", "target": "B"}], "blocks": [{"blocker": "x", "attacker": "y"}]}
    return attack, block


def with_facts(board: dict[str, Any]) -> dict[str, Any]:
    """The board with the facts a judge gives when the checker asks for them (none: no counters, no token, no
    designations, empty graveyard, seven cards in hand)."""
    players = [{**p, "hand_size": 7, "graveyard_size": 0, "designations": []} for p in board["players"]]
    perms = [{**p, "counters": {}, "token": False} for p in board["permanents"]]
    return {**board, "players": players, "permanents": perms}


ASKED = "the board does not give $."


def measure_boards(cards: list[dict[str, Any]]) -> dict[str, Any]:
    """Each card on both boards: the share of boards with a ruling, the share once the facts the checker asks for
    (by JSON path) are given, and the most frequent reasons for no ruling."""
    from legality.ruling import check
    from models.load import BoardError, parse_board

    ruled = asked = total = 0
    reasons: Counter[str] = Counter()
    started = time.perf_counter()
    for card in cards:
        for board in card_boards(card):
            try:
                verdict = check(parse_board(board), time_limit=10)
            except BoardError:
                continue
            total += 1
            if verdict.legal is not None:
                ruled += 1
                continue
            only_asked = bool(verdict.not_understood) and all(ASKED in u for u in verdict.not_understood)
            if only_asked and check(parse_board(with_facts(board)), time_limit=10).legal is not None:
                asked += 1
                continue
            for u in verdict.not_understood or (verdict.undecided_reason or "undecided",):
                reasons[re.sub(r"^.*? \(x\): ", "", u)[:200]] += 1
    return {"cards": len(cards), "boards": total, "ruled": ruled, "share": round(ruled / total, 4) if total else 0.0,
            "ruled_once_facts_given": ruled + asked,
            "share_once_facts_given": round((ruled + asked) / total, 4) if total else 0.0,
            "seconds": round(time.perf_counter() - started, 1), "reasons": reasons.most_common()}


# --- Output -----------------------------------------------------------------------------------

def as_json(rep: Report, top: int) -> dict[str, Any]:
    """The report as data."""
    mech = sorted(rep.per_mechanic.items(), key=lambda kv: (-kv[1].total, kv[0]))
    drops = sorted(rep.drops.values(), key=lambda d: (not d["declaration"], -d["count"], d["sentence"]))
    return {
        "cards": len(rep.cards), "faces": rep.faces,
        "reading_seconds": round(rep.seconds, 1),
        "ms_per_sentence": round(1000 * rep.seconds / rep.overall.total, 2) if rep.overall.total else 0.0,
        "overall": rep.overall.as_dict(),
        "per_kind": {k: t.as_dict() for k, t in sorted(rep.per_kind.items())},
        "with_combat_words": rep.combat.as_dict(),
        "per_mechanic": [{"mechanic": m, **t.as_dict()} for m, t in mech[:top]],
        "not_understood_shapes": [{"shape": s, "count": n, "example": rep.shape_example[s][0],
                                   "note": rep.shape_example[s][1]} for s, n in rep.not_understood.most_common(top)],
        "static_not_understood_shapes": [{"shape": s, "count": n, "example": rep.shape_example[s][0]}
                                         for s, n in rep.static_not_understood.most_common(top)],
        "possible_silent_drops": drops,
        "reader_errors": rep.errors,
    }


def _row(label: str, t: dict[str, Any], width: int, columns: tuple[str, ...]) -> str:
    cells = [f"{t[s]['count']:>8} {100 * t[s]['share']:5.1f}%" if s in t else f"{0:>8} {0:5.1f}%" for s in columns]
    return f"{label:<{width}} {t['total']:>6}  " + "  ".join(cells)


def as_text(data: dict[str, Any], top: int) -> str:
    """The report as tables."""
    width = max([20, *(len(m["mechanic"]) + 2 for m in data["per_mechanic"])])
    columns = (*STATUSES, ERROR) if ERROR in data["overall"] else STATUSES
    head = f"{'':<{width}} {'total':>6}  " + "  ".join(f"{s:>15}" for s in columns)
    lines = [f"{data['cards']} cards, {data['faces']} faces; read in {data['reading_seconds']} s "
             f"({data['ms_per_sentence']} ms CPU a sentence; cold only with LEGALITY_CACHE=off in a fresh process)",
             "",
             head, _row("all sentences", data["overall"], width, columns),
             _row("with combat words", data["with_combat_words"], width, columns), "",
             "Per kind of ability (CR 113.3; only a static one not understood can make a verdict undecided)", head]
    lines += [_row(k, t, width, columns) for k, t in data["per_kind"].items()]
    lines += ["",
             f"Per mechanic (keyword or ability word named in the sentence; top {top})", head]
    lines += [_row(m["mechanic"], m, width, columns) for m in data["per_mechanic"]]
    lines += ["", f"Most frequent not-understood shapes (top {top})"]
    lines += [f"{s['count']:>5}  {s['shape']}   [{s['example']}]" for s in data["not_understood_shapes"]]
    lines += ["", f"Static abilities of permanents not understood, by shape (top {top}; what can make a verdict "
              "undecided)"]
    lines += [f"{s['count']:>5}  {s['shape']}   [{s['example']}]" for s in data["static_not_understood_shapes"]]
    drops = data["possible_silent_drops"]
    lines += ["", f"Read as 'no combat meaning' but with combat words: {len(drops)} distinct sentences "
              f"({sum(d['count'] for d in drops)} in all); declaration words first"]
    lines += [f"{d['count']:>5}  {'D' if d['declaration'] else ' '} {d['sentence']}   [{d['card']}; "
              f"{', '.join(d['words'])}]" for d in drops]
    if "boards" in data:
        b = data["boards"]
        lines += ["", f"Boards: {b['cards']} creature cards, {b['boards']} boards (attacking; blocking), "
                  f"{b['ruled']} with a ruling ({100 * b['share']:.1f}%); {b['ruled_once_facts_given']} "
                  f"({100 * b['share_once_facts_given']:.1f}%) once the facts asked for by path are given; "
                  f"{b['seconds']} s; reasons for none:"]
        lines += [f"{r['count']:>5}  {r['reason']}" for r in b["reasons"]]
    if data["reader_errors"]:
        lines += ["", f"Reader errors: {len(data['reader_errors'])}"]
        lines += [f"  {e['card']}: {e['error']}" for e in data["reader_errors"]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--cards", default="corpus.json", help="card file (Scryfall, MTGJSON AtomicCards)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--top", type=int, default=30, help="rows in the mechanic and shape tables")
    parser.add_argument("--boards", type=int, default=0, metavar="N",
                        help="also put N creature cards (a fixed sample; 0: none, -1: all) on a board each way "
                             "(attacking; blocking a vanilla 2/2) and count the boards with a ruling")
    args = parser.parse_args(argv)
    if args.top < 1:
        print("--top: expected a positive number", file=sys.stderr)
        return 2
    try:
        faces = load_faces(Path(args.cards))
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    data = as_json(measure(faces), args.top)
    if args.boards:
        import random

        raw = json.loads(Path(args.cards).read_text(encoding="utf-8"))
        if not isinstance(raw, list):
            print("--boards: the card file must be Scryfall-shaped (a list of card objects)", file=sys.stderr)
            return 2
        cards = creature_cards(raw)
        random.Random(7).shuffle(cards)
        boards = measure_boards(cards if args.boards < 0 else cards[:args.boards])
        data["boards"] = {**boards, "reasons": [{"reason": r, "count": n} for r, n in boards["reasons"][:args.top]]}
    try:
        print(json.dumps(data, indent=1) if args.json else as_text(data, args.top))
    except BrokenPipeError:  # the output was cut short by the reader of the pipe (``| head``)
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - nothing more is written
    return 0


if __name__ == "__main__":
    sys.exit(main())
