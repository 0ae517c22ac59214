"""Tensor layouts for the bridges (NumPy only): named pieces of a flat ``float32`` vector, and the perfect-recall
information-state tensor every game built on :class:`~ducksoup.bridges.chance.ChanceEpisode` shares.

A layout is a tuple of ``(name, shape)`` pieces, in order; :func:`offsets` gives where each starts. The
**information state** of :func:`information_layout` is the player (one-hot), the game's header (one-hot
pieces, such as the dealer), then one row per event of the player's history, in order: an action
(who acted, one-hot, and the game's features of the action number) or a card the player saw (one-hot).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeAlias

import numpy as np
import numpy.typing as npt

Vector: TypeAlias = npt.NDArray[np.float32]
Layout: TypeAlias = tuple[tuple[str, tuple[int, ...]], ...]


def size(shape: Sequence[int]) -> int:
    return int(np.prod(shape))


def offsets(layout: Layout) -> dict[str, int]:
    """Where each piece of ``layout`` starts; ``end`` is the vector's length."""
    found, at = {}, 0
    for name, shape in layout:
        found[name] = at
        at += size(shape)
    found["end"] = at
    return found


def pieces(vector: Vector, layout: Layout) -> dict[str, Vector]:
    """Each piece of ``layout`` as a view of ``vector``, in its shape."""
    found, at = {}, 0
    for name, shape in layout:
        found[name] = vector[at : at + size(shape)].reshape(shape)
        at += size(shape)
    return found


def information_layout(players: int, header: Layout, action_width: int, kinds: int, events: int) -> Layout:
    """The information-state layout: ``player``, the header's pieces, then ``events`` rows of ``actor``
    (``players``), action features (``action_width``) and ``card`` (``kinds``)."""
    return (("player", (players,)), *header, ("events", (events, players + action_width + kinds)))


def write_information(
    out: Vector,
    layout: Layout,
    action_width: int,
    player: int,
    header: Sequence[int],
    events: Sequence[tuple[int, int]],
    action_features: Callable[[int], Sequence[int]],
) -> None:
    """Write an information state of :func:`information_layout` into ``out``: ``header`` are indices into the
    header's pieces (counted from their start), ``events`` the player's (actor, action number) and (-1, card)
    events, in order; ``action_features(number)`` the indices of an action's features."""
    out.fill(0.0)
    players = layout[0][1][0]
    rows, width = layout[-1][1]
    if len(events) > rows:
        raise ValueError(f"an information state holds {rows} events at most, not {len(events)}")
    ones = [player, *(players + index for index in header)]
    at = offsets(layout)["events"]
    card_at = players + action_width
    for actor, number in events:
        if actor >= 0:
            ones.append(at + actor)
            ones += [at + players + feature for feature in action_features(number)]
        else:
            ones.append(at + card_at + number)
        at += width
    out[ones] = 1.0
