"""Doubleduck in the game-AI libraries: ``python_doubleduck`` with OpenSpiel, ``ducksoup.envs.doubleduck_v0`` with
PettingZoo (optional extras), on the shared machinery of :mod:`ducksoup.bridges`."""
