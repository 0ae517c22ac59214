"""Rules §5 Drawing (Duck course only): refilling the hands from the stock.

After every Duck-course trick the winner takes the top card of the stock (the face-up card)
and the loser the next one, which neither player has seen; the winner then turns up the new
top card and leads. After a quack-quack each player has played two cards, so each draws two
(§6): by the standard reading the winner takes the face-up card and the next, the loser the
two after (ruling DS-R04; the option ``double_draw`` gives the alternating reading). When a
quack-quack leaves only two cards in the stock, each player draws one and the Soup is played
with 12 cards in hand (§6). The Soup course draws nothing.

The stock is a tuple of cards, top first. Which card lies face up is a matter of what players
see, not of who draws what: under the hidden-stock option the same cards are drawn in the same
order, and none is turned up (ruling DS-R09).
"""

from __future__ import annotations

from dataclasses import dataclass

from duckspec.cards import Card
from duckspec.duck_soup.cards import Course
from duckspec.duck_soup.variants import DoubleDraw, StockVisibility


@dataclass(frozen=True)
class Draw:
    """The cards each player draws after a trick, and the stock left behind (top first)."""

    winner_cards: tuple[Card, ...]
    loser_cards: tuple[Card, ...]
    stock: tuple[Card, ...]


def face_up_card(stock: tuple[Card, ...], visibility: StockVisibility) -> Card | None:
    """The card lying face up on the stock, if any (Rules §3.3, §5.3; option ``stock``, §11).

    post: __return__ is None or __return__ == stock[0]
    post: visibility == StockVisibility.FACE_UP or __return__ is None
    """
    if visibility is StockVisibility.HIDDEN or not stock:
        return None
    return stock[0]


def draw_after_trick(stock: tuple[Card, ...]) -> Draw:
    """One card each after a single trick: the winner the top card, the loser the next (§5.1-2).

    pre: len(stock) >= 2
    post: __return__.winner_cards == stock[:1] and __return__.loser_cards == stock[1:2]
    post: len(__return__.stock) == len(stock) - 2
    """
    return Draw(stock[:1], stock[1:2], stock[2:])


def draw_after_quack_quack(stock: tuple[Card, ...], order: DoubleDraw) -> Draw:
    """Two cards each after a quack-quack, or one each when only two are left (Rules §6; DS-R04).

    Standard order (``WINNER_FIRST``): the winner takes the top two, the loser the next two.
    Option ``double_draw`` ``ALTERNATE``: winner, loser, winner, loser.

    pre: len(stock) >= 2 and len(stock) % 2 == 0
    post: len(__return__.winner_cards) == len(__return__.loser_cards)
    post: __return__.winner_cards[0] == stock[0]
    post: len(__return__.stock) == max(0, len(stock) - 4)
    """
    if len(stock) < 4:
        return draw_after_trick(stock)
    if order is DoubleDraw.ALTERNATE:
        return Draw((stock[0], stock[2]), (stock[1], stock[3]), stock[4:])
    return Draw(stock[:2], stock[2:4], stock[4:])


def draw_after(course: Course, stock: tuple[Card, ...], tricks: int, order: DoubleDraw) -> Draw:
    """The cards drawn once ``tricks`` tricks are won together: none in the Soup course (§5 draws in the Duck only,
    §7); one each after a trick (§5.1-2); two each after the two tricks of a quack-quack (§6; option
    ``double_draw``, DS-R04).

    pre: tricks in (1, 2)
    pre: course == Course.SOUP or (len(stock) >= 2 and len(stock) % 2 == 0)
    post: __return__ == Draw((), (), stock) if course == Course.SOUP else len(__return__.stock) < len(stock)
    """
    if course is Course.SOUP:
        return Draw((), (), stock)
    return draw_after_quack_quack(stock, order) if tricks == 2 else draw_after_trick(stock)
