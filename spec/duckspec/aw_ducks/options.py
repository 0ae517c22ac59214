"""The rule options of Aw Ducks!: what the players agree before they start.

The text leaves one thing to the players (§2 Objective): how far a game of several rounds goes.
It suggests a total of 400 points for two players, 300 for three and 250 for four, and allows
more. The option ``target`` holds the agreed total; ``None``, the standard, means the total
suggested for the number of players (:func:`duckspec.aw_ducks.objective.target_for`). A trace of
one round ignores it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuleOptions:
    """The rule options of one round or game; the defaults are the text's suggestions."""

    target: int | None = None

    def __post_init__(self) -> None:
        if self.target is not None and (isinstance(self.target, bool) or self.target < 1):
            raise ValueError(
                f"the target is a total of at least 1 point (or None for the suggested one), not {self.target!r}"
            )

    @property
    def is_standard(self) -> bool:
        """Whether every option is at its default: the suggested target."""
        return self == RuleOptions()


STANDARD = RuleOptions()
