"""Aw Ducks! as a PettingZoo AEC environment (``ducksoup.envs.aw_ducks_v0``) for 2, 3 and 4 players: PettingZoo's API
and seed tests, the engine's states, masks and rewards step by step for the same deck order, the errors and the
ansi table (the checks are :mod:`tests.bridge_checks`, shared by every game).

Skipped without the extra (``pip install -e ".[pettingzoo]"``); ``nox -s bridges`` installs it.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import seed_test

from ducksoup.aw_ducks.bridges.encoding import NUM_ACTIONS, observation_layout
from ducksoup.aw_ducks.engine import FULL, NAMES, Round
from ducksoup.bridges.tensors import offsets
from ducksoup.envs import aw_ducks_v0
from tests.bridge_checks import (
    EPISODES,
    check_api,
    check_env_differential,
    check_env_refusals,
    check_steps_after_the_end,
)

PLAYERS = [2, 3, 4]


@pytest.mark.parametrize("players", PLAYERS)
def test_pettingzoo_api_test(players: int) -> None:
    check_api(aw_ducks_v0.env(players=players))


@pytest.mark.parametrize("players", PLAYERS)
def test_pettingzoo_seed_test(players: int) -> None:
    seed_test(lambda: aw_ducks_v0.env(players=players), num_cycles=100 * EPISODES)


@pytest.mark.parametrize("players", PLAYERS)
def test_the_env_goes_through_the_engine_states_masks_and_rewards(players: int) -> None:
    def points(game: Round) -> list[float]:
        return [float(p) for p in game.points]

    env = aw_ducks_v0.env(players=players)
    check_env_differential(env, lambda deck, start: Round(deck, start, players), FULL, points)


@pytest.mark.parametrize("players", PLAYERS)
def test_the_spaces_and_a_given_deck(players: int) -> None:
    env = aw_ducks_v0.env(players=players)
    assert env.possible_agents == [f"player_{n}" for n in range(players)]
    assert env.action_space("player_0").n == NUM_ACTIONS == 38
    size = offsets(observation_layout(players))["end"]
    assert env.observation_space("player_1")["observation"].shape == (size,)
    deck = list(reversed(FULL))
    env.reset(options={"deck": [NAMES[card] for card in deck], "start": players - 1})
    assert env.unwrapped.deal.state() == Round(deck, players - 1, players).state()
    assert env.agent_selection == f"player_{players - 1}"


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match=r"^aw_ducks_v0: players is 2, 3 or 4, not 5$"):
        aw_ducks_v0.env(players=5)
    env = aw_ducks_v0.env(players=3)
    with pytest.raises(ValueError, match="a deck lists the 96 cards"):
        env.reset(options={"deck": list(range(42))})
    with pytest.raises(ValueError, match=r"^aw_ducks_v0: start is 0, 1 or 2, not 3$"):
        env.reset(options={"start": 3})


def test_refusals_say_what_would_be_right() -> None:
    check_env_refusals(aw_ducks_v0.env, "aw_ducks_v0", "round")
    check_steps_after_the_end(aw_ducks_v0.env, "aw_ducks_v0", "round")


def test_ansi_rendering_tells_the_round_in_the_words_of_play(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    env = aw_ducks_v0.env(render_mode="ansi", players=3, start=1)
    env.reset(seed=2)
    text = env.render()
    assert text.startswith("round 1: all 96 cards, shuffled, make the deck; player 1 starts")
    assert text.endswith("player 1's options: player 1 draws")
    rng = random.Random(2)
    for _agent in env.agent_iter():
        observation, _, terminated, _, _ = env.last()
        env.step(None if terminated else rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    points = env.unwrapped.deal.points
    assert "the round is over" in env.render()
    for player in range(3):
        assert f"player {player}: {points[player]} (" in env.render()
