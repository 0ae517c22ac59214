"""The Aw Ducks! traces: reproducible, covering every section, ruling and error code, valid, under 10 MB."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from duckcheck.aw_ducks import generate as generator
from duckcheck.aw_ducks.generate import SIZE_LIMIT, generate, main, plan
from duckcheck.aw_ducks.scenarios import CONDITIONS
from duckcheck.aw_ducks.views import view
from duckcheck.trace import digest
from duckspec.aw_ducks import SECTIONS
from duckspec.aw_ducks.components import parse_card, parse_cards
from duckspec.aw_ducks.errors import ErrorCode
from duckspec.aw_ducks.scoring import condition_met
from duckspec.rulings import load_rulings
from tests.aw_ducks.suite import TRACES, load

SCHEMA = json.loads((TRACES.parents[1] / "schema" / "aw-ducks.schema.json").read_text(encoding="utf-8"))


def validator(definition: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({"$ref": f"#/$defs/{definition}", "$defs": SCHEMA["$defs"]})


def test_ids_are_unique_prefixed_and_cover_every_player_count_and_scope() -> None:
    ids = [trace_id for trace_id, _ in plan()]
    assert len(ids) == len(set(ids)) and all(trace_id.startswith("ad-") for trace_id in ids)
    traces = load()
    assert {(trace["players"], trace["scope"]) for trace in traces} == {
        (p, s) for p in (2, 3, 4) for s in ("round", "game")
    }


@cache
def fresh() -> dict[str, str]:
    """One fresh generation for the whole module (it takes a while)."""
    return generate()


def test_the_committed_traces_are_a_fresh_generation() -> None:
    fresh_files = fresh()
    committed = {path.name: path.read_text(encoding="utf-8") for path in TRACES.glob("*.json")}
    assert set(fresh_files) == set(committed)
    assert [name for name in fresh_files if fresh_files[name] != committed[name]] == []
    assert sum(len(text.encode()) for text in fresh_files.values()) < SIZE_LIMIT
    manifest = json.loads(committed["manifest.json"])
    assert all(entry["sha256"] == digest(committed[entry["file"]]) for entry in manifest["traces"])


def test_every_section_ruling_and_error_code_is_exercised() -> None:
    sections = {section for trace in load() for section in trace["sections"]}
    rulings = {ruling for trace in load() for ruling in trace["rulings"]}
    tags = {tag for trace in load() for tag in trace["tags"]}
    assert sections == set(SECTIONS)
    assert rulings == {ruling.id for ruling in load_rulings("aw_ducks")}
    assert {f"error-{code.value}" for code in ErrorCode} <= tags


def test_the_edge_cases_the_issue_lists_are_there() -> None:
    tags = {trace["id"]: set(trace["tags"]) for trace in load()}
    for ending in ("draw", "draw-chain", "safe-draw", "quick-quack", "secret-stash"):
        for players in (2, 3, 4):
            assert f"round-ends-in-{ending}" in tags[f"ad-edge-ends-in-{ending}-{players}p"]
    traces = {trace["id"]: trace for trace in load()}
    outcomes: dict[str, set[bool]] = {}
    for trace_id, (_, pond, tableau) in CONDITIONS.items():
        steps = traces[trace_id]["steps"]
        index = next(i for i, step in enumerate(steps) if step["action"]["turn"] == "score")
        before, after = steps[index - 1]["state"], steps[index]["state"]
        assert before["tableaux"][0] == "".join(str(c) for c in sorted(parse_cards(tableau.split())))
        for duck in set(pond.split()) - {"DW"}:
            taken = duck in before["pond"] and duck not in after["pond"]
            assert taken == condition_met(parse_card(duck).colour, parse_cards(tableau.split())), trace_id
            outcomes.setdefault(duck, set()).add(taken)
    assert all(outcomes[duck] == {True, False} for duck in ("DR", "DY", "DG", "DB", "DP"))
    assert "black-spared" in tags["ad-edge-rainbow-on-black-numbers"]
    assert all(f"ad-negative-{code.value}" in tags for code in ErrorCode)


def check(validate: jsonschema.Draft202012Validator, instance: Any, where: str) -> None:
    error = next(iter(validate.iter_errors(instance)), None)
    assert error is None, f"{where}: {error.message if error else ''}"


def test_every_trace_fits_the_schema() -> None:
    """Every header, deck, action and final summary, and a sample of the states and views (one step in 16)."""
    state, action, options, deck, final, seen = (
        validator(name) for name in ("state", "action", "options", "deck", "final", "view")
    )
    for trace in load():
        where = trace["id"]
        assert trace["game"] == "aw-ducks" and trace["format"] == "1.0"
        check(options, trace["options"], where)
        for text in trace["decks"]:
            check(deck, text, where)
        check(state, trace["initial"], where)
        check(final, trace["final"], where)
        for index, step in enumerate(trace["steps"]):
            check(action, step["action"], f"{where} step {index}")
            if "state" in step and index % 16 == 0:
                check(state, step["state"], f"{where} step {index}")
        last = next((step["state"] for step in reversed(trace["steps"]) if "state" in step), trace["initial"])
        for player in range(trace["players"]):
            check(seen, view(last, player), where)


def test_the_command_line_checks_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(generator, "generate", fresh)
    assert main(["--check", str(TRACES)]) == 0
    assert "0 differ, 0 extra" in capsys.readouterr().out
    (tmp_path / "stray.json").write_text("{}", encoding="utf-8")
    assert main(["--check", str(tmp_path)]) == 1
    assert main([str(tmp_path)]) == 0 and not (tmp_path / "stray.json").exists()
    assert main(["--check", str(tmp_path)]) == 0
