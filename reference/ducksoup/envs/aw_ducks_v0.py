"""Aw Ducks! as a PettingZoo AEC environment, under PettingZoo's name for it: ``aw_ducks_v0.env(players=3)``.

The environment lives in Aw Ducks!'s folder (:mod:`ducksoup.aw_ducks.bridges.pettingzoo`); this module only
gives it the import path PettingZoo's own environments have. Importing it needs the ``pettingzoo`` extra.
"""

from __future__ import annotations

from ducksoup.aw_ducks.bridges.pettingzoo import env, raw_env

__all__ = ["env", "raw_env"]
