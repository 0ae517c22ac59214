"""Rules §7 Game: four deals or 1000 points, and the game points."""

from __future__ import annotations

import pytest

from duckspec.doubleduck.winning import (
    GameEnd,
    deals_unplayed,
    game_points,
    game_result,
    has_reached_target,
    higher_side,
    is_game_complete,
)


def test_the_game_is_complete_at_1000_or_after_four_deals() -> None:
    assert not is_game_complete((999, 998), 3)
    assert is_game_complete((999, 998), 4)
    assert is_game_complete((0, 1000), 1)


@pytest.mark.ruling("DD-R14")
def test_exactly_1000_reaches_the_target() -> None:
    assert has_reached_target(1000) and not has_reached_target(999)
    result = game_result((1000, 990), 3)
    assert result is not None and result.winner == 0 and result.end is GameEnd.TARGET and result.game_points == 3


@pytest.mark.ruling("DD-R14")
def test_a_first_deal_win_at_1000_scores_5() -> None:
    assert deals_unplayed(1) == 3 and deals_unplayed(4) == 0 and deals_unplayed(6) == 0
    result = game_result((1760, 0), 1)
    assert result is not None and result.game_points == 5
    assert [game_points((1200, 300), 0, played) for played in (1, 2, 3, 4, 5)] == [5, 4, 3, 2, 2]


def test_four_deals_without_1000_score_one_point() -> None:
    result = game_result((700, 650), 4)
    assert result is not None and result.winner == 0 and result.end is GameEnd.DEALS and result.game_points == 1


@pytest.mark.ruling("DD-R12")
def test_both_sides_at_1000_the_higher_total_wins_one_point() -> None:
    result = game_result((1100, 1300), 3)
    assert result is not None and result.winner == 1 and result.game_points == 1 and result.end is GameEnd.TARGET
    assert game_points((1000, 1000 - 1), 0, 2) == 4


@pytest.mark.ruling("DD-R13")
def test_level_totals_deal_again() -> None:
    assert higher_side((800, 800)) is None
    assert game_result((800, 800), 4) is None
    assert game_result((1100, 1100), 2) is None
    after_fifth = game_result((1020, 900), 5)
    assert after_fifth is not None and after_fifth.game_points == 2  # reached 1000, the other not, no deal left
    assert game_result((900, 850), 5) is not None
