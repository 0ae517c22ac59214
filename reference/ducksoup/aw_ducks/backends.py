"""Aw Ducks! behind the adapter: the fast engine (the default) and the executable specification."""

from __future__ import annotations

from typing import Any

from duckcheck.aw_ducks.encoding import parse_action
from duckcheck.aw_ducks.oracle import Scope, Table, read_setup
from duckcheck.aw_ducks.views import views
from duckcheck.codec import JSON, SetupError
from duckcheck.games import Setup
from ducksoup.aw_ducks.engine import Game, Round
from duckspec.aw_ducks.errors import IllegalAction


class EngineBackend:
    """A round or a game on :mod:`ducksoup.aw_ducks.engine`."""

    def __init__(self, setup: Setup) -> None:
        table = read_setup(setup)
        try:
            self.play: Round | Game = (
                Round(table.decks[0], table.first, table.players, table.options)
                if table.scope is Scope.ROUND
                else Game(table.decks, table.first, table.players, table.options)
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
        return [self.play.observation(player, self.current) for player in range(self.play.players)]


class SpecBackend:
    """A round or a game on the specification (:mod:`duckspec.aw_ducks`), through the suite's oracle."""

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
