"""Rules §9 Winning the game: 250 points, "in the pond" and "in the soup".

Deals are played until a player's running total reaches 250 (250 or more, ruling DS-R14);
then the higher total wins, and level totals call for another deal, as many as it takes
(ruling DS-R08). A player who scores 125 or more in a single deal is "in the pond" and wins
a double game at once (it is checked before the 250 rule, ruling DS-R06; when both players
reach 125 in one deal, ruling DS-R05 decides). A loser whose total is under 125 is "in the
soup" and loses a double game. A game counts two at most, however many of these apply
(ruling DS-R07).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from duckspec.duck_soup.cards import PLAYERS
from duckspec.seats import opponent

TARGET = 250
DOUBLE_LINE = 125


class GameEnd(enum.StrEnum):
    """How a game was won."""

    TARGET = "target"
    POND = "pond"


@dataclass(frozen=True)
class GameResult:
    """The outcome of a finished game."""

    winner: int
    end: GameEnd
    in_the_soup: bool
    totals: tuple[int, int]

    @property
    def loser(self) -> int:
        return opponent(self.winner)

    @property
    def value(self) -> int:
        """How many games it counts for: 2 for a double game, else 1 (§9, §11; DS-R07)."""
        return game_value(self.end, self.in_the_soup)


def is_in_the_pond(deal_score: int) -> bool:
    """Whether one deal's score wins a double game at once: 125 or more (§9).

    post: __return__ == (deal_score >= 125)
    """
    return deal_score >= DOUBLE_LINE


def pond_winner(deal_scores: tuple[int, int]) -> int | None:
    """The player in the pond after this deal, if any (§9; ruling DS-R05).

    If both players scored 125 or more, the higher deal score is in the pond; if those are
    equal, neither is, and the game goes on under the 250 rule.

    pre: len(deal_scores) == 2 and min(deal_scores) >= 0
    post: __return__ is None or is_in_the_pond(deal_scores[__return__])
    post: __return__ is None or deal_scores[__return__] > deal_scores[opponent(__return__)]
    post: (__return__ is None) == (max(deal_scores) < 125 or deal_scores[0] == deal_scores[1])
    """
    in_pond = [player for player in range(PLAYERS) if is_in_the_pond(deal_scores[player])]
    if not in_pond or deal_scores[0] == deal_scores[1]:
        return None
    return max(in_pond, key=lambda player: deal_scores[player])


def has_reached_target(totals: tuple[int, int]) -> bool:
    """Whether a running total has reached 250, so the game may end (§9; DS-R14).

    post: __return__ == (max(totals) >= 250)
    """
    return max(totals) >= TARGET


def higher_total(totals: tuple[int, int]) -> int | None:
    """The player with the higher total, or None when the totals are level (§9; DS-R08).

    post: __return__ is None or totals[__return__] > totals[opponent(__return__)]
    """
    if totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


def is_in_the_soup(loser_total: int) -> bool:
    """Whether a loser's total is under 125, which doubles the game (§9).

    post: __return__ == (loser_total < 125)
    """
    return loser_total < DOUBLE_LINE


def game_value(end: GameEnd, loser_in_the_soup: bool) -> int:
    """Games counted for a win: 2 if it is a double game, once only (§9, §11; DS-R07).

    post: __return__ in (1, 2)
    """
    return 2 if end is GameEnd.POND or loser_in_the_soup else 1


def game_result(totals: tuple[int, int], deal_scores: tuple[int, int]) -> GameResult | None:
    """The result after a deal with these ``deal_scores``, leading to ``totals``, or None to play on (§9).

    The pond is checked first (DS-R06), then the 250 rule with a level total playing on
    (DS-R08).

    pre: min(deal_scores) >= 0 and all(totals[p] >= deal_scores[p] for p in (0, 1))
    post: __return__ is not None or max(totals) < 250 or totals[0] == totals[1]
    """
    winner = pond_winner(deal_scores)
    end = GameEnd.POND
    if winner is None:
        winner = higher_total(totals) if has_reached_target(totals) else None
        end = GameEnd.TARGET
    if winner is None:
        return None
    return GameResult(winner, end, is_in_the_soup(totals[opponent(winner)]), totals)
