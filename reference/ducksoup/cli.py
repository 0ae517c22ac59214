"""The ``ducksoup`` command line."""

from __future__ import annotations

import importlib
import math
import re
import sys
from pathlib import Path
from typing import Any

import click

from duckcheck import FORMAT_VERSION, PROTOCOL_VERSION, SUITE_VERSION
from ducksoup import __version__
from ducksoup.command_options import game_option
from ducksoup.report_formats import chosen_reports, report_options

VERSION = (
    f"ducksoup {__version__} "
    f"(suite {SUITE_VERSION}, trace format {FORMAT_VERSION}, adapter protocol {PROTOCOL_VERSION})"
)
LAST_FAILED = Path(".ducksoup") / "last-failed.json"
"""Where ``ducksoup check`` keeps the failures of its last run, for ``--last-failed``."""


LAZY_COMMANDS = {
    "analyse": "ducksoup.telling:analyse",
    "explain": "ducksoup.telling:explain",
    "record": "ducksoup.records_command:record",
    "replay": "ducksoup.telling:replay",
    "view": "ducksoup.viewer.command:view",
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


MAX_TIMEOUT = 86_400.0
"""The longest reply timeout accepted, in seconds (a day)."""


def seconds(value: float) -> float:
    """A reply timeout: a number of seconds above 0 and at most :data:`MAX_TIMEOUT` (not nan, not infinite)."""
    if not math.isfinite(value) or not 0 < value <= MAX_TIMEOUT:
        raise click.BadParameter(f"{value:g} is not a timeout: give the seconds to wait, above 0 and at most 86400")
    return value


MAX_RUN_TIME = 7 * 86_400.0
"""The longest ``--max-time`` accepted, in seconds (a week)."""


def run_seconds(value: float | None) -> float | None:
    """A time limit for a whole run: None, or seconds above 0 and at most :data:`MAX_RUN_TIME`."""
    if value is not None and (not math.isfinite(value) or not 0 < value <= MAX_RUN_TIME):
        raise click.BadParameter(
            f"{value:g} is not a time limit: give the seconds the whole run may take, above 0 and at most 604800"
        )
    return value


SIZE_UNITS = {"": 1, "b": 1, "k": 1 << 10, "kib": 1 << 10, "m": 1 << 20, "mib": 1 << 20, "g": 1 << 30, "gib": 1 << 30}
"""The units of a size in bytes (powers of 1024: ``10M`` and ``10MiB`` are both 10 MiB)."""


def byte_size(value: str) -> int:
    """A size in bytes from ``10MiB``, ``64K``, ``1000`` (a whole number and an optional unit, at least 1 byte)."""
    match = re.fullmatch(r"\s*(\d{1,15})\s*([a-zA-Z]*)\s*", value)
    unit = match.group(2).lower() if match else ""
    if match is None or unit not in SIZE_UNITS or int(match.group(1)) == 0:
        raise click.BadParameter(
            f"{value!r} is not a size: give a whole number of bytes above 0, with K, M or G (KiB, MiB, GiB) "
            "if you like, like 10MiB"
        )
    return int(match.group(1)) * SIZE_UNITS[unit]


def _load(name: str) -> click.Command:
    module, attribute = LAZY_COMMANDS[name].split(":")
    command = getattr(importlib.import_module(module), attribute)
    assert isinstance(command, click.Command)
    return command


INTERRUPTED = 130
"""The exit status of a command stopped by Ctrl-C (128 + SIGINT, as shells report it)."""


class FamilyGroup(LazyGroup):
    """The ``ducksoup`` group, whose help ends with the games of the family, and where a Ctrl-C that no command
    handled itself (an analysis, a long replay) ends in one line and status 130, not click's "Aborted!" and 1."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo("interrupted (SIGINT): stopped before the end", err=True)
            ctx.exit(INTERRUPTED)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from duckcheck.games import DEFAULT_GAME, games

        with formatter.section("Games"):
            formatter.write_dl(
                [(suite.id, suite.title + (" (the default)" if suite.id == DEFAULT_GAME else "")) for suite in games()]
            )


class GameCommand(click.Command):
    """A command whose options are the chosen game's own: it takes ``--game G`` (default Duck Soup) and hands
    the other arguments to that game's own command, so ``ducksoup play --game G --help`` shows G's options."""

    def __init__(self, name: str, summary: str) -> None:
        super().__init__(
            name,
            help=f"{summary} Takes --game GAME (default duck-soup) and that game's options: see "
            f"'ducksoup {name} --game GAME --help'.",
            short_help=summary,
            context_settings={"ignore_unknown_options": True, "allow_extra_args": True, "help_option_names": []},
            add_help_option=False,
        )

    def invoke(self, ctx: click.Context) -> Any:
        from duckcheck.games import UnknownGame
        from ducksoup.games import reference

        args = list(ctx.args)
        game = None
        for index, arg in enumerate(args):
            if arg == "--game" and index + 1 < len(args):
                game = args[index + 1]
                del args[index : index + 2]
                break
            if arg.startswith("--game="):
                game = arg.split("=", 1)[1]
                del args[index]
                break
        try:
            entry = reference(game)
        except UnknownGame as error:
            raise click.BadParameter(str(error), ctx, param_hint="'--game'") from None
        command = entry.command(self.name or "")
        if command is None:
            raise click.UsageError(f"{entry.suite.title} has no '{self.name}' command", ctx)
        with command.make_context(ctx.info_name, args, parent=ctx.parent) as sub:
            return command.invoke(sub)


@click.group(cls=FamilyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", message=VERSION)
def main() -> None:
    """The Duck Soup family of card games (David Parlett's Duck Soup and Doubleduck, and Aw Ducks!): executable
    specification, reference implementation and conformance suite."""


main.add_command(GameCommand("play", "Play a game against bots in the terminal; it is saved as a trace."))
main.add_command(GameCommand("simulate", "Play bots against bots and report scores, events and win rates."))


@main.command(short_help="Play the rule texts' worked examples through the specification.")
@game_option("Only this game's examples (default: every game's).")
def examples(game: str | None) -> None:
    """Play the rule texts' worked examples through the specification and print each outcome.

    Exits with status 1 if the specification disagrees with any of them.
    """
    from rich.console import Console

    from ducksoup.games import reference, references

    console = Console(highlight=False, soft_wrap=True)  # lines are never cut to fit, piped or not
    failures = 0
    chosen = [reference(game)] if game else references()
    worked = [(entry.suite.title, example) for entry in chosen for example in entry.worked_examples()]
    for number, (title, example) in enumerate(worked, 1):
        agrees, actual = example.check()
        failures += not agrees
        mark = "[green]ok[/]" if agrees else "[red]DIFFERS[/]"
        console.print(f"{number}. {title}: {example.title} ({example.source}): {actual}  {mark}")
        if not agrees:
            console.print(f"   the text says: {example.expected}")
    console.print(f"{len(worked) - failures} passed, {failures} failed")
    sys.exit(1 if failures else 0)


@main.command(short_help="Check an implementation against the conformance suite.")
@click.option(
    "--impl", "command", metavar="CMD", help="Command that starts the adapter to check (default: the reference)."
)
@click.option(
    "-k",
    "keywords",
    multiple=True,
    metavar="TEXT",
    help="Only traces whose ID contains TEXT, or that carry the tag TEXT (-k quack picks every trace with a quack).",
)
@click.option(
    "--timeout",
    default=10.0,
    show_default=True,
    metavar="SECONDS",
    callback=lambda ctx, param, value: seconds(value),
    help="How long to wait for each reply (more than 0, at most a day).",
)
@click.option("-x", "--exitfirst", is_flag=True, help="Stop at the first failing trace.")
@click.option("--maxfail", type=click.IntRange(min=1), metavar="N", help="Stop after N failing traces.")
@click.option("--suite", "folder", type=click.Path(file_okay=False, path_type=Path), help="Another suite folder.")
@report_options
@click.option(
    "--expected-failures",
    "expected_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="File of trace IDs that may fail, one per line; a listed trace that passes fails the run.",
)
@click.option("--list", "list_only", is_flag=True, help="List the traces that would run, and stop.")
@click.option(
    "--last-failed",
    is_flag=True,
    help="Run only the traces that failed in the previous run here (.ducksoup/last-failed.json); all if none did.",
)
@click.option(
    "--log-io",
    "log_io",
    type=click.Path(file_okay=False, path_type=Path),
    metavar="DIR",
    help="Write each trace's raw requests and replies to DIR/TRACE-ID.log.",
)
@click.option(
    "--log-io-limit",
    default="10MiB",
    show_default=True,
    metavar="SIZE",
    callback=lambda ctx, param, value: byte_size(value),
    help="The most each --log-io log holds (like 64KiB, 10MiB, 1G); a log cut there says so in its last lines.",
)
@click.option(
    "--max-time",
    type=float,
    metavar="SECONDS",
    callback=lambda ctx, param, value: run_seconds(value),
    help="Stop the whole run after SECONDS: the traces not finished are reported as not run, and the exit "
    "status is 124.",
)
@click.option(
    "--allow-all-skipped",
    is_flag=True,
    help="Exit 0 even when the implementation skipped every trace (by default a run that checks nothing fails).",
)
@game_option("Only this game's traces (repeatable; default: every game's).", multiple=True)
def check(
    command: str | None,
    keywords: tuple[str, ...],
    timeout: float,
    exitfirst: bool,
    maxfail: int | None,
    folder: Path | None,
    expected_path: Path | None,
    list_only: bool,
    last_failed: bool,
    log_io: Path | None,
    log_io_limit: int,
    max_time: float | None,
    allow_all_skipped: bool,
    games: tuple[str, ...],
    **reports: Path | None,
) -> None:
    """Check an implementation against the conformance suite (every game the implementation supports).

    Exit status: 0 when every trace run passes, 1 when a trace fails (or a listed expected
    failure passes, or the implementation crashed and could not be started again), 2 when no
    checking was possible (the implementation cannot start, speaks another protocol version,
    skips every trace, or an option or file is wrong), 124 when --max-time ran out (the traces
    not finished are not run, whatever the others did), 130 when interrupted by Ctrl-C (143 by
    SIGTERM). The implementation runs in a process group and session of its own, which is ended
    with the run, together with every process it started that carries the run's mark in its
    environment (DUCKCHECK_RUN: found on Linux even after it left the session with setsid).

    Each run writes the IDs of the traces that failed to .ducksoup/last-failed.json in the current
    folder (for --last-failed); the folder may be deleted at any time.
    """
    from ducksoup.checking import CheckRequest, run_check

    request = CheckRequest(
        command=command,
        keywords=keywords,
        timeout=timeout,
        max_failures=1 if exitfirst else maxfail,
        folder=folder,
        reports=chosen_reports(reports),
        expected_path=expected_path,
        list_only=list_only,
        last_failed=last_failed,
        log_io=log_io,
        cache=LAST_FAILED,
        allow_all_skipped=allow_all_skipped,
        games=games,
        log_io_limit=log_io_limit,
        max_time=max_time,
    )
    sys.exit(run_check(request))


@main.command(short_help="Serve the bundled reference over the adapter protocol.")
@click.option("--spec", "use_spec", is_flag=True, help="Serve the executable specification instead of the engine.")
@game_option("Serve only this game (repeatable; default: every game of the family).", multiple=True)
def adapter(use_spec: bool, games: tuple[str, ...]) -> None:
    """Serve the bundled reference over the adapter protocol (JSON Lines on standard input and output)."""
    from ducksoup.adapter import serve

    sys.exit(serve(backend="spec" if use_spec else "engine", games=games))
