"""§6 Draw: numbers to the tableau, ducks to the pond discarding what they match, drawing on (AD-R11)."""

from __future__ import annotations

import pytest

from duckspec.aw_ducks.components import ALL_KINDS, Colour
from duckspec.aw_ducks.drawing import draw_turn, duck_matches, matching_numbers
from duckspec.aw_ducks.gameplay import Layout
from tests.aw_ducks.helpers import card, cards, position, run, text


def test_a_duck_matches_its_colour_and_a_rainbow_duck_every_colour_but_black() -> None:
    numbers = [c for c in ALL_KINDS if c.is_number]
    for duck in (c for c in ALL_KINDS if c.is_duck):
        for number in numbers:
            expected = number.colour is not Colour.BLACK and (
                duck.colour is Colour.RAINBOW or duck.colour == number.colour
            )
            assert duck_matches(duck, number) == expected, (duck, number)


def test_a_number_ends_the_draw() -> None:
    after = draw_turn(Layout(cards("4G 5G"), (), (), ()))
    assert after.tableau == cards("4G") and after.deck == cards("5G") and not after.ended


def test_ducks_go_to_the_pond_discard_and_the_drawing_goes_on() -> None:
    after = draw_turn(Layout(cards("DR DW 3K 1B"), cards("1R 2R 4G 6K"), (), ()))
    assert text(after.pond) == "DR DW"
    assert text(after.discards) == "1R 2R 4G"
    assert text(after.tableau) == "3K 6K"
    assert after.deck == cards("1B")


def test_a_rainbow_duck_on_black_numbers_discards_nothing() -> None:
    assert matching_numbers(card("DW"), cards("1K 3K 5K")) == ()
    after = draw_turn(Layout(cards("DW 2R"), cards("1K 3K 5K"), (), ()))
    assert text(after.tableau) == "2R 1K 3K 5K" and after.discards == ()


def test_a_draw_that_finds_the_deck_empty_ends_the_round() -> None:
    after = draw_turn(Layout(cards("DY DG"), cards("1Y 2G 3B"), (), ()))
    assert after.ended and after.deck == () and text(after.tableau) == "3B"


@pytest.mark.ruling("AD-R11")
def test_a_duck_discards_from_the_drawing_players_tableau_only() -> None:
    state = position("1R 2R 3R 3Y 4R 6R DR 5B", players=3)
    state = run(state, "0:draw 1:draw 2:draw 0:draw 1:draw 2:draw 0:draw")
    assert text(state.tableaux[0]) == "3Y 5B"
    assert text(state.tableaux[1]) == "2R 4R" and text(state.tableaux[2]) == "3R 6R"
    assert text(state.discards) == "1R" and text(state.pond) == "DR"
