"""Reading a trace costs bounded work, however hostile the file (issue 21, item 4), and a schema failure names
the key at fault in its headline (item 5).

Files read for telling (``replay``, ``explain``, ``view``, ``analyse``) get the light check: everything but each
step's stored state, which the telling compares strictly with the rules'. The suite linter checks in full. The
steps are checked one by one, the first bad one stops the check, and a trace has at most ``MAX_STEPS`` steps.
The 50 MiB files and their timings are in ``nox -s hostile-files``; these tests use small files.
"""

from __future__ import annotations

import copy
import io
import json
import math
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from rich.console import Console

import duckcheck.trace as trace_module
from duckcheck.games import game_ids
from duckcheck.lint import lint
from duckcheck.progress import slow_progress
from duckcheck.protocol import schema_problem
from duckcheck.schemas import MAX_VALUES, first_problem, game_schema_name, holds_too_many, problem_of
from duckcheck.trace import (
    MAX_DECKS,
    MAX_LABELS,
    MAX_STEPS,
    TraceError,
    load_suite,
    parse_trace,
    read_trace,
    validate_trace,
)
from ducksoup.cli import main

JSON = dict[str, Any]
SUITE = load_suite()


def first_trace(game: str, rejected: bool = False) -> JSON:
    """The first trace of ``game`` in the suite (with a rejected step, if ``rejected``), as a fresh copy."""
    found = next(t for t in SUITE if t["game"] == game and (not rejected or any("reject" in s for s in t["steps"])))
    return copy.deepcopy(found)


def first_state_step(trace: JSON) -> int:
    return next(number for number, step in enumerate(trace["steps"]) if "state" in step)


def refusal(trace: Any, states: bool = True) -> str:
    with pytest.raises(TraceError) as caught:
        parse_trace(json.dumps(trace), "hostile.json", states=states)
    return str(caught.value)


