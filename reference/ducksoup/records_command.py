"""``ducksoup record``: checking a hand-written record, and converting between records and traces, for every game.

Every game with a record format (its registry entry gives ``read_record`` and ``write_record``) gets
the same three commands; a record is read by the game its ``[Game]`` tag names (``--game`` for a
record without one, Duck Soup by default: ``ducksoup.telling.load_record``):

- ``record check FILE``: read the record and infer what it does not say, without telling it. Exit 0
  and one line (``legal``, with what the record holds); 1 and the first line where the game became
  impossible, with its column and the rule; 2 and one line for a file that is no record of a game
  (a mistake of its notation, a JSON trace, hostile input).
- ``record to-trace FILE``: the record as a conformance trace (JSON), with the deck orders inferred;
  a record that breaks a rule is refused (exit 1).
- ``record from-trace TRACE``: a trace (a file, or the ID of a trace of the bundled suite) as a record:
  everything it holds, or with ``--as P`` only what player P saw; a trace whose claims the rules
  contradict is refused (exit 1).

Files are written as ``ducksoup play`` writes its games (``ducksoup.saving.SaveFile``): never
through a symbolic link, never over an existing file (the next free numbered name is used instead).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from duckcheck.codec import EncodingError, SetupError
from duckcheck.trace import TraceError, dump_trace, parse_trace
from duckcheck.untrusted import STDIN, UnreadableFile, read_text, shown
from ducksoup.games import GameReference, reference, references
from ducksoup.narration import Loaded
from ducksoup.records import record_source
from ducksoup.saving import SaveFile, SaveRefused, describe_error
from ducksoup.telling import GAME, RecordBreaksRule, find_game_file, load_record, rules_disagreement

JSON = dict[str, Any]
LEGAL, BROKEN, UNREADABLE = 0, 1, 2
"""The exit statuses: a legal record (or a conversion done), a rule broken, a file that cannot be used."""
TRACE_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
"""A trace ID, as the trace schema has it: lower-case letters and digits in words joined by hyphens."""


class Refused(Exception):
    """A command refused, with its exit status and the one line that says why."""

    def __init__(self, status: int, line: str) -> None:
        super().__init__(line)
        self.status = status
        self.line = line


def games_with_records() -> str:
    """The IDs of the games that have a record format, for a refusal (``duck-soup, doubleduck``)."""
    return ", ".join(entry.id for entry in references() if entry.read_record is not None) or "no game"


def called(name: str) -> str:
    """How the file ``name`` is called in messages: its name, control characters escaped, or standard input."""
    return "standard input" if name == STDIN else shown(name)


def read_record_file(name: str) -> tuple[str, Path, str]:
    """The text of the record file ``name`` (``-``: standard input), its path and how it is called in messages;
    :class:`Refused` (exit 2) for a file that cannot be read."""
    path = Path(name)
    try:
        return read_text(path, "record"), path, called(name)
    except UnreadableFile as error:
        raise Refused(UNREADABLE, str(error)) from None


@dataclass(frozen=True)
class Verdict:
    """What ``record check`` finds: the exit status, its one line, and the game read (None when none could be)."""

    status: int
    line: str
    loaded: Loaded | None = None

    @property
    def place(self) -> tuple[int, int] | None:
        """The line and column the verdict names, if it names one."""
        match = PLACE.search(self.line)
        return None if match is None else (int(match.group(1)), int(match.group(2)))


PLACE = re.compile(r"line (\d+), column (\d+)")
"""How every game's record errors name their place (:class:`ducksoup.records.errors.RecordError`)."""


