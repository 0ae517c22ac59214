"""The specification as the suite's oracle: a Duck Soup deal, game or match of ``duckspec`` behind one interface.

The skeleton (reading a setup, the deal-versus-game dispatch) is :class:`duckcheck.oracle.Table`; this
module gives what is Duck Soup's own: two players, the match scope and its ``best_of`` option, and the
spec functions that deal and play. The generator uses it to compute every expected value, and the
bundled adapter serves it with ``ducksoup adapter --spec``.
"""

from __future__ import annotations

from collections.abc import Sequence

from duckcheck.codec import SetupError, parse_cards_text
from duckcheck.duck_soup.encoding import deal_state_json, match_state_json, parse_options
from duckcheck.oracle import Scope
from duckcheck.oracle import Table as Skeleton
from duckspec.cards import Card
from duckspec.duck_soup import deal as deals
from duckspec.duck_soup import game as games
from duckspec.duck_soup.actions import Action
from duckspec.duck_soup.dealing import check_deck
from duckspec.duck_soup.errors import IllegalAction
from duckspec.duck_soup.variants import RuleOptions


class Table(Skeleton[deals.DealState, games.MatchState, Action, RuleOptions, Card]):
    """A deal, game or match in progress; a game is a match of one game (``best_of`` 1)."""

    title = "Duck Soup"
    scopes = (Scope.DEAL, Scope.GAME, Scope.MATCH)
    player_counts = (2,)
    deck_example = "9C4CAS..."
    illegal_action = IllegalAction

    # The codec's functions as the skeleton's hooks; the hooks that call the specification stay methods, so that
    # they call what its modules hold when they run (the faulty implementations of tests/faulty patch them).
    parse_options = staticmethod(parse_options)
    parse_deck = staticmethod(parse_cards_text)
    deal_json = staticmethod(deal_state_json)
    series_json = staticmethod(match_state_json)

    @property
    def deal(self) -> deals.DealState:
        return self.current

    @classmethod
    def check_deck(cls, deck: Sequence[Card]) -> None:
        check_deck(deck)

    @classmethod
    def check_options(cls, scope: Scope, options: RuleOptions) -> None:
        """A deal and a game have ``best_of`` 1, a match 3 or 5 (§11)."""
        if scope is Scope.DEAL and options.best_of != 1:
            raise SetupError("options: a deal has best_of 1; use the match scope for match play")
        if scope is Scope.GAME and options.best_of != 1:
            raise SetupError("options: a game has best_of 1; use the match scope for match play")
        if scope is Scope.MATCH and options.best_of == 1:
            raise SetupError("options: a match has best_of 3 or 5")

    @classmethod
    def new_deal(cls, deck: Sequence[Card], first: int, players: int, options: RuleOptions) -> deals.DealState:
        return deals.new_deal(deck, first, options)

    @classmethod
    def new_series(
        cls, decks: Sequence[Sequence[Card]], first: int, players: int, options: RuleOptions
    ) -> games.MatchState:
        return games.new_match(decks, first, options)

    @classmethod
    def deal_actions(cls, deal: deals.DealState) -> tuple[Action, ...]:
        return deals.legal_actions(deal)

    @classmethod
    def deal_apply(cls, deal: deals.DealState, action: Action) -> deals.DealState:
        return deals.apply(deal, action)

    @classmethod
    def series_actions(cls, series: games.MatchState) -> tuple[Action, ...]:
        return games.match_legal_actions(series)

    @classmethod
    def series_apply(cls, series: games.MatchState, action: Action) -> games.MatchState:
        return games.match_apply(series, action)

    @classmethod
    def deal_of(cls, series: games.MatchState) -> deals.DealState:
        return series.game.deal

    @classmethod
    def decks_left(cls, series: games.MatchState) -> int:
        return len(series.game.decks)

    @classmethod
    def score_sheet(cls, series: games.MatchState) -> object:
        return series.results, series.game.deal_scores


__all__ = ["Scope", "Table"]  # Scope is the shared one (duckcheck.oracle), kept importable here
