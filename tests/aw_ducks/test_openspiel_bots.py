"""An OpenSpiel bot (IS-MCTS) plays Aw Ducks! rounds against the greedy bot through ``python_aw_ducks`` for 2, 3 and 4
players (the ``bridges-bots`` session; not a default one)."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

import pyspiel

import ducksoup.aw_ducks.bridges.openspiel  # noqa: F401  (registers python_aw_ducks)
from ducksoup.aw_ducks.bots import GreedyBot
from ducksoup.aw_ducks.bridges.encoding import action_id
from tests.bridge_checks import ismcts_against_greedy


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ismcts_plays_whole_rounds_against_the_greedy_bot(players: int) -> None:
    game = pyspiel.load_game("python_aw_ducks", {"players": players})
    ismcts_against_greedy(game, GreedyBot, action_id, episodes=2)
