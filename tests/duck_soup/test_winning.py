"""Rules §9 Winning the game, and §8 Scoring."""

from __future__ import annotations

import pytest

from duckspec.duck_soup.scoring import deal_score
from duckspec.duck_soup.winning import GameEnd, GameResult, game_result, is_in_the_pond, is_in_the_soup, pond_winner


def test_nothing_in_one_course_scores_nothing() -> None:
    assert deal_score(0, 26) == 0 and deal_score(26, 0) == 0
    assert deal_score(8, 9) == 72


def test_play_on_below_250_without_a_pond() -> None:
    assert game_result((200, 124), (100, 60)) is None


def test_higher_total_wins_once_someone_reaches_250() -> None:
    assert game_result((260, 200), (100, 100)) == GameResult(0, GameEnd.TARGET, False, (260, 200))
    assert game_result((230, 251), (80, 101)) == GameResult(1, GameEnd.TARGET, False, (230, 251))


def test_higher_total_wins_even_if_the_other_player_reached_250_first() -> None:
    result = game_result((255, 270), (105, 120))
    assert result is not None and result.winner == 1


@pytest.mark.ruling("DS-R14")
def test_exactly_250_ends_the_game() -> None:
    result = game_result((250, 249), (100, 99))
    assert result is not None and result.winner == 0
    assert game_result((249, 248), (100, 99)) is None


@pytest.mark.ruling("DS-R14")
def test_double_game_thresholds() -> None:
    assert is_in_the_pond(125) and not is_in_the_pond(124)
    assert is_in_the_soup(124) and not is_in_the_soup(125)
    in_soup = game_result((260, 124), (120, 24))
    not_in_soup = game_result((260, 125), (120, 25))
    assert in_soup is not None and in_soup.in_the_soup and in_soup.value == 2
    assert not_in_soup is not None and not not_in_soup.in_the_soup and not_in_soup.value == 1


@pytest.mark.ruling("DS-R08")
def test_level_totals_play_on() -> None:
    assert game_result((260, 260), (110, 120)) is None
    assert game_result((300, 300), (40, 40)) is None


def test_a_pond_wins_a_double_game_at_once() -> None:
    result = game_result((130, 40), (130, 40))
    assert result == GameResult(0, GameEnd.POND, True, (130, 40))
    assert result.value == 2


@pytest.mark.ruling("DS-R05")
def test_both_in_the_pond_the_higher_deal_wins() -> None:
    assert pond_winner((130, 140)) == 1
    result = game_result((130, 140), (130, 140))
    assert result is not None and result.winner == 1 and result.end is GameEnd.POND


@pytest.mark.ruling("DS-R05")
def test_both_in_the_pond_with_equal_scores_falls_back_to_totals() -> None:
    assert pond_winner((130, 130)) is None
    assert game_result((130, 130), (130, 130)) is None
    result = game_result((300, 260), (130, 130))
    assert result is not None and result.winner == 0 and result.end is GameEnd.TARGET


@pytest.mark.ruling("DS-R06")
def test_pond_beats_a_higher_total_past_250() -> None:
    result = game_result((260, 180), (60, 130))
    assert result is not None and result.winner == 1 and result.end is GameEnd.POND


@pytest.mark.ruling("DS-R07")
def test_pond_and_soup_do_not_compound() -> None:
    result = game_result((150, 10), (150, 10))
    assert result is not None and result.end is GameEnd.POND and result.in_the_soup
    assert result.value == 2
