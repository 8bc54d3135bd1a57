"""Reading a board: JSON text or data → ``Board``, with every defect named by its JSON path.

Structural defects come from pydantic; the cross-references (ids that must exist, a board that
can't exist) are checked here, all at once, so a user sees every problem in one go. A declaration a
player may not make is not bad input: ``illegal_attacks``/``illegal_blocks`` name it with its rule
for the engine to judge (docs/input-checks.md says which check is which).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any, Protocol

from msgspec import Struct
from pydantic import BaseModel, ValidationError

from models.abilities import AttacksPlayer, BlocksAttacker, CantAttack, CantBlock, Grant, Protection
from models.board import Board, Permanent
from models.jsontext import MAX_DEPTH, JsonTextError, loads


class Problem(Struct, frozen=True):
    """One defect in a board: where (a JSON path such as ``$.permanents[2].power``) and what."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


class BoardError(ValueError):
    """The input is not a valid board file: malformed JSON, a bad field, or a dangling id."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(str(p) for p in problems))


def json_path(loc: tuple[int | str, ...]) -> str:
    """Render a pydantic location tuple as a JSON path."""
    out = "$"
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _pydantic_problems(err: ValidationError) -> list[Problem]:
    problems = []
    for e in err.errors():
        # Discriminated unions add the tag to the location ("...abilities[0].cant_attack.n"): drop it.
        raw = e["loc"]
        loc = tuple(p for k, p in enumerate(raw)
                    if not (p in _ABILITY_KINDS and k > 0 and isinstance(raw[k - 1], int)))
        msg = e["msg"]
        if e["type"] == "extra_forbidden":
            msg = "unknown field"
        elif e["type"] == "missing":
            msg = "required field is missing"
        problems.append(Problem(json_path(loc), msg))
    return problems


def _ability_kinds() -> frozenset[str]:
    from typing import get_args

    from models import abilities as ab

    kinds: set[str] = set()
    for cls in vars(ab).values():
        if (isinstance(cls, type) and issubclass(cls, BaseModel) and "kind" in cls.model_fields
                and cls is not ab.Condition):  # a Condition's kind is not a union tag
            kinds.update(get_args(cls.model_fields["kind"].annotation))
    return frozenset(kinds)


_ABILITY_KINDS = _ability_kinds()


class CardDefaults(Protocol):
    """A card library as the loader sees it: card name → the board fields it supplies (None if unknown)."""

    def __call__(self, name: str) -> Mapping[str, Any] | None: ...

    def suggest(self, name: str) -> list[str]:
        """Known card names close to ``name`` (for "did you mean ...?")."""
        ...

    def missing(self) -> str:
        """What to do about a name the library lacks, e.g. how to get every card."""
        ...

    def fields(self, name: str) -> Mapping[str, Any] | None:
        """The same fields as ``__call__``, as validated ``Permanent`` values (``library_fields``); None if
        unknown."""
        ...


def library_fields(defaults: Mapping[str, Any]) -> dict[str, Any]:
    """A card's board fields (``CardDefaults.__call__``) validated as a permanent's, once per card: merged into
    permanents validated from the board's own text, they need no second validation."""
    probe = Permanent.model_validate_json(_ENCODE({"id": "library", "name": "library", "controller": "library",
                                                   **defaults}), strict=True)
    return {k: getattr(probe, k) for k in defaults}


IDENTIFYING = ("oracle", "types", "power", "toughness")
"""Fields that say what a permanent is when the card library doesn't know its name."""


