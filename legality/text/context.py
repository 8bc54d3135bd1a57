"""What reading some texts needs from the board, and the error for text that can't be applied."""

from __future__ import annotations

from msgspec import Struct


class Unreadable(ValueError):
    """A sentence that looks combat-relevant but that the checker can't apply (with the reason)."""


class Context(Struct, frozen=True):
    """X, the hand size of the source's controller, the source's id and its card name ("named ~"); for an effect, the
    one player among its targets ("attacks target player this turn if able", 115.1)."""

    x: int | None = None
    hand_size: int | None = None
    source_id: str | None = None
    name: str | None = None
    target_player: str | None = None

    def amount(self, token: str, per_card_in_hand: bool = False) -> int:
        """A cost amount: a number, X (from the board), or per card in hand (from the board)."""
        if per_card_in_hand:
            if self.hand_size is None:
                raise Unreadable("the cost counts cards in hand: give the controller's hand_size")
            return int(token) * self.hand_size if token.isdigit() else self.hand_size
        if token == "x":
            if self.x is None:
                raise Unreadable("the amount is X: give the effect's x")
            return self.x
        return int(token)
