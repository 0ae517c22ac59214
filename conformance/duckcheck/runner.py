"""The runner behind ``ducksoup check``: drive an implementation through the suite and say where it is wrong.

The runner starts the implementation's adapter as a subprocess (:mod:`duckcheck.process`),
shakes hands, and for each trace sends the ``start`` request and every step's ``act`` request
at once (pipelining), then reads the replies in order and compares each with the trace
(:mod:`duckcheck.compare`). Whatever the implementation does (hang, crash, print garbage,
answer out of sequence, flood its standard error), that trace fails with the reason and the run
goes on; a crashed or hung implementation is started again for the next trace.
"""

from __future__ import annotations

import signal
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from duckcheck import PROTOCOL_VERSION
from duckcheck.compare import Outcome, TraceChecker, TraceResult
from duckcheck.interrupts import signals_ignored
from duckcheck.process import LOG_LIMIT, CannotStart, Implementation, IOLog, OutOfTime
from duckcheck.protocol import ProtocolError, hello, parse_line, supports
from duckcheck.strict import same, typed
from duckcheck.untrusted import UnreadableFile, excerpt, read_text, shown

JSON = dict[str, Any]


class CannotCheck(RuntimeError):
    """The implementation cannot be checked: it does not start, or its handshake fails or names another protocol."""


class Interrupted(KeyboardInterrupt):
    """The run was stopped by a signal (SIGTERM, SIGHUP); ``signal`` is its number."""

    def __init__(self, signal: int) -> None:
        super().__init__(signal)
        self.signal = signal


@dataclass(frozen=True)
class RunOptions:
    """How to run: the reply timeout, when to stop, which failures are expected, where to log."""

    timeout: float = 10.0
    max_failures: int | None = None
    expected_failures: frozenset[str] = frozenset()
    log_io: Path | None = None
    log_io_limit: int = LOG_LIMIT
    """The most bytes each trace's I/O log holds (:class:`duckcheck.process.IOLog`)."""
    max_time: float | None = None
    """Seconds the whole run may take: then it stops, and the traces not finished are not run."""


@dataclass
class Summary:
    results: list[TraceResult] = field(default_factory=list)
    implementation: JSON = field(default_factory=dict)
    seconds: float = 0.0
    interrupted: bool = False
    restarts: int = 0
    error: str | None = None
    """Why the run could not check (more) traces: the implementation did not start, or not again after a crash."""
    signal: int | None = None
    """The signal that interrupted the run (SIGINT for Ctrl-C)."""
    out_of_time: bool = False
    """The run reached its time limit (:attr:`RunOptions.max_time`) and stopped."""

    def count(self, outcome: Outcome) -> int:
        return sum(1 for result in self.results if result.outcome is outcome)

    @property
    def failed(self) -> int:
        """Traces that fail the run: failures, and expected failures that passed."""
        return self.count(Outcome.FAILED) + self.count(Outcome.XPASSED)

    @property
    def checked(self) -> int:
        """Traces that were checked: passed, failed, or expected to fail."""
        return sum(self.count(outcome) for outcome in CHECKED)

    @property
    def steps(self) -> int:
        return sum(result.steps_checked for result in self.results)

    def counts(self) -> dict[str, int]:
        return {outcome.value: self.count(outcome) for outcome in Outcome}

    def closing_line(self) -> str:
        line = f"{self.count(Outcome.PASSED)} passed, {self.failed} failed, {self.count(Outcome.SKIPPED)} skipped"
        not_run = self.count(Outcome.NOT_RUN)
        return f"{line}, {not_run} not run" if not_run else line


CHECKED = (Outcome.PASSED, Outcome.FAILED, Outcome.XFAILED, Outcome.XPASSED)


def select(traces: Sequence[JSON], keywords: Sequence[str]) -> list[JSON]:
    """The traces whose ID contains, or whose tags include, any of ``keywords`` (all when none)."""
    if not keywords:
        return list(traces)
    return [t for t in traces if any(k in t["id"] or k in t["tags"] for k in keywords)]


