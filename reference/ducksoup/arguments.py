"""Checking the arguments of the engines' public entry points, shared by every game.

The engines are built for speed and trust their own values on the hot path; what a caller hands
to a constructor, ``observation()`` or the slow path of ``apply()`` is checked here, once, so that
a wrong argument is a ``TypeError`` or ``ValueError`` naming it, raised before anything changes.

**Integers are Python ints.** A player number, a count or a card number must have the type
``int`` exactly: ``True`` and ``1.0`` are refused (JSON and the rules tell them apart, and
``True == 1`` would let a bool pass for a player), and so are NumPy integers such as
``numpy.int64(1)``, in every game alike. Their message says to convert with ``int()``; the
bridges that hand out NumPy numbers (the PettingZoo environment) convert at their boundary.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def _received(value: object) -> str:
    """How a wrong value is shown: its repr, and a hint for an integer of another type (NumPy's)."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return f"{value!r} (a {type(value).__name__}: convert it with int())"
    return repr(value)


def check_int(value: object, what: str, expected: str) -> int:
    """``value`` if it is an ``int``; otherwise ``TypeError``: ``{what} is {expected}, not {value!r}``."""
    if type(value) is not int:
        raise TypeError(f"{what} is {expected}, not {_received(value)}")
    return value


def seats_text(count: int) -> str:
    """``player 0 or 1``, ``player 0, 1 or 2``, ...: the players of a game of ``count`` players."""
    names = [str(seat) for seat in range(count)]
    return "player " + (", ".join(names[:-1]) + " or " + names[-1] if count > 1 else names[0])


def check_player(value: object, players: int, what: str = "a player") -> int:
    """``value`` if it is a player of a game of ``players`` players, numbered from 0.

    ``TypeError`` unless it is an ``int`` (see the module's docstring), ``ValueError`` naming the range
    unless it is in it.
    """
    if type(value) is not int:  # the messages are built only when needed: constructors call this per deal
        raise TypeError(f"{what} is an int, {seats_text(players)}, not {_received(value)}")
    if not 0 <= value < players:
        raise ValueError(f"{what} must be {seats_text(players)}, not {value!r}")
    return value


def check_options(options: object, kind: type[T], default: T) -> T:
    """The rule options given, or ``default`` for ``None``; ``TypeError`` for anything but a ``kind``."""
    if options is None:
        return default
    if not isinstance(options, kind):
        raise TypeError(
            f"the rule options are {kind.__name__} (or None for the standard rules), not {type(options).__name__}"
        )
    return options


def check_card_number(card: object, kinds: int, parse: Callable[[str], int], card_type: type, example: str) -> int:
    """A card as an engine's int: from a ``card_type`` (its ``index``), an int below ``kinds`` or notation.

    ``TypeError`` for anything else (a float, a bool or a NumPy integer is not a card number),
    ``ValueError`` for an int out of range or a text that is not a card (``parse`` refuses it).
    """
    if type(card) is int:
        if not 0 <= card < kinds:
            raise ValueError(f"a card number is 0 to {kinds - 1}, not {card}")
        return card
    if isinstance(card, str):
        return parse(card)
    if isinstance(card, card_type):
        index: int = card.index  # type: ignore[attr-defined]  # every game's Card has an index
        return index
    raise TypeError(
        f"a card is a {card_type.__name__}, an int 0-{kinds - 1} or a name like {example!r}, not {_received(card)}"
    )
