"""Doubleduck as a PettingZoo AEC environment, under PettingZoo's name for it: ``doubleduck_v0.env()``.

The environment lives in Doubleduck's folder (:mod:`ducksoup.doubleduck.bridges.pettingzoo`); this module only
gives it the import path PettingZoo's own environments have. Importing it needs the ``pettingzoo`` extra.
"""

from __future__ import annotations

from ducksoup.doubleduck.bridges.pettingzoo import env, raw_env

__all__ = ["env", "raw_env"]
