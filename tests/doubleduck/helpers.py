"""Building Doubleduck positions in tests: player 3 deals, so player 0 leads and plays first, then 1, 2, 3."""

from __future__ import annotations

from duckspec.cards import parse_card, parse_cards
from duckspec.doubleduck.actions import Call, Play
from duckspec.doubleduck.deal import DealState, apply, legal_actions, new_deal
from duckspec.doubleduck.dealing import arrange_deck
from duckspec.doubleduck.variants import STANDARD, RuleOptions

DEALER = 3


def position(
    hands: tuple[str, str, str, str], stock_top: str = "", options: RuleOptions = STANDARD, dealer: int = DEALER
) -> DealState:
    """A fresh deal in which each player holds at least the cards named (by seat), ``stock_top`` on the stock."""
    return new_deal(
        arrange_deck(dealer, [parse_cards(hand.split()) for hand in hands], parse_cards(stock_top.split())),
        dealer,
        options,
    )


def play(player: int, card: str, call: Call = Call.NONE) -> Play:
    return Play(player, parse_card(card), call)


def moves(text: str) -> list[Play]:
    """Moves written ``seat:card[:call]``, separated by spaces."""
    result = []
    for move in text.split():
        seat, card, *call = move.split(":")
        result.append(play(int(seat), card, Call(call[0]) if call else Call.NONE))
    return result


def run(state: DealState, text: str) -> DealState:
    for action in moves(text):
        state = apply(state, action)
    return state


def advance(state: DealState, stock_left: int, keep: str = "") -> DealState:
    """Play plain cards (never those in ``keep``) until a trick is to be led with ``stock_left`` cards in the stock."""
    kept = set(parse_cards(keep.split()))
    while not (not state.table and len(state.stock) == stock_left and (stock_left or state.course.value == "soup")):
        state = apply(state, next(a for a in legal_actions(state) if a.call is Call.NONE and a.card not in kept))
    return state


MALFORMED = [
    (Play(1, "AC"), "a Play's card is a Card, not 'AC'"),  # type: ignore[arg-type]
    (Play(True, parse_card("JS")), "an action's player is an int, not True"),
    (Play(0, parse_card("JS"), "quack"), "a Play's call is a Call"),  # type: ignore[arg-type]
    ("0:JS", "an action is a Play, not str"),
]
"""Actions of the wrong types, and the start of the ``TypeError`` each gets (as Duck Soup words them)."""
