"""Game environments for reinforcement learning, under PettingZoo's names (``pip install "ducksoup[pettingzoo]"``).

* :mod:`ducksoup.envs.duck_soup_v0`: Duck Soup as a PettingZoo AEC environment, one deal per episode.

PettingZoo names an environment's module after its game and version (``pettingzoo.classic.chess_v6``),
so each module here is a game's public entry: it only re-exports the environment, which lives in the
game's own folder (``ducksoup.<game>.bridges``). Only Duck Soup has an environment so far; another
game of the family would come as ``ducksoup.envs.<game>_v0``. Nothing is imported here, so that
``import ducksoup.envs`` needs no extra.
"""
