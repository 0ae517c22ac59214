"""Rules §6 Quacking: stealing a trick with a card of the rank led.

The follower who plays a card of the rank led and calls "quack" threatens to take the trick
with a card of another suit. The leader answers:

* "duck": the quacker wins that trick (two suits, so 2 points) and leads next. The leader may
  say it even while holding a third card of the rank: it "can't or won't" match again.
* "quack-quack": the leader leads a third card of the rank to a second trick, and the follower
  plays a fourth card to it. If that is the last card of the rank, called "duck soup", the
  follower wins both tricks; otherwise the leader wins both.

A call forgotten is a call not made: the card is an ordinary card (§6 for "quack", ruling
DS-R03 for "duck soup"). The leader's answer is an action of its own, even when no third card
is held (ruling DS-R10). Quacking works the same way in both courses; only the drawing that
follows differs (§5, §7). Every trick's points follow §4.4 from its two cards.
"""

from __future__ import annotations

import enum

from duckspec.cards import Card
from duckspec.duck_soup.tricks import Role, Trick


class Call(enum.StrEnum):
    """What a player may say with a card."""

    NONE = "none"
    QUACK = "quack"
    QUACK_QUACK = "quack-quack"
    DUCK_SOUP = "duck-soup"


def is_rank_match(card: Card, led: Card) -> bool:
    """Whether ``card`` has the rank of the card led, the condition of every call (Rules §6).

    post: __return__ == (card.rank == led.rank)
    """
    return card.rank == led.rank


def is_quack(lead: Card, follow: Card, call: Call) -> bool:
    """Whether the follower has quacked: a card of the rank led, with the call (Rules §6).

    post: follow.rank == lead.rank or not __return__
    """
    return call is Call.QUACK and is_rank_match(follow, lead)


def quack_answered_by_duck(lead: Card, quack: Card) -> tuple[Role, Trick]:
    """The winner and the trick when the leader answers a quack with "duck" (Rules §6).

    The quacker (the follower) wins; the trick holds two suits, so it is worth 2.

    pre: lead.rank == quack.rank and lead.suit != quack.suit
    post: __return__[0] == Role.FOLLOWER and __return__[1].points == 2
    """
    return Role.FOLLOWER, Trick(lead, quack)


def is_duck_soup(third: Card, fourth: Card, call: Call) -> bool:
    """Whether the fourth card takes both tricks: the last card of the rank, called (Rules §6; DS-R03).

    post: fourth.rank == third.rank or not __return__
    """
    return call is Call.DUCK_SOUP and is_rank_match(fourth, third)


def quack_quack_result(
    lead: Card, quack: Card, third: Card, fourth: Card, call: Call
) -> tuple[Role, tuple[Trick, Trick]]:
    """The winner of both tricks of a quack-quack, and the two tricks (Rules §6).

    The first trick (the lead and the quack) has two suits, 2 points. The second (the third
    and the fourth card) is worth 1 if the fourth card is of the third card's suit, else 2;
    with "duck soup" it always holds two suits, so 2 + 2 points in all.

    pre: lead.rank == quack.rank and lead.suit != quack.suit
    post: __return__[1][0].points == 2
    post: __return__[0] == (Role.FOLLOWER if is_duck_soup(third, fourth, call) else Role.LEADER)
    """
    winner = Role.FOLLOWER if is_duck_soup(third, fourth, call) else Role.LEADER
    return winner, (Trick(lead, quack), Trick(third, fourth))
