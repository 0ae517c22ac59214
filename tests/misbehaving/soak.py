"""The runner against randomly misbehaving adapters, round after round: ``nox -s soak-runner``.

Each round draws a misbehaving adapter (any mode of ``tests/misbehaving/adapter.py``), started
directly or by a shell script without ``exec``, a few traces, the trace that goes wrong, a reply
timeout, and sometimes a SIGINT (Ctrl-C) or SIGTERM at a random moment; it runs ``ducksoup
check`` with both reports and asserts that:

* the run ends within its bound (and soon after a signal), with an exit status that fits;
* no process the adapter started is left (its process group, its helpers);
* both reports are complete and valid (every trace once, a summary; JUnit XML that parses);
* nothing raw reaches the output (no terminal escapes, NUL), and there is no traceback.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from duckcheck.runner import select
from duckcheck.trace import load_suite
from tests.misbehaving.adapter import REPLY_MODES, START_MODES
from tests.misbehaving.harness import DUCKSOUP, RAW, environment, impl, report_problems, started, wait_until_gone

STATUS = {
    "hello-deep": {2},
    "hello-huge-int": {2},
    "skip-all": {2},
    "fine": {0},
    "helper": {0},
    "hello-escapes": {0},
}
"""The exit statuses a mode may end with when not interrupted; a reply mode ends with 0 or 1 (0 when the
trace that goes wrong is too short to reach the bad step)."""
SIGNALS = {signal.SIGINT: 130, signal.SIGTERM: 143}
AFTER_SIGNAL = 20.0
"""Seconds within which a run must end after SIGINT or SIGTERM (it takes well under 2 s: this bound is for a
loaded machine)."""


@dataclass
class Round:
    mode: str
    wrapped: bool
    keys: list[str]
    traces: list[str]
    bad: str
    timeout: float
    signal: signal.Signals | None
    delay: float

    @property
    def bound(self) -> float:
        """How long the run may take at most: starting, each trace's timeout, restarts, and generous slack."""
        return 60.0 + len(self.traces) * (self.timeout + 10.0)

    def describe(self) -> str:
        how = "wrapped" if self.wrapped else "direct"
        stop = f", {signal.Signals(self.signal).name} after {self.delay:.1f} s" if self.signal else ""
        return f"{self.mode} ({how}), {len(self.traces)} traces, bad {self.bad}, timeout {self.timeout:g}{stop}"


@dataclass
class Tally:
    rounds: int = 0
    modes: Counter[str] = field(default_factory=Counter)
    signals: int = 0
    slowest_exit_after_signal: float = 0.0
    longest_share_of_bound: float = 0.0
    statuses: Counter[int] = field(default_factory=Counter)
    starts: int = 0

    def summary(self) -> dict[str, Any]:
        return {
            "rounds": self.rounds,
            "modes": len(self.modes),
            "adapter starts": self.starts,
            "signals": self.signals,
            "slowest exit after a signal (s)": round(self.slowest_exit_after_signal, 2),
            "longest run, share of its bound": round(self.longest_share_of_bound, 3),
            "exit statuses": dict(sorted(self.statuses.items())),
        }


def draw(rng: random.Random, suite: list[dict[str, Any]], pool: list[str]) -> Round:
    """A round: the traces are those ``-k`` selects for the IDs drawn (an ID may be part of others)."""
    mode = rng.choice(sorted([*REPLY_MODES, *START_MODES]))
    keys = rng.sample(pool, rng.randint(1, 3))
    traces = [trace["id"] for trace in select(suite, keys)]
    stop = rng.choice([None, None, signal.SIGINT, signal.SIGTERM])
    timeout = rng.choice([0.5, 1.0, 2.0])
    return Round(mode, rng.random() < 0.5, keys, traces, rng.choice(traces), timeout, stop, rng.uniform(0, 1.5))


