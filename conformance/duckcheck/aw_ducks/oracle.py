"""The specification as the suite's oracle: a round or a game of ``duckspec.aw_ducks`` behind one interface.

A *table* is what a trace plays on: its scope (``round`` or ``game``), rule options, first start
player (the trace's ``dealer`` field: Aw Ducks! has no dealer), deck orders and number of players.
The generator uses it to compute every expected value, and the bundled adapter serves it with
``ducksoup adapter --spec``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from duckcheck.aw_ducks.encoding import game_state_json, parse_cards_text, parse_options, round_state_json
from duckcheck.codec import JSON, EncodingError, SetupError
from duckcheck.games import Setup
from duckspec.aw_ducks import game as games
from duckspec.aw_ducks import rounds
from duckspec.aw_ducks.actions import Action
from duckspec.aw_ducks.components import Card
from duckspec.aw_ducks.options import RuleOptions
from duckspec.aw_ducks.setting_up import PLAYER_COUNTS


class Scope(enum.StrEnum):
    """How much a trace plays: one round, or a game of rounds to the target."""

    ROUND = "round"
    GAME = "game"


Decks = tuple[tuple[Card, ...], ...]


def check_decks(scope: Scope, decks: int) -> None:
    """Raise :class:`SetupError` unless the scope fits the number of decks: a round one, a game at least one."""
    if not decks:
        raise SetupError("at least one deck is needed")
    if scope is Scope.ROUND and decks != 1:
        raise SetupError("a round is played from exactly one deck")


@dataclass(frozen=True)
class TableSetup:
    """A trace's setup in the specification's terms."""

    scope: Scope
    options: RuleOptions
    first: int
    decks: Decks
    players: int


def read_setup(setup: Setup) -> TableSetup:
    """The setup of a trace or ``start`` request, checked; :class:`EncodingError` or :class:`SetupError` says what
    is wrong and what would be right."""
    try:
        scope = Scope(setup.scope)
    except ValueError:
        raise EncodingError(f"scope: {setup.scope!r} is not one of {', '.join(Scope)}") from None
    if type(setup.players) is not int or setup.players not in PLAYER_COUNTS:
        raise SetupError(f"players: Aw Ducks! is a game for 2, 3 or 4, not {setup.players!r}")
    if type(setup.first) is not int or not 0 <= setup.first < setup.players:
        raise EncodingError(
            f"dealer (the first start player) must be a player from 0 to {setup.players - 1}, not {setup.first!r}"
        )
    if not isinstance(setup.decks, list | tuple) or not all(isinstance(deck, str) for deck in setup.decks):
        raise EncodingError("decks: expected a list of deck orders, each a string of cards like '3RDW6K'")
    decks = tuple(parse_cards_text(deck, f"decks[{i}]") for i, deck in enumerate(setup.decks))
    check_decks(scope, len(decks))
    return TableSetup(scope, parse_options(setup.options), setup.first, decks, setup.players)


@dataclass(frozen=True)
class Table:
    """A round or game in progress, immutable like the spec's states."""

    scope: Scope
    decks_given: int
    state: rounds.RoundState | games.GameState
    finished: rounds.RoundState | None = None
    """The round the last step finished, as it stood at its end (a game may have started the next)."""

    @classmethod
    def of(cls, setup: Setup) -> Table:
        """The table a trace's setup starts (the registry's ``start``)."""
        table = read_setup(setup)
        return cls.start(table.scope, table.options, table.first, table.decks, table.players)

    @classmethod
    def start(
        cls,
        scope: Scope,
        options: RuleOptions,
        first: int,
        decks: Decks,
        players: int,
    ) -> Table:
        """Set up the first round; raises :class:`SetupError` for a setup the scope does not allow."""
        check_decks(scope, len(decks))
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
