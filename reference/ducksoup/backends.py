"""A game behind the adapter: the backends ``ducksoup adapter`` serves, written once for every game.

A backend is made from the game's registry entry (:class:`duckcheck.games.GameSuite`) and a trace's
setup (:class:`duckcheck.games.Setup`), and offers ``act(action_json)`` (None if accepted, else the
error code), ``state()`` (the canonical state) and ``views()`` (every player's view): the
:class:`ducksoup.games.Backend` protocol.

* :class:`SpecBackend` plays on the executable specification, through the game's oracle
  (:attr:`~duckcheck.games.GameSuite.oracle`) and its views (:attr:`~duckcheck.games.GameSuite.views`):
  nothing of it is a game's own, so every game's registry entry points at this one class.
* :class:`EngineBackend` plays on a game's fast engine; a game's ``backends`` module subclasses it
  with the one thing that differs, :meth:`EngineBackend.start_engine`.

Like every shared module of the reference, this one reaches a game only through the registry: it
imports no game's folder (see :mod:`ducksoup.games`).
"""

from __future__ import annotations

from typing import Any, Protocol

from duckcheck.codec import JSON, SetupError
from duckcheck.games import GameSuite, Setup, Table
from duckcheck.oracle import TableSetup, error_code


class SpecBackend:
    """A deal, round, game or match of any game on its specification, through the suite's oracle."""

    def __init__(self, game: GameSuite, setup: Setup) -> None:
        self.game = game
        self.table: Table = game.start(setup)
        self.follower = game.views()
        self.current = self.table.to_json()
        self.seen = self.follower.advance(self.current)

    def act(self, data: Any) -> str | None:
        after = self.table.attempt(self.game.parse_action(data, "action"))
        if isinstance(after, str):
            return after
        self.table = after
        self.current = self.table.to_json()
        self.seen = self.follower.advance(self.current)
        return None

    def state(self) -> JSON:
        return self.current

    def views(self) -> list[JSON]:
        return self.seen


class EnginePlay(Protocol):
    """What :class:`EngineBackend` uses of a game's engine (a deal, round, game or match on it)."""

    def apply(self, action: Any) -> object:
        """Play the action; raises the game's ``IllegalAction`` (and changes nothing) if illegal."""
        ...

    def state(self) -> JSON: ...

    def observation(self, player: int, state: JSON) -> JSON:
        """Player ``player``'s view of ``state``, the engine's current canonical state."""
        ...


class EngineBackend:
    """A deal, round, game or match on a game's fast engine; a game's subclass says how to start its engine."""

    def __init__(self, game: GameSuite, setup: Setup) -> None:
        self.game = game
        table = game.oracle.read_setup(setup)
        self.players = table.players
        try:
            self.play = self.start_engine(table)
        except (TypeError, ValueError) as error:
            raise SetupError(str(error)) from None
        self.current = self.play.state()

    def start_engine(self, setup: TableSetup[Any, Any]) -> EnginePlay:
        """The engine's deal (or round) for a one-deck scope, else its game or match, from a checked setup."""
        raise NotImplementedError

    def act(self, data: Any) -> str | None:
        try:
            self.play.apply(self.game.parse_action(data, "action"))
        except self.game.oracle.illegal_action as error:
            return error_code(error)
        self.current = self.play.state()
        return None

    def state(self) -> JSON:
        return self.current

    def views(self) -> list[JSON]:
        return [self.play.observation(player, self.current) for player in range(self.players)]
