"""Rules §5 Play (Soup course): after 13 Duck tricks and an empty stock, highest wins, the other partner stores."""

from __future__ import annotations

import pytest

from duckspec.doubleduck.actions import Call
from duckspec.doubleduck.cards import Course
from duckspec.doubleduck.deal import apply, legal_actions
from duckspec.doubleduck.soup_course import course_after_trick, is_deal_over, keeper_of, keepers_after_trick
from tests.doubleduck.helpers import advance, position, run


def test_the_soup_begins_when_the_stock_is_empty_after_13_tricks() -> None:
    state = advance(position(("", "", "", "")), 4)
    assert sum(sum(side) for side in state.tricks) == 12 and state.course is Course.DUCK
    for _ in range(4):
        state = apply(state, legal_actions(state)[0])
    assert state.course is Course.SOUP and not state.stock
    assert sum(sum(side) for side in state.tricks) == 13
    assert all(len(hand) == 13 for hand in state.hands)
    assert course_after_trick(Course.DUCK, 0) is Course.SOUP and course_after_trick(Course.DUCK, 4) is Course.DUCK


def test_the_soup_is_won_by_the_highest_card_the_ace_high() -> None:
    state = advance(position(("AS", "KS", "2S", "QS")), 0, keep="AS KS 2S QS")
    assert state.course is Course.SOUP
    leader = state.leader
    cards = {0: "AS", 1: "KS", 2: "2S", 3: "QS"}
    for offset in range(4):
        seat = (leader + offset) % 4
        state = apply(
            state, next(a for a in legal_actions(state) if str(a.card) == cards[seat] and a.call is Call.NONE)
        )
    assert state.leader == 0


def test_the_deal_ends_after_thirteen_soup_tricks() -> None:
    state = position(("", "", "", ""))
    while not state.is_over:
        state = apply(state, legal_actions(state)[-1])
    assert sum(side[1] for side in state.tricks) == 13 and sum(side[0] for side in state.tricks) == 13
    assert is_deal_over(Course.SOUP, (0, 0, 0, 0)) and not is_deal_over(Course.DUCK, (0, 0, 0, 0))
    assert legal_actions(state) == ()


@pytest.mark.ruling("DD-R11")
def test_the_first_duck_winner_keeps_the_duck_pile() -> None:
    state = run(position(("5S KD", "9S QH", "2S 3S", "KS 4D")), "0:5S 1:9S 2:2S 3:KS")
    assert state.keepers == ((2, None), (None, None))
    state = run(state, "2:3S 3:4D 0:KD 1:QH")  # player 2 again, then later tricks by its partner change nothing
    assert state.keepers[0] == (2, None)
    assert keepers_after_trick((2, None), 0, Course.DUCK) == (2, None)
    assert keepers_after_trick((2, None), 2, Course.SOUP) == (2, 0)
    assert keeper_of((2, 0), Course.SOUP) == 0


@pytest.mark.ruling("DD-R11")
def test_a_side_without_a_duck_trick_still_stores_soup_cards() -> None:
    assert keepers_after_trick((None, None), 3, Course.SOUP) == (None, 3)
    assert keepers_after_trick((None, 3), 1, Course.SOUP) == (None, 3)
    state = position(("", "", "", ""))
    while state.course is Course.DUCK:  # side 1 (seats 1 and 3) gives every Duck trick away
        actions = legal_actions(state)
        if state.to_act in (1, 3) and state.table:
            led = state.table[0].card
            actions = tuple(a for a in actions if a.card.suit != led.suit and a.call is Call.NONE) or actions
        state = apply(state, actions[0])
    assert state.piles[1][0] == 0 and state.keepers[1] == (None, None)
    while not state.is_over:
        state = apply(state, legal_actions(state)[0])
    assert state.tricks[1][1] > 0 and state.piles[1][1] > 0 and state.keepers[1] == (None, 3)
    assert state.scores()[1] == 0
