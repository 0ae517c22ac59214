"""Doubleduck in the conformance suite: its codec, players' views, oracle, scenarios and generator.

* :mod:`~duckcheck.doubleduck.encoding`: the JSON forms of rule options, actions, the canonical
  state and results (``conformance/schema/doubleduck.schema.json``);
* :mod:`~duckcheck.doubleduck.views`: what each player may see, derived from the canonical state;
* :mod:`~duckcheck.doubleduck.oracle`: the specification behind one interface (:class:`Table`);
* :mod:`~duckcheck.doubleduck.recorder`, :mod:`~duckcheck.doubleduck.policies`,
  :mod:`~duckcheck.doubleduck.scenarios` and :mod:`~duckcheck.doubleduck.generate`: the traces,
  computed by the specification (``python -m duckcheck.doubleduck.generate FOLDER``);
* :mod:`~duckcheck.doubleduck.replay`: checking an implementation in process against the traces.
"""

GAME_ID = "doubleduck"
PLAYERS = 4
