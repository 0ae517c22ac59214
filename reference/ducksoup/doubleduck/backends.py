"""Doubleduck behind the adapter: the fast engine (the default) and the executable specification.

Each backend starts a deal or game from a trace's setup (:class:`duckcheck.games.Setup`) and offers
``act(action_json)`` (None if accepted, else the error code), ``state()`` (the canonical state) and
``views()`` (the four players' views): what ``ducksoup adapter`` serves over the protocol.
"""

from __future__ import annotations

from typing import Any

from duckcheck.codec import JSON, SetupError
from duckcheck.doubleduck.encoding import parse_action
from duckcheck.doubleduck.oracle import Scope, Table, read_setup
from duckcheck.doubleduck.views import views
from duckcheck.games import Setup
from ducksoup.doubleduck.engine import Deal, Game
from duckspec.doubleduck import PLAYERS
from duckspec.doubleduck.errors import IllegalAction


class EngineBackend:
    """A deal or game on the fast engine (:mod:`ducksoup.doubleduck.engine`)."""

    def __init__(self, setup: Setup) -> None:
        table = read_setup(setup)
        try:
            self.play: Deal | Game = (
                Deal(table.decks[0], table.dealer, table.options)
                if table.scope is Scope.DEAL
                else Game(table.decks, table.dealer, table.options)
            )
        except ValueError as error:
            raise SetupError(str(error)) from None
        self.current = self.play.state()

    def act(self, data: Any) -> str | None:
        try:
            self.play.apply(parse_action(data))
        except IllegalAction as error:
            return error.code.value
        self.current = self.play.state()
        return None

    def state(self) -> JSON:
        return self.current

    def views(self) -> list[JSON]:
        return [self.play.observation(player, self.current) for player in range(PLAYERS)]


class SpecBackend:
    """A deal or game on the specification (:mod:`duckspec.doubleduck`), through the suite's oracle."""

    def __init__(self, setup: Setup) -> None:
        self.table = Table.of(setup)
        self.current = self.table.to_json()

    def act(self, data: Any) -> str | None:
        try:
            self.table = self.table.apply(parse_action(data))
        except IllegalAction as error:
            return error.code.value
        self.current = self.table.to_json()
        return None

    def state(self) -> JSON:
        return self.current

    def views(self) -> list[JSON]:
        return views(self.current)
