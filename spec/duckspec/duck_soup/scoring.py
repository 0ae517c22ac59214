"""Rules §8 Scoring: a deal's score is the Duck points times the Soup points.

Each course's points are counted when the course ends (§7,
:func:`~duckspec.duck_soup.courses.course_points`), from the tricks' values (§4.4). Multiplying
the two makes balance pay: a player with no points in one course scores nothing for the deal,
however well the other course went.
"""

from __future__ import annotations


def deal_score(duck_points: int, soup_points: int) -> int:
    """A player's score for the deal: Duck points times Soup points (§8).

    pre: duck_points >= 0 and soup_points >= 0
    post: __return__ == duck_points * soup_points
    post: (__return__ == 0) == (duck_points == 0 or soup_points == 0)
    """
    return duck_points * soup_points
