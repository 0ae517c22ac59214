"""The family's shared seating: turn order to the left, opponents and partnerships."""

from __future__ import annotations

import pytest

from duckspec.seats import left_of, opponent, partner, seats_from, side_of, side_seats


def test_the_opponent_of_each_player_is_the_other() -> None:
    assert (opponent(0), opponent(1)) == (1, 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_turns_pass_to_the_left_and_come_round(players: int) -> None:
    seat = 0
    visited = []
    for _ in range(players):
        visited.append(seat)
        seat = left_of(seat, players)
    assert seat == 0
    assert visited == list(seats_from(0, players)) == list(range(players))


def test_seats_from_starts_anywhere() -> None:
    assert seats_from(2, 4) == (2, 3, 0, 1)
    assert seats_from(1, 3) == (1, 2, 0)


def test_partners_sit_opposite() -> None:
    assert [partner(seat) for seat in range(4)] == [2, 3, 0, 1]
    assert [side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert side_seats(0) == (0, 2)
    assert side_seats(1) == (1, 3)
