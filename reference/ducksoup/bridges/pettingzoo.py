"""The PettingZoo AEC environment every game's is built from (``pip install "ducksoup[pettingzoo]"``).

One episode is one deal or round, played by a game's reference engine from a deck shuffled with the
environment's seeded generator, or from a deck order given to ``reset``. What is the same for every game
is here, once (PettingZoo's ``RLCardBase`` is the model): the agents ``player_0`` ... and their spaces,
the dict observation of a ``float32`` vector and an ``int8`` action mask (the legal actions for the agent
to act, all zeros for the others), seeding, ``reset(seed, options={"deck": [...], <seat>: n})``, rewards
at the end only, and the clear errors: a bad option, an action of the wrong type, an action the mask
forbids (refused, changing nothing: an illegal action is never turned into a loss), a step before
``reset``. ``render_mode="ansi"`` returns the text of the game's table, told by the game's narrator
(:class:`~ducksoup.bridges.render.NarratedTable`).

A game's environment subclasses :class:`CardEnv` and gives its engine, its action numbers, its observation
vector, its rewards and its narrator (the methods that raise ``NotImplementedError``).
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle, seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from rich.console import Console

from ducksoup.bridges.render import NarratedTable
from ducksoup.bridges.tensors import Vector
from ducksoup.narration import StepNarrator

JSON = dict[str, Any]


def wrapped(env: AECEnv) -> AECEnv:
    """``env`` wrapped as PettingZoo's classic games are: ``reset`` required before anything else.

    PettingZoo's ``AssertOutOfBoundsWrapper`` is left out: :meth:`CardEnv.step` checks every action itself (its
    type, then the mask, which is stricter than the action space) and says what it was given and what it
    expects, where the wrapper's bare ``AssertionError`` says only "not in action space"."""
    return wrappers.OrderEnforcingWrapper(env)


def seats_or(seats: Sequence[int], last: str) -> str:
    """``0, 1 or None (at random)``, ``0, 1, 2 or 3``: the choices of a seat option."""
    names = [str(seat) for seat in seats]
    if last:
        names.append(last)
    return ", ".join(names[:-1]) + " or " + names[-1]


def plain(value: Any) -> Any:
    """A NumPy integer as a Python int, anything else unchanged: the engines take only Python ints as card
    numbers and players, and refuse a bool or a float with their own ``TypeError``."""
    return int(value) if isinstance(value, np.integer) else value


def check_choice(env_name: str, name: str, value: Any, allowed: Sequence[Any]) -> Any:
    """``value`` if it is one of ``allowed`` (not a bool standing for 0 or 1); else one clear ``ValueError``."""
    if isinstance(value, bool) or value not in allowed:
        names = [repr(choice) for choice in allowed]
        choices = ", ".join(names[:-1]) + " or " + names[-1]
        raise ValueError(f"{env_name}: {name} is {choices}, not {value!r}")
    return value


def ansi(lines: Sequence[str], colours: bool) -> str:
    """Lines of rich markup as one string: with ANSI colour codes, or plain."""
    if not colours:
        return "\n".join(lines)
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, color_system="standard", highlight=False, soft_wrap=True)
    for line in lines:
        console.print(line)
    return out.getvalue().rstrip("\n")


