"""The specification as the suite's oracle: a round or a game of ``duckspec.aw_ducks`` behind one interface.

The skeleton (reading a setup, the round-versus-game dispatch) is :class:`duckcheck.oracle.Table`; this
module gives what is Aw Ducks!'s own: two to four players, rounds rather than deals, its own cards, and
the spec functions that set up and play. Aw Ducks! has no dealer: the trace's ``dealer`` field names
the first start player. The generator uses it to compute every expected value, and the bundled adapter
serves it with ``ducksoup adapter --spec``.
"""

from __future__ import annotations

from collections.abc import Sequence

from duckcheck.aw_ducks.encoding import game_state_json, parse_cards_text, parse_options, round_state_json
from duckcheck.oracle import Scope
from duckcheck.oracle import Table as Skeleton
from duckspec.aw_ducks import game as games
from duckspec.aw_ducks import rounds
from duckspec.aw_ducks.actions import Action
from duckspec.aw_ducks.components import Card
from duckspec.aw_ducks.errors import IllegalAction
from duckspec.aw_ducks.options import RuleOptions
from duckspec.aw_ducks.setting_up import PLAYER_COUNTS


class Table(Skeleton[rounds.RoundState, games.GameState, Action, RuleOptions, Card]):
    """A round or game in progress."""

    title = "Aw Ducks!"
    scopes = (Scope.ROUND, Scope.GAME)
    player_counts = PLAYER_COUNTS
    first_player = "dealer (the first start player)"
    deck_example = "3RDW6K..."
    illegal_action = IllegalAction

    # The codec's functions as the skeleton's hooks; the hooks that call the specification stay methods, so that
    # they call what its modules hold when they run (the faulty implementations of tests/faulty patch them).
    parse_options = staticmethod(parse_options)
    parse_deck = staticmethod(parse_cards_text)
    deal_json = staticmethod(round_state_json)
    series_json = staticmethod(game_state_json)

    @property
    def round(self) -> rounds.RoundState:
        return self.current

    @property
    def players(self) -> int:
        return self.round.players

    @property
    def options(self) -> RuleOptions:
        return self.round.options

    @classmethod
    def new_deal(cls, deck: Sequence[Card], first: int, players: int, options: RuleOptions) -> rounds.RoundState:
        return rounds.new_round(deck, first, players, options)

    @classmethod
    def new_series(
        cls, decks: Sequence[Sequence[Card]], first: int, players: int, options: RuleOptions
    ) -> games.GameState:
        return games.new_game(decks, first, players, options)

    @classmethod
    def deal_actions(cls, deal: rounds.RoundState) -> tuple[Action, ...]:
        return rounds.legal_actions(deal)

    @classmethod
    def deal_apply(cls, deal: rounds.RoundState, action: Action) -> rounds.RoundState:
        return rounds.apply(deal, action)

    @classmethod
    def series_actions(cls, series: games.GameState) -> tuple[Action, ...]:
        return games.legal_actions(series)

    @classmethod
    def series_apply(cls, series: games.GameState, action: Action) -> games.GameState:
        return games.apply(series, action)

    @classmethod
    def deal_of(cls, series: games.GameState) -> rounds.RoundState:
        return series.round

    @classmethod
    def decks_left(cls, series: games.GameState) -> int:
        return len(series.decks)

    @classmethod
    def score_sheet(cls, series: games.GameState) -> object:
        return len(series.round_scores)


__all__ = ["Scope", "Table"]  # Scope is the shared one (duckcheck.oracle), kept importable here
