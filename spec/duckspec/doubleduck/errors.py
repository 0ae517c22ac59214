"""Error codes of Doubleduck: why the rules refuse an action.

The codes are part of the conformance contract: an implementation under test must reject an
illegal action with the same code. When an action is wrong in several ways, the code reported is
the first of :class:`ErrorCode` in definition order (its *precedence*):
:func:`duckspec.doubleduck.deal.check_action` gathers every section module's refusal and reports
the most urgent (:func:`duckspec.refusals.most_urgent`):

1. ``game-over``: the game has a result; nothing more is played (§7; ruling DD-R16).
2. ``deal-over``: the deal has ended (its Soup course is played out) and no next deal has begun (§5).
3. ``not-your-turn``: the action names a player other than the one who must play (§4.1).
4. ``card-not-in-hand``: the player holds no copy of the card (§4.1).
5. ``call-not-allowed``: a call made with the card that leads a trick (ruling DD-R05).
6. ``call-rank-mismatch``: quacks or "doubleduck" called with a card whose rank is not the rank
   led (ruling DD-R05).
7. ``not-the-duplicate``: "doubleduck" called with a card of the rank led that is not the second
   copy of the card led (ruling DD-R05).
8. ``quack-count-mismatch``: a card of the rank led calling more or fewer quacks than are due
   (rulings DD-R03, DD-R04).

After a rejected action the state is unchanged and play continues from it.
"""

from __future__ import annotations

from duckspec.refusals import Refusal, RefusalCode


class ErrorCode(RefusalCode):
    """The stable kebab-case codes of illegal actions, in order of precedence."""

    GAME_OVER = "game-over"
    DEAL_OVER = "deal-over"
    NOT_YOUR_TURN = "not-your-turn"
    CARD_NOT_IN_HAND = "card-not-in-hand"
    CALL_NOT_ALLOWED = "call-not-allowed"
    CALL_RANK_MISMATCH = "call-rank-mismatch"
    NOT_THE_DUPLICATE = "not-the-duplicate"
    QUACK_COUNT_MISMATCH = "quack-count-mismatch"

    @property
    def section(self) -> str:
        """The rules section whose rule the code enforces."""
        return ERROR_SECTIONS[self][0]

    @property
    def ruling(self) -> str | None:
        """The ruling that decides the refusal, where the text alone does not."""
        return ERROR_SECTIONS[self][1]


ERROR_SECTIONS: dict[ErrorCode, tuple[str, str | None]] = {
    ErrorCode.GAME_OVER: ("§7", "DD-R16"),
    ErrorCode.DEAL_OVER: ("§5", None),
    ErrorCode.NOT_YOUR_TURN: ("§4", None),
    ErrorCode.CARD_NOT_IN_HAND: ("§4", None),
    ErrorCode.CALL_NOT_ALLOWED: ("§4", "DD-R05"),
    ErrorCode.CALL_RANK_MISMATCH: ("§4", "DD-R05"),
    ErrorCode.NOT_THE_DUPLICATE: ("§4", "DD-R05"),
    ErrorCode.QUACK_COUNT_MISMATCH: ("§4", "DD-R04"),
}


class IllegalAction(Refusal[ErrorCode]):
    """An action the rules forbid.

    ``code`` is the stable error code, ``rule`` the section (``"§4"``) or ruling (``"DD-R04"``)
    it breaks, and the message says what would have been right.
    """
