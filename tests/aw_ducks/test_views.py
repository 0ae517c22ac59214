"""What each player sees (AD-R12, AD-R17)."""

from __future__ import annotations

import pytest

from duckcheck.aw_ducks.encoding import round_state_json
from duckcheck.aw_ducks.views import view, views
from duckspec.aw_ducks.actions import Score
from duckspec.aw_ducks.rounds import apply, legal_actions
from tests.aw_ducks.helpers import position, run


@pytest.mark.ruling("AD-R17")
def test_nobody_sees_a_stash_not_even_its_owner() -> None:
    state = run(position("6P 6R 1K 6Y DG 4Y"), "0:draw 1:draw 0:draw 1:draw 0:discard:6P")
    canonical = round_state_json(state)
    assert canonical["stashes"][0] == "4YDG"
    for seen in views(canonical):
        assert "stashes" not in seen and "points" not in seen
        assert seen["stash_sizes"] == [2, 0]
        assert "DG" not in str(seen) and "4Y" not in str(seen)
    assert view(canonical, 0) == {**view(canonical, 1), "player": 0}


@pytest.mark.ruling("AD-R17")
def test_cards_scored_in_the_open_are_seen() -> None:
    state = run(position("DG 4R 6K 4Y 6K 4P"), "0:draw 1:draw 0:draw 1:draw 0:draw 1:draw")
    state = apply(state, Score(0))
    seen = view(round_state_json(state), 1)
    assert seen["scored"][0] == "4R4Y4PDG"


@pytest.mark.ruling("AD-R17")
def test_the_count_shows_everything() -> None:
    state = run(position("5K 6R"), "0:draw 1:draw 0:discard:5K 0:score")
    while state.to_act is not None:  # Score whenever possible, else Draw
        legal = legal_actions(state)
        state = apply(state, next((action for action in legal if isinstance(action, Score)), legal[0]))
    canonical = round_state_json(state)
    seen = view(canonical, 1)
    assert seen["stashes"] == canonical["stashes"] and seen["points"] == canonical["points"]
    assert seen["scores"] == canonical["points"]


@pytest.mark.ruling("AD-R12")
def test_the_discard_pile_is_public() -> None:
    state = run(position("1K 6R 2Y 6Y DY 4Y 3B"), "0:draw 1:draw 0:draw 1:draw 0:discard:1K")
    for seen in views(round_state_json(state)):
        assert seen["discards"] == "1K"
