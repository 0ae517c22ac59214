"""§5 Turn options: Draw, Score or Discard; Draw alone on an empty tableau (AD-R05)."""

from __future__ import annotations

import pytest

from duckspec.aw_ducks.actions import Discard, Draw, Score
from duckspec.aw_ducks.errors import ErrorCode, IllegalAction
from duckspec.aw_ducks.rounds import apply, legal_actions
from duckspec.aw_ducks.turn_options import TurnOption, discard_choices, must_draw, turn_options
from tests.aw_ducks.helpers import card, cards, position, run, text


def test_an_empty_tableau_must_draw() -> None:
    assert must_draw(()) and turn_options(()) == (TurnOption.DRAW,)
    state = position("1R")
    assert legal_actions(state) == (Draw(0),)
    for action in (Score(0), Discard(0, card("1R"))):
        with pytest.raises(IllegalAction) as raised:
            apply(state, action)
        assert raised.value.code is ErrorCode.DRAW_REQUIRED


def test_a_free_turn_offers_draw_score_and_one_discard_per_different_card() -> None:
    state = run(position("3R 6K 3R 6K 1Y 6R"), "0:draw 1:draw 0:draw 1:draw 0:draw 1:draw")
    assert text(state.tableaux[0]) == "3R 3R 1Y"
    assert legal_actions(state) == (Draw(0), Score(0), Discard(0, card("3R")), Discard(0, card("1Y")))
    assert discard_choices(cards("3R 3R 1Y")) == cards("3R 1Y")


@pytest.mark.ruling("AD-R05")
def test_the_last_card_of_a_tableau_may_be_discarded() -> None:
    state = run(position("5K 6R"), "0:draw 1:draw")
    assert text(state.tableaux[0]) == "5K"
    assert Discard(0, card("5K")) in legal_actions(state)
    state = apply(state, Discard(0, card("5K")))
    assert state.tableaux[0] == () and len(state.stashes[0]) == 2
