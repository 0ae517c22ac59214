"""What every game's bots share: the :class:`Bot` protocol, the :class:`RandomBot` baseline, and the strong bots'
rule for trusting play-outs over the greedy bot's choice (:func:`clear_winner`).

A bot gets its player's view (the engine's ``observation(player)``: what that player may see, nothing
more) and the legal actions, and returns one of them. It is never given the deal or round itself, so
its results measure play, not peeking, and the same bot can sit behind any implementation that produces
the conformance suite's views. Each game's ``bots`` module adds its own strategies (greedy, strong) and
its table of bots by name; the protocol, the random bot and the strong bots' rule of choice are written once, here.

Every bot draws only from its own ``random.Random(seed)``, so a simulation is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
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


def clear_winner(results: Sequence[Sequence[float]], margin: float) -> int:
    """The index of the candidate to play, from each candidate's results in the same sampled worlds: the first
    (the greedy bot's choice) unless another's mean beats it by more than ``margin`` standard errors of their paired
    difference; then the one that beats it by most (the earlier of equals).

    The arithmetic is exact (every float is a fraction): a gain of exactly ``margin`` standard errors, as when two
    candidates differ in one world only and ``margin`` is 1, is not more, whatever the rounding would say. With
    one world there is no spread, and any gain counts.
    """
    rows = [[Fraction(value) for value in row] for row in results]
    bar = Fraction(max(margin, 0.0)) ** 2
    best, best_total = 0, Fraction(0)
    for index in range(1, len(rows)):
        differences = [b - a for a, b in zip(rows[0], rows[index], strict=True)]
        count = len(differences)
        total = sum(differences, Fraction(0))
        squares = sum((difference * difference for difference in differences), Fraction(0))
        # mean > margin * sqrt(variance / count), with mean = total / count and variance = (count * squares -
        # total ** 2) / (count * (count - 1)): both sides squared (the mean is positive) and multiplied by count ** 2
        spread = (count * squares - total * total) / (count - 1) if count > 1 else Fraction(0)
        if total > best_total and total * total > bar * spread:
            best, best_total = index, total
    return best
