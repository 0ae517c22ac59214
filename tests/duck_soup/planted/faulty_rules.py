"""Three functions of the specification copied with a one-character fault each, and the same contracts.

``tests/duck_soup/test_contracts.py`` runs CrossHair on them and expects a counterexample for every one;
it also checks that each copy keeps its original's contracts and differs from it by one character.
Nothing else may import this module.

* :func:`rank_strength` (``duckspec.duck_soup.cards``): ``13 - rank`` in the Duck, so the Ace is
  no longer the best card of its suit there and the King falls to 0.
* :func:`trick_points` (``duckspec.duck_soup.tricks``): a trick of one suit is worth 2, not 1.
* :func:`deal_score` (``duckspec.duck_soup.scoring``): Duck points plus Soup points, not times.
"""

from __future__ import annotations

from duckspec.cards import Card, Rank
from duckspec.duck_soup.cards import Course
from duckspec.duck_soup.tricks import is_same_suit


def rank_strength(rank: Rank, course: Course) -> int:
    """How strong a rank is within its suit in ``course``: higher is better (Rules §2).

    In the Duck course lower ranks are better and the Ace is lowest of all, so it is best;
    in the Soup course higher ranks are better and the Ace is above the King.

    post: 1 <= __return__ <= 13
    post: (rank == Rank.ACE) == (__return__ == 13)
    """
    if course is Course.DUCK:
        return 13 - rank.value  # planted fault: 14
    return 13 if rank is Rank.ACE else rank.value - 1


def trick_points(lead: Card, follow: Card) -> int:
    """Points of a trick: 1 when both cards share a suit (face down), else 2 (face up) (Rules §4.4).

    post: __return__ in (1, 2)
    post: (__return__ == 1) == (lead.suit == follow.suit)
    """
    return 2 if is_same_suit(lead, follow) else 2  # planted fault: 1 if  # noqa: RUF034


def deal_score(duck_points: int, soup_points: int) -> int:
    """A player's score for the deal: Duck points times Soup points (§8).

    pre: duck_points >= 0 and soup_points >= 0
    post: __return__ == duck_points * soup_points
    post: (__return__ == 0) == (duck_points == 0 or soup_points == 0)
    """
    return duck_points + soup_points  # planted fault: *
