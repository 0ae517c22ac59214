"""Aw Ducks!'s part of the suite: the plan the generator (:mod:`duckcheck.generator`) follows.

Every trace is computed by the specification (expected values are never typed by hand):
regenerate with ``python -m duckcheck.generator --game aw-ducks`` and review the diff. Traces
come from bots (:mod:`duckcheck.aw_ducks.policies`) playing rounds and games for 2, 3 and 4
players from seeded shuffles (some trying illegal actions on the way), and from the hand-made
edge cases of :mod:`duckcheck.aw_ducks.scenarios`. Each trace's randomness is seeded by its ID,
so adding a trace never changes another. IDs are permanent and start with ``ad-``; the header's
``dealer`` holds the first round's start player (the game has no dealer).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from duckcheck.aw_ducks.oracle import Scope
from duckcheck.aw_ducks.policies import POLICIES
from duckcheck.aw_ducks.recorder import Recorder
from duckcheck.aw_ducks.scenarios import EDGE_CASES, GAME_DECKS
from duckcheck.codec import JSON
from duckcheck.planning import bot_description, bot_played, seeded_setup
from duckspec.aw_ducks import PLAYERS
from duckspec.aw_ducks.actions import Draw
from duckspec.aw_ducks.components import full_deck
from duckspec.aw_ducks.errors import ErrorCode
from duckspec.aw_ducks.options import RuleOptions


def bot_trace(
    trace_id: str,
    scope: Scope,
    players: int,
    options: RuleOptions,
    policy: str,
    inject: float = 0.0,
    end_with: ErrorCode | None = None,
) -> JSON:
    """A round or game for ``players`` played by ``policy`` from seeded shuffles and a seeded start player."""
    decks, start = seeded_setup(trace_id, full_deck, 1 if scope is Scope.ROUND else GAME_DECKS, players)
    target = "" if options.target is None else f" to {options.target}"
    what = "A round" if scope is Scope.ROUND else f"A game{target}"
    description = bot_description(f"{what} for {players} players", policy, inject)
    recorder = Recorder(trace_id, description, scope, options, start, decks, players, [policy])
    return bot_played(recorder, POLICIES[policy], Draw(0), inject, end_with)


ROUNDS = {"random": 8, "greedy": 5, "discarder": 5}
"""Rounds per bot and number of players."""
GAMES: dict[str, tuple[RuleOptions, ...]] = {
    "greedy": (RuleOptions(), RuleOptions(target=150)),
    "random": (RuleOptions(target=100), RuleOptions(target=200)),
    "discarder": (RuleOptions(target=150),),
}
"""The games each bot plays for each number of players: the suggested target and smaller ones."""


def plan() -> Iterator[tuple[str, Callable[[], JSON]]]:
    """Every trace ID with the function that builds it, in a fixed order."""
    for players in PLAYERS:
        for policy, count in ROUNDS.items():
            for n in range(1, count + 1):
                trace_id = f"ad-round-{players}p-{policy}-{n:02d}"
                yield trace_id, partial(bot_trace, trace_id, Scope.ROUND, players, RuleOptions(), policy)
        for n in range(1, 5):
            trace_id = f"ad-round-{players}p-illegal-{n:02d}"
            policy = ("random", "discarder")[n % 2]
            build = partial(
                bot_trace, trace_id, Scope.ROUND, players, RuleOptions(), policy, 0.15, ErrorCode.ROUND_OVER
            )
            yield trace_id, build
        for policy, games in GAMES.items():
            for n, options in enumerate(games, start=1):
                trace_id = f"ad-game-{players}p-{policy}-{n:02d}"
                yield trace_id, partial(bot_trace, trace_id, Scope.GAME, players, options, policy)
        trace_id = f"ad-game-{players}p-illegal-01"
        build = partial(
            bot_trace, trace_id, Scope.GAME, players, RuleOptions(target=100), "random", 0.1, ErrorCode.GAME_OVER
        )
        yield trace_id, build
    yield from EDGE_CASES.items()
