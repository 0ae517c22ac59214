"""The tutorial's adapter (``docs/tutorial/tiny_adapter.py``) passes every trace of the base game.

The tutorial builds this file step by step and includes it piece by piece, so this test is what
proves that a reader who follows the tutorial ends with a passing ``ducksoup check``. The adapter
supports scopes ``deal`` and ``game`` with the standard rule options and declares everything else
unsupported, so the runner skips it.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from duckcheck.compare import Outcome
from duckcheck.runner import run
from duckcheck.trace import load_suite

DOCS = Path(__file__).resolve().parent.parent / "docs"
ADAPTER = DOCS / "tutorial" / "tiny_adapter.py"
STANDARD_OPTIONS = {"stock": "face-up", "best_of": 1, "double_draw": "winner-first"}


def is_base_game(trace: dict[str, Any]) -> bool:
    return (
        trace["game"] == "duck-soup"
        and trace["scope"] in ("deal", "game")
        and all(STANDARD_OPTIONS.get(option) == value for option, value in trace["options"].items())
    )


def test_the_tutorial_adapter_passes_the_base_game_and_skips_the_rest() -> None:
    suite = load_suite()
    base_game = sorted(trace["id"] for trace in suite if is_base_game(trace))
    summary = run([sys.executable, str(ADAPTER)], suite)

    outcomes: dict[Outcome, list[str]] = {}
    for result in summary.results:
        outcomes.setdefault(result.outcome, []).append(result.trace)
    wrong = [result for result in summary.results if result.outcome not in (Outcome.PASSED, Outcome.SKIPPED)]
    assert not wrong, [(result.trace, result.reason, result.diff[:3]) for result in wrong[:3]]
    assert summary.failed == 0
    assert sorted(outcomes.get(Outcome.PASSED, [])) == base_game
    assert len(base_game) >= 188
    assert len(outcomes.get(Outcome.SKIPPED, [])) == len(suite) - len(base_game) > 0
    assert summary.implementation["name"] == "tiny-duck-soup"


def test_the_tutorial_adapter_uses_only_the_standard_library() -> None:
    source = ADAPTER.read_text(encoding="utf-8")
    imported = set(re.findall(r"^(?:from|import) ([a-z_]+)", source, re.M))
    assert imported <= {"__future__", "json", "sys", "typing"}, imported


def test_the_tutorial_adapter_answers_what_it_cannot_read() -> None:
    requests = '{"cmd":"hello","protocol":1}\n\nnot json\n{"cmd":"act","seq":5,"action":{"player":0,"play":"AC"}}\n'
    done = subprocess.run(
        [sys.executable, str(ADAPTER)], input=requests + '{"cmd":"bye"}\n', capture_output=True, text=True, timeout=60
    )
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0
    assert replies[0]["cmd"] == "hello" and replies[0]["protocol"] == 1
    assert replies[1]["seq"] == 0 and "errored" in replies[1]
    assert replies[2] == {"seq": 5, "errored": "no trace is being played"}


def test_the_tutorial_includes_every_part_of_the_adapter_that_it_names() -> None:
    tutorial = (DOCS / "tutorial" / "index.rst").read_text(encoding="utf-8")
    source = ADAPTER.read_text(encoding="utf-8")
    markers = re.findall(r":(?:start-at|end-before): (.+)$", tutorial, re.M)
    assert len(markers) >= 10
    for marker in markers:
        assert source.count(marker.strip()) == 1, (
            f"the tutorial includes from {marker!r}, found in the adapter not once"
        )
    assert tutorial.count(".. literalinclude:: tiny_adapter.py") >= 10
