"""The bots decide from their observation alone, choose legal actions, and the greedy one beats random play."""

from __future__ import annotations

import random
import statistics

import pytest

from ducksoup.aw_ducks.bots import Bot, GreedyBot, RandomBot, Seen, banked
from ducksoup.aw_ducks.engine import FULL, Round, cards_text
from ducksoup.aw_ducks.roster import BOTS
from tests.aw_ducks.helpers import cards


def play(seats: list[Bot], deck: list[int], start: int) -> Round:
    game = Round(deck, start, len(seats))
    while not game.is_over:
        player = game.to_act
        assert player is not None
        legal = game.legal_actions()
        choice = seats[player].choose(game.observation(player), legal)
        assert choice in legal
        game.apply(choice)
    return game


@pytest.mark.parametrize("name", sorted(set(BOTS) - {"strong"}))  # the strong one: tests/aw_ducks/test_strong.py
def test_every_bot_plays_whole_rounds_with_legal_actions(name: str) -> None:
    rng = random.Random(1)
    for players in (2, 3, 4):
        deck = list(FULL)
        rng.shuffle(deck)
        assert play([BOTS[name](seed) for seed in range(players)], deck, 0).is_over


def test_the_greedy_bot_decides_from_the_observation_only() -> None:
    rng = random.Random(2)
    deck = list(FULL)
    rng.shuffle(deck)
    game = Round(deck, 0, 3)
    for _ in range(40):
        game.apply(rng.choice(game.legal_actions()))
    player = game.to_act
    assert player is not None
    seen = game.observation(player)
    legal = game.legal_actions()
    # The same view and the same seed give the same choice, whatever the hidden cards are.
    game.deck[game.top :] = reversed(game.deck[game.top :])
    assert game.observation(player) == seen
    assert GreedyBot(7).choose(seen, legal) == GreedyBot(7).choose(game.observation(player), legal)


def test_the_greedy_bot_reads_the_unseen_cards_and_values_a_score() -> None:
    game = Round(list(FULL), 0, 2)
    seen = Seen.read(game.observation(0))
    assert sum(seen.unseen.values()) == 96 and seen.deck == 96 and seen.others == 1
    pond = [0, 0, 1, 0, 0, 1]  # a green duck and a rainbow duck
    assert banked([c.index for c in cards("4R 4Y 4K")], pond) == 12 + 10
    assert cards_text([c.index for c in cards("4K 4R")]) == "4R4K"


def test_the_greedy_bot_beats_random_play() -> None:
    rng = random.Random(5)
    greedy, uniform = [], []
    for n in range(60):
        deck = list(FULL)
        rng.shuffle(deck)
        game = play([GreedyBot(n), RandomBot(n)], deck, n % 2)
        greedy.append(game.points[0])
        uniform.append(game.points[1])
    assert statistics.mean(greedy) > statistics.mean(uniform) + 10
