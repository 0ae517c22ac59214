"""Rules §1 Components: the 96 cards of Aw Ducks! and how this project writes them.

The box holds 72 *number cards* and 24 *duck cards* (its two rules cards and two reference
cards take no part in play). Number cards carry a value from 1 to 6 in one of six colours:
red, yellow, green, blue, purple and black; each colour-and-value pair exists twice. Ducks come
in five of those colours (black has no duck) and a sixth kind, the rainbow duck; there are
four ducks of each kind. Copies of a card are indistinguishable: a card is its colour and value.

Notation (ours; the text has none): a card is two characters, its *rank* then its *colour*,
like the family's playing cards. A number card's rank is its value ``1``-``6``; a duck's rank is
``D``. Colours are ``R`` red, ``Y`` yellow, ``G`` green, ``B`` blue, ``P`` purple, ``K`` black
(numbers only) and ``W`` rainbow (ducks only: white light holds every colour). So ``3R`` is a
red three, ``6K`` a black six, ``DG`` a green duck and ``DW`` a rainbow duck.

Cards order canonically by their :attr:`Card.index`: the number cards colour by colour (red
first, black last), each from 1 to 6, then the ducks red, yellow, green, blue, purple, rainbow.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

NUMBER_VALUES = (1, 2, 3, 4, 5, 6)
"""The values of the number cards (§1)."""
NUMBER_COPIES = 2
"""Copies of each number card: two of every colour and value (§1)."""
DUCK_COPIES = 4
"""Copies of each duck: four of every duck colour (§1)."""
DECK_SIZE = 96
"""72 number cards and 24 ducks (§1)."""
KINDS = 42
"""Different cards: 36 number cards and 6 ducks."""
DUCK_VALUE = 0
"""The value a duck carries in :class:`Card`: ducks have no number."""


class Colour(enum.IntEnum):
    """The colours of the cards (§1). Black is for numbers only, rainbow for ducks only."""

    RED = 0
    YELLOW = 1
    GREEN = 2
    BLUE = 3
    PURPLE = 4
    BLACK = 5
    RAINBOW = 6

    @property
    def letter(self) -> str:
        """The colour's letter in card notation (``R Y G B P K W``)."""
        return COLOUR_LETTERS[self.value]


COLOUR_LETTERS = "RYGBPKW"
NUMBER_COLOURS = (Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE, Colour.PURPLE, Colour.BLACK)
"""The six colours of the number cards (§1); black counts as a colour when scoring (§7)."""
DUCK_COLOURS = (Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE, Colour.PURPLE, Colour.RAINBOW)
"""The six kinds of duck (§1)."""
DUCK_RANK = "D"


class CardNotationError(ValueError):
    """A text that is not a card in ``3R`` / ``DW`` notation; the message says what would be right."""


@dataclass(frozen=True)
class Card:
    """One card of Aw Ducks!: a number card (``value`` 1 to 6) or a duck (``value`` 0).

    Build cards with :func:`number` and :func:`duck`, or read them with :func:`parse_card`;
    the constructor itself does not check that the combination exists. Cards compare by
    their place in the canonical order (:attr:`index`).
    """

    colour: Colour
    value: int

    @property
    def is_duck(self) -> bool:
        """Whether the card is a duck (§1).

        post: __return__ == (self.value == 0)
        """
        return self.value == DUCK_VALUE

    @property
    def is_number(self) -> bool:
        """Whether the card is a number card (§1).

        post: __return__ != self.is_duck
        """
        return self.value != DUCK_VALUE

    @property
    def index(self) -> int:
        """The card's place, 0 to 41, in the canonical order: 36 number cards, then the 6 ducks.

        pre: exists(self)
        post: 0 <= __return__ < 42
        post: (__return__ >= 36) == self.is_duck
        """
        if self.value:
            return self.colour * 6 + self.value - 1
        return 41 if self.colour is Colour.RAINBOW else 36 + self.colour

    def __str__(self) -> str:
        rank = DUCK_RANK if self.is_duck else str(self.value)
        return rank + self.colour.letter

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index


