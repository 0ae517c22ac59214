"""The suite's power: every deliberately wrong implementation of ``tests/faulty/duck_soup.py`` fails it.

Each fault breaks exactly one rule of the English rules or one ruling of the register; the
suite is run against it through the runner, stopping at the first failed trace. The faults come
in two groups: the other readings of every ruling, as the register lists them (its
``alternatives``), and the other faults, each breaking a rule of the texts. A fault the suite
does not catch is a gap in the suite: it is listed in :data:`MISSED` with the reason, and its
test is an expected failure (strict, so that a trace added to close the gap shows up as an
unexpected pass and the entry is removed).

To keep the file fast the suite runs in a fixed order of its own, the hand-made traces first:
the edge cases and negative traces (each aimed at one rule), then the games and matches, then
the generated deals. In the manifest's order the faults of §9 and §11 are found only after the
252 deal traces, and the file takes nearly twice as long.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

from duckcheck.compare import Outcome
from duckcheck.runner import RunOptions, run
from duckcheck.trace import load_suite
from duckspec.duck_soup import GAME_ID
from duckspec.rulings import load_rulings
from tests.faulty.duck_soup import FAULTS
from tests.faulty.mistyped import TYPE_FAULTS, assert_fails_the_first_trace_it_reaches

ROOT = Path(__file__).resolve().parents[2]
FAULTY = [sys.executable, str(ROOT / "tests" / "faulty" / "duck_soup.py")]
RULE = re.compile(r"§\d+|DS-R\d\d")

MISSED: dict[str, str] = {}
"""Faults the suite does not catch, and why no trace catches them. The four first found (a pond
taken as more than 125, a soup line of 125 or less, a target above 250, and card-not-in-hand
reported before not-your-turn) are caught since the traces ds-game-pond-at-125,
ds-game-loser-at-125, ds-game-target-exactly-250 and ds-negative-precedence were added; the
other readings of DS-R05 (by totals), DS-R08 (one extra deal only) and DS-R10 (a third card
without its call) since suite 1.1 added ds-game-both-in-the-pond-later, ds-game-level-totals-twice
and ds-edge-third-card-without-call."""

OTHER_READINGS = [
    (ruling.id, alternative.fault, alternative.reading)
    for ruling in load_rulings("duck_soup")
    for alternative in ruling.alternatives
]
"""Every other reading of every ruling: (ruling, fault, reading), in register order."""
OTHER_FAULTS = [name for name in FAULTS if name not in {fault for _, fault, _ in OTHER_READINGS}]
"""The faults that break a rule of the texts rather than play another reading of a ruling."""


def hand_made_first(trace: dict[str, Any]) -> int:
    """The order of the run: edge cases and negative traces, then games and matches, then generated deals."""
    if "edge-case" in trace["tags"]:
        return 0
    return 1 if trace["scope"] != "deal" else 2


SUITE = sorted((trace for trace in load_suite() if trace["game"] == GAME_ID), key=hand_made_first)
"""Duck Soup's traces (Doubleduck's faults have their own test, ``tests/doubleduck/test_faults.py``)."""


def test_there_are_many_faults_each_naming_the_rule_it_breaks() -> None:
    assert len(FAULTS) >= 22
    unnamed = [name for name, fault in FAULTS.items() if not RULE.search(fault.rule)]
    assert not unnamed, f"faults whose docstring names no section (§N) or ruling (DS-Rnn): {unnamed}"
    assert set(MISSED) <= set(FAULTS)


def param(name: str, test_id: str) -> Any:
    marks = [pytest.mark.xfail(strict=True, reason=MISSED[name])] if name in MISSED else []
    return pytest.param(name, marks=marks, id=test_id)


def rejected(fault: str) -> None:
    """Run the suite against ``fault`` and require it to fail a trace (and to stop there)."""
    summary = run([*FAULTY, fault], SUITE, RunOptions(max_failures=1))
    failed = [result for result in summary.results if result.outcome is not Outcome.PASSED]
    assert len(failed) == 1, f"{fault} ({FAULTS[fault].rule}): {summary.closing_line()}"
    assert failed[0] is summary.results[-1] and failed[0].outcome is Outcome.FAILED


def test_every_ruling_has_other_readings_and_each_is_a_fault() -> None:
    rulings = load_rulings("duck_soup")
    assert all(ruling.alternatives for ruling in rulings)
    assert len(OTHER_READINGS) >= len(rulings)
    assert all(fault in FAULTS and ruling in FAULTS[fault].rule for ruling, fault, _ in OTHER_READINGS)


@pytest.mark.parametrize("fault", [param(fault, f"{ruling}:{fault}") for ruling, fault, _ in OTHER_READINGS])
def test_each_other_reading_of_a_ruling_is_rejected(fault: str) -> None:
    """The suite rejects every other reading the rulings register lists (each played by its fault)."""
    rejected(fault)


@pytest.mark.parametrize("fault", [param(name, name) for name in OTHER_FAULTS])
def test_the_suite_catches_the_fault(fault: str) -> None:
    rejected(fault)


@pytest.mark.parametrize("fault", list(TYPE_FAULTS))
def test_a_value_of_another_json_type_fails_the_first_trace_it_reaches(fault: str) -> None:
    """``true`` for ``1``, ``1`` for ``true``, ``1.0`` for ``1``, in the state, the views or the reply's own fields:
    the first trace holding such a value fails, naming the field and both JSON types (``tests/faulty/mistyped.py``)."""
    assert_fails_the_first_trace_it_reaches(fault, SUITE)
