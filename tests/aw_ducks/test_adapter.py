"""Aw Ducks! through the adapter protocol: the reference serves it on the engine and on the spec, says so in its
handshake, refuses a bad setup in one line, and an adapter that serves Duck Soup alone keeps passing."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from duckcheck.compare import Outcome
from duckcheck.protocol import check_message
from duckcheck.runner import RunOptions, run, select
from duckcheck.trace import load_suite
from ducksoup.adapter import Session
from duckspec.aw_ducks import GAME_ID

REFERENCE = [sys.executable, "-m", "ducksoup", "adapter"]
TRACES = [trace for trace in load_suite() if trace["game"] == GAME_ID]
SAMPLE = select(TRACES, ["ad-edge", "ad-negative", "ad-game-2p-greedy-01", "ad-round-4p-random-01"])


def test_the_handshake_lists_aw_ducks_with_its_scopes_and_options() -> None:
    hello = check_message(Session().handle({"cmd": "hello", "protocol": 1}), "hello-reply")
    entry = hello["games"][GAME_ID]
    assert entry["scopes"] == ["round", "game"]
    assert entry["options"]["target"][:3] == ["suggested", 50, 100]


@pytest.mark.parametrize("backend", [[], ["--spec"]], ids=["engine", "spec"])
def test_the_reference_passes_every_hand_made_trace_and_a_sample_of_the_others(backend: list[str]) -> None:
    summary = run([*REFERENCE, *backend, "--game", GAME_ID], SAMPLE, RunOptions())
    assert summary.count(Outcome.PASSED) == len(SAMPLE), summary.closing_line()


def test_an_adapter_serving_duck_soup_alone_skips_aw_ducks_with_the_reason() -> None:
    chosen = [*SAMPLE[:3], *select(load_suite(), ["ds-edge-duck-soup"])]
    summary = run([*REFERENCE, "--game", "duck-soup"], chosen, RunOptions())
    outcomes = {result.trace: result for result in summary.results}
    assert all(outcomes[trace["id"]].outcome is Outcome.SKIPPED for trace in SAMPLE[:3])
    assert "game aw-ducks not supported" in outcomes[SAMPLE[0]["id"]].reason
    assert summary.failed == 0 and summary.count(Outcome.PASSED) >= 1


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"players": 5}, "players: Aw Ducks! is a game for 2, 3 or 4"),
        ({"dealer": 2}, "player from 0 to 1"),
        ({"scope": "deal"}, "scope: 'deal' is not one of round, game"),
        ({"options": {"target": 120}}, "options: option 'target' cannot be 120"),
        ({"decks": ["3R"]}, "a deck lists the 96 cards"),
        ({"decks": []}, "at least one deck is needed"),
    ],
)
def test_a_bad_start_gets_one_line_saying_what_is_wrong(change: dict[str, Any], words: str) -> None:
    trace = next(trace for trace in TRACES if trace["players"] == 2 and trace["scope"] == "round")
    request = {"cmd": "start", "seq": 1, **{k: trace[k] for k in ("game", "scope", "options", "players", "dealer")}}
    request["decks"] = trace["decks"]
    for backend in ("engine", "spec"):
        reply = Session(backend).handle({**request, **change})
        assert reply is not None and words in reply["errored"] and "\n" not in reply["errored"], reply


def test_a_bad_action_is_an_error_and_an_illegal_one_changes_nothing() -> None:
    trace = next(trace for trace in TRACES if trace["players"] == 3 and trace["scope"] == "round")
    start = {"cmd": "start", "seq": 1, **{k: trace[k] for k in ("game", "scope", "options", "players", "dealer")}}
    session = Session()
    first = session.handle({**start, "decks": trace["decks"]})
    assert first is not None and first["state"] == trace["initial"]
    garbage = session.handle({"cmd": "act", "seq": 2, "action": {"player": 0, "turn": "pass"}})
    assert garbage is not None and "'turn' must be one of draw, score, discard" in garbage["errored"]
    other = (trace["dealer"] + 1) % 3
    refused = session.handle({"cmd": "act", "seq": 3, "action": {"player": other, "turn": "draw"}})
    assert refused is not None and refused["accepted"] is False and refused["error"] == "not-your-turn"
    assert refused["state"] == trace["initial"] and refused["views"] == first["views"]


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ({"player": True, "turn": "draw"}, "an integer 'player'"),
        ({"player": 0, "turn": "discard", "card": 5}, "'card' must be one card"),
        ({"player": 0, "turn": "discard", "card": "AC"}, "'AC' is not a card"),
        ({"player": 0, "turn": "score", "card": "3R"}, "exactly the keys"),
        ("draw", "an integer 'player'"),
    ],
)
def test_a_malformed_action_is_errored_on_both_backends_and_the_trace_goes_on(action: object, words: str) -> None:
    """Over the protocol a malformed action is no turn at all (the Python API's ``TypeError``): the reply is
    ``errored`` saying what is wrong, and the next action is played from the state as it was."""
    trace = next(trace for trace in TRACES if trace["players"] == 2 and trace["scope"] == "round")
    start = {"cmd": "start", "seq": 1, **{k: trace[k] for k in ("game", "scope", "options", "players", "dealer")}}
    for backend in ("engine", "spec"):
        session = Session(backend)
        session.handle({**start, "decks": trace["decks"]})
        reply = session.handle({"cmd": "act", "seq": 2, "action": action})
        assert reply is not None and words in reply["errored"] and "\n" not in reply["errored"], reply
        step = trace["steps"][0]
        after = session.handle({"cmd": "act", "seq": 3, "action": step["action"]})
        assert after is not None and after["accepted"] is True and after["state"] == step["state"]
