"""Rules §3 Setup: dealing the hands, forming the stock, taking turns to deal.

A deal starts from a deck order that the caller gives (a shuffle is an input, never a random
choice made here), listed top first. Thirteen cards go to each player one at a time, the
non-dealer first (ruling DS-R01); the other 26 cards are the stock, whose top card is turned
face up (unless the hidden-stock option is in force, see §11).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from duckspec.cards import Card, format_cards, full_deck
from duckspec.duck_soup.cards import HAND_SIZE, PACK_SIZE, PLAYERS
from duckspec.seats import opponent

STOCK_SIZE = PACK_SIZE - PLAYERS * HAND_SIZE


class InvalidDeck(ValueError):
    """A deck order that is not exactly the 52 different cards of one pack."""


def check_deck(deck: Sequence[Card]) -> None:
    """Raise :class:`InvalidDeck` unless ``deck`` holds each of the 52 cards exactly once (Rules §3).

    The message names the missing and repeated cards.
    """
    counts = Counter(deck)
    repeated = sorted(card for card, count in counts.items() if count > 1)
    missing = sorted(set(full_deck()) - set(counts))
    if len(deck) != PACK_SIZE or repeated or missing:
        details = []
        if repeated:
            details.append(f"repeated: {format_cards(repeated)}")
        if missing:
            details.append(f"missing: {format_cards(missing)}")
        raise InvalidDeck(
            f"a deck must list each of the 52 cards once, top first; this one has {len(deck)} cards"
            + ("" if not details else " (" + "; ".join(details) + ")")
        )


def dealt_to(position: int, dealer: int) -> int:
    """The player who receives the card at ``position`` (0 is the top) of the deck (Rules §3.2; DS-R01).

    Cards alternate one at a time, starting with the dealer's opponent.

    pre: 0 <= position < 2 * HAND_SIZE and dealer in (0, 1)
    post: __return__ in (0, 1)
    post: (__return__ == dealer) == (position % 2 == 1)
    """
    return opponent(dealer) if position % 2 == 0 else dealer


def deal_hands(deck: Sequence[Card], dealer: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The two 13-card hands dealt from ``deck``, indexed by player, each in canonical order (§3.2).

    pre: len(deck) == 52 and dealer in (0, 1)
    post: all(len(hand) == HAND_SIZE for hand in __return__)
    """
    hands: tuple[list[Card], list[Card]] = ([], [])
    for position in range(PLAYERS * HAND_SIZE):
        hands[dealt_to(position, dealer)].append(deck[position])
    return tuple(sorted(hands[0])), tuple(sorted(hands[1]))


def initial_stock(deck: Sequence[Card]) -> tuple[Card, ...]:
    """The 26 undealt cards, top first; the first of them is the card turned face up (§3.3).

    pre: len(deck) == 52
    post: len(__return__) == STOCK_SIZE
    """
    return tuple(deck[PLAYERS * HAND_SIZE :])


def next_dealer(dealer: int) -> int:
    """The dealer of the next deal: the players take turns to deal, so it is the dealer's opponent (Rules §3.1;
    ruling DS-R11: across games too).

    pre: dealer in (0, 1)
    post: __return__ != dealer
    """
    return opponent(dealer)
