"""Rules §7 Score (turn option 2): bank the tableau, and every pond duck whose condition it meets.

The whole tableau goes face down into the player's score pile, and with it every duck of the
Duck Pond whose condition the tableau satisfies (the reference card's table, kept in the text as
a list). The conditions read the tableau's number cards as a whole (rulings AD-R06 to AD-R09):

* red: at least five odd numbers, or at least five even numbers, counting cards (AD-R06);
* yellow: at least four consecutive values, in any colours, whatever else lies beside them; 6
  and 1 are not consecutive (AD-R07);
* green: at least three cards of one value (AD-R08);
* blue: at least five different colours (AD-R08);
* purple: at least three cards of one colour (AD-R08);
* rainbow: always, even when the tableau is empty (AD-R04).

Black is a colour like the others for blue and purple. One tableau can meet several conditions
with the same cards, and a met condition takes every duck of that colour in the pond (AD-R09).
"""

from __future__ import annotations

from collections import Counter

from duckspec.aw_ducks.components import Card, Colour, exists  # noqa: F401 (exists: in contracts)

RED_COUNT = 5
"""Odd (or even) numbers a red duck wants (§7; AD-R06)."""
YELLOW_RUN = 4
"""Consecutive values a yellow duck wants (§7; AD-R07)."""
GREEN_COUNT = 3
"""Cards of one value a green duck wants (§7; AD-R08)."""
BLUE_COLOURS = 5
"""Different colours a blue duck wants (§7; AD-R08)."""
PURPLE_COUNT = 3
"""Cards of one colour a purple duck wants (§7; AD-R08)."""


def odd_count(tableau: tuple[Card, ...]) -> int:
    """How many cards of the tableau have an odd value (§7; AD-R06)."""
    return sum(1 for card in tableau if card.value % 2 == 1)


def red_met(tableau: tuple[Card, ...]) -> bool:
    """Red: at least five odd numbers or at least five even ones, copies counted (§7; AD-R06).

    pre: all(exists(card) and card.is_number for card in tableau)
    post: (len(tableau) >= 5 or not __return__) and (len(tableau) < 9 or __return__)
    """
    odd = odd_count(tableau)
    return odd >= RED_COUNT or len(tableau) - odd >= RED_COUNT


def yellow_met(tableau: tuple[Card, ...]) -> bool:
    """Yellow: four consecutive values all present, in any colours; no wrap from 6 to 1 (§7; AD-R07).

    pre: all(exists(card) and card.is_number for card in tableau)
    post: __return__ == any({low, low + 1, low + 2, low + 3} <= {card.value for card in tableau} for low in (1, 2, 3))
    """
    values = {card.value for card in tableau}
    return any(all(low + step in values for step in range(YELLOW_RUN)) for low in range(1, 7 - YELLOW_RUN + 1))


def green_met(tableau: tuple[Card, ...]) -> bool:
    """Green: at least three cards of one value (§7; AD-R08).

    pre: all(exists(card) and card.is_number for card in tableau)
    post: (len(tableau) >= 3 or not __return__) and (len(tableau) < 13 or __return__)
    """
    return max(Counter(card.value for card in tableau).values(), default=0) >= GREEN_COUNT


def blue_met(tableau: tuple[Card, ...]) -> bool:
    """Blue: at least five different colours, black among them (§7; AD-R08).

    pre: all(exists(card) and card.is_number for card in tableau)
    post: __return__ == (len({card.colour for card in tableau}) >= 5)
    """
    return len({card.colour for card in tableau}) >= BLUE_COLOURS


def purple_met(tableau: tuple[Card, ...]) -> bool:
    """Purple: at least three cards of one colour, black counting as a colour (§7; AD-R08).

    pre: all(exists(card) and card.is_number for card in tableau)
    post: (len(tableau) >= 3 or not __return__) and (len(tableau) < 13 or __return__)
    """
    return max(Counter(card.colour for card in tableau).values(), default=0) >= PURPLE_COUNT


def condition_met(duck_colour: Colour, tableau: tuple[Card, ...]) -> bool:
    """Whether ``tableau`` satisfies the condition of the ducks of ``duck_colour`` (§7; AD-R04, AD-R06 to AD-R08).

    pre: duck_colour != Colour.BLACK
    pre: all(exists(card) and card.is_number for card in tableau)
    post: duck_colour != Colour.RAINBOW or __return__
    """
    if duck_colour is Colour.RAINBOW:
        return True
    return CONDITIONS[duck_colour](tableau)


CONDITIONS = {
    Colour.RED: red_met,
    Colour.YELLOW: yellow_met,
    Colour.GREEN: green_met,
    Colour.BLUE: blue_met,
    Colour.PURPLE: purple_met,
}
"""The condition of each coloured duck (§7)."""


def ducks_scored(pond: tuple[Card, ...], tableau: tuple[Card, ...]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The pond's ducks that a Score with ``tableau`` takes, and those left in the pond (§7; AD-R09).

    Every duck whose condition is met goes, all copies of it; the same cards may meet several conditions.

    pre: all(exists(card) and card.is_duck for card in pond)
    pre: all(exists(card) and card.is_number for card in tableau)
    post: len(__return__[0] + __return__[1]) == len(pond) and all(d.colour != Colour.RAINBOW for d in __return__[1])
    """
    met = {colour: condition_met(colour, tableau) for colour in {card.colour for card in pond}}
    return tuple(card for card in pond if met[card.colour]), tuple(card for card in pond if not met[card.colour])


def score_turn(tableau: tuple[Card, ...], pond: tuple[Card, ...]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A Score turn: the cards that go to the score pile (the tableau and the ducks taken), and the pond left (§7).

    pre: all(exists(card) and card.is_number for card in tableau)
    pre: all(exists(card) and card.is_duck for card in pond)
    post: len(__return__[0]) + len(__return__[1]) == len(tableau) + len(pond)
    """
    taken, left = ducks_scored(pond, tableau)
    return tableau + taken, left
