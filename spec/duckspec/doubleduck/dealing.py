"""Rules §2 Deal: four players, dealing and play passing to the left, 13 cards each and a stock of 52.

A deal starts from a deck order that the caller gives (a shuffle is an input, never a choice made
here), listed top first. The cards go out one at a time, the first to the player at the dealer's
left and then round to the left, until each player holds 13 (ruling DD-R01). The other 52 cards
are the stock, face down, top first (no card of it is ever shown, ruling DD-R18). In the Duck
course the hands are refilled from the stock (§4.6); the Soup course starts once the stock is
empty (§5). The first dealer is given by whoever sets up the game; after each deal the deal
passes to the left (ruling DD-R15).

Seats are numbered from 0 round the table; the seat at a player's left is the next number up
(:mod:`duckspec.seats`). The text says only that the game is played in partnerships; that partners
sit opposite each other, seats 0 and 2 against 1 and 3, so that the turn alternates between the
sides, is ruling DD-R19.
"""

from __future__ import annotations

from collections.abc import Sequence

from duckspec.cards import Card, packs_problem
from duckspec.doubleduck.cards import COPIES, DECK_SIZE, PACKS, two_packs
from duckspec.seats import left_of, seats_from  # noqa: F401  (seats_from: used in a contract)

PLAYERS = 4
HAND_SIZE = 13
DEALT = PLAYERS * HAND_SIZE
STOCK_SIZE = DECK_SIZE - DEALT

Hands = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]


class InvalidDeck(ValueError):
    """A deck order that is not exactly the 104 cards of two packs."""


def check_deck(deck: Sequence[Card]) -> None:
    """Raise :class:`InvalidDeck` unless ``deck`` holds every card exactly twice (Rules §1, §2).

    The message names the cards missing and the cards there too often.
    """
    problem = packs_problem(deck, PACKS)
    if problem is not None:
        raise InvalidDeck(problem)


def first_receiver(dealer: int) -> int:
    """The player who receives the first card: the one at the dealer's left (Rules §2; ruling DD-R01).

    pre: 0 <= dealer < 4
    post: __return__ == (dealer + 1) % 4
    """
    return left_of(dealer, PLAYERS)


def dealt_to(position: int, dealer: int) -> int:
    """The player who receives the card at ``position`` (0 is the top) of the deck (Rules §2; DD-R01).

    One card at a time, round to the left from the dealer's left, so the dealer gets every fourth.

    pre: 0 <= position < 52 and 0 <= dealer < 4
    post: __return__ == seats_from(first_receiver(dealer), 4)[position % 4]
    post: (__return__ == dealer) == (position % 4 == 3)
    """
    return (first_receiver(dealer) + position) % PLAYERS


def deal_hands(deck: Sequence[Card], dealer: int) -> Hands:
    """The four 13-card hands dealt from the top 52 cards of ``deck``, indexed by player, in canonical order (§2).

    Each hand holds the cards at the positions :func:`dealt_to` gives its player (whose contract CrossHair
    checks; sorting 52 symbolic cards is beyond its budget, so this function states its contract in words
    and the property tests check it: four hands of 13 cards, the 52 top cards between them).
    """
    hands: tuple[list[Card], ...] = ([], [], [], [])
    for position in range(DEALT):
        hands[dealt_to(position, dealer)].append(deck[position])
    return tuple(sorted(hands[0])), tuple(sorted(hands[1])), tuple(sorted(hands[2])), tuple(sorted(hands[3]))


def initial_stock(deck: Sequence[Card]) -> tuple[Card, ...]:
    """The cards left once the hands are dealt, face down, top first: 52 of a whole deck (Rules §2).

    pre: len(deck) >= 52
    post: len(__return__) == len(deck) - 52
    """
    return tuple(deck[DEALT:])


def next_dealer(dealer: int) -> int:
    """The dealer of the next deal: the deal passes to the left (Rules §2, §7; ruling DD-R15).

    pre: 0 <= dealer < 4
    post: __return__ == (dealer + 1) % 4
    """
    return left_of(dealer, PLAYERS)


def arrange_deck(dealer: int, hands: Sequence[Sequence[Card]], stock_top: Sequence[Card] = ()) -> tuple[Card, ...]:
    """A deck order dealing at least the given cards to each player, ``stock_top`` on top of the stock (§2; DD-R01).

    The inverse of :func:`deal_hands` and :func:`initial_stock`, for building positions: the cards
    not named fill the remaining places in canonical order. Raises :class:`InvalidDeck` if a card
    is named more than twice, there are not four hands, or a hand has more than 13 cards.
    """
    named = [card for hand in hands for card in hand] + list(stock_top)
    if len(hands) != PLAYERS or any(len(hand) > HAND_SIZE for hand in hands):
        raise InvalidDeck("give four hands of at most 13 cards each")
    if any(named.count(card) > COPIES for card in set(named)):
        raise InvalidDeck("each card may be named at most twice: there are two packs")
    spare = list(two_packs())
    for card in named:
        spare.remove(card)
    rest = iter(spare)
    full_hands = [list(hand) + [next(rest) for _ in range(HAND_SIZE - len(hand))] for hand in hands]
    deck = [full_hands[dealt_to(position, dealer)][position // PLAYERS] for position in range(DEALT)]
    return (*deck, *stock_top, *rest)
