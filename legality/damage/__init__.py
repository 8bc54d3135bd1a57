"""Combat damage: check a proposed assignment under every edition, apply it, report state-based results."""

from legality.damage.resolve import DamageVerdict, Goal, StepReport, resolve_damage

__all__ = ["DamageVerdict", "Goal", "StepReport", "resolve_damage"]
