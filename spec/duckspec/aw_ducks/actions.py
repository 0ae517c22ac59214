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
from duckspec.aw_ducks.turn_options import TurnOption


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


def check_well_formed(action: object) -> None:
    """Raise ``TypeError`` unless ``action`` is a :class:`Draw`, :class:`Score` or :class:`Discard` of the right types
    (§5's three turn options).

    A player is an ``int`` (``True`` is not a player) and a Discard's card a
    :class:`~duckspec.aw_ducks.components.Card`. A malformed action is a mistake of the program that built it, not a
    turn the rules forbid: ``apply`` refuses it before consulting any rule, and nothing changes.
    """
    if not isinstance(action, Draw | Score | Discard):
        raise TypeError(f"an action is a Draw, a Score or a Discard, not {type(action).__name__}")
    if type(action.player) is not int:
        raise TypeError(f"a {type(action).__name__}'s player is an int, not {action.player!r}")
    if isinstance(action, Discard) and not isinstance(action.card, Card):
        raise TypeError(f"a Discard's card is a Card, not {action.card!r}")


def action_sort_key(action: Action) -> tuple[int, int, int]:
    """The canonical order of actions: by player, then Draw, Score, Discard (§5's order), then by card."""
    if isinstance(action, Draw):
        return (action.player, 0, 0)
    if isinstance(action, Score):
        return (action.player, 1, 0)
    return (action.player, 2, action.card.index)


def turn_option(action: Action) -> TurnOption:
    """The turn option (§5) an action takes: a Draw, a Score or a Discard."""
    if isinstance(action, Draw):
        return TurnOption.DRAW
    return TurnOption.SCORE if isinstance(action, Score) else TurnOption.DISCARD
