"""The table as text for ``render_mode="ansi"``, told by a game's narrator: the words ``ducksoup play`` and
``ducksoup replay`` use, seen by nobody in particular (every seat named "player N"), so that the text shows
the whole table the environment holds.
"""

from __future__ import annotations

from typing import Any


class NarratedTable:
    """Lines about an episode, told by ``narrator`` (a :class:`~ducksoup.narration.StepNarrator` of the episode's
    trace, started at its first position), one action at a time."""

    def __init__(self, narrator: Any) -> None:
        self.narrator = narrator

    def start(self) -> list[str]:
        """How the episode begins, and the position."""
        lines: list[str] = self.narrator.opening_lines()
        return lines if self.narrator.start_shows_position else lines + self.narrator.position()

    def action(self, action: Any) -> list[str]:
        """``action`` told as the rules apply it, and the position after a trick or an episode ends."""
        lines: list[str] = self.narrator.tell(action)
        return lines + self.narrator.position() if self.narrator.play_ended() else lines

    def turn(self) -> list[str]:
        """Who is to act and their options (nothing once the episode is over)."""
        player = self.narrator.to_act()
        if player is None or self.narrator.unit_is_over():
            return []
        options = ", ".join(self.narrator.option(action) for action in self.narrator.table.legal_actions())
        return [f"player {player}'s options: {options}"]
