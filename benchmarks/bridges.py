"""Random deals per second through the bridges, beside the engine's own figure, with an empty AEC env as yardstick.

Usage: python benchmarks/bridges.py [--seconds S] [--rounds R]

Each round times four loops one after the other for about S seconds each (the machine is shared and
noisy, so rounds interleave them); the medians are printed, with the cost of one step.

* ``engine``: the engine's step API, as in benchmarks/deals.py: legal actions, a random choice, apply.
* ``openspiel``: ``pyspiel.load_game("python_duck_soup")`` through OpenSpiel's Python API: at a chance
  node a random outcome of ``chance_outcomes()``, else a random one of ``legal_actions()``, then
  ``apply_action``. A step is one chance outcome or one player action.
* ``aec``: ``ducksoup.envs.duck_soup_v0.env()``: ``agent_iter``, ``last()`` (observation and mask), a
  random action among the mask's, ``step``; ``reset`` shuffles each deal (the generator is seeded once).
* ``empty aec``: the yardstick: an AEC environment with the same spaces and wrappers and no game. Its
  observation and mask have the same shapes and types (a mask of 13 legal actions), its turns
  alternate, and its episode ends after as many steps as an average random deal of the real one. The
  bridge's cost per step should stay within twice the empty environment's.
* ``raw aec`` and ``raw empty``: the same two environments without PettingZoo's wrappers, which cost
  both the same, so that the game's own share of a step shows too.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pyspiel
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

sys.path.insert(0, str(Path(__file__).resolve().parent))

from deals import engine_deals

import ducksoup.duck_soup.bridges.openspiel  # noqa: F401  (registers python_duck_soup)
from ducksoup.duck_soup.bridges.encoding import NUM_ACTIONS, OBSERVATION_HIGH, OBSERVATION_SIZE
from ducksoup.envs import duck_soup_v0

Run = Callable[[int, random.Random], int]
"""Play ``count`` deals with the generator; return the number of steps."""


def openspiel_deals(count: int, rng: random.Random) -> int:
    game = pyspiel.load_game("python_duck_soup")
    rnd = rng.random
    steps = 0
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rnd() * len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rnd() * len(legal))])
            steps += 1
    return steps


def aec_deals(env: Any, count: int, rng: random.Random) -> int:
    """Play ``count`` episodes of an AEC env with random masked actions; return the number of steps."""
    rnd = rng.random
    steps = 0
    for n in range(count):
        env.reset(seed=rng.randrange(2**31) if n == 0 else None)  # seeded once; each reset deals anew
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                legal = np.flatnonzero(observation["action_mask"])
                env.step(int(legal[int(rnd() * len(legal))]))
            steps += 1
    return steps


class EmptyEnv(AECEnv):  # type: ignore[misc]
    """The yardstick: an AEC environment with Duck Soup's spaces and no game."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": [], "name": "empty_v0", "is_parallelizable": False}
    LEGAL: ClassVar[list[int]] = list(range(0, 52, 4))

    def __init__(self, length: int) -> None:
        super().__init__()
        self.length = length
        self.possible_agents = ["player_0", "player_1"]
        observation = spaces.Box(0.0, OBSERVATION_HIGH, dtype=np.float32)
        mask = spaces.Box(0, 1, shape=(NUM_ACTIONS,), dtype=np.int8)
        self.observation_spaces = {
            agent: spaces.Dict({"observation": observation, "action_mask": mask}) for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(NUM_ACTIONS) for agent in self.possible_agents}

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: Any = None) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self.steps = 0

    def observe(self, agent: str) -> dict[str, Any]:
        observation = np.empty(OBSERVATION_SIZE, dtype=np.float32)
        observation.fill(0.0)
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if agent == self.agent_selection:
            mask[self.LEGAL] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.steps += 1
        other = self.possible_agents[1 - self.possible_agents.index(agent)]
        if self.steps >= self.length:
            self.rewards = {agent: 1, other: -1}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0)
        self.agent_selection = other
        self._accumulate_rewards()


def rate(run: Run, seconds: float, seed: int) -> tuple[float, float]:
    """Deals per second and steps per second of ``run`` over about ``seconds``."""
    count = 5
    while True:
        began = time.perf_counter()
        steps = run(count, random.Random(seed))
        elapsed = time.perf_counter() - began
        if elapsed >= seconds:
            return count / elapsed, steps / elapsed
        count = max(count * 2, int(count * seconds / max(elapsed, 1e-3) * 1.1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    aec = duck_soup_v0.env()
    probe = 200
    decisions = aec_deals(aec, probe, random.Random(0)) - 2 * probe  # two dead steps end each episode
    length = round(decisions / probe)
    raw, raw_empty = duck_soup_v0.raw_env(), EmptyEnv(length)
    empty = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(EmptyEnv(length)))
    loops: dict[str, Run] = {
        "engine": engine_deals,
        "openspiel": openspiel_deals,
        "aec": lambda count, rng: aec_deals(aec, count, rng),
        "empty aec": lambda count, rng: aec_deals(empty, count, rng),
        "raw aec": lambda count, rng: aec_deals(raw, count, rng),
        "raw empty": lambda count, rng: aec_deals(raw_empty, count, rng),
    }
    deals: dict[str, list[float]] = {name: [] for name in loops}
    steps: dict[str, list[float]] = {name: [] for name in loops}
    for round_number in range(args.rounds):
        for name, run in loops.items():
            per_deal, per_step = rate(run, args.seconds, 1000 + round_number)
            deals[name].append(per_deal)
            steps[name].append(per_step)
            print(
                f"round {round_number + 1}: {name:9s} {per_deal:10,.0f} deals/s {per_step:12,.0f} steps/s", flush=True
            )
    print()
    median = {name: (statistics.median(deals[name]), statistics.median(steps[name])) for name in loops}
    for name, (per_deal, per_step) in median.items():
        print(f"{name:9s} {per_deal:10,.0f} random deals/s {per_step:12,.0f} steps/s {1e6 / per_step:8.1f} us/step")
    print(f"(the empty aec episode has {length} decisions, as an average random deal)")
    wrapped = statistics.median(empty / real for empty, real in zip(steps["empty aec"], steps["aec"], strict=True))
    unwrapped = statistics.median(
        empty / real for empty, real in zip(steps["raw empty"], steps["raw aec"], strict=True)
    )
    print(f"aec step cost / empty aec step cost = {wrapped:.2f}  (median of the rounds' ratios; target <= 2)")
    print(f"raw aec / raw empty step cost       = {unwrapped:.2f}  (the same without PettingZoo's wrappers)")
    print(f"openspiel / engine deals = {median['openspiel'][0] / median['engine'][0]:.3f}")
    print(f"aec / engine deals       = {median['aec'][0] / median['engine'][0]:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
