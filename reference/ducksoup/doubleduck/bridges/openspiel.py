"""Doubleduck as an OpenSpiel game: importing this module registers ``python_doubleduck``.

>>> import pyspiel
>>> import ducksoup.doubleduck.bridges.openspiel
>>> game = pyspiel.load_game("python_doubleduck", {"draw": "as-played"})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes(), game.max_game_length()
(4, 260, 52, 104)

One episode is one deal of four players in two partnerships (players 0 and 2 against 1 and 3), dealt,
played and scored by the reference engine through
:class:`~ducksoup.doubleduck.bridges.encoding.ChanceDeal`:

* **Chance nodes** choose the 104 cards of the two packs one at a time, as the rules take them: the 52
  dealt, then each card drawn in the Duck course. An outcome is a card number 0-51; its probability is
  its copies left (two, one) over the cards left.
* **Player actions** are ``5 * card + call`` (call 0 none, 1 "quack", 2 "quack-quack", 3
  "quack-quack-quack", 4 "doubleduck"): :mod:`ducksoup.doubleduck.bridges.encoding`.
* **Returns** at the end: each player's side's deal score (Duck pile times Soup pile, 0 to 2704); nothing
  before.
* **Parameters**: ``draw`` (``"winner-first"``, standard, or ``"as-played"``, ruling DD-R02) and
  ``dealer`` (0-3; default 3, so that player 0 leads). A game of several deals does not apply to one deal.
* **Observation** (string and tensor): what the engine's ``observation(player)`` holds.
* **Information state** (string and tensor): the player's own history, with perfect recall: the cards
  dealt to it, every action of every player, the cards it drew.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pyspiel

from ducksoup.bridges.openspiel import BridgeGame, Facts, register
from ducksoup.doubleduck.bridges.encoding import (
    INFORMATION_LAYOUT,
    MAX_ACTIONS,
    MAX_SCORE,
    NUM_ACTIONS,
    OBSERVATION_LAYOUT,
    ChanceDeal,
)
from duckspec.doubleduck.variants import DrawOrder

SHORT_NAME = "python_doubleduck"
FACTS = Facts(
    short_name=SHORT_NAME,
    long_name="Doubleduck (one deal, ducksoup reference engine)",
    parameters={"draw": ("winner-first", tuple(order.value for order in DrawOrder)), "dealer": (3, (0, 1, 2, 3))},
    players=(4, 4),
    zero_sum=False,
)


class DoubleduckGame(BridgeGame):
    """One deal of Doubleduck under the rule options of its parameters."""

    facts: ClassVar[Facts] = FACTS

    def setup(self, values: dict[str, Any]) -> None:
        self.draw, self.dealer = values["draw"], values["dealer"]
        self.observation_layout = OBSERVATION_LAYOUT
        self.information_layout = INFORMATION_LAYOUT

    def game_info(self) -> pyspiel.GameInfo:
        return pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=52,
            num_players=4,
            min_utility=0.0,
            max_utility=float(MAX_SCORE),
            utility_sum=None,
            max_game_length=MAX_ACTIONS,
        )

    def max_chance_nodes_in_history(self) -> int:
        """Every card is chosen once: 52 dealt, 52 drawn."""
        return 104

    def new_episode(self) -> ChanceDeal:
        return ChanceDeal(self.draw, self.dealer)


register(DoubleduckGame)
