"""The specification as the suite's oracle: a Duck Soup deal, game or match of ``duckspec`` behind one interface.

A *table* is what a trace plays on: its scope (``deal``, ``game`` or ``match``), rule options,
first dealer and deck orders. The generator uses it to compute every expected value, and the
bundled adapter serves it with ``ducksoup adapter --spec``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from duckcheck.codec import JSON, EncodingError, SetupError, parse_cards_text
from duckcheck.duck_soup.encoding import deal_state_json, match_state_json, parse_options
from duckcheck.games import Setup
from duckcheck.untrusted import excerpt
from duckspec.cards import Card
from duckspec.duck_soup import deal as deals
from duckspec.duck_soup import game as games
from duckspec.duck_soup.actions import Action
from duckspec.duck_soup.dealing import InvalidDeck, check_deck
from duckspec.duck_soup.variants import RuleOptions


class Scope(enum.StrEnum):
    """How much a trace plays: one deal, one game (deals to a result) or a match of games."""

    DEAL = "deal"
    GAME = "game"
    MATCH = "match"


def check_setup(scope: Scope, options: RuleOptions, decks: int) -> None:
    """Raise :class:`SetupError` unless the scope, the options and the number of decks fit together."""
    if not decks:
        raise SetupError("at least one deck is needed")
    if scope is Scope.DEAL and (decks != 1 or options.best_of != 1):
        raise SetupError("a deal is played from exactly one deck, with best_of 1")
    if scope is Scope.GAME and options.best_of != 1:
        raise SetupError("a game has best_of 1; use the match scope for match play")
    if scope is Scope.MATCH and options.best_of == 1:
        raise SetupError("a match has best_of 3 or 5")


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
    if not isinstance(setup.scope, str) or setup.scope not in list(Scope):
        raise EncodingError(f"unknown scope {excerpt(setup.scope)}; one of {', '.join(Scope)}")
    scope = Scope(setup.scope)
    if setup.players != 2 or type(setup.players) is not int:
        raise SetupError(f"'players': Duck Soup is a game for 2, not {excerpt(setup.players)}")
    if type(setup.first) is not int or setup.first not in (0, 1):
        raise EncodingError(f"'dealer' must be 0 or 1, not {excerpt(setup.first)}")
    if not isinstance(setup.decks, list | tuple) or not all(isinstance(deck, str) for deck in setup.decks):
        raise EncodingError(f"'decks' must be a list of decks like '9C4CAS...', not {excerpt(setup.decks)}")
    decks = tuple(parse_cards_text(deck, f"decks[{i}]") for i, deck in enumerate(setup.decks))
    for index, deck in enumerate(decks):
        try:
            check_deck(deck)
        except InvalidDeck as error:
            raise SetupError(f"decks[{index}]: {error}") from None
    options = parse_options(setup.options)
    check_setup(scope, options, len(decks))
    return TableSetup(scope, options, setup.first, decks)


@dataclass(frozen=True)
class Table:
    """A deal, game or match in progress, immutable like the spec's states."""

    scope: Scope
    decks_given: int
    state: deals.DealState | games.MatchState
    finished: deals.DealState | None = None
    """The deal the last step finished, as it stood at its end (the game may have dealt the next)."""

    @classmethod
    def of(cls, setup: Setup) -> Table:
        """The table a trace's setup deals (the registry's ``start``)."""
        table = read_setup(setup)
        return cls.start(table.scope, table.options, table.dealer, table.decks)

    @classmethod
    def start(cls, scope: Scope, options: RuleOptions, dealer: int, decks: Decks) -> Table:
        """Deal the first deck; raises :class:`SetupError` for a setup the scope does not allow."""
        check_setup(scope, options, len(decks))
        try:
            state: deals.DealState | games.MatchState = (
                deals.new_deal(decks[0], dealer, options)
                if scope is Scope.DEAL
                else games.new_match(decks, dealer, options)
            )
        except (TypeError, ValueError) as error:
            raise SetupError(str(error)) from None
        return cls(scope, len(decks), state)

    def legal_actions(self) -> tuple[Action, ...]:
        if isinstance(self.state, deals.DealState):
            return deals.legal_actions(self.state)
        return games.match_legal_actions(self.state)

    def apply(self, action: Action) -> Table:
        """The table after ``action``; raises ``IllegalAction`` (and changes nothing) if illegal."""
        if isinstance(self.state, deals.DealState):
            after = deals.apply(self.state, action)
            return Table(self.scope, self.decks_given, after, after if after.is_over else None)
        match = games.match_apply(self.state, action)
        deal_after = deals.apply(self.state.game.deal, action)
        return Table(self.scope, self.decks_given, match, deal_after if deal_after.is_over else None)

    @property
    def deal(self) -> deals.DealState:
        return self.state if isinstance(self.state, deals.DealState) else self.state.game.deal

    @property
    def is_over(self) -> bool:
        """Whether the trace's play is finished: the deal over, or the game or match decided."""
        return self.state.is_over

    @property
    def needs_deck(self) -> bool:
        return isinstance(self.state, games.MatchState) and self.state.needs_deck

    @property
    def decks_used(self) -> int:
        if isinstance(self.state, deals.DealState):
            return 1
        return self.decks_given - len(self.state.game.decks)

    def to_json(self) -> JSON:
        """The canonical state (see ``conformance/README.md``)."""
        if isinstance(self.state, deals.DealState):
            return deal_state_json(self.state)
        return match_state_json(self.state, self.decks_given)
