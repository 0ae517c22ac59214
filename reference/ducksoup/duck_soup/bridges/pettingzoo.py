"""Duck Soup as a PettingZoo AEC environment, imported as ``from ducksoup.envs import duck_soup_v0``.

One episode is one deal, played by the reference engine (:class:`ducksoup.duck_soup.engine.Deal`) from a
deck shuffled with the environment's seeded random generator.

* **Agents** ``player_0`` and ``player_1``. The agent to act is the engine's: the leader, the
  follower, and the leader again to answer a quack, so turns do not simply alternate.
* **Actions** ``Discrete(209)``, the numbers of :mod:`ducksoup.duck_soup.bridges.encoding`: ``4 * card +
  call`` and 208 for "duck". An action the mask forbids raises ``ValueError`` and changes
  nothing (an illegal action is never turned into a loss).
* **Observations** ``{"observation": float32[391], "action_mask": int8[209]}``: the observation
  encodes exactly the engine's ``observation(player)``
  (:func:`~ducksoup.duck_soup.bridges.encoding.decode_view` turns it back); the mask is the legal actions
  for the agent to act and all zeros for the other.
* **Rewards** at the end of the deal only: each player's deal score minus the other's.
* **Options**: ``stock`` (``"face-up"`` or ``"hidden"``), ``double_draw`` (``"winner-first"`` or
  ``"alternate"``), ``calls`` (``"spoken"`` or ``"silent"``: every action's call is then 0),
  ``dealer`` (0 or 1; ``None``, the default, draws it at random each episode).
  ``reset(seed, options={"deck": [...], "dealer": d})`` replays a given deck order (top first;
  card numbers 0-51, ``Card`` values or ``"TC"`` notation); other keys of ``options`` are ignored.
* ``render_mode="ansi"``: :meth:`~ducksoup.bridges.pettingzoo.CardEnv.render` tells the deal in the words of
  ``ducksoup play`` (the game's narrator, through :class:`~ducksoup.bridges.render.NarratedTable`).

The machinery (agents, spaces, masks, seeding, the checks of every step, the told table) is
:class:`ducksoup.bridges.pettingzoo.CardEnv`'s; Duck Soup gives its engine, numbers, tensor and narrator.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from gymnasium.utils import EzPickle
from pettingzoo import AECEnv

from ducksoup.bridges.pettingzoo import CardEnv, check_choice, wrapped
from ducksoup.bridges.tensors import Vector
from ducksoup.display import Style, plain_output
from ducksoup.duck_soup.bridges.encoding import (
    NUM_ACTIONS,
    OBSERVATION_HIGH,
    action_text,
    engine_action,
    legal_ids,
    write_observation,
)
from ducksoup.duck_soup.engine import CARDS, Deal, card_number, check_deck
from ducksoup.duck_soup.narrate import Narrator
from ducksoup.duck_soup.traces import TraceRecorder
from ducksoup.narration import StepNarrator
from duckspec.duck_soup.actions import Action
from duckspec.duck_soup.variants import Calls, DoubleDraw, RuleOptions, StockVisibility

NAME = "duck_soup_v0"


def env(**kwargs: Any) -> AECEnv:
    """The environment, wrapped as PettingZoo's classic games are (:func:`ducksoup.bridges.pettingzoo.wrapped`)."""
    return wrapped(raw_env(**kwargs))


class raw_env(CardEnv):
    """The environment without wrappers (PettingZoo's name for it)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": NAME, "is_parallelizable": False}
    num_actions: ClassVar[int] = NUM_ACTIONS

    def __init__(
        self,
        render_mode: str | None = None,
        stock: str = "face-up",
        double_draw: str = "winner-first",
        calls: str = "spoken",
        dealer: int | None = None,
    ) -> None:
        EzPickle.__init__(
            self, render_mode=render_mode, stock=stock, double_draw=double_draw, calls=calls, dealer=dealer
        )
        chosen = {"stock": (stock, StockVisibility), "double_draw": (double_draw, DoubleDraw), "calls": (calls, Calls)}
        for name, (value, enum) in chosen.items():
            check_choice(NAME, name, value, [v.value for v in enum])
        self.options = RuleOptions(
            stock=StockVisibility(stock), double_draw=DoubleDraw(double_draw), calls=Calls(calls)
        )
        self.style = Style(symbols=not plain_output())
        self.setup(render_mode, 2, dealer, OBSERVATION_HIGH)

    def new_deal(self, deck: list[int], seat: int) -> Deal:
        return Deal(deck, seat, self.options)

    def narrator(self, deck: list[int], seat: int) -> StepNarrator[Any]:
        cards = [[CARDS[card] for card in deck]]
        recorder = TraceRecorder("env", "A deal in the environment", "deal", cards, seat, self.options)
        return Narrator({**recorder.snapshot(), "decks": recorder.decks}, self.style)

    def shuffled(self) -> list[int]:
        return [int(card) for card in self.np_random.permutation(52)]

    def deck_from(self, cards: Sequence[Any]) -> list[int]:
        """Cards as the engine takes them: numbers 0-51, Card values or "TC" notation."""
        deck = [card_number(card) for card in cards]
        check_deck(deck)
        return deck

    def legal_ids(self, deal: Deal) -> list[int]:
        return legal_ids(deal)

    def engine_action(self, player: int, number: int) -> Action:
        return engine_action(player, number)

    def action_text(self, number: int) -> str:
        return action_text(number)

    def write_observation(self, out: Vector, deal: Deal, player: int) -> None:
        write_observation(out, deal, player)

    def final_rewards(self, deal: Deal) -> list[float]:
        first, second = deal.scores()
        return [first - second, second - first]

    def colours(self) -> bool:
        return self.style.symbols
