"""Doubleduck as a PettingZoo AEC environment (``ducksoup.envs.doubleduck_v0``): PettingZoo's API and seed tests, the
engine's states, masks and rewards step by step for the same deck order, the errors and the ansi table (the
checks are :mod:`tests.bridge_checks`, shared by every game).

Skipped without the extra (``pip install -e ".[pettingzoo]"``); ``nox -s bridges`` installs it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import seed_test

from ducksoup.doubleduck.bridges.encoding import NUM_ACTIONS, OBSERVATION_SIZE
from ducksoup.doubleduck.bridges.pettingzoo import PACK
from ducksoup.doubleduck.engine import NAMES, Deal
from ducksoup.envs import doubleduck_v0
from duckspec.doubleduck.variants import DrawOrder, RuleOptions
from tests.bridge_checks import (
    EPISODES,
    check_api,
    check_env_differential,
    check_env_refusals,
    check_steps_after_the_end,
)

OPTIONS: list[dict[str, Any]] = [{}, {"draw": "as-played"}]


@pytest.mark.parametrize("kwargs", OPTIONS, ids=str)
def test_pettingzoo_api_test(kwargs: dict[str, Any]) -> None:
    check_api(doubleduck_v0.env(**kwargs))


def test_pettingzoo_seed_test() -> None:
    seed_test(doubleduck_v0.env, num_cycles=100 * EPISODES)


@pytest.mark.parametrize("kwargs", OPTIONS, ids=str)
def test_the_env_goes_through_the_engine_states_masks_and_rewards(kwargs: dict[str, Any]) -> None:
    options = RuleOptions(draw=DrawOrder(kwargs.get("draw", "winner-first")))

    def side_scores(deal: Deal) -> list[float]:
        scores = deal.scores()
        return [float(scores[player & 1]) for player in range(4)]

    env = doubleduck_v0.env(**kwargs)
    check_env_differential(env, lambda deck, dealer: Deal(deck, dealer, options), PACK, side_scores)


def test_the_spaces_and_a_given_deck() -> None:
    env = doubleduck_v0.env()
    assert env.possible_agents == [f"player_{n}" for n in range(4)]
    assert env.action_space("player_0").n == NUM_ACTIONS == 260
    assert env.observation_space("player_3")["observation"].shape == (OBSERVATION_SIZE,)
    deck = list(reversed(PACK))
    env.reset(options={"deck": [NAMES[card] for card in deck], "dealer": 2})
    assert env.unwrapped.deal.state() == Deal(deck, 2).state() and env.agent_selection == "player_3"
    with pytest.raises(ValueError, match="lists each of the 52 cards twice, 104 cards top first; this one has 52"):
        env.reset(options={"deck": list(range(52))})
    with pytest.raises(ValueError, match=r"^doubleduck_v0: draw is 'winner-first' or 'as-played', not 'late'$"):
        doubleduck_v0.env(draw="late")


def test_refusals_say_what_would_be_right() -> None:
    check_env_refusals(doubleduck_v0.env, "doubleduck_v0", "deal")
    check_steps_after_the_end(doubleduck_v0.env, "doubleduck_v0", "deal")


def test_ansi_rendering_tells_the_deal_in_the_words_of_play(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    env = doubleduck_v0.env(render_mode="ansi", dealer=3)
    env.reset(seed=2)
    text = env.render()
    assert text.startswith("deal 1: player 3 deals 13 cards each") and "player 0's options: player 0 leads " in text
    rng = random.Random(2)
    for _agent in env.agent_iter():
        observation, _, terminated, _, _ = env.last()
        env.step(None if terminated else rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        if not terminated and env.unwrapped.deal.to_act is not None:
            assert f"player {env.unwrapped.deal.to_act}'s options: " in env.render()
    deal = env.unwrapped.deal
    (duck, soup), score = deal.piles[0], deal.scores()[0]
    assert "the deal is over" in env.render()
    assert f"side 0 (players 0 and 2): {duck} × {soup} = {score}" in env.render()
