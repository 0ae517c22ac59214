"""The suite's power for Aw Ducks!: ``ducksoup check --game aw-ducks`` rejects every faulty implementation.

Each fault of ``tests/faulty/aw_ducks.py`` breaks one rule of the text, takes the other reading
of one ruling, or moves a threshold by one (a target, a level of totals, the round's end, a
condition's count, a benefit's cards, a duck's worth). A fault that passed would be a gap in the
suite. Every alternative reading listed in the rulings register
(``spec/duckspec/aw_ducks/rulings.toml``) is one of the faults, so the suite pins every ruling,
not only the readings chosen. Each reading's fault and each threshold fault is replayed
in-process on two named traces, in different situations, each of which alone must reject it (a
fault caught by a single trace dies too easily); each fault that breaks a rule outright is served
over the adapter protocol by its own process, and the runner checks it against the game's traces
and stops at the first failed trace (``max_failures=1``, as ``-x`` does).

To keep the file fast the traces run in an order of their own, the hand-made ones first (each
aimed at one rule: conditions just met and missed, openings, endings, refusals), then the games,
then the rounds played by bots.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from duckcheck.compare import Outcome
from duckcheck.runner import RunOptions, run
from duckcheck.trace import load_suite
from ducksoup.cli import main
from duckspec.aw_ducks import GAME_ID
from duckspec.rulings import load_rulings
from tests.aw_ducks.replay import replay
from tests.faulty.aw_ducks import FAULTS, THRESHOLDS
from tests.faulty.mistyped import TYPE_FAULTS, assert_fails_the_first_trace_it_reaches

ROOT = Path(__file__).resolve().parents[2]
FAULTY = [sys.executable, str(ROOT / "tests" / "faulty" / "aw_ducks.py")]
RULINGS = load_rulings("aw_ducks")
ALTERNATIVES = [(ruling.id, alternative.fault) for ruling in RULINGS for alternative in ruling.alternatives]
"""Every alternative reading of the register, with its ruling: one list, read from rulings.toml."""
BROKEN_RULES = [name for name in FAULTS if name not in {fault for _, fault in ALTERNATIVES} | set(THRESHOLDS)]
"""The faults that break a rule of the text rather than read a ruling the other way (those that move a threshold by
one are checked by :func:`test_each_reading_and_threshold_fault_is_rejected_by_two_traces`)."""


def hand_made_first(trace: dict[str, Any]) -> int:
    """The order of the run: edge cases and negative traces, then games, then bot rounds."""
    if "edge-case" in trace["tags"]:
        return 0
    return 1 if trace["scope"] == "game" else 2


TRACES = sorted((trace for trace in load_suite() if trace["game"] == GAME_ID), key=hand_made_first)


def assert_rejected(fault: str) -> None:
    summary = run([*FAULTY, fault], TRACES, RunOptions(max_failures=1))
    failed = [result for result in summary.results if result.outcome is not Outcome.PASSED]
    assert len(failed) == 1, f"{fault} ({FAULTS[fault].rule}): {summary.closing_line()}"
    assert failed[0] is summary.results[-1] and failed[0].outcome is Outcome.FAILED, failed[0].reason


def test_every_ruling_has_alternatives_and_there_are_many_faults() -> None:
    assert all(ruling.alternatives for ruling in RULINGS)
    assert len(FAULTS) >= 20 and len(BROKEN_RULES) >= 10
    assert [fault for _, fault in ALTERNATIVES if fault not in FAULTS] == []


@pytest.mark.parametrize(("ruling", "fault"), ALTERNATIVES, ids=[f"{r}-{f}" for r, f in ALTERNATIVES])
def test_every_ruling_alternative_is_a_fault_naming_its_ruling(ruling: str, fault: str) -> None:
    """Each is rejected by two traces: :func:`test_each_reading_and_threshold_fault_is_rejected_by_two_traces`."""
    assert ruling in FAULTS[fault].rule, f"{fault}'s docstring does not name {ruling}"


THRESHOLD_TRACES: dict[str, tuple[str, str]] = {
    "target-strictly-above": ("ad-game-target-exact", "ad-game-target-exact-later-3p"),
    "target-one-below": ("ad-game-one-short-of-target", "ad-game-one-short-later-4p"),
    "round-ends-when-deck-runs-out": ("ad-edge-play-with-empty-deck-2p", "ad-edge-play-with-empty-deck-4p"),
    "level-totals-to-first-seat": ("ad-game-level-totals-2p", "ad-game-level-totals"),
    "level-totals-share-the-win": ("ad-game-level-totals-3p", "ad-game-level-totals-2p"),
    "one-extra-round-only": ("ad-game-level-twice-3p", "ad-game-level-twice-4p"),
    "red-one-more": ("ad-edge-red-five-odds", "ad-edge-red-five-evens"),
    "red-one-less": ("ad-edge-red-four-odds", "ad-edge-green-four"),
    "yellow-one-more": ("ad-edge-yellow-run", "ad-edge-several-ducks"),
    "yellow-one-less": ("ad-edge-yellow-gap", "ad-edge-yellow-no-wrap"),
    "green-one-more": ("ad-edge-green-three", "ad-edge-every-condition"),
    "green-one-less": ("ad-edge-green-two", "ad-edge-blue-four"),
    "blue-one-more": ("ad-edge-blue-five-with-black", "ad-edge-draw-through-ducks"),
    "blue-one-less": ("ad-edge-blue-four", "ad-edge-purple-three"),
    "purple-one-more": ("ad-edge-purple-three", "ad-edge-purple-black"),
    "purple-one-less": ("ad-edge-purple-two", "ad-edge-blue-four"),
    "safe-draw-one-more": ("ad-edge-safe-draw-duck", "ad-edge-safe-draw-two-ducks"),
    "safe-draw-one-less": ("ad-edge-safe-draw-duck", "ad-edge-safe-draw-two-ducks"),
    "quick-quack-one-more": ("ad-edge-quick-quack-duck", "ad-edge-quick-quack-clears-the-tableau"),
    "quick-quack-one-less": ("ad-edge-quick-quack-duck", "ad-edge-quick-quack-clears-the-tableau"),
    "secret-stash-one-more": ("ad-edge-stashed-duck", "ad-edge-stash-of-the-last-card"),
    "secret-stash-one-less": ("ad-edge-stashed-duck", "ad-edge-stash-of-the-last-card"),
    "duck-one-more": ("ad-edge-stashed-duck", "ad-edge-several-ducks"),
    "duck-one-less": ("ad-edge-stashed-duck", "ad-edge-several-ducks"),
}
"""Each fault that moves a threshold by one, and two traces, in different situations (another number of players, the
condition met in another way, another benefit's duck), that each reject it alone."""
ALTERNATIVE_TRACES: dict[str, tuple[str, str]] = {
    "stash-never-ends-the-round": ("ad-edge-ends-in-secret-stash-2p", "ad-edge-ends-in-secret-stash-3p"),
    "ender-scores-twice": ("ad-edge-blue-four", "ad-edge-ends-in-quick-quack-3p"),
    "empty-score-takes-nothing": ("ad-edge-blue-four", "ad-edge-ducks-left-in-the-pond-3p"),
    "empty-forced-score-skipped": ("ad-edge-blue-five-with-black", "ad-edge-duck-spares-other-tableaux"),
    "last-card-kept": ("ad-edge-blue-five-with-black", "ad-edge-duck-spares-other-tableaux"),
    "red-exactly-five": ("ad-edge-every-condition", "ad-edge-red-six-odds"),
    "red-counts-values": ("ad-edge-every-condition", "ad-negative-score-required"),
    "yellow-exactly-four": ("ad-edge-ends-in-safe-draw-2p", "ad-edge-rainbow-spares-black"),
    "yellow-one-colour": ("ad-edge-ducks-left-in-the-pond-4p", "ad-edge-ends-in-safe-draw-2p"),
    "yellow-repeats-break": ("ad-edge-every-condition", "ad-game-3p-illegal-01"),
    "yellow-wraps": ("ad-edge-ends-in-secret-stash-2p", "ad-edge-green-two"),
    "yellow-placed-in-a-row": ("ad-edge-ducks-left-in-the-pond-4p", "ad-edge-ends-in-safe-draw-2p"),
    "green-exactly-three": ("ad-edge-green-four", "ad-round-2p-random-07"),
    "blue-exactly-five": ("ad-edge-blue-six", "ad-round-3p-illegal-04"),
    "purple-exactly-three": ("ad-edge-purple-four", "ad-edge-rainbow-on-black-numbers"),
    "one-duck-per-colour": ("ad-edge-blue-four", "ad-edge-duck-spares-other-tableaux"),
    "one-colour-per-score": ("ad-edge-every-condition", "ad-edge-rainbow-spares-black"),
    "safe-draw-ducks-discard": ("ad-edge-blue-four", "ad-edge-duck-spares-other-tableaux"),
    "safe-draw-draws-on": ("ad-edge-blue-five-with-black", "ad-edge-duck-spares-other-tableaux"),
    "quick-quack-draws-on": ("ad-edge-blue-five-with-black", "ad-edge-duck-spares-other-tableaux"),
    "quick-quack-duck-discards-every-number": ("ad-edge-blue-five-with-black", "ad-edge-duck-spares-other-tableaux"),
    "duck-hits-every-tableau": ("ad-edge-blue-five-with-black", "ad-edge-duck-spares-other-tableaux"),
    "discarded-card-hidden": ("ad-edge-blue-five-with-black", "ad-edge-duck-spares-other-tableaux"),
    "two-discard-piles": ("ad-edge-blue-five-with-black", "ad-edge-duck-spares-other-tableaux"),
    "turns-to-the-right": ("ad-edge-duck-spares-other-tableaux", "ad-edge-ducks-left-in-the-pond-4p"),
    "same-start-player": ("ad-game-level-totals", "ad-game-level-totals-2p"),
    "ender-starts-next-round": ("ad-game-level-totals-2p", "ad-game-level-twice-3p"),
    "random-start-each-round": ("ad-game-level-totals", "ad-game-level-totals-2p"),
    "round-tie-to-start-player": ("ad-edge-round-tie-2p", "ad-edge-round-tie-3p"),
    "owner-sees-stash": ("ad-edge-blue-five-with-black", "ad-edge-duck-spares-other-tableaux"),
    "score-piles-hidden": ("ad-edge-blue-five-with-black", "ad-edge-duck-spares-other-tableaux"),
    "stashed-duck-worth-nothing": ("ad-edge-blue-five-with-black", "ad-edge-duck-spares-other-tableaux"),
    "two-players-only": ("ad-edge-duck-spares-other-tableaux", "ad-edge-ducks-left-in-the-pond-4p"),
    "pond-left-to-ender": ("ad-edge-blue-five-with-black", "ad-edge-duck-spares-other-tableaux"),
    "pond-carried-to-next-round": ("ad-game-level-totals", "ad-game-level-totals-2p"),
}
"""Each alternative reading's fault (those that move a threshold are in :data:`THRESHOLD_TRACES`), and two traces, in
different situations where the suite has them (another number of players or scope), that each reject it alone."""
TWO_TRACES = {**ALTERNATIVE_TRACES, **THRESHOLD_TRACES}
BY_ID = {trace["id"]: trace for trace in TRACES}


def test_every_reading_and_threshold_fault_has_two_traces() -> None:
    assert sorted(THRESHOLD_TRACES) == sorted(THRESHOLDS)
    assert set(TWO_TRACES) == {fault for _, fault in ALTERNATIVES} | set(THRESHOLDS)
    assert all(len(set(pair)) == 2 and set(pair) <= set(BY_ID) for pair in TWO_TRACES.values())


@pytest.mark.parametrize("fault", sorted(TWO_TRACES))
def test_each_reading_and_threshold_fault_is_rejected_by_two_traces(
    fault: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Replayed in-process (the fault patched, then undone), each of the fault's two traces alone finds it out, and
    without the fault it passes."""
    chosen = FAULTS[fault]
    assert [replay(BY_ID[trace_id], chosen.backend) for trace_id in TWO_TRACES[fault]] == [None, None]
    chosen.patch(monkeypatch)
    for trace_id in TWO_TRACES[fault]:
        assert replay(BY_ID[trace_id], chosen.backend) is not None, f"{fault} passes {trace_id}"


@pytest.mark.parametrize("fault", BROKEN_RULES)
def test_the_check_rejects_every_broken_rule(fault: str) -> None:
    assert_rejected(fault)


def test_ducksoup_check_game_aw_ducks_fails_a_faulty_adapter_and_names_the_rule(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    command = " ".join([*FAULTY, "round-tie-to-start-player"])
    result = CliRunner().invoke(main, ["check", "--game", GAME_ID, "--impl", command, "-x", "-k", "tie"])
    assert result.exit_code == 1, result.output
    assert "FAILED ad-edge-round-tie" in result.output and "§2 Objective" in result.output
    assert "1 failed" in result.output


def test_the_faulty_adapter_names_its_faults_when_asked_for_an_unknown_one() -> None:
    import subprocess

    done = subprocess.run([*FAULTY, "no-such-fault"], capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "round-ends-when-deck-runs-out" in done.stderr


@pytest.mark.parametrize("fault", list(TYPE_FAULTS))
def test_a_value_of_another_json_type_fails_the_first_trace_it_reaches(fault: str) -> None:
    """``true`` for ``1``, ``1`` for ``true``, ``1.0`` for ``1``, in the state, the views or the reply's own fields:
    the first trace holding such a value fails, naming the field and both JSON types (``tests/faulty/mistyped.py``)."""
    assert_fails_the_first_trace_it_reaches(fault, TRACES)