def fill_from_library(data: Mapping[str, Any], cards: CardDefaults) -> tuple[dict[str, Any], list[Problem]]:
    """The board with each permanent's missing fields taken from the card library by ``name``.

    A name the library doesn't know, on a permanent that gives none of ``IDENTIFYING``, is a
    problem (with suggestions): it would otherwise become a blank permanent that nothing reads.
    """
    out = dict(data)
    problems: list[Problem] = []
    perms = data.get("permanents")
    if isinstance(perms, list):
        filled = []
        for i, p in enumerate(perms):
            if isinstance(p, Mapping) and isinstance(p.get("name"), str) and p.get("face_down") is not True:
                known = cards(p["name"])
                if known:
                    p = {**{k: v for k, v in known.items() if k not in p}, **p}
                elif not any(k in p for k in IDENTIFYING):
                    close = cards.suggest(p["name"])
                    hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
                    problems.append(Problem(f"$.permanents[{i}].name", f"no card named {p['name']!r} in the card "
                                            f"library, and the permanent gives none of {', '.join(IDENTIFYING)} "
                                            f"({cards.missing()}){hint}"))
            filled.append(p)
        out["permanents"] = filled
    return out, problems


def _decode(data: str | bytes) -> Any:
    """JSON text → Python data, every failure (bad syntax, NaN, deep nesting, huge integers) a ``BoardError``."""
    try:
        return loads(data, unique=True)
    except JsonTextError as exc:
        raise BoardError([Problem(exc.path, exc.message)]) from None


_SCALARS = (str, int, float, bool, type(None))


def _too_deep(data: Any, depth: int = 1) -> bool:
    """Whether arrays and objects nest more than ``MAX_DEPTH`` levels (the recursion stops there, so it can't
    overflow the stack); only containers are visited."""
    if depth > MAX_DEPTH:
        return True
    for value in data.values() if isinstance(data, Mapping) else data:
        kind = type(value)
        if kind is dict or kind is list:
            if _too_deep(value, depth + 1):
                return True
        elif kind not in _SCALARS and isinstance(value, (Mapping, list, tuple)) and _too_deep(value, depth + 1):
            return True
    return False


_ENCODE = json.JSONEncoder(allow_nan=False, check_circular=False, separators=(",", ":")).encode
"""Data → compact JSON text (no NaN; the data is a tree, from JSON text or a caller's plain values)."""


def _validate(data: Mapping[str, Any]) -> Board:
    """Validate strictly, as JSON: an integer field takes only a JSON integer (not "2", true or 2.0)."""
    try:
        text = _ENCODE(data)
    except (TypeError, ValueError) as exc:
        raise BoardError([Problem("$", f"not JSON data: {exc}")]) from None
    try:
        return Board.model_validate_json(text, strict=True)
    except ValidationError as err:
        raise BoardError(_pydantic_problems(err)) from None


def _with_fields(p: Permanent, extra: Mapping[str, Any]) -> Permanent:
    """``p.model_copy(update=extra)`` for validated values (they count as given), without copying what a permanent
    doesn't have (extra fields, private attributes) or its dictionary twice: a board makes one for most permanents."""
    made = Permanent.__new__(Permanent)
    object.__setattr__(made, "__dict__", {**p.__dict__, **extra})
    object.__setattr__(made, "__pydantic_fields_set__", p.model_fields_set | extra.keys())
    object.__setattr__(made, "__pydantic_extra__", None)
    object.__setattr__(made, "__pydantic_private__", None)
    return made


def _from_text(text: str | bytes, cards: CardDefaults | None) -> Board | None:
    """The board validated straight from its JSON text (already screened by ``loads``: no NaN, deep nesting or huge
    number, even under a duplicate key pydantic's parser would keep instead), each permanent's missing fields then
    taken from the library's validated values: the same board as filling the data and validating it again as JSON,
    without encoding it. None when the text is not a valid board, or names a card the library lacks: the full path
    then says what is wrong."""
    try:
        board = Board.model_validate_json(text, strict=True)
    except ValueError:  # ValidationError, or text pydantic's parser reads differently (a lone surrogate escape)
        return None
    if cards is None or not board.permanents:
        return board
    filled = []
    for p in board.permanents:
        given = p.model_fields_set
        if p.face_down:  # 708.2: what it is face down is no card's; its name is for its controller only
            filled.append(p)
            continue
        try:
            known = cards.fields(p.name)
        except ValueError:  # a card whose fields don't validate: the full path names the permanent and field
            return None
        if not known:
            if not any(k in given for k in IDENTIFYING):
                return None
            filled.append(p)
            continue
        extra = {k: v for k, v in known.items() if k not in given}
        if not extra:
            filled.append(p)
            continue
        filled.append(_with_fields(p, extra))
    return board.model_copy(update={"permanents": tuple(filled)})


