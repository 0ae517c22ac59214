"""Game environments for reinforcement learning, under PettingZoo's names (``pip install "ducksoup[pettingzoo]"``).

* :mod:`ducksoup.envs.duck_soup_v0`: Duck Soup, one deal per episode.
* :mod:`ducksoup.envs.doubleduck_v0`: Doubleduck, one deal of four players per episode.
* :mod:`ducksoup.envs.aw_ducks_v0`: Aw Ducks!, one round of 2-4 players per episode.

PettingZoo names an environment's module after its game and version (``pettingzoo.classic.chess_v6``),
so each module here is a game's public entry: it only re-exports the environment, which lives in the
game's own folder (``ducksoup.<game>.bridges``) and is built on :class:`ducksoup.bridges.pettingzoo.CardEnv`.
Nothing is imported here, so that ``import ducksoup.envs`` needs no extra.
"""
