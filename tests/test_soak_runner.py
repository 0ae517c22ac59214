"""The runner against randomly misbehaving adapters (``tests/misbehaving/soak.py``).

A few rounds run with the other tests; ``nox -s soak-runner`` runs rounds for minutes
(``DUCKSOUP_SOAK_SECONDS``, default 180; ``DUCKSOUP_SOAK_SEED`` picks the rounds).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.misbehaving.soak import soak


def test_a_few_rounds_of_the_soak(tmp_path: Path) -> None:
    tally = soak(0, seed=2, folder=tmp_path, rounds=4)
    assert tally.rounds == 4 and tally.starts >= 4


@pytest.mark.skipif("DUCKSOUP_SOAK_SECONDS" not in os.environ, reason="the long soak runs in nox -s soak-runner")
def test_the_runner_survives_minutes_of_misbehaving_adapters(tmp_path: Path) -> None:
    seconds = float(os.environ["DUCKSOUP_SOAK_SECONDS"])
    tally = soak(seconds, seed=int(os.environ.get("DUCKSOUP_SOAK_SEED", "1")), folder=tmp_path)
    print(json.dumps(tally.summary(), indent=1))
    assert tally.rounds >= 10 and tally.signals >= 1
