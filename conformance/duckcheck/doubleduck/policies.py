"""The generator's bots: ways of choosing among the legal actions, so that the suite covers rare events.

* ``random``: any legal action, uniformly (forgotten calls happen by chance).
* ``quacky``: makes a call whenever it can, "doubleduck" first, else plays at random.
* ``greedy``: looks at the trick so far and prefers the action that leaves its own side taking it
  with the most suits, spending low cards otherwise; ties are broken at random.
* ``throwing``: side 0 plays greedily while side 1 gives every trick away (another suit than the
  one led, no call), so that side 0 runs up a huge deal score.

Every policy draws only from the ``random.Random`` it is given, so a trace is reproducible.
"""

from __future__ import annotations

import random

from duckcheck.doubleduck.oracle import Table
from duckcheck.doubleduck.recorder import Policy
from duckspec.doubleduck.actions import Action, Call
from duckspec.doubleduck.duck_course import cards_stored, doubleduck_position, last_quack_position
from duckspec.seats import side_of
from duckspec.trick_taking import best_of_suit_led, rank_strength


def random_policy(table: Table, rng: random.Random) -> Action:
    return rng.choice(table.legal_actions())


def quacky_policy(table: Table, rng: random.Random) -> Action:
    actions = table.legal_actions()
    doubleducks = [a for a in actions if a.call is Call.DOUBLEDUCK]
    calls = doubleducks or [a for a in actions if a.call is not Call.NONE]
    return rng.choice(calls) if calls else rng.choice(actions)


def greedy_policy(table: Table, rng: random.Random) -> Action:
    actions = table.legal_actions()
    scored = [(_value(table, action), rng.random(), index) for index, action in enumerate(actions)]
    return actions[max(scored)[2]]


def _value(table: Table, action: Action) -> float:
    """A rough worth of ``action`` for the player's side: the trick it would take now, minus the card spent."""
    deal = table.deal
    trick = (*deal.table, action)
    spent = rank_strength(action.card.rank, deal.course) / 13
    if len(trick) == 1:
        return -spent
    cards = [play.card for play in trick]
    position = doubleduck_position(trick)
    if position is None:
        position = last_quack_position(trick)
    if position is None:
        position = best_of_suit_led(cards, deal.course)
    mine = side_of(trick[position].player) == side_of(action.player)
    worth = cards_stored(cards) + (1 if action.call is not Call.NONE else 0)
    return (worth if mine else -worth) - spent


def throwing_policy(table: Table, rng: random.Random) -> Action:
    actions = table.legal_actions()
    deal = table.deal
    if side_of(actions[0].player) == 0:
        return greedy_policy(table, rng)
    if deal.table:
        led = deal.table[0].card
        losing = [a for a in actions if a.call is Call.NONE and a.card.suit != led.suit]
        if losing:
            return rng.choice(losing)
    return rng.choice([a for a in actions if a.call is Call.NONE])


POLICIES: dict[str, Policy] = {
    "random": random_policy,
    "quacky": quacky_policy,
    "greedy": greedy_policy,
    "throwing": throwing_policy,
}
