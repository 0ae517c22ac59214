"""Every fault that moves a threshold of the rules by one is rejected by at least two traces, in every game that
names its threshold faults (``THRESHOLDS`` in ``tests/faulty/<game>.py``, each fault with the traces that pin
its line).

One trace pinning a line is one edit away from a fault that passes; two, in different situations (another deal,
side, scope or rule option), are the minimum. Here each fault runs against the traces named for it, which must
all reject it, so that the test stays short; ``nox -s suite-power`` (:mod:`tests.suite_power`) counts the
rejecting traces over the whole suite, for every fault.
"""

from __future__ import annotations

import pytest

from duckcheck.games import games
from tests.suite_power import MINIMUM, pinning_traces, rejecting, traces_of

PINNED = [
    (game.id, game.package, fault, traces) for game in games() for fault, traces in pinning_traces(game.package).items()
]


def test_duck_soup_and_doubleduck_name_their_threshold_faults() -> None:
    named = {game for game, _, _, _ in PINNED}
    assert {"duck-soup", "doubleduck"} <= named


@pytest.mark.parametrize(
    ("game", "package", "fault", "named"), PINNED, ids=[f"{game}:{fault}" for game, _, fault, _ in PINNED]
)
def test_each_threshold_fault_fails_at_least_two_traces(
    game: str, package: str, fault: str, named: tuple[str, ...]
) -> None:
    assert len(set(named)) >= MINIMUM, f"{fault}: name {MINIMUM} traces or more"
    traces = traces_of(game, named)
    assert len(traces) == len(named), f"{fault}: no trace {sorted(set(named) - {t['id'] for t in traces})}"
    assert rejecting(package, fault, traces) == [trace["id"] for trace in traces], f"{fault} passes one of {named}"