def shake_hands(implementation: Implementation) -> JSON:
    """Start the implementation and exchange ``hello``; :class:`CannotCheck` if that fails (it is then ended)."""
    try:
        implementation.launch()
    except CannotStart as error:
        raise CannotCheck(str(error)) from None
    implementation.send([hello()])
    try:
        reply = parse_line(implementation.reply(), "hello-reply")
    except ProtocolError as error:
        implementation.close()
        raise CannotCheck(f"the handshake failed: {shown(str(error), 600)}") from None
    if not same(PROTOCOL_VERSION, reply["protocol"]):  # 1.0 is not version 1
        implementation.close()
        raise CannotCheck(
            f"the implementation speaks protocol version {excerpt(reply['protocol'])}, this runner version "
            f"{PROTOCOL_VERSION} (protocol: expected {typed(PROTOCOL_VERSION)}, "
            f"received {typed(reply['protocol'], 60)})"
        )
    return reply


def run(
    command: Sequence[str],
    traces: Sequence[JSON],
    options: RunOptions = RunOptions(),
    on_start: Callable[[JSON], None] = lambda implementation: None,
    on_result: Callable[[TraceResult], None] = lambda result: None,
) -> Summary:
    """Check ``traces`` against the implementation started by ``command``; whatever happens, the summary.

    Every trace gets a result, reported through ``on_result`` as it comes. If the implementation
    cannot be started, or not restarted after a crash, ``error`` says why and the traces left are
    ``not-run``; a Ctrl-C (or :class:`Interrupted`) ends the run early with ``interrupted`` set, the
    traces left ``not-run``; so does reaching ``options.max_time``, with ``out_of_time`` set (the trace
    being checked then is not run either). ``on_start`` gets the implementation's name, version and
    language (empty if it never answered); it is called exactly once, before any result.
    """
    began = time.perf_counter()
    implementation = Implementation(command, options.timeout)
    if options.max_time is not None:
        implementation.deadline = time.monotonic() + options.max_time
    summary = Summary()
    started = False
    done: set[str] = set()

    def record(result: TraceResult) -> None:
        summary.results.append(result)
        done.add(result.trace)
        on_result(result)

    try:
        try:
            handshake = shake_hands(implementation)
        except CannotCheck as error:
            summary.error = str(error)
        else:
            summary.implementation = _implementation(handshake)
            started = True
            on_start(summary.implementation)
            for result in Pipeline(implementation, handshake, options).results(traces):
                record(result)
                if options.max_failures is not None and summary.failed >= options.max_failures:
                    break
    except CannotCheck as error:
        summary.error = f"the implementation could not be restarted: {error}"
    except OutOfTime:
        summary.out_of_time = True
    except KeyboardInterrupt as interrupt:
        summary.interrupted = True
        summary.signal = interrupt.signal if isinstance(interrupt, Interrupted) else signal.SIGINT
    finally:
        with signals_ignored():
            implementation.close(polite=not (summary.interrupted or summary.out_of_time))
            summary.restarts = max(implementation.starts - 1, 0)
            if not started:
                on_start(summary.implementation)
            if summary.error or summary.interrupted or summary.out_of_time:
                reason = _why_not_run(summary, options)
                for trace in traces:
                    if trace["id"] not in done:
                        record(TraceResult(trace["id"], Outcome.NOT_RUN, f"not run: {reason}"))
            summary.seconds = time.perf_counter() - began
    return summary


def _why_not_run(summary: Summary, options: RunOptions) -> str:
    if summary.interrupted:
        return "interrupted"
    if summary.out_of_time:
        return f"the run reached its time limit of {options.max_time:g} s"
    return str(summary.error)


def _implementation(handshake: JSON) -> JSON:
    """The handshake's description of the implementation, its texts made safe to show."""
    described = handshake.get("implementation", {})
    return {key: shown(value, 200) for key, value in described.items() if isinstance(value, str)}


@dataclass
class InFlight:
    """A trace whose requests are sent and whose replies are not yet all checked."""

    trace: JSON
    checker: TraceChecker
    requests: list[JSON]
    began: float
    log: IOLog | None = None


