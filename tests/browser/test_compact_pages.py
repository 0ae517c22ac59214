"""The documentation's compact viewers in Chromium: at every step checked, what a compact page shows is what the
whole document shows.

A trace page of the documentation holds its view document compacted (each step's changes, gzip-compressed:
:mod:`ducksoup.viewer.compact`) and the viewer's script rebuilds the scenes. Each test writes two pages the way
the documentation does (the shared script and style sheet as files beside them): one with the whole document,
one compacted, and compares the viewer's HTML (the table and the narration) at the first step, a refused one,
the middle, a deal's first and the last.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from duckcheck.trace import read_trace, trace_path
from ducksoup.display import hand_in_order
from ducksoup.narration import Loaded
from ducksoup.viewer import SCRIPT, STATIC, STYLE
from ducksoup.viewer.compact import compact_embedded
from ducksoup.viewer.document import view_document
from ducksoup.viewer.page import embedded

JSON = dict[str, Any]


def docs_pages(folder: Path, trace_id: str) -> tuple[Path, Path, JSON]:
    """Two pages built as the documentation builds a trace page, with the document whole and compact; the
    document."""
    for name in (SCRIPT, STYLE):
        (folder / name).write_text((STATIC / name).read_text(encoding="utf-8"), encoding="utf-8")
    document = view_document(Loaded(read_trace(trace_path(trace_id))))
    pages = []
    for kind, body in (("whole", embedded(document)), ("compact", compact_embedded(document))):
        page = folder / f"{trace_id}-{kind}.html"
        page.write_text(
            '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A trace page</title>'
            f'<link rel="stylesheet" href="{STYLE}"></head><body><main><h1>{trace_id}</h1>{body}</main>'
            f'<script src="{SCRIPT}"></script></body></html>',
            encoding="utf-8",
        )
        pages.append(page)
    return pages[0], pages[1], document


def shown(page: Any, step: int) -> str:
    """The viewer's HTML at ``step`` (reached through the address, as a link to a step does)."""
    page.evaluate(f"location.hash = '#step={step}'")
    page.wait_for_function(f"document.querySelector('.vw').dataset.step === '{step}'")
    html: str = page.inner_html(".vw")
    return html


def steps_to_check(document: JSON) -> list[int]:
    """The first step, the middle, the last, the first refused step and the first of the second deal or round."""
    last = len(document["steps"]) - 1
    chosen = {0, last // 2, last}
    chosen.update([step["n"] for step in document["steps"] if "refused" in step][:1])
    chosen.update([chapter["step"] for chapter in document["chapters"]][1:2])
    return sorted(chosen)


@pytest.mark.parametrize(
    ("trace_id", "count"),
    [
        ("ds-game-greedy-01", 4),  # a later deal
        ("ds-negative-not-your-turn", 4),  # a refused step
        ("dd-negative-not-your-turn", 4),
        ("ad-game-level-totals", 4),  # a later round
    ],
)
def test_a_compact_page_shows_what_the_whole_document_shows(
    tmp_path: Path, open_page: Any, trace_id: str, count: int
) -> None:
    whole_path, compact_path, document = docs_pages(tmp_path, trace_id)
    whole, compact = open_page(whole_path), open_page(compact_path)
    checked = steps_to_check(document)
    assert len(checked) == count
    for step in checked:
        assert shown(compact, step) == shown(whole, step), f"{trace_id} step {step}"


def test_a_compact_page_shows_the_traces_hands(tmp_path: Path, open_page: Any) -> None:
    """The rebuilt scenes are the trace's states: each hand at the first, a middle and the last step."""
    trace = read_trace(trace_path("ds-deal-greedy-007"))
    states = [trace["initial"], *(step["state"] for step in trace["steps"])]
    page = open_page(docs_pages(tmp_path, "ds-deal-greedy-007")[1])
    for step in (0, len(states) // 2, len(states) - 1):
        shown(page, step)
        for player in (0, 1):
            cards = page.eval_on_selector_all(
                f'.vw-board [data-field="hands[{player}]"] [data-card]', "cards => cards.map(card => card.dataset.card)"
            )
            expected = hand_in_order(states[step]["hands"][player], states[step]["course"])  # as the course ranks
            assert cards == expected, f"step {step}, player {player}"


def test_a_compact_page_that_cannot_be_read_says_so(tmp_path: Path, browser: Any) -> None:
    page_path = docs_pages(tmp_path, "ds-edge-duck-soup")[1]
    marker = 'type="application/gzip" id="ducksoup-view">'
    page_path.write_text(page_path.read_text(encoding="utf-8").replace(marker, marker + "AAAA"), encoding="utf-8")
    context = browser.new_context()
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(page_path.resolve().as_uri())
        page.wait_for_selector(".vw-problem")
        assert page.inner_text(".vw-problem") == "This viewer's data cannot be read."
        assert not errors and page.query_selector(".vw-ready") is None
    finally:
        context.close()
