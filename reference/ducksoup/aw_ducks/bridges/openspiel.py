"""Aw Ducks! as an OpenSpiel game: importing this module registers ``python_aw_ducks``.

>>> import pyspiel
>>> import ducksoup.aw_ducks.bridges.openspiel
>>> game = pyspiel.load_game("python_aw_ducks", {"players": 3})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes(), game.max_game_length()
(3, 38, 42, 197)

One episode is one round for 2-4 players, played and counted by the reference engine through
:class:`~ducksoup.aw_ducks.bridges.encoding.ChanceRound`:

* **Chance nodes** choose each card when the rules take it from the deck: the cards of a Draw and of
  its chain of ducks, of a Safe Draw, a Quick Quack and a Secret Stash. An outcome is a card number
  0-41 (ducks 36-41); its probability is its copies left over the cards left.
* **Player actions**: 0 Draw, 1 Score, ``2 + card`` a discard of number card ``card``
  (:mod:`ducksoup.aw_ducks.bridges.encoding`).
* **Returns** at the end: each player's points of the round (0 to 372); nothing before.
* **Parameters**: ``players`` (2-4, default 2) and ``start`` (the player who starts; default 0). The
  target of a game of several rounds does not apply to one round.
* **Observation**: what the engine's ``observation(player)`` holds. **Information state**: the
  player's own history, with perfect recall: every action and every card taken face up. A Secret Stash's
  cards go face down and nobody may look at them, so they are in no information state before the count.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pyspiel

from ducksoup.aw_ducks.bridges.encoding import (
    MAX_POINTS,
    NUM_ACTIONS,
    ChanceRound,
    information_state_layout,
    max_actions,
    observation_layout,
)
from ducksoup.aw_ducks.engine import KINDS
from ducksoup.bridges.openspiel import BridgeGame, Facts, register

SHORT_NAME = "python_aw_ducks"
FACTS = Facts(
    short_name=SHORT_NAME,
    long_name="Aw Ducks! (one round, ducksoup reference engine)",
    parameters={"players": (2, (2, 3, 4)), "start": (0, (0, 1, 2, 3))},
    players=(2, 4),
    zero_sum=False,
)


class AwDucksGame(BridgeGame):
    """One round of Aw Ducks! for the number of players of its parameters."""

    facts: ClassVar[Facts] = FACTS

    def setup(self, values: dict[str, Any]) -> None:
        self.players, self.start = values["players"], values["start"]
        if self.start >= self.players:
            raise ValueError(
                f"{SHORT_NAME}: parameter 'start' cannot be {self.start} with {self.players} players; "
                f"choose one of {list(range(self.players))}"
            )
        self.observation_layout = observation_layout(self.players)
        self.information_layout = information_state_layout(self.players)

    def game_info(self) -> pyspiel.GameInfo:
        return pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=KINDS,
            num_players=self.players,
            min_utility=0.0,
            max_utility=float(MAX_POINTS),
            utility_sum=None,
            max_game_length=max_actions(self.players),
        )

    def max_chance_nodes_in_history(self) -> int:
        """Every card is chosen once at most."""
        return 96

    def new_episode(self) -> ChanceRound:
        return ChanceRound(self.players, self.start)


register(AwDucksGame)