def verdict(text: str, path: Path, game: str | None, name: str) -> Verdict:
    """Read the record ``text`` (from ``path``, named ``name`` in messages) by its game and infer what it does not
    say: legal (0), the first place where the game became impossible, with its rule (1), or no record of a game
    (2)."""
    if text.lstrip().startswith("{"):
        return Verdict(
            UNREADABLE,
            f"{name} is a JSON trace, not a hand-written record: 'ducksoup replay' checks a trace, "
            "'ducksoup record from-trace' writes it as a record",
        )
    try:
        loaded = load_record(text, path, game, name)
    except RecordBreaksRule as error:
        return Verdict(BROKEN, f"the game breaks a rule at {name}, {str(error).removeprefix(name + ': ')}")
    except TraceError as error:
        return Verdict(UNREADABLE, str(error))
    breach = rules_disagreement(loaded)
    if breach is not None:
        named = record_source(path)[1] + ", "  # a reader names its file so in where it stops
        where = f"{name}, {shown(breach.removeprefix(named))}"
        return Verdict(BROKEN, f"the game breaks a rule at {where}", loaded)
    return Verdict(LEGAL, f"{name}: legal: {summary(loaded)}", loaded)


def legal_record(name: str, game: str | None) -> tuple[Loaded, str]:
    """The record in the file ``name``, read by its game, and the line saying it is legal, if its game is legal;
    :class:`Refused` otherwise."""
    text, path, shown_name = read_record_file(name)
    result = verdict(text, path, game, shown_name)
    if result.status != LEGAL:
        raise Refused(result.status, result.line)
    assert result.loaded is not None
    return result.loaded, result.line


def summary(loaded: Loaded) -> str:
    """What a legal record holds, in one line: its game, scope, steps and the cards placed by inference."""
    trace = loaded.trace
    steps = sum("state" in step for step in trace["steps"])
    title = reference(trace["game"]).suite.title
    inferred = len(loaded.inferred)
    placed = f"{inferred} card{'' if inferred == 1 else 's'} placed by inference" if inferred else "no card inferred"
    return f"a {title} {trace['scope']} of {steps} step{'' if steps == 1 else 's'}, {placed}"


def write_out(text: str, output: Path | None) -> None:
    """``text`` to ``output`` (never through a link nor over a file: the next free name), or to standard output."""
    if output is None:
        click.echo(text, nl=False)
        return
    try:
        file = SaveFile(output)
        file.write(text)
    except SaveRefused as error:
        raise Refused(UNREADABLE, f"-o {shown(str(output))}: {error}") from None
    except OSError as error:
        raise Refused(UNREADABLE, f"-o {shown(str(output))}: cannot write it: {describe_error(error)}") from None
    written = file.path or output
    kept = f" ({shown(str(output))} exists and is kept)" if written != output else ""
    click.echo(f"written to {shown(str(written))}{kept}")


def run(action: Any) -> None:
    """Run a command's ``action`` and exit with its status; a :class:`Refused` is one line on standard error."""
    errors = Console(stderr=True, highlight=False, soft_wrap=True)
    try:
        status = action(errors)
    except Refused as refused:
        errors.print(f"error: {refused.line}", markup=False)
        status = refused.status
    raise SystemExit(status)


def trace_id(context: click.Context, parameter: click.Parameter, value: str | None) -> str | None:
    """``--id``: a trace ID as the schema has it, at most 100 characters."""
    if value is not None and (len(value) > 100 or not TRACE_ID.fullmatch(value)):
        raise click.BadParameter(
            f"{shown(value, 40)} is not a trace ID: write lower-case letters and digits in words joined by "
            "hyphens, at most 100 characters, like club-night-3"
        )
    return value


RECORD_FILE = click.argument("name", metavar="FILE")
OUTPUT = click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write to this file (default: standard output); an existing file is kept and the next free "
    "numbered name used.",
)


@click.group(short_help="Check a hand-written record, or convert records and traces.")
def record() -> None:
    """Check a hand-written record of a game, or convert between records and traces.

    A record is read by the game its [Game] tag names; --game chooses for a record without the tag
    (default: duck-soup). The games with a record format are those whose 'Writing down a game' page the
    docs have. Exit status: 0 done, 1 the record (or trace) breaks a rule (the first place is named),
    2 the file cannot be used (not a record, a mistake of its notation, hostile input).
    """