def play(game: Round, folder: Path) -> tuple[int, float, float | None]:
    """Run one round in ``folder``; its exit status, its duration, and how long it took to exit after the signal."""
    folder.mkdir(parents=True)
    keys = [arg for key in game.keys for arg in ("-k", key)]
    args = ["--impl", impl(game.mode, game.wrapped), "--timeout", str(game.timeout), *keys]
    reports = ["--json", "report.jsonl", "--junit", "junit.xml"]
    output = (folder / "output.txt").open("wb")
    began = time.monotonic()
    process = subprocess.Popen(
        [*DUCKSOUP, "check", *args, *reports],
        cwd=folder,
        env=environment(folder, game.bad),
        stdout=output,
        stderr=subprocess.STDOUT,
    )
    after_signal = None
    try:
        if game.signal is not None:
            while started(folder) < 1 and process.poll() is None and time.monotonic() - began < game.bound:
                time.sleep(0.02)
            time.sleep(game.delay)
            if process.poll() is None:
                process.send_signal(game.signal)
                signalled = time.monotonic()
                process.wait(timeout=AFTER_SIGNAL)
                after_signal = time.monotonic() - signalled
        status = process.wait(timeout=max(game.bound - (time.monotonic() - began), 1.0))
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        output.close()
    return status, time.monotonic() - began, after_signal


def check_round(game: Round, folder: Path, status: int) -> list[str]:
    """Everything wrong with a finished round (empty when it went as it must)."""
    problems = report_problems(folder / "report.jsonl", folder / "junit.xml", game.traces)
    expected = STATUS.get(game.mode, {0, 1})
    if game.signal is not None and not problems:
        # A signal that came as the run was ending is ignored (or, in the process's last moments, fatal).
        late = expected | {-game.signal}
        expected = {SIGNALS[game.signal]} if _interrupted(folder / "report.jsonl") else late
    if status not in expected:
        problems.append(f"exit status {status}, expected one of {sorted(expected)}")
    left = wait_until_gone(folder)
    if left:
        problems.append(f"processes left: {left}")
    output = (folder / "output.txt").read_bytes().decode("utf-8", errors="backslashreplace")
    if "Traceback" in output:
        problems.append("a traceback: " + output[-2000:])
    raw = [c for c in RAW if c in output]
    if raw:
        problems.append(f"raw control characters in the output: {raw}")
    return problems


def _interrupted(report: Path) -> bool:
    summary: dict[str, Any] = json.loads(report.read_text(encoding="utf-8").splitlines()[-1])
    return summary.get("interrupted") is True


def soak(seconds: float, seed: int, folder: Path, rounds: int | None = None) -> Tally:
    """Play rounds for ``seconds`` (or ``rounds`` of them); raise AssertionError at the first round that fails."""
    rng = random.Random(seed)
    suite = load_suite()
    pool = [trace["id"] for trace in select(suite, ["ds-edge", "ds-deal-random", "ds-negative"])]
    tally = Tally()
    began = time.monotonic()
    while (rounds is None and time.monotonic() - began < seconds) or (rounds is not None and tally.rounds < rounds):
        game = draw(rng, suite, pool)
        where = folder / f"round-{tally.rounds:04d}"
        try:
            status, duration, after_signal = play(game, where)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"round {tally.rounds}: {game.describe()}: did not end within its bound") from None
        problems = check_round(game, where, status)
        assert not problems, f"round {tally.rounds}: {game.describe()}: {problems}"
        tally.rounds += 1
        tally.modes[game.mode] += 1
        tally.statuses[status] += 1
        tally.starts += started(where)
        tally.longest_share_of_bound = max(tally.longest_share_of_bound, duration / game.bound)
        if after_signal is not None:
            tally.signals += 1
            tally.slowest_exit_after_signal = max(tally.slowest_exit_after_signal, after_signal)
    (folder / "soak.json").write_text(json.dumps(tally.summary(), indent=1) + "\n")
    return tally
