"""Error codes of Aw Ducks!: why the rules refuse an action.

The codes are part of the conformance contract: an implementation under test must reject an
illegal action with the same code. When an action is wrong in several ways, the code reported
is the first of :class:`ErrorCode` in definition order (its *precedence*):
:func:`duckspec.aw_ducks.rounds.check_action` gathers every refusal the section modules find and
reports the most urgent (:func:`duckspec.refusals.most_urgent`), and :func:`duckspec.aw_ducks.game.apply` refuses
everything once the game is over:

1. ``game-over``: the game has a winner; nothing more is played (§2).
2. ``round-over``: the round has been counted and no next round has begun (§9).
3. ``not-your-turn``: the action names a player other than the one who must act (§4; AD-R13).
4. ``final-score-required``: the round has ended and the player must take their final Score
   turn (§9).
5. ``score-required``: a Quick Quack or a Secret Stash calls for a Score now (§8).
6. ``draw-required``: the player's tableau is empty, so they must Draw (§5).
7. ``card-not-in-tableau``: a Discard names a card that is not in the player's tableau, a duck
   for instance (§8).

After a rejected action the state is unchanged and play continues from it.
"""

from __future__ import annotations

from duckspec.refusals import Refusal, RefusalCode


class ErrorCode(RefusalCode):
    """The stable kebab-case codes of illegal actions, in order of precedence."""

    GAME_OVER = "game-over"
    ROUND_OVER = "round-over"
    NOT_YOUR_TURN = "not-your-turn"
    FINAL_SCORE_REQUIRED = "final-score-required"
    SCORE_REQUIRED = "score-required"
    DRAW_REQUIRED = "draw-required"
    CARD_NOT_IN_TABLEAU = "card-not-in-tableau"

    @property
    def section(self) -> str:
        """The rules section whose rule the code enforces."""
        return ERROR_SECTIONS[self]


ERROR_SECTIONS: dict[ErrorCode, str] = {
    ErrorCode.GAME_OVER: "§2",
    ErrorCode.ROUND_OVER: "§9",
    ErrorCode.NOT_YOUR_TURN: "§4",
    ErrorCode.FINAL_SCORE_REQUIRED: "§9",
    ErrorCode.SCORE_REQUIRED: "§8",
    ErrorCode.DRAW_REQUIRED: "§5",
    ErrorCode.CARD_NOT_IN_TABLEAU: "§8",
}


class IllegalAction(Refusal[ErrorCode]):
    """An action the rules forbid.

    ``code`` is the stable error code, ``rule`` the section (``"§8"``) or ruling (``"AD-R03"``)
    it breaks, and the message says what would have been right.
    """
