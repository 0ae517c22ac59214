"""Copies of small Aw Ducks! spec functions, each with a one-character fault and the same contracts.

CrossHair must find a counterexample in each (``tests/aw_ducks/test_contracts.py``). This folder is
put on CrossHair's path as a top-level module, so it imports only the specification.
"""

from __future__ import annotations

from duckspec.aw_ducks.components import Card
from duckspec.aw_ducks.discarding import Benefit


def benefit_of(card: Card) -> Benefit:
    """The benefit of discarding ``card``, with a 3 buying a Safe Draw (the fault).

    pre: card.is_number
    post: (__return__ == Benefit.SAFE_DRAW) == (card.value <= 2)
    post: (__return__ == Benefit.SECRET_STASH) == (card.value >= 5)
    """
    if card.value <= 3:
        return Benefit.SAFE_DRAW
    return Benefit.QUICK_QUACK if card.value <= 4 else Benefit.SECRET_STASH


def next_start_player(start: int, players: int) -> int:
    """The next start player, passing right (the fault).

    pre: 2 <= players <= 4 and 0 <= start < players
    post: __return__ == (start + 1) % players
    """
    return (start - 1) % players
