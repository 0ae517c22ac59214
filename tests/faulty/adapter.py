"""Deliberately wrong implementations, each breaking one rule, served over the adapter protocol.

Run as ``python tests/faulty/adapter.py FAULT``. Each fault patches one function of the
specification behind the bundled adapter, so everything else stays right; the conformance
suite must reject every one of them.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import duckspec.duck_soup.cards as cards
import duckspec.duck_soup.deal as deal
import duckspec.duck_soup.drawing as drawing
from duckspec.cards import Rank
from duckspec.duck_soup.cards import Course


def ace_high_in_the_duck() -> None:
    """§2: the Ace ranks above the King in the Duck course too."""

    original = cards.rank_strength
    cards.rank_strength = lambda rank, course: (
        0 if rank is Rank.ACE and course is Course.DUCK else original(rank, course)
    )


def face_up_card_to_the_loser() -> None:
    """§5: the loser of a trick takes the face-up card and the winner the next."""
    setattr(deal, "draw_after_trick", lambda stock: drawing.Draw(stock[1:2], stock[:1], stock[2:]))  # noqa: B010


def score_summed() -> None:
    """§8: the deal score is the sum of the course points instead of their product."""
    setattr(deal, "deal_score", lambda duck, soup: duck + soup)  # noqa: B010


FAULTS: dict[str, Callable[[], None]] = {
    "ace-high-in-the-duck": ace_high_in_the_duck,
    "face-up-card-to-the-loser": face_up_card_to_the_loser,
    "score-summed": score_summed,
}


def main() -> int:
    if len(sys.argv) != 2 or sys.argv[1] not in FAULTS:
        print(f"usage: adapter.py {{{','.join(FAULTS)}}}", file=sys.stderr)
        return 2
    FAULTS[sys.argv[1]]()
    from ducksoup.adapter import serve

    return serve(backend="spec")


if __name__ == "__main__":
    sys.exit(main())
