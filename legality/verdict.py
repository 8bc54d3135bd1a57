"""Verdicts: what the checker says about a declaration, as data, as contract JSON and as text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from msgspec import Struct, field
from msgspec.structs import replace

from legality.rules import Kind, Violation
from models.board import RulesOptions

if TYPE_CHECKING:
    from legality.damage import DamageVerdict


class RequirementStatus(Struct, frozen=True):
    """One requirement instance and how the checked declaration (and the best one) stand with it."""

    rule: str
    text: str
    source: str
    creature: str
    obeyed: bool
    in_force: bool
    obeyable: bool

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "text": self.text, "source": self.source, "creature": self.creature,
                "obeyed": self.obeyed, "in_force": self.in_force, "obeyable": self.obeyable}


class Verdict(Struct, frozen=True):
    """The judgement of one declaration of attackers or blockers."""

    kind: Kind
    legal: bool | None
    rules: str
    rules_options: RulesOptions
    violations: tuple[Violation, ...]
    obeyed: int | None
    maximum: int | None
    maximum_proven: bool
    requirements: tuple[RequirementStatus, ...]
    missed: tuple[RequirementStatus, ...]
    better: tuple[dict[str, str], ...] | None
    better_closest: bool = True
    compared_with: str = "global maximum"
    costs: dict[str, int] = field(default_factory=dict)
    alternatives: dict[str, bool | None] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    not_understood: tuple[str, ...] = ()
    id: str | None = None
    defending_players: tuple[str, ...] = ()
    if_ignored: bool | None = None
    undecided_reason: str | None = None
    judgement_notes: tuple[str, ...] = ()
    ignoring_unread: Verdict | None = None

    @property
    def undecided(self) -> bool:
        return self.legal is None

    def unread_undecided(self) -> Verdict:
        """This verdict, undecided because rules text was not understood: what was judged as if that text
        changed nothing moves to ``ignoring_unread`` (answer, violations, requirements, better declaration,
        costs, other editions, the notes that compare them), and the top-level figures are left empty."""
        return replace(self, legal=None, if_ignored=self.legal, undecided_reason=UNREAD, violations=(), obeyed=None,
                       maximum=None, maximum_proven=False, requirements=(), missed=(), better=None,
                       better_closest=True, costs={}, alternatives={}, judgement_notes=(),
                       notes=tuple(n for n in self.notes if n not in self.judgement_notes), ignoring_unread=self)

    def judgement_json(self) -> dict[str, Any]:
        """The fields that rest on judging the declaration (empty at the top of a verdict undecided by unread
        text: they are in its ``ignoring_unread``)."""
        return {
            "violations": [{"rule": v.rule, "message": v.message, "permanents": list(v.permanents),
                            "source": v.source} for v in self.violations],
            "requirements": {
                "obeyed": self.obeyed,
                "maximum": self.maximum,
                "maximum_proven": self.maximum_proven,
                "compared_with": self.compared_with,
                "total": None if self.ignoring_unread is not None else len(self.requirements),
                "list": [r.to_json() for r in self.requirements],
                "missed": [r.to_json() for r in self.missed],
            },
            "better": None if self.better is None else [dict(b) for b in self.better],
            "better_is_closest": self.better_closest,
            "costs": dict(self.costs),
            "alternatives": dict(self.alternatives),
        }

    def to_json(self) -> dict[str, Any]:
        """The contract's verdict object (board-format.md, "Verdict")."""
        out: dict[str, Any] = {}
        if self.id is not None:
            out["id"] = self.id
        out.update({
            "kind": self.kind,
            "legal": self.legal,
            "undecided": self.undecided,
            "rules": self.rules,
            "rules_options": self.rules_options.model_dump(),
            **self.judgement_json(),
            "notes": list(self.notes),
            "not_understood": list(self.not_understood),
        })
        out.update(undecided_json(self.legal, self.undecided_reason, self.if_ignored))
        if self.ignoring_unread is not None:
            inner = self.ignoring_unread
            out["ignoring_unread"] = {"legal": inner.legal, **inner.judgement_json(),
                                      "notes": list(inner.judgement_notes)}
        if self.kind == "block":
            out["defending_players"] = list(self.defending_players)
        return out

    def to_text(self) -> str:
        """A short verdict for a terminal: the answer, each broken rule, the requirement count, a fix; for a
        verdict undecided by unread text, those of the answer it would be if that text changed nothing."""
        opts = self.rules_options
        lines = [f"{headline(self.legal, self.undecided_reason)}: declaration of "
                 f"{'attackers' if self.kind == 'attack' else 'blockers'} "
                 f"(rules {self.rules}; conditional {opts.conditional}, costs {opts.paid_costs})"]
        lines += unread_lines(self.not_understood, self.undecided_reason, self.if_ignored)
        lines += (self.ignoring_unread or self)._text_body()
        if self.undecided_reason != UNREAD:  # else listed first
            lines += [f"  not understood: {u}" for u in self.not_understood]
        return "\n".join(lines)

    def _text_body(self) -> list[str]:
        lines = []
        for v in self.violations:
            lines.append(f"  x {v.rule}: {v.message}")
        if self.requirements:
            mx = "?" if self.maximum is None else str(self.maximum)
            if self.maximum is not None and not self.maximum_proven:
                mx = f"at least {mx}"
            rule = "508.1d" if self.kind == "attack" else "509.1c"
            where = "" if self.compared_with == "global maximum" else f" ({self.compared_with})"
            lines.append(f"  requirements ({rule}): obeys {self.obeyed}, maximum {mx}{where}, "
                         f"of {len(self.requirements)} in all")
            for r in self.missed:
                lines.append(f"    missed: {r.text}")
        if self.better is not None:
            lines.append(("  better: " if self.better_closest else "  better (a maximum; one with fewer changes "
                          "may exist): ") + (", ".join(_fmt(b) for b in self.better) or "no "
                                         + ("attack" if self.kind == "attack" else "blocks")))
        for n in self.notes:
            lines.append(f"  note: {n}")
        return lines


