"""The specification as the suite's oracle: a round or a game of ``duckspec.aw_ducks`` behind one interface.

A *table* is what a trace plays on: its scope (``round`` or ``game``), rule options, first start
player, deck orders and number of players. The generator uses it to compute every expected value.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from duckcheck.aw_ducks.encoding import JSON, game_state_json, round_state_json
from duckspec.aw_ducks import game as games
from duckspec.aw_ducks import rounds
from duckspec.aw_ducks.actions import Action
from duckspec.aw_ducks.components import Card
from duckspec.aw_ducks.options import RuleOptions

GAME_ID = "aw-ducks"


class Scope(enum.StrEnum):
    """How much a trace plays: one round, or a game of rounds to the target."""

    ROUND = "round"
    GAME = "game"


class SetupError(ValueError):
    """A scope, options, players, start player and decks that do not make a table."""


@dataclass(frozen=True)
class Table:
    """A round or game in progress, immutable like the spec's states."""

    scope: Scope
    decks_given: int
    state: rounds.RoundState | games.GameState
    finished: rounds.RoundState | None = None
    """The round the last step finished, as it stood at its end (a game may have started the next)."""

    @classmethod
    def start(
        cls,
        scope: Scope,
        options: RuleOptions,
        first: int,
        decks: tuple[tuple[Card, ...], ...],
        players: int,
    ) -> Table:
        """Set up the first round; raises :class:`SetupError` for a setup the scope does not allow."""
        if not decks:
            raise SetupError("at least one deck is needed")
        if scope is Scope.ROUND and len(decks) != 1:
            raise SetupError("a round is played from exactly one deck")
        try:
            state: rounds.RoundState | games.GameState = (
                rounds.new_round(decks[0], first, players, options)
                if scope is Scope.ROUND
                else games.new_game(decks, first, players, options)
            )
        except ValueError as error:
            raise SetupError(str(error)) from None
        return cls(scope, len(decks), state)

    def legal_actions(self) -> tuple[Action, ...]:
        if isinstance(self.state, rounds.RoundState):
            return rounds.legal_actions(self.state)
        return games.legal_actions(self.state)

    def apply(self, action: Action) -> Table:
        """The table after ``action``; raises ``IllegalAction`` (and changes nothing) if illegal."""
        if isinstance(self.state, rounds.RoundState):
            after = rounds.apply(self.state, action)
            return Table(self.scope, self.decks_given, after, after if after.is_over else None)
        game = games.apply(self.state, action)
        finished = game.round if game.round.is_over else None
        if finished is None and len(game.round_scores) > len(self.state.round_scores):
            finished = rounds.apply(self.state.round, action)
        return Table(self.scope, self.decks_given, game, finished)

    @property
    def round(self) -> rounds.RoundState:
        return self.state if isinstance(self.state, rounds.RoundState) else self.state.round

    @property
    def players(self) -> int:
        return self.round.players

    @property
    def options(self) -> RuleOptions:
        return self.round.options

    @property
    def is_over(self) -> bool:
        """Whether the trace's play is finished: the round over, or the game won."""
        return self.state.is_over

    @property
    def needs_deck(self) -> bool:
        return isinstance(self.state, games.GameState) and self.state.needs_deck

    @property
    def decks_used(self) -> int:
        if isinstance(self.state, rounds.RoundState):
            return 1
        return self.decks_given - len(self.state.decks)

    def to_json(self) -> JSON:
        """The canonical state (see :mod:`duckcheck.aw_ducks.encoding`)."""
        if isinstance(self.state, rounds.RoundState):
            return round_state_json(self.state)
        return game_state_json(self.state, self.decks_given)
