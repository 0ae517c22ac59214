"""The committed Aw Ducks! traces, loaded once for the tests (``conformance/traces/aw-ducks``, listed in the suite's
manifest)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from duckspec.aw_ducks import GAME_ID

SUITE = Path(__file__).resolve().parents[2] / "conformance" / "traces"
TRACES = SUITE / GAME_ID
SCHEMA = SUITE.parent / "schema" / "games" / f"{GAME_ID}.schema.json"


@cache
def load() -> tuple[dict[str, Any], ...]:
    """Every Aw Ducks! trace of the manifest, the hand-made ones (each aimed at one rule) first."""
    manifest = json.loads((SUITE / "manifest.json").read_text(encoding="utf-8"))
    entries = [entry for entry in manifest["traces"] if entry["game"] == GAME_ID]
    traces = [json.loads((SUITE / entry["file"]).read_text(encoding="utf-8")) for entry in entries]
    return tuple(sorted(traces, key=lambda trace: 0 if "edge-case" in trace["tags"] else 1))
