"""Duck Soup's fast engine behind the adapter (the spec backend is shared: :mod:`ducksoup.backends`)."""

from __future__ import annotations

from typing import Any

from duckcheck.oracle import ONE_DECK, TableSetup
from ducksoup.backends import EngineBackend as Backend
from ducksoup.duck_soup.engine import Deal, Match


class EngineBackend(Backend):
    """A deal, game or match on :mod:`ducksoup.duck_soup.engine` (a game is a match of one game)."""

    def start_engine(self, setup: TableSetup[Any, Any]) -> Deal | Match:
        if setup.scope in ONE_DECK:
            return Deal(setup.decks[0], setup.dealer, setup.options)
        return Match(setup.decks, setup.dealer, setup.options)
