"""What the Hypothesis test files share: every writable action, the longest deal, scaled settings."""

from __future__ import annotations

from hypothesis import settings

from duckspec.cards import full_deck
from duckspec.duck_soup.actions import Action, Play, SayDuck
from duckspec.duck_soup.quacking import Call

ALL_ACTIONS: tuple[Action, ...] = (
    *(Play(player, card, call) for player in (0, 1) for card in full_deck() for call in Call),
    SayDuck(0),
    SayDuck(1),
)
"""Every action that can be written down: 2 players x 52 cards x 4 calls, and "duck" by either player."""

MAX_DEAL_STEPS = 4 * 26
"""No deal takes more accepted actions: 26 tricks of at most 2 plays, plus the answers to quacks."""


def scaled(fraction: float) -> settings:
    """The loaded profile's settings with ``fraction`` of its examples (at least 5)."""
    profile = settings.default
    assert profile is not None, "conftest.py loads a profile"
    return settings(profile, max_examples=max(5, round(profile.max_examples * fraction)))
