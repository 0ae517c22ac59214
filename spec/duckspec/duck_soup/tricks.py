"""Rules §4 Playing a trick: who leads, who acts, what may be played, who wins, what it is worth.

The non-dealer leads the first trick of a deal, and the winner of a trick leads the next. A
trick is one card from each player, each played in turn: the leader plays any card from their
hand; the follower plays any card too, since following suit is never required. Only the suit
led can win: a card of another suit loses, and within the suit led the better card wins (the
lower in the Duck, the higher in the Soup; §2). A card of the rank led played with the call
"quack" changes this, see §6. A trick of one suit is stored face down and is worth 1 point; a
trick of two suits is stored face up and is worth 2. That holds for every trick, quacked or
not.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from duckspec.cards import Card
from duckspec.duck_soup.cards import Course, beats_in_suit
from duckspec.duck_soup.errors import ErrorCode, IllegalAction
from duckspec.seats import opponent


class Role(enum.StrEnum):
    """A player's part in the current trick."""

    LEADER = "leader"
    FOLLOWER = "follower"


class Phase(enum.StrEnum):
    """The moment of the trick in play, which says who acts and what they may do.

    ``LEAD`` and ``FOLLOW`` are the two cards of a trick (§4); after a quack the leader answers
    (``ANSWER``) and, after a quack-quack, the follower plays a fourth card (``FOURTH``) (§6).
    ``OVER`` ends the deal: the Soup course is played out (§7).
    """

    LEAD = "lead"
    FOLLOW = "follow"
    ANSWER = "answer"
    FOURTH = "fourth"
    OVER = "over"


ACTING_ROLE = {
    Phase.LEAD: Role.LEADER,
    Phase.FOLLOW: Role.FOLLOWER,
    Phase.ANSWER: Role.LEADER,
    Phase.FOURTH: Role.FOLLOWER,
}
"""Who acts at each moment of a trick: the leader leads and answers a quack, the follower follows and plays the
fourth card of a quack-quack (§4, §6)."""


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
    """The player who leads the first trick of a deal: the dealer's opponent (Rules §4).

    pre: dealer in (0, 1)
    post: __return__ != dealer
    """
    return opponent(dealer)


def player_in_role(role: Role, leader: int) -> int:
    """The player who is the trick's ``role``: the leader, or the leader's opponent (Rules §4).

    pre: leader in (0, 1)
    post: (__return__ == leader) == (role == Role.LEADER)
    """
    return leader if role is Role.LEADER else opponent(leader)


def player_to_act(phase: Phase, leader: int) -> int | None:
    """Who acts in ``phase``: the leader leads, the follower follows (Rules §4); after a quack the leader
    answers and the follower plays the fourth card (§6); nobody once the deal is over (§7).

    pre: leader in (0, 1)
    post: (__return__ is None) == (phase == Phase.OVER)
    """
    if phase is Phase.OVER:
        return None
    return leader if ACTING_ROLE[phase] is Role.LEADER else opponent(leader)


def turn_problem(player: int, to_act: int) -> IllegalAction | None:
    """The refusal of an action made in the name of anyone but the player to act (Rules §4), else None."""
    if player == to_act:
        return None
    return IllegalAction(ErrorCode.NOT_YOUR_TURN, "§4", f"player {to_act} must act now, not player {player}")


def hand_problem(card: Card, hand: tuple[Card, ...], player: int) -> IllegalAction | None:
    """The refusal of a card that is not in the player's hand (Rules §4: you play a card you hold), else None."""
    if card in hand:
        return None
    return IllegalAction(ErrorCode.CARD_NOT_IN_HAND, "§4", f"{card} is not in player {player}'s hand")


def is_same_suit(card: Card, other: Card) -> bool:
    """Whether two cards share a suit: only the suit led can win a trick (Rules §4.3), and a trick of one suit is
    stored face down (§4.4)."""
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
