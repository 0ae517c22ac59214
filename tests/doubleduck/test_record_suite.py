"""Doubleduck's records of the whole suite: every trace written as a record and read back, and random edits.

In the tests session a sample: one trace of each kind, and a few edits, chosen by a printed seed
(``DUCKSOUP_RECORD_SEED=N`` repeats it); in the soak session (``HYPOTHESIS_PROFILE=soak``, which runs
this file by its name) every trace, and 500 edits, with the share of refusals that name the line
edited printed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from duckcheck.doubleduck.encoding import parse_action, parse_options
from duckcheck.strict import same
from ducksoup.doubleduck.engine import Deal, Game
from ducksoup.doubleduck.record import infer_decks, parse_record, record_to_trace, write_record
from duckspec.cards import parse_card
from duckspec.doubleduck import deal as spec_deal
from duckspec.doubleduck import game as spec_game
from tests.doubleduck.record_edits import KINDS, Edit, edit
from tests.doubleduck.traces import load_traces
from tests.record_samples import REPEAT, SEED, SOAK, Sample, refusals, tally_edits

JSON = dict[str, Any]
SUITE = {trace["id"]: trace for trace in load_traces()}
SAMPLE = Sample(SUITE)


def accepted(trace: JSON) -> list[JSON]:
    return [step for step in trace["steps"] if "state" in step]


def expected_states(trace: JSON) -> list[JSON]:
    return [step["state"] for step in accepted(trace)]


def engine_states(trace: JSON, decks: tuple[str, ...]) -> list[JSON]:
    """The states after each of ``trace``'s accepted actions, played on the engine from ``decks`` (the inferred
    ones): the trace's own replay, without the cost of writing and validating a trace."""
    cards = [[parse_card(deck[i : i + 2]) for i in range(0, len(deck), 2)] for deck in decks]
    options = parse_options(trace["options"])
    play = (
        Deal(cards[0], trace["dealer"], options) if trace["scope"] == "deal" else Game(cards, trace["dealer"], options)
    )
    states = []
    for step in accepted(trace):
        play.apply(parse_action(step["action"]))
        states.append(play.state())
    return states


# Records to traces, and back


@pytest.mark.parametrize("group", SAMPLE.names())
def test_a_trace_to_its_whole_record_and_back_replays_to_the_same_states(group: str) -> None:
    name = SAMPLE.chosen(group)
    original = SUITE[name]
    inference = infer_decks(parse_record(write_record(original, None)))
    assert same(expected_states(original), engine_states(original, inference.decks)), (name, REPEAT)


@pytest.mark.parametrize("group", SAMPLE.names() if SOAK else ["dd-edge"])
def test_a_whole_record_converts_to_a_trace_with_the_same_states_and_outcome(group: str) -> None:
    """The trace itself (written and validated, the costly part: one group by default, the module's doctest
    another)."""
    name = SAMPLE.chosen(group)
    original = SUITE[name]
    trace = record_to_trace(parse_record(write_record(original, None)), name, original["description"])
    assert same(expected_states(original), [step["state"] for step in trace["steps"]]), (name, REPEAT)
    assert same(original["final"], trace["final"]) and trace["options"] == original["options"], (name, REPEAT)


@pytest.mark.parametrize("group", SAMPLE.names())
def test_one_players_record_reproduces_every_fact_written(group: str) -> None:
    """Only what the player saw is written; the game inferred from it has the same plays, tables, calls, piles,
    keepers, tricks, scores and outcome, and the player's own hand at every step."""
    name = SAMPLE.chosen(group)
    original = SUITE[name]
    seat = random.Random(f"{SEED}:{name}").randrange(4)
    record = parse_record(write_record(original, seat))
    assert all(hand == () for deal in record.deals for other, hand in enumerate(deal.hands) if other != seat)
    inference = infer_decks(record)
    for expected, got in zip(expected_states(original), engine_states(original, inference.decks), strict=True):
        expected, got = dict(expected), dict(got)
        assert expected.pop("hands")[seat] == got.pop("hands")[seat], (name, REPEAT)
        assert same(expected, got), (name, REPEAT)


# Random edits: each a legal game or refused at the first line the game cannot be


def play_on_the_spec(record_text: str) -> None:
    """Play the game inferred from the record on the specification; its ``IllegalAction`` fails the test."""
    record = parse_record(record_text)
    inference = infer_decks(record)
    decks = [[parse_card(deck[i : i + 2]) for i in range(0, len(deck), 2)] for deck in inference.decks]
    actions = [action for deal in inference.actions for action in deal]
    if record.scope == "deal":
        state: Any = spec_deal.new_deal(decks[0], record.dealer, record.options)
        for action in actions:
            state = spec_deal.apply(state, action)
    else:
        state = spec_game.new_game(decks, record.dealer, record.options)
        for action in actions:
            state = spec_game.apply(state, action)


def breach_line(text: str) -> int | None:
    inference = infer_decks(parse_record(text), until_broken=True)
    return None if inference.broken is None else inference.broken.line


def check_edit(change: Edit, original: str) -> bool | None:
    """Whether the edited record is refused naming its own line (None: still a legal game, played on the spec).
    Fails the test when the edit changed more than its line, or the refusal is not at the first impossible line:
    the record cut before that line must be consistent, cut after it not."""
    before, after = original.splitlines(), change.text.splitlines()
    assert [a for i, a in enumerate(after) if i != change.line - 1] == [
        b for i, b in enumerate(before) if i != change.line - 1
    ], change
    assert after[change.line - 1] != before[change.line - 1], change
    line = breach_line(change.text)
    if line is None:
        play_on_the_spec(change.text)
        return None
    assert line >= change.line, (change, line, REPEAT)
    assert breach_line("\n".join(after[: line - 1]) + "\n") is None, (change, line, REPEAT)
    assert breach_line("\n".join(after[:line]) + "\n") == line, (change, line, REPEAT)
    return line == change.line


def test_random_edits_of_records_are_legal_games_or_refused_where_the_game_breaks() -> None:
    rng = random.Random(f"{SEED}:edits")
    traces = (
        sorted(SUITE)
        if SOAK
        else [SAMPLE.chosen(group) for group in SAMPLE.names() if SUITE[SAMPLE.chosen(group)]["scope"] == "deal"]
    )

    def make() -> tuple[str, Edit | None]:
        original = write_record(SUITE[rng.choice(traces)], rng.choice([None, None, 0, 1, 2, 3]))
        return original, edit(original, rng)

    outcomes = tally_edits(KINDS, 500 if SOAK else 24, make, check_edit)
    assert refusals(outcomes), (outcomes, REPEAT)
