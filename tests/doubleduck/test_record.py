"""Doubleduck records: read, written, refused with their line and column, turned into traces and back, and told.

The round trips of suite traces (a whole record, and one player's) run on a sample chosen by a
printed seed (``DUCKSOUP_RECORD_SEED`` replays one), every kind of trace in it; under the soak
profile (``nox -s soak``) on the whole suite.
"""

from __future__ import annotations

import doctest
import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import ducksoup.doubleduck.record
from duckcheck.doubleduck.encoding import parse_action, parse_options
from duckcheck.strict import same
from ducksoup.cli import main
from ducksoup.doubleduck.engine import Deal, Game
from ducksoup.doubleduck.record import (
    EXAMPLE,
    RecordError,
    format_record,
    infer_decks,
    parse_record,
    record_to_trace,
    trace_to_record,
    write_record,
)
from ducksoup.doubleduck.record_grammar import read_call
from ducksoup.records import MAX_RECORD
from duckspec.cards import parse_card
from tests.doubleduck.traces import load_traces

JSON = dict[str, Any]
SOAK = os.environ.get("HYPOTHESIS_PROFILE") == "soak"
SEED = int(os.environ.get("DUCKSOUP_RECORD_SEED", random.randrange(1 << 30)))
DOCS = Path(__file__).resolve().parents[2] / "docs" / "doubleduck"
SUITE = {trace["id"]: trace for trace in load_traces()}


def kind_of(trace_id: str) -> str:
    """The kind of a suite trace, for sampling: edge, negative, game, or a deal by its bots and draw option."""
    parts = trace_id.split("-")
    if parts[1] in ("edge", "negative", "game"):
        return parts[1] + ("-as-played" if "as-played" in trace_id else "")
    return "-".join(parts[1:3]) + ("-as-played" if "as-played" in trace_id else "")


def sample(size: int) -> list[str]:
    """Every trace in soak; else ``size`` of each kind, chosen by the printed seed."""
    if SOAK:
        return sorted(SUITE)
    print(f"record sample seed {SEED} (DUCKSOUP_RECORD_SEED={SEED} replays it)")
    rng = random.Random(SEED)
    kinds: dict[str, list[str]] = {}
    for name in sorted(SUITE):
        kinds.setdefault(kind_of(name), []).append(name)
    return [name for names in kinds.values() for name in rng.sample(names, min(size, len(names)))]


def accepted(trace: JSON) -> list[JSON]:
    return [step for step in trace["steps"] if "state" in step]


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


def expected_states(trace: JSON) -> list[JSON]:
    return [step["state"] for step in accepted(trace)]


# The format


def test_the_modules_examples_run() -> None:
    assert doctest.testmod(ducksoup.doubleduck.record).failed == 0


def test_a_record_is_read_as_written() -> None:
    record = parse_record(EXAMPLE)
    assert record.players == ("Anna", "Ben", "Cleo", "Dan") and record.dealer == 3
    deal = record.deals[0]
    assert deal.hands[2][:3] == ("AC", "QC", "6D") and deal.hands[0] == ()
    assert [str(move) for move in deal.tricks[3].moves] == ["3H", "AH", "3D quack", "8C"]
    assert deal.tricks[0].drawn == (None, None, "TH")
    assert record.tags == () and record.draw == "winner-first" and record.scope == "deal"


@pytest.mark.parametrize(
    ("words", "call"),
    [
        ("quack", "quack"),
        ("Quack-Quack!", "quack-quack"),
        ("quack_quack_quack", "quack-quack-quack"),
        ("DOUBLEDUCK", "doubleduck"),
        ("double-duck!", "doubleduck"),
        ("quackquackquackquack", None),
        ("quacks", None),
        ("duck", None),
    ],
)
def test_calls_are_read_in_their_spellings(words: str, call: str | None) -> None:
    assert read_call(words) == call


@pytest.mark.parametrize(
    ("written", "moves"),
    [
        ("JS js DOUBLE DUCK 10h j♣ Quack-Quack-Quack!", ["JS", "JS doubleduck", "TH", "JC quack-quack-quack"]),
        ("3H AH 3D quack quack 8C", ["3H", "AH", "3D quack-quack", "8C"]),
        ("3h,a♥,3♦ Quack,8c", ["3H", "AH", "3D quack", "8C"]),
    ],
)
def test_a_trick_is_read_in_any_case_with_symbols_and_split_calls(written: str, moves: list[str]) -> None:
    record = parse_record('[Dealer "3"]\n' + written + "\n")
    assert [str(move) for move in record.deals[0].tricks[0].moves] == moves