def parse_board(data: str | bytes | Mapping[str, Any], departed: bool | None = None,
                cards: CardDefaults | None = None) -> Board:
    """Parse and validate a board from JSON text or already-decoded data; raise ``BoardError``.

    ``departed``: whether an attack target or a blocker may be absent from the battlefield (it has
    left it, 506.4c, 509.1h), as in the combat damage step; by default, when the board has ``damage``.
    ``cards``: a card library; fields a permanent doesn't give come from it (explicit fields win).
    """
    board, unknown = _structure(data, cards)
    if any(p.face_down and (p.power is None or p.toughness is None) for p in board.permanents):
        board = _face_down_2_2(board)
    problems = unknown + list(check_references(board, board.damage is not None if departed is None else departed))
    if problems:
        raise BoardError(problems)
    return board


def _face_down_2_2(board: Board) -> Board:
    """A face-down permanent is 2/2 unless the board gives its current power and toughness (708.2)."""
    return board.model_copy(update={"permanents": tuple(
        p.model_copy(update={"power": 2 if p.power is None else p.power,
                             "toughness": 2 if p.toughness is None else p.toughness}) if p.face_down else p
        for p in board.permanents)})


def _structure(data: str | bytes | Mapping[str, Any], cards: CardDefaults | None) -> tuple[Board, list[Problem]]:
    """The structurally valid board (``BoardError`` otherwise) and the library names it gives that the library
    lacks; text is validated as it is when it can be (``_from_text``), else decoded, filled and validated again."""
    decoded = isinstance(data, (str, bytes))
    if isinstance(data, (str, bytes)):
        text, data = data, _decode(data)
        fast = _from_text(text, cards) if isinstance(data, dict) else None
        if fast is not None:
            return fast, []
    if not isinstance(data, Mapping):
        raise BoardError([Problem("$", "a board must be a JSON object")])
    # Text was checked for deep nesting as it was decoded; data given as it is, here (before the library's
    # fields, validated when the library was loaded, are added).
    if not decoded and _too_deep(data):
        raise BoardError([Problem("$", f"arrays and objects nested more than {MAX_DEPTH} levels deep")])
    unknown: list[Problem] = []
    if cards is not None:
        data, unknown = fill_from_library(data, cards)
    try:
        return _validate(data), unknown
    except BoardError as exc:
        raise BoardError(unknown + list(exc.problems)) from None