def run(tmp_path: Path, trace: JSON, *arguments: str) -> tuple[int, str]:
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(trace), encoding="utf-8")
    result = CliRunner().invoke(main, [*arguments, str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


@pytest.mark.parametrize("game", game_ids())
def test_the_first_bad_step_stops_the_check(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    trace = first_trace(game)
    bad_at = min(5, len(trace["steps"]) - 1)
    bad_steps = [{"action": {"bogus": number}, "reject": "not-an-action"} for number in range(2000)]
    trace["steps"] = trace["steps"][:bad_at] + bad_steps
    checked: list[Any] = []

    def counted(checker: Any, step: Any) -> tuple[str, str, int] | None:
        checked.append(step)
        return problem_of(checker, step)

    monkeypatch.setattr(trace_module, "problem_of", counted)
    message = refusal(trace, states=False)
    assert f"hostile.json: at steps/{bad_at}/action" in message
    assert len(checked) <= bad_at + 1 and checked[-1] == bad_steps[0]  # nothing after the first bad step


@pytest.mark.parametrize("game", game_ids())
def test_a_bad_step_is_refused_in_one_line_naming_it(game: str, tmp_path: Path) -> None:
    trace = first_trace(game)
    trace["steps"][3]["action"]["bogus"] = 1
    status, output = run(tmp_path, trace, "replay")
    assert status == 2
    assert output.strip().splitlines() == [
        f"error: {tmp_path / 'hostile.json'}: at steps/3/action: Additional properties are not allowed "
        "('bogus' was unexpected)"
    ]


@pytest.mark.parametrize("game", game_ids())
def test_a_trace_over_the_cap_on_steps_is_refused_before_its_steps_are_checked(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    trace = first_trace(game)
    trace["steps"] = [{"action": {"bogus": 1}, "reject": "x"}] * (MAX_STEPS + 1)
    monkeypatch.setattr(trace_module, "problem_of", lambda checker, step: pytest.fail("a step was checked"))
    status, output = run(tmp_path, trace, "replay")
    assert status == 2
    assert output.strip().endswith(f"at steps: {MAX_STEPS + 1:,} steps; a trace has at most {MAX_STEPS:,}")


def test_a_trace_over_the_cap_on_decks_is_refused() -> None:
    trace = first_trace("duck-soup")
    trace["decks"] = trace["decks"] * (MAX_DECKS + 1)
    assert refusal(trace).endswith(f"at decks: {MAX_DECKS + 1:,} decks; a trace has at most {MAX_DECKS:,}")


@pytest.mark.parametrize("game", game_ids())
def test_a_valid_trace_at_the_cap_on_steps_is_read(game: str) -> None:
    trace = first_trace(game, rejected=True)
    index = next(number for number, step in enumerate(trace["steps"]) if "reject" in step)
    copies = [trace["steps"][index]] * (MAX_STEPS - len(trace["steps"]))
    trace["steps"][index + 1 : index + 1] = copies  # a rejected action leaves the state as it was: still true
    assert len(parse_trace(json.dumps(trace), "long.json", states=False)["steps"]) == MAX_STEPS


def garbled_state(game: str) -> tuple[JSON, int]:
    """A trace of ``game`` whose first stored state has every value replaced by one of the wrong shape."""
    trace = first_trace(game)
    number = first_state_step(trace)
    state = trace["steps"][number]["state"]
    trace["steps"][number]["state"] = {key: {"x": [True]} for key in state}
    return trace, number


@pytest.mark.parametrize("game", game_ids())
def test_the_light_check_leaves_stored_states_to_the_strict_comparison(game: str, tmp_path: Path) -> None:
    trace, number = garbled_state(game)
    assert f"at steps/{number}/state/" in refusal(trace, states=True)  # the full check, the linter's
    parse_trace(json.dumps(trace), "garbled.json", states=False)  # the light check, for telling
    status, output = run(tmp_path, trace, "replay")
    assert status == 1
    assert f"stopped at step {number + 1}: the trace disagrees with the rules: state." in output


@pytest.mark.parametrize("game", game_ids())
@pytest.mark.parametrize("command", ["view", "explain"])
def test_a_garbled_state_seen_as_a_player_stops_the_telling_without_a_traceback(
    game: str, command: str, tmp_path: Path
) -> None:
    trace, _ = garbled_state(game)
    options = ["--no-open", "-o", str(tmp_path / "page.html")] if command == "view" else []
    status, output = run(tmp_path, trace, command, "--as", "1", *options)
    assert status == 1
    assert "Traceback" not in output and "{'x': [True]}" not in output.split("disagrees")[0]


def test_the_suite_linter_checks_stored_states_in_full(tmp_path: Path) -> None:
    trace, number = garbled_state("duck-soup")
    (tmp_path / "duck-soup").mkdir()
    (tmp_path / "duck-soup" / f"{trace['id']}.json").write_text(json.dumps(trace), encoding="utf-8")
    entry = {"id": trace["id"], "game": "duck-soup", "file": f"duck-soup/{trace['id']}.json", "sha256": ""}
    (tmp_path / "manifest.json").write_text(json.dumps({"traces": [entry]}), encoding="utf-8")
    with pytest.raises(TraceError, match=f"at steps/{number}/state/"):
        read_trace(tmp_path / entry["file"])
    assert any(f"at steps/{number}/state/" in problem for problem in lint(tmp_path, regenerate=False))


def state_keys(game: str) -> list[tuple[str, str]]:
    state = next(s["state"] for s in first_trace(game)["steps"] if "state" in s)
    return [(game, key) for key in sorted(state)]


@pytest.mark.parametrize(("game", "key"), [pair for game in game_ids() for pair in state_keys(game)])
def test_a_schema_failure_names_the_key_at_fault(game: str, key: str) -> None:
    """NaN in any field of a state: the headline names that field (Doubleduck said "every key unexpected"
    (unevaluatedProperties), Aw Ducks! "not valid under any of the given schemas" (oneOf))."""
    trace = first_trace(game)
    number = first_state_step(trace)
    state = trace["steps"][number]["state"]
    state[key] = math.nan
    place, message, _ = first_problem(state, game_schema_name(game), "state") or ("", "", 0)
    assert place == key, message
    assert "unexpected" not in message and "any of the given schemas" not in message
    # The light check never reaches a stored state's NaN: the reading refuses it first, naming its place.
    place = f"steps/{number}/state/{key}"
    assert refusal(trace).startswith("hostile.json: not readable: NaN is not a JSON number")
    assert refusal(trace).endswith(f", found at {place}")


@pytest.mark.parametrize(
    ("change", "headline"),
    [
        ({"bogus": 1}, "at steps/0/action: Additional properties are not allowed ('bogus' was unexpected)"),
        ({"turn": "bogus"}, "at steps/0/action/turn: 'bogus' is not one of ['draw', 'score']"),
        (
            {"turn": math.nan},
            "not readable: NaN is not a JSON number (JSON has no NaN or infinities), found at steps/0/action/turn",
        ),
        ({"player": 1.0}, "at steps/0/action/player: 1.0 is not of type 'integer'"),
    ],
)
def test_an_aw_ducks_action_names_its_bad_key_not_only_the_one_of(change: JSON, headline: str) -> None:
    trace = first_trace("aw-ducks")
    trace["steps"][0]["action"].update(change)
    assert refusal(trace, states=False) == f"hostile.json: {headline}"


@pytest.mark.parametrize("game", game_ids())
def test_the_light_check_accepts_the_largest_trace_of_each_game(game: str) -> None:
    largest = max((t for t in SUITE if t["game"] == game), key=lambda t: len(t["steps"]))
    assert validate_trace(copy.deepcopy(largest), largest["id"], states=False) == largest


def test_progress_shows_on_a_terminal_once_the_work_is_slow() -> None:
    shown, hidden = io.StringIO(), io.StringIO()
    for output, terminal in ((shown, True), (hidden, False)):
        console = Console(file=output, force_terminal=terminal, width=80)
        with slow_progress(1024, "checking steps", console=console, quiet=0) as advance:
            for done in range(1024):
                advance(done)
    assert "checking steps" in shown.getvalue()
    assert hidden.getvalue() == ""


def test_progress_stays_quiet_while_the_work_is_quick() -> None:
    output = io.StringIO()
    console = Console(file=output, force_terminal=True, width=80)
    with slow_progress(1024, "checking steps", console=console, quiet=3600) as advance:
        for done in range(1024):
            advance(done)
    assert output.getvalue() == ""


@pytest.mark.parametrize("command", ["replay", "explain"])
def test_a_stored_state_that_stops_the_telling_is_quoted_safely(command: str, tmp_path: Path) -> None:
    """The light check lets any object through as a stored state, so the reason the telling stops quotes text from
    the file: printed as written (never rich markup, control characters escaped) and cut short."""
    trace = first_trace("doubleduck")
    number = first_state_step(trace)
    trace["steps"][number]["state"].update({"[/]\x1b[2J": "[bold]" + "x" * 10_000})
    status, output = run(tmp_path, trace, command)
    assert status == 1
    stop = output.strip().splitlines()[-1]
    assert stop.startswith(f"stopped at step {number + 1}: the trace disagrees with the rules: state.[/]\\x1b[2J")
    assert "xxxxxxxx" in stop and len(stop) < 2100


@pytest.mark.parametrize(("game", "key"), [pair for game in game_ids() for pair in state_keys(game)[::3]])
def test_a_reply_with_nan_in_its_state_names_the_key(game: str, key: str) -> None:
    """The runner's message about a reply that breaks the schema names the field at fault too."""
    state = next(s["state"] for s in first_trace(game)["steps"] if "state" in s)
    reply = {"seq": 3, "accepted": True, "state": {**state, key: math.nan}, "views": []}
    problem = schema_problem(reply, "act-reply", game) or ""
    assert problem.startswith(f"state/{key}: nan "), problem


def test_the_first_bad_place_is_reported_in_list_order() -> None:
    trace = first_trace("duck-soup")
    trace["decks"] = [trace["decks"][0]] * 12
    trace["decks"][10] = trace["decks"][2] = 7
    assert refusal(trace) == "hostile.json: at decks/2: 7 is not of type 'string' (and 1 more problems)"


@pytest.mark.parametrize("label", ["sections", "rulings", "tags"])
def test_a_trace_listing_too_many_labels_is_refused(label: str) -> None:
    trace = first_trace("aw-ducks")
    trace[label] = [f"x{number}" for number in range(MAX_LABELS + 1)]
    assert refusal(trace) == f"hostile.json: at {label}: {MAX_LABELS + 1:,} {label}; a trace has at most {MAX_LABELS:,}"


@pytest.mark.parametrize("field", ["initial", "final", "options"])
def test_a_field_holding_too_many_values_is_refused_before_the_schema_sees_it(field: str) -> None:
    trace = first_trace("aw-ducks")
    trace[field] = {**trace[field], "points": [list(range(100))] * (MAX_VALUES // 100)}
    assert refusal(trace, states=False) == (
        f"hostile.json: at {field}: holds more than {MAX_VALUES:,} values; no field of a trace needs so many"
    )


@pytest.mark.parametrize("states", [True, False])
def test_a_step_holding_too_many_values_is_refused_before_the_schema_sees_it(states: bool) -> None:
    trace = first_trace("doubleduck")
    trace["steps"][2]["action"]["card"] = [[0] * 50] * (MAX_VALUES // 50)
    assert refusal(trace, states=states) == (
        f"hostile.json: at steps/2: holds more than {MAX_VALUES:,} values; a step needs far fewer"
    )


def test_counting_values_stops_at_the_limit() -> None:
    assert not holds_too_many({"a": [1, 2, {"b": [3]}]}, limit=6)  # six values: the list, 1, 2, {...}, [3], 3
    assert holds_too_many({"a": [1, 2, {"b": [3, 4]}]}, limit=6)
    assert holds_too_many([[]] * 10**7, limit=5)  # said at once, without looking at ten million lists


@pytest.mark.parametrize("game", game_ids())
def test_the_telling_compares_the_last_stored_state_strictly_too(game: str, tmp_path: Path) -> None:
    """What the light check leaves out, the telling catches at any step: ``true`` for ``1`` in the last state."""
    trace = first_trace(game)
    number = max(n for n, step in enumerate(trace["steps"]) if "state" in step)
    state = trace["steps"][number]["state"]
    key = next(k for k, v in sorted(state.items()) if type(v) is int and v in (0, 1))
    state[key] = bool(state[key])
    parse_trace(json.dumps(trace), "typed.json", states=False)
    status, output = run(tmp_path, trace, "replay")
    assert status == 1
    assert f"stopped at step {number + 1}: the trace disagrees with the rules: state.{key}" in output
