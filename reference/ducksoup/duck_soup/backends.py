"""Duck Soup behind the adapter: the fast engine (the default) and the executable specification."""

from __future__ import annotations

from typing import Any

from duckcheck.codec import JSON, SetupError
from duckcheck.duck_soup.encoding import parse_action
from duckcheck.duck_soup.oracle import Scope, Table, read_setup
from duckcheck.duck_soup.views import NOTHING_KNOWN, known_after, views
from duckcheck.games import Setup
from ducksoup.duck_soup.engine import Deal, Match
from duckspec.duck_soup.errors import IllegalAction


class EngineBackend:
    """A deal, game or match on :mod:`ducksoup.duck_soup.engine`."""

    def __init__(self, setup: Setup) -> None:
        table = read_setup(setup)
        try:
            self.play: Deal | Match = (
                Deal(table.decks[0], table.dealer, table.options)
                if table.scope is Scope.DEAL
                else Match(table.decks, table.dealer, table.options)
            )
        except (TypeError, ValueError) as error:
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
        return [self.play.observation(0, self.current), self.play.observation(1, self.current)]


class SpecBackend:
    """A deal, game or match on the specification (:mod:`duckspec.duck_soup`), through the suite's oracle."""

    def __init__(self, setup: Setup) -> None:
        self.table = Table.of(setup)
        self.current = self.table.to_json()
        self.known = NOTHING_KNOWN

    def act(self, data: Any) -> str | None:
        try:
            self.table = self.table.apply(parse_action(data))
        except IllegalAction as error:
            return error.code.value
        state = self.table.to_json()
        self.known = known_after(self.current, state, self.known)
        self.current = state
        return None

    def state(self) -> JSON:
        return self.current

    def views(self) -> list[JSON]:
        return views(self.current, self.known)
