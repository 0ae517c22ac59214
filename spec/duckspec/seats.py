"""Seats around the table, shared by the whole family: turn order, opponents and partnerships.

Players are numbered from 0 around the table. Play and the deal pass to the left, which is
the next number up (wrapping round): with four players, seat 1 sits at seat 0's left and seat
3 at its right. In a two-player game each player's opponent is simply the other one; in a
four-player partnership game the partners sit opposite each other (seats 0 and 2 against
seats 1 and 3).

This module knows nothing of any game's rules: which seat deals, leads or starts is each
game's own ruling.
"""

from __future__ import annotations

PARTNERSHIP_SEATS = 4
"""Partnerships are two sides of two players sitting opposite each other."""


def opponent(player: int) -> int:
    """The other player of a two-player game.

    pre: player in (0, 1)
    post: __return__ in (0, 1) and __return__ != player
    """
    return 1 - player


def left_of(seat: int, players: int) -> int:
    """The seat at ``seat``'s left, the next to receive a card or to play.

    pre: 2 <= players <= 4 and 0 <= seat < players
    post: 0 <= __return__ < players and __return__ != seat
    """
    return (seat + 1) % players


def seats_from(first: int, players: int) -> tuple[int, ...]:
    """Every seat once, in turn order to the left, starting with ``first``.

    pre: 2 <= players <= 4 and 0 <= first < players
    post: sorted(__return__) == list(range(players)) and __return__[0] == first
    """
    return tuple((first + step) % players for step in range(players))


def side_of(seat: int) -> int:
    """The partnership of ``seat`` in a four-player game: 0 for seats 0 and 2, 1 for seats 1 and 3.

    pre: 0 <= seat < 4
    post: __return__ in (0, 1) and __return__ == seat % 2
    """
    return seat % 2


def partner(seat: int) -> int:
    """The player sitting opposite ``seat`` in a four-player game, on the same side.

    pre: 0 <= seat < 4
    post: side_of(__return__) == side_of(seat) and __return__ != seat
    """
    return (seat + 2) % PARTNERSHIP_SEATS


def side_seats(side: int) -> tuple[int, int]:
    """The two seats of partnership ``side`` (0 or 1), in seat order.

    pre: side in (0, 1)
    post: all(side_of(seat) == side for seat in __return__)
    """
    return side, side + 2
