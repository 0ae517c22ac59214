"""Aw Ducks! as a PettingZoo AEC environment, imported as ``from ducksoup.envs import aw_ducks_v0``.

One episode is one round for 2-4 players, played by the reference engine (:class:`ducksoup.aw_ducks.engine.Round`)
from a deck shuffled with the environment's seeded generator; the machinery is
:class:`ducksoup.bridges.pettingzoo.CardEnv`'s.

* **Agents** ``player_0`` ... one per player (``players``, 2-4), in turn from the start player; a Quick
  Quack or a Secret Stash is followed by the same player's Score.
* **Actions** ``Discrete(38)``, the numbers of :mod:`ducksoup.aw_ducks.bridges.encoding`: 0 Draw, 1 Score,
  ``2 + card`` a discard of number card ``card``. An action the mask forbids raises ``ValueError`` and
  changes nothing.
* **Observations** ``{"observation": float32[...], "action_mask": int8[38]}``: the engine's
  ``observation(player)`` encoded (the stashes' sizes, not their cards); the mask is the legal actions for
  the agent to act, zeros for the others.
* **Rewards** at the end of the round only: each player's points.
* **Options**: ``players`` (2-4), ``start`` (the player who starts; ``None``, the default, draws it at random
  each episode). ``reset(seed, options={"deck": [...], "start": s})`` replays a given deck order of the 96
  cards (top first; card numbers 0-41, ``Card`` values or notation such as ``"3R"``).
* ``render_mode="ansi"``: :meth:`~ducksoup.bridges.pettingzoo.CardEnv.render` tells the round in the words of
  ``ducksoup play``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from gymnasium.utils import EzPickle
from pettingzoo import AECEnv

from ducksoup.aw_ducks.bridges.encoding import (
    NUM_ACTIONS,
    ObservationWriter,
    action_text,
    engine_action,
    legal_ids,
    observation_high,
)
from ducksoup.aw_ducks.display import CardStyle
from ducksoup.aw_ducks.engine import CARDS, FULL, PLAYER_COUNTS, Round, deck_numbers
from ducksoup.aw_ducks.narrate import Narrator, Teller
from ducksoup.aw_ducks.traces import TraceRecorder
from ducksoup.bridges.pettingzoo import CardEnv, check_choice, plain, wrapped
from ducksoup.bridges.tensors import Vector
from ducksoup.display import plain_output
from ducksoup.narration import StepNarrator


def env(**kwargs: Any) -> AECEnv:
    """The environment, wrapped as PettingZoo's classic games are (:func:`ducksoup.bridges.pettingzoo.wrapped`)."""
    return wrapped(raw_env(**kwargs))


class raw_env(CardEnv):
    """The environment without wrappers (PettingZoo's name for it)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "aw_ducks_v0", "is_parallelizable": False}
    num_actions: ClassVar[int] = NUM_ACTIONS
    unit: ClassVar[str] = "round"
    seat_option: ClassVar[str] = "start"

    def __init__(self, render_mode: str | None = None, players: int = 2, start: int | None = None) -> None:
        EzPickle.__init__(self, render_mode=render_mode, players=players, start=start)
        players = check_choice("aw_ducks_v0", "players", plain(players), PLAYER_COUNTS)
        self.writer = ObservationWriter(players)
        self.teller = Teller(CardStyle(colours=not plain_output()))
        self.setup(render_mode, players, start, observation_high(players))

    def new_deal(self, deck: list[int], seat: int) -> Round:
        self.writer.forget()
        return Round(deck, seat, self.players)

    def narrator(self, deck: list[int], seat: int) -> StepNarrator[Any]:
        cards = [[CARDS[card] for card in deck]]
        recorder = TraceRecorder("env", "A round in the environment", "round", cards, seat, players=self.players)
        return Narrator({**recorder.snapshot(), "decks": recorder.decks}, self.teller, check=False)

    def shuffled(self) -> list[int]:
        return [FULL[i] for i in self.np_random.permutation(len(FULL))]

    def deck_from(self, cards: Sequence[Any]) -> list[int]:
        return deck_numbers(cards)

    def legal_ids(self, deal: Round) -> list[int]:
        return legal_ids(deal)

    def engine_action(self, player: int, number: int) -> Any:
        return engine_action(player, number)

    def action_text(self, number: int) -> str:
        return action_text(number)

    def write_observation(self, out: Vector, deal: Round, player: int) -> None:
        self.writer.write(out, deal, player)

    def final_rewards(self, deal: Round) -> list[float]:
        return [float(points) for points in deal.points]

    def colours(self) -> bool:
        return self.teller.style.colours
