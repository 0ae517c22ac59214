"""Rules §9 Round end: a draw from the empty deck ends the round, then everyone Scores once and counts.

The round does not end when the deck runs out, but when a player tries to take a card from the
empty deck (ruling AD-R01), whether in a Draw, a Safe Draw, a Quick Quack or a Secret Stash
(AD-R02). The rest of that turn's draws are skipped. Then each player takes one Score turn
(§7), the player who ended the round first and the others in turn order; when the round ended
in a Quick Quack or a Secret Stash, the Score the benefit calls for is that player's final Score
turn (AD-R03). A player's score is the value of the cards in their score pile, the stash
included: each number card its value and each duck 5 points (AD-R18). Ducks still in the Duck
Pond when the last final Score is taken are in nobody's score pile, so they score for nobody, and
the next round of a game starts from a full deck of its own with an empty pond (AD-R20).
"""

from __future__ import annotations

from duckspec.aw_ducks.components import Card, exists  # noqa: F401 (exists: in contracts)
from duckspec.aw_ducks.errors import ErrorCode, IllegalAction
from duckspec.seats import left_of, seats_from

DUCK_POINTS = 5
"""What a duck in a score pile is worth (§9)."""


def card_points(card: Card) -> int:
    """A card's worth in a score pile: a number card its value, a duck 5 (§9; AD-R18).

    pre: exists(card)
    post: 1 <= __return__ <= 6
    post: not card.is_duck or __return__ == 5
    """
    return DUCK_POINTS if card.is_duck else card.value


def pile_points(cards: tuple[Card, ...]) -> int:
    """The worth of a score pile, or of any cards of the game: the sum of their :func:`card_points` (§9)."""
    return sum(card_points(card) for card in cards)


def final_score_order(ender: int, players: int) -> tuple[int, ...]:
    """The order of the final Score turns: the player who ended the round, then the others to the left (§9; AD-R13).

    pre: 2 <= players <= 4 and 0 <= ender < players
    post: __return__[0] == ender and sorted(__return__) == list(range(players))
    """
    return seats_from(ender, players)


def is_last_final_score(player: int, ender: int, players: int) -> bool:
    """Whether ``player``'s final Score turn is the round's last: the next would be the ender's again (§9).

    pre: 2 <= players <= 4 and 0 <= ender < players and 0 <= player < players
    post: __return__ == (player == final_score_order(ender, players)[-1])
    """
    return left_of(player, players) == ender


def round_over_refusal() -> IllegalAction:
    """The refusal of any action once every player has taken their final Score turn (§9)."""
    return IllegalAction(ErrorCode.ROUND_OVER, "§9", "the round is over: every player has taken their final Score")


def final_score_problem(final: bool, scoring: bool, player: int) -> IllegalAction | None:
    """The refusal of anything but a Score once the round has ended and ``player`` owes their final Score (§9), else
    None."""
    if not final or scoring:
        return None
    return IllegalAction(
        ErrorCode.FINAL_SCORE_REQUIRED, "§9", f"the round has ended: player {player} must take a final Score turn"
    )
