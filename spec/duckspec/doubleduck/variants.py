"""Rule options of Doubleduck: the other reading of a point the text states two ways.

The standard game (every option at its default) follows the Play section of the text. One
option gives the reading of the Deal section where the two differ:

* ``draw``: when the players draw in the Duck course (ruling DD-R02). ``WINNER_FIRST`` (standard):
  once the trick is complete, each player draws one card, the trick's winner first and then round
  to the left (§4.6). ``AS_PLAYED``: each player draws a card straight after playing to the trick,
  so the leader draws first and every hand is back to thirteen before the next player plays (§2).
  The option changes only who receives which card from the stock, and when.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class DrawOrder(enum.StrEnum):
    """When, and in what order, the players draw after playing to a Duck trick (§2, §4.6; DD-R02)."""

    WINNER_FIRST = "winner-first"
    AS_PLAYED = "as-played"


@dataclass(frozen=True)
class RuleOptions:
    """The rule options of one deal or game; the defaults are the standard rules."""

    draw: DrawOrder = DrawOrder.WINNER_FIRST

    @property
    def is_standard(self) -> bool:
        """Whether every option is at its default."""
        return self == RuleOptions()


STANDARD = RuleOptions()
