"""``ducksoup check``: choosing the traces, running them, and telling the user what happened.

On a terminal a progress bar shows the run; elsewhere only failures and the closing line are
printed. ``NO_COLOR`` turns colour off (rich honours it). No input, however wrong, ends in a
traceback: bad files and options get one clear line and exit status 2.
"""

from __future__ import annotations

import json
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from duckcheck.compare import Outcome, TraceResult
from duckcheck.reports import JsonLinesReport, write_junit
from duckcheck.runner import CannotCheck, RunOptions, Summary, read_expected_failures, run, select
from duckcheck.trace import TraceError, load_suite

JSON = dict[str, Any]
INTERRUPTED = 130


@dataclass(frozen=True)
class CheckRequest:
    command: str | None
    keywords: tuple[str, ...]
    timeout: float
    max_failures: int | None
    folder: Path | None
    json_path: Path | None
    junit_path: Path | None
    expected_path: Path | None
    list_only: bool
    last_failed: bool
    log_io: Path | None
    cache: Path
    games: tuple[str, ...] = ()
    """Only the traces of these games (every game when empty)."""
    html_path: Path | None = None
    """Where to write the report as one HTML page, each failing trace in the viewer (:mod:`ducksoup.viewer.report`)."""


def run_check(request: CheckRequest) -> int:
    """Run ``ducksoup check`` and return its exit status."""
    console = Console(highlight=False, soft_wrap=True)  # lines are never cut to fit, piped or not
    errors = Console(highlight=False, stderr=True, soft_wrap=True)
    try:
        traces = _choose(request, console)
        expected = read_expected_failures(request.expected_path) if request.expected_path else frozenset()
        argv = shlex.split(request.command) if request.command else [sys.executable, "-m", "ducksoup", "adapter"]
    except (TraceError, ValueError) as error:
        errors.print(f"error: {error}", markup=False)
        return 2
    if request.list_only:
        for trace in traces:
            console.print(f"{trace['id']}  {trace['description']}", markup=False)
        console.print(f"{len(traces)} traces")
        return 0
    options = RunOptions(request.timeout, request.max_failures, expected, request.log_io)
    report = JsonLinesReport(request.json_path) if request.json_path else None
    try:
        summary = _run(argv, traces, options, console, report)
    except CannotCheck as error:
        errors.print(f"error: {error}", markup=False)
        return 2
    except OSError as error:
        errors.print(f"error: {error}", markup=False)
        return 2
    if report is not None:
        report.finish(summary.counts(), summary.seconds, summary.interrupted)
    if request.junit_path is not None:
        write_junit(request.junit_path, summary.results, summary.implementation, summary.seconds)
    if request.html_path is not None:
        from ducksoup.viewer.report import report_page

        try:
            request.html_path.write_text(report_page(summary, traces, shlex.join(argv)), encoding="utf-8")
        except OSError as error:
            errors.print(f"error: {request.html_path}: cannot be written: {error.strerror}", markup=False)
            return 2
    _remember_failures(request.cache, summary)
    _print_summary(console, summary, expected)
    if summary.interrupted:
        return INTERRUPTED
    return 1 if summary.failed else 0


def _choose(request: CheckRequest, console: Console) -> list[JSON]:
    traces = select(load_suite(request.folder, trusted=request.folder is None), request.keywords)
    if request.games:
        traces = [trace for trace in traces if trace["game"] in request.games]
    if request.last_failed:
        failed = _previous_failures(request.cache)
        chosen = [trace for trace in traces if trace["id"] in (failed or set())]
        if chosen:
            traces = chosen
        elif failed is None:
            console.print(f"no previous run recorded here ({request.cache}): running every selected trace")
        elif not failed:
            console.print("the previous run had no failures: running every selected trace")
        else:
            console.print("none of the previous run's failures is among the selected traces: running them all")
    if not traces:
        wanted = " ".join([*request.keywords, *(f"--game {game}" for game in request.games)])
        raise ValueError(f"no trace matches {wanted!r}")
    return traces


def _run(
    argv: list[str], traces: list[JSON], options: RunOptions, console: Console, report: JsonLinesReport | None
) -> Summary:
    def started(implementation: JSON) -> None:
        if report is not None:
            report.start(implementation)

    def finished(result: TraceResult) -> None:
        if report is not None:
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
    name = summary.implementation.get("name", "?")
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
        console.print("interrupted: the results above are those of the traces finished")
    console.print(summary.closing_line())


def _previous_failures(cache: Path) -> set[str] | None:
    """The traces that failed in the previous run, or None when no previous run is recorded."""
    try:
        data = json.loads(cache.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return {str(trace) for trace in data.get("failed", [])} if isinstance(data, dict) else None


def _remember_failures(cache: Path, summary: Summary) -> None:
    failed = sorted(r.trace for r in summary.results if r.outcome in (Outcome.FAILED, Outcome.XPASSED))
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        cache.write_text(json.dumps({"failed": failed}, indent=1) + "\n", encoding="utf-8")
    except OSError:
        pass  # a read-only folder: --last-failed simply finds nothing next time
