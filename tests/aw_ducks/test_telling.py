"""``ducksoup explain`` and ``replay`` of Aw Ducks! traces: every trace told to its end, and a trace whose stored
claims the rules contradict stopped where they first disagree, naming the field and its section."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from duckcheck.trace import dump_trace
from ducksoup import telling
from ducksoup.cli import main
from ducksoup.games import reference
from ducksoup.narration import Loaded
from tests.aw_ducks.suite import load

JSON = dict[str, Any]
TRACES = load()


def told(command: str, *arguments: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, [command, *arguments], env={"NO_COLOR": "1"})
    return result.exit_code, result.output


def altered(tmp_path: Path, trace_id: str, change: Any) -> str:
    """The trace ``trace_id`` written to a file after ``change`` (a function of the trace's JSON)."""
    trace: JSON = json.loads(dump_trace(next(trace for trace in TRACES if trace["id"] == trace_id)))
    change(trace)
    path = tmp_path / f"{trace_id}-altered.json"
    path.write_text(json.dumps(trace), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("command", ["explain", "replay"])
def test_every_trace_is_told_to_its_end(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the command, by trace ID; the files are read as the suite loaded them (checking each against the
    schema, the slow part of reading a file, is the linter's job)."""
    by_file = {f"{trace['id']}.json": trace for trace in TRACES}
    monkeypatch.setattr(telling, "load_game_file", lambda path, game=None: Loaded(by_file[path.name]))
    problems = []
    for trace in TRACES:
        status, output = told(command, trace["id"])
        last = f"step {len(trace['steps'])}: "
        if status != 0 or "stopped at" in output or last not in output:
            problems.append(f"{trace['id']}: exit {status}: {output.splitlines()[-1:]}")
    assert problems == [] and len(TRACES) > 100


def test_a_stored_state_the_rules_contradict_stops_the_telling_naming_the_field_and_its_section(
    tmp_path: Path,
) -> None:
    def more_points(trace: JSON) -> None:
        trace["steps"][5]["state"]["points"][1] += 2

    status, output = told("explain", altered(tmp_path, "ad-edge-stashed-duck", more_points))
    assert status == 1, output
    assert "stopped at step 6: the trace disagrees with the rules: state.points[1] (§9): the trace says " in output
    assert "step 6: player" in output and "step 7:" not in output


def test_several_fields_wrong_are_named_together(tmp_path: Path) -> None:
    def two_fields(trace: JSON) -> None:
        trace["steps"][0]["state"]["to_act"] = 0
        trace["steps"][0]["state"]["pond"] += "DW"

    status, output = told("replay", altered(tmp_path, "ad-edge-stashed-duck", two_fields))
    assert status == 1
    assert "state.to_act (§4): the trace says integer 0, the rules give integer 1" in output
    assert "state.pond (§6): the trace says" in output and "step 2:" not in output


def test_a_wrong_initial_state_stops_before_the_first_step(tmp_path: Path) -> None:
    def fewer_cards(trace: JSON) -> None:
        trace["initial"]["deck"] = 95

    status, output = told("explain", altered(tmp_path, "ad-edge-stashed-duck", fewer_cards))
    assert status == 1
    assert (
        "stopped at the initial state: the trace disagrees with the rules: state.deck (§6): the trace says integer 95"
        in (output)
    )
    assert "step 1:" not in output


def first_stop(trace: JSON) -> str | None:
    """Where the narrator of ``trace`` stops first (what a file the schema allows cannot show: a key missing,
    a key more, a value of another type)."""
    narrator = reference("aw-ducks").narrate(Loaded(trace), None, False)
    return next((told.stop for told in narrator.steps() if told.stop), None)


def test_a_key_missing_or_too_many_is_named() -> None:
    trace: JSON = json.loads(dump_trace(next(trace for trace in TRACES if trace["id"] == "ad-edge-stashed-duck")))
    state = trace["steps"][2]["state"]
    del state["ender"]
    state["dealer"] = 0
    stop = first_stop(trace) or ""
    assert stop.startswith("step 3: the trace disagrees with the rules: ")
    assert "state.ender (§9) is missing from the trace (the rules give null)" in stop
    assert "state.dealer is unknown to the rules (the trace gives integer 0)" in stop


def test_a_value_of_another_type_is_a_disagreement() -> None:
    trace: JSON = json.loads(dump_trace(next(trace for trace in TRACES if trace["id"] == "ad-edge-stashed-duck")))
    trace["steps"][0]["state"]["to_act"] = True  # the rules give 1: equal in Python, not in JSON
    assert "state.to_act (§4): the trace says boolean true, the rules give integer 1" in (first_stop(trace) or "")


def test_a_refusal_with_another_code_stops_the_telling(tmp_path: Path) -> None:
    trace = next(trace for trace in TRACES if trace["id"] == "ad-negative-not-your-turn")
    index = next(i for i, step in enumerate(trace["steps"]) if "reject" in step)

    def other_code(changed: JSON) -> None:
        changed["steps"][index]["reject"] = "draw-required"

    status, output = told("explain", altered(tmp_path, trace["id"], other_code))
    assert status == 1
    assert (
        f"stopped at step {index + 1}: the trace says it is refused with draw-required, the rules with "
        "not-your-turn (Rules §4)"
    ) in output
    assert f"step {index + 2}:" not in output


def test_a_final_outcome_the_rules_contradict_is_reported(tmp_path: Path) -> None:
    trace = next(trace for trace in TRACES if trace["scope"] == "game" and trace["final"]["winner"] is not None)

    def other_winner(changed: JSON) -> None:
        changed["final"]["winner"] = (changed["final"]["winner"] + 1) % changed["players"]
        changed["final"]["rounds"][0]["scores"][0] += 1

    status, output = told("explain", altered(tmp_path, trace["id"], other_winner))
    assert status == 1
    assert "stopped at the outcome: the trace disagrees with the rules: final.rounds[0].scores[0] (§9)" in output
    assert "final.winner (§2): the trace says" in output
    assert f"step {len(trace['steps'])}: " in output, "every step is told before the outcome is compared"
