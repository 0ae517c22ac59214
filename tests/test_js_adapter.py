"""The example JavaScript adapter (``examples/js/adapter.mjs``) passes every trace it supports.

It supports scopes ``deal`` and ``game`` with the standard rule options only, and declares the
rest unsupported, so the runner skips those traces. Needs ``node`` (Node.js 20) on PATH.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from duckcheck.runner import run
from duckcheck.trace import load_suite

ROOT = Path(__file__).resolve().parent.parent
ADAPTER = ROOT / "examples" / "js" / "adapter.mjs"
NODE = shutil.which("node")
STANDARD_OPTIONS = {"stock": "face-up", "best_of": 1, "double_draw": "winner-first"}


def is_supported(trace: dict[str, Any]) -> bool:
    """Whether the example adapter claims ``trace``: a deal or a game under the standard rules."""
    return (
        trace["game"] == "duck-soup"
        and trace["scope"] in ("deal", "game")
        and all(STANDARD_OPTIONS.get(option) == value for option, value in trace["options"].items())
    )


@pytest.mark.skipif(NODE is None, reason="node (Node.js 20) is not on PATH, so the JavaScript example cannot run")
def test_the_javascript_example_passes_every_trace_it_supports() -> None:
    assert NODE is not None
    suite = load_suite()
    supported = [trace["id"] for trace in suite if is_supported(trace)]
    summary = run([NODE, str(ADAPTER)], suite)

    outcomes: dict[str, list[str]] = {}
    for result in summary.results:
        outcomes.setdefault(str(result.outcome), []).append(result.trace)
    failed = [result for result in summary.results if str(result.outcome) == "failed"]
    assert not failed, [(result.trace, result.reason, result.diff[:3]) for result in failed[:3]]
    assert summary.implementation["name"] == "ducksoup-js-example"
    assert sorted(outcomes.get("passed", [])) == sorted(supported)
    assert len(outcomes.get("passed", [])) >= 180
    assert len(outcomes.get("skipped", [])) == len(suite) - len(supported) > 0
