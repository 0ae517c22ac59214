"""The specification as the suite's oracle: a Doubleduck deal or game of ``duckspec`` behind one interface.

The skeleton (reading a setup, the deal-versus-game dispatch) is :class:`duckcheck.oracle.Table`; this
module gives what is Doubleduck's own: four players, two packs, no match (DD-R16), and the spec
functions that deal and play. The generator uses it to compute every expected value, and the bundled
adapter serves it with ``ducksoup adapter --spec``.
"""

from __future__ import annotations

from collections.abc import Sequence

from duckcheck.codec import parse_cards_text
from duckcheck.doubleduck.encoding import deal_state_json, game_state_json, parse_options
from duckcheck.oracle import Scope
from duckcheck.oracle import Table as Skeleton
from duckspec.cards import Card
from duckspec.doubleduck import PLAYERS
from duckspec.doubleduck import deal as deals
from duckspec.doubleduck import game as games
from duckspec.doubleduck.actions import Action
from duckspec.doubleduck.errors import IllegalAction
from duckspec.doubleduck.variants import RuleOptions


class Table(Skeleton[deals.DealState, games.GameState, Action, RuleOptions, Card]):
    """A deal or game in progress. The rules know no match (DD-R16)."""

    title = "Doubleduck"
    scopes = (Scope.DEAL, Scope.GAME)
    player_counts = (PLAYERS,)
    deck_example = "9C4CAS..."
    illegal_action = IllegalAction

    # The codec's functions as the skeleton's hooks; the hooks that call the specification stay methods, so that
    # they call what its modules hold when they run (the faulty implementations of tests/faulty patch them).
    parse_options = staticmethod(parse_options)
    parse_deck = staticmethod(parse_cards_text)
    deal_json = staticmethod(deal_state_json)
    series_json = staticmethod(game_state_json)

    @property
    def deal(self) -> deals.DealState:
        return self.current

    @property
    def options(self) -> RuleOptions:
        return self.deal.options

    @classmethod
    def new_deal(cls, deck: Sequence[Card], first: int, players: int, options: RuleOptions) -> deals.DealState:
        return deals.new_deal(deck, first, options)

    @classmethod
    def new_series(
        cls, decks: Sequence[Sequence[Card]], first: int, players: int, options: RuleOptions
    ) -> games.GameState:
        return games.new_game(decks, first, options)

    @classmethod
    def deal_actions(cls, deal: deals.DealState) -> tuple[Action, ...]:
        return deals.legal_actions(deal)

    @classmethod
    def deal_apply(cls, deal: deals.DealState, action: Action) -> deals.DealState:
        return deals.apply(deal, action)

    @classmethod
    def series_actions(cls, series: games.GameState) -> tuple[Action, ...]:
        return games.legal_actions(series)

    @classmethod
    def series_apply(cls, series: games.GameState, action: Action) -> games.GameState:
        return games.apply(series, action)

    @classmethod
    def deal_of(cls, series: games.GameState) -> deals.DealState:
        return series.deal

    @classmethod
    def decks_left(cls, series: games.GameState) -> int:
        return len(series.decks)

    @classmethod
    def score_sheet(cls, series: games.GameState) -> object:
        return series.deals_played


__all__ = ["Scope", "Table"]  # Scope is the shared one (duckcheck.oracle), kept importable here
