"""§9 Round end: a draw from the empty deck ends it, final Scores from the ender, the count (AD-R01, AD-R03, AD-R04)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from duckspec.aw_ducks.actions import Discard, Draw, Score
from duckspec.aw_ducks.errors import ErrorCode, IllegalAction
from duckspec.aw_ducks.round_end import card_points, final_score_order, is_last_final_score, pile_points
from duckspec.aw_ducks.rounds import Phase, RoundState, apply, legal_actions
from tests.aw_ducks.helpers import card, cards, ducks_early, exhaust, run, text


def at_the_end(top: str, keep: int, players: int = 2) -> RoundState:
    """Player 0 holds ``top``'s first card (a black one, which no duck discards); play until ``keep`` cards
    are left and it is player 0's turn, the others Scoring while they wait."""
    state = run(ducks_early(top, players), " ".join(f"{p}:draw" for p in range(players)))
    state = exhaust(state, keep)
    while state.to_act != 0:
        state = apply(state, Score(state.player))
    return state


def finish_finals(state: RoundState) -> list[int]:
    """Take every final Score turn; the players in the order they scored."""
    order = []
    while state.to_act is not None:
        assert state.phase is Phase.FINAL_SCORE and legal_actions(state) == (Score(state.player),)
        order.append(state.player)
        state = apply(state, Score(state.player))
    assert state.is_over
    return order


@pytest.mark.ruling("AD-R01")
def test_the_round_goes_on_with_an_empty_deck_until_a_draw() -> None:
    state = at_the_end("3K 6R 6Y", keep=0, players=3)
    assert state.deck == () and state.phase is Phase.TURN and state.ender is None
    state = apply(state, Score(0))  # banking with the deck empty is a turn like any other
    assert state.phase is Phase.TURN and state.to_act == 1
    state = apply(state, Score(1))
    state = apply(state, Score(2))
    assert state.phase is Phase.TURN and legal_actions(state) == (Draw(0),)  # nothing left but to draw
    state = apply(state, Draw(0))
    assert state.phase is Phase.FINAL_SCORE and state.ender == 0


@pytest.mark.ruling("AD-R01")
def test_a_draw_from_the_empty_deck_ends_the_round() -> None:
    state = at_the_end("3K 6R 6Y", keep=0, players=3)
    state = apply(state, Draw(0))
    assert state.phase is Phase.FINAL_SCORE and state.ender == 0 and state.to_act == 0
    assert finish_finals(state) == [0, 1, 2]


@pytest.mark.ruling("AD-R03")
def test_a_quick_quack_that_ends_the_round_scores_once_for_both_reasons() -> None:
    state = at_the_end("3K 6R 6Y 6G", keep=2, players=4)
    before = state.deck
    state = apply(state, Discard(0, card("3K")))
    assert state.deck == () and all(c in state.tableaux[0] for c in before)
    assert state.phase is Phase.FINAL_SCORE and state.ender == 0 and state.to_act == 0
    assert finish_finals(state) == [0, 1, 2, 3]


@pytest.mark.ruling("AD-R03")
def test_a_secret_stash_that_ends_the_round_scores_once_for_both_reasons() -> None:
    state = at_the_end("5K 6R 6Y", keep=1, players=3)
    state = apply(state, Discard(0, card("5K")))
    assert len(state.stashes[0]) == 1 and state.phase is Phase.FINAL_SCORE and state.to_act == 0
    assert finish_finals(state) == [0, 1, 2]


def test_a_safe_draw_that_ends_the_round_calls_the_final_scores() -> None:
    state = at_the_end("1K 6R", keep=1)
    state = apply(state, Discard(0, card("1K")))
    assert state.phase is Phase.FINAL_SCORE and state.ender == 0
    assert finish_finals(state) == [0, 1]


def test_the_final_scores_start_with_the_ender_whoever_started() -> None:
    state = at_the_end("3K 6R 6Y", keep=0, players=3)
    state = run(state, "0:score 1:score")
    state = apply(state, Draw(2) if not state.tableaux[2] else Discard(2, state.tableaux[2][0]))
    assert state.ender == 2 and finish_finals(state) == [2, 0, 1]
    assert final_score_order(2, 3) == (2, 0, 1)
    assert is_last_final_score(1, 2, 3) and not is_last_final_score(2, 2, 3)


@pytest.mark.ruling("AD-R04")
def test_a_final_score_with_an_empty_tableau_takes_the_rainbow_ducks() -> None:
    state = at_the_end("3K 6R", keep=0)
    state = replace(state, phase=Phase.FINAL_SCORE, ender=0, tableaux=((), state.tableaux[1]), pond=cards("DB DW"))
    state = apply(state, Score(0))
    assert text(state.pond) == "DB" and "DW" in text(state.scored[0])


def test_the_count_is_values_plus_5_per_duck_and_the_round_is_over() -> None:
    assert [card_points(c) for c in cards("1R 6K DW DG")] == [1, 6, 5, 5]
    assert pile_points(cards("2R 3R 4Y 5Y 5G 5K DY DY DG DW")) == 44
    state = at_the_end("3K 6R", keep=0)
    state = apply(state, Draw(0))
    state = run(state, "0:score 1:score")
    assert state.is_over and state.to_act is None and legal_actions(state) == ()
    assert state.points == tuple(pile_points(state.scored[p] + state.stashes[p]) for p in (0, 1))
    assert state.winners == tuple(p for p in (0, 1) if state.points[p] == max(state.points))
    with pytest.raises(IllegalAction) as raised:
        apply(state, Score(0))
    assert raised.value.code is ErrorCode.ROUND_OVER


@pytest.mark.ruling("AD-R20")
def test_ducks_left_in_the_pond_score_for_nobody() -> None:
    state = at_the_end("3K 6R", keep=0)
    state = replace(state, phase=Phase.FINAL_SCORE, ender=0, tableaux=(cards("1K"), cards("2K")), pond=cards("DR DB"))
    over = run(state, "0:score 1:score")
    assert over.is_over and text(over.pond) == "DR DB"
    assert all("D" not in text(over.scored[p]) for p in (0, 1))
    assert over.points == tuple(pile_points(over.score_pile(p)) for p in (0, 1))
