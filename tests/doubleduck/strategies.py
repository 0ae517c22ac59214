"""What the Doubleduck Hypothesis tests share: decks, options, every writable action, play that makes calls."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from duckspec.cards import Card, full_deck
from duckspec.doubleduck.actions import Call, Play
from duckspec.doubleduck.cards import two_packs
from duckspec.doubleduck.variants import DrawOrder, RuleOptions

ALL_ACTIONS: tuple[Play, ...] = tuple(
    Play(player, card, call) for player in range(4) for card in full_deck() for call in Call
)
"""Every action that can be written down: 4 players x 52 cards x 5 calls."""

decks = st.permutations(two_packs()).map(tuple)
dealers = st.integers(0, 3)
options = st.builds(RuleOptions, draw=st.sampled_from(tuple(DrawOrder)))
seeds = st.integers(0, 2**32 - 1)


def seeded_decks(seed: int, count: int) -> tuple[tuple[Card, ...], ...]:
    """``count`` deck orders shuffled from ``seed``: cheap to draw for games of many deals."""
    rng = random.Random(seed)
    return tuple(tuple(rng.sample(two_packs(), 104)) for _ in range(count))


def choose(actions: tuple[Play, ...], rng: random.Random, call_bias: float) -> Play:
    """A legal action: a call with probability ``call_bias`` when one is legal, else uniform."""
    calls = [action for action in actions if action.call is not Call.NONE]
    if calls and rng.random() < call_bias:
        return rng.choice(calls)
    return rng.choice(actions)
