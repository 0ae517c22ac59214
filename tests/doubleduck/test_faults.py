"""The Doubleduck traces' power: every deliberately wrong implementation of ``tests/faulty/doubleduck.py`` fails them.

Each fault breaks one rule of the text or takes one ruling's other reading; the traces are replayed
in process against the patched engine or specification (:func:`duckcheck.doubleduck.replay.check_trace`)
until one fails. Every alternative reading in the rulings register names a fault, so this shows that
the traces pin every ruling, not only the reading chosen. (The runner-based test, over the adapter
protocol, comes with the registry integration.)
"""

from __future__ import annotations

import re

import pytest

from duckcheck.doubleduck.replay import first_failure
from ducksoup.doubleduck.backends import BACKENDS
from duckspec.rulings import load_rulings
from tests.doubleduck.traces import load_traces
from tests.faulty.doubleduck import FAULTS

RULE = re.compile(r"§\d+|DD-R\d\d")
RULINGS = load_rulings("doubleduck")


def test_there_are_many_faults_each_naming_the_rule_it_breaks() -> None:
    assert len(FAULTS) >= 20
    unnamed = [name for name, fault in FAULTS.items() if not RULE.search(fault.rule)]
    assert not unnamed, f"faults whose docstring names no section (§N) or ruling (DD-Rnn): {unnamed}"


def test_every_alternative_of_every_ruling_is_a_fault_citing_the_ruling() -> None:
    for ruling in RULINGS:
        assert ruling.alternatives, f"{ruling.id} lists no alternative reading"
        for alternative in ruling.alternatives:
            assert alternative.fault in FAULTS, f"{ruling.id}: no faulty implementation {alternative.fault!r}"
            assert ruling.id in FAULTS[alternative.fault].rule, f"{alternative.fault} does not cite {ruling.id}"


@pytest.mark.parametrize("backend", sorted(BACKENDS))
def test_the_bundled_implementations_pass_every_trace(backend: str) -> None:
    assert first_failure(load_traces(), BACKENDS[backend]) is None


@pytest.mark.parametrize("name", list(FAULTS))
def test_the_traces_catch_the_fault(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fault = FAULTS[name]
    fault.patch(monkeypatch)
    failure = first_failure(load_traces(), BACKENDS[fault.backend])
    assert failure is not None, f"no Doubleduck trace catches {name} ({fault.rule})"