def check_references(board: Board, departed: bool = False) -> Iterator[Problem]:
    """Every cross-reference defect of a structurally valid board (see ``parse_board`` for ``departed``)."""
    players = {p.id for p in board.players}
    perms = {p.id: p for p in board.permanents}
    seen: dict[str, str] = {}
    for i, pl in enumerate(board.players):
        if pl.id in seen:
            yield Problem(f"$.players[{i}].id", f"duplicate id {pl.id!r} (also {seen[pl.id]})")
        seen.setdefault(pl.id, f"$.players[{i}]")
    for i, pm in enumerate(board.permanents):
        if pm.id in seen:
            yield Problem(f"$.permanents[{i}].id", f"duplicate id {pm.id!r} (also {seen[pm.id]})")
        seen.setdefault(pm.id, f"$.permanents[{i}]")
    if board.active_player not in players:
        yield Problem("$.active_player", f"{board.active_player!r} is not a player id")
    yield from _check_teams(board, players)

    for i, pm in enumerate(board.permanents):
        at = f"$.permanents[{i}]"
        if pm.controller not in players:
            yield Problem(f"{at}.controller", f"{pm.controller!r} is not a player id")
        if pm.owner is not None and pm.owner not in players:
            yield Problem(f"{at}.owner", f"{pm.owner!r} is not a player id")
        if pm.protector is not None:
            if "battle" not in pm.card_types:
                yield Problem(f"{at}.protector", "only a battle has a protector (310.8)")
            elif pm.protector not in players:
                yield Problem(f"{at}.protector", f"{pm.protector!r} is not a player id")
        if pm.attached_to is not None:
            if pm.attached_to not in perms and pm.attached_to not in players:
                yield Problem(f"{at}.attached_to", f"{pm.attached_to!r} is not a permanent or player id")
            elif pm.attached_to == pm.id:
                yield Problem(f"{at}.attached_to", "a permanent can't be attached to itself")
        if pm.is_creature and (pm.power is None or pm.toughness is None):
            yield Problem(at, "a creature needs power and toughness")
        for j, ab in enumerate(pm.abilities):
            yield from _ability_refs(ab, f"{at}.abilities[{j}]", players, perms)

    for i, ef in enumerate(board.effects):
        at = f"$.effects[{i}]"
        if ef.controller not in players:
            yield Problem(f"{at}.controller", f"{ef.controller!r} is not a player id")
        if ef.source_id is not None and ef.source_id not in perms:
            yield Problem(f"{at}.source_id", f"{ef.source_id!r} is not a permanent id")
        for j, t in enumerate(ef.targets):
            if t not in perms and t not in players:
                yield Problem(f"{at}.targets[{j}]", f"{t!r} is not a permanent or player id")
        for j, ab in enumerate(ef.abilities):
            yield from _ability_refs(ab, f"{at}.abilities[{j}]", players, perms)

    yield from _check_size(board)
    yield from _check_attacks(board, players, perms, departed)
    yield from _check_blocks(board, perms, departed)
    yield from _check_damage(board, players, perms, departed)


def _check_teams(board: Board, players: set[str]) -> Iterator[Problem]:
    """Teams of the shared team turns option (805.10): at least two, unique ids, players of ``$.players``, and every
    player on exactly one team (pydantic already asks for at least one player a team)."""
    if board.teams is None:
        return
    if len(board.teams) < 2:
        n = len(board.teams)
        yield Problem("$.teams", f"{n} team{'' if n == 1 else 's'} given; with teams there are at least two (the "
                                 "attacking team and a defending team)")
    ids: dict[str, int] = {}
    placed: dict[str, str] = {}
    for i, team in enumerate(board.teams):
        at = f"$.teams[{i}]"
        if team.id in ids:
            yield Problem(f"{at}.id", f"duplicate team id {team.id!r} (also $.teams[{ids[team.id]}])")
        ids.setdefault(team.id, i)
        for j, pid in enumerate(team.players):
            if pid not in players:
                yield Problem(f"{at}.players[{j}]", f"{pid!r} is not a player id")
            elif pid in placed:
                yield Problem(f"{at}.players[{j}]", f"player {pid!r} is already on a team ({placed[pid]}); every "
                                                    "player is on exactly one team")
            else:
                placed[pid] = f"{at}.players"
    for i, pl in enumerate(board.players):
        if pl.id not in placed:
            yield Problem("$.teams", f"player {pl.id!r} ($.players[{i}]) is on no team; with teams, every player is "
                                     "on exactly one")


