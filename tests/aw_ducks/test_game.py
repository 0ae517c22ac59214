"""Games of several rounds (§2, §3; AD-R14, AD-R15)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from duckspec.aw_ducks import game as games
from duckspec.aw_ducks import rounds
from duckspec.aw_ducks.actions import Draw
from duckspec.aw_ducks.components import Card, full_deck
from duckspec.aw_ducks.errors import ErrorCode, IllegalAction
from duckspec.aw_ducks.objective import game_winner
from duckspec.aw_ducks.options import RuleOptions


def decks(count: int, seed: int = 1) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    result = []
    for _ in range(count):
        deck = list(full_deck())
        rng.shuffle(deck)
        result.append(tuple(deck))
    return result


def play_round(state: games.GameState, rng: random.Random) -> games.GameState:
    """Random play until the current round is counted."""
    counted = len(state.round_scores)
    while len(state.round_scores) == counted:
        state = games.apply(state, rng.choice(games.legal_actions(state)))
    return state


@pytest.mark.ruling("AD-R14")
def test_the_start_player_passes_to_the_left() -> None:
    state = games.new_game(decks(5), 2, 3, RuleOptions(target=1000))
    rng = random.Random(3)
    starts = [state.round.start]
    for _ in range(3):
        state = play_round(state, rng)
        starts.append(state.round.start)
    assert starts == [2, 0, 1, 2]


@pytest.mark.ruling("AD-R15")
def test_level_totals_past_the_target_play_another_round() -> None:
    state = games.new_game(decks(3), 0, 2, RuleOptions(target=50))
    finished = replace(state.round, phase=rounds.Phase.OVER)
    level = replace(state, round_scores=((60, 60),))
    assert game_winner(level.totals, level.target) is None
    # Counting a round that leaves the top totals level starts the next round instead of ending the game.
    counted = games._next_round(replace(level, round=finished))
    assert counted.winner is None and counted.round.start == 1 and len(counted.decks) == 1
    assert game_winner((60, 61), 50) == 1


def test_a_game_ends_when_a_total_reaches_the_target_and_refuses_more() -> None:
    state = games.new_game(decks(10), 0, 4, RuleOptions(target=50))
    rng = random.Random(9)
    while not state.is_over:
        state = play_round(state, rng)
    assert state.winner is not None and state.totals[state.winner] >= 50
    assert state.totals[state.winner] == max(state.totals) and state.totals.count(max(state.totals)) == 1
    assert games.legal_actions(state) == ()
    with pytest.raises(IllegalAction) as raised:
        games.apply(state, Draw(0))
    assert raised.value.code is ErrorCode.GAME_OVER


def test_a_game_out_of_decks_waits_for_more() -> None:
    state = games.new_game(decks(1), 0, 2, RuleOptions(target=1000))
    state = play_round(state, random.Random(2))
    assert state.needs_deck and games.legal_actions(state) == ()
    with pytest.raises(IllegalAction) as raised:
        games.apply(state, Draw(1))
    assert raised.value.code is ErrorCode.ROUND_OVER
    state = games.add_decks(state, decks(1, seed=5))
    assert not state.needs_deck and state.round.start == 1 and state.round.to_act == 1
    assert state.target == 1000 and games.new_game(decks(1), 0, 2).target == 400


@pytest.mark.ruling("AD-R20")
def test_the_next_round_starts_with_an_empty_pond() -> None:
    state = games.new_game(decks(3), 0, 2, RuleOptions(target=1000))
    rng = random.Random(5)
    counted = len(state.round_scores)
    while len(state.round_scores) == counted:
        before = state
        state = games.apply(state, rng.choice(games.legal_actions(state)))
    assert before.round.pond, "the first round should end with ducks left in its pond"
    assert state.round.pond == () and len(state.round.deck) == 96
