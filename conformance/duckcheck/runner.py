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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
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
    try:
        for result in Pipeline(implementation, handshake, options).results(traces):
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


@dataclass
class InFlight:
    """A trace whose requests are sent and whose replies are not yet all checked."""

    trace: JSON
    checker: TraceChecker
    requests: list[JSON]
    began: float
    log: Any = None


class Pipeline:
    """Sends each trace's requests before checking the trace before it, so that the implementation
    works on one trace while the runner checks the other (except with ``log_io``, where traces go
    one at a time so that each log holds one trace). Results come in the order of the traces."""

    def __init__(self, implementation: Implementation, handshake: JSON, options: RunOptions) -> None:
        self.implementation, self.handshake, self.options = implementation, handshake, options
        self.ahead = 0 if options.log_io is not None else 1
        self.in_flight: list[InFlight] = []
        self.seq = 1

    def results(self, traces: Sequence[JSON]) -> Iterator[TraceResult]:
        for trace in traces:
            why_not = supports(self.handshake, trace)
            if why_not:
                yield from self.finish_all()
                yield TraceResult(trace["id"], Outcome.SKIPPED, f"not supported by the implementation: {why_not}")
                continue
            checker = TraceChecker(trace, self.seq)
            flight = InFlight(trace, checker, checker.requests(), time.perf_counter())
            self.seq += len(flight.requests)
            self.send(flight)
            while len(self.in_flight) > self.ahead:
                yield self.finish(self.in_flight.pop(0))
        yield from self.finish_all()

    def send(self, flight: InFlight) -> None:
        if not self.implementation.alive:
            self.implementation.close()
            shake_hands(self.implementation)
        flight.log = _open_log(self.options.log_io, flight.trace["id"])
        self.implementation.log = flight.log
        self.implementation.send(flight.requests)
        self.in_flight.append(flight)

    def finish_all(self) -> Iterator[TraceResult]:
        while self.in_flight:
            yield self.finish(self.in_flight.pop(0))

    def finish(self, flight: InFlight) -> TraceResult:
        """Check one trace's replies; after a broken conversation, resend the traces still in flight."""
        try:
            result = flight.checker.check(self.implementation.reply)
            if result.broken:
                self.implementation.close()
                waiting, self.in_flight = self.in_flight, []
                for other in waiting:
                    self.send(other)
            elif result.outcome is not Outcome.PASSED:
                _drain(self.implementation, len(flight.requests) - (result.step or 0) - 1)
        finally:
            self.implementation.log = None
            if flight.log is not None:
                flight.log.close()
        return _expected(result, self.options.expected_failures, time.perf_counter() - flight.began)


def _expected(result: TraceResult, expected: frozenset[str], seconds: float) -> TraceResult:
    """The result, timed, and judged against the list of expected failures."""
    outcome, reason = result.outcome, result.reason
    if result.trace in expected and outcome is Outcome.FAILED:
        outcome = Outcome.XFAILED
    elif result.trace in expected and outcome is Outcome.PASSED:
        outcome, reason = Outcome.XPASSED, "listed as an expected failure, but it passes: remove it from the list"
    return replace(result, outcome=outcome, reason=reason, seconds=seconds)


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
