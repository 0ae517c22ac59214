"""The Doubleduck traces as the tests read them: from the suite's data folder, hand-made traces first."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from duckcheck.doubleduck.generate import traces_dir
from duckcheck.trace import load_manifest

JSON = dict[str, Any]


def hand_made_first(trace: JSON) -> tuple[int, str]:
    """Edge cases and negative traces first (each aimed at one rule), then games, then the bots' deals."""
    if "edge-case" in trace["tags"]:
        return 0, trace["id"]
    return (1 if trace["scope"] == "game" else 2), trace["id"]


@cache
def load_traces() -> tuple[JSON, ...]:
    folder = traces_dir()
    traces = [
        json.loads((folder / entry["file"]).read_text(encoding="utf-8")) for entry in load_manifest(folder)["traces"]
    ]
    return tuple(sorted(traces, key=hand_made_first))
