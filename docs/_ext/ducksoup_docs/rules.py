"""The rules' directives: the traces of a rules section, a game's rulings register, its error codes.

``.. section-traces:: §4``, ``.. rulings-register::`` and ``.. error-codes::``, each about the game of
the page's folder (or ``:game:``), from its registry entry, its ``rulings.toml`` and the suite's traces.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from pathlib import Path

from sphinx.application import Sphinx

from duckcheck import SUITE_VERSION
from duckcheck.games import GameSuite
from ducksoup_docs.common import (
    JSON,
    GameDirective,
    error_label,
    escape,
    game_docs,
    list_table,
    one_line,
    ruling_label,
    ruling_ref,
    section_label,
    section_ref,
    trace_ref,
    trace_refs,
    traces_of,
)
from duckspec.rulings import Inexpressible, Ruling

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


def setup(app: Sphinx) -> None:
    app.add_directive("section-traces", SectionTraces)
    app.add_directive("rulings-register", RulingsRegister)
    app.add_directive("error-codes", ErrorCodes)
