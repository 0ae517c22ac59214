"""The runner behind ``ducksoup check``: drive an implementation through the suite and say where it is wrong.

The runner starts the implementation's adapter as a subprocess (:mod:`duckcheck.process`),
shakes hands, and for each trace sends the ``start`` request and every step's ``act`` request
at once (pipelining), then reads the replies in order and compares each with the trace
(:mod:`duckcheck.compare`). Whatever the implementation does (hang, crash, print garbage,
answer out of sequence, flood its standard error), that trace fails with the reason and the run
goes on; a crashed or hung implementation is started again for the next trace.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from duckcheck import PROTOCOL_VERSION
from duckcheck.compare import Outcome, TraceChecker, TraceResult
from duckcheck.process import CannotStart, Implementation
from duckcheck.protocol import ProtocolError, hello, parse_line, supports

JSON = dict[str, Any]


class CannotCheck(RuntimeError):
    """Nothing could be checked: the implementation does not start, or speaks another protocol."""


@dataclass(frozen=True)
class RunOptions:
    """How to run: the reply timeout, when to stop, which failures are expected, where to log."""

    timeout: float = 10.0
    max_failures: int | None = None
    expected_failures: frozenset[str] = frozenset()
    log_io: Path | None = None


@dataclass
class Summary:
    results: list[TraceResult] = field(default_factory=list)
    implementation: JSON = field(default_factory=dict)
    seconds: float = 0.0
    interrupted: bool = False
    restarts: int = 0

    def count(self, outcome: Outcome) -> int:
        return sum(1 for result in self.results if result.outcome is outcome)

    @property
    def failed(self) -> int:
        """Traces that fail the run: failures, and expected failures that passed."""
        return self.count(Outcome.FAILED) + self.count(Outcome.XPASSED)

    @property
    def steps(self) -> int:
        return sum(result.steps_checked for result in self.results)

    def counts(self) -> dict[str, int]:
        return {outcome.value: self.count(outcome) for outcome in Outcome}

    def closing_line(self) -> str:
        return f"{self.count(Outcome.PASSED)} passed, {self.failed} failed, {self.count(Outcome.SKIPPED)} skipped"


def select(traces: Sequence[JSON], keywords: Sequence[str]) -> list[JSON]:
    """The traces whose ID contains, or whose tags include, any of ``keywords`` (all when none)."""
    if not keywords:
        return list(traces)
    return [t for t in traces if any(k in t["id"] or k in t["tags"] for k in keywords)]


def shake_hands(implementation: Implementation) -> JSON:
    try:
        implementation.launch()
    except CannotStart as error:
        raise CannotCheck(str(error)) from None
    implementation.send([hello()])
    try:
        reply = parse_line(implementation.reply(), "hello-reply")
    except ProtocolError as error:
        implementation.close()
        raise CannotCheck(f"the handshake failed: {error}") from None
    if reply["protocol"] != PROTOCOL_VERSION:
        implementation.close()
        raise CannotCheck(
            f"the implementation speaks protocol version {reply['protocol']}, this runner version {PROTOCOL_VERSION}"
        )
    return reply


def run(
    command: Sequence[str],
    traces: Sequence[JSON],
    options: RunOptions = RunOptions(),
    on_start: Callable[[JSON], None] = lambda implementation: None,
    on_result: Callable[[TraceResult], None] = lambda result: None,
) -> Summary:
    """Check ``traces`` against the implementation started by ``command``.

    Raises :class:`CannotCheck` if the implementation cannot be started or speaks another
    protocol version. A Ctrl-C ends the run early with ``interrupted`` set and the results so far.
    """
    began = time.perf_counter()
    implementation = Implementation(command, options.timeout)
    handshake = shake_hands(implementation)
    summary = Summary(implementation=handshake["implementation"])
    on_start(summary.implementation)
    seq = 1
    try:
        for trace in traces:
            result = _check_one(implementation, handshake, trace, seq, options)
            seq += len(trace["steps"]) + 1
            summary.results.append(result)
            on_result(result)
            if options.max_failures is not None and summary.failed >= options.max_failures:
                break
    except KeyboardInterrupt:
        summary.interrupted = True
    finally:
        with contextlib.suppress(KeyboardInterrupt):
            implementation.close()
        summary.seconds = time.perf_counter() - began
        summary.restarts = implementation.starts - 1
    return summary


def _check_one(
    implementation: Implementation, handshake: JSON, trace: JSON, seq: int, options: RunOptions
) -> TraceResult:
    why_not = supports(handshake, trace)
    if why_not:
        return TraceResult(trace["id"], Outcome.SKIPPED, f"not supported by the implementation: {why_not}")
    began = time.perf_counter()
    if not implementation.alive:
        implementation.close()
        shake_hands(implementation)
    checker = TraceChecker(trace, seq)
    requests = checker.requests()
    log = _open_log(options.log_io, trace["id"])
    implementation.log = log
    try:
        implementation.send(requests)
        result = checker.check(implementation.reply)
        if result.broken:
            implementation.close()
        elif result.outcome is not Outcome.PASSED:
            _drain(implementation, len(requests) - (result.step or 0) - 1)
    finally:
        implementation.log = None
        if log is not None:
            log.close()
    return _expected(result, options.expected_failures, time.perf_counter() - began)


def _expected(result: TraceResult, expected: frozenset[str], seconds: float) -> TraceResult:
    """The result, timed, and judged against the list of expected failures."""
    outcome, reason = result.outcome, result.reason
    if result.trace in expected and outcome is Outcome.FAILED:
        outcome = Outcome.XFAILED
    elif result.trace in expected and outcome is Outcome.PASSED:
        outcome, reason = Outcome.XPASSED, "listed as an expected failure, but it passes: remove it from the list"
    return TraceResult(
        result.trace,
        outcome,
        reason,
        result.step,
        result.action,
        result.sections,
        result.diff,
        result.steps_checked,
        seconds,
        result.broken,
    )


def _open_log(folder: Path | None, trace_id: str) -> Any:
    if folder is None:
        return None
    folder.mkdir(parents=True, exist_ok=True)
    return (folder / f"{trace_id}.log").open("w", encoding="utf-8")


def _drain(implementation: Implementation, count: int) -> None:
    """Discard the replies still due for a trace that failed early, so the next trace starts clean."""
    try:
        for _ in range(max(count, 0)):
            implementation.reply()
    except ProtocolError:
        implementation.close()


def read_expected_failures(path: Path) -> frozenset[str]:
    """Trace IDs from a file, one per line; ``#`` starts a comment."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise ValueError(f"{path}: cannot read the list of expected failures: {error.strerror}") from None
    return frozenset(line.split("#")[0].strip() for line in lines if line.split("#")[0].strip())
