"""The bridges every game of the family has to the game-AI libraries, written once (optional extras).

* :mod:`ducksoup.bridges.chance`: an episode whose deck order is chosen one card at a time, when the engine
  takes each card, on any game's engine (pure Python).
* :mod:`ducksoup.bridges.encoding`: what a game's encoding gives every bridge, as one record: its action numbers,
  card names and observation tensor (pure Python).
* :mod:`ducksoup.bridges.tensors`: tensor layouts and the perfect-recall information-state tensor (NumPy).
* :mod:`ducksoup.bridges.openspiel`: the OpenSpiel game, state and observer (``pip install "ducksoup[openspiel]"``).
* :mod:`ducksoup.bridges.pettingzoo`: the PettingZoo AEC environment (``pip install "ducksoup[pettingzoo]"``).
* :mod:`ducksoup.bridges.render`: the table as text, told by a game's narrator.

A game's bridges live in its folder (``ducksoup.<game>.bridges``): its encoding (its action numbers and
tensors, and the :class:`~ducksoup.bridges.encoding.Encoding` that hands them to the shared pieces), its
episode (a :class:`~ducksoup.bridges.chance.ChanceEpisode`), its OpenSpiel game (``python_<game>``) and its
environment (``ducksoup.envs.<game>_v0``). Nothing here is imported by the rest of ``ducksoup``.
"""
