"""Deck orders, shared by the whole family: a game's play is given its decks one after the other.

A deck order lists the cards of one deck top first, as they leave it. A game (or a match) holds the
deck orders it has been given and deals (or starts a round) from the next one whenever its rules say
so; a trace or a caller may give more while it waits. Keeping those deck orders, each checked once
and held as a tuple, is the same for every game.

This module knows nothing of any game's rules: what a whole deck is belongs to each game (its
``check_deck``), and who deals from the next deck is each game's own rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

CardT = TypeVar("CardT")


def checked_decks(
    decks: Iterable[Sequence[CardT]], check_deck: Callable[[Sequence[CardT]], None]
) -> tuple[tuple[CardT, ...], ...]:
    """Each deck order of ``decks`` as a tuple, once the game's ``check_deck`` has passed it.

    ``check_deck`` raises ``ValueError``, saying what is wrong, for a deck that is not a whole deck of
    the game; nothing is returned then.
    """
    checked = []
    for deck in decks:
        check_deck(deck)
        checked.append(tuple(deck))
    return tuple(checked)
