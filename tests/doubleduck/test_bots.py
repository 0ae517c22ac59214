"""The Doubleduck bots decide from their player's observation alone, legally, reproducibly, and greedy beats random."""

from __future__ import annotations

import random
import statistics

import pytest

from ducksoup.doubleduck.bots import GreedyBot, RandomBot, trick_leader
from ducksoup.doubleduck.engine import Deal
from ducksoup.doubleduck.roster import BOTS
from tests.doubleduck.strategies import seeded_decks


def play_deal(deck_seed: int, seats: tuple[type[RandomBot] | type[GreedyBot], ...]) -> tuple[int, int]:
    deal = Deal(seeded_decks(deck_seed, 1)[0], deck_seed % 4)
    bots = [seats[player](deck_seed * 4 + player) for player in range(4)]
    while not deal.is_over:
        player = deal.to_move
        legal = deal.legal_actions()
        choice = bots[player].choose(deal.observation(player), legal)
        assert choice in legal
        deal.apply(choice)
    return deal.scores()


@pytest.mark.parametrize("name", sorted(set(BOTS) - {"strong"}))  # the strong bot's: tests/doubleduck/test_strong.py
def test_a_bot_needs_only_the_view_and_is_reproducible(name: str) -> None:
    deal = Deal(seeded_decks(3, 1)[0], 3)
    rng = random.Random(3)
    for _ in range(40):
        view, legal = deal.observation(deal.to_move), deal.legal_actions()
        picks = {BOTS[name](11).choose(dict(view), legal) for _ in range(3)}
        assert len(picks) == 1 and picks <= set(legal)
        deal.apply(rng.choice(legal))


def test_a_bot_refuses_to_choose_from_nothing() -> None:
    with pytest.raises(ValueError, match="no legal action"):
        GreedyBot(0).choose({}, ())


def test_the_trick_leader_follows_the_order_of_precedence() -> None:
    assert trick_leader([0, 0, 5], [0, 4, 1], 0) == 1  # a doubleduck beats a later quack
    assert trick_leader([3, 16, 29], [0, 1, 0], 0) == 1  # the quack stands after a silent match
    assert trick_leader([5, 1, 1], [0, 0, 0], 0) == 2  # the later of two equal best cards (Duck)


def test_greedy_partners_beat_random_partners() -> None:
    differences = []
    for seed in range(24):
        greedy_first = play_deal(seed, (GreedyBot, RandomBot, GreedyBot, RandomBot))
        random_first = play_deal(seed, (RandomBot, GreedyBot, RandomBot, GreedyBot))
        differences.append((greedy_first[0] - greedy_first[1]) + (random_first[1] - random_first[0]))
    assert statistics.mean(differences) > 200
