"""Error codes of Duck Soup: why the rules refuse an action.

The codes are part of the conformance contract: an implementation under test must reject an
illegal action with the same code. When an action is wrong in several ways, the code reported
is the first of :class:`ErrorCode` in definition order (its *precedence*):
:func:`duckspec.duck_soup.deal.check_action` gathers every refusal the section modules find and
reports the most urgent (:func:`duckspec.refusals.most_urgent`).

1. ``game-over``: the game or match has a result; nothing more is played.
2. ``deal-over``: the deal has ended (its Soup course is played out) and no next deal has begun:
   in a single deal, in a game that waits for the deck of its next deal, or in a match that
   waits for the deck of its next game.
3. ``not-your-turn``: the action names a player other than the one who must act.
4. ``duck-not-allowed``: "duck" is said where no quack is waiting to be answered.
5. ``answer-required``: a quack is waiting; the leader must say "duck" or lead a third card of
   the quacked rank with "quack-quack" (ruling DS-R10).
6. ``card-not-in-hand``: the card played is not in the player's hand.
7. ``call-not-allowed``: the call cannot be made at this point of the trick: any call on a lead;
   "quack-quack" or "duck soup" on a follow; "quack" or "quack-quack" on the fourth card
   (ruling DS-R12). (While a quack waits, a card without "quack-quack" is ``answer-required``.)
   With the option ``calls = "silent"``, any call at all, the leader's card of the quacked rank
   included (ruling DS-R15).
8. ``call-rank-mismatch``: "quack", "quack-quack" or "duck soup" called on a card whose rank
   differs from the rank led (ruling DS-R02).

After a rejected action the state is unchanged and play continues from it.
"""

from __future__ import annotations

from duckspec.refusals import Refusal, RefusalCode


class ErrorCode(RefusalCode):
    """The stable kebab-case codes of illegal actions, in order of precedence."""

    GAME_OVER = "game-over"
    DEAL_OVER = "deal-over"
    NOT_YOUR_TURN = "not-your-turn"
    DUCK_NOT_ALLOWED = "duck-not-allowed"
    ANSWER_REQUIRED = "answer-required"
    CARD_NOT_IN_HAND = "card-not-in-hand"
    CALL_NOT_ALLOWED = "call-not-allowed"
    CALL_RANK_MISMATCH = "call-rank-mismatch"

    @property
    def section(self) -> str:
        """The rules section whose rule the code enforces."""
        return ERROR_SECTIONS[self]


ERROR_SECTIONS: dict[ErrorCode, str] = {
    ErrorCode.GAME_OVER: "§9",
    ErrorCode.DEAL_OVER: "§7",
    ErrorCode.NOT_YOUR_TURN: "§4",
    ErrorCode.DUCK_NOT_ALLOWED: "§6",
    ErrorCode.ANSWER_REQUIRED: "§6",
    ErrorCode.CARD_NOT_IN_HAND: "§4",
    ErrorCode.CALL_NOT_ALLOWED: "§6",
    ErrorCode.CALL_RANK_MISMATCH: "§6",
}


class IllegalAction(Refusal[ErrorCode]):
    """An action the rules forbid.

    ``code`` is the stable error code, ``rule`` the section (``"§6"``) or ruling
    (``"DS-R02"``) it breaks, and the message says what would have been right.
    """
