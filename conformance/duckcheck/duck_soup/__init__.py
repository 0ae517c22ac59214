"""Duck Soup in the conformance suite: its codec, views, oracle, generator plan and the registry entry ``SUITE``.

The suite's generic machinery (runner, linter, generator, reports) knows the game only through
:data:`SUITE` (see :mod:`duckcheck.games`).
"""

from __future__ import annotations

from duckcheck.duck_soup.encoding import OPTION_VALUES, parse_action
from duckcheck.duck_soup.failures import FIELD_SECTIONS, SECTION_TITLES, describe, sections_of
from duckcheck.duck_soup.oracle import Table
from duckcheck.duck_soup.views import TraceViews
from duckcheck.games import GameSuite, error_sections_of, plan_in
from duckspec.duck_soup import GAME_ID
from duckspec.duck_soup.errors import ErrorCode

SUITE = GameSuite(
    id=GAME_ID,
    title="Duck Soup",
    designer="David Parlett",
    family_order=1,
    trace_prefix="ds-",
    players=(2,),
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
    plan=plan_in("duckcheck.duck_soup.plan", "full_plan"),
)
"""Duck Soup's entry in the family's registry."""
