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


def check_well_formed(action: object) -> None:
    """Raise ``TypeError`` unless ``action`` is a :class:`Play` or :class:`SayDuck` of the right types.

    A player is an ``int`` (``True`` is not a player), a card a :class:`~duckspec.cards.Card`, a call a
    :class:`~duckspec.duck_soup.quacking.Call`. A malformed action is a mistake of the program that
    built it, not a move the rules forbid: ``apply`` refuses it before consulting any rule, and
    nothing changes.
    """
    if not isinstance(action, Play | SayDuck):
        raise TypeError(f"an action is a Play or a SayDuck, not {type(action).__name__}")
    if type(action.player) is not int:
        raise TypeError(f"an action's player is an int, not {action.player!r}")
    if isinstance(action, Play):
        if not isinstance(action.card, Card):
            raise TypeError(f"a Play's card is a Card, not {action.card!r}")
        if not isinstance(action.call, Call):
            raise TypeError(f"a Play's call is a Call ({', '.join(call.name for call in Call)}), not {action.call!r}")


def action_sort_key(action: Action) -> tuple[int, int, int, int]:
    """The canonical order of actions: by player, plays before "duck", by card, then by call."""
    if isinstance(action, SayDuck):
        return (action.player, 1, 0, 0)
    return (action.player, 0, action.card.index, CALL_ORDER.index(action.call))
