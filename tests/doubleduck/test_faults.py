"""The Doubleduck traces' power: ``ducksoup check --game doubleduck`` rejects every faulty implementation.

Each fault of ``tests/faulty/doubleduck.py`` breaks one rule of the text or takes one ruling's other
reading, and is served over the adapter protocol by that file's ``main``; the runner checks it
against the Doubleduck traces and stops at the second failed trace (``max_failures=2``): a fault
caught by one trace only is one edit away from passing, so every fault must fail two. To stay
fast the traces run hand-made first: the edge cases and negative traces (each aimed at one rule),
then the games, then the bots' deals.
Every alternative reading in the rulings register names a fault, or says why the protocol cannot
carry it (``inexpressible``), so the second test shows that the traces pin every ruling, not only
the reading chosen. How many traces reject each fault is counted by ``nox -s suite-power``.
"""

from __future__ import annotations

import re
import sys
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from duckcheck.compare import Outcome
from duckcheck.runner import RunOptions, Summary, run
from ducksoup.cli import main
from duckspec.rulings import load_rulings
from tests.doubleduck.traces import load_traces
from tests.faulty.doubleduck import FAULTS
from tests.faulty.mistyped import TYPE_FAULTS, assert_fails_the_first_trace_it_reaches

ROOT = Path(__file__).resolve().parents[2]
REJECTING = 2
"""The traces that must reject every fault, at the least."""
FAULTY = [sys.executable, str(ROOT / "tests" / "faulty" / "doubleduck.py")]
RULE = re.compile(r"§\d+|DD-R\d\d")
RULINGS = load_rulings("doubleduck")
ALTERNATIVES = [(ruling.id, alternative.fault) for ruling in RULINGS for alternative in ruling.alternatives]
"""Every other reading of every ruling, as (ruling, the fault that takes it), read from ``rulings.toml``; the
readings no trace can show are listed apart, with the reason (``inexpressible``)."""


@cache
def checked(fault: str) -> Summary:
    """The runner's verdict on ``fault``, stopping at the second failed trace (run once per fault)."""
    return run([*FAULTY, fault], load_traces(), RunOptions(max_failures=REJECTING))


def assert_rejected(fault: str) -> None:
    summary = checked(fault)
    failed = [result for result in summary.results if result.outcome is not Outcome.PASSED]
    assert len(failed) == REJECTING, f"fewer than {REJECTING} traces catch {fault} ({FAULTS[fault].rule}): {failed}"
    assert failed[-1] is summary.results[-1] and all(result.outcome is Outcome.FAILED for result in failed)


def test_there_are_many_faults_each_naming_the_rule_it_breaks() -> None:
    assert len(FAULTS) >= 20
    unnamed = [name for name, fault in FAULTS.items() if not RULE.search(fault.rule)]
    assert not unnamed, f"faults whose docstring names no section (§N) or ruling (DD-Rnn): {unnamed}"


@pytest.mark.parametrize("fault", list(FAULTS))
def test_the_traces_reject_the_fault(fault: str) -> None:
    assert_rejected(fault)


@pytest.mark.parametrize(("ruling", "fault"), ALTERNATIVES, ids=[f"{r}-{f}" for r, f in ALTERNATIVES])
def test_every_rulings_other_reading_is_a_fault_the_traces_reject(ruling: str, fault: str) -> None:
    assert fault in FAULTS, f"{ruling}: no faulty implementation {fault!r} in tests/faulty/doubleduck.py"
    assert ruling in FAULTS[fault].rule, f"{fault} does not cite {ruling}"
    assert_rejected(fault)


def test_every_ruling_names_its_other_readings() -> None:
    """Each ruling names another reading: a fault the traces reject, or one no trace can show, with the reason."""
    assert RULINGS and all(ruling.alternatives or ruling.inexpressible for ruling in RULINGS)
    assert all(not ruling.inexpressible for ruling in RULINGS if ruling.id not in {"DD-R10", "DD-R21"})


def test_check_with_the_game_option_fails_a_fault_naming_the_section() -> None:
    command = " ".join([*FAULTY, "score-summed"])
    result = CliRunner().invoke(main, ["check", "--game", "doubleduck", "--impl", command, "-k", "dd-edge-notes", "-x"])
    assert result.exit_code == 1, result.output
    assert "FAILED dd-edge-notes" in result.output and "§6 Score" in result.output
    assert result.output.strip().splitlines()[-1].startswith("0 passed, 1 failed")


@pytest.mark.parametrize("fault", list(TYPE_FAULTS))
def test_a_value_of_another_json_type_fails_the_first_trace_it_reaches(fault: str) -> None:
    """``true`` for ``1``, ``1`` for ``true``, ``1.0`` for ``1``, in the state, the views or the reply's own fields:
    the first trace holding such a value fails, naming the field and both JSON types (``tests/faulty/mistyped.py``)."""
    assert_fails_the_first_trace_it_reaches(fault, load_traces())
