"""The boundaries of §9 in the suite: each occurs in at least two traces, in different situations, and each
trace of a boundary alone rejects the implementation that puts the line one point off.

A boundary is found by playing a trace on the specification and reading the games' results, not by the
trace's tags, so that the count is of what the traces really do.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from duckcheck.codec import parse_cards_text
from duckcheck.compare import Outcome
from duckcheck.duck_soup.encoding import parse_action, parse_options
from duckcheck.duck_soup.oracle import Scope, Table
from duckcheck.runner import RunOptions, run
from duckcheck.trace import load_suite
from duckspec.duck_soup import GAME_ID
from duckspec.duck_soup.game import MatchState
from duckspec.duck_soup.winning import GameEnd, GameResult

ROOT = Path(__file__).resolve().parents[2]
FAULTY = [sys.executable, str(ROOT / "tests" / "faulty" / "duck_soup.py")]
JSON = dict[str, Any]


@cache
def games_and_matches() -> tuple[JSON, ...]:
    return tuple(trace for trace in load_suite() if trace["game"] == GAME_ID and trace["scope"] != "deal")


def results(trace: JSON) -> list[tuple[GameResult, tuple[int, int]]]:
    """Every game result of ``trace``, with the scores of the deal that decided it, played on the specification."""
    decks = tuple(parse_cards_text(deck) for deck in trace["decks"])
    table = Table.start(Scope(trace["scope"]), parse_options(trace["options"]), trace["dealer"], decks)
    found = []
    for step in trace["steps"]:
        if "state" not in step:
            continue
        before = table
        table = table.apply(parse_action(step["action"]))
        assert isinstance(before.state, MatchState) and isinstance(table.state, MatchState)
        if len(table.state.results) > len(before.state.results):
            assert table.finished is not None
            found.append((table.state.results[-1], table.finished.scores()))
    return found


def exact_250(result: GameResult, scores: tuple[int, int]) -> bool:
    """A total of exactly 250, reached in a later deal, ends the game on the 250 rule."""
    return result.end is GameEnd.TARGET and result.totals[result.winner] == 250


def deal_of_125(result: GameResult, scores: tuple[int, int]) -> bool:
    """A deal of exactly 125 wins the game in the pond."""
    return result.end is GameEnd.POND and scores[result.winner] == 125


def loser_on(total: int) -> Callable[[GameResult, tuple[int, int]], bool]:
    def on(result: GameResult, scores: tuple[int, int]) -> bool:
        return result.totals[result.loser] == total

    on.__doc__ = f"The loser ends the game on exactly {total}."
    return on


BOUNDARIES: dict[str, tuple[Callable[[GameResult, tuple[int, int]], bool], str]] = {
    "total-exactly-250": (exact_250, "target-above-250"),
    "deal-of-125": (deal_of_125, "pond-at-126"),
    "loser-on-124": (loser_on(124), "in-the-soup-under-124"),
    "loser-on-125": (loser_on(125), "in-the-soup-at-125"),
}
"""Each boundary of §9 that can occur, and the fault that moves its line by one point."""


@cache
def traces_of(boundary: str) -> tuple[JSON, ...]:
    test = BOUNDARIES[boundary][0]
    return tuple(trace for trace in games_and_matches() if any(test(*found) for found in results(trace)))


def situation(trace: JSON) -> tuple[str, str]:
    return trace["scope"], trace["options"]["stock"]


@pytest.mark.ruling("DS-R14")
@pytest.mark.parametrize("boundary", sorted(BOUNDARIES))
def test_each_boundary_occurs_twice_in_different_situations(boundary: str) -> None:
    traces = traces_of(boundary)
    assert len(traces) >= 2, f"{boundary}: {[trace['id'] for trace in traces]}"
    situations = {situation(trace) for trace in traces}
    assert len(situations) >= 2, f"{boundary}: every trace plays {situations}"
    assert {scope for scope, _ in situations} == {"game", "match"}
    assert {stock for _, stock in situations} == {"face-up", "hidden"}


@pytest.mark.ruling("DS-R14")
@pytest.mark.parametrize(
    ("boundary", "trace_id"),
    [
        pytest.param("total-exactly-250", "ds-game-target-exactly-250"),
        pytest.param("total-exactly-250", "ds-match-target-exactly-250"),
        pytest.param("deal-of-125", "ds-game-pond-at-125"),
        pytest.param("deal-of-125", "ds-match-pond-at-125"),
        pytest.param("loser-on-124", "ds-game-loser-at-124"),
        pytest.param("loser-on-124", "ds-match-loser-at-124"),
        pytest.param("loser-on-125", "ds-game-loser-at-125"),
        pytest.param("loser-on-125", "ds-match-loser-at-125"),
    ],
)
def test_each_boundary_trace_alone_rejects_the_line_one_point_off(boundary: str, trace_id: str) -> None:
    trace = next(trace for trace in traces_of(boundary) if trace["id"] == trace_id)
    fault = BOUNDARIES[boundary][1]
    summary = run([*FAULTY, fault], [trace], RunOptions())
    assert [result.outcome for result in summary.results] == [Outcome.FAILED], f"{fault} passes {trace_id}"