def _ability_refs(ab: Any, at: str, players: set[str], perms: Mapping[str, Any]) -> Iterator[Problem]:
    if isinstance(ab, (CantAttack,)) and ab.defender not in (None, "you") and ab.defender not in players:
        yield Problem(f"{at}.defender", f"{ab.defender!r} is not a player id (or \"you\")")
    if isinstance(ab, AttacksPlayer) and ab.player not in players and ab.player != "you":
        yield Problem(f"{at}.player", f"{ab.player!r} is not a player id")
    if isinstance(ab, (BlocksAttacker, CantBlock)) and ab.attacker is not None and ab.attacker not in perms:
        yield Problem(f"{at}.attacker", f"{ab.attacker!r} is not a permanent id")
    if isinstance(ab, Protection):
        given = (ab.quality is not None) + (ab.player is not None) + ab.everything
        if given != 1:
            yield Problem(at, "protection needs exactly one of quality, player, everything")
        if ab.player is not None and ab.player not in players and ab.player != "you":
            yield Problem(f"{at}.player", f"{ab.player!r} is not a player id")
    if isinstance(ab, Grant):
        for k, inner in enumerate(ab.abilities):
            yield from _ability_refs(inner, f"{at}.abilities[{k}]", players, perms)


class Illegal(Struct, frozen=True):
    """A declaration a player could try to make but may not: where, the rule it breaks, and why.

    ``atom`` is the (creature, target) pair to leave out of the judged declaration, if the fault
    lies in one pair; the rest of the declaration is still judged (and ``better`` found over it).
    """

    path: str
    rule: str
    message: str
    atom: tuple[str, str] | None = None
    permanents: tuple[str, ...] = ()


def illegal_attacks(board: Board) -> list[Illegal]:
    """The declared attacks no player may make: wrong attacker, wrong target, a band split (exit 1)."""
    return [d for i, d in _attack_faults(board) if board.attacks is not None and board.attacks[i].declared]


def illegal_blocks(board: Board) -> list[Illegal]:
    """The blocks no player may declare: a non-creature blocking, a block of a non-attacker (exit 1)."""
    return list(_block_faults(board))


def _attack_faults(board: Board) -> Iterator[tuple[int, Illegal]]:
    perms = {p.id: p for p in board.permanents}
    active = board.active_player
    attacking = set(board.attacking_players())
    team = len(attacking) > 1
    who = f"the attacking team ({', '.join(sorted(attacking))}, 805.10a)"
    band_target: dict[str, str] = {}
    for i, a in enumerate(board.attacks or ()):
        at = f"$.attacks[{i}]"
        pm = perms.get(a.attacker)
        atom = (a.attacker, a.target)
        if pm is not None and not pm.is_creature:
            yield i, Illegal(f"{at}.attacker", "506.3", f"{pm.name} ({a.attacker}) is not a creature; only a "
                             "creature can attack (506.3)", atom, (a.attacker,))
        elif pm is not None and pm.controller not in attacking:
            by = (f"the players of the active team ({', '.join(sorted(attacking))}) attack, with creatures they "
                  "control (506.2, 508.1a, 805.10a-b)" if team else
                  f"the active player {active} attacks, and only with creatures they control (506.2, 508.1a)")
            yield i, Illegal(f"{at}.attacker", "508.1a", f"{pm.name} ({a.attacker}) is controlled by "
                             f"{pm.controller}; {by}", atom, (a.attacker,))
        tgt = perms.get(a.target)
        if a.target in attacking:
            yield i, Illegal(f"{at}.target", "506.2", f"{a.attacker} attacks {a.target}, "
                             + (f"a player of {who}" if team else "the attacking player")
                             + "; only a defending player, planeswalkers they control and battles they protect "
                             "can be attacked (506.2)",
                             atom, (a.attacker,))
        elif tgt is not None and "planeswalker" in tgt.card_types and tgt.controller in attacking:
            yield i, Illegal(f"{at}.target", "506.2", f"{a.attacker} attacks planeswalker {tgt.name} "
                             f"({a.target}), controlled by "
                             + (f"{tgt.controller} of {who}" if team else f"the attacking player {active}")
                             + "; only planeswalkers "
                             "a defending player controls can be attacked (506.2)", atom, (a.attacker, a.target))
        elif tgt is not None and "battle" in tgt.card_types and tgt.protector == active:
            yield i, Illegal(f"{at}.target", "310.8b", f"{a.attacker} attacks battle {tgt.name} ({a.target}), "
                             f"protected by the attacking player {active}; a battle's protector can never "
                             "attack it (310.8b)", atom, (a.attacker, a.target))
        elif tgt is not None and "battle" in tgt.card_types and tgt.protector in attacking:
            yield i, Illegal(f"{at}.target", "506.2", f"{a.attacker} attacks battle {tgt.name} ({a.target}), "
                             f"protected by {tgt.protector} of {who}; only battles a defending player protects "
                             "can be attacked (506.2, 805.10a)", atom, (a.attacker, a.target))
        elif tgt is not None and not {"planeswalker", "battle"} & set(tgt.card_types):
            yield i, Illegal(f"{at}.target", "506.3", f"{a.attacker} attacks {tgt.name} ({a.target}), which is "
                             "neither a player, a planeswalker nor a battle; only those can be attacked (506.3)",
                             atom, (a.attacker, a.target))
        if a.band is not None and band_target.setdefault(a.band, a.target) != a.target:
            yield i, Illegal(f"{at}.target", "702.22d", f"band {a.band!r} attacks both "
                             f"{band_target[a.band]} and {a.target}; all creatures in an attacking band "
                             "attack the same player, planeswalker or battle (702.22d)", None, (a.attacker,))


