"""How the terminal shows Aw Ducks! cards: the project's notation (``3R``, ``6K``, ``DG``, ``DW``), in colour.

The notation stays as it is (so a player types what they see); only its colour changes: each
colour in its own, black numbers bold, ducks bold in their colour. With ``NO_COLOR`` or a dumb
terminal (:func:`ducksoup.display.plain_output`) cards are plain text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from duckspec.aw_ducks.components import Card, Colour

MARKUP = {
    Colour.RED: "red",
    Colour.YELLOW: "yellow",
    Colour.GREEN: "green",
    Colour.BLUE: "blue",
    Colour.PURPLE: "magenta",
    Colour.BLACK: "bold",
    Colour.RAINBOW: "bold",
}
"""The rich style of each colour."""
COLOUR_WORDS = {
    Colour.RED: "red",
    Colour.YELLOW: "yellow",
    Colour.GREEN: "green",
    Colour.BLUE: "blue",
    Colour.PURPLE: "purple",
    Colour.BLACK: "black",
    Colour.RAINBOW: "rainbow",
}


@dataclass(frozen=True)
class CardStyle:
    """How cards are shown: coloured with rich markup, or plain."""

    colours: bool = True

    def card(self, card: Card) -> str:
        if not self.colours:
            return str(card)
        style = (
            MARKUP[card.colour] if card.is_number or card.colour is Colour.RAINBOW else f"bold {MARKUP[card.colour]}"
        )
        return f"[{style}]{card}[/{style}]"

    def cards(self, cards: Sequence[Card]) -> str:
        """The cards separated by spaces, or ``-`` for none."""
        return " ".join(self.card(card) for card in cards) or "-"
