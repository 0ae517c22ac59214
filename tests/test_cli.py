"""The ``ducksoup`` command line."""

from __future__ import annotations

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
    expected = {"adapter", "check", "examples", "explain", "play", "replay", "simulate"}
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
