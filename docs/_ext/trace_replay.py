"""The one loop that replays a trace on the specification for the docs' pages, whatever the game.

Each game's docs module (:mod:`game_docs`) draws a trace's play as tables: trick by trick, turn by
turn. What it needs from the play is the same in every game: each accepted step with the table
before and after it, and the steps refused along the way. :func:`replay` walks the steps once, on
the game's own table from the conformance suite's oracle (``duckcheck.<game>.oracle.Table``), and
each game keeps only what it draws.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeVar

from duckcheck.games import Setup

JSON = dict[str, Any]
Action = TypeVar("Action")
ActionIn = TypeVar("ActionIn", contravariant=True)


class Playable(Protocol[ActionIn]):
    """A table of the specification (a game's oracle ``Table``): immutable, an action gives the next one."""

    def apply(self, action: ActionIn) -> Self: ...


Table = TypeVar("Table", bound=Playable[Any])


@dataclass(frozen=True)
class Refused(Generic[Action]):
    """A step the trace expects to be refused, with its error code."""

    step: int
    action: Action
    code: str


@dataclass(frozen=True)
class Played(Generic[Action, Table]):
    """An accepted step: its number (from 1), its action, the table before and after it."""

    step: int
    action: Action
    before: Table
    after: Table
    refused: tuple[Refused[Action], ...]
    """The refused steps between the accepted step before this one and this one."""


@dataclass(frozen=True)
class Replay(Generic[Action, Table]):
    """A trace played out: where it started, each accepted step, and the refused steps after the last one."""

    start: Table
    played: tuple[Played[Action, Table], ...]
    refused_after: tuple[Refused[Action], ...]


def replay(
    trace: JSON, start: Callable[[Setup], Table], parse_action: Callable[[Any, str], Action]
) -> Replay[Action, Table]:
    """Play ``trace`` on the table ``start`` deals for its setup, reading each action with ``parse_action``.

    A refused step changes nothing (the rules leave the state as it was), so it is only noted,
    for the next accepted step to show.
    """
    table = first = start(Setup.of(trace))
    played: list[Played[Action, Table]] = []
    refused: list[Refused[Action]] = []
    for number, step in enumerate(trace["steps"], 1):
        action = parse_action(step["action"], f"step {number}")
        if "reject" in step:
            refused.append(Refused(number, action, step["reject"]))
            continue
        after = table.apply(action)
        played.append(Played(number, action, table, after, tuple(refused)))
        table, refused = after, []
    return Replay(first, tuple(played), tuple(refused))
