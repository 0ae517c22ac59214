"""The actions of Aw Ducks!: only what a player decides, one turn each.

A player Draws (§6), Scores (§7) or Discards a card of their tableau (§8). The Score turn after a
Quick Quack or a Secret Stash and each final Score turn (§9) leave no choice, but they are
actions all the same, so that each can be checked. Everything else (ducks going to the pond,
numbers discarded by a duck, the benefit of a discard, the end of the round, the count, the next
round) happens inside ``apply``.
"""

from __future__ import annotations

from dataclasses import dataclass

from duckspec.aw_ducks.components import Card


@dataclass(frozen=True)
class Draw:
    """``player`` takes a Draw turn (§6)."""

    player: int

    def __str__(self) -> str:
        return f"player {self.player} draws"


@dataclass(frozen=True)
class Score:
    """``player`` takes a Score turn (§7): free, forced by a benefit (§8), or final (§9)."""

    player: int

    def __str__(self) -> str:
        return f"player {self.player} scores"


@dataclass(frozen=True)
class Discard:
    """``player`` discards one copy of ``card`` from their tableau for its benefit (§8)."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"player {self.player} discards {self.card}"


Action = Draw | Score | Discard


def action_sort_key(action: Action) -> tuple[int, int, int]:
    """The canonical order of actions: by player, then Draw, Score, Discard (§5's order), then by card."""
    if isinstance(action, Draw):
        return (action.player, 0, 0)
    if isinstance(action, Score):
        return (action.player, 1, 0)
    return (action.player, 2, action.card.index)
