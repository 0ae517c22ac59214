"""Doubleduck through the shared suite: the registry entries, ``ducksoup check --game doubleduck``, the adapter.

The bundled reference passes every Doubleduck trace on the engine and on the specification; the
adapter's ``hello`` lists the game; an adapter serving only Duck Soup has the Doubleduck traces
skipped, with the reason, and keeps passing its own.
"""

from __future__ import annotations

import sys

from click.testing import CliRunner

from duckcheck.compare import Outcome
from duckcheck.games import game
from duckcheck.protocol import check_message
from duckcheck.runner import run, select
from duckcheck.trace import load_suite
from ducksoup.adapter import Session
from ducksoup.cli import main
from ducksoup.games import reference
from tests.doubleduck.traces import load_traces

SPEC = [sys.executable, "-m", "ducksoup", "adapter", "--spec"]


def test_the_registry_entries_state_the_games_facts() -> None:
    suite = game("doubleduck")
    assert (suite.title, suite.designer, suite.family_order, suite.trace_prefix) == (
        "Doubleduck",
        "David Parlett",
        2,
        "dd-",
    )
    assert suite.players == (4,) and suite.scopes == ("deal", "game")
    assert list(suite.sections) == ["§1", "§2", "§4", "§5", "§6", "§7", "§8"]
    assert list(suite.error_sections)[:2] == ["game-over", "deal-over"]
    assert suite.describe_action({"player": 1, "play": "JH", "call": "quack"}) == "player 1 plays JH calling quack"
    entry = reference("doubleduck")
    assert entry.suite is suite and set(entry.bot_classes()) == {"random", "greedy", "strong"}
    assert [example.check()[0] for example in entry.worked_examples()] == [True] * 4
    assert entry.command("play") is not None and entry.command("simulate") is not None


def test_check_passes_every_doubleduck_trace_on_the_engine() -> None:
    result = CliRunner().invoke(main, ["check", "--game", "doubleduck"])
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines()[-1] == f"{len(load_traces())} passed, 0 failed, 0 skipped"


def test_the_specification_passes_every_doubleduck_trace() -> None:
    summary = run(SPEC, load_traces())
    assert summary.count(Outcome.PASSED) == len(load_traces()), summary.closing_line()
    assert summary.implementation["name"] == "ducksoup-spec"


def test_hello_lists_doubleduck_with_its_scopes_and_options() -> None:
    reply = check_message(Session().handle({"cmd": "hello", "protocol": 1}) or {}, "hello-reply")
    assert list(reply["games"])[:2] == ["duck-soup", "doubleduck"]  # in family order, other games after
    assert reply["games"]["doubleduck"] == {
        "scopes": ["deal", "game"],
        "options": {"draw": ["winner-first", "as-played"]},
    }


def test_the_adapters_replies_meet_the_games_schema() -> None:
    session = Session()
    trace = load_traces()[0]
    start = {"cmd": "start", "seq": 1, "trace": trace["id"]}
    start |= {key: trace[key] for key in ("game", "scope", "options", "players", "dealer", "decks")}
    check_message(start, "start-request")
    reply = check_message(session.handle(start) or {}, "start-reply", "doubleduck")
    assert reply["state"] == trace["initial"]
    for seq, step in enumerate(trace["steps"], 2):
        reply = check_message(session.handle({"cmd": "act", "seq": seq, "action": step["action"]}) or {}, "act-reply")
        check_message(reply, "act-reply", "doubleduck")
        assert reply["accepted"] == ("state" in step) and reply["state"] == step.get("state", reply["state"])


def test_a_bad_start_gets_one_line() -> None:
    trace = load_traces()[0]
    start = {"cmd": "start", "seq": 1, "game": "doubleduck", "scope": "deal", "options": {}, "players": 3}
    reply = Session().handle({**start, "dealer": 0, "decks": trace["decks"]}) or {}
    assert reply == {"seq": 1, "errored": "players: Doubleduck is a game for 4, not 3"}
    reply = Session().handle({**start, "players": 4, "dealer": 0, "decks": ["AS" * 104]}) or {}
    assert "errored" in reply and "\n" not in reply["errored"] and "missing" in reply["errored"]


def test_an_adapter_serving_only_duck_soup_skips_the_doubleduck_traces() -> None:
    suite = load_suite()
    chosen = [*select(suite, ["dd-edge-notes"]), *select(suite, ["ds-edge-duck-soup"])]
    summary = run([sys.executable, "-m", "ducksoup", "adapter", "--game", "duck-soup"], chosen)
    outcomes = {result.trace: result for result in summary.results}
    skipped = [result for trace, result in outcomes.items() if trace.startswith("dd-")]
    assert len(skipped) == 3 and all(result.outcome is Outcome.SKIPPED for result in skipped)
    assert all("game doubleduck not supported" in result.reason for result in skipped)
    assert all(result.outcome is Outcome.PASSED for trace, result in outcomes.items() if trace.startswith("ds-"))


def test_a_failure_names_the_sections_behind_it() -> None:
    sections = game("doubleduck").failure_sections
    before = {"table": "9S9H2S", "course": "duck"}
    assert sections(["state.piles[1][0]: expected 1, got 0"], {"player": 3, "play": "KS"}, None, before) == (
        "§1",
        "§4",
    )
    assert sections(["state.keepers[0][1]: expected 2, got 0"], None, None, {"course": "soup"}) == ("§5",)
    assert sections([], {"player": 1, "play": "JH", "call": "quack"}, "quack-count-mismatch", before) == ("§4",)
    assert sections(["views[2].face_up: not expected (got 'AS')"], None, None, before) == ("§2",)
    assert sections(["state.totals[0]: expected 1000, got 990"], None, None, before) == ("§7",)
