"""Random episodes per second through every game's bridges, beside the engine's own, with an empty AEC env as yardstick.

Usage: python benchmarks/bridges.py [--seconds S] [--rounds R] [--game NAME ...]

For each game (Duck Soup; Doubleduck; Aw Ducks! for 2, 3 and 4 players), each round times six loops one after
the other for about S seconds of processor time each (``time.process_time``: the machine is shared, so wall
time would measure the other processes; rounds interleave the loops); the medians are printed, with the cost
of one step.

* ``engine``: the engine's step API, as in benchmarks/deals.py, doubleduck.py and aw_ducks.py: legal actions,
  a random choice, apply.
* ``openspiel``: ``pyspiel.load_game("python_<game>")`` through OpenSpiel's Python API: at a chance node a
  random outcome of ``chance_outcomes()`` (by its probability), else a random one of ``legal_actions()``, then
  ``apply_action``. A step is one chance outcome or one player action.
* ``aec``: ``ducksoup.envs.<game>_v0.env()``: ``agent_iter``, ``last()`` (observation and mask), a random
  action among the mask's, ``step``; ``reset`` shuffles each episode (the generator is seeded once).
* ``empty aec``: the yardstick: an AEC environment with the same spaces and no game, wrapped as PettingZoo's
  classic games are (``OrderEnforcingWrapper`` and ``AssertOutOfBoundsWrapper``, the yardstick of the
  first measurements; the bridges' own envs check their actions themselves instead of the latter). Its
  observation and mask have the same shapes and types (a mask with as many legal actions as the real one
  has on average), its turns go round the players, and its episode ends after as many steps as an average
  random episode of the real one. The bridge's cost per step should stay within twice the empty one's.
* ``raw aec`` and ``raw empty``: the same two environments without PettingZoo's wrappers, so that the game's
  own share of a step shows too.
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pyspiel
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

sys.path.insert(0, str(Path(__file__).resolve().parent))

import aw_ducks
import deals
import doubleduck

import ducksoup.aw_ducks.bridges.openspiel
import ducksoup.doubleduck.bridges.openspiel
import ducksoup.duck_soup.bridges.openspiel  # noqa: F401  (each registers its game)
from ducksoup.envs import aw_ducks_v0, doubleduck_v0, duck_soup_v0

Run = Callable[[int, random.Random], int]
"""Play ``count`` deals with the generator; return the number of steps."""


def openspiel_deals(name: str, count: int, rng: random.Random) -> int:
    game = pyspiel.load_game(name)
    rnd = rng.random
    steps = 0
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                pick, at = rnd(), 0
                for _outcome, probability in outcomes:  # by its probability: Doubleduck's cards come in two copies
                    pick -= probability
                    if pick < 0:
                        break
                    at += 1
                state.apply_action(outcomes[min(at, len(outcomes) - 1)][0])
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
    """The yardstick: an AEC environment with a game's spaces and no game."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": [], "name": "empty_v0", "is_parallelizable": False}

    def __init__(self, like: Any, length: int, legal: int) -> None:
        super().__init__()
        self.length = length
        self.legal = list(range(legal))
        self.possible_agents = list(like.possible_agents)
        self.observation_spaces = {agent: like.observation_space(agent) for agent in self.possible_agents}
        self.action_spaces = {agent: like.action_space(agent) for agent in self.possible_agents}
        self.size = like.observation_space(self.possible_agents[0])["observation"].shape[0]
        self.actions = like.action_space(self.possible_agents[0]).n

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
        observation = np.empty(self.size, dtype=np.float32)
        observation.fill(0.0)
        mask = np.zeros(self.actions, dtype=np.int8)
        if agent == self.agent_selection:
            mask[self.legal] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.steps += 1
        agents = self.possible_agents
        following = agents[(agents.index(agent) + 1) % len(agents)]
        if self.steps >= self.length:
            self.rewards = {name: 1 if name == agent else 0 for name in agents}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0)
        self.agent_selection = following
        self._accumulate_rewards()


