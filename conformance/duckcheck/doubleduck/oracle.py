"""The specification as the suite's oracle: a Doubleduck deal or game of ``duckspec`` behind one interface.

A *table* is what a trace plays on: its scope (``deal`` or ``game``), rule options, first dealer
and deck orders. The generator uses it to compute every expected value, and the bundled adapter
serves it with ``ducksoup adapter --spec``.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from duckcheck.codec import JSON, EncodingError, SetupError, parse_cards_text
from duckcheck.doubleduck.encoding import deal_state_json, game_state_json, parse_options
from duckcheck.games import Setup
from duckspec.cards import Card
from duckspec.doubleduck import PLAYERS
from duckspec.doubleduck import deal as deals
from duckspec.doubleduck import game as games
from duckspec.doubleduck.actions import Action
from duckspec.doubleduck.variants import RuleOptions


class Scope(enum.StrEnum):
    """How much a trace plays: one deal, or one game (deals to a result). The rules know no match (DD-R16)."""

    DEAL = "deal"
    GAME = "game"


def check_setup(scope: Scope, decks: int, players: int = PLAYERS) -> None:
    """Raise :class:`SetupError` unless the scope, the number of decks and the players fit together."""
    if players != PLAYERS:
        raise SetupError(f"players: Doubleduck is played by {PLAYERS} players, not {players!r}")
    if not decks:
        raise SetupError("decks: at least one deck is needed")
    if scope is Scope.DEAL and decks != 1:
        raise SetupError("decks: a deal is played from exactly one deck")


Decks = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class TableSetup:
    """A trace's setup in the specification's terms."""

    scope: Scope
    options: RuleOptions
    dealer: int
    decks: Decks


def read_setup(setup: Setup) -> TableSetup:
    """The setup of a trace or ``start`` request, checked; :class:`EncodingError` or :class:`SetupError` says what
    is wrong and what would be right."""
    try:
        scope = Scope(setup.scope)
    except ValueError:
        raise EncodingError(f"scope: {setup.scope!r} is not one of {', '.join(Scope)}") from None
    if setup.first not in range(PLAYERS) or type(setup.first) is not int:
        raise EncodingError(f"dealer must be player 0, 1, 2 or 3, not {setup.first!r}")
    if not isinstance(setup.decks, list | tuple) or not all(isinstance(deck, str) for deck in setup.decks):
        raise EncodingError("decks: expected a list of deck orders, each a string of 104 cards like '9C4CAS...'")
    decks = tuple(parse_cards_text(deck, f"decks[{i}]") for i, deck in enumerate(setup.decks))
    options = parse_options(setup.options)
    check_setup(scope, len(decks), setup.players)
    return TableSetup(scope, options, setup.first, decks)


@dataclass(frozen=True)
class Table:
    """A deal or game in progress, immutable like the spec's states."""

    scope: Scope
    decks_given: int
    state: deals.DealState | games.GameState
    finished: deals.DealState | None = None
    """The deal the last step finished, as it stood at its end (the game may have dealt the next)."""

    @classmethod
    def of(cls, setup: Setup) -> Table:
        """The table a trace's setup deals (the registry's ``start``)."""
        table = read_setup(setup)
        return cls.start(table.scope, table.options, table.dealer, table.decks)

    @classmethod
    def start(cls, scope: Scope, options: RuleOptions, dealer: int, decks: Sequence[Sequence[Card]]) -> Table:
        """Deal the first deck; raises :class:`SetupError` for a setup the scope does not allow."""
        check_setup(scope, len(decks))
        try:
            state: deals.DealState | games.GameState = (
                deals.new_deal(decks[0], dealer, options)
                if scope is Scope.DEAL
                else games.new_game(decks, dealer, options)
            )
        except ValueError as error:
            raise SetupError(str(error)) from None
        return cls(scope, len(decks), state)

    def legal_actions(self) -> tuple[Action, ...]:
        if isinstance(self.state, deals.DealState):
            return deals.legal_actions(self.state)
        return games.legal_actions(self.state)

    def apply(self, action: Action) -> Table:
        """The table after ``action``; raises ``IllegalAction`` (and changes nothing) if illegal."""
        if isinstance(self.state, deals.DealState):
            after = deals.apply(self.state, action)
            return Table(self.scope, self.decks_given, after, after if after.is_over else None)
        game = games.apply(self.state, action)
        finished = None
        if game.deals_played > self.state.deals_played:
            finished = game.deal if game.deal.is_over else deals.apply(self.state.deal, action)
        return Table(self.scope, self.decks_given, game, finished)

    @property
    def deal(self) -> deals.DealState:
        return self.state if isinstance(self.state, deals.DealState) else self.state.deal

    @property
    def options(self) -> RuleOptions:
        return self.deal.options

    @property
    def is_over(self) -> bool:
        """Whether the trace's play is finished: the deal over, or the game decided."""
        return self.state.is_over

    @property
    def needs_deck(self) -> bool:
        return isinstance(self.state, games.GameState) and self.state.needs_deck

    @property
    def decks_used(self) -> int:
        if isinstance(self.state, deals.DealState):
            return 1
        return self.decks_given - len(self.state.decks)

    def to_json(self) -> JSON:
        """The canonical state (see :mod:`duckcheck.doubleduck.encoding`)."""
        if isinstance(self.state, deals.DealState):
            return deal_state_json(self.state)
        return game_state_json(self.state, self.decks_given)