def test_a_written_record_reads_back_the_same() -> None:
    record = trace_to_record(SUITE["dd-game-four-deals"])
    assert parse_record(format_record(record)) == record
    one = trace_to_record(SUITE["dd-game-four-deals"], 2)
    assert parse_record(format_record(one)) == one
    assert all(hand == () for deal in one.deals for seat, hand in enumerate(deal.hands) if seat != 2)


GOOD = '[Players "Anna, Ben, Cleo, Dan"]\n[Dealer "Dan"]\nCleo: AC QC\n1. 5S 2C 7H 3C +? +? +TH\n'


@pytest.mark.parametrize(
    ("old", "new", "line", "column", "message"),
    [
        ("5S 2C", "5S ZZ", 4, 7, "'ZZ' is not a card: write the rank then the suit"),
        ("7H 3C", "7H quack-quack-quack-quack", 4, 13, "is not a card or a call"),
        ("1. 5S", "2. 5S", 4, 1, "this is trick 1 of the deal, not 2"),
        ("1. 5S", "quack 5S", 4, 1, "a call is written after the card it is said with"),
        ("+TH", "+TH +? +5D", 4, 29, "four cards at most are drawn after a trick"),
        ("+TH", "+ZZ", 4, 22, "'+ZZ' is not a drawn card"),
        ('[Dealer "Dan"]', '[Dealer "Zed"]', 2, 1, "[Dealer] 'Zed' is not a player"),
        ('[Dealer "Dan"]', '[Dealer "Dan"]\n[Scope "match"]', 3, 1, "[Scope] cannot be 'match'"),
        ('[Dealer "Dan"]', '[Dealer "Dan"]\n[Game "duck-soup"]', 3, 1, "this is a reader of Doubleduck records"),
        ('[Dealer "Dan"]', '[Dealer "Dan"]\n[Format "2"]', 3, 1, "is not a version of this record format"),
        ("Cleo: AC QC", "Cleo: AC QC\nCleo: 2C", 4, 1, "Cleo's hand is already written at line 3"),
        ("Cleo: AC QC", "Zed: AC QC", 3, 1, "'Zed' is not a player"),
        ("+TH", '+TH\n[Event "late"]', 5, 1, "tag pairs make the header"),
        ("7H 3C", "7H ? 3C", 4, 13, "every card played is seen by all"),
        ("3C +?", "3C quack doubleduck +?", 4, 22, "3C is already called quack"),
        ('[Players "Anna, Ben, Cleo, Dan"]', '[Players "Anna, Ben, Cleo"]', 1, 1, "names the four players"),
        ('[Dealer "Dan"]', '[Dealer "Dan"]\n[Sides "Anna, Ben v Cleo, Dan"]', 3, 1, "partners sit opposite"),
        ("+TH\n", "+TH\nDeal 2\n", 5, 1, "a record of one deal holds one deal"),
    ],
)
def test_mistakes_are_reported_with_line_column_and_what_was_expected(
    old: str, new: str, line: int, column: int, message: str
) -> None:
    assert old in GOOD
    with pytest.raises(RecordError) as raised:
        parse_record(GOOD.replace(old, new, 1))
    assert (raised.value.line, raised.value.column) == (line, column), str(raised.value)
    assert message in raised.value.reason


def test_a_record_without_a_header_says_so() -> None:
    with pytest.raises(RecordError, match="line 1, column 1: a record begins with its header"):
        parse_record("5S 2C 7H 3C\n")


# Rules the record breaks: where, and which


