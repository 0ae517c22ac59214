"""An OpenSpiel bot (IS-MCTS) plays Doubleduck deals against the greedy bot through ``python_doubleduck`` (the
``bridges-bots`` session; not a default one, a deal of four searching players taking some seconds)."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

import pyspiel

import ducksoup.doubleduck.bridges.openspiel  # noqa: F401  (registers python_doubleduck)
from ducksoup.doubleduck.bots import GreedyBot
from ducksoup.doubleduck.bridges.encoding import action_id
from tests.bridge_checks import ismcts_against_greedy


def test_ismcts_plays_whole_deals_against_the_greedy_bot() -> None:
    ismcts_against_greedy(pyspiel.load_game("python_doubleduck"), GreedyBot, action_id, episodes=2)
