"""Aw Ducks! in the conformance suite: the JSON codec, the players' views, the oracle and the trace generator.

* :mod:`~duckcheck.aw_ducks.encoding`: options, actions and the canonical state as JSON;
* :mod:`~duckcheck.aw_ducks.views`: what each player may see, derived from the canonical state;
* :mod:`~duckcheck.aw_ducks.oracle`: the specification behind one interface (``Table``);
* :mod:`~duckcheck.aw_ducks.policies`, :mod:`~duckcheck.aw_ducks.recorder`,
  :mod:`~duckcheck.aw_ducks.scenarios` and :mod:`~duckcheck.aw_ducks.generate`: the traces.
"""

GAME_ID = "aw-ducks"
