"""Rules §6 Score: a side's score for the deal is one partner's pile times the other's.

One partner keeps the side's Duck pile and the other its Soup pile (§5), so a side's deal score is
the number of cards stored in the Duck course times the number stored in the Soup course. The
product makes balance pay: a side that stores nothing in one course scores nothing for the deal.
The text's example: 14 cards in one pile and 19 in the other make 266.
"""

from __future__ import annotations

SidePiles = tuple[int, int]
"""The cards one side has stored: (Duck pile, Soup pile)."""


def side_score(duck_cards: int, soup_cards: int) -> int:
    """A side's score for the deal: the cards of one partner's pile times the other's (Rules §6).

    pre: duck_cards >= 0 and soup_cards >= 0
    post: __return__ == duck_cards * soup_cards
    post: (__return__ == 0) == (duck_cards == 0 or soup_cards == 0)
    """
    return duck_cards * soup_cards


def deal_scores(piles: tuple[SidePiles, SidePiles]) -> tuple[int, int]:
    """Both sides' deal scores, side 0 (seats 0 and 2) first (Rules §6).

    pre: all(count >= 0 for pile in piles for count in pile)
    post: __return__ == (piles[0][0] * piles[0][1], piles[1][0] * piles[1][1])
    """
    return side_score(*piles[0]), side_score(*piles[1])