def _block_faults(board: Board) -> Iterator[Illegal]:
    perms = {p.id: p for p in board.permanents}
    attacking = {a.attacker for a in board.attacks or ()}
    for i, b in enumerate(board.blocks or ()):
        at = f"$.blocks[{i}]"
        pm = perms.get(b.blocker)
        atom = (b.blocker, b.attacker)
        if pm is not None and not pm.is_creature:
            yield Illegal(f"{at}.blocker", "506.3", f"{pm.name} ({b.blocker}) is not a creature; only a "
                          "creature can block (506.3)", atom, (b.blocker,))
        if b.attacker not in attacking and b.attacker in perms:
            yield Illegal(f"{at}.attacker", "509.1a", f"{b.blocker} blocks {perms[b.attacker].name} "
                          f"({b.attacker}), which is not attacking; a blocker blocks a creature that is "
                          "attacking (509.1a)", atom, (b.blocker, b.attacker))


MAX_ASSIGNMENTS = 1_000_000
"""The most possible assignments a declaration to judge may have (attacking creatures x what they could attack,
or attacking creatures x creatures that could block them): a board past it is refused as bad input, since its
problem alone would take gigabytes to build."""


def _check_size(board: Board) -> Iterator[Problem]:
    """A declaration with more than ``MAX_ASSIGNMENTS`` possible assignments is refused (its size, not its
    contents, is the problem)."""
    creatures: dict[str, int] = {}
    for pm in board.permanents:
        if pm.is_creature:
            creatures[pm.controller] = creatures.get(pm.controller, 0) + 1
    attacking = set(board.attacking_players())
    if board.blocks is not None and board.attacks is not None:
        others = sum(n for pid, n in creatures.items() if pid not in attacking)
        count, path, what = len(board.attacks) * others, "$.attacks", "attacking creatures x creatures that could block"
    elif board.attacks is not None:
        targets = len(board.players) - len(attacking) + sum(1 for pm in board.permanents
                                                            if {"planeswalker", "battle"} & set(pm.card_types))
        count, path, what = sum(creatures.get(pid, 0) for pid in attacking) * targets, "$.permanents", \
            "the active player's creatures x players, planeswalkers and battles they could attack"
    else:
        return
    if count > MAX_ASSIGNMENTS:
        yield Problem(path, f"the declaration has {count:,} possible assignments ({what}); at most "
                            f"{MAX_ASSIGNMENTS:,} are judged")


_DONE = "; this board can't exist, since {what} already declared"


