"""The bundled Doubleduck implementations behind one interface: the fast engine, and the specification.

Each backend starts a deal or game from a scope, rule options, a first dealer and deck orders, and
offers ``apply(action)``, ``state()`` (the canonical state) and ``views()`` (the four players'
views): what an adapter serves over the protocol and what :func:`duckcheck.doubleduck.replay.check_trace`
checks in process.
"""

from __future__ import annotations

from collections.abc import Sequence

from duckcheck.doubleduck.encoding import JSON
from duckcheck.doubleduck.oracle import Scope, SetupError, Table, check_setup
from duckcheck.doubleduck.views import views
from ducksoup.doubleduck.engine import Deal, Game
from duckspec.cards import Card
from duckspec.doubleduck.actions import Action
from duckspec.doubleduck.variants import RuleOptions


class EngineBackend:
    """The fast engine (:mod:`ducksoup.doubleduck.engine`)."""

    def __init__(self, scope: Scope, options: RuleOptions, dealer: int, decks: Sequence[Sequence[Card]]) -> None:
        check_setup(scope, len(decks))
        try:
            self.play: Deal | Game = (
                Deal(decks[0], dealer, options) if scope is Scope.DEAL else Game(decks, dealer, options)
            )
        except ValueError as error:
            raise SetupError(str(error)) from None
        self.current = self.play.state()

    def apply(self, action: Action) -> None:
        self.play.apply(action)
        self.current = self.play.state()

    def state(self) -> JSON:
        return self.current

    def views(self) -> list[JSON]:
        return [self.play.observation(player, self.current) for player in range(4)]


class SpecBackend:
    """The executable specification, through the suite's oracle (:class:`duckcheck.doubleduck.oracle.Table`)."""

    def __init__(self, scope: Scope, options: RuleOptions, dealer: int, decks: Sequence[Sequence[Card]]) -> None:
        self.table = Table.start(scope, options, dealer, decks)
        self.current = self.table.to_json()

    def apply(self, action: Action) -> None:
        self.table = self.table.apply(action)
        self.current = self.table.to_json()

    def state(self) -> JSON:
        return self.current

    def views(self) -> list[JSON]:
        return views(self.current)


BACKENDS: dict[str, type[EngineBackend] | type[SpecBackend]] = {"engine": EngineBackend, "spec": SpecBackend}
