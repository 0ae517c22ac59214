"""Aw Ducks! in the conformance suite: its codec, views, oracle, generator plan and the registry entry ``SUITE``.

* :mod:`~duckcheck.aw_ducks.encoding`: options, actions and the canonical state as JSON;
* :mod:`~duckcheck.aw_ducks.views`: what each player may see, derived from the canonical state;
* :mod:`~duckcheck.aw_ducks.oracle`: the specification behind one interface (``Table``);
* :mod:`~duckcheck.aw_ducks.failures`: actions in words and the sections behind a failure;
* :mod:`~duckcheck.aw_ducks.policies`, :mod:`~duckcheck.aw_ducks.recorder`,
  :mod:`~duckcheck.aw_ducks.scenarios` and :mod:`~duckcheck.aw_ducks.plan`: the traces.

The suite's generic machinery (runner, linter, generator, reports) knows the game only through
:data:`SUITE` (see :mod:`duckcheck.games`). The source text names no designer, and the suite
credits no one.
"""

from __future__ import annotations

from duckcheck.aw_ducks.encoding import OPTION_VALUES, parse_action
from duckcheck.aw_ducks.failures import FIELD_SECTIONS, describe, sections_of
from duckcheck.aw_ducks.oracle import Table
from duckcheck.aw_ducks.views import TraceViews
from duckcheck.games import GameSuite, error_sections_of, plan_in
from duckspec.aw_ducks import GAME_ID, PLAYERS, SECTION_TITLES
from duckspec.aw_ducks.errors import ErrorCode

SUITE = GameSuite(
    id=GAME_ID,
    title="Aw Ducks!",
    designer=None,
    family_order=3,
    trace_prefix="ad-",
    players=PLAYERS,
    scopes=tuple(scope.value for scope in Table.scopes),
    option_values=OPTION_VALUES,
    sections=SECTION_TITLES,
    field_sections=FIELD_SECTIONS,
    error_sections=error_sections_of(ErrorCode),
    oracle=Table,
    views=TraceViews,
    parse_action=parse_action,
    describe_action=describe,
    failure_sections=sections_of,
    plan=plan_in("duckcheck.aw_ducks.plan"),
)
"""Aw Ducks!'s entry in the family's registry."""
