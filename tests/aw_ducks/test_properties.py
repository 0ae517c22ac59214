"""Properties of the Aw Ducks! specification, for any deck, players, start player and play.

* the 96 cards are all somewhere at every step (deck, tableaux, pond, discard pile, score piles);
* a player's points are the value of the cards in their score pile, stash included, at every step;
* the round ends exactly when a turn tries to take a card from the empty deck (AD-R01, AD-R02), and
  it is over after exactly one final Score turn per player, the ender's first (AD-R03);
* an illegal action is refused and changes nothing; a legal one is never refused.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given

from duckspec.aw_ducks.actions import Action, Discard, Draw, Score
from duckspec.aw_ducks.components import Card, full_deck
from duckspec.aw_ducks.discarding import Benefit, benefit_of
from duckspec.aw_ducks.errors import IllegalAction
from duckspec.aw_ducks.round_end import pile_points
from duckspec.aw_ducks.rounds import Phase, RoundState, apply, legal_actions, new_round
from tests.aw_ducks.strategies import ALL_ACTIONS, decks, illegal_rates, pick, players, seeds

CARDS = Counter(full_deck())
TAKES = {Benefit.SAFE_DRAW: 2, Benefit.QUICK_QUACK: 3, Benefit.SECRET_STASH: 2}


def everywhere(state: RoundState) -> Counter[Card]:
    cards = Counter(state.deck + state.pond + state.discards)
    for p in range(state.players):
        cards.update(state.tableaux[p] + state.scored[p] + state.stashes[p])
    return cards


def tries_the_empty_deck(state: RoundState, action: Action) -> bool:
    """Whether ``action`` takes more cards than the deck holds: a Draw finding no number, a benefit finding too few."""
    if state.phase is not Phase.TURN:
        return False
    if isinstance(action, Draw):
        return not any(card.is_number for card in state.deck)
    if isinstance(action, Discard):
        return len(state.deck) < TAKES[benefit_of(action.card)]
    return False


def play(deck: tuple[Card, ...], count: int, start: int, seed: int, illegal: float) -> list[RoundState]:
    """Every state of a round played from ``deck``, checking the step properties on the way."""
    rng = random.Random(seed)
    state = new_round(deck, start % count, count)
    states = [state]
    while not state.is_over:
        legal = legal_actions(state)
        action = pick(legal, rng, illegal)
        try:
            after = apply(state, action)
        except IllegalAction:
            assert action not in legal
            continue
        assert action in legal
        assert (state.ender is None and after.ender is not None) == tries_the_empty_deck(state, action)
        state = after
        states.append(state)
    return states


@given(decks, players, seeds, seeds, illegal_rates)
def test_the_96_cards_are_conserved_at_every_step(
    deck: tuple[Card, ...], count: int, start: int, seed: int, illegal: float
) -> None:
    for state in play(deck, count, start, seed, illegal):
        assert everywhere(state) == CARDS
        assert all(card.is_number for p in range(count) for card in state.tableaux[p])
        assert all(card.is_duck for card in state.pond)


@given(decks, players, seeds, seeds)
def test_points_are_the_value_of_the_score_pile(deck: tuple[Card, ...], count: int, start: int, seed: int) -> None:
    for state in play(deck, count, start, seed, 0.0):
        for p in range(count):
            assert state.points[p] == pile_points(state.score_pile(p))
    assert state.is_over and state.winners and all(state.points[w] == max(state.points) for w in state.winners)


@pytest.mark.ruling("AD-R01")
@pytest.mark.ruling("AD-R03")
@given(decks, players, seeds, seeds, illegal_rates)
def test_the_round_ends_exactly_when_the_rulings_say(
    deck: tuple[Card, ...], count: int, start: int, seed: int, illegal: float
) -> None:
    states = play(deck, count, start, seed, illegal)
    ended = next(i for i, state in enumerate(states) if state.ender is not None)
    assert all(state.phase is not Phase.FINAL_SCORE for state in states[:ended])
    finals, ender = states[ended:], states[ended].ender
    assert ender is not None
    assert [s.player for s in finals[:-1]] == [(ender + k) % count for k in range(count)]
    assert all(state.phase is Phase.FINAL_SCORE for state in finals[:-1]) and finals[-1].is_over
    assert len(finals) == count + 1


@given(decks, players, seeds, seeds)
def test_an_illegal_action_changes_nothing(deck: tuple[Card, ...], count: int, start: int, seed: int) -> None:
    rng = random.Random(seed)
    state = new_round(deck, start % count, count)
    while not state.is_over:
        legal = legal_actions(state)
        for action in rng.sample(ALL_ACTIONS, 12):
            if action in legal:
                continue
            before = state
            try:
                apply(state, action)
            except IllegalAction as error:
                assert error.code.value and state == before
            else:
                raise AssertionError(f"{action} is not legal but was accepted")
        state = apply(state, rng.choice(legal))
    for action in (Draw(0), Score(0)):
        with pytest.raises(IllegalAction):
            apply(state, action)
