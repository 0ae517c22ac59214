"""The ``ducksoup`` command line."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from ducksoup import __version__
from ducksoup.cli import main
from ducksoup.games import references


def test_examples_prints_every_outcome_and_passes() -> None:
    result = CliRunner().invoke(main, ["examples"])
    assert result.exit_code == 0, result.output
    assert "Anna 72, Ben 90" in result.output
    count = sum(len(entry.worked_examples()) for entry in references())
    assert result.output.strip().endswith(f"{count} passed, 0 failed")


def test_version() -> None:
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0 and __version__ in result.output


def test_unknown_command_is_a_clear_error_not_a_traceback() -> None:
    result = CliRunner().invoke(main, ["nonsense"])
    assert result.exit_code == 2
    assert "No such command" in result.output and "Traceback" not in result.output


def test_every_command_is_listed_and_documented() -> None:
    expected = {"adapter", "analyse", "check", "examples", "explain", "play", "record", "replay", "simulate", "view"}
    assert set(main.list_commands(None)) == expected  # type: ignore[arg-type]
    assert set(main.commands) == expected  # what documentation generators read
    for name in expected:
        result = CliRunner().invoke(main, [name, "--help"])
        assert result.exit_code == 0 and "Usage: " in result.output


def test_the_adapter_starts_without_loading_the_other_commands() -> None:
    import subprocess
    import sys

    code = "import sys, ducksoup.cli; print(sorted(m for m in sys.modules if m.startswith('ducksoup.')))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "ducksoup.duck_soup.playing" not in loaded and "ducksoup.duck_soup.simulate" not in loaded


def test_help_lists_every_command_with_a_whole_summary() -> None:
    result = CliRunner().invoke(main, ["--help"], terminal_width=80)
    commands_part, games_part = result.output.split("Commands:", 1)[1].split("Games:", 1)
    commands = commands_part.strip().splitlines()
    assert len(commands) == 10
    games = [line.split(None, 1) for line in games_part.strip().splitlines()]
    assert games[:2] == [["duck-soup", "Duck Soup (the default)"], ["doubleduck", "Doubleduck"]]
    for line in commands:
        assert "..." not in line and line.rstrip().endswith("."), line


def test_piped_output_is_never_wrapped() -> None:
    import os
    import subprocess
    import sys

    listing = subprocess.run(
        [sys.executable, "-m", "ducksoup", "check", "--list", "-k", "ds-game-both-in-the-pond-later"],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "80"},
    )
    line = listing.stdout.splitlines()[0]
    assert line.startswith("ds-game-both-in-the-pond-later  Both in the pond") and len(line) > 80
    examples = subprocess.run(
        [sys.executable, "-m", "ducksoup", "examples"],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "80"},
    )
    assert (
        "1. Duck Soup: A lower club wins in the Duck (en §4, de §4): Anna 0 points, Ben 1 point; Ben leads next"
        in (examples.stdout.splitlines()[0])
    )


def test_last_failed_after_a_clean_run_says_it_runs_everything(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    first = CliRunner().invoke(main, ["check", "--last-failed", "-k", "ds-edge-duck-soup"])
    assert first.exit_code == 0
    assert "no previous run recorded here (.ducksoup/last-failed.json): running every selected trace" in first.output
    again = CliRunner().invoke(main, ["check", "--last-failed", "-k", "ds-edge-duck-soup"])
    assert again.exit_code == 0
    assert "the previous run had no failures: running every selected trace" in again.output
    assert (tmp_path / ".ducksoup" / "last-failed.json").is_file()


@pytest.mark.parametrize("command", ["replay", "explain", "view", "analyse"])
@pytest.mark.parametrize(
    ("trace", "game", "title"),
    [("ds-edge-forgotten-quack", "doubleduck", "Duck Soup"), ("dd-deal-greedy-001", "aw-ducks", "Doubleduck")],
)
def test_game_that_is_not_the_traces_is_refused_in_one_line(
    command: str, trace: str, game: str, title: str, tmp_path: Path
) -> None:
    """A trace names its own game: ``--game`` naming another is refused (it used to be ignored without a word),
    and naming the trace's own game is accepted."""
    extra = ["--no-open", "--output", str(tmp_path / "page.html")] if command == "view" else []
    result = CliRunner().invoke(main, [command, trace, "--game", game, *extra])
    assert result.exit_code == 2, result.output
    own = next(entry.id for entry in references() if entry.suite.title == title)
    assert result.output.strip().splitlines() == [
        f"error: {_suite_path(own, trace)}: --game {game}, but this is a trace of {title} ({own}): "
        f"leave --game out (a trace names its own game) or give --game {own}"
    ]
    if command != "analyse":  # analysis takes a while: its own tests run it
        same = CliRunner().invoke(main, [command, trace, "--game", own, *extra])
        assert same.exit_code == 0, same.output


def _suite_path(game: str, trace: str) -> str:
    from duckcheck.trace import trace_path

    assert trace_path(trace).parent.name == game
    return str(trace_path(trace))