def _check_attacks(board: Board, players: set[str], perms: Mapping[str, Any],
                   departed: bool) -> Iterator[Problem]:
    """Bad input in ``attacks``: ids that name nothing, a battle without protector, an entry twice.

    A declared attack a player may not make is illegal (``illegal_attacks``, exit 1), unless the
    attacks are history (blocks or damage follow): then the board itself can't exist.
    """
    if board.attacks is None:
        return
    history = departed or board.blocks is not None
    seen: dict[str, str] = {}
    listed: set[tuple[str, str]] = set()
    for i, a in enumerate(board.attacks):
        at = f"$.attacks[{i}]"
        if a.attacker not in perms:
            yield Problem(f"{at}.attacker", f"{a.attacker!r} is not a permanent id")
        if (a.attacker, a.target) in listed:
            yield Problem(at, f"{a.attacker!r} attacking {a.target!r} is listed twice")
        elif a.attacker in seen and history:
            yield Problem(f"{at}.attacker", f"{a.attacker!r} attacks both {seen[a.attacker]!r} and "
                                           f"{a.target!r}; a creature attacks one player, planeswalker or "
                                           "battle (508.1b)" + _DONE.format(what="the attacks were"))
        listed.add((a.attacker, a.target))
        seen.setdefault(a.attacker, a.target)
        tgt = perms.get(a.target)
        if tgt is not None and "battle" in tgt.card_types and tgt.protector is None:
            yield Problem(f"{at}.target", f"battle {a.target!r} has no protector; every battle has one (310.8)")
        elif a.target not in players and tgt is None and not departed:
            yield Problem(f"{at}.target", f"{a.target!r} is not a player or permanent id")
    for i, fault in _attack_faults(board):
        if not board.attacks[i].declared:
            yield Problem(fault.path, f"{fault.message}; a creature put onto the battlefield attacking this "
                                      "way is never an attacking creature (506.3a-c, 508.4)")
        elif history:
            yield Problem(fault.path, fault.message + _DONE.format(what="the attacks were"))


def _check_blocks(board: Board, perms: Mapping[str, Any], departed: bool) -> Iterator[Problem]:
    """Bad input in ``blocks``: no attacks to block, ids that name nothing, an entry twice.

    A block a player may not declare is illegal (``illegal_blocks``, exit 1), unless the blocks are
    history (combat damage follows): then the board itself can't exist.
    """
    if board.blocks is None:
        return
    if board.attacks is None:
        yield Problem("$.blocks", "blocks need the declaration of attackers ($.attacks)")
        return
    attacking = {a.attacker for a in board.attacks}
    pairs: set[tuple[str, str]] = set()
    for i, b in enumerate(board.blocks):
        at = f"$.blocks[{i}]"
        if b.blocker not in perms and not departed:
            yield Problem(f"{at}.blocker", f"{b.blocker!r} is not a permanent id")
        if b.attacker not in attacking and b.attacker not in perms:
            yield Problem(f"{at}.attacker", f"{b.attacker!r} is not a permanent id (nor an attacker in $.attacks)")
        if (b.blocker, b.attacker) in pairs:
            yield Problem(at, f"{b.blocker!r} blocking {b.attacker!r} is listed twice")
        pairs.add((b.blocker, b.attacker))
    if departed:
        for fault in _block_faults(board):
            yield Problem(fault.path, fault.message + _DONE.format(what="the blocks were"))


def _check_damage(board: Board, players: set[str], perms: Mapping[str, Any],
                  departed: bool) -> Iterator[Problem]:
    for i, d in enumerate(board.damage or ()):
        if d.source not in perms:
            yield Problem(f"$.damage[{i}].source", f"{d.source!r} is not a permanent id")
        for j, t in enumerate(d.to):
            if t.target not in perms and t.target not in players:
                yield Problem(f"$.damage[{i}].to[{j}].target", f"{t.target!r} is not a player or "
                                                               "permanent id")
    for key, order in (board.damage_order or {}).items():
        if key not in perms and not departed:
            yield Problem(f"$.damage_order.{key}", f"{key!r} is not a permanent id")
        for j, other in enumerate(order):
            if other not in perms and not departed:
                yield Problem(f"$.damage_order.{key}[{j}]", f"{other!r} is not a permanent id")
