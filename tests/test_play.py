"""``ducksoup play``: a whole game driven through its prompts by a script, then replayed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ducksoup.cli import main
from ducksoup.duck_soup.playing import InputError, parse_move
from duckspec.cards import parse_card
from duckspec.duck_soup.actions import Play, SayDuck
from duckspec.duck_soup.quacking import Call


def drive(arguments: list[str], tmp_path: Path, answer: str = "first") -> tuple[int, str]:
    """Play through the prompts, answering each with the first (or last) option offered."""
    process = subprocess.Popen(
        [sys.executable, "-m", "ducksoup", "play", *arguments],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert process.stdin is not None and process.stdout is not None
    transcript = []
    for line in process.stdout:
        transcript.append(line)
        if "your options: " in line:
            options = line.split("your options: ", 1)[1].strip().split(", ")
            process.stdin.write((options[0] if answer == "first" else options[-1]) + "\n")
            process.stdin.flush()
    return process.wait(timeout=60), "".join(transcript)


def test_a_whole_game_can_be_played_through_the_prompts_and_replayed(tmp_path: Path) -> None:
    code, transcript = drive(["--seed", "7", "--bot", "greedy", "--save", "game.json"], tmp_path)
    assert code == 0, transcript[-2000:]
    assert "won the game" in transcript and "saved as game.json" in transcript
    replayed = CliRunner().invoke(main, ["replay", str(tmp_path / "game.json")], env={"NO_COLOR": "1"})
    assert replayed.exit_code == 0, replayed.output[-2000:]
    assert "wins the game" in replayed.output


def test_a_match_can_be_played_to_its_end(tmp_path: Path) -> None:
    code, transcript = drive(
        ["--seed", "3", "--bot", "random", "--match", "3", "--save", "match.json"], tmp_path, "last"
    )
    assert code == 0 and "won (games:" in transcript
    assert CliRunner().invoke(main, ["explain", str(tmp_path / "match.json")]).exit_code == 0


def test_end_of_input_saves_the_game_so_far(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ducksoup", "play", "--seed", "1", "--save", "partial.json"],
        input="2x\nAS\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "NO_COLOR": "1"},
        timeout=60,
    )
    assert result.returncode == 0 and "Traceback" not in result.stdout + result.stderr
    assert "'2x' is not a card" in result.stdout
    assert (tmp_path / "partial.json").is_file() and "stopped" in result.stdout
    assert CliRunner().invoke(main, ["replay", str(tmp_path / "partial.json")]).exit_code == 0


@pytest.mark.parametrize(
    ("typed", "action"),
    [
        ("9c", Play(0, parse_card("9C"))),
        ("9♣", Play(0, parse_card("9C"))),
        ("10H quack", Play(0, parse_card("TH"), Call.QUACK)),
        ("jc quack-quack", Play(0, parse_card("JC"), Call.QUACK_QUACK)),
        ("JD duck soup", Play(0, parse_card("JD"), Call.DUCK_SOUP)),
        (" Duck ", SayDuck(0)),
    ],
)
def test_moves_are_typed_as_cards_and_words(typed: str, action: Play | SayDuck) -> None:
    assert parse_move(typed, 0) == action


@pytest.mark.parametrize("typed", ["", "9c moo", "zz", "9c quack now"])
def test_a_mistyped_move_says_what_would_be_right(typed: str) -> None:
    with pytest.raises(InputError):
        parse_move(typed, 0)
