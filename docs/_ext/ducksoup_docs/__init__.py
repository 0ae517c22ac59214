"""Sphinx extension of the ducksoup documentation: every page part that comes from the project's data.

Nothing here is typed by hand twice. At build time it reads, for every game of the family
(:mod:`duckcheck.games`),

* the conformance suite (:func:`duckcheck.trace.load_suite`): the traces that exercise each rules
  section, ruling and error code, one page per trace with its play drawn, and a catalogue of all;
* the game's rulings register (:func:`duckspec.rulings.load_rulings`): its register page;
* the game's error codes (its registry entry) in order of precedence;
* the JSON Schemas of the trace format and of the adapter protocol: their fields;
* the bundled reference adapter, run once: a real protocol session.

One module per family of directives, each with its ``setup``:

* :mod:`~ducksoup_docs.cards`: the ``:card:`` role;
* :mod:`~ducksoup_docs.rules`: ``section-traces``, ``rulings-register``, ``error-codes``;
* :mod:`~ducksoup_docs.schemas`: ``schema-fields``;
* :mod:`~ducksoup_docs.traces`: the trace pages and catalogue, ``trace-excerpt``, ``trace-viewer``;
* :mod:`~ducksoup_docs.sessions`: ``adapter-session``, ``ducksoup-command``, ``tutorial-check``;
* :mod:`~ducksoup_docs.references`: Python references resolved as their module's code means them;

and :mod:`~ducksoup_docs.common` for what they share (reST helpers, links, the suite, the directive bases).

Each part is made by a generator function that returns reStructuredText lines (the tests call
these directly), wrapped in a small directive. What only one game knows (the documents its
rulings cite, the meaning of its error codes and schema fields, how its play is drawn) lives in
that game's module of :mod:`game_docs` (``game_docs/duck_soup.py``), found by the game's package
name; each of those draws a trace's play through the one replay loop, :mod:`trace_replay`. A
directive on a page under a game's folder (``docs/duck-soup/``) is about that game; one elsewhere
names its game. A missing piece of documentation (an error code, a schema field or a source
document this extension has no words for) is a warning, so the build, run with ``-W``, fails until
someone writes it.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

from duckcheck.games import games
from ducksoup_docs import cards, references, rules, schemas, sessions, traces
from ducksoup_docs.cards import card_html, card_picture_html, card_role_text, card_symbol, cards_role_text
from ducksoup_docs.common import GeneratedDirective, escape, game_docs, list_table, suite
from ducksoup_docs.rules import error_codes_rst, inexpressible_rst, rulings_rst, section_traces_rst, source_rst
from ducksoup_docs.schemas import schema_definition, schema_fields_rst
from ducksoup_docs.sessions import reference_session
from ducksoup_docs.traces import (
    ARCHIVE,
    trace_page_rst,
    viewer_files,
    worked_examples,
    write_archive,
    write_trace_pages,
)

__all__ = [
    "ARCHIVE",
    "GeneratedDirective",
    "card_html",
    "card_picture_html",
    "card_role_text",
    "card_symbol",
    "cards_role_text",
    "error_codes_rst",
    "escape",
    "game_docs",
    "inexpressible_rst",
    "list_table",
    "reference_session",
    "rulings_rst",
    "schema_definition",
    "schema_fields_rst",
    "section_traces_rst",
    "source_rst",
    "suite",
    "trace_page_rst",
    "viewer_files",
    "worked_examples",
    "write_archive",
    "write_trace_pages",
]
"""The names the tests use, as ``ducksoup_docs.NAME``; the games' docs modules import from the families."""


def setup(app: Sphinx) -> dict[str, Any]:
    """Every family's roles, directives and events, then each game's own (the order sets the style sheets')."""
    for family in (cards, traces, rules, schemas, sessions):
        family.setup(app)
    for game in games():
        game_docs(game.id).setup(app)
    references.setup(app)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
