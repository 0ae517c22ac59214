"""Rules §6 Score: one partner's pile times the other's."""

from __future__ import annotations

from duckspec.doubleduck.deal import apply, legal_actions
from duckspec.doubleduck.scoring import deal_scores, side_score
from tests.doubleduck.helpers import position


def test_a_side_scores_its_duck_pile_times_its_soup_pile() -> None:
    assert side_score(14, 19) == 266  # the text's example
    assert side_score(0, 40) == 0 and side_score(40, 0) == 0
    assert deal_scores(((14, 19), (3, 5))) == (266, 15)


def test_a_finished_deal_is_scored_by_the_product_of_its_piles() -> None:
    state = position(("", "", "", ""))
    while not state.is_over:
        state = apply(state, legal_actions(state)[len(legal_actions(state)) // 2])
    (duck0, soup0), (duck1, soup1) = state.piles
    assert state.scores() == (duck0 * soup0, duck1 * soup1)
    assert 13 <= duck0 + duck1 <= 52 and 13 <= soup0 + soup1 <= 52  # 13 tricks of 1 to 4 cards each course
