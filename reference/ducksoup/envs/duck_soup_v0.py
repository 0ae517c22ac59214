"""Duck Soup as a PettingZoo AEC environment, under PettingZoo's name for it: ``duck_soup_v0.env()``.

The environment lives in Duck Soup's folder (:mod:`ducksoup.duck_soup.bridges.pettingzoo`); this
module only gives it the import path PettingZoo's own environments have
(``from pettingzoo.classic import chess_v6``), so that ``from ducksoup.envs import duck_soup_v0``
reads as users of PettingZoo expect. Importing it needs the ``pettingzoo`` extra.
"""

from __future__ import annotations

from ducksoup.duck_soup.bridges.pettingzoo import env, raw_env

__all__ = ["env", "raw_env"]
