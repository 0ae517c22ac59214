"""§2 Objective: targets, the winner of a game, the winners of a round (AD-R15, AD-R16)."""

from __future__ import annotations

import pytest

from duckspec.aw_ducks.objective import (
    game_winner,
    has_reached_target,
    leaders,
    round_winners,
    suggested_target,
    target_for,
)
from duckspec.aw_ducks.options import RuleOptions


def test_the_suggested_targets() -> None:
    assert [suggested_target(players) for players in (2, 3, 4)] == [400, 300, 250]
    assert target_for(RuleOptions(), 3) == 300
    assert target_for(RuleOptions(target=150), 3) == 150


def test_the_target_option_is_a_positive_total() -> None:
    with pytest.raises(ValueError, match="at least 1 point"):
        RuleOptions(target=0)
    assert RuleOptions().is_standard and not RuleOptions(target=400).is_standard


@pytest.mark.ruling("AD-R15")
def test_a_total_equal_to_the_target_ends_the_game() -> None:
    assert has_reached_target((250, 100), 250)
    assert game_winner((250, 100), 250) == 0
    assert not has_reached_target((249, 100), 250)
    assert game_winner((249, 100), 250) is None


@pytest.mark.ruling("AD-R15")
def test_the_highest_total_wins() -> None:
    assert game_winner((310, 260, 420), 300) == 2
    assert game_winner((400, 401), 400) == 1
    assert game_winner((420, 420, 10), 400) is None  # level at the top: another round
    assert leaders((5, 9, 9)) == (1, 2)


@pytest.mark.ruling("AD-R16")
def test_a_single_round_tie_is_shared() -> None:
    assert round_winners((70, 70, 12)) == (0, 1)
    assert round_winners((3, 70, 12)) == (1,)