class Pipeline:
    """Sends each trace's requests before checking the trace before it, so that the implementation
    works on one trace while the runner checks the other (except with ``log_io``, where traces go
    one at a time so that each log holds one trace). Results come in the order of the traces.

    After a broken conversation (a crash, a hang, garbage) the implementation is ended and, before
    the next use, started again and sent the requests of the traces still in flight; if it cannot
    be started again, :class:`CannotCheck` ends the run (the results so far are already out)."""

    def __init__(self, implementation: Implementation, handshake: JSON, options: RunOptions) -> None:
        self.implementation, self.handshake, self.options = implementation, handshake, options
        self.ahead = 0 if options.log_io is not None else 1
        self.in_flight: list[InFlight] = []
        self.seq = 1
        self.restart = False

    def results(self, traces: Sequence[JSON]) -> Iterator[TraceResult]:
        try:
            for trace in traces:
                self.implementation.check_time()
                why_not = supports(self.handshake, trace)
                if why_not:
                    yield from self.finish_all()
                    yield TraceResult(trace["id"], Outcome.SKIPPED, f"not supported by the implementation: {why_not}")
                    continue
                checker = TraceChecker(trace, self.seq)
                flight = InFlight(trace, checker, checker.requests(), time.perf_counter())
                self.seq += len(flight.requests)
                flight.log = _open_log(self.options, flight.trace["id"])
                if self.in_flight and not self.implementation.alive and not self.restart:
                    # The program died: judge the traces in flight by what it wrote before (the one it
                    # died in fails, with its exit status and last words), then start it again.
                    yield from self.finish_all()
                self.running()
                self.transmit(flight)
                self.in_flight.append(flight)
                while len(self.in_flight) > self.ahead:
                    yield self.finish()
            yield from self.finish_all()
        finally:
            for flight in self.in_flight:
                if flight.log is not None:
                    flight.log.close()

    def running(self) -> None:
        """Start the implementation again if it crashed or was ended, and resend the traces in flight."""
        if self.implementation.alive and not self.restart:
            return
        self.implementation.close()
        self.restart = False
        shake_hands(self.implementation)
        for flight in self.in_flight:
            self.transmit(flight)

    def transmit(self, flight: InFlight) -> None:
        self.implementation.log = flight.log
        self.implementation.send(flight.requests)

    def finish_all(self) -> Iterator[TraceResult]:
        while self.in_flight:
            yield self.finish()

    def finish(self) -> TraceResult:
        """Check the oldest trace in flight; after a broken conversation, end the implementation."""
        if self.restart:
            self.running()
        flight = self.in_flight[0]
        try:
            try:
                result = flight.checker.check(self.implementation.reply)
            except ProtocolError as error:
                result = TraceResult(flight.trace["id"], Outcome.FAILED, shown(str(error), 600), broken=True)
            except (RecursionError, ValueError, TypeError, KeyError, IndexError) as error:
                reason = f"a reply could not be checked ({type(error).__name__}: {shown(str(error), 200)})"
                result = TraceResult(flight.trace["id"], Outcome.FAILED, reason, broken=True)
            if result.broken:
                self.implementation.close()
                self.restart = True
            elif result.outcome is not Outcome.PASSED:
                _drain(self, len(flight.requests) - (result.step or 0) - 1)
        finally:
            self.in_flight.pop(0)
            self.implementation.log = None
            if flight.log is not None:
                flight.log.close()
        return _expected(result, self.options.expected_failures, time.perf_counter() - flight.began)


def _expected(result: TraceResult, expected: frozenset[str], seconds: float) -> TraceResult:
    """The result, timed, judged against the list of expected failures, its texts made safe to show."""
    outcome, reason = result.outcome, shown(result.reason, 1000)
    if result.trace in expected and outcome is Outcome.FAILED:
        outcome = Outcome.XFAILED
    elif result.trace in expected and outcome is Outcome.PASSED:
        outcome, reason = Outcome.XPASSED, "listed as an expected failure, but it passes: remove it from the list"
    return replace(
        result, outcome=outcome, reason=reason, seconds=seconds, diff=tuple(shown(line, 500) for line in result.diff)
    )


def _open_log(options: RunOptions, trace_id: str) -> IOLog | None:
    if options.log_io is None:
        return None
    options.log_io.mkdir(parents=True, exist_ok=True)
    return IOLog(options.log_io / f"{trace_id}.log", options.log_io_limit)


def _drain(pipeline: Pipeline, count: int) -> None:
    """Discard the replies still due for a trace that failed early, so the next trace starts clean."""
    try:
        for _ in range(max(count, 0)):
            pipeline.implementation.reply()
    except ProtocolError:
        pipeline.implementation.close()
        pipeline.restart = True


def read_expected_failures(path: Path) -> frozenset[str]:
    """Trace IDs from a file, one per line; ``#`` starts a comment."""
    try:
        lines = read_text(path, "list of expected failures").splitlines()
    except UnreadableFile as error:
        raise ValueError(f"cannot read the list of expected failures: {error}") from None
    return frozenset(line.split("#")[0].strip() for line in lines if line.split("#")[0].strip())
