"""The generator's bots: ways of choosing among the legal actions, so that the suite covers rare events.

* ``random``: any legal action, uniformly (forgotten calls happen by chance).
* ``quacky``: makes every call it can (quack, quack-quack, duck soup), else plays at random; with
  silent calls, plays a card of the rank led whenever it can, which makes the same moves.
* ``greedy``: looks one step ahead and takes the action that gains it the most points now,
  keeping Aces and pairs when nothing is gained; ties are broken at random.

Every policy draws only from the ``random.Random`` it is given, so a trace is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from duckcheck.duck_soup.oracle import Table
from duckspec.duck_soup.actions import Action, Play, SayDuck
from duckspec.duck_soup.cards import Course, rank_strength
from duckspec.duck_soup.quacking import Call
from duckspec.duck_soup.variants import Calls
from duckspec.seats import opponent

Policy = Callable[[Table, random.Random], Action]


def random_policy(table: Table, rng: random.Random) -> Action:
    return rng.choice(table.legal_actions())


def quacky_policy(table: Table, rng: random.Random) -> Action:
    actions = table.legal_actions()
    deal = table.deal
    if deal.options.calls is Calls.SILENT:
        led = deal.led
        calls = [a for a in actions if isinstance(a, Play) and led is not None and a.card.rank == led.rank]
    else:
        calls = [a for a in actions if isinstance(a, Play) and a.call is not Call.NONE]
    return rng.choice(calls) if calls else rng.choice(actions)


def greedy_policy(table: Table, rng: random.Random) -> Action:
    actions = table.legal_actions()
    player = actions[0].player
    scored = [
        (_gain(table, action, player), _keep_value(table, action), rng.random(), index)
        for index, action in enumerate(actions)
    ]
    return actions[max(scored)[3]]


def _gain(table: Table, action: Action, player: int) -> int:
    """Points the player gains on the opponent by this action, over both courses."""
    deal = table.deal
    step = table.apply(action)
    after = step.finished or step.deal
    before = [sum(deal.points(course)[p] for course in Course) for p in (0, 1)]
    now = [sum(after.points(course)[p] for course in Course) for p in (0, 1)]
    other = opponent(player)
    return (now[player] - before[player]) - (now[other] - before[other])


def _keep_value(table: Table, action: Action) -> int:
    """Prefer to give up weak cards: keep Aces and cards that pair with another in hand."""
    if isinstance(action, SayDuck):
        return 0
    hand = table.deal.hands[action.player]
    pairs = sum(1 for card in hand if card.rank == action.card.rank) - 1
    return -(rank_strength(action.card.rank, table.deal.course) + 5 * pairs)


POLICIES: dict[str, Policy] = {"random": random_policy, "quacky": quacky_policy, "greedy": greedy_policy}
