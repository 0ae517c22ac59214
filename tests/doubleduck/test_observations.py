"""What each player may see: the own hand, the size of every hand, and the public play; never another unseen card.

The leak property: two deals that differ only in where two cards lie (two places of the deck order
swapped, in the other hands or the stock), played with the same actions, give a player the same
observation at every step at which that player's own hand is the same in both. So nothing of another
hand, nor of the stock's order, reaches the observation (ruling DD-R18).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from duckcheck.doubleduck.views import NOTHING_KNOWN, known_after, view, views
from ducksoup.doubleduck.engine import Deal, Game
from duckspec.cards import Card
from duckspec.doubleduck.errors import IllegalAction
from duckspec.doubleduck.variants import RuleOptions
from tests.doubleduck.strategies import choose, dealers, decks, options, seeded_decks, seeds
from tests.strategies import scaled

VIEW_KEYS = {"dealer", "course", "phase", "to_act", "stock", "table", "calls", "piles", "keepers", "tricks", "scores"}
GAME_KEYS = {"deal", "deal_scores", "totals", "result"}


@pytest.mark.ruling("DD-R18")
def test_a_view_shows_no_other_hand() -> None:
    play = Deal(seeded_decks(7, 1)[0], 3)
    rng = random.Random(7)
    while not play.is_over:
        state = play.state()
        for player in range(4):
            seen = play.observation(player)
            assert set(seen) == VIEW_KEYS | {"player", "hand", "hand_sizes"}
            assert seen["hand"] == state["hands"][player] and seen["player"] == player
            assert seen["hand_sizes"] == [len(hand) // 2 for hand in state["hands"]]
            assert seen == view(state, player)
        play.apply(choose(play.legal_actions(), rng, 0.5))
    assert known_after(None, play.state(), NOTHING_KNOWN) == NOTHING_KNOWN and views(play.state()) == [
        play.observation(player) for player in range(4)
    ]
    game = Game(seeded_decks(8, 8), 0)
    assert set(game.observation(2)) == VIEW_KEYS | GAME_KEYS | {"player", "hand", "hand_sizes"}


@pytest.mark.ruling("DD-R18")
@given(decks, dealers, options, seeds, st.integers(52, 103), st.integers(52, 103))
@scaled(0.3)
def test_drawn_cards_are_not_seen_by_the_others(
    deck: tuple[Card, ...], dealer: int, rules: RuleOptions, seed: int, first: int, second: int
) -> None:
    """Two stock cards swapped: only the players who draw them may see a difference, in their own hands."""
    assert_no_leak(deck, dealer, rules, seed, first, second)


@given(decks, dealers, options, seeds, st.integers(0, 103), st.integers(0, 103))
@scaled(0.3)
def test_no_observation_reveals_an_unseen_card(
    deck: tuple[Card, ...], dealer: int, rules: RuleOptions, seed: int, first: int, second: int
) -> None:
    """Any two cards swapped, in the hands or the stock: a player whose hand is the same sees the same."""
    assert_no_leak(deck, dealer, rules, seed, first, second)


def assert_no_leak(deck: tuple[Card, ...], dealer: int, rules: RuleOptions, seed: int, first: int, second: int) -> None:
    swapped = list(deck)
    swapped[first], swapped[second] = swapped[second], swapped[first]
    one, other = Deal(deck, dealer, rules), Deal(swapped, dealer, rules)
    rng = random.Random(seed)
    compared = 0
    while not one.is_over:
        for player in range(4):
            if one.hands[player] == other.hands[player]:
                assert one.observation(player) == other.observation(player)
                compared += 1
        action = choose(one.legal_actions(), rng, 0.5)
        try:
            other.apply(action)
        except IllegalAction:
            break  # a card that lies elsewhere in the other deal: the deals part here
        one.apply(action)
    assert compared > 0
