"""Both implementations play every committed Aw Ducks! trace exactly: the spec's oracle and the engine."""

from __future__ import annotations

import pytest

from tests.aw_ducks.replay import Backend, replay
from tests.aw_ducks.suite import load


@pytest.mark.parametrize("backend", ["spec", "engine"])
def test_every_trace_passes(backend: Backend) -> None:
    failures = [problem for trace in load() if (problem := replay(trace, backend))]
    assert failures == []
