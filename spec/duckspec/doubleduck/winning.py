"""Rules §7 Game: four deals or 1000 points, whichever comes first, and the game points won.

The players deal in turn, the deal passing to the left (§2). After each deal the sides' scores are
added to their running totals. The game ends after the deal in which a side's total reaches 1000
(1000 or more, ruling DD-R14), or after the fourth deal, whichever comes first; the side with the
higher total wins. When the totals are level at that point another deal is played, and so on
until they differ (ruling DD-R13).

The winning side scores game points: 1; or 2 when its total reached 1000 and the other side's did
not, plus 1 more for each of the four deals left unplayed, so a side that reaches 1000 in the first
deal alone scores 5. When both sides reach 1000 in the same deal the higher total wins 1 (ruling
DD-R12). A game is the whole of what is specified: the rules give no match of several games, and
nothing adds game points up (ruling DD-R16).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

TARGET = 1000
DEALS_PER_GAME = 4


class GameEnd(enum.StrEnum):
    """What ended the game."""

    TARGET = "target"
    """A side's total reached 1000."""
    DEALS = "deals"
    """Four deals (or more, after level totals) were played without a side reaching 1000."""


@dataclass(frozen=True)
class GameResult:
    """The outcome of a finished game: the winning side (0 for seats 0 and 2), how it ended, its game points."""

    winner: int
    end: GameEnd
    game_points: int
    totals: tuple[int, int]

    @property
    def loser(self) -> int:
        return 1 - self.winner


def has_reached_target(total: int) -> bool:
    """Whether a side's running total has reached 1000: 1000 or more (Rules §7; ruling DD-R14).

    post: __return__ == (total >= 1000)
    """
    return total >= TARGET


def is_game_complete(totals: tuple[int, int], deals_played: int) -> bool:
    """Whether the game's length is reached: a total of 1000, or four deals played (Rules §7).

    pre: min(totals) >= 0 and deals_played >= 1
    post: __return__ == (max(totals) >= 1000 or deals_played >= 4)
    """
    return has_reached_target(max(totals)) or deals_played >= DEALS_PER_GAME


def higher_side(totals: tuple[int, int]) -> int | None:
    """The side with the higher total, or None when the totals are level (Rules §7; ruling DD-R13).

    post: __return__ is None or totals[__return__] > totals[1 - __return__]
    post: (__return__ is None) == (totals[0] == totals[1])
    """
    if totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


def deals_unplayed(deals_played: int) -> int:
    """Deals of the game's four left unplayed when it ends after ``deals_played`` deals (Rules §7).

    pre: deals_played >= 1
    post: __return__ == max(0, 4 - deals_played)
    """
    return max(0, DEALS_PER_GAME - deals_played)


def game_points(totals: tuple[int, int], winner: int, deals_played: int) -> int:
    """The game points of the winning side (Rules §7; rulings DD-R12, DD-R13).

    1; or 2 if the winner reached 1000 and the loser did not, plus one per deal left unplayed.

    pre: winner in (0, 1) and min(totals) >= 0 and deals_played >= 1
    post: 1 <= __return__ <= 5
    post: (__return__ >= 2) == (totals[winner] >= 1000 > totals[1 - winner])
    """
    if has_reached_target(totals[winner]) and not has_reached_target(totals[1 - winner]):
        return 2 + deals_unplayed(deals_played)
    return 1


def game_result(totals: tuple[int, int], deals_played: int) -> GameResult | None:
    """The result once ``deals_played`` deals have brought the totals to ``totals``, or None to deal again (§7).

    pre: min(totals) >= 0 and deals_played >= 1
    post: __return__ is None or __return__.winner == higher_side(totals)
    post: (__return__ is None) == (not is_game_complete(totals, deals_played) or totals[0] == totals[1])
    """
    winner = higher_side(totals) if is_game_complete(totals, deals_played) else None
    if winner is None:
        return None
    end = GameEnd.TARGET if has_reached_target(max(totals)) else GameEnd.DEALS
    return GameResult(winner, end, game_points(totals, winner, deals_played), totals)
