"""The generator's bots for Aw Ducks!: ways of choosing among the legal actions, deciding from a player's view.

* ``random``: any legal action, uniformly.
* ``greedy``: Scores when the view shows that the tableau banks 12 points or more, or takes a
  coloured duck, or the deck is nearly out; else Draws.
* ``discarder``: Discards whenever it may (the card chosen at random), so that the benefits and
  their forced Scores occur often; else acts at random.

Each decides from :func:`duckcheck.aw_ducks.views.view` of the player to act (never from the deck
order or a stash) and draws only from the ``random.Random`` it is given, so a trace is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from duckcheck.aw_ducks.oracle import Table
from duckcheck.aw_ducks.views import view
from duckspec.aw_ducks.actions import Action, Discard, Draw, Score
from duckspec.aw_ducks.components import Colour, parse_card_string
from duckspec.aw_ducks.round_end import pile_points
from duckspec.aw_ducks.scoring import ducks_scored

Policy = Callable[[Table, random.Random], Action]


def random_policy(table: Table, rng: random.Random) -> Action:
    return rng.choice(table.legal_actions())


def greedy_policy(table: Table, rng: random.Random) -> Action:
    actions = table.legal_actions()
    if len(actions) == 1:
        return actions[0]
    player = actions[0].player
    seen = view(table.to_json(), player)
    tableau = parse_card_string(seen["tableaux"][player])
    taken, _ = ducks_scored(parse_card_string(seen["pond"]), tableau)
    coloured = any(duck.colour is not Colour.RAINBOW for duck in taken)
    worth = pile_points(tableau) + pile_points(taken)
    if worth >= 12 or coloured or seen["deck"] <= len(seen["tableaux"]):
        return next(action for action in actions if isinstance(action, Score))
    return next(action for action in actions if isinstance(action, Draw))


def discarder_policy(table: Table, rng: random.Random) -> Action:
    actions = table.legal_actions()
    discards = [action for action in actions if isinstance(action, Discard)]
    return rng.choice(discards) if discards else rng.choice(actions)


POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy, "discarder": discarder_policy}
