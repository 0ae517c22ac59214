"""§8 Discard: the benefits (AD-R02, AD-R10, AD-R18)."""

from __future__ import annotations

import pytest

from duckspec.aw_ducks.actions import Discard, Draw, Score
from duckspec.aw_ducks.components import ALL_KINDS
from duckspec.aw_ducks.discarding import Benefit, benefit_of, forces_score
from duckspec.aw_ducks.errors import ErrorCode, IllegalAction
from duckspec.aw_ducks.rounds import Phase, apply, legal_actions
from tests.aw_ducks.helpers import card, ducks_early, exhaust, position, run, text


def test_the_benefit_follows_the_value() -> None:
    for number in (c for c in ALL_KINDS if c.is_number):
        expected = {1: "safe-draw", 2: "safe-draw", 3: "quick-quack", 4: "quick-quack"}.get(
            number.value, "secret-stash"
        )
        assert benefit_of(number).value == expected
    assert (
        not forces_score(Benefit.SAFE_DRAW) and forces_score(Benefit.QUICK_QUACK) and forces_score(Benefit.SECRET_STASH)
    )


@pytest.mark.ruling("AD-R10")
def test_a_safe_draw_takes_two_cards_and_its_ducks_do_nothing() -> None:
    state = run(position("1K 6R 2Y 6Y DY 4Y 3B"), "0:draw 1:draw 0:draw 1:draw 0:discard:1K")
    assert text(state.tableaux[0]) == "2Y 4Y" and text(state.pond) == "DY"
    assert text(state.deck[:1]) == "3B" and state.phase is Phase.TURN and state.to_act == 1


@pytest.mark.ruling("AD-R10")
def test_a_quick_quack_takes_three_cards_and_its_ducks_discard() -> None:
    state = run(position("3K 6R 2Y 6Y DY 5G DB 1P"), "0:draw 1:draw 0:draw 1:draw 0:discard:3K")
    assert text(state.pond) == "DY DB" and text(state.tableaux[0]) == "5G" and text(state.discards) == "2Y 3K"
    assert text(state.deck[:1]) == "1P"
    assert state.phase is Phase.FORCED_SCORE and legal_actions(state) == (Score(0),)
    for action in (Draw(0), Discard(0, card("5G"))):
        with pytest.raises(IllegalAction) as raised:
            apply(state, action)
        assert raised.value.code is ErrorCode.SCORE_REQUIRED
    state = apply(state, Score(0))
    assert state.phase is Phase.TURN and state.to_act == 1 and text(state.scored[0]) == "5G"


@pytest.mark.ruling("AD-R10")
def test_a_quick_quack_duck_discards_a_number_drawn_before_it() -> None:
    state = run(position("3K 6R 6B 6Y 2R DR 5G 4P"), "0:draw 1:draw 0:draw 1:draw 0:discard:3K")
    assert text(state.tableaux[0]) == "5G 6B" and text(state.discards) == "2R 3K"
    assert text(state.deck[:1]) == "4P"


@pytest.mark.ruling("AD-R18")
def test_a_stashed_duck_counts_5() -> None:
    state = run(position("6P 6R 1K 6Y DG 4Y"), "0:draw 1:draw 0:draw 1:draw 0:discard:6P")
    assert text(state.stashes[0]) == "4Y DG" and state.pond == ()
    assert state.points[0] == 4 + 5
    state = apply(state, Score(0))
    assert state.points[0] == 4 + 5 + 1


@pytest.mark.ruling("AD-R02")
def test_a_secret_stash_from_the_empty_deck_ends_the_round() -> None:
    state = run(ducks_early("5K 6R"), "0:draw 1:draw")
    state = exhaust(state)
    if state.to_act != 0:
        state = apply(state, Score(1))  # the deck is empty; player 1 banks instead of drawing
    assert state.deck == () and state.to_act == 0 and "5K" in text(state.tableaux[0])
    state = apply(state, Discard(0, card("5K")))
    assert state.phase is Phase.FINAL_SCORE and state.ender == 0 and state.to_act == 0
    assert state.stashes[0] == ()


@pytest.mark.ruling("AD-R02")
def test_a_secret_stash_from_a_one_card_deck_takes_it_then_ends_the_round() -> None:
    state = run(ducks_early("5K 6R"), "0:draw 1:draw")
    state = exhaust(state, keep=1)
    if state.to_act != 0:
        state = apply(state, Score(1))
    assert len(state.deck) == 1 and state.to_act == 0
    last = state.deck[0]
    state = apply(state, Discard(0, card("5K")))
    assert state.stashes[0] == (last,) and state.phase is Phase.FINAL_SCORE and state.ender == 0
