"""Rules §4 Gameplay: turns in order around the table, and the places a card can be.

Players take turns one after another (to the left, which is the next player number up: ruling
AD-R13) until the round ends (§9). Each player has a *tableau* of number cards lying face up in
front of them and a *score pile* lying face down. In the middle lie the *deck*, the *Duck
Pond* (ducks, face up) and one *discard pile*: the text puts the pile beside the deck here and
beside the pond in §8, and it is the same pile (AD-R12).

A :class:`Layout` is what one turn works on: the deck, the acting player's tableau and the
cards put in their score pile unseen (a Secret Stash, §8), the pond and the discard pile, and
whether a draw found the deck empty, which ends the round (§9; AD-R01). Tableaux, the pond and
the discard pile hold no order that matters to the rules, so they are kept in canonical card
order; the deck is kept top first.
"""

from __future__ import annotations

from typing import NamedTuple

from duckspec.aw_ducks.components import Card
from duckspec.aw_ducks.errors import ErrorCode, IllegalAction
from duckspec.seats import left_of


class Layout(NamedTuple):
    """The cards one turn works on (§4). ``ended``: a draw found the deck empty (§9; AD-R01).

    An immutable record (a named tuple, so that the many small changes of a turn stay cheap).
    """

    deck: tuple[Card, ...]
    tableau: tuple[Card, ...]
    pond: tuple[Card, ...]
    discards: tuple[Card, ...]
    stash: tuple[Card, ...] = ()
    ended: bool = False


def next_player(player: int, players: int) -> int:
    """Who takes the turn after ``player``: the player to the left, the next number up (§4; AD-R13).

    pre: 2 <= players <= 4 and 0 <= player < players
    post: __return__ == (player + 1) % players
    """
    return left_of(player, players)


def turn_problem(player: int, to_act: int) -> IllegalAction | None:
    """The refusal of an action made in the name of anyone but the player whose turn it is (§4; AD-R13), else None."""
    if player == to_act:
        return None
    return IllegalAction(ErrorCode.NOT_YOUR_TURN, "§4", f"player {to_act} must act now, not player {player}")


def with_card(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` (in canonical order) with ``card`` added in its place (§4).

    post: len(__return__) == len(cards) + 1 and __return__.count(card) == cards.count(card) + 1
    """
    at = sum(1 for held in cards if held.index <= card.index)
    return (*cards[:at], card, *cards[at:])


def without_card(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` with one copy of ``card`` taken out (§4).

    pre: card in cards
    post: len(__return__) == len(cards) - 1 and __return__.count(card) == cards.count(card) - 1
    """
    at = cards.index(card)
    return cards[:at] + cards[at + 1 :]


def take_top(layout: Layout) -> tuple[Card | None, Layout]:
    """Take the deck's top card; None, and the round marked as ended, if the deck is empty (§4, §9; AD-R01).

    post: (__return__[0] is None) == (len(layout.deck) == 0)
    post: __return__[1].ended == (layout.ended or len(layout.deck) == 0)
    """
    if not layout.deck:
        return None, layout._replace(ended=True)
    return layout.deck[0], layout._replace(deck=layout.deck[1:])
