"""Observations never reveal the deck's order or a stash (ruling AD-R17).

For any round played some way, take the cards nobody has seen at that point (the rest of the deck
and every stash card) and deal them again in another order. Played again with the same actions,
the round must look the same to every player at every step until it is over, on the engine and in
the views derived from the spec: nothing a player sees depends on the hidden cards. Once the round
is over, the count shows the stashes.
"""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from duckcheck.aw_ducks.encoding import round_state_json
from duckcheck.aw_ducks.views import view
from ducksoup.aw_ducks.bots import GreedyBot
from ducksoup.aw_ducks.engine import Round
from duckspec.aw_ducks.actions import Action, Discard
from duckspec.aw_ducks.components import Card
from duckspec.aw_ducks.discarding import Benefit, benefit_of
from duckspec.aw_ducks.rounds import RoundState, apply, legal_actions, new_round
from tests.aw_ducks.strategies import decks, players, seeds


def played(deck: tuple[Card, ...], count: int, start: int, seed: int, steps: int) -> tuple[list[Action], set[int], int]:
    """Up to ``steps`` random legal actions; the actions, the deck positions that went to stashes, the next position."""
    rng = random.Random(seed)
    state = new_round(deck, start, count)
    actions: list[Action] = []
    stashed: set[int] = set()
    while not state.is_over and len(actions) < steps:
        action = rng.choice(legal_actions(state))
        position = 96 - len(state.deck)
        after = apply(state, action)
        if isinstance(action, Discard) and benefit_of(action.card) is Benefit.SECRET_STASH:
            taken = len(after.stashes[action.player]) - len(state.stashes[action.player])
            stashed |= set(range(position, position + taken))
        actions.append(action)
        state = after
    return actions, stashed, 96 - len(state.deck)


def views_along(deck: tuple[Card, ...], count: int, start: int, actions: list[Action]) -> list[str]:
    """Every player's observation (engine) and view (spec) after each step while the round lasts, as text."""
    engine = Round(deck, start, count)
    state: RoundState = new_round(deck, start, count)
    seen = []
    for action in [None, *actions]:
        if action is not None:
            engine.apply(action)
            state = apply(state, action)
        if state.is_over:
            break
        canonical = round_state_json(state)
        for player in range(count):
            assert engine.observation(player) == view(canonical, player)
            seen.append(json.dumps(view(canonical, player), sort_keys=True))
    return seen


@given(decks, players, seeds, seeds, st.integers(0, 120), st.randoms(use_true_random=False))
def test_nothing_seen_depends_on_the_hidden_cards(
    deck: tuple[Card, ...], count: int, start: int, seed: int, steps: int, shuffler: random.Random
) -> None:
    start %= count
    actions, stashed, next_position = played(deck, count, start, seed, steps)
    hidden = sorted(stashed | set(range(next_position, 96)))
    cards = [deck[position] for position in hidden]
    shuffler.shuffle(cards)
    other = list(deck)
    for position, card in zip(hidden, cards, strict=True):
        other[position] = card
    assert views_along(deck, count, start, actions) == views_along(tuple(other), count, start, actions)


@given(decks, players, seeds, st.integers(0, 80))
def test_views_are_the_same_for_every_player_and_hold_no_hidden_card(
    deck: tuple[Card, ...], count: int, seed: int, steps: int
) -> None:
    actions, _, _ = played(deck, count, 0, seed, steps)
    engine = Round(deck, 0, count)
    for action in actions:
        engine.apply(action)
    observations = [engine.observation(player) for player in range(count)]
    assert all({**seen, "player": 0} == {**observations[0], "player": 0} for seen in observations)
    if not engine.is_over:
        assert all("stashes" not in seen and "points" not in seen for seen in observations)
        assert observations[0]["stash_sizes"] == [len(stash) for stash in engine.stashes]
    player = engine.to_act
    if player is not None:
        legal = engine.legal_actions()
        assert GreedyBot(seed).choose(observations[player], legal) in legal
