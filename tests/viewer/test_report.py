"""``ducksoup check --html``: a hostile implementation's report shows every failure in the viewer, safely."""

from __future__ import annotations

import html
import json
import re
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from duckcheck.untrusted import shown
from ducksoup.cli import main
from tests.viewer.hostile_adapter import HOSTILE
from tests.viewer.test_page import data_of, scripts

HOSTILE_SHOWN = shown(HOSTILE)
"""The hostile text as the runner reports it: its markup intact, its control and invisible characters escaped."""

JSON = dict[str, Any]
ADAPTER = Path(__file__).resolve().parent / "hostile_adapter.py"
TRACES = (
    "ds-deal-greedy-001",
    "ds-deal-greedy-002",
    "ds-deal-greedy-003",
    "dd-deal-greedy-020",
    "ad-round-2p-greedy-01",
)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("report")
    out = folder / "report.html"
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(ADAPTER))}"
    keywords = [argument for trace in TRACES for argument in ("-k", trace)]
    result = CliRunner().invoke(
        main, ["check", "--impl", command, *keywords, "--html", str(out)], catch_exceptions=False
    )
    assert result.exit_code == 1, result.output
    return out.read_text(encoding="utf-8")


def test_the_report_holds_each_failing_trace_in_the_viewer_at_its_divergence(report: str) -> None:
    data = data_of(report)
    documents = [data[key] for key in sorted(data)]
    assert {document["id"] for document in documents} == set(TRACES)
    for document in documents:
        divergence = document["divergence"]
        assert document["start"] == divergence["step"] == len(document["steps"]) - 1 == 3
        assert document["key"] == document["id"]
        assert divergence["reason"].startswith("step 3 of")


def test_hostile_texts_reach_the_report_as_text_only(report: str) -> None:
    assert "<img" not in report
    assert len(scripts(report)) == len(data_of(report)) + 1  # the data elements and the viewer's code
    head = report.split("<body")[0]
    assert "&lt;/script&gt;&lt;script&gt;document.title" in head
    assert "default-src 'none'" in html.unescape(head)
    assert "\x00" not in report and "\u202e" not in report.split('<script type="application/json"')[0]
    names = [document["divergence"]["reason"] for document in data_of(report).values()]
    assert any(HOSTILE_SHOWN in reason for reason in names)


def diff_marked(value: Any) -> list[str]:
    """The fields of a scene's parts marked as differing."""
    if isinstance(value, list):
        return [field for item in value for field in diff_marked(item)]
    if isinstance(value, dict):
        own = [value["field"]] if value.get("diff") else []
        return own + [field for item in value.values() for field in diff_marked(item)]
    return []


def test_the_differences_are_marked_on_both_sides(report: str) -> None:
    by_kind: dict[str, JSON] = {}
    for document in data_of(report).values():
        reason = document["divergence"]["reason"]
        kind = "errored" if "errored" in reason else "view" if "views[1]" in reason else "state"
        by_kind.setdefault(kind, document["divergence"])
    assert set(by_kind) == {"errored", "view", "state"}
    state = by_kind["state"]
    assert state["seat"] is None
    assert diff_marked(state["expected"]) == diff_marked(state["received"]) != []
    assert any(field.startswith(("hands[0]", "tableaux[0]")) for field in diff_marked(state["received"]))
    view = by_kind["view"]
    assert view["seat"] == 1 and "view" in view["expected_title"]
    assert diff_marked(view["received"])
    errored = by_kind["errored"]
    assert "raw" in errored["received"] and HOSTILE_SHOWN in errored["received"]["status"]


def test_an_undrawable_answer_is_shown_as_json() -> None:
    from ducksoup.viewer.document import RAW_LIMIT, raw_scene

    scene = raw_scene({"x": "y" * (RAW_LIMIT + 10)}, "why")
    assert scene["status"] == "why" and len(scene["raw"]) < RAW_LIMIT + 100
    assert json.loads(raw_scene([1, None], "")["raw"]) == [1, None]


def test_a_passing_run_writes_a_report_too(tmp_path: Path) -> None:
    out = tmp_path / "ok.html"
    result = CliRunner().invoke(main, ["check", "-k", "ds-edge-zero-points", "--html", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert "1 passed, 0 failed" in page and data_of(page) == {}
    assert re.search(r"<title>ducksoup check: ducksoup-reference [0-9.]+</title>", page)
