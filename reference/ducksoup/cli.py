"""The ``ducksoup`` command line."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import click
from rich.console import Console

from duckcheck import FORMAT_VERSION, PROTOCOL_VERSION, SUITE_VERSION
from ducksoup import __version__

VERSION = (
    f"ducksoup {__version__} "
    f"(suite {SUITE_VERSION}, trace format {FORMAT_VERSION}, adapter protocol {PROTOCOL_VERSION})"
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", message=VERSION)
def main() -> None:
    """Duck Soup (David Parlett): executable specification, reference implementation and conformance suite."""


@main.command()
def examples() -> None:
    """Play the rule texts' worked examples through the specification and print each outcome.

    Exits with status 1 if the specification disagrees with any of them.
    """
    from duckspec.duck_soup.examples import WORKED_EXAMPLES

    console = Console(highlight=False)
    failures = 0
    for number, example in enumerate(WORKED_EXAMPLES, 1):
        agrees, actual = example.check()
        failures += not agrees
        mark = "[green]ok[/]" if agrees else "[red]DIFFERS[/]"
        console.print(f"{number}. {example.title} ({example.source}): {actual}  {mark}")
        if not agrees:
            console.print(f"   the text says: {example.expected}")
    console.print(f"{len(WORKED_EXAMPLES) - failures} passed, {failures} failed")
    sys.exit(1 if failures else 0)


@main.command()
@click.option(
    "--impl",
    "command",
    metavar="CMD",
    help="Command that starts the adapter to check (default: the bundled reference).",
)
@click.option(
    "-k",
    "keywords",
    multiple=True,
    metavar="TEXT",
    help="Only traces whose ID contains TEXT or that carry the tag TEXT (repeatable).",
)
@click.option("--timeout", default=10.0, show_default=True, metavar="SECONDS", help="How long to wait for each reply.")
@click.option("-x", "--exitfirst", is_flag=True, help="Stop at the first failing trace.")
@click.option(
    "--suite",
    "folder",
    type=click.Path(file_okay=False, path_type=Path),
    help="A suite folder other than the bundled one.",
)
def check(command: str | None, keywords: tuple[str, ...], timeout: float, exitfirst: bool, folder: Path | None) -> None:
    """Check an implementation against the conformance suite.

    Exit status: 0 when every trace run passes, 1 when a trace fails, 2 when no checking was
    possible (the implementation cannot start, or speaks another protocol version).
    """
    from duckcheck.runner import CannotCheck, Outcome, TraceResult, run, select
    from duckcheck.trace import TraceError, load_suite

    console = Console(highlight=False, stderr=False)
    try:
        traces = select(load_suite(folder, trusted=folder is None), keywords)
    except TraceError as error:
        raise click.ClickException(str(error)) from None
    if not traces:
        raise click.UsageError(f"no trace matches {' '.join(keywords)!r}")
    argv = shlex.split(command) if command else [sys.executable, "-m", "ducksoup", "adapter"]

    def report(result: TraceResult) -> None:
        if result.outcome is Outcome.FAILED:
            console.print(f"[red]FAILED[/] {result.trace}: {result.reason}")
            if result.action is not None:
                from duckcheck.runner import describe

                console.print(f"  action: {describe(result.action)}")
            if result.sections:
                console.print(f"  rules: {', '.join(result.sections)}")
            for line in result.diff:
                console.print(f"  {line}", markup=False)

    try:
        summary = run(argv, traces, timeout, report, max_failures=1 if exitfirst else None)
    except CannotCheck as error:
        console.print(f"[red]error:[/] {error}")
        sys.exit(2)
    name = summary.implementation.get("name", "?")
    rate = summary.steps / summary.seconds if summary.seconds else 0.0
    console.print(
        f"{name} {summary.implementation.get('version', '')}: "
        f"{summary.steps} steps in {summary.seconds:.1f} s ({rate:,.0f} steps/s)"
    )
    console.print(summary.closing_line())
    sys.exit(1 if summary.count(Outcome.FAILED) else 0)


@main.command()
@click.option("--spec", "use_spec", is_flag=True, help="Serve the executable specification instead of the engine.")
def adapter(use_spec: bool) -> None:
    """Serve the bundled reference over the adapter protocol (JSON Lines on standard input and output)."""
    from ducksoup.adapter import serve

    sys.exit(serve(backend="spec" if use_spec else "engine"))
