"""Rules §7 Changing course: from the Duck to the Soup.

The Duck course ends the moment the stock's last card is drawn. Before the next trick the
players tally their Duck points (§8 counts them) and set those tricks apart; the Soup course
is then played out with the cards in hand, 13 each (or 12 after a quack-quack that met a stock
of two cards, §6), without drawing, the higher card of the suit led winning and the
Ace high (§2). The winner of the last Duck trick leads the first Soup trick, as after any
trick (§4; the Korean text says so outright).
"""

from __future__ import annotations

from duckspec.cards import Card
from duckspec.duck_soup.cards import Course


def course_after_drawing(course: Course, stock: tuple[Card, ...]) -> Course:
    """The course of the next trick: the Duck turns into the Soup once the stock is empty (§7).

    post: __return__ == Course.SOUP or len(stock) > 0
    post: course == Course.DUCK or __return__ == Course.SOUP
    """
    return Course.SOUP if course is Course.SOUP or not stock else Course.DUCK


def next_leader(trick_winner: int) -> int:
    """Who leads the next trick: the winner of the last one, in a course or across the change (§4, §7).

    pre: trick_winner in (0, 1)
    post: __return__ == trick_winner
    """
    return trick_winner


def is_deal_over(course: Course, hand_sizes: tuple[int, int]) -> bool:
    """Whether the deal has ended: the Soup course is played out (§7).

    pre: hand_sizes[0] == hand_sizes[1] >= 0
    post: __return__ == (course == Course.SOUP and hand_sizes == (0, 0))
    """
    return course is Course.SOUP and hand_sizes == (0, 0)
