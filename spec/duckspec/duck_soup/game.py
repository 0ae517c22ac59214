"""Games and matches as state machines over deals (Rules §3.1, §9, §11 Match play).

A game is a run of deals, the players taking turns to deal, until §9 gives a result. A match
(option ``best_of`` 3 or 5) is a run of games until one player has won the majority, a double
game counting two (ruling DS-R11). The deals' deck orders are inputs, given in advance as a
tuple of decks, top first, consumed one per deal; a game or match that needs a deal more than it
was given waits (:attr:`GameState.needs_deck`, :attr:`MatchState.needs_deck`) until
:func:`add_decks` or :func:`match_add_decks` supplies more. While it waits, every action is
refused with ``deal-over``: the last deal is over and the next has not begun (the game goes on,
or the match does; only a game or match with a winner refuses with ``game-over``).

The dealer alternates from deal to deal across the whole match, games included (DS-R11).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from duckspec.cards import Card
from duckspec.decks import checked_decks
from duckspec.duck_soup import deal as deals
from duckspec.duck_soup.actions import Action
from duckspec.duck_soup.cards import Course
from duckspec.duck_soup.dealing import check_deck, next_dealer
from duckspec.duck_soup.errors import ErrorCode, IllegalAction
from duckspec.duck_soup.variants import STANDARD, RuleOptions, match_winner
from duckspec.duck_soup.winning import GameResult, game_result

Deck = tuple[Card, ...]


@dataclass(frozen=True)
class GameState:
    """A game in progress: the current deal, the scores of the deals before it, the decks to come.

    ``deal_scores`` holds each finished deal's scores by player, ``deal_points`` its points by
    course (Duck, then Soup), by player.
    """

    deal: deals.DealState
    decks: tuple[Deck, ...] = ()
    deal_scores: tuple[tuple[int, int], ...] = ()
    deal_points: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = ()
    result: GameResult | None = None

    @property
    def totals(self) -> tuple[int, int]:
        """Each player's running total over the finished deals (§9)."""
        return sum(s[0] for s in self.deal_scores), sum(s[1] for s in self.deal_scores)

    @property
    def needs_deck(self) -> bool:
        """Whether the game goes on but no deck is left for its next deal."""
        return self.result is None and self.deal.is_over

    @property
    def is_over(self) -> bool:
        return self.result is not None


def new_game(decks: Sequence[Sequence[Card]], first_dealer: int, options: RuleOptions = STANDARD) -> GameState:
    """A game whose first deal is dealt from ``decks[0]`` by ``first_dealer`` (§3.1).

    pre: len(decks) >= 1
    """
    checked = checked_decks(decks, check_deck)
    return GameState(deal=deals.new_deal(checked[0], first_dealer, options), decks=checked[1:])


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """The legal actions of the current deal; empty when the game is over or waits for a deck."""
    return () if state.is_over else deals.legal_actions(state.deal)


def apply(state: GameState, action: Action) -> GameState:
    """The game after ``action``: finishing a deal scores it, then ends the game or deals again (§8, §9)."""
    if state.result is not None:
        raise IllegalAction(ErrorCode.GAME_OVER, "§9", f"the game is over: player {state.result.winner} has won it")
    if state.needs_deck:
        raise IllegalAction(
            ErrorCode.DEAL_OVER, "§9", "the deal is over and the game goes on, but no deck is left for its next deal"
        )
    after = deals.apply(state.deal, action)
    if not after.is_over:
        return replace(state, deal=after)
    points = (after.points(Course.DUCK), after.points(Course.SOUP))
    scored = replace(
        state,
        deal=after,
        deal_scores=state.deal_scores + (after.scores(),),
        deal_points=state.deal_points + (points,),
    )
    result = game_result(scored.totals, after.scores())
    if result is not None:
        return replace(scored, result=result)
    return _deal_next(scored)


def add_decks(state: GameState, decks: Sequence[Sequence[Card]]) -> GameState:
    """The game with more decks to deal from; a game waiting for a deck deals at once."""
    more = replace(state, decks=state.decks + checked_decks(decks, check_deck))
    return _deal_next(more) if more.needs_deck and more.decks else more


def _deal_next(state: GameState) -> GameState:
    if not state.decks:
        return state
    dealer = next_dealer(state.deal.dealer)
    return replace(state, deal=deals.new_deal(state.decks[0], dealer, state.deal.options), decks=state.decks[1:])


@dataclass(frozen=True)
class MatchState:
    """A match of ``options.best_of`` games (§11 Match play): its options, the current game and the finished ones.

    With ``best_of`` 1 the match is a single game.
    """

    game: GameState
    options: RuleOptions
    results: tuple[GameResult, ...] = ()

    @property
    def games_won(self) -> tuple[int, int]:
        """Games won by each player, a double game counting two (§9, §11; DS-R07, DS-R11)."""
        won = [0, 0]
        for result in self.results:
            won[result.winner] += result.value
        return won[0], won[1]

    @property
    def winner(self) -> int | None:
        """The player who has won the majority of the option ``best_of`` games, or None (§11; DS-R11)."""
        return match_winner(self.games_won, self.options.best_of)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def needs_deck(self) -> bool:
        """Whether the match goes on but no deck is left for its next deal (of this game, or of the next game)."""
        return not self.is_over and self.game.deal.is_over


def new_match(decks: Sequence[Sequence[Card]], first_dealer: int, options: RuleOptions = STANDARD) -> MatchState:
    """A match (or, with ``best_of`` 1, a single game) starting from ``decks`` and ``first_dealer``."""
    return MatchState(game=new_game(decks, first_dealer, options), options=options)


def match_legal_actions(state: MatchState) -> tuple[Action, ...]:
    """The legal actions of the current game; empty when the match is over or waits for a deck."""
    return () if state.is_over else legal_actions(state.game)


def match_apply(state: MatchState, action: Action) -> MatchState:
    """The match after ``action``: a finished game is counted, and the next game starts if needed."""
    if state.winner is not None:
        raise IllegalAction(ErrorCode.GAME_OVER, "§11", f"the match is over: player {state.winner} has won it")
    if state.game.result is not None:
        raise IllegalAction(
            ErrorCode.DEAL_OVER,
            "§11",
            f"game {len(state.results)} is won and the match goes on, "
            "but no deck is left for the first deal of the next game",
        )
    game = apply(state.game, action)
    if game.result is None:
        return replace(state, game=game)
    finished = replace(state, game=game, results=state.results + (game.result,))
    return _next_game(finished)


def match_add_decks(state: MatchState, decks: Sequence[Sequence[Card]]) -> MatchState:
    """The match with more decks to deal from."""
    more = replace(state, game=replace(state.game, decks=state.game.decks + checked_decks(decks, check_deck)))
    if more.game.result is not None:
        return _next_game(more)
    return replace(more, game=add_decks(more.game, ()))


def _next_game(state: MatchState) -> MatchState:
    if state.is_over or not state.game.decks:
        return state
    last = state.game
    dealer = next_dealer(last.deal.dealer)
    return replace(state, game=new_game(last.decks, dealer, state.options))