def exists(card: Card) -> bool:
    """Whether ``card`` is one of the game's 42 different cards: no rainbow numbers, no black ducks (§1).

    post: __return__ == (card in ALL_KINDS)
    """
    if card.value == DUCK_VALUE:
        return card.colour is not Colour.BLACK
    return 1 <= card.value <= 6 and card.colour is not Colour.RAINBOW


def number(colour: Colour, value: int) -> Card:
    """The number card of ``colour`` and ``value`` (§1).

    pre: colour != Colour.RAINBOW and 1 <= value <= 6
    post: __return__.is_number and __return__.colour == colour and __return__.value == value
    """
    if colour is Colour.RAINBOW or value not in NUMBER_VALUES:
        raise CardNotationError(f"there is no number card of colour {colour.name.lower()} and value {value}")
    return Card(colour, value)


def duck(colour: Colour) -> Card:
    """The duck of ``colour`` (§1); there are no black ducks.

    pre: colour != Colour.BLACK
    post: __return__.is_duck and __return__.colour == colour
    """
    if colour is Colour.BLACK:
        raise CardNotationError("there are no black ducks")
    return Card(colour, DUCK_VALUE)


def card_from_index(index: int) -> Card:
    """The card at ``index`` (0 to 41) in the canonical order (§1).

    pre: 0 <= index < 42
    post: __return__.index == index
    """
    if index >= 36:
        return Card(DUCK_COLOURS[index - 36], DUCK_VALUE)
    return Card(NUMBER_COLOURS[index // 6], index % 6 + 1)


ALL_KINDS = tuple(card_from_index(index) for index in range(KINDS))
"""The 42 different cards in canonical order."""


def copies(card: Card) -> int:
    """How many copies of ``card`` the deck holds: 2 of a number card, 4 of a duck (§1).

    post: __return__ in (2, 4)
    """
    return DUCK_COPIES if card.is_duck else NUMBER_COPIES


def full_deck() -> tuple[Card, ...]:
    """All 96 cards in canonical order, copies side by side (§1)."""
    return tuple(card for card in ALL_KINDS for _ in range(copies(card)))


def parse_card(text: str) -> Card:
    """Read one card in our notation for §1's cards (``3R``, ``6K``, ``DG``, ``DW``; upper or lower case).

    Raises :class:`CardNotationError` naming the text and the expected form.
    """
    cleaned = text.strip().upper()
    if len(cleaned) == 2:
        rank, letter = cleaned[0], cleaned[1]
        if rank == DUCK_RANK and letter in "RYGBPW":
            return Card(Colour(COLOUR_LETTERS.index(letter)), DUCK_VALUE)
        if rank in "123456" and letter in "RYGBPK":
            return Card(Colour(COLOUR_LETTERS.index(letter)), int(rank))
    raise CardNotationError(
        f"{text!r} is not a card: write a number card as its value 1-6 then its colour R Y G B P K "
        "(red, yellow, green, blue, purple, black), for example '3R' or '6K', and a duck as D then "
        "its colour R Y G B P W (W is the rainbow duck), for example 'DG' or 'DW'"
    )


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    """Read several cards (§1 notation), keeping their order; the error names the position of a bad one."""
    cards = []
    for position, text in enumerate(texts):
        try:
            cards.append(parse_card(text))
        except CardNotationError as error:
            raise CardNotationError(f"card {position}: {error}") from None
    return tuple(cards)


def parse_card_string(text: str) -> tuple[Card, ...]:
    """Read cards (§1 notation) written together as one string of pairs (``"3RDW6K"``), as traces write them."""
    if len(text) % 2:
        raise CardNotationError(f"{text!r} has an odd length: cards are pairs like '3R' or 'DW', written together")
    return parse_cards(text[i : i + 2] for i in range(0, len(text), 2))


def format_cards(cards: Iterable[Card], separator: str = " ") -> str:
    """Cards in §1 notation, for messages (``'3R DW'``) or, with ``separator=""``, for traces (``'3RDW'``)."""
    return separator.join(str(card) for card in cards)
