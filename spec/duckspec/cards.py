"""Playing cards shared by the whole Duck Soup family: ranks, suits, notation.

A card is written rank then suit: ranks ``A 2 3 4 5 6 7 8 9 T J Q K`` and suits
``C D H S``, so ``TC`` is the ten of clubs and ``AS`` the ace of spades. Decks list
their cards top first, in the order they leave the deck.

Game-specific facts (which rank wins in which course) live in each game's own
``cards`` module; this module knows nothing of any game.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

RANK_LETTERS = "A23456789TJQK"
SUIT_LETTERS = "CDHS"


class Suit(enum.IntEnum):
    """The four suits, in the canonical order clubs, diamonds, hearts, spades."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The suit's letter in card notation (``C``, ``D``, ``H``, ``S``)."""
        return SUIT_LETTERS[self.value]


class Rank(enum.IntEnum):
    """The thirteen ranks; the value is the face value with the Ace as 1."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        """The rank's letter in card notation (``A``, ``2`` ... ``9``, ``T``, ``J``, ``Q``, ``K``)."""
        return RANK_LETTERS[self.value - 1]


class CardNotationError(ValueError):
    """A text that is not a card in ``TC`` notation; the message says what would be right."""


@dataclass(frozen=True, order=True)
class Card:
    """One card of a standard 52-card pack.

    Cards order canonically by suit (clubs first), then by face value (Ace first), the
    order in which ``legal_actions`` and every listing of cards are sorted.
    """

    suit: Suit
    rank: Rank

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @property
    def index(self) -> int:
        """The card's position, 0 to 51, in the canonical order of :func:`full_deck`.

        post: 0 <= __return__ < 52
        """
        return self.suit.value * 13 + self.rank.value - 1


def parse_card(text: str) -> Card:
    """Read one card in ``TC`` notation (upper or lower case); ``10`` is accepted for ``T``.

    Raises :class:`CardNotationError` naming the text and the expected form.
    """
    cleaned = text.strip().upper()
    if cleaned.startswith("10"):
        cleaned = "T" + cleaned[2:]
    if len(cleaned) != 2 or cleaned[0] not in RANK_LETTERS or cleaned[1] not in SUIT_LETTERS:
        raise CardNotationError(
            f"{text!r} is not a card: write the rank ({' '.join(RANK_LETTERS)}) "
            f"then the suit ({' '.join(SUIT_LETTERS)}), for example 'TC' or 'AS'"
        )
    return Card(Suit(SUIT_LETTERS.index(cleaned[1])), Rank(RANK_LETTERS.index(cleaned[0]) + 1))


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    """Read several cards, keeping their order; the error names the position of a bad one."""
    cards = []
    for position, text in enumerate(texts):
        try:
            cards.append(parse_card(text))
        except CardNotationError as error:
            raise CardNotationError(f"card {position}: {error}") from None
    return tuple(cards)


def card_from_index(index: int) -> Card:
    """The card at ``index`` (0 to 51) in the canonical order.

    pre: 0 <= index < 52
    post: __return__.index == index
    """
    return Card(Suit(index // 13), Rank(index % 13 + 1))


def full_deck() -> tuple[Card, ...]:
    """The 52 cards in canonical order: clubs A to K, then diamonds, hearts, spades."""
    return tuple(card_from_index(index) for index in range(52))


def full_packs(packs: int) -> tuple[Card, ...]:
    """Every card of ``packs`` standard packs shuffled together, in canonical order, the copies of a card side by side.

    A game played with two packs (Doubleduck) holds each card twice; the copies are identical.

    pre: 1 <= packs <= 3
    post: len(__return__) == 52 * packs
    post: __return__[0] == Card(Suit.CLUBS, Rank.ACE) and __return__[-1] == Card(Suit.SPADES, Rank.KING)
    """
    return tuple(card for card in full_deck() for _ in range(packs))


def packs_problem(deck: Sequence[Card], packs: int) -> str | None:
    """What keeps ``deck`` from being an order of ``packs`` whole packs (each card exactly ``packs`` times), or None.

    The answer names the size, and the cards missing and the cards over-represented.
    """
    counts = Counter(deck)
    missing = [card for card in full_deck() for _ in range(max(0, packs - counts[card]))]
    extra = sorted(card for card, count in counts.items() for _ in range(max(0, count - packs)))
    if len(deck) == 52 * packs and not missing and not extra:
        return None
    copies = "once" if packs == 1 else f"{packs} times"
    details = [
        f"{label}: {format_cards(cards)}" for label, cards in (("missing", missing), ("too many", extra)) if cards
    ]
    return (
        f"a deck of {packs} pack(s) lists each of the 52 cards {copies}, {52 * packs} cards top first; "
        f"this one has {len(deck)} cards" + (f" ({'; '.join(details)})" if details else "")
    )


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as notation separated by spaces, for messages: ``'9C 4C'``."""
    return " ".join(str(card) for card in cards)
