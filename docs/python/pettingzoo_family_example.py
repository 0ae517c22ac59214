"""A deal of Doubleduck and a round of Aw Ducks! for four in PettingZoo, every agent taking random legal actions."""

import numpy as np

from ducksoup.envs import aw_ducks_v0, doubleduck_v0

rng = np.random.default_rng(7)
for env in (doubleduck_v0.env(draw="as-played"), aw_ducks_v0.env(players=4)):
    env.reset(seed=7)
    rewards = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        rewards[agent] += reward  # zero until the episode is over
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    print(env.metadata["name"], "rewards:", rewards)
