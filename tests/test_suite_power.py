"""Every fault that moves a threshold of the rules by one is rejected by at least two traces, in every game that
names its threshold faults (``THRESHOLDS`` in ``tests/faulty/<game>.py``).

One trace pinning a line is one edit away from a fault that passes; two, in different situations (another deal,
side, scope or rule option), are the minimum. The count over the whole suite, for every fault, is printed by
``nox -s suite-power`` (:mod:`tests.suite_power`); here the run stops at the second rejecting trace, the traces
aimed at the rules (edge cases, assembled games) first, so that it stays short.
"""

from __future__ import annotations

from typing import Any

import pytest

from duckcheck.games import games
from tests.suite_power import MINIMUM, rejecting, thresholds, traces_of

THRESHOLD_FAULTS = [(game.id, game.package, fault) for game in games() for fault in thresholds(game.package)]


def aimed_first(trace: dict[str, Any]) -> int:
    """Edge cases and assembled games first, then the other games and matches, then the bots' deals."""
    if {"edge-case", "assembled"} & set(trace["tags"]):
        return 0
    return 1 if trace["scope"] != "deal" else 2


def test_the_games_with_faulty_implementations_name_their_threshold_faults() -> None:
    named = {game for game, _, _ in THRESHOLD_FAULTS}
    assert {"duck-soup", "doubleduck"} <= named


@pytest.mark.parametrize(
    ("game", "package", "fault"), THRESHOLD_FAULTS, ids=[f"{game}:{fault}" for game, _, fault in THRESHOLD_FAULTS]
)
def test_each_threshold_fault_fails_at_least_two_traces(game: str, package: str, fault: str) -> None:
    traces = sorted(traces_of(game), key=aimed_first)
    found = rejecting(package, fault, traces, enough=MINIMUM)
    assert len(found) >= MINIMUM, f"{fault} is rejected only by {found or 'no trace'}"
