"""The Doubleduck traces as the tests read them: from the suite's manifest, hand-made traces first."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from duckcheck.trace import load_manifest, suite_dir
from duckspec.doubleduck import GAME_ID

JSON = dict[str, Any]


def traces_dir() -> Path:
    """The folder of the Doubleduck traces, inside the suite's traces folder."""
    return suite_dir() / GAME_ID


def hand_made_first(trace: JSON) -> tuple[int, str]:
    """Edge cases and negative traces first (each aimed at one rule), then games, then the bots' deals."""
    if "edge-case" in trace["tags"]:
        return 0, trace["id"]
    return (1 if trace["scope"] == "game" else 2), trace["id"]


@cache
def load_traces() -> tuple[JSON, ...]:
    folder = suite_dir()
    entries = [entry for entry in load_manifest(folder)["traces"] if entry["game"] == GAME_ID]
    traces = [json.loads((folder / entry["file"]).read_text(encoding="utf-8")) for entry in entries]
    return tuple(sorted(traces, key=hand_made_first))
