"""``ducksoup check``: choosing the traces, running them, and telling the user what happened.

On a terminal a progress bar shows the run; elsewhere only failures and the closing line are
printed. ``NO_COLOR`` turns colour off (rich honours it). No input, however wrong, ends in a
traceback: bad files and options get one clear line and exit status 2.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shlex
import signal
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from duckcheck.compare import Outcome, TraceResult
from duckcheck.interrupts import signals_ignored, signals_raise
from duckcheck.process import LOG_LIMIT
from duckcheck.reports import FinishedRun, Report
from duckcheck.runner import (
    CHECKED,
    Interrupted,
    RunOptions,
    Summary,
    read_expected_failures,
    run,
    select,
)
from duckcheck.trace import TraceError, load_suite
from duckcheck.untrusted import UnreadableFile, UnreadableJSON, loads, read_text, shown
from ducksoup.report_formats import ReportFormat

JSON = dict[str, Any]


@dataclass(frozen=True)
class CheckRequest:
    command: str | None
    keywords: tuple[str, ...]
    timeout: float
    max_failures: int | None
    folder: Path | None
    reports: tuple[tuple[ReportFormat, Path], ...]
    """The reports to write: each format with its file (:data:`ducksoup.report_formats.REPORT_FORMATS`)."""
    expected_path: Path | None
    list_only: bool
    last_failed: bool
    log_io: Path | None
    cache: Path
    allow_all_skipped: bool = False
    games: tuple[str, ...] = ()
    """Only the traces of these games (every game when empty)."""
    log_io_limit: int = LOG_LIMIT
    """The most bytes each trace's I/O log (``log_io``) holds."""
    max_time: float | None = None
    """Seconds the whole run may take (None: no limit)."""


OUT_OF_TIME = 124
"""The exit status of a run stopped by ``--max-time`` (as ``timeout(1)`` exits)."""


def implementation_command(command: str | None) -> list[str]:
    """The argument list that starts the implementation: ``command`` split as a shell would, or the reference.

    An empty or blank ``command`` is an error (an unset variable in a CI line must not check the
    reference instead), and so is one that does not split (an unbalanced quote).
    """
    if command is None:
        return [sys.executable, "-m", "ducksoup", "adapter"]
    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise ValueError(f"--impl {shown(command, 80)!r}: {error}") from None
    if not argv:
        raise ValueError(
            "--impl is empty: give the command that starts your adapter, like --impl 'python my_adapter.py' "
            "(leave --impl out to check the bundled reference)"
        )
    return argv


def run_check(request: CheckRequest) -> int:
    """Run ``ducksoup check`` and return its exit status; SIGTERM and SIGHUP end it like Ctrl-C.

    A signal that comes once the run has concluded (its reports written, its summary printed)
    changes nothing: the status is the run's.
    """
    concluded: list[int] = []
    try:
        with signals_raise(Interrupted):
            return _check(request, concluded)
    except KeyboardInterrupt as interrupt:
        if concluded:
            return concluded[0]
        Console(stderr=True, highlight=False).print("interrupted before the run began", markup=False)
        return 128 + (interrupt.signal if isinstance(interrupt, Interrupted) else signal.SIGINT)


def _check(request: CheckRequest, concluded: list[int]) -> int:
    console = Console(highlight=False, soft_wrap=True)  # lines are never cut to fit, piped or not
    errors = Console(highlight=False, stderr=True, soft_wrap=True)

    def error_line(text: str) -> None:
        errors.print(f"error: {shown(text)}", markup=False)

    try:
        argv = implementation_command(request.command)
        traces = _choose(request, console)
        expected = read_expected_failures(request.expected_path) if request.expected_path else frozenset()
    except (TraceError, ValueError) as error:
        error_line(str(error))
        return 2
    if request.list_only:
        for trace in traces:
            console.print(f"{trace['id']}  {shown(trace['description'], 200)}", markup=False)
        console.print(f"{len(traces)} traces")
        return 0
    reports: list[Report] = [chosen.made(path) for chosen, path in request.reports]
    try:
        for report in reports:
            report.prepare()
        if request.log_io is not None:
            request.log_io.mkdir(parents=True, exist_ok=True)
            tempfile.TemporaryFile(dir=request.log_io).close()
    except OSError as error:
        error_line(f"cannot write {error.filename or 'a report'}: {error.strerror or error}")
        for report in reports:
            report.close()
        return 2
    options = RunOptions(
        request.timeout, request.max_failures, expected, request.log_io, request.log_io_limit, request.max_time
    )
    try:
        summary = _run(argv, traces, options, console, reports)
        with signals_ignored():
            concluded.append(_conclude(request, summary, traces, argv, expected, console, reports, error_line))
            return concluded[0]
    finally:
        for report in reports:
            report.close()