def rate(run: Run, seconds: float, seed: int) -> tuple[float, float]:
    """Episodes per second and steps per second of ``run`` over about ``seconds`` of processor time."""
    count = 2
    while True:
        began = time.process_time()
        steps = run(count, random.Random(seed))
        elapsed = time.process_time() - began
        if elapsed >= seconds:
            return count / elapsed, steps / elapsed
        count = max(count * 2, int(count * seconds / max(elapsed, 1e-3) * 1.1))


GAMES: dict[str, tuple[str, Callable[..., Any], Run]] = {
    "duck_soup": ("python_duck_soup", duck_soup_v0.raw_env, deals.engine_deals),
    "doubleduck": ("python_doubleduck", doubleduck_v0.raw_env, doubleduck.engine_deals),
    **{
        f"aw_ducks_{players}": (
            f"python_aw_ducks(players={players})",
            functools.partial(aw_ducks_v0.raw_env, players=players),
            functools.partial(lambda count, rng, players: aw_ducks.engine_rounds(count, rng, players), players=players),
        )
        for players in (2, 3, 4)
    },
}
"""Each game (and player count): its OpenSpiel name, its raw environment and the engine's own random loop."""


def average_episode(raw: Any, probe: int) -> tuple[int, int]:
    """The decisions of an average random episode of ``raw`` and the average count of legal actions."""
    rng = random.Random(0)
    decisions = legal = 0
    for n in range(probe):
        raw.reset(seed=n)
        while raw.agents:
            agent = raw.agent_selection
            if raw.terminations[agent]:
                raw.step(None)
                continue
            choices = raw.legal_actions()
            legal += len(choices)
            decisions += 1
            raw.step(rng.choice(choices))
    return round(decisions / probe), max(1, round(legal / decisions))


def bench_game(game: str, seconds: float, rounds: int) -> None:
    name, make, engine = GAMES[game]
    length, legal = average_episode(make(), 50)
    aec = wrappers.OrderEnforcingWrapper(make())
    raw, raw_empty = make(), EmptyEnv(make(), length, legal)
    empty = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(EmptyEnv(make(), length, legal)))
    loops: dict[str, Run] = {
        "engine": engine,
        "openspiel": functools.partial(openspiel_deals, name),
        "aec": lambda count, rng: aec_deals(aec, count, rng),
        "empty aec": lambda count, rng: aec_deals(empty, count, rng),
        "raw aec": lambda count, rng: aec_deals(raw, count, rng),
        "raw empty": lambda count, rng: aec_deals(raw_empty, count, rng),
    }
    episodes: dict[str, list[float]] = {loop: [] for loop in loops}
    steps: dict[str, list[float]] = {loop: [] for loop in loops}
    for round_number in range(rounds):
        for loop, run in loops.items():
            per_episode, per_step = rate(run, seconds, 1000 + round_number)
            episodes[loop].append(per_episode)
            steps[loop].append(per_step)
    median = {loop: (statistics.median(episodes[loop]), statistics.median(steps[loop])) for loop in loops}
    print(f"{game} ({name}; the empty aec episode has {length} decisions and {legal} legal actions, as on average)")
    for loop, (per_episode, per_step) in median.items():
        rates = f"{per_episode:10,.1f} random episodes/s {per_step:12,.0f} steps/s"
        print(f"  {loop:9s} {rates} {1e6 / per_step:8.1f} us/step")
    wrapped = statistics.median(e / a for e, a in zip(steps["empty aec"], steps["aec"], strict=True))
    unwrapped = statistics.median(e / a for e, a in zip(steps["raw empty"], steps["raw aec"], strict=True))
    print(f"  aec step cost / empty aec step cost = {wrapped:.2f}  (median of the rounds' ratios; target <= 2)")
    print(f"  raw aec / raw empty step cost       = {unwrapped:.2f}  (the same without PettingZoo's wrappers)")
    print(f"  openspiel / engine episodes = {median['openspiel'][0] / median['engine'][0]:.3f}")
    print(f"  aec / engine episodes       = {median['aec'][0] / median['engine'][0]:.3f}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="processor seconds per loop and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only these (default: every game)")
    args = parser.parse_args()
    print(f"processor time (time.process_time); load average {os.getloadavg()[0]:.2f} at the start")
    for game in args.game or GAMES:
        bench_game(game, args.seconds, args.rounds)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
