"""Rules §2 The cards: one 52-card pack, no trumps, and a rank order that depends on the course.

A deal has two courses, the Duck and then the Soup. Within a suit the Duck is won by the
*lower* card and the Soup by the *higher* one, and the Ace moves: low in the Duck, high in the
Soup. Either way the Ace is the best card of its suit (ruling DS-R13 pins this; the English
text lost its table here, the German and Korean texts confirm it).
"""

from __future__ import annotations

import enum

from duckspec.cards import Card, Rank

PLAYERS = 2
HAND_SIZE = 13
PACK_SIZE = 52


class Course(enum.StrEnum):
    """The two halves of a deal, in the order they are played."""

    DUCK = "duck"
    SOUP = "soup"


def rank_strength(rank: Rank, course: Course) -> int:
    """How strong a rank is within its suit in ``course``: higher is better (Rules §2).

    In the Duck course lower ranks are better and the Ace is lowest of all, so it is best;
    in the Soup course higher ranks are better and the Ace is above the King.

    post: 1 <= __return__ <= 13
    post: (rank == Rank.ACE) == (__return__ == 13)
    """
    if course is Course.DUCK:
        return 14 - rank.value
    return 13 if rank is Rank.ACE else rank.value - 1


def beats_in_suit(card: Card, other: Card, course: Course) -> bool:
    """Whether ``card`` ranks above ``other`` of the same suit in ``course`` (Rules §2, §4.3).

    Cards of different suits never beat each other: there are no trumps.

    post: not (__return__ and beats_in_suit(other, card, course))
    post: card.suit == other.suit or not __return__
    """
    return card.suit == other.suit and rank_strength(card.rank, course) > rank_strength(other.rank, course)
