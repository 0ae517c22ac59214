"""Trick-taking vocabulary shared by the Duck Soup games (Duck Soup, Doubleduck): courses, rank order, tricks.

A deal of these games has two courses, the Duck and then the Soup. Within a suit the Duck is
won by the *lower* card and the Soup by the *higher* one, and the Ace moves: low in the Duck,
high in the Soup, so that it is the best card of its suit in both. There are no trumps: only a
card of the suit led can win a trick by its rank. A trick may hold any number of cards (two in
Duck Soup, four in Doubleduck); which card takes it when nobody quacks is the best card of the
suit led, and of two equal best cards (two packs) the later one.

Each game's own rules (who leads, what quacking does, what a trick is worth) stay in its own
package; its cards section cites this module for the rank order.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from duckspec.cards import Card, Rank


class Course(enum.StrEnum):
    """The two halves of a deal, in the order they are played."""

    DUCK = "duck"
    SOUP = "soup"


def rank_strength(rank: Rank, course: Course) -> int:
    """How strong a rank is within its suit in ``course``: higher is better (Duck Soup §2, Doubleduck Cards).

    In the Duck course lower ranks are better and the Ace is lowest of all, so it is best;
    in the Soup course higher ranks are better and the Ace is above the King.

    post: 1 <= __return__ <= 13
    post: (rank == Rank.ACE) == (__return__ == 13)
    """
    if course is Course.DUCK:
        return 14 - rank.value
    return 13 if rank is Rank.ACE else rank.value - 1


def beats_in_suit(card: Card, other: Card, course: Course) -> bool:
    """Whether ``card`` ranks above ``other`` of the same suit in ``course`` (Duck Soup §2, §4.3).

    Cards of different suits never beat each other: there are no trumps.

    post: not (__return__ and beats_in_suit(other, card, course))
    post: card.suit == other.suit or not __return__
    """
    return card.suit == other.suit and rank_strength(card.rank, course) > rank_strength(other.rank, course)


def suit_count(cards: Sequence[Card]) -> int:
    """How many different suits ``cards`` hold: 1 for a trick of one suit (Duck Soup §4.4, Doubleduck Play).

    pre: len(cards) >= 1
    post: 1 <= __return__ <= min(4, len(cards))
    """
    return len({card.suit for card in cards})


def best_of_suit_led(cards: Sequence[Card], course: Course) -> int:
    """The position in ``cards`` (in the order played, the lead first) of the best card of the suit led.

    Of two equal best cards, which only two packs can hold, the later one is best (Doubleduck Play).

    pre: len(cards) >= 1
    post: 0 <= __return__ < len(cards)
    post: cards[__return__].suit == cards[0].suit
    post: not any(beats_in_suit(card, cards[__return__], course) for card in cards)
    """
    best = 0
    for position, card in enumerate(cards):
        if card.suit == cards[0].suit and not beats_in_suit(cards[best], card, course):
            best = position
    return best
