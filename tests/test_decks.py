"""The deck orders a game is given (:mod:`duckspec.decks`), and the generator plan's seeded shuffles
(:mod:`duckcheck.planning`): the same for every game."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Sequence

import pytest

from duckcheck.games import games
from duckcheck.planning import bot_description, seeded_setup, shuffled_decks
from duckspec.cards import Card, full_deck
from duckspec.decks import checked_decks


def whole(deck: Sequence[Card]) -> None:
    if sorted(deck) != sorted(full_deck()):
        raise ValueError(f"a deck has the 52 cards once each, not {len(deck)} cards")


def test_checked_decks_keeps_each_deck_order_as_a_tuple_in_order() -> None:
    first, second = full_deck(), full_deck()[::-1]
    assert checked_decks([list(first), second], whole) == (first, second)


def test_checked_decks_lets_the_games_refusal_through() -> None:
    with pytest.raises(ValueError, match="not 51 cards"):
        checked_decks([full_deck(), full_deck()[1:]], whole)


def test_a_bots_setup_depends_on_the_trace_id_only() -> None:
    decks, first = seeded_setup("xx-deal-random-001", full_deck, 2, 4)
    assert (decks, first) == seeded_setup("xx-deal-random-001", full_deck, 2, 4)
    assert decks != seeded_setup("xx-deal-random-002", full_deck, 2, 4)[0]
    assert decks[0] != decks[1] and sorted(decks[0]) == sorted(full_deck()) and first in range(4)


def test_shuffled_decks_draw_one_shuffle_after_another() -> None:
    assert shuffled_decks(random.Random(7), full_deck, 2)[1] == shuffled_decks(random.Random(7), full_deck, 3)[1]


def test_a_bot_trace_says_whether_it_tries_illegal_actions() -> None:
    assert bot_description("A deal", "random", 0.0) == "A deal played by the random bot"
    assert bot_description("A game", "quacky", 0.1, " with rule options") == (
        "A game played by the quacky bot with rule options, with illegal actions tried on the way"
    )


def test_the_registry_loads_no_plan_until_traces_are_built() -> None:
    """The runner and the reference use the registry; only the generator needs the plans (duckcheck.games.plan_in)."""
    script = (
        "import sys; from duckcheck.games import games; suites = games(); "
        "print(sorted(m for m in sys.modules if m.endswith('.plan'))); "
        "next(iter(suites[0].plan())); print(sorted(m for m in sys.modules if m.endswith('.plan')))"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    shown = run.stdout.split("\n")
    assert shown[0] == "[]"
    assert shown[1] == f"['duckcheck.{games()[0].package}.plan']"
