"""What every game's generator plan shares: randomness seeded by a trace's ID, shuffled decks, bot traces and
pools of seeded deals.

A game's ``plan`` module lists its traces, each built by a function that the plan names; most of them are
played by a bot from seeded shuffles. The seeding, the shuffling, the bot's playing out (with illegal actions
tried on the way, and one more after the end) and the playing of a pool of seeded deals are the same for every
game and written once here; a game gives its pack, its oracle's start, its policies and its descriptions.
Seeding by the trace's ID means that adding a trace never changes another.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, Self, TypeVar

from duckcheck.codec import JSON
from duckcheck.recording import CodeT, PlayedTable, Recorder

CardT = TypeVar("CardT")
ActionT = TypeVar("ActionT")
TableT = TypeVar("TableT", bound="Playable[Any]")
ActionT_contra = TypeVar("ActionT_contra", contravariant=True)


class Playable(PlayedTable, Protocol[ActionT_contra]):
    """What a pool reads of a game's oracle table: whether its play is over, and the table after an action."""

    def apply(self, action: ActionT_contra, /) -> Self: ...


def seeded(name: str) -> random.Random:
    """A random source that depends on ``name`` (a trace's ID) only, whatever ``PYTHONHASHSEED`` is."""
    return random.Random(hashlib.sha256(name.encode()).hexdigest())


def shuffled_decks(rng: random.Random, pack: Callable[[], Sequence[CardT]], count: int) -> list[tuple[CardT, ...]]:
    """``count`` shuffles of the game's ``pack``, drawn from ``rng`` one after the other."""
    decks = []
    for _ in range(count):
        deck = list(pack())
        rng.shuffle(deck)
        decks.append(tuple(deck))
    return decks


def seeded_setup(
    trace_id: str, pack: Callable[[], Sequence[CardT]], decks: int, players: int
) -> tuple[list[tuple[CardT, ...]], int]:
    """The decks of a bot's trace, shuffled by the trace's ID, and its first player (the trace's ``dealer``),
    drawn after them from the same random source."""
    rng = seeded(trace_id)
    shuffles = shuffled_decks(rng, pack, decks)
    return shuffles, rng.randrange(players)


def bot_description(what: str, policy: str, inject: float, variant: str = "") -> str:
    """``A deal played by the random bot``: ``what`` is played, then the rule options in words (``variant``), and
    whether illegal actions are tried on the way (``inject`` > 0)."""
    tried = ", with illegal actions tried on the way" if inject else ""
    return f"{what} played by the {policy} bot{variant}{tried}"


def bot_played(
    recorder: Recorder[Any, ActionT, CodeT],
    policy: Callable[[Any, random.Random], ActionT],
    after_the_end: ActionT,
    inject: float = 0.0,
    end_with: CodeT | None = None,
) -> JSON:
    """The trace of ``recorder`` played out by ``policy`` (trying illegal actions with probability ``inject``),
    and with ``end_with``, the action ``after_the_end`` tried once play is over, rejected with that code."""
    recorder.play_out(policy, inject=inject)
    if end_with is not None:
        recorder.reject(after_the_end, end_with)
    return recorder.trace()


def played_deals(
    name: str,
    pack: Callable[[], Sequence[CardT]],
    start: Callable[[tuple[CardT, ...]], TableT],
    policy: Callable[[TableT, random.Random], Any],
    rng_of: Callable[[TableT], random.Random],
) -> Iterator[tuple[tuple[CardT, ...], TableT]]:
    """Seeded decks without end (the shuffles of the random source ``name``), each with the table that ``start``
    deals from it played to its end by ``policy``, with the deal's own random source ``rng_of`` its first table."""
    rng = random.Random(name)
    while True:
        deck = shuffled_decks(rng, pack, 1)[0]
        table = start(deck)
        play_rng = rng_of(table)
        while not table.is_over:
            table = table.apply(policy(table, play_rng))
        yield deck, table
