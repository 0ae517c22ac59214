"""Doubleduck as a PettingZoo AEC environment, imported as ``from ducksoup.envs import doubleduck_v0``.

One episode is one deal of four players (players 0 and 2 against 1 and 3), played by the reference engine
(:class:`ducksoup.doubleduck.engine.Deal`) from two packs shuffled with the environment's seeded generator;
the machinery is :class:`ducksoup.bridges.pettingzoo.CardEnv`'s.

* **Agents** ``player_0`` to ``player_3``, each acting in turn round the table from the leader.
* **Actions** ``Discrete(260)``, the numbers of :mod:`ducksoup.doubleduck.bridges.encoding`: ``5 * card +
  call`` (call 0 none, 1 "quack", 2 "quack-quack", 3 "quack-quack-quack", 4 "doubleduck"). An action the
  mask forbids raises ``ValueError`` and changes nothing.
* **Observations** ``{"observation": float32[381], "action_mask": int8[260]}``: the engine's
  ``observation(player)`` encoded; the mask is the legal actions for the agent to act, zeros for the others.
* **Rewards** at the end of the deal only: each player's side's deal score.
* **Options**: ``draw`` (``"winner-first"`` or ``"as-played"``, ruling DD-R02), ``dealer`` (0-3; ``None``,
  the default, draws it at random each episode). ``reset(seed, options={"deck": [...], "dealer": d})``
  replays a given deck order of the 104 cards (top first; card numbers 0-51, ``Card`` values or ``"TC"``).
* ``render_mode="ansi"``: :meth:`~ducksoup.bridges.pettingzoo.CardEnv.render` tells the deal in the words of
  ``ducksoup play``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from gymnasium.utils import EzPickle
from pettingzoo import AECEnv

from ducksoup.bridges.pettingzoo import CardEnv, check_choice, wrapped
from ducksoup.bridges.tensors import Vector
from ducksoup.display import Style, plain_output
from ducksoup.doubleduck.bridges.encoding import (
    NUM_ACTIONS,
    OBSERVATION_HIGH,
    action_text,
    engine_action,
    legal_ids,
    write_observation,
)
from ducksoup.doubleduck.engine import CARDS, Deal, deck_numbers
from ducksoup.doubleduck.narrate import Narrator
from ducksoup.doubleduck.traces import TraceRecorder
from ducksoup.narration import StepNarrator
from duckspec.doubleduck.cards import two_packs
from duckspec.doubleduck.variants import DrawOrder, RuleOptions

PACK = [card.index for card in two_packs()]


def env(**kwargs: Any) -> AECEnv:
    """The environment, wrapped as PettingZoo's classic games are (:func:`ducksoup.bridges.pettingzoo.wrapped`)."""
    return wrapped(raw_env(**kwargs))


class raw_env(CardEnv):
    """The environment without wrappers (PettingZoo's name for it)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "doubleduck_v0", "is_parallelizable": False}
    num_actions: ClassVar[int] = NUM_ACTIONS

    def __init__(self, render_mode: str | None = None, draw: str = "winner-first", dealer: int | None = None) -> None:
        EzPickle.__init__(self, render_mode=render_mode, draw=draw, dealer=dealer)
        check_choice("doubleduck_v0", "draw", draw, [order.value for order in DrawOrder])
        self.options = RuleOptions(draw=DrawOrder(draw))
        self.style = Style(symbols=not plain_output())
        self.setup(render_mode, 4, dealer, OBSERVATION_HIGH)

    def new_deal(self, deck: list[int], seat: int) -> Deal:
        return Deal(deck, seat, self.options)

    def narrator(self, deck: list[int], seat: int) -> StepNarrator[Any]:
        cards = [[CARDS[card] for card in deck]]
        recorder = TraceRecorder("env", "A deal in the environment", "deal", cards, seat, self.options)
        return Narrator({**recorder.snapshot(), "decks": recorder.decks}, self.style)

    def shuffled(self) -> list[int]:
        return [PACK[i] for i in self.np_random.permutation(len(PACK))]

    def deck_from(self, cards: Sequence[Any]) -> list[int]:
        return deck_numbers(cards)

    def legal_ids(self, deal: Deal) -> list[int]:
        return legal_ids(deal)

    def engine_action(self, player: int, number: int) -> Any:
        return engine_action(player, number)

    def action_text(self, number: int) -> str:
        return action_text(number)

    def write_observation(self, out: Vector, deal: Deal, player: int) -> None:
        write_observation(out, deal, player)

    def final_rewards(self, deal: Deal) -> list[float]:
        scores = deal.scores()
        return [float(scores[player & 1]) for player in range(4)]

    def colours(self) -> bool:
        return self.style.symbols
