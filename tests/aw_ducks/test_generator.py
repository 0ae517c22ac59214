"""The Aw Ducks! traces: written by the family's generator from ``SUITE.plan``, reproducible, covering every
section, ruling and error code, valid against the game's schema, published with their hashes, under 10 MB."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import duckcheck.generator as generator
from duckcheck.aw_ducks import SUITE
from duckcheck.aw_ducks.encoding import parse_action
from duckcheck.aw_ducks.oracle import Table
from duckcheck.aw_ducks.scenarios import CONDITIONS
from duckcheck.aw_ducks.views import view
from duckcheck.games import GameSuite, Setup
from duckcheck.lint import SIZE_LIMIT, published
from duckcheck.schemas import game_schema_name, validator
from duckcheck.trace import digest, load_manifest, validate_trace
from duckspec.aw_ducks import SECTIONS
from duckspec.aw_ducks.components import parse_card, parse_cards
from duckspec.aw_ducks.errors import ErrorCode
from duckspec.aw_ducks.scoring import condition_met
from duckspec.rulings import load_rulings
from tests.aw_ducks.suite import SUITE as FOLDER
from tests.aw_ducks.suite import TRACES, load

SCHEMA = game_schema_name(SUITE.id)


def test_ids_are_unique_prefixed_and_cover_every_player_count_and_scope() -> None:
    ids = [trace_id for trace_id, _ in SUITE.plan()]
    assert len(ids) == len(set(ids)) and all(trace_id.startswith("ad-") for trace_id in ids)
    traces = load()
    assert {(trace["players"], trace["scope"]) for trace in traces} == {
        (p, s) for p in (2, 3, 4) for s in ("round", "game")
    }


GENERATE_GAME = generator.generate_game
"""The generator itself, kept apart from the cached stand-in a test puts in its place."""


@cache
def fresh() -> dict[str, str]:
    """One fresh generation of the game's traces for the whole module (it takes a while)."""
    return GENERATE_GAME(SUITE)


def test_the_committed_traces_are_a_fresh_generation_listed_and_published() -> None:
    fresh_files = fresh()
    committed = {f"{SUITE.id}/{path.name}": path.read_text(encoding="utf-8") for path in TRACES.glob("*")}
    assert set(fresh_files) == set(committed)
    assert [name for name in fresh_files if fresh_files[name] != committed[name]] == []
    assert sum(len(text.encode()) for text in fresh_files.values()) < SIZE_LIMIT
    listed = {entry["file"]: entry["sha256"] for entry in load_manifest(FOLDER)["traces"] if entry["game"] == SUITE.id}
    assert listed == {name: digest(text) for name, text in committed.items()}
    register = published(FOLDER)
    assert all(register.get(name.split("/")[1].removesuffix(".json")) == sha for name, sha in listed.items())


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


def test_every_trace_fits_the_schemas() -> None:
    """Every trace against the common schema and the game's ``trace``, with one step in 16 (the suite linter checks
    every step), and the views of its last state against ``view``."""
    seen = validator(SCHEMA, "view")
    for trace in load():
        where = trace["id"]
        assert trace["game"] == "aw-ducks" and trace["format"] == "1.2"  # the oldest format that holds the game
        sample = [step for index, step in enumerate(trace["steps"]) if index % 16 == 0 or "reject" in step]
        validate_trace({**trace, "steps": sample}, where)
        last = next((step["state"] for step in reversed(trace["steps"]) if "state" in step), trace["initial"])
        for player in range(trace["players"]):
            check(seen, view(last, player), where)


def test_the_game_schema_refuses_what_aw_ducks_does_not_allow() -> None:
    trace = dict(next(trace for trace in load() if trace["scope"] == "round" and trace["players"] == 2))
    check(validator(SCHEMA, "trace"), trace, trace["id"])
    for change in ({"dealer": 2}, {"players": 5}, {"scope": "deal"}, {"decks": [trace["decks"][0]] * 2}):
        assert not validator(SCHEMA, "trace").is_valid({**trace, **change}), change


def test_the_generator_command_checks_and_writes_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def cached(suite: GameSuite) -> dict[str, str]:
        return fresh() if suite is SUITE else GENERATE_GAME(suite)

    monkeypatch.setattr(generator, "generate_game", cached)
    assert generator.main(["--check", "--game", "aw-ducks"]) == 0
    assert "0 differ, 0 extra" in capsys.readouterr().out
    assert generator.main([str(tmp_path), "--game", "aw-ducks"]) == 0
    (tmp_path / "aw-ducks" / "manifest.json").write_text("{}", encoding="utf-8")
    assert generator.main(["--check", "--game", "aw-ducks", str(tmp_path)]) == 1
    assert generator.main([str(tmp_path), "--game", "aw-ducks"]) == 0
    assert not (tmp_path / "aw-ducks" / "manifest.json").exists()
    assert generator.main(["--check", "--game", "aw-ducks", str(tmp_path)]) == 0
    assert [entry["game"] for entry in load_manifest(tmp_path)["traces"]] == ["aw-ducks"] * len(fresh())


def running_totals(trace: dict[str, Any]) -> list[list[int]]:
    """The game's totals after each counted round, from the trace's outcome."""
    totals, after = [0] * trace["players"], []
    for counted in trace["final"]["rounds"]:
        totals = [total + score for total, score in zip(totals, counted["scores"], strict=True)]
        after.append(totals)
    return after


def level_top_past(totals: list[int], target: int) -> bool:
    return max(totals) >= target and sorted(totals)[-2] == max(totals)


def ends_with_ducks_in_the_pond(trace: dict[str, Any]) -> bool:
    """Whether a round of the trace is over with ducks in its pond, replayed on the spec's oracle."""
    table = Table.of(Setup.of(trace))
    for step in trace["steps"]:
        if "state" in step:
            table = table.apply(parse_action(step["action"]))
            if table.finished is not None and table.finished.pond:
                return True
    return False


TAG_HOLDS = {
    "players-two-to-four": lambda trace: trace["players"] in (3, 4),
    "one-short-of-target": lambda trace: any(
        max(totals) == trace["options"]["target"] - 1 for totals in running_totals(trace)
    ),
    "level-twice": lambda trace: any(
        level_top_past(a, trace["options"]["target"]) and level_top_past(b, trace["options"]["target"])
        for a, b in zip(running_totals(trace), running_totals(trace)[1:], strict=False)
    ),
    "pond-left-for-nobody": ends_with_ducks_in_the_pond,
}
"""The tags a hand-made trace is given by its builder (not found by the recorder), and what each promises."""


@pytest.mark.parametrize("tag", sorted(TAG_HOLDS))
def test_each_tag_a_builder_gives_holds_in_its_traces(tag: str) -> None:
    tagged = [trace for trace in load() if tag in trace["tags"]]
    assert len(tagged) >= 2
    assert [trace["id"] for trace in tagged if not TAG_HOLDS[tag](trace)] == []
