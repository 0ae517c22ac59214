"""The Doubleduck traces: valid against the schema, covering every section, ruling and error code, small, and
exactly what the generator produces."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from duckcheck.doubleduck import SUITE
from duckcheck.doubleduck.encoding import parse_action, parse_cards_text, parse_options
from duckcheck.doubleduck.views import views
from duckcheck.generator import generate_game
from duckcheck.trace import digest, load_manifest, suite_dir, validate_trace
from duckspec.doubleduck import SECTIONS
from duckspec.doubleduck.errors import ErrorCode
from duckspec.rulings import load_rulings
from tests.doubleduck.traces import load_traces, traces_dir

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "conformance" / "schema" / "games" / "doubleduck.schema.json").read_text(encoding="utf-8"))
HEADER = ["format", "id", "description", "game", "players", "scope", "options", "dealer", "sections", "rulings", "tags"]


@cache
def validator(definition: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({**SCHEMA, "$ref": f"#/$defs/{definition}"})


def test_the_schema_is_valid() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert {"trace", "options", "action", "state", "view"} <= set(SCHEMA["$defs"])
    assert SCHEMA["$id"] == "https://ducksoup.invalid/schema/games/doubleduck/1"


@pytest.mark.parametrize("trace", load_traces(), ids=lambda trace: str(trace["id"]))
def test_each_trace_is_valid(trace: dict[str, Any]) -> None:
    assert list(trace) == [*HEADER, "decks", "initial", "steps", "final"]
    if "edge-case" in trace["tags"]:
        validate_trace(trace, trace["id"])  # the common schema and #/$defs/trace, in full (slow: a sample)
    assert trace["id"].startswith("dd-") and trace["game"] == "doubleduck" and trace["players"] == 4
    assert trace["scope"] in ("deal", "game") and 0 <= trace["dealer"] <= 3
    validator("options").validate(trace["options"])
    parse_options(trace["options"])
    for deck in trace["decks"]:
        validator("deck").validate(deck)
        assert len(deck) == 208 and len(parse_cards_text(deck)) == 104
    states = [trace["initial"], *(step["state"] for step in trace["steps"] if "state" in step)]
    every = 1 if "edge-case" in trace["tags"] else 7  # the schema check is slow: a sample of the bots' states
    for state in [*states[::every], states[-1]]:
        validator("state").validate(state)
        for seen in views(state):
            validator("view").validate(seen)
    for step in trace["steps"]:
        validator("action").validate(step["action"])
        parse_action(step["action"])
        assert ("state" in step) != ("reject" in step)
        assert "reject" not in step or step["reject"] in {code.value for code in ErrorCode}
    assert (
        len(trace["final"]["deals"]) == sum(1 for state in states if state["phase"] == "over")
        or trace["scope"] == "game"
    )


def test_the_traces_cover_every_section_ruling_and_error_code() -> None:
    traces = load_traces()
    sections = {s for trace in traces for s in trace["sections"]}
    rulings = {r for trace in traces for r in trace["rulings"]}
    tags = {t for trace in traces for t in trace["tags"]}
    assert set(SECTIONS) <= sections
    assert {ruling.id for ruling in load_rulings("doubleduck")} <= rulings
    assert {f"error-{code.value}" for code in ErrorCode} <= tags


def test_the_traces_stay_small_and_match_their_manifest() -> None:
    folder = traces_dir()
    assert sum(path.stat().st_size for path in folder.glob("*.json")) < 10_000_000
    entries = [entry for entry in load_manifest()["traces"] if entry["game"] == "doubleduck"]
    assert {entry["file"] for entry in entries} == {f"doubleduck/{path.name}" for path in folder.glob("*.json")}
    for entry in entries:
        assert digest((suite_dir() / entry["file"]).read_text(encoding="utf-8")) == entry["sha256"]


def first_trick(trace_id: str) -> dict[str, Any]:
    trace = next(t for t in load_traces() if t["id"] == trace_id)
    return dict(trace["steps"][3]["state"])


def test_the_notes_examples_are_traces_with_the_texts_values() -> None:
    assert first_trick("dd-edge-notes-3386")["piles"] == [[0, 0], [1, 0]]  # the second 3 wins one card
    assert first_trick("dd-edge-notes-jjj-third-quack")["piles"] == [[0, 0], [4, 0]]
    assert first_trick("dd-edge-notes-jjj-doubleduck")["piles"] == [[0, 0], [3, 0]]
    first_deal = next(t for t in load_traces() if t["id"] == "dd-game-first-deal-1000")["final"]
    assert first_deal["result"] == {"winner": 0, "end": "target", "game_points": 5} and len(first_deal["deals"]) == 1


def test_the_traces_are_what_the_generator_produces() -> None:
    folder = suite_dir()
    files = generate_game(SUITE)
    assert set(files) == {f"doubleduck/{path.name}" for path in traces_dir().glob("*.json")}
    differing = [name for name, text in files.items() if (folder / name).read_text(encoding="utf-8") != text]
    assert not differing, f"regenerate with python -m duckcheck.generator --game doubleduck: {differing[:5]}"
