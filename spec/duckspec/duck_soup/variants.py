"""Rules §11 Variants, as rule options.

The standard game (all options at their defaults) is the English text's: the stock's top card
lies face up, a game is played to 250, after a quack-quack the winner draws two cards before
the loser draws two, and the calls are spoken. Each option below changes only the functions
that name it in their docstrings (``tests/test_citations.py`` checks that every function
reading an option names it):

* ``stock``: ``HIDDEN`` is Parlett's original rule, where the top card of the stock stays face
  down. It changes only what players may see (:func:`duckspec.duck_soup.drawing.face_up_card`),
  never who draws which card (ruling DS-R09).
* ``best_of``: match play from the German text, 3 or 5 games to 250, where a double game
  ("in the pond", "in the soup") counts as two games (:func:`match_winner`, ruling DS-R11).
* ``double_draw``: ``ALTERNATE`` is the other reading of the double draw after a
  quack-quack, found in CardStock's DuckSoup2.rcy: winner, loser, winner, loser
  (:func:`duckspec.duck_soup.drawing.draw_after_quack_quack`, ruling DS-R04).
* ``calls``: ``SILENT`` is the Korean text's reading, where no word is needed: any card of the
  rank led is a quack, the leader's card of the rank is the quack-quack, and the fourth card of
  the rank takes both tricks, so that no call can be forgotten (ruling DS-R15). Actions then
  carry no call at all (:func:`duckspec.duck_soup.quacking.calls_allowed`,
  :func:`duckspec.duck_soup.quacking.is_quack` and the other functions of §6 that name it).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from duckspec.duck_soup.cards import PLAYERS


class StockVisibility(enum.StrEnum):
    """Whether the top card of the stock lies face up (standard) or face down (original)."""

    FACE_UP = "face-up"
    HIDDEN = "hidden"


class DoubleDraw(enum.StrEnum):
    """The order of the four cards drawn after a quack-quack in the Duck course."""

    WINNER_FIRST = "winner-first"
    ALTERNATE = "alternate"


class Calls(enum.StrEnum):
    """Whether the calls of §6 are spoken and decide the play (standard), or silent (the Korean reading)."""

    SPOKEN = "spoken"
    SILENT = "silent"


MATCH_LENGTHS = (1, 3, 5)


@dataclass(frozen=True)
class RuleOptions:
    """The rule options of one game or match; the defaults are the standard rules."""

    stock: StockVisibility = StockVisibility.FACE_UP
    best_of: int = 1
    double_draw: DoubleDraw = DoubleDraw.WINNER_FIRST
    calls: Calls = Calls.SPOKEN

    def __post_init__(self) -> None:
        if self.best_of not in MATCH_LENGTHS:
            raise ValueError(
                f"best_of must be one of {MATCH_LENGTHS} (a single game, or match play), not {self.best_of}"
            )

    @property
    def is_standard(self) -> bool:
        """Whether every option is at its default, the English text's rules."""
        return self == RuleOptions()


STANDARD = RuleOptions()


def games_needed(best_of: int) -> int:
    """Games a player must win to take a match of ``best_of`` games (Rules §11 Match play).

    pre: best_of in (1, 3, 5)
    post: 2 * __return__ > best_of
    """
    return best_of // 2 + 1


def match_winner(games_won: tuple[int, ...], best_of: int) -> int | None:
    """The player who has won the match, or None while it goes on (Rules §11; ruling DS-R11).

    ``games_won`` counts a double game as two, so one double game can decide a match.

    pre: len(games_won) == 2 and best_of in (1, 3, 5)
    pre: all(0 <= won <= 10 for won in games_won)
    post: __return__ is None or games_won[__return__] >= games_needed(best_of)
    """
    needed = games_needed(best_of)
    winners = [player for player in range(PLAYERS) if games_won[player] >= needed]
    return winners[0] if len(winners) == 1 else None
