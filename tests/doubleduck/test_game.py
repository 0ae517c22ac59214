"""A game of Doubleduck: deals passing to the left, until four deals or 1000 points, then nothing more."""

from __future__ import annotations

import random

import pytest

from duckcheck.doubleduck.encoding import parse_action, parse_cards_text
from duckspec.cards import Card
from duckspec.doubleduck.actions import Play
from duckspec.doubleduck.cards import two_packs
from duckspec.doubleduck.errors import ErrorCode, IllegalAction
from duckspec.doubleduck.game import GameState, add_decks, apply, legal_actions, new_game
from tests.doubleduck.traces import load_traces

Deck = tuple[Card, ...]


def decks(seed: int, count: int) -> list[Deck]:
    rng = random.Random(seed)
    return [tuple(rng.sample(two_packs(), 104)) for _ in range(count)]


def play_deal(state: GameState, pick: int = 0) -> GameState:
    """Play the current deal to its end, always taking the action at ``pick`` (modulo the choice)."""
    dealt = state.deals_played
    while not state.is_over and state.deals_played == dealt and not state.needs_deck:
        actions = legal_actions(state)
        state = apply(state, actions[pick % len(actions)])
    return state


@pytest.mark.ruling("DD-R15")
def test_the_deal_passes_to_the_left() -> None:
    state = new_game(decks(1, 6), first_dealer=2)
    dealers = [state.deal.dealer]
    while not state.is_over:
        state = play_deal(state)
        if not state.is_over:
            dealers.append(state.deal.dealer)
    assert dealers == [(2 + n) % 4 for n in range(len(dealers))] and len(dealers) >= 2


@pytest.mark.ruling("DD-R13")
def test_level_totals_after_four_deals_deal_a_fifth() -> None:
    """Replays the play of the trace dd-game-level-after-four-deals (decks found so that the totals end level)."""
    trace = next(t for t in load_traces() if t["id"] == "dd-game-level-after-four-deals")
    state = new_game([parse_cards_text(deck) for deck in trace["decks"]], trace["dealer"])
    for step in trace["steps"]:
        state = apply(state, parse_action(step["action"]))
        if state.deals_played == 4 and state.result is None and not state.deal.table and state.deal.to_act is not None:
            break
    assert state.deals_played == 4 and state.totals[0] == state.totals[1] < 1000
    assert not state.is_over and state.deal.dealer == (trace["dealer"] + 4) % 4
    while not state.is_over:
        state = play_deal(state)
    assert state.deals_played == 5 and state.result is not None and state.result.game_points in (1, 2)


def test_a_game_ends_by_the_rules_with_its_game_points() -> None:
    state = new_game(decks(3, 8), first_dealer=0)
    while not state.is_over:
        state = play_deal(state, pick=7)
    result = state.result
    assert result is not None
    assert result.totals == state.totals and result.winner == (0 if state.totals[0] > state.totals[1] else 1)
    assert state.deals_played >= 4 or max(state.totals) >= 1000


@pytest.mark.ruling("DD-R16")
def test_nothing_is_played_after_the_result() -> None:
    state = new_game(decks(4, 8), first_dealer=1)
    while not state.is_over:
        state = play_deal(state, pick=3)
    assert legal_actions(state) == () and state.decks  # decks are left, but the game is over
    with pytest.raises(IllegalAction) as error:
        apply(state, Play(state.deal.dealer, two_packs()[0]))
    assert error.value.code is ErrorCode.GAME_OVER


def test_a_game_waits_for_a_deck_and_goes_on_when_given_one() -> None:
    state = new_game(decks(5, 1), first_dealer=3)
    state = play_deal(state)
    assert state.needs_deck and legal_actions(state) == ()
    state = add_decks(state, decks(6, 1))
    assert not state.needs_deck and state.deal.dealer == 0 and len(legal_actions(state)) > 0


def test_a_game_needs_a_deck() -> None:
    with pytest.raises(ValueError, match="at least one deck"):
        new_game([], 0)