def _conclude(
    request: CheckRequest,
    summary: Summary,
    traces: list[JSON],
    argv: list[str],
    expected: frozenset[str],
    console: Console,
    reports: list[Report],
    error_line: Callable[[str], None],
) -> int:
    """Write the reports and the failures to remember, say how it went, and return the exit status."""
    status = None
    stopped = summary.error or (_time_up(request) if summary.out_of_time else None)
    finished = FinishedRun(summary, stopped, traces, shlex.join(argv))
    try:
        for report in reports:
            report.finish(finished)
    except OSError as error:
        error_line(f"cannot write {error.filename or 'a report'}: {error.strerror or error}")
        status = 2
    _remember_failures(request.cache, summary)
    if summary.error and not summary.checked:
        error_line(summary.error)
        return 2
    _print_summary(console, summary, expected)
    if summary.error:
        error_line(f"{summary.error}; {summary.count(Outcome.NOT_RUN)} trace(s) not run")
    if summary.interrupted:
        return 128 + (summary.signal or signal.SIGINT)
    if summary.out_of_time:
        error_line(f"{_time_up(request)}: the run stopped, {summary.count(Outcome.NOT_RUN)} trace(s) not run")
        return OUT_OF_TIME
    if status is not None:
        return status
    if summary.failed or summary.error:
        return 1
    if not summary.checked and not request.allow_all_skipped:
        skipped = [r for r in summary.results if r.outcome is Outcome.SKIPPED]
        error_line(
            f"nothing was checked: the implementation skipped all {len(skipped)} trace(s)"
            + (f" ({skipped[0].reason})" if skipped else "")
            + "; pass --allow-all-skipped to accept a run that checks nothing"
        )
        return 2
    return 0


def _time_up(request: CheckRequest) -> str:
    """Why a run that reached its ``--max-time`` stopped, for the error line and the JSON report."""
    return f"the time limit was reached (--max-time {request.max_time or 0:g} s)"


def _choose(request: CheckRequest, console: Console) -> list[JSON]:
    traces = select(load_suite(request.folder, trusted=request.folder is None), request.keywords)
    if request.games:
        traces = [trace for trace in traces if trace["game"] in request.games]
    if request.last_failed:
        failed, problem = _previous_failures(request.cache)
        if problem:
            console.print(f"note: {shown(str(request.cache))} {problem}: running every selected trace", markup=False)
        chosen = [trace for trace in traces if trace["id"] in (failed or set())]
        if chosen:
            traces = chosen
        elif problem:
            pass
        elif failed is None:
            console.print(f"no previous run recorded here ({request.cache}): running every selected trace")
        elif not failed:
            console.print("the previous run had no failures: running every selected trace")
        else:
            console.print("none of the previous run's failures is among the selected traces: running them all")
    if not traces:
        wanted = " ".join([*request.keywords, *(f"--game {game}" for game in request.games)])
        raise ValueError(f"no trace matches {shown(wanted, 200)!r}")
    return traces


