"""What ``ducksoup replay`` and ``explain`` ask of a game's narrator.

A narrator plays a trace on the game's specification (never trusting the trace's expected
states: in a dispute the rules decide) and tells each step with the rule behind it. Each game
has its own (Duck Soup's is ``ducksoup.duck_soup.narrate``); ``ducksoup.telling`` drives it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol


class NarrationStopped(Exception):
    """A step the rules forbid, though the trace says it is accepted (or the reverse)."""


class Narrator(Protocol):
    """Tells one trace step by step."""

    def steps(self) -> Iterator[tuple[int, list[str]]]:
        """Each step's number (0 for the setup) and the lines that tell it; raises :class:`NarrationStopped`."""
        ...

    def position(self) -> list[str]:
        """The position now, as lines (hands, table, stock, points), seen as the narrator's player if any."""
        ...

    def legal_lines(self) -> list[str]:
        """Every legal action now, described ("could I have quacked here?")."""
        ...

    def between_tricks(self) -> bool:
        """Whether the last step finished a trick (or its game's unit of play), where ``replay`` shows the position."""
        ...
