"""One deal of Duck Soup in PettingZoo: both players take random legal actions."""

import numpy as np

from ducksoup.envs import duck_soup_v0

env = duck_soup_v0.env(render_mode="ansi")
env.reset(seed=42)
rng = np.random.default_rng(42)
rewards = {}
for agent in env.agent_iter():
    observation, reward, terminated, truncated, info = env.last()
    rewards[agent] = reward  # zero until the deal is over
    if terminated or truncated:
        env.step(None)
        continue
    legal = np.flatnonzero(observation["action_mask"])  # numbers of the legal actions
    env.step(int(rng.choice(legal)))
    table = env.render()  # the action and what it led to, as `ducksoup play` tells it

print(table)
print("rewards:", rewards)  # each player's deal score minus the other's
env.close()
