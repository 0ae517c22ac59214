"""Game environments for reinforcement learning (``pip install "ducksoup[pettingzoo]"``).

* :mod:`ducksoup.envs.duck_soup_v0`: Duck Soup as a PettingZoo AEC environment, one deal per episode.

Nothing is imported here, so that ``import ducksoup.envs`` needs no extra. Only Duck Soup has an
environment so far; another game of the family would come as ``ducksoup.envs.<game>_v0``.
"""
