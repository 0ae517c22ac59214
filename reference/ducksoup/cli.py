"""The ``ducksoup`` command line."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import click

from duckcheck import FORMAT_VERSION, PROTOCOL_VERSION, SUITE_VERSION
from ducksoup import __version__

VERSION = (
    f"ducksoup {__version__} "
    f"(suite {SUITE_VERSION}, trace format {FORMAT_VERSION}, adapter protocol {PROTOCOL_VERSION})"
)
LAST_FAILED = Path(".ducksoup") / "last-failed.json"
"""Where ``ducksoup check`` keeps the failures of its last run, for ``--last-failed``."""


LAZY_COMMANDS = {
    "analyse": "ducksoup.analyse:analyse",
    "explain": "ducksoup.telling:explain",
    "play": "ducksoup.playing:play",
    "replay": "ducksoup.telling:replay",
    "simulate": "ducksoup.simulate:simulate",
}
"""Commands imported only when used, so that ``ducksoup adapter`` and ``check`` start fast."""


class LazyGroup(click.Group):
    """A command group that imports the modules of :data:`LAZY_COMMANDS` on demand.

    Running a command loads only its own module; reading ``commands`` (as documentation
    generators do) loads them all.
    """

    @property  # type: ignore[override]
    def commands(self) -> dict[str, click.Command]:
        for name in LAZY_COMMANDS:
            self._eager.setdefault(name, _load(name))
        return self._eager

    @commands.setter
    def commands(self, value: dict[str, click.Command]) -> None:
        self._eager = dict(value)

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        self._eager[name or cmd.name or ""] = cmd

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self._eager, *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in LAZY_COMMANDS and cmd_name not in self._eager:
            self._eager[cmd_name] = _load(cmd_name)
        return self._eager.get(cmd_name)


def _load(name: str) -> click.Command:
    module, attribute = LAZY_COMMANDS[name].split(":")
    command = getattr(importlib.import_module(module), attribute)
    assert isinstance(command, click.Command)
    return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", message=VERSION)
def main() -> None:
    """Duck Soup (David Parlett): executable specification, reference implementation and conformance suite."""


@main.command()
def examples() -> None:
    """Play the rule texts' worked examples through the specification and print each outcome.

    Exits with status 1 if the specification disagrees with any of them.
    """
    from rich.console import Console

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
    "--impl", "command", metavar="CMD", help="Command that starts the adapter to check (default: the reference)."
)
@click.option(
    "-k", "keywords", multiple=True, metavar="TEXT", help="Only traces whose ID contains TEXT or tagged TEXT."
)
@click.option("--timeout", default=10.0, show_default=True, metavar="SECONDS", help="How long to wait for each reply.")
@click.option("-x", "--exitfirst", is_flag=True, help="Stop at the first failing trace.")
@click.option("--maxfail", type=click.IntRange(min=1), metavar="N", help="Stop after N failing traces.")
@click.option("--suite", "folder", type=click.Path(file_okay=False, path_type=Path), help="Another suite folder.")
@click.option(
    "--json", "json_path", type=click.Path(dir_okay=False, path_type=Path), help="JSON Lines report, a line per trace."
)
@click.option("--junit", "junit_path", type=click.Path(dir_okay=False, path_type=Path), help="JUnit XML report.")
@click.option(
    "--expected-failures",
    "expected_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="File of trace IDs that may fail, one per line; a listed trace that passes fails the run.",
)
@click.option("--list", "list_only", is_flag=True, help="List the traces that would run, and stop.")
@click.option("--last-failed", is_flag=True, help="Run only the traces that failed in the previous run.")
@click.option("--log-io", "log_io", type=click.Path(file_okay=False, path_type=Path), help="Raw I/O per trace in DIR.")
def check(
    command: str | None,
    keywords: tuple[str, ...],
    timeout: float,
    exitfirst: bool,
    maxfail: int | None,
    folder: Path | None,
    json_path: Path | None,
    junit_path: Path | None,
    expected_path: Path | None,
    list_only: bool,
    last_failed: bool,
    log_io: Path | None,
) -> None:
    """Check an implementation against the conformance suite.

    Exit status: 0 when every trace run passes, 1 when a trace fails (or a listed expected
    failure passes), 2 when no checking was possible (the implementation cannot start, speaks
    another protocol version, or an option or file is wrong), 130 when interrupted.
    """
    from ducksoup.checking import CheckRequest, run_check

    request = CheckRequest(
        command=command,
        keywords=keywords,
        timeout=timeout,
        max_failures=1 if exitfirst else maxfail,
        folder=folder,
        json_path=json_path,
        junit_path=junit_path,
        expected_path=expected_path,
        list_only=list_only,
        last_failed=last_failed,
        log_io=log_io,
        cache=LAST_FAILED,
    )
    sys.exit(run_check(request))


@main.command()
@click.option("--spec", "use_spec", is_flag=True, help="Serve the executable specification instead of the engine.")
def adapter(use_spec: bool) -> None:
    """Serve the bundled reference over the adapter protocol (JSON Lines on standard input and output)."""
    from ducksoup.adapter import serve

    sys.exit(serve(backend="spec" if use_spec else "engine"))
