"""§7 Score: the duck conditions (AD-R04, AD-R06 to AD-R09)."""

from __future__ import annotations

import pytest

from duckspec.aw_ducks.actions import Score
from duckspec.aw_ducks.components import Colour
from duckspec.aw_ducks.rounds import apply
from duckspec.aw_ducks.scoring import (
    blue_met,
    condition_met,
    ducks_scored,
    green_met,
    purple_met,
    red_met,
    score_turn,
    yellow_met,
)
from tests.aw_ducks.helpers import cards, position, run, text


@pytest.mark.ruling("AD-R06")
def test_red_wants_at_least_five_odd_or_even_cards() -> None:
    assert red_met(cards("1R 3Y 5G 1B 3P"))
    assert red_met(cards("2R 4Y 6G 2B 4P"))
    assert not red_met(cards("1R 3Y 5G 1B 2P"))
    assert red_met(cards("1R 3Y 5G 1B 3P 5K"))  # six odds
    assert red_met(cards("1R 3Y 5G 1B 3P 2K 4K"))  # five odds with evens beside them
    assert not red_met(cards("1R 3Y 5G 1B 2P 4K 6K 2K"))  # four of each


@pytest.mark.ruling("AD-R06")
def test_red_counts_copies() -> None:
    assert red_met(cards("1R 1R 3Y 3Y 5G"))
    assert red_met(cards("2K 2K 2B 2B 2R"))


@pytest.mark.ruling("AD-R07")
def test_yellow_wants_four_consecutive_values() -> None:
    assert yellow_met(cards("2R 3Y 4G 5B"))
    assert yellow_met(cards("3R 4Y 5G 6B"))
    assert yellow_met(cards("1R 2Y 3G 4B 5P 6K"))  # a longer run
    assert not yellow_met(cards("2R 3Y 4G 6B"))
    assert not yellow_met(cards("1R 2R 3R"))


@pytest.mark.ruling("AD-R07")
def test_yellow_ignores_colours_and_repeats() -> None:
    assert yellow_met(cards("2R 3Y 3G 4B 5P"))
    assert yellow_met(cards("1K 1K 2P 3P 3B 4G 6R"))
    assert yellow_met(cards("1R 2R 3R 4R"))


@pytest.mark.ruling("AD-R07")
def test_yellow_does_not_wrap() -> None:
    assert not yellow_met(cards("5R 6Y 1G 2B"))
    assert not yellow_met(cards("6R 1Y 2G 3B"))
    assert not yellow_met(cards("4R 5Y 6G 1B"))


@pytest.mark.ruling("AD-R08")
def test_green_wants_at_least_three_of_a_value() -> None:
    assert green_met(cards("4R 4Y 4K"))
    assert green_met(cards("4R 4Y 4G 4B"))
    assert not green_met(cards("4R 4Y 5K 5P"))


@pytest.mark.ruling("AD-R08")
def test_blue_wants_at_least_five_colours() -> None:
    assert blue_met(cards("1R 2Y 3G 4B 5K"))  # black is a colour
    assert blue_met(cards("1R 2Y 3G 4B 5P 1K"))
    assert not blue_met(cards("1R 2Y 3G 4B 5B 6B"))


@pytest.mark.ruling("AD-R08")
def test_purple_wants_at_least_three_of_a_colour() -> None:
    assert purple_met(cards("1P 3P 5P"))
    assert purple_met(cards("1R 2R 4R 6R"))
    assert purple_met(cards("1K 3K 3K"))
    assert not purple_met(cards("1P 3P 1K 3K"))


@pytest.mark.ruling("AD-R09")
def test_a_score_takes_every_duck_of_a_met_colour() -> None:
    taken, left = ducks_scored(cards("DG DG DG DB"), cards("4R 4Y 4K"))
    assert text(taken) == "DG DG DG" and text(left) == "DB"


@pytest.mark.ruling("AD-R09")
def test_the_same_cards_meet_several_conditions() -> None:
    # The text's example: green and yellow met, blue not, and the rainbow duck always.
    taken, left = ducks_scored(cards("DY DY DG DB DB DW"), cards("2R 3R 4Y 5Y 5G 5K"))
    assert text(taken) == "DY DY DG DW" and text(left) == "DB DB"
    every = cards("1R 3R 5R 1Y 3G 4B 2K 3P")
    assert all(condition_met(colour, every) for colour in Colour if colour is not Colour.BLACK)


@pytest.mark.ruling("AD-R04")
def test_a_score_with_an_empty_tableau_takes_the_rainbow_ducks() -> None:
    banked, pond = score_turn((), cards("DR DW DW"))
    assert text(banked) == "DW DW" and text(pond) == "DR"
    # In play: discarding the last card for a Secret Stash, then the forced Score of nothing.
    state = run(position("DW 5K 6R"), "0:draw 1:draw 0:discard:5K")
    assert state.tableaux[0] == ()
    state = apply(state, Score(0))
    assert "DW" in text(state.scored[0]) and state.pond == ()


def test_a_score_banks_the_tableau_and_the_points() -> None:
    state = run(position("DG 4R 6K 4Y 6K 4P"), "0:draw 1:draw 0:draw 1:draw 0:draw 1:draw 0:score")
    assert text(state.scored[0]) == "4R 4Y 4P DG" and state.tableaux[0] == ()
    assert state.points == (4 * 3 + 5, 0) and state.to_act == 1