UNREAD = "text not understood"
"""The reason of a verdict undecided because rules text on the board was not understood."""


def headline(legal: bool | None, reason: str | None) -> str:
    """LEGAL, ILLEGAL, or UNDECIDED with its reason (the time limit, or text not understood)."""
    return {True: "LEGAL", False: "ILLEGAL"}.get(legal, f"UNDECIDED ({reason or 'time limit'})")  # type: ignore[arg-type]


def unread_lines(unread: tuple[str, ...], reason: str | None, if_ignored: bool | None) -> list[str]:
    """For a verdict undecided by unread text: the sentences first, then the answer if they changed nothing."""
    if reason != UNREAD:
        return []
    out = [f"  not understood: {u}" for u in unread]
    out.append(f"  ignoring them: {headline(if_ignored, None)} (--ignore-unread gives this as the answer)")
    return out


def undecided_json(legal: bool | None, reason: str | None, if_ignored: bool | None) -> dict[str, Any]:
    """The verdict's ``undecided_reason`` and, when unread text decided it, ``if_ignored``."""
    if legal is not None:
        return {}
    out: dict[str, Any] = {"undecided_reason": reason or "time limit"}
    if reason == UNREAD:
        out["if_ignored"] = if_ignored
    return out


def _fmt(atom: dict[str, str]) -> str:
    if "blocker" in atom:
        return f"{atom['blocker']} blocks {atom['attacker']}"
    return f"{atom['attacker']} attacks {atom['target']}"


V = TypeVar("V", "Verdict", "DamageVerdict")


def unread_undecided(verdict: V, ignore_unread: bool = False) -> V:
    """A verdict never rests on text it could not read: with any sentence or keyword not understood
    it is undecided ("text not understood"), ``if_ignored`` keeps what it would be if that text
    changed nothing and ``ignoring_unread`` everything judged that way (its figures are empty at the
    top); ``ignore_unread`` gives that answer instead (the sentences are still listed)."""
    if not verdict.not_understood or ignore_unread or verdict.legal is None:
        return verdict
    return verdict.unread_undecided()
