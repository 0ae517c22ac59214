"""The committed Aw Ducks! traces, loaded once for the tests (``conformance/traces/aw-ducks``)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

TRACES = Path(__file__).resolve().parents[2] / "conformance" / "traces" / "aw-ducks"


@cache
def load() -> tuple[dict[str, Any], ...]:
    """Every trace of the manifest, the hand-made ones (each aimed at one rule) first."""
    manifest = json.loads((TRACES / "manifest.json").read_text(encoding="utf-8"))
    traces = [json.loads((TRACES / entry["file"]).read_text(encoding="utf-8")) for entry in manifest["traces"]]
    return tuple(sorted(traces, key=lambda trace: 0 if "edge-case" in trace["tags"] else 1))
