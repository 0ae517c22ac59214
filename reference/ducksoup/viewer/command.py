"""``ducksoup view``: a trace or record drawn in the browser, as one self-contained HTML file."""

from __future__ import annotations

import os
import sys
import webbrowser
from pathlib import Path

import click
from rich.console import Console

from duckcheck.codec import EncodingError, SetupError
from duckcheck.trace import TraceError
from ducksoup.telling import AS_PLAYER, GAME, GAME_FILE, find_game_file, load_game_file
from ducksoup.viewer.document import view_document
from ducksoup.viewer.page import view_page


def is_desktop() -> bool:
    """Whether a browser window can be opened here: macOS, Windows, or a graphical session on another system."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def default_output(trace_id: str, seat: int | None) -> Path:
    safe = "".join(char if char.isalnum() or char in "-_." else "_" for char in trace_id) or "trace"
    return Path(f"{safe}{'' if seat is None else f'-as-{seat}'}.html")


@click.command(short_help="Draw a trace or record in the browser, step by step (one HTML file).")
@GAME_FILE
@AS_PLAYER
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The HTML file to write (default: TRACE_ID.html here, TRACE_ID-as-P.html with --as P).",
)
@click.option("--no-open", is_flag=True, help="Write the file without opening it in a browser.")
@click.option("--at", "at", type=click.IntRange(min=0), metavar="N", help="Open at step N (the page's #step=N).")
@GAME
def view(
    name: str, as_player: int | None, output: Path | None, no_open: bool, at: int | None, game: str | None
) -> None:
    """Draw a trace or record in the browser: the table step by step, with the narration under it.

    FILE_OR_TRACE_ID is a conformance trace (.json), a hand-written record, or the ID of a trace of the
    bundled suite (ds-deal-greedy-007). The page is one self-contained HTML file: no server, nothing
    fetched from the network, nothing beside it, so it can be sent to someone else. It shows every
    hand face up (marked as hidden at the table), or with --as P only what player P could see (the
    trace itself is then left out of the page, since its decks would tell the rest). The page opens
    in the browser unless --no-open is given or there is no desktop here.

    Exit status: 0 written, 1 written but the narration stops where the play breaks a rule or a stored
    state disagrees with the rules (the page says where), 2 the file cannot be read or written.
    """
    errors = Console(stderr=True, highlight=False, soft_wrap=True)
    try:
        loaded = load_game_file(find_game_file(name), game)
        trace = loaded.trace
        if as_player is not None and as_player >= trace["players"]:
            raise TraceError(f"--as {as_player}: the players of {trace['id']} are 0 to {trace['players'] - 1}")
        if at is not None and at > len(trace["steps"]):
            raise TraceError(f"--at {at}: the trace has steps 0 to {len(trace['steps'])}")
        document = view_document(loaded, as_player, start=at)
    except (TraceError, EncodingError, SetupError) as error:
        errors.print(f"error: {error}", markup=False)
        raise SystemExit(2) from None
    path = output or default_output(trace["id"], as_player)
    page = view_page(document, trace if as_player is None else None)
    try:
        path.write_text(page, encoding="utf-8")
    except OSError as error:
        errors.print(f"error: {path}: cannot be written: {error.strerror}", markup=False)
        raise SystemExit(2) from None
    click.echo(f"wrote {path} ({len(document['steps']) - 1} steps)")
    for problem in document["problems"]:
        errors.print(f"note: {problem}", markup=False)
    if not no_open and is_desktop():
        address = path.resolve().as_uri() + (f"#step={at}" if at is not None else "")
        if not webbrowser.open(address):
            click.echo(f"open {address} in a browser to see it")
    raise SystemExit(1 if document["stopped"] else 0)