def _run(argv: list[str], traces: list[JSON], options: RunOptions, console: Console, reports: list[Report]) -> Summary:
    def started(implementation: JSON) -> None:
        for report in reports:
            report.start(implementation)

    def finished(result: TraceResult) -> None:
        for report in reports:
            report.add(result)
        if result.outcome in (Outcome.FAILED, Outcome.XPASSED):
            _print_failure(console if progress is None else progress.console, result)

    progress = None
    if console.is_terminal:
        progress = Progress(
            TextColumn("[progress.description]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=console,
            transient=True,
        )
    if progress is None:
        return run(argv, traces, options, started, finished)
    with progress:
        task = progress.add_task("checking", total=len(traces))

        def advance(result: TraceResult) -> None:
            finished(result)
            progress.advance(task)

        return run(argv, traces, options, started, advance)


def _print_failure(console: Console, result: TraceResult) -> None:
    label = "FAILED" if result.outcome is Outcome.FAILED else "XPASS"
    console.print(f"[red]{label}[/] {result.trace}: ", end="")
    console.print(result.reason, markup=False)
    if result.action is not None:
        console.print(f"  action: {result.action_text}", markup=False)
    if result.sections:
        console.print(f"  rules: {', '.join(result.sections)}", markup=False)
    for line in result.diff:
        console.print(f"  {line}", markup=False, soft_wrap=True)


def _print_summary(console: Console, summary: Summary, expected: frozenset[str]) -> None:
    name = shown(summary.implementation.get("name", "?"))
    rate = summary.steps / summary.seconds if summary.seconds else 0.0
    console.print(
        f"{name} {summary.implementation.get('version', '')}: "
        f"{summary.steps} steps in {summary.seconds:.1f} s ({rate:,.0f} steps/s)",
        markup=False,
    )
    if summary.restarts:
        console.print(f"the implementation was restarted {summary.restarts} time(s) after crashing or hanging")
    if expected:
        console.print(
            f"{summary.count(Outcome.XFAILED)} expected failure(s), "
            f"{summary.count(Outcome.XPASSED)} listed trace(s) passed unexpectedly"
        )
    if summary.interrupted:
        name = signal.Signals(summary.signal or signal.SIGINT).name
        console.print(f"interrupted ({name}): the results above are those of the traces finished", markup=False)
    console.print(summary.closing_line())


def _previous_failures(cache: Path) -> tuple[set[str] | None, str | None]:
    """The trace IDs that failed when last run (None when no run is recorded here), and what is wrong with the
    file if it is damaged."""
    try:
        data = loads(read_text(cache, "list of failures", limit=MAX_CACHE))
    except UnreadableFile as error:
        if not cache.exists():
            return None, None
        return set(), f"cannot be read ({str(error).split(': ', 1)[-1]})"
    except UnreadableJSON as error:
        return set(), f"is damaged ({error})"
    failed = data.get("failed") if isinstance(data, dict) else None
    if not isinstance(failed, list) or not all(isinstance(trace, str) for trace in failed):
        return set(), 'is damaged (expected {"failed": [trace IDs]})'
    return set(failed), None


MAX_CACHE = 10 * 1024 * 1024
"""The largest list of failures read back (a list of every trace of the suite takes about 8 KB)."""


def _remember_failures(cache: Path, summary: Summary) -> None:
    """Update the failures kept for ``--last-failed``: the traces checked now replace their earlier outcome.

    Runs in the same folder may end at the same time: the file is updated under a lock and
    replaced atomically, so no run's failures are lost and no reader sees half a file.
    """
    checked = {r.trace for r in summary.results if r.outcome in CHECKED}
    failed = {r.trace for r in summary.results if r.outcome in (Outcome.FAILED, Outcome.XPASSED)}
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        with _locked(cache.with_name(cache.name + ".lock")):
            previous, _ = _previous_failures(cache)
            remembered = sorted(((previous or set()) - checked) | failed)
            descriptor, name = tempfile.mkstemp(dir=cache.parent, prefix=f".{cache.name}.", suffix=".tmp")
            try:
                with os.fdopen(descriptor, "w", encoding="utf-8") as file:
                    file.write(json.dumps({"failed": remembered}, indent=1) + "\n")
                os.chmod(name, 0o644)
                os.replace(name, cache)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(name)
                raise
    except OSError:
        pass  # a read-only folder: --last-failed simply finds nothing next time


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive lock on ``path`` (created if need be) for the duration of the block."""
    with path.open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
