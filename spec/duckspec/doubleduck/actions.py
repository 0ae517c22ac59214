"""The actions of Doubleduck: a card played, with what its player says (Rules §4).

The only decision a player makes is which card to play and what to call with it: nothing, one to
three quacks, or "doubleduck". Everything else (dealing, drawing, storing the won cards, the
change of course, scoring, the next deal) follows from the rules inside ``apply``. The calls are
Doubleduck's own: "quack-quack" here is a second card of the rank led, not Duck Soup's answer to
a quack.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from duckspec.cards import Card


class Call(enum.StrEnum):
    """What a player may say with a card, in canonical order (Rules §4.2, §4.3)."""

    NONE = "none"
    QUACK = "quack"
    QUACK_QUACK = "quack-quack"
    QUACK_QUACK_QUACK = "quack-quack-quack"
    DOUBLEDUCK = "doubleduck"

    @property
    def quacks(self) -> int:
        """How many quacks the call says: 0 for no call and for "doubleduck"."""
        return QUACKS[self]


QUACKS = {Call.NONE: 0, Call.QUACK: 1, Call.QUACK_QUACK: 2, Call.QUACK_QUACK_QUACK: 3, Call.DOUBLEDUCK: 0}
QUACK_CALLS = (Call.QUACK, Call.QUACK_QUACK, Call.QUACK_QUACK_QUACK)
"""The quack calls by number of quacks: ``QUACK_CALLS[n - 1]`` says ``n`` quacks."""
CALL_ORDER = tuple(Call)


@dataclass(frozen=True)
class Play:
    """``player`` plays ``card``, saying ``call`` (``Call.NONE`` for nothing)."""

    player: int
    card: Card
    call: Call = Call.NONE

    def __str__(self) -> str:
        said = "" if self.call is Call.NONE else f" calling {self.call}"
        return f"player {self.player} plays {self.card}{said}"


Action = Play
"""Doubleduck has one kind of action; the alias keeps the family's vocabulary."""


def check_well_formed(action: object) -> None:
    """Raise ``TypeError`` unless ``action`` is a :class:`Play` of the right types.

    A player is an ``int`` (``True`` is not a player), a card a :class:`~duckspec.cards.Card`, a call a
    :class:`Call`. A malformed action is a mistake of the program that built it, not a move the rules
    forbid: ``apply`` refuses it before consulting any rule, and nothing changes (as Duck Soup's
    :func:`duckspec.duck_soup.actions.check_well_formed` does).
    """
    if not isinstance(action, Play):
        raise TypeError(f"an action is a Play, not {type(action).__name__}")
    if type(action.player) is not int:
        raise TypeError(f"an action's player is an int, not {action.player!r}")
    if not isinstance(action.card, Card):
        raise TypeError(f"a Play's card is a Card, not {action.card!r}")
    if not isinstance(action.call, Call):
        raise TypeError(f"a Play's call is a Call ({', '.join(call.name for call in Call)}), not {action.call!r}")


def action_sort_key(action: Play) -> tuple[int, int, int]:
    """The canonical order of actions: by player, by card (:attr:`Card.index`), then by call."""
    return (action.player, action.card.index, CALL_ORDER.index(action.call))
