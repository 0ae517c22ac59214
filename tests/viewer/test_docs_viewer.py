"""The documentation's side of the viewer: trace pages embed it, cards are pictures with their names.

Skipped without Sphinx, like ``tests/test_docs.py`` (``nox -s docs`` runs them with the build).
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

pytest.importorskip("sphinx")

from duckcheck.trace import read_trace, trace_path
from duckspec.cards import parse_card

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture(scope="module")
def ext() -> ModuleType:
    folder = str(DOCS / "_ext")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return importlib.import_module("ducksoup_docs")


def test_every_trace_page_embeds_the_viewer(ext: ModuleType) -> None:
    for trace_id in ("ds-deal-greedy-007", "ds-match-bo3-01"):
        page = ext.trace_page_rst(read_trace(trace_path(trace_id)), f"../{trace_id}.json")
        assert f".. trace-viewer:: {trace_id}" in page
        assert f"ducksoup view {trace_id}" in page


def test_a_card_is_a_picture_named_for_screen_readers(ext: ModuleType) -> None:
    html = ext.card_picture_html(parse_card("TH"))
    assert 'role="img"' in html and 'aria-label="ten of hearts"' in html
    assert 'class="ds-card ds-red"' in html and '<span aria-hidden="true">10♥</span>' in html


def test_the_site_serves_one_copy_of_the_viewer(ext: ModuleType) -> None:
    config = SimpleNamespace(html_static_path=[])
    ext.viewer_files(None, config)
    (folder,) = config.html_static_path
    assert sorted(path.name for path in Path(folder).iterdir()) == ["ducksoup-viewer.css", "ducksoup-viewer.js"]
