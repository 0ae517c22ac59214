"""``ducksoup replay`` and ``ducksoup explain``: telling a recorded deal, game or match step by step.

Both take a conformance trace (JSON) or a hand-written record; ``explain`` tells each step with
the rules behind it, ``replay`` adds the position after every finished trick. ``--as PLAYER``
shows only what that player could see; ``--at N`` stops after step N and lists every legal
action there.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from rich.console import Console

from duckcheck.encoding import EncodingError
from duckcheck.oracle import SetupError
from duckcheck.trace import TraceError, read_trace
from ducksoup.narrate import NarrationStopped, Narrator, Style, legal_lines, plain_output

JSON = dict[str, Any]


def load_game_file(path: Path) -> JSON:
    """A trace from a JSON trace file or a hand-written record; one clear error otherwise."""
    if path.suffix.lower() == ".json":
        return read_trace(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise TraceError(f"{path}: cannot be read: {error}") from None
    if text.lstrip().startswith("{"):
        return read_trace(path)
    from ducksoup.record import RecordError, parse_record, record_to_trace

    try:
        trace: JSON = record_to_trace(parse_record(text), path.stem.lower() or "record", f"the record {path.name}")
    except RecordError as error:
        raise TraceError(f"{path}: {error}") from None
    return trace


def tell(path: Path, as_player: int | None, at: int | None, positions: bool, samples: int | None = None) -> int:
    """Tell the game in ``path``; the exit status (0 told, 1 a step breaks the rules, 2 a bad file).

    With ``samples`` (not None), each decision is followed by its analysis (:mod:`ducksoup.analyse`).
    """
    console = Console(highlight=False, no_color=plain_output(), soft_wrap=True)
    try:
        trace = load_game_file(path)
        narrator = Narrator(trace, Style(symbols=not plain_output()), as_player)
    except (TraceError, EncodingError, SetupError) as error:
        Console(stderr=True, highlight=False, soft_wrap=True).print(f"error: {error}", markup=False)
        return 2
    if at is not None and not 0 <= at <= len(trace["steps"]):
        Console(stderr=True, highlight=False, soft_wrap=True).print(
            f"error: --at {at}: the trace has steps 0 to {len(trace['steps'])}"
        )
        return 2
    notes: dict[int, str] = {}
    if samples is not None:
        from ducksoup.analyse import AnalysisError, analyse_trace, step_notes

        try:
            notes = step_notes(analyse_trace(trace, samples=samples))
        except AnalysisError as error:
            Console(stderr=True, highlight=False, soft_wrap=True).print(f"error: {error}", markup=False)
            return 1
    console.print(f"{trace['id']}: {trace['description']}", markup=False)
    try:
        for number, lines in narrator.steps():
            for line in lines:
                console.print(line)
            if number in notes:
                console.print(f"  analysis: {notes[number]}", markup=False)
            if positions and number and narrator.table.deal.phase.value == "lead" and lines[-1].startswith("  "):
                for line in narrator.position():
                    console.print(f"    {line}")
            if at is not None and number == at:
                console.print(f"position after step {at}:")
                for line in narrator.position():
                    console.print(f"  {line}")
                console.print("legal actions here:")
                for line in legal_lines(narrator):
                    console.print(line)
                return 0
    except NarrationStopped as error:
        console.print(f"[red]stopped[/red] at {error}")
        return 1
    return 0


AS_PLAYER = click.option("--as", "as_player", type=click.IntRange(0, 1), help="Show only what this player could see.")
AT_STEP = click.option(
    "--at", "at", type=click.IntRange(min=0), metavar="N", help="Stop after step N; list the legal actions."
)
GAME_FILE = click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))


@click.command()
@GAME_FILE
@AS_PLAYER
@AT_STEP
def replay(path: Path, as_player: int | None, at: int | None) -> None:
    """Replay a trace or record: every step, the rules behind it, and the position after each trick."""
    raise SystemExit(tell(path, as_player, at, positions=True))


@click.command()
@GAME_FILE
@AS_PLAYER
@AT_STEP
@click.option("--analyse", "analyse", is_flag=True, help="Show each decision's analysis beside it (ducksoup analyse).")
@click.option(
    "--samples",
    type=click.IntRange(min=0),
    default=16,
    show_default=True,
    help="With --analyse: Duck samples per action.",
)
def explain(path: Path, as_player: int | None, at: int | None, analyse: bool, samples: int) -> None:
    """Explain a trace or record step by step, citing the rules sections and rulings."""
    raise SystemExit(tell(path, as_player, at, positions=False, samples=samples if analyse else None))
