"""What ``ducksoup replay`` and ``explain`` ask of a game's narrator, and what a game file gives it.

A narrator plays a trace on the game's specification and tells each step with the rule behind
it. What the rules say decides: a conformance trace's stored states are claims, and with
``check`` the first one the rules contradict stops the telling. Each game has its own narrator
(Duck Soup's is ``ducksoup.duck_soup.narrate``); ``ducksoup.telling`` drives it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol

JSON = dict[str, Any]


class NarrationStopped(Exception):
    """A step the rules forbid, though the trace says it is accepted."""


@dataclass(frozen=True)
class Told:
    """One step told: its number (0 for the first deal), its lines, and why the narration stops there, if it does."""

    number: int
    lines: list[str]
    stop: str | None = None


@dataclass(frozen=True)
class Loaded:
    """What a game file holds, ready to tell: a trace, and what a hand-written record adds to it."""

    trace: JSON
    is_record: bool = False
    names: tuple[str, ...] | None = None
    """The players' names, from a record; "player 0", "player 1" ... without them."""
    inferred: frozenset[tuple[int, str]] = frozenset()
    """The cards whose place a record does not give: (deal, from 1; the card)."""
    stopped: str | None = None
    """Why a record could be told only up to a point: the rule it breaks there, with its line and column."""


class Narrator(Protocol):
    """Tells one trace step by step."""

    check: bool
    """Whether the trace's stored states and outcome are compared with the rules' (a trace, not a record)."""

    def steps(self) -> Iterator[Told]:
        """Each step told, in order; raises :class:`NarrationStopped` at a step the rules forbid."""
        ...

    def position(self) -> list[str]:
        """The position now, as lines (hands, table, stock, points), seen as the narrator's player if any."""
        ...

    def legal_lines(self) -> list[str]:
        """Every legal action now, described ("could I have quacked here?")."""
        ...

    def between_tricks(self) -> bool:
        """Whether the last step told finished a trick (or its game's unit of play): ``replay`` shows the position."""
        ...

    def final_disagreement(self) -> str | None:
        """Where the trace's ``final`` outcome disagrees with the rules' (once every step is told), or None."""
        ...
