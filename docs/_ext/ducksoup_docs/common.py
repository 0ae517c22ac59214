"""What every directive family of the extension shares: reST helpers, links, the suite's traces, the directive bases."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from game_docs import GameDocs
from game_docs import game_docs as game_docs_of
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

from duckcheck.data import data_dir
from duckcheck.games import GameSuite, game, games
from duckcheck.trace import load_suite

JSON = dict[str, Any]
LOGGER = logging.getLogger(__name__)
TRACE_DIR = "traces"
"""The folder of the source tree (``docs/traces``) that the build fills with one page per trace."""


def escape(text: str) -> str:
    """Text from the data files as reST: markdown-style `code` becomes a literal, specials are escaped."""
    parts = re.split(r"(`[^`]+`)", text)
    out = []
    for part in parts:
        if part.startswith("`") and part.endswith("`") and len(part) > 1:
            out.append(f"``{part[1:-1]}``")
        else:
            part = part.replace("\\", "\\\\").replace("*", "\\*").replace("|", "\\|")
            out.append(re.sub(r"(\w)_(?=\W|$)", r"\1\\_", part))
    return "".join(out)


def one_line(text: str) -> str:
    return " ".join(text.split())


def list_table(header: Sequence[str], rows: Iterable[Sequence[str]], widths: str = "", classes: str = "") -> list[str]:
    """A ``list-table`` directive; every cell is one line of reST."""
    lines = [".. list-table::", "   :header-rows: 1"]
    if widths:
        lines.append(f"   :widths: {widths}")
    if classes:
        lines.append(f"   :class: {classes}")
    lines.append("")
    for row in [header, *rows]:
        for index, cell in enumerate(row):
            lines.append(("   * - " if index == 0 else "     - ") + (cell or " "))
    lines.append("")
    return lines


def section_label(suite: GameSuite, section: str) -> str:
    """The label of a game's rules section page: Duck Soup's ``§4`` -> ``duck-soup-s4``."""
    return f"{suite.id}-s" + section.lstrip("§")


def section_ref(suite: GameSuite, section: str) -> str:
    """A link to the page of a game's rules section, or the plain text for a section without one."""
    return f":ref:`{section} <{section_label(suite, section)}>`" if section in suite.sections else section


def ruling_label(ruling_id: str) -> str:
    return "ruling-" + ruling_id.lower()


def ruling_ref(ruling_id: str) -> str:
    return f":ref:`{ruling_id} <{ruling_label(ruling_id)}>`"


def trace_ref(trace_id: str) -> str:
    return f":doc:`/{TRACE_DIR}/{trace_id}`"


def trace_refs(traces: Iterable[JSON]) -> str:
    return ", ".join(trace_ref(trace["id"]) for trace in traces)


def error_label(suite: GameSuite, code: str) -> str:
    return f"{suite.id}-error-{code}"


@cache
def game_docs(game_id: str) -> GameDocs:
    """The game's module of :mod:`game_docs`: what only that game knows (checked to be a :class:`GameDocs`)."""
    return game_docs_of(game_id)


def game_of_page(docname: str) -> GameSuite | None:
    """The game whose folder holds the page ``docname`` (``duck-soup/rules/cards``), if any."""
    folder = docname.split("/", 1)[0]
    return next((suite for suite in games() if suite.id == folder), None)


@cache
def suite() -> tuple[JSON, ...]:
    """Every trace of the suite, in manifest order."""
    return tuple(load_suite())


def traces_of(game_suite: GameSuite) -> list[JSON]:
    """The traces of one game."""
    return [trace for trace in suite() if trace["game"] == game_suite.id]


class GeneratedDirective(SphinxDirective):
    """A directive whose content is reST made by a generator function."""

    def lines(self) -> list[str]:
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        try:
            lines = self.lines()
        except (KeyError, ValueError, StopIteration, subprocess.SubprocessError) as error:
            LOGGER.warning("%s: %s", self.name, error, location=self.get_location())
            return []
        self.env.note_dependency(str(data_dir("traces") / "manifest.json"))
        container = nodes.section()
        nested_parse_with_titles(self.state, StringList(lines, source=f"<{self.name}>"), container, self.content_offset)
        return list(container.children)


class GameDirective(GeneratedDirective):
    """A directive about one game: the game of the page's folder (``docs/duck-soup/...``), or ``:game: ID``."""

    option_spec: ClassVar[dict[str, Any]] = {"game": directives.unchanged}

    @property
    def game(self) -> GameSuite:
        if "game" in self.options:
            return game(self.options["game"])
        found = game_of_page(self.env.docname)
        if found is None:
            raise ValueError("this page is in no game's folder: name the game with :game:")
        return found
