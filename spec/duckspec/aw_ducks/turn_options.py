"""Rules §5 Turn options: on a turn a player Draws (§6), Scores (§7) or Discards (§8).

A player whose tableau is empty has nothing to score or discard and must Draw. Two kinds of
turn leave no choice at all: the Score turn that must follow a Quick Quack or a Secret Stash
(§8) and each player's last Score turn once the round has ended (§9). The project makes each of
them an action of its own, so that an implementation's scoring can be checked turn by turn.
"""

from __future__ import annotations

import enum

from duckspec.aw_ducks.components import Card, exists  # noqa: F401 (exists: in contracts)
from duckspec.aw_ducks.errors import ErrorCode, IllegalAction


class TurnOption(enum.StrEnum):
    """The three things a player may do on a turn (§5), in the text's order."""

    DRAW = "draw"
    SCORE = "score"
    DISCARD = "discard"


def must_draw(tableau: tuple[Card, ...]) -> bool:
    """Whether the player must Draw: their tableau is empty (§5).

    post: __return__ == (len(tableau) == 0)
    """
    return not tableau


def draw_problem(tableau: tuple[Card, ...], option: TurnOption, player: int) -> IllegalAction | None:
    """The refusal of a Score or a Discard on an empty tableau, where §5 leaves only the Draw, else None."""
    if option is TurnOption.DRAW or not must_draw(tableau):
        return None
    return IllegalAction(ErrorCode.DRAW_REQUIRED, "§5", f"player {player}'s tableau is empty: they must Draw")


def turn_options(tableau: tuple[Card, ...]) -> tuple[TurnOption, ...]:
    """The options open on a free turn: Draw only on an empty tableau, else all three (§5; AD-R05).

    A tableau of one card may be discarded down to nothing (AD-R05).

    post: __return__[0] == TurnOption.DRAW
    post: len(__return__) == (1 if len(tableau) == 0 else 3)
    """
    if must_draw(tableau):
        return (TurnOption.DRAW,)
    return (TurnOption.DRAW, TurnOption.SCORE, TurnOption.DISCARD)


def discard_choices(tableau: tuple[Card, ...]) -> tuple[Card, ...]:
    """The different cards a player may discard, in canonical order: two copies are one choice (§5, §8; AD-R05).

    pre: all(exists(card) for card in tableau) and tableau == tuple(sorted(tableau))
    post: len(set(__return__)) == len(__return__) and set(__return__) == set(tableau)
    """
    choices: list[Card] = []
    for card in tableau:
        if not choices or choices[-1] != card:
            choices.append(card)
    return tuple(choices)