class CardEnv(AECEnv, EzPickle):  # type: ignore[misc]
    """The environment without wrappers (PettingZoo's ``raw_env``); ``deal`` is the engine's deal or round."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "", "is_parallelizable": False}
    unit: ClassVar[str] = "deal"
    """What an episode is: ``deal`` or ``round``."""
    seat_option: ClassVar[str] = "dealer"
    """The option naming the seat an episode starts from (``dealer``, ``start``)."""
    num_actions: ClassVar[int] = 0

    def setup(self, render_mode: str | None, players: int, seat: Any, high: Vector) -> None:
        """Called by a game's ``__init__`` once its own options are checked: the spaces and the agents."""
        AECEnv.__init__(self)
        name = self.metadata["name"]
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"{name}: render_mode is 'ansi' or None, not {render_mode!r}")
        seat = plain(seat)
        if seat is not None and (type(seat) is not int or seat not in range(players)):  # True == 1, but no player
            choices = seats_or(range(players), "None (at random)")
            raise ValueError(f"{name}: {self.seat_option} is {choices}, not {seat!r}")
        self.render_mode = render_mode
        self.players = players
        self.seat = seat
        agents = [f"player_{player}" for player in range(players)]
        self.possible_agents = agents[:]
        self.agents = agents[:]
        observation = spaces.Box(0.0, high, dtype=np.float32)
        mask = spaces.Box(0, 1, shape=(self.num_actions,), dtype=np.int8)
        self.observation_spaces = {
            agent: spaces.Dict({"observation": observation, "action_mask": mask}) for agent in agents
        }
        self.action_spaces = {agent: spaces.Discrete(self.num_actions) for agent in agents}
        self.observation_size = int(high.size)
        self.np_random, _ = seeding.np_random(None)
        self.deal: Any = None
        self.legal: list[int] | None = None
        """The legal action numbers of the position, once asked for."""
        self.table: NarratedTable | None = None
        """The episode told, with ``render_mode``."""
        self.lines: list[str] = []

    # What a game gives

    def new_deal(self, deck: list[int], seat: int) -> Any:
        """The engine's deal or round from ``deck`` (top first), starting from ``seat``."""
        raise NotImplementedError

    def shuffled(self) -> list[int]:
        """A deck order shuffled with the environment's generator (``self.np_random``)."""
        raise NotImplementedError

    def deck_from(self, cards: Sequence[Any]) -> list[int]:
        """A deck order given to ``reset``, checked, as card numbers (the engine's error if it is none)."""
        raise NotImplementedError

    def legal_ids(self, deal: Any) -> list[int]:
        raise NotImplementedError

    def engine_action(self, player: int, number: int) -> Any:
        raise NotImplementedError

    def action_text(self, number: int) -> str:
        raise NotImplementedError

    def write_observation(self, out: Vector, deal: Any, player: int) -> None:
        raise NotImplementedError

    def final_rewards(self, deal: Any) -> list[float]:
        raise NotImplementedError

    def narrator(self, deck: list[int], seat: int) -> StepNarrator[Any]:
        """The game's narrator of an episode from ``deck`` and ``seat`` (the ``StepNarrator`` of its trace, at the
        start), whose words ``render`` shows: those of ``ducksoup play``."""
        raise NotImplementedError

    def colours(self) -> bool:
        """Whether the rendered lines are rich markup to show in colour."""
        return False

    # PettingZoo's

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """A new episode: shuffled by the environment's generator (seeded by ``seed``), or ``options["deck"]``;
        ``options[seat_option]`` chooses the seat (else the environment's, else at random)."""
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        options = options or {}
        name = self.metadata["name"]
        seat = plain(options.get(self.seat_option, self.seat))
        if seat is None:
            seat = int(self.np_random.integers(self.players))
        if type(seat) is not int or seat not in range(self.players):
            raise ValueError(f"{name}: {self.seat_option} is {seats_or(range(self.players), '')}, not {seat!r}")
        deck = self.deck_from([plain(card) for card in options["deck"]]) if "deck" in options else self.shuffled()
        self.deal = self.new_deal(deck, seat)
        self.legal = None
        agents = self.possible_agents
        self.agents = agents[:]
        self.rewards: dict[str, float] = dict.fromkeys(agents, 0)
        self._cumulative_rewards: dict[str, float] = dict.fromkeys(agents, 0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in agents}
        self.agent_selection = agents[self.deal.to_act]
        if self.render_mode is not None:
            self.table = NarratedTable(self.narrator(deck, seat))
            self.lines = self.table.start()

    def observe(self, agent: str) -> dict[str, Any]:
        deal = self.deal
        assert deal is not None, "reset() starts a deal"
        player = self.possible_agents.index(agent)
        observation = np.empty(self.observation_size, dtype=np.float32)
        self.write_observation(observation, deal, player)
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if deal.to_act == player:
            mask[self.legal_actions()] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Take action ``action`` (an int, or a NumPy integer, that the mask allows) for the agent to act.

        ``None`` only for an agent whose episode is over, as PettingZoo's loop does. ``RuntimeError`` before
        :meth:`reset` and once every agent has stepped out, ``TypeError`` for anything but an action number,
        ``ValueError`` for one the mask forbids; a refused action changes nothing.
        """
        deal = self.deal
        name = self.metadata["name"]
        if deal is None:
            raise RuntimeError(f"{name}: step() before reset(): call reset() first, which deals the cards")
        if not self.agents:
            over = f"the {self.unit} is over and every agent has stepped out"
            raise RuntimeError(f"{name}: step() after {over}; call reset() for another")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        player = self.possible_agents.index(agent)
        number = self.action_number(action, agent)
        legal = self.legal_actions()
        if number not in legal:
            said = self.action_text(number) if 0 <= number < self.num_actions else "no action"
            raise ValueError(
                f"{name}: {agent} cannot take action {number} ({said}) now; "
                f"the legal actions are {', '.join(f'{n} ({self.action_text(n)})' for n in legal)}"
            )
        taken = self.engine_action(player, number)
        self._cumulative_rewards[agent] = 0
        deal.apply(taken)
        self.legal = None
        agents = self.possible_agents
        if deal.to_act is None:
            self.rewards = dict(zip(agents, self.final_rewards(deal), strict=True))
            self.terminations = dict.fromkeys(agents, True)
            self.agent_selection = agents[(player + 1) % self.players]
        else:
            self.rewards = dict.fromkeys(agents, 0)
            self.agent_selection = agents[deal.to_act]
        self._accumulate_rewards()
        if self.table is not None:
            self.lines = self.table.action(taken)

    def legal_actions(self) -> list[int]:
        """The legal action numbers of the agent to act, ascending."""
        if self.legal is None:
            assert self.deal is not None, "reset() starts a deal"
            self.legal = self.legal_ids(self.deal)
        return self.legal

    def render(self) -> str | None:
        """The last action and what it led to (the position, after a trick), then the options of the player to act."""
        if self.render_mode is None:
            gymnasium.logger.warn(f"{self.metadata['name']}: render() needs render_mode='ansi'")
            return None
        if self.deal is None or self.table is None:
            return ""
        return ansi(self.lines + self.table.turn(), self.colours())

    def close(self) -> None:
        """Nothing to release."""

    def action_number(self, action: object, agent: str) -> int:
        """``action`` as a Python int, if it is an action number: an int, a NumPy integer or a 0-d integer array.

        ``TypeError`` otherwise, saying what was given and what is expected (a bool, a float or a text is not
        an action number, even when it looks like one: ``int("12")`` and ``int(12.7)`` would play an action
        nobody chose).
        """
        if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
            action = action.item()
        if type(action) is int or isinstance(action, np.integer):
            return int(action)
        name = self.metadata["name"]
        expected = f"an action number, an int from 0 to {self.num_actions - 1} that the action mask allows"
        if action is None:
            raise TypeError(
                f"{name}: step(None) is for an agent whose {self.unit} is over; {agent} is to act: give it {expected}"
            )
        raise TypeError(f"{name}: step() takes {expected}, not {action!r} (a {type(action).__name__})")
