"""What the Aw Ducks! Hypothesis tests share: every writable action, decks, play that includes illegal actions."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from duckspec.aw_ducks.actions import Action, Discard, Draw, Score
from duckspec.aw_ducks.components import ALL_KINDS, Card, Colour, full_deck
from duckspec.aw_ducks.options import RuleOptions

STRANGERS = (Card(Colour.RAINBOW, 3), Card(Colour.BLACK, 0), Card(Colour.RED, 9))
"""Cards of no game, which a Discard may still name."""
ALL_ACTIONS: tuple[Action, ...] = (
    *(Draw(player) for player in range(-1, 5)),
    *(Score(player) for player in range(-1, 5)),
    *(Discard(player, card) for player in range(5) for card in (*ALL_KINDS, *STRANGERS)),
)
"""Every action that can be written down: Draw and Score by players -1 to 4, Discard of any card (of no game too)."""

players = st.sampled_from((2, 3, 4))
decks = st.permutations(full_deck()).map(tuple)
seeds = st.integers(0, 2**32 - 1)
options = st.sampled_from((None, 50, 100, 150, 250, 400)).map(lambda target: RuleOptions(target=target))
illegal_rates = st.sampled_from((0.0, 0.05, 0.25))


def pick(legal: tuple[Action, ...], rng: random.Random, illegal: float) -> Action:
    """A legal action, or with probability ``illegal`` any writable action (most of them illegal)."""
    if not legal or rng.random() < illegal:
        return rng.choice(ALL_ACTIONS)
    return rng.choice(legal)