@pytest.mark.parametrize(
    ("old", "new", "line", "rule", "message"),
    [
        ("3H AH 3D quack 8C", "3H AH 3D quack-quack 8C", 11, "DD-R04", "quack-count-mismatch"),
        ("3H AH 3D quack 8C", "3H AH 3D doubleduck 8C", 11, "DD-R05", "not-the-duplicate"),
        ("3H AH 3D quack 8C", "3H AH quack 3D 8C", 11, "DD-R05", "call-rank-mismatch"),
        ("5S 2C 7H 3C", "5S quack 2C 7H 3C", 8, "DD-R05", "call-not-allowed"),
        ("5S 2C 7H 3C", "5S 2C 2C 3C", 8, "§4", "card-not-in-hand"),
        ("+? +? +TH ", "+? +? +4H ", 8, "§1", "two packs hold each card twice"),
        ("9S 4C 7S 8D  +KS", "9S 4C 7S 8D  +KS +? +? +? +? ", 10, "§4", "four cards at most"),
    ],
)
def test_a_broken_rule_is_named_at_its_line(old: str, new: str, line: int, rule: str, message: str) -> None:
    assert old in EXAMPLE, old
    text = EXAMPLE.replace(old, new, 1)
    try:
        record = parse_record(text)
    except RecordError as error:  # the notation refuses some before any rule is consulted
        assert error.line == line and message in error.reason, str(error)
        return
    with pytest.raises(RecordError) as raised:
        infer_decks(record)
    assert (raised.value.line, raised.value.rule) == (line, rule), str(raised.value)
    assert message in raised.value.reason
    stopped = infer_decks(record, until_broken=True)
    assert stopped.broken is not None and stopped.broken.line == line


def test_a_wrong_score_is_given_with_the_right_one_and_the_rule() -> None:
    text = write_record(SUITE["dd-deal-greedy-002"], 1)
    right = text.rstrip().splitlines()[-1]
    first, second = right.split("-")
    wrong = f"{int(first) + 1}-{second}"
    with pytest.raises(RecordError) as raised:
        infer_decks(parse_record(text.replace(right, wrong)))
    assert raised.value.rule == "§6" and f"the scores are {right} " in raised.value.reason
    assert f"not {wrong}" in raised.value.reason


def test_a_score_before_the_deal_is_over_is_refused() -> None:
    with pytest.raises(RecordError, match=r"line 12, column 1: the deal is not over.*\(§5, §6\)"):
        infer_decks(parse_record(EXAMPLE + "0-0\n"))


def test_a_deal_after_the_game_is_won_is_refused() -> None:
    text = write_record(SUITE["dd-game-first-deal-1000"], None) + "\nDeal 2\n1. AC\n"
    record = parse_record(text)
    inference = infer_decks(record, until_broken=True)
    assert inference.broken is not None and inference.broken.rule == "DD-R16"
    assert "the game was won in deal 1" in inference.broken.reason


# Suite traces: a whole record and one player's


@pytest.mark.parametrize("name", sample(1))
def test_a_trace_to_its_whole_record_and_back_replays_to_the_same_states(name: str) -> None:
    original = SUITE[name]
    record = parse_record(write_record(original, None))
    inference = infer_decks(record)
    assert same(expected_states(original), engine_states(original, inference.decks)), name


@pytest.mark.parametrize("name", sample(1) if SOAK else ["dd-edge-as-played-draw"])
def test_a_whole_record_converts_to_a_trace_with_the_same_states_and_outcome(name: str) -> None:
    """The trace itself (written and validated, the costly part: one trace by default, the doctest another)."""
    original = SUITE[name]
    trace = record_to_trace(parse_record(write_record(original, None)), name, original["description"])
    assert same(expected_states(original), [step["state"] for step in trace["steps"]]), name
    assert same(original["final"], trace["final"]) and trace["options"] == original["options"]


@pytest.mark.parametrize("name", sample(1))
def test_one_players_record_reproduces_every_fact_written(name: str) -> None:
    """Only what the player saw is written; the game inferred from it has the same plays, tables, calls, piles,
    keepers, tricks, scores and outcome, and the player's own hand at every step."""
    original = SUITE[name]
    seat = random.Random(f"{SEED}-{name}").randrange(4)
    text = write_record(original, seat)
    record = parse_record(text)
    assert all(hand == () for deal in record.deals for other, hand in enumerate(deal.hands) if other != seat)
    inference = infer_decks(record)
    for expected, got in zip(expected_states(original), engine_states(original, inference.decks), strict=True):
        expected, got = dict(expected), dict(got)
        assert expected.pop("hands")[seat] == got.pop("hands")[seat], name
        assert same(expected, got), name
