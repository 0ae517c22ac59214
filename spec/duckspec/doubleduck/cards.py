"""Rules §1 Cards: two standard packs shuffled together, and the rank orders of the two courses.

Doubleduck uses 104 cards: every card of the 52-card pack twice. The two copies of a card cannot
be told apart (two copies are *exact duplicates*, §4.2), so a deck, a hand or the stock is a
multiset of the cards of :mod:`duckspec.cards` in which each card appears at most twice.

Within a suit the ranks run as in Duck Soup, and the Doubleduck text lists both orders outright:
in the first course (the Duck) the lower card is better and the Ace is the lowest card of all; in
the second (the Soup) the higher card is better and the Ace is above the King. Either way the Ace
is the best card of its suit. These orders, and the two courses, are the same as Duck Soup's, so
they come from the family's shared trick-taking vocabulary (:class:`duckspec.trick_taking.Course`,
:func:`duckspec.trick_taking.rank_strength`), which this module names for Doubleduck.

Parlett's later Doubleduck (52 cards, fixed "High" and "Low" partners, following suit) is a
different game: it is not among the sources and is not specified (ruling DD-R17).
"""

from __future__ import annotations

from collections.abc import Iterable

from duckspec.cards import Card, Rank, Suit, full_packs  # noqa: F401  (Rank, Suit: used in contracts)
from duckspec.trick_taking import Course, rank_strength

PACKS = 2
COPIES = PACKS
"""Every card is in the game twice, once per pack."""
DECK_SIZE = 52 * PACKS

__all__ = ["COPIES", "DECK_SIZE", "PACKS", "Course", "copies", "is_exact_duplicate", "rank_strength", "two_packs"]


def two_packs() -> tuple[Card, ...]:
    """The 104 cards of the game in canonical order, the two copies of each card side by side (§1).

    post: len(__return__) == DECK_SIZE
    post: all(__return__[2 * i] == __return__[2 * i + 1] for i in range(52))
    """
    return full_packs(PACKS)


def is_exact_duplicate(card: Card, other: Card) -> bool:
    """Whether ``card`` and ``other`` are the two copies of one card: same suit, same rank (§1, §4.2).

    post: __return__ == (card.suit == other.suit and card.rank == other.rank)
    """
    return card == other


def copies(card: Card, cards: Iterable[Card]) -> int:
    """How many copies of ``card`` are among ``cards`` (§1: two at most in a whole deck).

    post: __return__ >= 0
    """
    return sum(1 for held in cards if held == card)
