"""Rules §2 The cards: one 52-card pack, no trumps, and a rank order that depends on the course.

A deal has two courses, the Duck and then the Soup. Within a suit the Duck is won by the
*lower* card and the Soup by the *higher* one, and the Ace moves: low in the Duck, high in the
Soup. Either way the Ace is the best card of its suit (ruling DS-R13 pins this; the English
text lost its table here, the German and Korean texts confirm it).

The courses and the rank order are the same in Doubleduck, so they live in the family's shared
:mod:`duckspec.trick_taking` (:class:`Course`, :func:`rank_strength`, :func:`beats_in_suit`);
this module names them for Duck Soup and adds the size of the pack and the hands.
"""

from __future__ import annotations

from duckspec.trick_taking import Course, beats_in_suit, rank_strength

PLAYERS = 2
HAND_SIZE = 13
PACK_SIZE = 52

__all__ = ["HAND_SIZE", "PACK_SIZE", "PLAYERS", "Course", "beats_in_suit", "rank_strength"]
