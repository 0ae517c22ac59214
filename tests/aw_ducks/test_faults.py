"""The traces' power: every deliberately wrong Aw Ducks! implementation fails them, replayed in-process.

Each fault of ``tests/faulty/aw_ducks.py`` patches the spec or the engine (undone after the test),
and the committed traces are replayed against it until one diverges. A fault no trace catches is
a gap in the suite. Every alternative reading of a ruling is among the faults, so this also shows
that the suite pins every ruling. (The runner-based check through the adapter protocol comes with
the family's registry.)
"""

from __future__ import annotations

import re

import pytest

from duckspec.rulings import load_rulings
from tests.aw_ducks.replay import replay
from tests.aw_ducks.suite import load
from tests.faulty.aw_ducks import FAULTS

RULE = re.compile(r"§\d+|AD-R\d\d")


def test_there_are_many_faults_each_naming_the_rule_it_breaks() -> None:
    assert len(FAULTS) >= 20
    unnamed = [name for name, fault in FAULTS.items() if not RULE.search(fault.rule)]
    assert not unnamed, f"faults whose docstring names no section (§N) or ruling (AD-Rnn): {unnamed}"
    alternatives = {alternative.fault for ruling in load_rulings("aw_ducks") for alternative in ruling.alternatives}
    assert alternatives <= set(FAULTS)


@pytest.mark.parametrize("name", list(FAULTS))
def test_the_traces_catch_the_fault(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fault = FAULTS[name]
    fault.patch(monkeypatch)
    caught = next((problem for trace in load() if (problem := replay(trace, fault.backend))), None)
    assert caught is not None, f"no trace catches {name} ({fault.rule})"
