"""How the terminal shows playing cards, for every game of the family that uses them.

Cards show as ``10♥`` with the red suits in red, or as plain ``TH`` with ``NO_COLOR`` set or a
dumb terminal, so that a screen reader, a log file or a pipe gets plain letters.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from duckspec.cards import Card, CardNotationError, Rank, Suit, parse_card
from duckspec.trick_taking import Course

SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
SUIT_WORDS = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart", Suit.SPADES: "spade"}


def as_typed(text: str, style: str = "") -> Text:
    """``text`` to print exactly as it is: what the player typed, or a message quoting it, is never read as
    markup (``[/]``) or an emoji code (``:duck:``)."""
    return Text(text, style=style)


def hand_place(card: Card, course: Course) -> tuple[int, int]:
    """Where ``card`` goes in a hand sorted as ``course`` ranks it: by suit, then by rank, the Ace low in the
    Duck and high in the Soup (the trick-taking games, Duck Soup and Doubleduck)."""
    ace_high = course is Course.SOUP and card.rank is Rank.ACE
    return card.suit.value, Rank.KING + 1 if ace_high else card.rank.value


def in_hand_order(cards: Sequence[Card], course: Course) -> list[Card]:
    """``cards`` sorted as a hand is held in ``course`` (:func:`hand_place`)."""
    return sorted(cards, key=lambda card: hand_place(card, course))


def hand_in_order(text: str, course: str) -> list[str]:
    """The cards of a hand written ``TC`` by ``TC`` (as states and views hold it), sorted as the course named
    ``course`` (``duck`` or ``soup``) ranks them: the order the terminal and the viewer show a hand in. The viewer draws
    whatever an implementation sent: a code that is no card goes last, and a hand of an unknown course keeps its
    order."""
    codes = [text[index : index + 2] for index in range(0, len(text), 2)]
    if not isinstance(course, str) or course not in {member.value for member in Course}:
        return codes  # a state the viewer is asked to draw may be anything: what cannot be ranked keeps its order
    cards, unreadable = [], []
    for code in codes:
        try:
            cards.append(parse_card(code))
        except CardNotationError:
            unreadable.append(code)
    return [str(card) for card in in_hand_order(cards, Course(course))] + unreadable


def plain_output() -> bool:
    """Whether to write cards as plain ``9C`` rather than ``9♣``: ``NO_COLOR`` or a dumb terminal."""
    return "NO_COLOR" in os.environ or os.environ.get("TERM") == "dumb"


@dataclass(frozen=True)
class Style:
    """How cards are shown: suit symbols with colour markup, or plain letters."""

    symbols: bool = True

    def card(self, card: Card) -> str:
        if not self.symbols:
            return str(card)
        text = card.rank.letter.replace("T", "10") + SYMBOLS[card.suit]
        return f"[red]{text}[/red]" if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else text

    def cards(self, cards: Sequence[Card]) -> str:
        return " ".join(self.card(card) for card in cards) or "-"
