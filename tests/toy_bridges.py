"""A fourth game as small as a game can be, given bridges by the shared machinery of :mod:`ducksoup.bridges` from
only what is its own: its engine, its :class:`~ducksoup.bridges.encoding.Encoding`, its episode's hooks (where the
deck is, who sees each card, returns, tensors) and its facts. ``test_bridges.py`` runs on it the checks every
game's bridges pass, so that a shared piece which starts to rely on one of the three games fails there.

The toy: two copies each of three cards (0, 1, 2), shuffled; the two players act in turn, four actions in all,
each either taking the top card of the deck (seen by the taker only) or passing; each player's return is the sum
of their cards minus the other's.

Import only after ``pytest.importorskip("pyspiel")`` and ``pytest.importorskip("pettingzoo")``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
import pyspiel
from gymnasium.utils import EzPickle

from ducksoup.bridges.chance import ChanceEpisode
from ducksoup.bridges.encoding import Encoding
from ducksoup.bridges.openspiel import BridgeGame, Facts, register
from ducksoup.bridges.pettingzoo import CardEnv
from ducksoup.bridges.tensors import Layout, Vector, information_layout, write_information

PACK = (0, 0, 1, 1, 2, 2)
TAKE, PASS = 0, 1
TURNS = 4
ACTIONS = tuple(((player, TAKE), (player, PASS)) for player in (0, 1))
"""Each player's action objects, by number (the engine recognises them by value)."""


class ToyEngine:
    """The toy's engine, from a whole deck order (top first) and the player who starts."""

    __slots__ = ("deck", "hands", "to_act", "top", "turns")

    def __init__(self, deck: list[int], start: int = 0) -> None:
        self.deck = deck
        self.top = 0
        self.hands: list[list[int]] = [[], []]
        self.turns = 0
        self.to_act: int | None = start

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    def legal_actions(self) -> tuple[tuple[int, int], ...]:
        return () if self.to_act is None else ACTIONS[self.to_act]

    def apply(self, action: tuple[int, int]) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"the toy refuses {action}")
        player, kind = action
        if kind == TAKE:
            self.hands[player].append(self.deck[self.top])
            self.top += 1
        self.turns += 1
        self.to_act = None if self.turns == TURNS else 1 - player

    def observation(self, player: int) -> dict[str, Any]:
        return {
            "player": player,
            "to_act": self.to_act,
            "hand": sorted(self.hands[player]),
            "other": len(self.hands[1 - player]),
        }

    def state(self) -> dict[str, Any]:
        return {"hands": [sorted(hand) for hand in self.hands], "top": self.top, "to_act": self.to_act}

    def returns(self) -> list[float]:
        first, second = sum(self.hands[0]), sum(self.hands[1])
        return [float(first - second), float(second - first)]


# The encoding

OBSERVATION_LAYOUT: Layout = (("player", (2,)), ("to_act", (2,)), ("hand", (3,)), ("other", (1,)))
OBSERVATION_HIGH = np.array([1, 1, 1, 1, 2, 2, 2, 2], dtype=np.float32)
INFORMATION_LAYOUT = information_layout(2, (), 2, 3, events=2 * TURNS)


def legal_ids(engine: ToyEngine) -> list[int]:
    return [kind for _, kind in engine.legal_actions()]


def engine_action(player: int, number: int) -> tuple[int, int]:
    if number not in (TAKE, PASS) or player not in (0, 1):
        raise ValueError(f"a toy action is 0 or 1 by player 0 or 1, not {number} by {player}")
    return ACTIONS[player][number]


def action_text(number: int) -> str:
    if number not in (TAKE, PASS):
        raise ValueError(f"a toy action is 0 or 1, not {number}")
    return ("take", "pass")[number]


def write_observation(out: Vector, engine: ToyEngine, player: int) -> None:
    out.fill(0.0)
    out[player] = 1.0
    if engine.to_act is not None:
        out[2 + engine.to_act] = 1.0
    for card in engine.hands[player]:
        out[4 + card] += 1.0
    out[7] = len(engine.hands[1 - player])


ENCODING = Encoding(2, legal_ids, engine_action, action_text, ("low", "middle", "high"), write_observation)


# The bridges: only the toy's own pieces


class ToyEpisode(ChanceEpisode):
    encoding: ClassVar[Encoding] = ENCODING
    pack: ClassVar[tuple[int, ...]] = PACK
    kinds: ClassVar[int] = 3

    def __init__(self) -> None:
        super().__init__(2)

    def parameters(self) -> dict[str, Any]:
        return {}

    def new_engine(self, deck: list[int]) -> ToyEngine:
        return ToyEngine(deck)

    def engine_deck(self, engine: ToyEngine) -> list[int]:
        return engine.deck

    def revealed(self, engine: ToyEngine) -> int:
        return engine.top

    def seers(self, engine: ToyEngine, position: int, actor: int) -> int:
        return actor

    def final_returns(self, engine: ToyEngine) -> list[float]:
        return engine.returns()

    def header(self) -> str:
        return "toy"

    def write_observation(self, out: Vector, player: int) -> None:
        write_observation(out, self.engine, player)

    def write_information_state(self, out: Vector, player: int) -> None:
        write_information(out, INFORMATION_LAYOUT, 2, player, [], self.own_events(player), lambda number: (number,))


class ToyGame(BridgeGame):
    facts: ClassVar[Facts] = Facts(
        short_name="python_toy_of_the_bridge_tests",
        long_name="The toy game of the bridge tests",
        parameters={},
        players=(2, 2),
        zero_sum=True,
    )

    def setup(self, values: dict[str, Any]) -> None:
        self.observation_layout = OBSERVATION_LAYOUT
        self.information_layout = INFORMATION_LAYOUT

    def game_info(self) -> pyspiel.GameInfo:
        return pyspiel.GameInfo(
            num_distinct_actions=ENCODING.num_actions,
            max_chance_outcomes=3,
            num_players=2,
            min_utility=-4.0,
            max_utility=4.0,
            utility_sum=0.0,
            max_game_length=TURNS,
        )

    def max_chance_nodes_in_history(self) -> int:
        return TURNS

    def new_episode(self) -> ToyEpisode:
        return ToyEpisode()


class ToyEnv(CardEnv):
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "toy_v0", "is_parallelizable": False}
    encoding: ClassVar[Encoding] = ENCODING
    seat_option: ClassVar[str] = "start"

    def __init__(self, render_mode: str | None = None, start: int | None = None) -> None:
        EzPickle.__init__(self, render_mode=render_mode, start=start)
        self.setup(render_mode, 2, start, OBSERVATION_HIGH)

    def new_deal(self, deck: list[int], seat: int) -> ToyEngine:
        return ToyEngine(deck, seat)

    def shuffled(self) -> list[int]:
        return [PACK[i] for i in self.np_random.permutation(len(PACK))]

    def deck_from(self, cards: Sequence[Any]) -> list[int]:
        return [int(card) for card in cards]

    def final_rewards(self, deal: ToyEngine) -> list[float]:
        return deal.returns()


register(ToyGame)
