"""The JSON forms every game of the family shares: plain JSON data, playing cards, and the errors of bad input.

Cards of a standard pack are written ``TC`` (rank then suit); a list of them is one string of
such pairs (``"9C4CAS"``), top first for decks. A game with cards of its own (Aw Ducks!) has
its own notation in its folder. Everything here is plain JSON data (dicts, lists, strings,
ints, None), so the same values appear in traces, in adapter replies and in reports.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from duckcheck.untrusted import excerpt
from duckspec.cards import Card, CardNotationError, parse_card

JSON = dict[str, Any]


class EncodingError(ValueError):
    """JSON that does not describe what it should; the message says where and what was expected."""


class SetupError(ValueError):
    """A scope, options, players, dealer and decks that do not make a table of the game."""


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as one string of ``TC`` pairs."""
    return "".join(str(card) for card in cards)


def parse_cards_text(text: str, where: str = "cards") -> tuple[Card, ...]:
    """The cards of a string of ``TC`` pairs; errors name ``where`` and the position."""
    if not isinstance(text, str):
        raise EncodingError(f"{where}: cards are a string of pairs like '9C4CAS', not {excerpt(text)}")
    if len(text) % 2:
        raise EncodingError(f"{where}: {excerpt(text)} has an odd length; cards are pairs like 'TC'")
    try:
        return tuple(parse_card(text[i : i + 2]) for i in range(0, len(text), 2))
    except CardNotationError as error:
        raise EncodingError(f"{where}: {error}") from None


def parse_option_values(data: Any, values: dict[str, list[Any]], where: str = "options") -> dict[str, Any]:
    """Every rule option of a game from JSON, the missing ones at their standard value (the first listed).

    Unknown keys and values are :class:`EncodingError` naming ``where`` and what would be right.
    """
    if not isinstance(data, dict):
        raise EncodingError(f"{where}: expected an object, got {excerpt(data)}")
    for key, value in data.items():
        if key not in values:
            raise EncodingError(f"{where}: unknown rule option {excerpt(key)}; known options: {', '.join(values)}")
        if value not in values[key] or isinstance(value, bool) != isinstance(values[key][0], bool):
            raise EncodingError(
                f"{where}: option {excerpt(key)} cannot be {excerpt(value)}; choose one of {values[key]}"
            )
    return {key: data.get(key, choices[0]) for key, choices in values.items()}
