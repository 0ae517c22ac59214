"""Cards as a player writes them: a game's notation, read in upper or lower case, with suit symbols."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class CardNotation:
    """How a game writes its cards: a rank letter then a suit letter (``9C``), canonical in upper case.

    ``symbols`` are other characters a player may write for a suit letter (``♣`` for ``C``);
    ``aliases`` other spellings of a rank that begin a card (``10`` for ``T``).
    """

    ranks: str
    suits: str
    symbols: Mapping[str, str] = field(default_factory=dict)
    """Other characters for a suit letter: ``{"♣": "C"}``."""
    aliases: Mapping[str, str] = field(default_factory=dict)
    """Other spellings of a rank at the start of a card: ``{"10": "T"}``."""
    help: str = ""
    """How to write a card, for an error message: ``write the rank then the suit, like 9C (...)``."""

    def read(self, text: str) -> str | None:
        """The card in canonical notation from ``text`` in any case, with symbols or aliases; None if it is not one."""
        upper = text.upper()
        for symbol, letter in self.symbols.items():
            upper = upper.replace(symbol, letter)
        for alias, rank in self.aliases.items():
            if upper.startswith(alias):
                upper = rank + upper[len(alias) :]
        if len(upper) == 2 and upper[0] in self.ranks and upper[1] in self.suits:
            return upper
        return None

    def index(self, card: str) -> int:
        """The card's place in the canonical order, suit by suit, each in rank order (``AC`` is 0)."""
        return self.suits.index(card[1]) * len(self.ranks) + self.ranks.index(card[0])

    def name(self, index: int) -> str:
        """The card at ``index`` of the canonical order (the inverse of :meth:`index`)."""
        suit, rank = divmod(index, len(self.ranks))
        return self.ranks[rank] + self.suits[suit]


STANDARD_CARDS = CardNotation(
    ranks="A23456789TJQK",
    suits="CDHS",
    symbols={"♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S", "♤": "S"},
    aliases={"10": "T"},
    help="write the rank then the suit, like 9C (ranks A 2-9 T or 10 J Q K, suits C D H S)",
)
"""The cards of the standard pack, Ace to King in clubs, diamonds, hearts and spades."""