@record.command(short_help="Check a record without telling it: legal, or the first rule it breaks.")
@RECORD_FILE
@GAME
def check(name: str, game: str | None) -> None:
    """Read the record FILE and infer what it does not say, without telling the game.

    Prints 'legal' and what the record holds (exit 0), or the first line where the game became impossible,
    with its column and the rule (exit 1); a file that is no record is one line and exit 2.
    """

    def checked(errors: Console) -> int:
        click.echo(legal_record(name, game)[1])
        return LEGAL

    run(checked)


@record.command("to-trace", short_help="Convert a record to a conformance trace (JSON).")
@RECORD_FILE
@GAME
@OUTPUT
@click.option("--id", "new_id", callback=trace_id, metavar="ID", help="The trace's ID (default: from the file name).")
def to_trace(name: str, game: str | None, output: Path | None, new_id: str | None) -> None:
    """Convert the record FILE to a conformance trace, with the deck orders it does not give inferred.

    A record that breaks a rule is refused with the first line where the game became impossible (exit 1);
    the trace says in its description how many cards were placed by inference.
    """

    def converted(errors: Console) -> int:
        trace = dict(legal_record(name, game)[0].trace)
        if new_id is not None:
            trace["id"] = new_id
        write_out(dump_trace(trace), output)
        return LEGAL

    run(converted)


@record.command("from-trace", short_help="Write a trace as a record: everything, or what one player saw.")
@click.argument("name", metavar="FILE_OR_TRACE_ID")
@click.option("--as", "as_player", type=click.IntRange(0, 3), help="Only what this player saw (default: everything).")
@OUTPUT
def from_trace(name: str, as_player: int | None, output: Path | None) -> None:
    """Write the trace FILE_OR_TRACE_ID (a JSON trace, or the ID of a trace of the bundled suite) as a record.

    With --as P, the record holds only what player P saw at the table: their own hand, every card played, the
    cards turned up and drawn in their sight; it reads back to the same play, scores and hands of P. A trace
    whose claims the rules contradict is refused (exit 1).
    """

    def written(errors: Console) -> int:
        trace = read_trace_file(name)
        entry = reference(trace["game"])
        text = record_of(entry, trace, as_player, name)
        write_out(text, output)
        return LEGAL

    run(written)


def read_trace_file(name: str) -> JSON:
    """The JSON trace in the file (or bundled suite trace) ``name``, checked against the rules; :class:`Refused`
    with exit 2 for a file that is no trace, 1 for a trace the rules contradict."""
    try:
        path = find_game_file(name)
        text = read_text(path, "trace")
        shown_name = called(str(path))
        if not text.lstrip().startswith("{"):
            raise TraceError(f"{shown_name} is not a JSON trace: 'ducksoup record to-trace' converts a record")
        trace = parse_trace(text, shown_name, states=False)
        breach = rules_disagreement(Loaded(trace))
    except (TraceError, UnreadableFile) as error:
        raise Refused(UNREADABLE, str(error)) from None
    except (EncodingError, SetupError) as error:
        raise Refused(UNREADABLE, f"{shown(name)}: {error}") from None
    if breach is not None:
        raise Refused(BROKEN, f"{shown(name)}: not written: the rules contradict it at {shown(breach)}")
    return trace


def record_of(entry: GameReference, trace: JSON, as_player: int | None, name: str) -> str:
    """The record of ``trace`` (``as_player``'s, or everything); :class:`Refused` for a game without a record format
    or a player not in the game."""
    if as_player is not None and as_player >= trace["players"]:
        raise Refused(UNREADABLE, f"--as {as_player}: the players of {trace['id']} are 0 to {trace['players'] - 1}")
    try:
        text = entry.record_text(trace, as_player)
    except ValueError as error:
        raise Refused(UNREADABLE, f"{shown(name)} cannot be written as a record: {shown(str(error))}") from None
    if text is None:
        raise Refused(
            UNREADABLE,
            f"{entry.suite.title} has no record format: records are written for {games_with_records()}",
        )
    return text
