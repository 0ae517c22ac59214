"""Sphinx extension of the ducksoup documentation: every page part that comes from the project's data.

Nothing here is typed by hand twice. At build time it reads, for every game of the family
(:mod:`duckcheck.games`),

* the conformance suite (:func:`duckcheck.trace.load_suite`): the traces that exercise each rules
  section, ruling and error code, one page per trace with its play drawn, and a catalogue of all;
* the game's rulings register (:func:`duckspec.rulings.load_rulings`): its register page;
* the game's error codes (its registry entry) in order of precedence;
* the JSON Schemas of the trace format and of the adapter protocol: their fields;
* the bundled reference adapter, run once: a real protocol session.

Each part is made by a generator function that returns reStructuredText lines (the tests call
these directly), wrapped in a small directive. What only one game knows (the documents its
rulings cite, the meaning of its error codes and schema fields, how its play is drawn) lives in
that game's module of :mod:`game_docs` (``game_docs/duck_soup.py``), found by the game's package
name. A directive on a page under a game's folder (``docs/duck-soup/``) is about that game; one
elsewhere names its game. A missing piece of documentation (an error code,
a schema field or a source document this module has no words for) is a warning, so the build,
run with ``-W``, fails until someone writes it.
"""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from game_docs import GameDocs
from game_docs import game_docs as game_docs_of
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode, nested_parse_with_titles

from duckcheck import FORMAT_VERSION, PROTOCOL_VERSION, SUITE_VERSION
from duckcheck.codec import parse_cards_text
from duckcheck.data import data_dir, load_schema
from duckcheck.games import GameSuite, game, games
from duckcheck.trace import dump_trace, load_suite, trace_file
from ducksoup.narration import Loaded
from ducksoup.viewer import SCRIPT, STATIC, STYLE
from ducksoup.viewer.compact import compact_embedded
from ducksoup.viewer.document import view_document
from ducksoup.viewer.scene import playing_card_face
from duckspec.cards import Card, Suit
from duckspec.rulings import Inexpressible, Ruling

JSON = dict[str, Any]
LOGGER = logging.getLogger(__name__)
TRACE_DIR = "traces"
"""The folder of the source tree (``docs/traces``) that the build fills with one page per trace."""

# Card symbols ------------------------------------------------------------------------------

SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
RED = {Suit.DIAMONDS, Suit.HEARTS}


def card_symbol(card: Card) -> str:
    """``9♣``, ``10♥``: the rank (10 for the ten) and the suit symbol."""
    rank = "10" if card.rank.letter == "T" else card.rank.letter
    return rank + SUIT_SYMBOLS[card.suit]


def card_role_text(card: Card) -> str:
    """reST for one card, with its suit symbol (red for hearts and diamonds)."""
    return f":card:`{card}`"


def card_html(card: Card | None) -> str:
    """One card as raw HTML, as the ``:card:`` role draws it (trace pages are built faster from raw HTML)."""
    if card is None:
        return "–"
    return card_picture_html(card)


def cards_role_text(cards: Iterable[Card]) -> str:
    shown = " ".join(card_role_text(card) for card in cards)
    return shown or "–"


def card_picture_html(card: Card) -> str:
    """A small picture of a card (drawn by the viewer's style sheet), named for screen readers: ``nine of clubs``."""
    colour = "ds-red" if card.suit in RED else "ds-black"
    name = playing_card_face(card)["name"]
    return (
        f'<span class="ds-card {colour}" role="img" aria-label="{name}" title="{name}">'
        f'<span aria-hidden="true">{card_symbol(card)}</span></span>'
    )


