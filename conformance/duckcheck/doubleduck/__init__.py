"""Doubleduck in the conformance suite: its codec, views, oracle, generator plan and the registry entry ``SUITE``.

* :mod:`~duckcheck.doubleduck.encoding`: the JSON forms of rule options, actions, the canonical
  state and results (``conformance/schema/games/doubleduck.schema.json``);
* :mod:`~duckcheck.doubleduck.views`: what each player may see, derived from the canonical state;
* :mod:`~duckcheck.doubleduck.oracle`: the specification behind one interface (:class:`Table`);
* :mod:`~duckcheck.doubleduck.recorder`, :mod:`~duckcheck.doubleduck.policies`,
  :mod:`~duckcheck.doubleduck.scenarios` and :mod:`~duckcheck.doubleduck.plan`: the traces, computed by the
  specification (``python -m duckcheck.generator --game doubleduck``);
* :mod:`~duckcheck.doubleduck.failures`: the game's words in the runner's reports.

The suite's generic machinery (runner, linter, generator, reports) knows the game only through
:data:`SUITE` (see :mod:`duckcheck.games`).
"""

from __future__ import annotations

from duckcheck.doubleduck.encoding import FIELD_SECTIONS, OPTION_VALUES, parse_action
from duckcheck.doubleduck.failures import describe, sections_of
from duckcheck.doubleduck.oracle import Table
from duckcheck.doubleduck.views import TraceViews
from duckcheck.games import GameSuite, error_sections_of, plan_in
from duckspec.doubleduck import GAME_ID, PLAYERS, SECTION_TITLES, SECTIONS
from duckspec.doubleduck.errors import ErrorCode

SUITE = GameSuite(
    id=GAME_ID,
    title="Doubleduck",
    designer="David Parlett",
    family_order=2,
    trace_prefix="dd-",
    players=(PLAYERS,),
    scopes=tuple(scope.value for scope in Table.scopes),
    option_values=OPTION_VALUES,
    sections={section: SECTION_TITLES[section] for section in SECTIONS},
    field_sections=FIELD_SECTIONS,
    error_sections=error_sections_of(ErrorCode),
    oracle=Table,
    views=TraceViews,
    parse_action=parse_action,
    describe_action=describe,
    failure_sections=sections_of,
    plan=plan_in("duckcheck.doubleduck.plan"),
)
"""Doubleduck's entry in the family's registry."""
