"""Rules §4 Playing a trick: who leads, what may be played, who wins, what it is worth.

A trick is one card from each player. The leader plays any card; the follower plays any card
too, since following suit is never required. Only the suit led can win: a card of another
suit loses, and within the suit led the better card wins (the lower in the Duck, the higher
in the Soup; §2). A card of the rank led played with the call "quack" changes this, see §6.
A trick of one suit is stored face down and is worth 1 point; a trick of two suits is stored
face up and is worth 2. That holds for every trick, quacked or not.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from duckspec.cards import Card
from duckspec.duck_soup.cards import Course, beats_in_suit
from duckspec.duck_soup.dealing import non_dealer


class Role(enum.StrEnum):
    """A player's part in the current trick."""

    LEADER = "leader"
    FOLLOWER = "follower"


@dataclass(frozen=True)
class Trick:
    """A finished trick: the card led and the card that followed it."""

    lead: Card
    follow: Card

    @property
    def is_face_up(self) -> bool:
        """Whether the trick is stored face up: it holds two suits (Rules §4.4)."""
        return not is_same_suit(self.lead, self.follow)

    @property
    def points(self) -> int:
        """What the trick is worth (Rules §4.4)."""
        return trick_points(self.lead, self.follow)


def first_leader(dealer: int) -> int:
    """The player who leads the first trick of a deal: the non-dealer (Rules §4).

    pre: dealer in (0, 1)
    post: __return__ != dealer
    """
    return non_dealer(dealer)


def is_same_suit(card: Card, other: Card) -> bool:
    """Whether two cards share a suit (Rules §4.3, §4.4)."""
    return card.suit == other.suit


def trick_winner(lead: Card, follow: Card, course: Course) -> Role:
    """Who wins an ordinary (not quacked) trick (Rules §4.3).

    The follower wins only with a better card of the suit led; a card of another suit, even
    one of the rank led played without the call "quack" (a forgotten quack, §6), loses.

    pre: lead != follow
    post: (__return__ == Role.FOLLOWER) == beats_in_suit(follow, lead, course)
    """
    return Role.FOLLOWER if beats_in_suit(follow, lead, course) else Role.LEADER


def trick_points(lead: Card, follow: Card) -> int:
    """Points of a trick: 1 when both cards share a suit (face down), else 2 (face up) (Rules §4.4).

    post: __return__ in (1, 2)
    post: (__return__ == 1) == (lead.suit == follow.suit)
    """
    return 1 if is_same_suit(lead, follow) else 2
