"""Rules §5 Play (Soup course): the second half of the deal, and who stores each side's Soup cards.

The Soup course starts when thirteen tricks have been played and the stock is empty (§2): the
stock of 52 lasts exactly thirteen Duck tricks, since each trick is followed by four draws. The
players then play out their thirteen cards, drawing nothing, in thirteen more tricks. Play is as
in the Duck course (§4), with three changes:

* the trick goes to the *highest* card of the suit led when nobody quacks or doubleducks;
* the Ace is high (§1), so it is still the best card of its suit;
* each side's won cards are stored by the other partner, not by the one who stored its Duck cards.

Who keeps which pile (ruling DD-R11): a side's Duck pile is kept by the partner who wins the
side's first Duck trick, and every Duck card the side wins goes there; its Soup pile is kept by
the other partner. A side that wins no Duck trick still stores its Soup cards, on a pile kept by
the partner who wins its first Soup trick (it scores nothing, §6). The winner of the last Duck
trick leads the first Soup trick, as after any trick (§4.1).
"""

from __future__ import annotations

from duckspec.doubleduck.cards import Course
from duckspec.doubleduck.errors import ErrorCode, IllegalAction
from duckspec.seats import partner, side_of  # noqa: F401  (side_of: used in contracts)

Keepers = tuple[int | None, int | None]
"""The seats keeping one side's Duck pile and Soup pile, None until the side stores its first card there."""


def course_after_trick(course: Course, stock_left: int) -> Course:
    """The course of the next trick: the Duck turns into the Soup once the stock is empty (Rules §2, §5).

    pre: stock_left >= 0
    post: __return__ == Course.SOUP or stock_left > 0
    post: course == Course.DUCK or __return__ == Course.SOUP
    """
    return Course.SOUP if course is Course.SOUP or stock_left == 0 else Course.DUCK


def is_deal_over(course: Course, hand_sizes: tuple[int, ...]) -> bool:
    """Whether the deal has ended: the Soup course is played out, every hand empty (Rules §5).

    pre: len(hand_sizes) == 4 and min(hand_sizes) >= 0
    post: __return__ == (course == Course.SOUP and max(hand_sizes) == 0)
    """
    return course is Course.SOUP and max(hand_sizes) == 0


def deal_over_refusal() -> IllegalAction:
    """The refusal of any card once the deal is over: the Soup course is played out (Rules §5)."""
    return IllegalAction(ErrorCode.DEAL_OVER, "§5", "the deal is over: every hand is played out")


def keepers_after_trick(keepers: Keepers, winner: int, course: Course) -> Keepers:
    """The keepers of a side's piles once ``winner`` has stored a trick of ``course`` for it (§4.5, §5; DD-R11).

    The first Duck trick names the Duck keeper; the Soup pile is kept by the Duck keeper's partner,
    or, for a side without a Duck trick, by the winner of its first Soup trick.

    pre: 0 <= winner < 4
    pre: all(seat is None or side_of(seat) == side_of(winner) for seat in keepers)
    pre: keepers[0] is None or keepers[1] is None or keepers[1] == partner(keepers[0])
    pre: course == Course.SOUP or keepers[1] is None
    post: __return__[0 if course == Course.DUCK else 1] is not None
    post: __return__[0] is None or __return__[1] is None or __return__[1] == partner(__return__[0])
    post: keepers[0] is None or __return__[0] == keepers[0]
    """
    duck, soup = keepers
    if course is Course.DUCK:
        return (winner if duck is None else duck), soup
    if soup is None:
        soup = winner if duck is None else partner(duck)
    return duck, soup


def keeper_of(keepers: Keepers, course: Course) -> int | None:
    """The seat keeping a side's pile for ``course``, if it has one yet (§5; DD-R11).

    post: __return__ == (keepers[0] if course == Course.DUCK else keepers[1])
    """
    return keepers[0] if course is Course.DUCK else keepers[1]
