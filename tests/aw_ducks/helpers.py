"""Small helpers for building Aw Ducks! positions in tests."""

from __future__ import annotations

from duckspec.aw_ducks.actions import Action, Discard, Draw, Score
from duckspec.aw_ducks.components import ALL_KINDS, Card, parse_card, parse_cards
from duckspec.aw_ducks.options import STANDARD, RuleOptions
from duckspec.aw_ducks.rounds import RoundState, apply, new_round
from duckspec.aw_ducks.setting_up import arrange_deck


def cards(text: str) -> tuple[Card, ...]:
    """Cards from notation separated by spaces, in the order written."""
    return parse_cards(text.split())


def card(text: str) -> Card:
    return parse_card(text)


def position(top: str, players: int = 2, start: int = 0, options: RuleOptions = STANDARD) -> RoundState:
    """A fresh round whose deck starts with ``top`` (the rest in canonical order), ``start`` playing first."""
    return new_round(arrange_deck(cards(top)), start, players, options)


def ducks_early(top: str, players: int = 2, start: int = 0) -> RoundState:
    """A fresh round whose deck starts with ``top``, then every other duck, then numbers only (canonical order).

    Near its end such a deck holds numbers only, so each Draw takes one card (see :func:`exhaust`).
    """
    named = list(cards(top))
    ducks = [c for c in ALL_KINDS if c.is_duck for _ in range(4)]
    for c in named:
        if c in ducks:
            ducks.remove(c)
    return new_round(arrange_deck(named + ducks), start, players)


def move(text: str) -> Action:
    """``"0:draw"``, ``"1:score"`` or ``"0:discard:5K"``."""
    player, turn, *named = text.split(":")
    if turn == "draw":
        return Draw(int(player))
    if turn == "score":
        return Score(int(player))
    return Discard(int(player), parse_card(named[0]))


def run(state: RoundState, moves: str) -> RoundState:
    """Apply the moves written in ``moves`` (separated by spaces) in order."""
    for text in moves.split():
        state = apply(state, move(text))
    return state


def text(group: tuple[Card, ...]) -> str:
    """Cards as notation separated by spaces."""
    return " ".join(str(c) for c in group)


def exhaust(state: RoundState, keep: int = 0) -> RoundState:
    """Let every player Draw (Scoring instead when the deck is low) until ``keep`` cards are left or fewer.

    The deck must end in numbers (:func:`ducks_early`), so that each Draw takes one card near the end.
    """
    while len(state.deck) > keep and state.to_act is not None:
        player = state.to_act
        state = apply(state, Draw(player))
    return state
