"""What every game's bots share: the :class:`Bot` protocol and the :class:`RandomBot` baseline.

A bot gets its player's view (the engine's ``observation(player)``: what that player may see, nothing
more) and the legal actions, and returns one of them. It is never given the deal or round itself, so
its results measure play, not peeking, and the same bot can sit behind any implementation that produces
the conformance suite's views. Each game's ``bots`` module adds its own strategies (greedy, strong) and
its table of bots by name; the protocol and the random bot are written once, here.

Every bot draws only from its own ``random.Random(seed)``, so a simulation is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

View = Mapping[str, Any]
"""What one player may see: the engine's ``observation(player)`` of a deal, round, game or match."""

T = TypeVar("T")
"""A game's action type: :class:`Bot` is generic over it, and :class:`RandomBot` plays any game's."""


class Bot(Protocol[T]):
    """A player of a game whose actions are of type ``T``: picks one of the legal actions from its own view."""

    def choose(self, view: View, legal: Sequence[T]) -> T:
        """One of ``legal``, decided from ``view`` alone (the player's observation)."""
        ...


class NoLegalAction(ValueError):
    """A bot was asked to choose when nothing is legal: the deal, round or game is over."""

    def __init__(self) -> None:
        super().__init__("there is no legal action: play is over")


class RandomBot:
    """Any legal action, uniformly at random: the baseline every strategy must beat, in every game."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[T]) -> T:
        """A uniform choice; the view is not even looked at."""
        if not legal:
            raise NoLegalAction()
        return legal[self.rng.randrange(len(legal))]
