"""``ducksoup play --game doubleduck``: a deal and a game driven through the prompts by a script, then replayed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from duckcheck.trace import read_trace, trace_path, validate_trace
from ducksoup.cli import main
from ducksoup.doubleduck.playing import InputError, parse_move
from ducksoup.doubleduck.scenes import hand_zone
from ducksoup.saving import free_name
from duckspec.cards import parse_card
from duckspec.doubleduck.actions import Call, Play
from tests.hand_order import ace_beside_its_suit, hands_told, in_course_order

ENV = {**os.environ, "NO_COLOR": "1"}


def start(arguments: list[str], tmp_path: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "ducksoup", "play", "--game", "doubleduck", *arguments],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=tmp_path,
        env=ENV,
    )


def drive(arguments: list[str], tmp_path: Path, answer: str = "first") -> tuple[int, str]:
    """Play through the prompts as a script would, answering each with the first (or last) option offered."""
    process = start(arguments, tmp_path)
    assert process.stdin is not None and process.stdout is not None
    transcript = []
    for line in process.stdout:
        transcript.append(line)
        if "your options: " in line:
            options = line.split("your options: ", 1)[1].strip().split(", ")
            process.stdin.write((options[0] if answer == "first" else options[-1]) + "\n")
            process.stdin.flush()
    return process.wait(timeout=120), "".join(transcript)


def replayed(path: Path) -> str:
    result = CliRunner().invoke(main, ["replay", str(path)], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output[-2000:]
    return result.output


def test_a_deal_is_played_through_standard_input_to_its_end_and_replayed(tmp_path: Path) -> None:
    code, transcript = drive(["--deal", "--seed", "5", "--as", "1"], tmp_path, "last")
    assert code == 0, transcript[-2000:]
    assert "you are player 1; your partner is player 3" in transcript
    assert transcript.count("you play") + transcript.count("you lead") >= 2 * 26  # the prompt and the echo
    assert "the deal is over: your side" in transcript and "saved as doubleduck-game.json" in transcript
    trace = validate_trace(json.loads((tmp_path / "doubleduck-game.json").read_text()), "the saved deal")
    assert trace["game"] == "doubleduck" and trace["scope"] == "deal" and len(trace["steps"]) == 104
    assert "the deal is over; each side scores its Duck pile times its Soup pile (§6)" in replayed(
        tmp_path / "doubleduck-game.json"
    )


def test_a_whole_game_is_played_to_its_result(tmp_path: Path) -> None:
    code, transcript = drive(["--seed", "11", "--bot", "random", "--save", "game.json"], tmp_path)
    assert code == 0, transcript[-2000:]
    assert "won the game" in transcript and "deal 2: player" in transcript
    assert "wins the game" in replayed(tmp_path / "game.json")


def test_a_saved_file_is_never_overwritten(tmp_path: Path) -> None:
    (tmp_path / "mine.json").write_text("keep me")
    (tmp_path / "mine-2.json").write_text("and me")
    result = subprocess.run(
        [sys.executable, "-m", "ducksoup", "play", "--game", "doubleduck", "--save", "mine.json", "--seed", "1"],
        input="",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=ENV,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "the game is saved to mine-3.json after every move" in result.stdout
    assert "saved as mine-3.json (mine.json exists and is kept)" in result.stdout
    assert (tmp_path / "mine.json").read_text() == "keep me" and (tmp_path / "mine-2.json").read_text() == "and me"
    assert free_name(tmp_path / "mine.json") == tmp_path / "mine-4.json"


def test_end_of_input_saves_the_game_so_far_after_one_clear_line_per_mistake(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ducksoup", "play", "--game", "doubleduck", "--seed", "1", "--as", "3"],
        input="2x\n2c moo\nKS doubleduck\nhelp\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=ENV,
        timeout=60,
    )
    assert result.returncode == 0 and "Traceback" not in result.stdout + result.stderr
    assert "'2x' is not a card" in result.stdout and "'moo' is not a call" in result.stdout
    assert "not allowed:" in result.stdout  # a call on a lead, on another rank, or a card not held
    assert "stopped" in result.stdout and "saved as doubleduck-game.json" in result.stdout
    trace = json.loads((tmp_path / "doubleduck-game.json").read_text())
    assert all("state" in step for step in trace["steps"])  # a refused move is not part of the record
    replayed(tmp_path / "doubleduck-game.json")


def test_ctrl_c_saves_the_game_and_exits_130(tmp_path: Path) -> None:
    process = start(["--seed", "2"], tmp_path)
    assert process.stdout is not None
    for line in process.stdout:
        if "your options: " in line:
            break
    process.send_signal(signal.SIGINT)
    output = process.stdout.read()
    assert process.wait(timeout=60) == 130, output
    assert "interrupted" in output and "saved as doubleduck-game.json" in output and "Traceback" not in output
    replayed(tmp_path / "doubleduck-game.json")


@pytest.mark.parametrize(
    ("typed", "action"),
    [
        ("9c", Play(2, parse_card("9C"))),
        ("9♣", Play(2, parse_card("9C"))),
        ("10H quack", Play(2, parse_card("TH"), Call.QUACK)),
        ("jc quack quack", Play(2, parse_card("JC"), Call.QUACK_QUACK)),
        ("jc qqq", Play(2, parse_card("JC"), Call.QUACK_QUACK_QUACK)),
        (" 3h  Doubleduck ", Play(2, parse_card("3H"), Call.DOUBLEDUCK)),
        ("3h double duck", Play(2, parse_card("3H"), Call.DOUBLEDUCK)),
    ],
)
def test_moves_are_typed_as_cards_and_calls(typed: str, action: Play) -> None:
    assert parse_move(typed, 2) == action


@pytest.mark.parametrize("typed", ["", "9c moo", "zz", "9c quack now", "duck"])
def test_a_mistyped_move_says_what_would_be_right(typed: str) -> None:
    with pytest.raises(InputError):
        parse_move(typed, 0)


def test_hands_are_shown_with_the_ace_low_in_the_duck_and_high_in_the_soup(tmp_path: Path) -> None:
    code, transcript = drive(["--deal", "--seed", "5"], tmp_path)
    assert code == 0, transcript[-2000:]
    hands = hands_told(transcript)
    for course in ("duck", "soup"):
        assert any(ace_beside_its_suit(cards) for told, cards in hands if told == course), course
    assert all(in_course_order(cards, course) for course, cards in hands), hands


def test_the_viewer_sorts_hands_as_their_course_ranks_them() -> None:
    trace = read_trace(trace_path("dd-deal-greedy-001"))
    shown = [trace["initial"], *(step["state"] for step in trace["steps"] if "state" in step)]
    tested = set()
    for state in shown:
        for player in range(4):
            cards = hand_zone(state, player, None)["cards"]
            assert in_course_order(cards, state["course"]), (state["course"], cards)
            if ace_beside_its_suit(cards):
                tested.add(state["course"])
    assert tested == {"duck", "soup"}
