"""Differential tests: the Aw Ducks! engine (``ducksoup.aw_ducks.engine``) against the specification, step by step.

The same random deck orders, players, start player and rule options are played on the engine and,
through the suite's oracle (:class:`duckcheck.aw_ducks.oracle.Table`), on the specification.
Before and after every action both must agree exactly on:

* the legal actions, as a tuple in the same (canonical) order;
* whether the action is accepted, and for a refused one the error code; a refusal changes
  nothing, neither the engine's state nor the specification's;
* the canonical state JSON, compared as text;
* every player's observation, against :func:`duckcheck.aw_ducks.views.view` of the spec's state;
* whether the round or game is over or waits for a deck, and at the end the scores, winners,
  totals and the game's winner.

Play includes illegal actions (any Draw, Score or Discard by players -1 to 4, of any card, cards of
no game too), and games given too few decks get more on the way (``add_decks``). A game is long, so
the game test runs a third of the profile's examples.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import given

from duckcheck.aw_ducks.oracle import Scope, Table
from duckcheck.aw_ducks.views import view
from duckcheck.strict import same
from ducksoup.aw_ducks.engine import Game, Round
from duckspec.aw_ducks import game as games
from duckspec.aw_ducks.components import Card, full_deck
from duckspec.aw_ducks.errors import IllegalAction
from duckspec.aw_ducks.options import RuleOptions
from tests.aw_ducks.strategies import ALL_ACTIONS, decks, illegal_rates, options, pick, players, seeds
from tests.strategies import scaled


def agree(table: Table, engine: Round | Game, where: str) -> None:
    state = table.to_json()
    assert same(state, engine.state()), where
    assert engine.legal_actions() == table.legal_actions(), where
    for player in range(table.players):
        assert same(view(state, player), engine.observation(player)), where
    assert engine.is_over == table.is_over, where


def step(table: Table, engine: Round | Game, action: Any, where: str) -> Table:
    """Apply ``action`` to both; they must accept or refuse it alike; return the spec's table after it."""
    before = copy.deepcopy(engine.state())
    try:
        after = table.apply(action)
        spec_code = None
    except IllegalAction as error:
        after, spec_code = table, error.code
    try:
        engine.apply(action)
        engine_code = None
    except IllegalAction as error:
        engine_code = error.code
        assert same(before, engine.state()), f"{where}: the refused {action} changed the engine"
    assert engine_code == spec_code, f"{where}: {action}: engine {engine_code}, spec {spec_code}"
    return after


@given(decks, players, seeds, seeds, illegal_rates, options)
def test_rounds_agree(
    deck: tuple[Card, ...], count: int, start: int, seed: int, illegal: float, rules: RuleOptions
) -> None:
    rng = random.Random(seed)
    table = Table.start(Scope.ROUND, rules, start % count, (deck,), count)
    engine = Round(deck, start % count, count, rules)
    steps = 0
    while True:
        agree(table, engine, f"step {steps}")
        if table.is_over:
            break
        table = step(table, engine, pick(table.legal_actions(), rng, illegal), f"step {steps}")
        steps += 1
    for action in rng.sample(ALL_ACTIONS, 10):
        table = step(table, engine, action, "after the end")
    assert engine.winners() == list(table.round.winners) and engine.points == list(table.round.points)


def shuffled(rng: random.Random) -> tuple[Card, ...]:
    deck = list(full_deck())
    rng.shuffle(deck)
    return tuple(deck)


@scaled(0.3)
@given(players, seeds, seeds, illegal_rates, options, seeds)
def test_games_agree(count: int, start: int, seed: int, illegal: float, rules: RuleOptions, given_decks: int) -> None:
    rng = random.Random(seed)
    initial = [shuffled(rng) for _ in range(1 + given_decks % 3)]
    table = Table.start(Scope.GAME, rules, start % count, tuple(initial), count)
    engine = Game(initial, start % count, count, rules)
    spec: games.GameState = table.state  # type: ignore[assignment]
    steps = 0
    while not spec.is_over and steps < 3000:
        agree(table, engine, f"step {steps}")
        assert engine.needs_deck == spec.needs_deck
        if spec.needs_deck:
            for action in rng.sample(ALL_ACTIONS, 5):
                table = step(table, engine, action, "waiting for a deck")
            more = [shuffled(rng) for _ in range(1 + rng.randrange(2))]
            spec = games.add_decks(spec, more)
            engine.add_decks(more)
            table = Table(Scope.GAME, table.decks_given + len(more), spec)
            continue
        table = step(table, engine, pick(table.legal_actions(), rng, illegal), f"step {steps}")
        spec = table.state  # type: ignore[assignment]
        steps += 1
    agree(table, engine, "the end")
    assert engine.winner == spec.winner and engine.totals == list(spec.totals)
    assert engine.round_scores == [list(scores) for scores in spec.round_scores]
    for action in rng.sample(ALL_ACTIONS, 10):
        table = step(table, engine, action, "after the end")
