"""A game as a state machine over deals (Rules §2, §7).

A game is a run of deals, the deal passing to the left, until §7 gives a result: a side's total
reaching 1000, or four deals played, with the higher total winning and level totals calling for
another deal (ruling DD-R13). The deals' deck orders are inputs, given in advance as a tuple of
decks (top first), consumed one per deal; a game that needs a deal more than it was given waits
(:attr:`GameState.needs_deck`) until :func:`add_decks` supplies more. The game is the largest unit
the rules describe: once it has a result nothing more is played (ruling DD-R16).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from duckspec.cards import Card
from duckspec.decks import checked_decks
from duckspec.doubleduck import deal as deals
from duckspec.doubleduck.actions import Action
from duckspec.doubleduck.dealing import check_deck, next_dealer
from duckspec.doubleduck.errors import ErrorCode, IllegalAction
from duckspec.doubleduck.variants import STANDARD, RuleOptions
from duckspec.doubleduck.winning import GameResult, game_result

Deck = tuple[Card, ...]


@dataclass(frozen=True)
class GameState:
    """A game in progress: the current deal, the results of the deals before it, the decks to come.

    ``deal_scores`` holds each finished deal's scores by side, ``deal_piles`` its piles by side,
    each ``(Duck, Soup)``.
    """

    deal: deals.DealState
    decks: tuple[Deck, ...] = ()
    deal_scores: tuple[tuple[int, int], ...] = ()
    deal_piles: tuple[deals.SidePair, ...] = ()
    result: GameResult | None = None

    @property
    def totals(self) -> tuple[int, int]:
        """Each side's running total over the finished deals (§7)."""
        return sum(s[0] for s in self.deal_scores), sum(s[1] for s in self.deal_scores)

    @property
    def deals_played(self) -> int:
        return len(self.deal_scores)

    @property
    def options(self) -> RuleOptions:
        return self.deal.options

    @property
    def needs_deck(self) -> bool:
        """Whether the game goes on but no deck is left for its next deal."""
        return self.result is None and self.deal.is_over

    @property
    def is_over(self) -> bool:
        return self.result is not None


def new_game(decks: Sequence[Sequence[Card]], first_dealer: int, options: RuleOptions = STANDARD) -> GameState:
    """A game whose first deal is dealt from ``decks[0]`` by ``first_dealer`` (§2, §7; ruling DD-R15).

    Raises ``ValueError`` for no decks, and :class:`~duckspec.doubleduck.dealing.InvalidDeck` for a
    deck that is not two packs.
    """
    if not decks:
        raise ValueError("a game needs at least one deck")
    checked = checked_decks(decks, check_deck)
    return GameState(deal=deals.new_deal(checked[0], first_dealer, options), decks=checked[1:])


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """The legal actions of the current deal; empty when the game is over or waits for a deck."""
    return () if state.is_over else deals.legal_actions(state.deal)


def apply(state: GameState, action: Action) -> GameState:
    """The game after ``action``: finishing a deal scores it, then ends the game or deals again (§6, §7)."""
    if state.result is not None:
        raise IllegalAction(ErrorCode.GAME_OVER, "DD-R16", f"the game is over: side {state.result.winner} has won it")
    after = deals.apply(state.deal, action)
    if not after.is_over:
        return replace(state, deal=after)
    scored = replace(
        state,
        deal=after,
        deal_scores=(*state.deal_scores, after.scores()),
        deal_piles=(*state.deal_piles, after.piles),
    )
    result = game_result(scored.totals, scored.deals_played)
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
    return replace(state, deal=deals.new_deal(state.decks[0], dealer, state.options), decks=state.decks[1:])
