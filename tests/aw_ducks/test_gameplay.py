"""§4 Gameplay: turn order (AD-R13), the one discard pile (AD-R12), the places of the cards."""

from __future__ import annotations

import pytest

from duckspec.aw_ducks.gameplay import Layout, next_player, take_top, with_card, without_card
from tests.aw_ducks.helpers import cards, position, run, text


@pytest.mark.ruling("AD-R13")
def test_turns_pass_to_the_next_player_number() -> None:
    assert [next_player(p, 4) for p in range(4)] == [1, 2, 3, 0]
    state = position("1R 2R 3R 4R", players=3, start=1)
    seen = []
    for _ in range(4):
        seen.append(state.to_act)
        state = run(state, f"{state.to_act}:draw")
    assert seen == [1, 2, 0, 1]


@pytest.mark.ruling("AD-R12")
def test_every_discarded_card_goes_to_one_pile() -> None:
    # Player 0 holds 1R 2R, player 1 draws a filler; player 0 discards 1K for a Safe Draw, then a red duck hits 2R.
    state = position("1K 6K 2R 6K DR 5B")
    state = run(state, "0:draw 1:draw 0:draw 1:draw 0:draw")
    assert text(state.tableaux[0]) == "5B 1K" and text(state.discards) == "2R"
    state = run(state, "1:score 0:discard:1K")
    assert text(state.discards) == "2R 1K"


def test_cards_are_kept_in_canonical_order() -> None:
    assert with_card(cards("1R 6K"), cards("3Y")[0]) == cards("1R 3Y 6K")
    assert without_card(cards("1R 1R 6K"), cards("1R")[0]) == cards("1R 6K")


def test_taking_from_the_empty_deck_marks_the_round_ended() -> None:
    empty = Layout((), (), (), ())
    card, after = take_top(empty)
    assert card is None and after.ended
    card, after = take_top(Layout(cards("3R DW"), (), (), ()))
    assert str(card) == "3R" and after.deck == cards("DW") and not after.ended
