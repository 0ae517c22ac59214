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
* ``render_mode="ansi"``: :meth:`raw_env.render` returns the table as ``ducksoup play`` prints
  it (:mod:`ducksoup.duck_soup.bridges.render`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle, seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ducksoup.duck_soup.bridges.encoding import (
    NUM_ACTIONS,
    OBSERVATION_HIGH,
    OBSERVATION_SIZE,
    action_text,
    engine_action,
    legal_ids,
    write_observation,
)
from ducksoup.duck_soup.bridges.render import TableText
from ducksoup.duck_soup.engine import Deal, card_number, check_deck
from duckspec.duck_soup.variants import Calls, DoubleDraw, RuleOptions, StockVisibility

AGENTS = ("player_0", "player_1")


def env(**kwargs: Any) -> AECEnv:
    """The environment, wrapped as PettingZoo's classic games are: ``reset`` required before anything else.

    PettingZoo's ``AssertOutOfBoundsWrapper`` is left out: :meth:`raw_env.step` checks every action itself
    (its type, then the mask, which is stricter than the action space) and says what it was given and what
    it expects, where the wrapper's bare ``AssertionError`` says only "not in action space"."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))


class raw_env(AECEnv, EzPickle):  # type: ignore[misc]
    """The environment without wrappers (PettingZoo's name for it)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "duck_soup_v0", "is_parallelizable": False}

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
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"duck_soup_v0: render_mode is 'ansi' or None, not {render_mode!r}")
        chosen = {"stock": (stock, StockVisibility), "double_draw": (double_draw, DoubleDraw), "calls": (calls, Calls)}
        for name, (value, enum) in chosen.items():
            if value not in [v.value for v in enum]:
                allowed = " or ".join(repr(v.value) for v in enum)
                raise ValueError(f"duck_soup_v0: {name} is {allowed}, not {value!r}")
        dealer = _plain(dealer)
        if dealer is not None and (type(dealer) is not int or dealer not in (0, 1)):  # True == 1, but no player
            raise ValueError(f"duck_soup_v0: dealer is 0, 1 or None (at random), not {dealer!r}")
        self.render_mode = render_mode
        self.options = RuleOptions(
            stock=StockVisibility(stock), double_draw=DoubleDraw(double_draw), calls=Calls(calls)
        )
        self.dealer = dealer
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        observation = spaces.Box(0.0, OBSERVATION_HIGH, dtype=np.float32)
        mask = spaces.Box(0, 1, shape=(NUM_ACTIONS,), dtype=np.int8)
        self.observation_spaces = {
            agent: spaces.Dict({"observation": observation, "action_mask": mask}) for agent in AGENTS
        }
        self.action_spaces = {agent: spaces.Discrete(NUM_ACTIONS) for agent in AGENTS}
        self.np_random, _ = seeding.np_random(None)
        self.deal: Deal | None = None
        self.legal: list[int] | None = None
        """The legal action numbers of the position, once asked for."""
        self.table_text = TableText()
        self.lines: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """A new deal: shuffled by the environment's generator (seeded by ``seed``), or ``options["deck"]``."""
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        options = options or {}
        dealer = _plain(options.get("dealer", self.dealer))
        if dealer is None:
            dealer = int(self.np_random.integers(2))
        if type(dealer) is not int or dealer not in (0, 1):
            raise ValueError(f"duck_soup_v0: dealer is 0 or 1, not {dealer!r}")
        if "deck" in options:  # cards as the engine takes them: numbers 0-51, Card values or "TC" notation
            deck = [card_number(_plain(card)) for card in options["deck"]]
            check_deck(deck)
        else:
            deck = [int(card) for card in self.np_random.permutation(52)]
        self.deal = Deal(deck, dealer, self.options)
        self.legal = None
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        to_act = self.deal.to_act
        assert to_act is not None
        self.agent_selection = AGENTS[to_act]
        if self.render_mode is not None:
            self.lines = self.table_text.deal_start(self.deal.state())

    def observe(self, agent: str) -> dict[str, Any]:
        deal = self.deal
        assert deal is not None, "reset() starts a deal"
        player = AGENTS.index(agent)
        observation = np.empty(OBSERVATION_SIZE, dtype=np.float32)
        write_observation(observation, deal, player)
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if deal.to_act == player:
            mask[self.legal_actions()] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Take action ``action`` (an int, or a NumPy integer, that the mask allows) for the agent to act.

        ``None`` only for an agent whose deal is over, as PettingZoo's loop does. ``RuntimeError`` before
        :meth:`reset`, ``TypeError`` for anything but an action number, ``ValueError`` for one the mask
        forbids; a refused action changes nothing.
        """
        deal = self.deal
        if deal is None:
            raise RuntimeError("duck_soup_v0: step() before reset(): call reset() first, which deals the cards")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        player = AGENTS.index(agent)
        number = action_number(action, agent)
        legal = self.legal_actions()
        if number not in legal:
            said = action_text(number) if 0 <= number < NUM_ACTIONS else "no action"
            raise ValueError(
                f"duck_soup_v0: {agent} cannot take action {number} ({said}) now; "
                f"the legal actions are {', '.join(f'{n} ({action_text(n)})' for n in legal)}"
            )
        taken = engine_action(player, number)
        before = deal.state() if self.render_mode is not None else None
        self._cumulative_rewards[agent] = 0
        deal.apply(taken)
        self.legal = None
        if deal.to_act is None:
            first, second = deal.scores()
            self.rewards = {AGENTS[0]: first - second, AGENTS[1]: second - first}
            self.terminations = dict.fromkeys(AGENTS, True)
            self.agent_selection = AGENTS[1 - player]
        else:
            self.rewards = dict.fromkeys(AGENTS, 0)
            self.agent_selection = AGENTS[deal.to_act]
        self._accumulate_rewards()
        if before is not None:
            self.lines = self.table_text.action(before, taken, deal.state())

    def legal_actions(self) -> list[int]:
        """The legal action numbers of the agent to act, ascending."""
        if self.legal is None:
            assert self.deal is not None, "reset() starts a deal"
            self.legal = legal_ids(self.deal)
        return self.legal

    def render(self) -> str | None:
        """The last action and what it led to, then the hand and options of the player to act."""
        if self.render_mode is None:
            gymnasium.logger.warn("duck_soup_v0: render() needs render_mode='ansi'")
            return None
        if self.deal is None:
            return ""
        return self.table_text.text(self.lines + self.table_text.turn(self.deal))

    def close(self) -> None:
        """Nothing to release."""


def action_number(action: object, agent: str) -> int:
    """``action`` as a Python int, if it is an action number: an int, a NumPy integer or a 0-d integer array.

    ``TypeError`` otherwise, saying what was given and what is expected (a bool, a float or a text is not
    an action number, even when it looks like one: ``int("12")`` and ``int(12.7)`` would play an action
    nobody chose).
    """
    if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
        action = action.item()
    if type(action) is int or isinstance(action, np.integer):
        return int(action)
    expected = f"an action number, an int from 0 to {NUM_ACTIONS - 1} that the action mask allows"
    if action is None:
        raise TypeError(
            f"duck_soup_v0: step(None) is for an agent whose deal is over; {agent} is to act: give it {expected}"
        )
    raise TypeError(f"duck_soup_v0: step() takes {expected}, not {action!r} (a {type(action).__name__})")


def _plain(value: Any) -> Any:
    """A NumPy integer as a Python int, anything else unchanged: the engine takes only Python ints as card
    numbers and players, and refuses a bool or a float with its own ``TypeError``."""
    return int(value) if isinstance(value, np.integer) else value
