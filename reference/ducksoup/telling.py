"""``ducksoup replay`` and ``ducksoup explain``: telling a recorded deal, game or match step by step.

Both take a conformance trace (JSON) of any game of the family, given as a file or as the ID of
one of the suite's traces (``ad-edge-stashed-duck``), or a hand-written record of a game that
has a record format (Duck Soup's; ``--game`` names the game of a record); the trace's
game's narrator tells it (:mod:`ducksoup.narration`). ``explain`` tells each step with the
rules behind it, ``replay`` adds the position after every finished trick. ``--as PLAYER``
shows only what that player could see; ``--at N`` stops after step N and lists every legal
action there.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from rich.console import Console

from duckcheck.codec import EncodingError, SetupError
from duckcheck.trace import TraceError, read_trace, trace_path
from ducksoup.cli import game_option
from ducksoup.display import plain_output
from ducksoup.games import reference
from ducksoup.narration import NarrationStopped

JSON = dict[str, Any]


def load_game_file(path: Path, game: str | None = None) -> JSON:
    """A trace from a JSON trace file or a hand-written record of ``game``; one clear error otherwise."""
    if path.suffix.lower() == ".json":
        return read_trace(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise TraceError(f"{path}: cannot be read: {error}") from None
    if text.lstrip().startswith("{"):
        return read_trace(path)
    entry = reference(game)
    try:
        trace = entry.record_to_trace(text, path.stem.lower() or "record", f"the record {path.name}")
    except ValueError as error:
        raise TraceError(f"{path}: {error}") from None
    if trace is None:
        raise TraceError(f"{path}: not a JSON trace, and {entry.suite.title} has no record format to read it as")
    return trace


def tell(path: Path, as_player: int | None, at: int | None, positions: bool, game: str | None = None) -> int:
    """Tell the game in ``path``; the exit status (0 told, 1 a step breaks the rules, 2 a bad file)."""
    console = Console(highlight=False, no_color=plain_output(), soft_wrap=True)
    try:
        trace = load_game_file(path, game)
        narrator = reference(trace["game"]).narrate(trace, as_player, not plain_output())
    except (TraceError, EncodingError, SetupError) as error:
        Console(stderr=True, highlight=False, soft_wrap=True).print(f"error: {error}", markup=False)
        return 2
    if at is not None and not 0 <= at <= len(trace["steps"]):
        Console(stderr=True, highlight=False, soft_wrap=True).print(
            f"error: --at {at}: the trace has steps 0 to {len(trace['steps'])}"
        )
        return 2
    console.print(f"{trace['id']}: {trace['description']}", markup=False)
    try:
        for number, lines in narrator.steps():
            for line in lines:
                console.print(line)
            if positions and number and narrator.between_tricks():
                for line in narrator.position():
                    console.print(f"    {line}")
            if at is not None and number == at:
                console.print(f"position after step {at}:")
                for line in narrator.position():
                    console.print(f"  {line}")
                console.print("legal actions here:")
                for line in narrator.legal_lines():
                    console.print(line)
                return 0
    except NarrationStopped as error:
        console.print(f"[red]stopped[/red] at {error}")
        return 1
    return 0


AS_PLAYER = click.option("--as", "as_player", type=click.IntRange(0, 3), help="Show only what this player could see.")
GAME = game_option("The game of a hand-written record (default: duck-soup).")
AT_STEP = click.option(
    "--at", "at", type=click.IntRange(min=0), metavar="N", help="Stop after step N; list the legal actions."
)


def file_or_trace_id(ctx: click.Context, param: click.Parameter, value: str) -> Path:
    """The file named ``value``, or else the file of the suite's trace with that ID; a usage error otherwise."""
    path = Path(value)
    if path.is_file():
        return path
    if path.exists():
        raise click.BadParameter(f"{value!r} is a directory, not a trace file", ctx, param)
    try:
        return trace_path(value)
    except TraceError:
        raise click.BadParameter(
            f"{value!r} does not exist as a file, and no trace of the suite has that ID "
            "('ducksoup check --list' lists them)",
            ctx,
            param,
        ) from None


GAME_FILE = click.argument("path", metavar="TRACE", callback=file_or_trace_id)


@click.command()
@GAME_FILE
@AS_PLAYER
@AT_STEP
@GAME
def replay(path: Path, as_player: int | None, at: int | None, game: str | None) -> None:
    """Replay a trace or record: every step, the rules behind it, and the position after each trick (or each
    Score, in a game without tricks)."""
    raise SystemExit(tell(path, as_player, at, positions=True, game=game))


@click.command()
@GAME_FILE
@AS_PLAYER
@AT_STEP
@GAME
def explain(path: Path, as_player: int | None, at: int | None, game: str | None) -> None:
    """Explain a trace or record step by step, citing the rules sections and rulings."""
    raise SystemExit(tell(path, as_player, at, positions=False, game=game))
