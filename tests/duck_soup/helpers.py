"""Small helpers for building positions in tests."""

from __future__ import annotations

from duckspec.cards import parse_card, parse_cards
from duckspec.duck_soup.actions import Action, Play, SayDuck
from duckspec.duck_soup.deal import DealState, apply, new_deal
from duckspec.duck_soup.examples import arrange_deck
from duckspec.duck_soup.quacking import Call
from duckspec.duck_soup.variants import STANDARD, RuleOptions

LEADER, DEALER = 0, 1
"""In the positions built here player 1 deals, so player 0 leads the first trick."""


def position(leader_cards: str, dealer_cards: str, stock_top: str = "", options: RuleOptions = STANDARD) -> DealState:
    """A fresh deal in which player 0 (leading) holds ``leader_cards`` and player 1 ``dealer_cards``."""
    hands = (parse_cards(leader_cards.split()), parse_cards(dealer_cards.split()))
    return new_deal(arrange_deck(DEALER, hands, parse_cards(stock_top.split())), DEALER, options)


def play(player: int, card: str, call: Call = Call.NONE) -> Play:
    return Play(player, parse_card(card), call)


def run(state: DealState, *actions: Action) -> DealState:
    """Apply ``actions`` in order."""
    for action in actions:
        state = apply(state, action)
    return state


def duck(player: int) -> SayDuck:
    return SayDuck(player)


def advance(state: DealState, stock_left: int, keep: str = "") -> DealState:
    """Play plain cards (never those in ``keep``) until a trick is to be led with ``stock_left`` cards in the stock."""
    from duckspec.duck_soup.deal import Phase, legal_actions

    kept = set(parse_cards(keep.split()))
    while not (state.phase is Phase.LEAD and len(state.stock) == stock_left):
        choice = next(
            a for a in legal_actions(state) if isinstance(a, Play) and a.call is Call.NONE and a.card not in kept
        )
        state = apply(state, choice)
    return state
