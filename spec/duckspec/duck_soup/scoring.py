"""Rules §8 Scoring: a deal's score is the Duck points times the Soup points.

Each course's points are the sum of its tricks' points (1 for a face-down trick, 2 for a
face-up one, §4.4). Multiplying the two makes balance pay: a player with no points in one
course scores nothing for the deal, however well the other course went.
"""

from __future__ import annotations

from collections.abc import Iterable

from duckspec.duck_soup.tricks import Trick


def course_points(tricks: Iterable[Trick]) -> int:
    """A player's points in one course: 1 per face-down trick, 2 per face-up trick (§7, §8).

    post: __return__ >= 0
    """
    return sum(trick.points for trick in tricks)


def deal_score(duck_points: int, soup_points: int) -> int:
    """A player's score for the deal: Duck points times Soup points (§8).

    pre: duck_points >= 0 and soup_points >= 0
    post: __return__ == duck_points * soup_points
    post: (__return__ == 0) == (duck_points == 0 or soup_points == 0)
    """
    return duck_points * soup_points
