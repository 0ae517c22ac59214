"""Aw Ducks!'s fast engine behind the adapter (the spec backend is shared: :mod:`ducksoup.backends`)."""

from __future__ import annotations

from typing import Any

from duckcheck.oracle import ONE_DECK, TableSetup
from ducksoup.aw_ducks.engine import Game, Round
from ducksoup.backends import EngineBackend as Backend


class EngineBackend(Backend):
    """A round or a game on :mod:`ducksoup.aw_ducks.engine`."""

    def start_engine(self, setup: TableSetup[Any, Any]) -> Round | Game:
        if setup.scope in ONE_DECK:
            return Round(setup.decks[0], setup.first, setup.players, setup.options)
        return Game(setup.decks, setup.first, setup.players, setup.options)
