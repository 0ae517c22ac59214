"""Aw Ducks! in the game-AI libraries: ``python_aw_ducks`` with OpenSpiel, ``ducksoup.envs.aw_ducks_v0`` with
PettingZoo (optional extras), on the shared machinery of :mod:`ducksoup.bridges`."""
