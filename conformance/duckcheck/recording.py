"""What every game's trace recorder shares: the error of a scenario gone wrong, and playing a trace out.

Each game's ``recorder`` builds its traces by playing on its oracle (a ``Table``), step by step;
the way a recorder plays on to the end of a trace with a policy, trying illegal actions on the
way, is the same for every game and is written once here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sized
from typing import Protocol, TypeVar


class RecordingError(RuntimeError):
    """A scenario that does not do what it says (a bug in the generator, not in an implementation)."""


class PlayedTable(Protocol):
    """What :func:`play_out` reads of a game's oracle table."""

    @property
    def is_over(self) -> bool: ...

    @property
    def needs_deck(self) -> bool: ...

    @property
    def decks_used(self) -> int: ...


TableT = TypeVar("TableT", bound=PlayedTable)
TableT_co = TypeVar("TableT_co", bound=PlayedTable, covariant=True)
ActionT = TypeVar("ActionT")
ActionT_contra = TypeVar("ActionT_contra", contravariant=True)


class Recording(Protocol[TableT_co, ActionT_contra]):
    """What :func:`play_out` uses of a game's recorder."""

    @property
    def id(self) -> str: ...

    @property
    def decks(self) -> Sized: ...

    @property
    def steps(self) -> Sized: ...

    @property
    def table(self) -> TableT_co: ...

    def act(self, action: ActionT_contra) -> object: ...

    def reject(self, action: ActionT_contra) -> object: ...


def play_out(
    recorder: Recording[TableT, ActionT],
    policy: Callable[[TableT, random.Random], ActionT],
    rng_of: Callable[[TableT], random.Random],
    illegal_actions: Callable[[TableT], Iterable[ActionT]],
    rejection: Callable[[TableT, ActionT], object],
    inject: float = 0.0,
    only: object = None,
    until: int | None = None,
) -> None:
    """Play ``recorder``'s trace with ``policy`` until its play ends (or ``until`` steps are recorded).

    Each deal (or round) draws its random choices from ``rng_of`` its first table, so its play depends
    only on its deck and the player who starts it. With ``inject`` > 0, an illegal action (one whose
    ``rejection`` is ``only``, if given) is tried before a step with that probability.
    """
    rng, used = rng_of(recorder.table), recorder.table.decks_used
    while not recorder.table.is_over and (until is None or len(recorder.steps) < until):
        table = recorder.table
        if table.needs_deck:
            raise RecordingError(f"{recorder.id}: the game needs more than {len(recorder.decks)} decks")
        if table.decks_used != used:
            rng, used = rng_of(table), table.decks_used
        if inject and rng.random() < inject:
            candidates = [
                action for action in illegal_actions(table) if only is None or rejection(table, action) is only
            ]
            if candidates:
                recorder.reject(rng.choice(candidates))
        recorder.act(policy(recorder.table, rng))
