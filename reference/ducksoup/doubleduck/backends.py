"""Doubleduck's fast engine behind the adapter (the spec backend is shared: :mod:`ducksoup.backends`)."""

from __future__ import annotations

from typing import Any

from duckcheck.oracle import ONE_DECK, TableSetup
from ducksoup.backends import EngineBackend as Backend
from ducksoup.doubleduck.engine import Deal, Game


class EngineBackend(Backend):
    """A deal or game on the fast engine (:mod:`ducksoup.doubleduck.engine`)."""

    def start_engine(self, setup: TableSetup[Any, Any]) -> Deal | Game:
        if setup.scope in ONE_DECK:
            return Deal(setup.decks[0], setup.dealer, setup.options)
        return Game(setup.decks, setup.dealer, setup.options)