def card_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Any, options: Any = None, content: Any = None
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:card:`9C``` shows a picture of 9♣; ``:card:`9C 4H``` several cards. Hearts and diamonds are red; each
    picture is named for screen readers (``nine of clubs``), and pages other than HTML get the symbols as text."""
    result: list[nodes.Node] = []
    for position, word in enumerate(text.split()):
        try:
            (card,) = parse_cards_text(word.upper().replace("10", "T"), "card")
        except ValueError as error:
            message = inliner.reporter.error(f"{text!r} is not a list of cards: {error}", line=lineno)
            return [inliner.problematic(rawtext, rawtext, message)], [message]
        if position:
            result.append(nodes.Text(" "))
        result.append(card_picture(card_symbol(card), card_picture_html(card)))
    return result, []


class card_picture(nodes.Inline, nodes.TextElement):
    """A card: its picture in HTML, its symbols elsewhere (the text is the symbols, ``html`` the picture)."""

    def __init__(self, symbols: str, html: str) -> None:
        super().__init__(symbols, symbols)
        self["html"] = html


def visit_card_picture_html(translator: Any, node: card_picture) -> None:
    translator.body.append(node["html"])
    raise nodes.SkipNode


def visit_card_picture_text(translator: Any, node: card_picture) -> None:
    pass


def depart_card_picture_text(translator: Any, node: card_picture) -> None:
    pass


# Plain reST helpers ------------------------------------------------------------------------


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


# The data, loaded once per build -------------------------------------------------------------


@cache
def suite() -> tuple[JSON, ...]:
    """Every trace of the suite, in manifest order."""
    return tuple(load_suite())


def traces_of(game_suite: GameSuite) -> list[JSON]:
    """The traces of one game."""
    return [trace for trace in suite() if trace["game"] == game_suite.id]


FOCUS_TAGS = ("edge-case", "assembled")
"""Tags of the traces written for one point of the rules (the rest are played by bots)."""


def is_focused(trace: JSON) -> bool:
    return any(tag in trace["tags"] for tag in FOCUS_TAGS)


def traces_for_section(traces: Sequence[JSON], section: str) -> list[JSON]:
    return [trace for trace in traces if section in trace["sections"]]


def traces_for_ruling(traces: Sequence[JSON], ruling_id: str) -> list[JSON]:
    return [trace for trace in traces if ruling_id in trace["rulings"]]


def traces_for_error(traces: Sequence[JSON], code: str) -> list[JSON]:
    return [trace for trace in traces if f"error-{code}" in trace["tags"]]


def focused_then_rest(traces: Sequence[JSON], what: str) -> list[str]:
    """The traces written for the point first, as a table with descriptions; then the others, as links."""
    focused = [trace for trace in traces if is_focused(trace)]
    others = [trace for trace in traces if not is_focused(trace)]
    lines: list[str] = []
    if focused:
        lines += list_table(
            ["Trace", "What it shows"],
            ([trace_ref(trace["id"]), escape(trace["description"])] for trace in focused),
            widths="35 65",
        )
    if others:
        lead = "Played by bots, they also exercise" if focused else "They exercise"
        lines += [f"{lead} {what} ({len(others)}): {trace_refs(others)}.", ""]
    return lines


# Rules sections ----------------------------------------------------------------------------


def section_traces_rst(traces: Sequence[JSON], section: str) -> list[str]:
    """The traces (of one game) that exercise one of its rules sections, from their ``sections`` field."""
    chosen = traces_for_section(traces, section)
    if not chosen:
        return []
    lines = [
        f"{len(chosen)} of the {len(traces)} traces of suite {SUITE_VERSION} exercise {section} "
        f"(each trace lists its sections in its ``sections`` field).",
        "",
    ]
    return lines + focused_then_rest(chosen, section)


# Rulings -----------------------------------------------------------------------------------


def source_rst(suite: GameSuite, source: str) -> str:
    """``en §3.2`` -> English rules §3.2, linked to the rules page of §3; ``ko Play`` -> Korean description, "Play"."""
    notes = game_docs(suite.id)
    document, _, place = source.partition(" ")
    worded = notes.source_rst(document, place)
    if worded:  # a citation only the game's module can word
        return worded
    if document not in notes.SOURCE_DOCUMENTS:
        raise KeyError(f"a ruling of {suite.id} cites an unknown document {document!r}; add it to SOURCE_DOCUMENTS")
    name = notes.SOURCE_DOCUMENTS[document]
    if not place:
        return str(name)
    match = re.match(r"§(\d+)", place)
    if match and f"§{match.group(1)}" in suite.sections and document == notes.SECTION_DOCUMENT:
        return f"{name} {place} (see :ref:`{section_label(suite, '§' + match.group(1))}`)"
    if match:
        return f"{name} {place}"
    if document == "cardstock":
        return f"{name} (``{place}``)"
    return f"{name}, part “{place}”"


def inexpressible_rst(other: Inexpressible) -> str:
    """An other reading no trace can show, with the reason (a register's ``inexpressible`` list)."""
    return f"   * {escape(one_line(other.reading))} Not expressible: {escape(one_line(other.reason))}"


def ruling_rst(suite: GameSuite, ruling: Ruling, traces: Sequence[JSON]) -> list[str]:
    title = f"{ruling.id}: {escape(ruling.title)}"
    lines = [f".. _{ruling_label(ruling.id)}:", "", title, "-" * len(title), ""]
    lines += [f":Question: {escape(one_line(ruling.question))}"]
    lines += [f":Decision: {escape(one_line(ruling.decision))}"]
    lines += [f":Rationale: {escape(one_line(ruling.rationale))}"]
    lines += [":Sources: " + "; ".join(source_rst(suite, source) for source in ruling.sources)]
    if ruling.option:
        lines += [f":Rule option: ``{ruling.option}`` (see :ref:`option-{ruling.option.replace('_', '-')}`)"]
    lines += [":Tests: " + ", ".join(f"``{test}``" for test in ruling.tests)]
    if ruling.alternatives:
        notes = game_docs(suite.id)
        lines += [f":Other readings: each played by a faulty implementation (``{notes.FAULTS_FILE}``) that the suite"]
        lines += [f"   rejects (``{notes.POWER_TEST}``):", ""]
        lines += [
            f"   * {escape(one_line(alternative.reading))} (``{alternative.fault}``)"
            for alternative in ruling.alternatives
        ]
        lines += [""]
    if ruling.inexpressible:
        lines += [":Readings no trace can show:", ""]
        lines += [inexpressible_rst(other) for other in ruling.inexpressible]
        lines += [""]
    exercised = traces_for_ruling(traces, ruling.id)
    lines += [f":Traces: {len(exercised)} (each lists the ruling in its ``rulings`` field)", ""]
    return lines + focused_then_rest(exercised, ruling.id)


def rulings_rst(suite: GameSuite, traces: Sequence[JSON]) -> list[str]:
    """A game's whole register, in register order."""
    register = suite.rulings()
    lines = list_table(
        ["Ruling", "Decides", "Option", "Traces"],
        (
            [
                ruling_ref(ruling.id),
                escape(ruling.title),
                f"``{ruling.option}``" if ruling.option else "",
                str(len(traces_for_ruling(traces, ruling.id))),
            ]
            for ruling in register
        ),
        widths="12 64 12 12",
    )
    for ruling in register:
        lines += ruling_rst(suite, ruling, traces)
    return lines


# Error codes -------------------------------------------------------------------------------


def error_rules(suite: GameSuite, code: str) -> str:
    """The section the code enforces (from the game's registry entry) and the rulings behind it, as links."""
    rulings = game_docs(suite.id).ERROR_NOTES[code][1]
    return ", ".join([section_ref(suite, suite.error_sections[code]), *(ruling_ref(ruling) for ruling in rulings)])


def name(code: str) -> str:
    """The Python name of an error code's enum member: ``card-not-in-hand`` -> ``CARD_NOT_IN_HAND``."""
    return code.upper().replace("-", "_")


def error_codes_rst(suite: GameSuite, traces: Sequence[JSON]) -> list[str]:
    """Every error code of a game, in order of precedence, with its meaning, rules and traces."""
    notes = game_docs(suite.id).ERROR_NOTES
    codes = list(suite.error_sections)
    missing = [code for code in codes if code not in notes]
    if missing:
        raise KeyError(
            f"error codes of {suite.id} without documentation: {', '.join(missing)}; add them to ERROR_NOTES"
        )
    rows = [
        [str(rank), f":ref:`{code} <{error_label(suite, code)}>`", notes[code][0], error_rules(suite, code)]
        for rank, code in enumerate(codes, 1)
    ]
    lines = list_table(["Precedence", "Code", "The action is refused when", "Rules"], rows, widths="10 22 50 18")
    for rank, code in enumerate(codes, 1):
        exercised = traces_for_error(traces, code)
        title = f"``{code}``"
        lines += [f".. _{error_label(suite, code)}:", "", title, "^" * len(title), ""]
        lines += [
            f":Precedence: {rank} of {len(codes)}",
            f":Python: :attr:`ErrorCode.{name(code)} <duckspec.{suite.package}.errors.ErrorCode.{name(code)}>`",
            f":Rules: {error_rules(suite, code)}",
            f":Traces: {len(exercised)} (tagged ``error-{code}``)",
            "",
            notes[code][0],
            "",
        ]
        lines += focused_then_rest(exercised, f"``{code}``")
    return lines


# JSON Schemas ------------------------------------------------------------------------------

FIELD_NOTES: dict[str, dict[str, str]] = {
    "trace": {
        "format": "The version of the trace format; readers refuse a major version they do not know.",
        "id": "The trace's permanent name, lowercase words joined by hyphens; the file is named after it.",
        "description": "One line that says what the trace is about.",
        "game": "Which game of the family the trace plays; its schema (``games/<game>.schema.json``) says the rest.",
        "players": "How many players sit at the table.",
        "scope": "How much is played: one deal (or round), one game (deals until it is won) or a match of games.",
        "options": "The rule options in force; a missing option takes its standard value.",
        "dealer": "The player who deals the first deal (in a game without a dealer, the player who starts).",
        "decks": "The deck order of each deal, top card first, in the game's card notation. Shuffles are never seeds.",
        "sections": "The sections of the game's rules that the trace exercises.",
        "rulings": "The rulings of the register that the trace exercises.",
        "tags": "Keywords: the events that happen, the bot that played, the options, the error codes met.",
        "initial": "The canonical state once the first deck is dealt, before any action.",
        "steps": "The actions, in order, each with what must follow from it.",
        "final": "The outcome: every finished deal's points and scores and, for games and matches, the results.",
    },
    "trace step": {
        "action": "What a player does.",
        "state": "The canonical state that must follow when the action is accepted.",
        "reject": "Instead of ``state``: the error code the action must be refused with; nothing changes.",
    },
    "protocol hello-reply": {
        "cmd": "Always ``hello``.",
        "protocol": "The protocol version the adapter speaks; it must equal the runner's.",
        "implementation": "Who you are: ``name`` and ``version`` (required), ``language`` and ``homepage``.",
        "games": "Per game identifier, the ``scopes`` and, per rule option, the values you support.",
    },
    "protocol start-request": {
        "cmd": "Always ``start``.",
        "seq": "The request's number; it goes up by one with every request.",
        "trace": "The ID of the trace being played, for your logs.",
        "game": "The game to set up.",
        "scope": "One deal (or round), a game or a match.",
        "options": "The rule options, as the trace gives them.",
        "players": "How many players sit at the table (the trace's ``players``).",
        "dealer": "The dealer of the first deal (or the player who starts).",
        "decks": "The deck orders, one per deal, top card first.",
    },
    "protocol act-request": {
        "cmd": "Always ``act``.",
        "seq": "The request's number.",
        "action": "The action to apply, in the trace format's form.",
    },
    "protocol act-reply": {
        "accepted": "Whether the action was legal and applied.",
        "error": "For a refused action, its error code.",
        "state": "The canonical state after the action (unchanged when it was refused).",
        "views": "Every player's view of that state, one per seat, player 0's first.",
    },
}
"""What each schema field means, in this documentation's words, per schema definition."""


def game_field_notes(schema_name: str) -> dict[str, dict[str, str]]:
    """A game schema's field notes (``games/duck-soup``), from the game's docs module; none for the others."""
    if not schema_name.startswith("games/"):
        return {}
    notes: dict[str, dict[str, str]] = game_docs(schema_name.removeprefix("games/")).FIELD_NOTES
    return notes


def schema_definition(schema_name: str, definition: str | None) -> JSON:
    schema = load_schema(schema_name)
    return schema if definition is None else dict(schema["$defs"][definition])


def schema_anchor(schema_name: str, definition: str | None) -> str:
    return f"schema-{schema_name.replace('/', '-')}-{definition or 'top'}"


def schema_name_of(reference: str) -> str:
    """The schema a ``$ref`` address points into: ``trace``, ``protocol`` or ``games/<game>``."""
    address = reference.split("#")[0].removeprefix("https://ducksoup.invalid/schema/")
    if address.startswith("games/"):
        return "/".join(address.split("/")[:2])
    return address.split("/")[0]


def describe_type(fragment: JSON, schema_name: str) -> str:
    """A short reST description of a schema fragment's type and allowed values."""
    if fragment is True:  # a field the schema allows and leaves unconstrained (its meaning says more)
        return "any"
    if "$ref" in fragment:
        reference = fragment["$ref"]
        target_schema = schema_name_of(reference) if reference.startswith("https://") else schema_name
        name = reference.rsplit("/", 1)[-1]
        return f":ref:`{name} <{schema_anchor(target_schema, name)}>`"
    if "const" in fragment:
        return f"``{json.dumps(fragment['const'])}``"
    if "enum" in fragment:
        return "one of " + ", ".join(f"``{json.dumps(value)}``" for value in fragment["enum"])
    if "oneOf" in fragment:
        return " or ".join(describe_type(option, schema_name) for option in fragment["oneOf"])
    kind = fragment.get("type", "any")
    if kind == "array":
        items = describe_type(fragment.get("items", {}), schema_name)
        return f"array of {items}"
    if kind == "null":
        return "``null``"
    text = str(kind)
    if "pattern" in fragment:
        text += f" matching ``{fragment['pattern']}``"
    bounds = [f"{word} {fragment[key]}" for key, word in (("minimum", "≥"), ("maximum", "≤")) if key in fragment]
    if "minLength" in fragment:
        shortest, longest = fragment["minLength"], fragment.get("maxLength", "…")
        bounds.append(f"length {shortest}" if shortest == longest else f"length {shortest}–{longest}")
    if bounds and kind == "any":
        return ", ".join(bounds)
    if bounds:
        text += " (" + ", ".join(bounds) + ")"
    return text


def schema_fields_rst(schema_name: str, definition: str | None) -> list[str]:
    """The fields of one object of a schema (the top level, or one of its ``$defs``), as a table."""
    fragment = schema_definition(schema_name, definition)
    key = f"{schema_name} {definition}" if definition else schema_name
    notes = FIELD_NOTES.get(key) or game_field_notes(schema_name).get(key, {})
    required = set(fragment.get("required", []))
    rows = []
    for name, prop in fragment.get("properties", {}).items():
        meaning = notes.get(name) or escape(prop.get("description", ""))
        if not meaning:
            raise KeyError(
                f"the field {name!r} of {schema_name} {definition or '(top level)'} has no description; "
                "add it to FIELD_NOTES"
            )
        rows.append([f"``{name}``", "yes" if name in required else "no", describe_type(prop, schema_name), meaning])
    lines = [f".. _{schema_anchor(schema_name, definition)}:", ""]
    if fragment.get("additionalProperties") is False:
        lines += ["No other field is allowed.", ""]
    return lines + list_table(["Field", "Required", "Type", "Meaning"], rows, widths="16 10 30 44")


# One page per trace ------------------------------------------------------------------------


def options_text(suite: GameSuite, options: JSON) -> str:
    shown = ", ".join(f"``{key}`` {json.dumps(value)}" for key, value in sorted(options.items()))
    standard = all(value == suite.option_values[key][0] for key, value in options.items())
    return shown + (" (the standard rules)" if standard else "")


def options_summary(suite: GameSuite, options: JSON) -> str:
    """The options that are not standard, as ``key=value``; ``standard`` when there are none."""
    changed = [f"{key}={value}" for key, value in sorted(options.items()) if value != suite.option_values[key][0]]
    return ", ".join(changed) or "standard"


def trace_page_rst(trace: JSON, archive: str, worked: bool = False) -> str:
    """The page of one trace: its metadata with links, where its file is, and its play in the viewer; a worked
    example of the prose also gets its play as its game draws it in a table (the page's one static copy)."""
    suite = game(trace["game"])
    notes = game_docs(suite.id)
    trace_id = trace["id"]
    size = (Path(archive).stat().st_size if Path(archive).is_file() else 0) / 1e6
    rejected = sum(1 for step in trace["steps"] if "reject" in step)
    lines = [
        ":orphan:",
        "",
        f".. _trace-{trace_id}:",
        "",
        trace_id,
        "=" * len(trace_id),
        "",
        escape(trace["description"]),
        "",
        f":Game: {suite.title}, {trace['players']} players",
        f":Scope: ``{trace['scope']}``",
        f":Rule options: {options_text(suite, trace['options'])}",
        f":{notes.FIRST_PLAYER}: player {trace['dealer']}",
        ":Rules sections: " + ", ".join(section_ref(suite, section) for section in trace["sections"]),
        ":Rulings: " + (", ".join(ruling_ref(ruling) for ruling in trace["rulings"]) or "none"),
        ":Tags: " + ", ".join(f"``{tag}``" for tag in trace["tags"]),
        f":Steps: {len(trace['steps'])} ({rejected} refused)",
        f":Outcome: {notes.outcome_rst(trace)}",
        f":File: ``traces/{trace_file(suite.id, trace_id)}`` in :download:`the suite's archive "
        f"<{Path(archive).name}>` (every trace of the suite, {size:.1f} MB)",
        "",
        f"Check only this trace with ``ducksoup check -k {trace_id}``; have it told step by step with "
        f"``ducksoup explain {trace_id}`` (see :doc:`/players/recording`), or drawn in your browser with "
        f"``ducksoup view {trace_id}`` (see :doc:`/players/viewer`). Back to :doc:`the catalogue <index>`.",
        "",
        "Step by step",
        "-" * len("Step by step"),
        "",
        f".. trace-viewer:: {trace_id}",
        "",
    ]
    return "\n".join(lines + (notes.trace_body_rst(trace) if worked else [])) + "\n"


def trace_index_rst(traces: Sequence[JSON]) -> str:
    """The catalogue of the suite: every trace, game by game and grouped, with its scope, options and description."""
    title = "The conformance traces"
    lines = [
        ".. _trace-catalogue:",
        "",
        title,
        "=" * len(title),
        "",
        f"Suite {SUITE_VERSION}, trace format {FORMAT_VERSION}: {len(traces)} traces. This catalogue and "
        "the page of each trace are generated from the trace files when the documentation is built. "
        "How to read a trace: :doc:`/implementers/trace-format`.",
        "",
    ]
    for suite in games():
        own = [trace for trace in traces if trace["game"] == suite.id]
        if not own:
            continue
        heading = f"{suite.title} ({len(own)})"
        lines += [heading, "-" * len(heading), ""]
        groups: dict[tuple[int, str], list[JSON]] = {}
        for trace in own:
            groups.setdefault(game_docs(suite.id).catalogue_group(trace["id"]), []).append(trace)
        for (_, group), members in sorted(groups.items(), key=lambda item: item[0][0]):
            heading = f"{group} ({len(members)})"
            lines += [heading, "^" * len(heading), ""]
            lines += list_table(
                ["Trace", "Scope", "Options", "Description"],
                (
                    [
                        trace_ref(trace["id"]),
                        trace["scope"],
                        options_summary(suite, trace["options"]),
                        escape(trace["description"]),
                    ]
                    for trace in members
                ),
                widths="30 8 17 45",
            )
    return "\n".join(lines) + "\n"


def write_if_changed(path: Path, text: str) -> None:
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def write_trace_pages(srcdir: Path, traces: Sequence[JSON]) -> int:
    """Fill ``docs/traces`` with a page per trace, the catalogue and the suite's archive; remove pages of traces
    gone."""
    folder = srcdir / TRACE_DIR
    folder.mkdir(exist_ok=True)
    archive = folder / ARCHIVE
    write_archive(archive)
    worked = worked_examples(srcdir, {trace["id"] for trace in traces})
    wanted = {"index.rst"}
    for trace in traces:
        name = f"{trace['id']}.rst"
        wanted.add(name)
        write_if_changed(folder / name, trace_page_rst(trace, str(archive), trace["id"] in worked))
    write_if_changed(folder / "index.rst", trace_index_rst(traces))
    for stale in folder.glob("*.rst"):
        if stale.name not in wanted:
            stale.unlink()
    return len(traces)


ARCHIVE = f"ducksoup-traces-{SUITE_VERSION}.zip"
"""The suite's trace files in one archive: the site's one copy of them, which every trace page links to."""


def write_archive(path: Path) -> None:
    """The suite's folder (its manifest and every trace file) as a zip archive, the same bytes for the same files
    (so that an unchanged suite leaves the file, and the pages that link to it, untouched)."""
    source = data_dir("traces")
    files = sorted(file for file in source.rglob("*.json") if file.is_file())
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for file in files:
            entry = zipfile.ZipInfo("traces/" + file.relative_to(source).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
            entry.compress_type, entry.external_attr = zipfile.ZIP_DEFLATED, 0o644 << 16
            archive.writestr(entry, file.read_bytes())
    if not path.is_file() or path.read_bytes() != buffer.getvalue():
        path.write_bytes(buffer.getvalue())


WORKED_EXAMPLE = re.compile(r"^\.\. ([a-z-]+):: ([a-z0-9-]+)\s*$", re.MULTILINE)
"""A directive of a page that names a trace: ``.. some-directive:: TRACE-ID``."""


def worked_examples(srcdir: Path, trace_ids: set[str]) -> set[str]:
    """The traces that the prose shows as worked examples (a worked deal, an excerpt of its file): named by a
    directive other than a viewer's in a page of ``srcdir`` (the generated trace pages and the build aside)."""
    found = set()
    for page in srcdir.rglob("*.rst"):
        if page.relative_to(srcdir).parts[0] in (TRACE_DIR, "_build"):
            continue
        for directive, name in WORKED_EXAMPLE.findall(page.read_text(encoding="utf-8")):
            if name in trace_ids and directive != "trace-viewer":
                found.add(name)
    return found


def trace_excerpt_rst(trace: JSON, steps: int) -> list[str]:
    """A trace as its file writes it (a field per line, a step per line), cut to its first ``steps`` steps."""
    short = {**trace, "steps": trace["steps"][:steps]}
    lines = [".. code-block:: json", ""]
    lines += ["   " + line for line in dump_trace(short).splitlines()]
    return [*lines, ""]


# A real protocol session -------------------------------------------------------------------

SESSION_TRACE = "ds-edge-forgotten-quack"


def adapter_session(command: Sequence[str], trace: JSON, acts: int = 2) -> list[tuple[str, str]]:
    """Run an adapter on the start of ``trace``: hello, start, one action out of turn, ``acts`` real actions.

    Returns the transcript as (direction, line) pairs: ``>`` runner to adapter, ``<`` adapter to runner.
    """
    requests: list[JSON] = [{"cmd": "hello", "protocol": PROTOCOL_VERSION}]
    requests.append(
        {
            "cmd": "start",
            "seq": 1,
            "trace": trace["id"],
            "game": trace["game"],
            "scope": trace["scope"],
            "options": trace["options"],
            "players": trace["players"],
            "dealer": trace["dealer"],
            "decks": trace["decks"],
        }
    )
    seq = 2
    for index, step in enumerate(trace["steps"][:acts]):
        requests.append({"cmd": "act", "seq": seq, "action": step["action"]})
        seq += 1
        if index == 0:  # the same player again: out of turn
            requests.append({"cmd": "act", "seq": seq, "action": {**step["action"], "play": "AC"}})
            seq += 1
    requests.append({"cmd": "bye"})
    text = "".join(json.dumps(request, separators=(",", ":")) + "\n" for request in requests)
    done = subprocess.run(command, input=text, capture_output=True, text=True, timeout=120, check=True)
    replies = done.stdout.splitlines()
    transcript: list[tuple[str, str]] = []
    for request in requests:
        transcript.append((">", json.dumps(request, separators=(",", ":"))))
        if request["cmd"] != "bye":
            transcript.append(("<", replies.pop(0)))
    return transcript


def adapter_session_rst(transcript: Sequence[tuple[str, str]]) -> list[str]:
    lines = [".. code-block:: text", "   :class: ds-session", ""]
    lines += [f"   {direction} {line}" for direction, line in transcript]
    return [*lines, ""]


@cache
def reference_session() -> tuple[tuple[str, str], ...]:
    trace = next(trace for trace in suite() if trace["id"] == SESSION_TRACE)
    return tuple(adapter_session([sys.executable, "-m", "ducksoup", "adapter"], trace))


# Command output ----------------------------------------------------------------------------


def command_output(arguments: Sequence[str], cwd: Path) -> list[str]:
    """The lines ``ducksoup ARGUMENTS`` prints, run in ``cwd`` with suit symbols and no colour codes."""
    environment = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
    environment.update({"TERM": "xterm", "COLUMNS": "200", "PYTHONIOENCODING": "utf-8"})
    done = subprocess.run(
        [sys.executable, "-m", "ducksoup", *arguments],
        cwd=cwd,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        env=environment,
    )
    if done.returncode != 0:
        raise ValueError(f"ducksoup {' '.join(arguments)} exited with {done.returncode}: {done.stderr.strip()}")
    return done.stdout.splitlines()


def command_rst(arguments: Sequence[str], output: Sequence[str], first: int | None, start: str | None) -> list[str]:
    """A console block: the command, then its output (from the line containing ``start``, ``first`` lines)."""
    shown = list(output)
    if start is not None:
        found = [index for index, line in enumerate(shown) if start in line]
        if not found:
            raise ValueError(f"no line of the output of ducksoup {' '.join(arguments)} contains {start!r}")
        shown = shown[found[0] :]
    if first is not None and len(shown) > first:
        shown = [*shown[:first], "..."]
    lines = [".. code-block:: text", ""]
    lines += ["   $ ducksoup " + " ".join(arguments)]
    lines += [f"   {line}" if line else "" for line in shown]
    return [*lines, ""]


def tutorial_check(
    adapter: Path, extra: Sequence[str] = (), replace: tuple[str, str] | None = None
) -> tuple[int, list[str]]:
    """Run ``ducksoup check`` on a copy of the tutorial's adapter (changed by ``replace``, if given).

    Runs in a temporary folder, so that the runner's cache of failures stays out of the source tree.
    Returns the exit status and the lines printed.
    """
    text = adapter.read_text(encoding="utf-8")
    if replace is not None:
        if replace[0] not in text:
            raise ValueError(f"{adapter.name} does not contain {replace[0]!r}")
        text = text.replace(replace[0], replace[1], 1)
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / adapter.name).write_text(text, encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-m", "ducksoup", "check", "--impl", f"{shlex.quote(sys.executable)} {adapter.name}"]
            + list(extra),
            cwd=folder,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=600,
            env={**os.environ, "COLUMNS": "200", "TERM": "xterm"},
        )
    return done.returncode, done.stdout.splitlines()


# Directives --------------------------------------------------------------------------------


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


class SectionTraces(GameDirective):
    """``.. section-traces:: §4``: the traces of the page's game whose ``sections`` include §4."""

    required_arguments = 1

    def lines(self) -> list[str]:
        section = self.arguments[0]
        lines = section_traces_rst(traces_of(self.game), section)
        if not lines:
            raise ValueError(f"no {self.game.id} trace of the suite exercises {section}")
        return lines


class RulingsRegister(GameDirective):
    """``.. rulings-register::``: every ruling of the game's ``rulings.toml`` with its traces."""

    def lines(self) -> list[str]:
        folder = Path(sys.modules["duckspec.rulings"].__file__ or "").parent
        self.env.note_dependency(str(folder / self.game.package / "rulings.toml"))
        return rulings_rst(self.game, traces_of(self.game))


class ErrorCodes(GameDirective):
    """``.. error-codes::``: every error code of the game in order of precedence."""

    def lines(self) -> list[str]:
        return error_codes_rst(self.game, traces_of(self.game))


class SchemaFields(GeneratedDirective):
    """``.. schema-fields:: trace state``: the fields of a schema definition (or of its top level)."""

    required_arguments = 1
    optional_arguments = 1

    def lines(self) -> list[str]:
        definition = self.arguments[1] if len(self.arguments) > 1 else None
        return schema_fields_rst(self.arguments[0], definition)


class AdapterSession(GeneratedDirective):
    """``.. adapter-session::``: a real session with the bundled reference adapter."""

    def lines(self) -> list[str]:
        return adapter_session_rst(reference_session())


class DucksoupCommand(GeneratedDirective):
    """``.. ducksoup-command:: explain FILE --as 0``: the command run at build time, with its output.

    ``:lines: N`` keeps the first N lines; ``:from: TEXT`` starts at the first line containing TEXT.
    """

    required_arguments = 1
    final_argument_whitespace = True
    option_spec: ClassVar[dict[str, Any]] = {"lines": directives.positive_int, "from": directives.unchanged}

    def lines(self) -> list[str]:
        arguments = self.arguments[0].split()
        folder = Path(self.env.doc2path(self.env.docname)).parent
        for argument in arguments:
            if (folder / argument).is_file():
                self.env.note_dependency(str(folder / argument))
        output = command_output(arguments, folder)
        return command_rst(arguments, output, self.options.get("lines"), self.options.get("from"))


class TutorialCheck(GeneratedDirective):
    """``.. tutorial-check:: tiny_adapter.py``: ``ducksoup check`` run on the tutorial's adapter at build time.

    ``:args:`` adds options to the command; ``:replace: OLD => NEW`` breaks a copy of the adapter on
    purpose; ``:status:`` is the exit status expected (0 by default), anything else is a warning.
    """

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {
        "args": directives.unchanged,
        "replace": directives.unchanged,
        "status": directives.nonnegative_int,
    }

    def lines(self) -> list[str]:
        adapter = Path(self.env.doc2path(self.env.docname)).parent / self.arguments[0]
        self.env.note_dependency(str(adapter))
        extra = shlex.split(self.options.get("args", ""))
        replace = None
        if "replace" in self.options:
            old, _, new = self.options["replace"].partition(" => ")
            replace = (old, new)
        status, output = tutorial_check(adapter, extra, replace)
        if status != self.options.get("status", 0):
            raise ValueError(f"ducksoup check exited with {status}: {' / '.join(output[-3:])}")
        command = f'ducksoup check --impl "python3 {adapter.name}"' + "".join(f" {shlex.quote(a)}" for a in extra)
        return [".. code-block:: text", "", f"   $ {command}", *(f"   {line}" if line else "" for line in output), ""]


def nearest(names: Sequence[str], module: str) -> list[str]:
    """The ``names`` with the most dotted parts in common with ``module`` (``duck_soup``, ``doubleduck`` ...)."""
    parts = set(module.split("."))

    def shared(name: str) -> int:
        return len(parts & set(name.split(".")[:-1]))

    best = max(shared(name) for name in names)
    return [name for name in names if shared(name) == best]


PROJECT_PACKAGES = ("duckspec.", "ducksoup.", "duckcheck.")


def qualify_imported_names(app: Sphinx, doctree: nodes.document) -> None:
    """Point a Python reference to a name that its module imported (a game's ``Card``, imported from the module
    that defines it) at the object the module's code means.

    Several games define objects of the same short name (``Card``, ``IllegalAction``), so a short name in a
    docstring or a type hint, looked up by Sphinx among every documented object, could be ambiguous or
    pick another game's; the module's own namespace says which one is meant.
    """
    from sphinx.addnodes import pending_xref

    for node in doctree.findall(pending_xref):
        module_name, target = node.get("py:module"), node.get("reftarget", "")
        if node.get("refdomain") != "py" or not module_name or not target or target.startswith("."):
            continue
        head, _, rest = target.partition(".")
        found = getattr(sys.modules.get(module_name), head, None)
        if not (isinstance(found, type) or callable(found)) or not hasattr(found, "__qualname__"):
            continue
        home = getattr(found, "__module__", "") or ""
        if home != module_name and home.startswith(PROJECT_PACKAGES):
            node["reftarget"] = f"{home}.{found.__qualname__}" + (f".{rest}" if rest else "")


def resolve_unqualified(app: Sphinx, env: Any, node: Any, contnode: nodes.Element) -> nodes.Element | None:
    """Resolve a Python reference written without its module (``IllegalAction``, ``deal.apply``) in a docstring.

    Docstrings name objects the way their module's code does; when exactly one documented object
    ends with the name, that is the one meant. When several do (each game has its own
    ``IllegalAction``), the one nearest the referring module is meant: the one whose dotted name
    has the most parts in common with it (its game's package), if only one does.
    """
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    domain: Any = env.get_domain("py")
    if node.get("reftype") == "mod":
        return None
    matches = [name for name in domain.objects if name.endswith("." + target)]
    if len(matches) > 1:
        matches = nearest(matches, node.get("py:module") or "")
    if len(matches) != 1:
        return None
    entry = domain.objects[matches[0]]
    return make_refnode(app.builder, node["refdoc"], entry.docname, entry.node_id, contnode, matches[0])


class TraceExcerpt(GeneratedDirective):
    """``.. trace-excerpt:: TRACE-ID``: the trace's file, with only its first ``:steps:`` steps."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"steps": directives.nonnegative_int}

    def lines(self) -> list[str]:
        trace = next(trace for trace in suite() if trace["id"] == self.arguments[0])
        return trace_excerpt_rst(trace, self.options.get("steps", 3))


# The trace viewer --------------------------------------------------------------------------


class viewer_node(nodes.General, nodes.Element):
    """A trace viewer, written out once references are resolved (its view document in ``document``)."""


class TraceViewer(SphinxDirective):
    """``.. trace-viewer:: TRACE-ID``: the trace drawn step by step, with its narration (``ducksoup view``'s viewer).

    The page holds the trace's view document (:mod:`ducksoup.viewer.document`); the viewer's script and style sheet
    are the site's one copy in ``_static``. A narration that cannot tell the whole trace is a warning.
    """

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        if not any(trace["id"] == self.arguments[0] for trace in suite()):
            LOGGER.warning("trace-viewer: no trace %r in the suite", self.arguments[0], location=self.get_location())
            return []
        node = viewer_node()
        node["trace"] = self.arguments[0]
        self.set_source_info(node)
        return [node]


def resolve_viewers(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Make each viewer's document (here rather than when the page is read, so that the documents never go into
    the pickled doctrees), link its cited sections and rulings to their pages, and write the viewer out as HTML."""
    labels = app.env.domaindata["std"]["labels"]
    for node in list(doctree.findall(viewer_node)):
        if app.builder.format != "html":
            node.parent.remove(node)
            continue
        trace = next(trace for trace in suite() if trace["id"] == node["trace"])
        document = view_document(Loaded(trace))
        for problem in document["problems"]:
            LOGGER.warning("trace-viewer: %s: %s", trace["id"], problem, location=node)
        game_suite = game(document["game_id"])
        for key, ref in document["refs"].items():
            label = section_label(game_suite, key) if key.startswith("§") else ruling_label(key)
            if label in labels:
                target, anchor = labels[label][0], labels[label][1]
                ref["href"] = f"{app.builder.get_relative_uri(docname, target)}#{anchor}"
        node.replace_self(nodes.raw("", compact_embedded(document), format="html"))


def viewer_files(app: Sphinx, config: Any) -> None:
    """The viewer's script and style sheet are static files of the site: one copy, shared by every page."""
    config.html_static_path.append(str(STATIC))


def viewer_script(app: Sphinx, pagename: str, templatename: str, context: Any, doctree: Any) -> None:
    """The viewer's script, on the pages that have a viewer (the trace pages)."""
    if is_trace_page(pagename):
        app.add_js_file(SCRIPT)


def is_trace_page(pagename: str) -> bool:
    return pagename.startswith(f"{TRACE_DIR}/") and pagename != f"{TRACE_DIR}/index"


def shared_navigation(app: Sphinx, pagename: str, templatename: str, context: Any, doctree: Any) -> None:
    """The trace pages' navigation, made once: no trace page is in the table of contents and they share a
    folder, so the theme's navigation tree is the same on every one of them (made anew for each, it took a
    quarter of the build)."""
    if not is_trace_page(pagename) or "toctree" not in context:
        return
    toctree = context["toctree"]

    def navigation(**options: Any) -> str:
        key = repr(sorted(options.items()))
        if key not in TRACE_NAVIGATION:
            TRACE_NAVIGATION[key] = toctree(**options)
        return TRACE_NAVIGATION[key]

    context["toctree"] = navigation


TRACE_NAVIGATION: dict[str, str] = {}
"""The trace pages' navigation, by the theme's options, for this build."""


def reset_navigation(app: Sphinx) -> None:
    TRACE_NAVIGATION.clear()


def generate_pages(app: Sphinx) -> None:
    count = write_trace_pages(Path(app.srcdir), suite())
    LOGGER.info("ducksoup: %d trace pages generated", count)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_role("card", card_role)
    app.add_node(
        card_picture,
        html=(visit_card_picture_html, None),
        text=(visit_card_picture_text, depart_card_picture_text),
        latex=(visit_card_picture_text, depart_card_picture_text),
    )
    app.add_node(viewer_node)
    app.add_directive("trace-viewer", TraceViewer)
    app.connect("config-inited", viewer_files)
    app.connect("doctree-resolved", resolve_viewers)
    app.connect("html-page-context", viewer_script)
    app.connect("builder-inited", reset_navigation)
    app.connect("html-page-context", shared_navigation, priority=400)  # before the theme's handler reads it
    app.add_css_file(STYLE)
    app.add_directive("section-traces", SectionTraces)
    app.add_directive("rulings-register", RulingsRegister)
    app.add_directive("error-codes", ErrorCodes)
    app.add_directive("schema-fields", SchemaFields)
    app.add_directive("adapter-session", AdapterSession)
    app.add_directive("ducksoup-command", DucksoupCommand)
    app.add_directive("tutorial-check", TutorialCheck)
    app.add_directive("trace-excerpt", TraceExcerpt)
    app.connect("builder-inited", generate_pages)
    for suite in games():
        game_docs(suite.id).setup(app)
    app.connect("doctree-read", qualify_imported_names)
    app.connect("missing-reference", resolve_unqualified)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
