"""The actions of Duck Soup: only what a player decides.

A player either plays a card, with a call or none (Rules §4, §6), or, as the leader facing a
quack, says "duck" (§6). Everything else (dealing, drawing, turning up the face-up card,
tallying, changing course, starting the next deal) follows from the rules inside ``apply``.
"""

from __future__ import annotations

from dataclasses import dataclass

from duckspec.cards import Card
from duckspec.duck_soup.quacking import Call

CALL_ORDER = tuple(Call)


@dataclass(frozen=True)
class Play:
    """``player`` plays ``card``, saying ``call`` (``Call.NONE`` for nothing)."""

    player: int
    card: Card
    call: Call = Call.NONE

    def __str__(self) -> str:
        said = "" if self.call is Call.NONE else f" {self.call}"
        return f"player {self.player} plays {self.card}{said}"


@dataclass(frozen=True)
class SayDuck:
    """``player``, the leader, answers a quack with "duck": the quacker takes the trick."""

    player: int

    def __str__(self) -> str:
        return f"player {self.player} says duck"


Action = Play | SayDuck


def action_sort_key(action: Action) -> tuple[int, int, int, int]:
    """The canonical order of actions: by player, plays before "duck", by card, then by call."""
    if isinstance(action, SayDuck):
        return (action.player, 1, 0, 0)
    return (action.player, 0, action.card.index, CALL_ORDER.index(action.call))
