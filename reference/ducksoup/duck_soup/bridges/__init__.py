"""Duck Soup in the game-AI libraries: OpenSpiel and PettingZoo (optional extras).

Nothing here is imported by the rest of :mod:`ducksoup`, nor by the registry of games: the bridges
cost the base package nothing and need their extras only when they are used.

* :mod:`ducksoup.duck_soup.bridges.encoding`: what both bridges share, needing only NumPy: the action
  numbers (a card and a call, or "duck") and the observation tensor, which holds exactly
  what the engine's :meth:`~ducksoup.duck_soup.engine.Deal.observation` holds.
* :mod:`ducksoup.duck_soup.bridges.chance`: a deal whose deck order is chosen one card at a time, as
  the cards are dealt and drawn: the shared :class:`~ducksoup.bridges.chance.ChanceEpisode` told how Duck
  Soup deals and draws (pure Python).
* :mod:`ducksoup.duck_soup.bridges.openspiel`: registers ``python_duck_soup`` with OpenSpiel
  (``pip install "ducksoup[openspiel]"``).
* :mod:`ducksoup.duck_soup.bridges.pettingzoo`: the PettingZoo AEC environment
  (``pip install "ducksoup[pettingzoo]"``), imported as PettingZoo's environments are, from
  :mod:`ducksoup.envs.duck_soup_v0`; its ``render_mode="ansi"`` tells the table in the words of ``ducksoup play``.

The OpenSpiel game, its chance episode and the environment are built on the shared machinery of
:mod:`ducksoup.bridges`, as every game's are; Duck Soup gives its encoding, its dealing and drawing, and its
own words for the information state (a line per deal and per draw) and for the view while a draw is chosen.
"""
