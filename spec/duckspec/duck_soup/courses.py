"""Rules §7 Changing course: from the Duck to the Soup.

The Duck course ends the moment the stock's last card is drawn. Before the next trick the
players tally their Duck points, a point for each trick stored face down and two for each
stored face up (§4.4 values the tricks), and set those tricks apart; the Soup course is then
played out with the cards in hand, 13 each (or 12 after a quack-quack that met a stock of two
cards, §6), without drawing, the higher card of the suit led winning and the Ace high (§2).
The winner of the last Duck trick leads the first Soup trick, as after any trick (§4; the
Korean text says so outright). The deal ends when the Soup is played out, and nothing more
is played in it.
"""

from __future__ import annotations

from collections.abc import Iterable

from duckspec.cards import Card
from duckspec.duck_soup.cards import Course
from duckspec.duck_soup.errors import ErrorCode, IllegalAction
from duckspec.duck_soup.tricks import Trick


def course_after_drawing(course: Course, stock: tuple[Card, ...]) -> Course:
    """The course of the next trick: the Duck turns into the Soup once the stock is empty (§7).

    post: __return__ == Course.SOUP or len(stock) > 0
    post: course == Course.DUCK or __return__ == Course.SOUP
    """
    return Course.SOUP if course is Course.SOUP or not stock else Course.DUCK


def course_points(tricks: Iterable[Trick]) -> int:
    """A player's points in one course, counted when it ends: 1 per face-down trick, 2 per face-up trick (§7,
    the tricks valued by §4.4).

    post: __return__ >= 0
    """
    return sum(trick.points for trick in tricks)


def is_deal_over(course: Course, hand_sizes: tuple[int, int]) -> bool:
    """Whether the deal has ended: the Soup course is played out (§7).

    pre: hand_sizes[0] == hand_sizes[1] >= 0
    post: __return__ == (course == Course.SOUP and hand_sizes == (0, 0))
    """
    return course is Course.SOUP and hand_sizes == (0, 0)


def deal_over_refusal() -> IllegalAction:
    """The refusal of any action once the deal is over: the Soup course is played out (Rules §7)."""
    return IllegalAction(ErrorCode.DEAL_OVER, "§7", "the deal is over: both hands are played out")
