"""``ducksoup play``: a whole game driven through its prompts by a script, then replayed."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from duckcheck.trace import read_trace, trace_path
from ducksoup.cli import main
from ducksoup.duck_soup.playing import InputError, parse_move
from ducksoup.duck_soup.scenes import hand_zones
from duckspec.cards import parse_card
from duckspec.duck_soup.actions import Play, SayDuck
from duckspec.duck_soup.quacking import Call
from tests.hand_order import ace_beside_its_suit, hands_told, in_course_order


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


def test_the_face_up_card_taken_is_not_told_as_a_draw_and_the_bots_draw_is(tmp_path: Path) -> None:
    code, transcript = drive(["--seed", "7", "--bot", "greedy", "--save", "game.json"], tmp_path)
    assert code == 0
    lines = transcript.splitlines()
    taken = [i for i, line in enumerate(lines) if line.startswith("you took the face-up card ")]
    assert taken, "the human never won a trick with the face-up card showing"
    for i in taken:
        card = lines[i].rsplit(" ", 1)[1]
        assert not lines[i + 1].startswith(f"you drew {card}"), lines[i : i + 2]
        assert "the bot drew a card you do not see" in lines[i + 1 : i + 3]
    assert "quack quack" not in transcript


def test_a_saved_game_is_never_overwritten(tmp_path: Path) -> None:
    (tmp_path / "duck-soup-game.json").write_text("my old game\n")
    (tmp_path / "duck-soup-game-2.json").write_text("another\n")
    result = subprocess.run(
        [sys.executable, "-m", "ducksoup", "play", "--seed", "1"],
        input="quit\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "NO_COLOR": "1"},
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert (tmp_path / "duck-soup-game.json").read_text() == "my old game\n"
    assert (tmp_path / "duck-soup-game-2.json").read_text() == "another\n"
    assert "saved as duck-soup-game-3.json (duck-soup-game.json exists and is kept)" in result.stdout
    assert CliRunner().invoke(main, ["replay", str(tmp_path / "duck-soup-game-3.json")]).exit_code == 0


def test_ctrl_c_saves_and_exits_130_and_the_banner_says_what_is_played(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "ducksoup", "play", "--seed", "2", "--hidden", "--match", "3"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert process.stdout is not None
    transcript = [process.stdout.readline()]
    while "your options: " not in transcript[-1]:
        transcript.append(process.stdout.readline())
    process.send_signal(signal.SIGINT)
    rest, _ = process.communicate(timeout=60)
    text = "".join(transcript) + rest
    assert process.returncode == 130, text
    assert "a best-of-3 match of games to 250, with the hidden stock" in transcript[0]
    assert re.search(r"stock: 26 cards, face down", text)
    assert "interrupted" in text and (tmp_path / "duck-soup-game.json").is_file()


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


def test_hands_are_shown_with_the_ace_low_in_the_duck_and_high_in_the_soup_and_no_hidden_stock(tmp_path: Path) -> None:
    code, transcript = drive(["--seed", "7", "--bot", "greedy", "--save", "game.json"], tmp_path)
    assert code == 0
    hands = hands_told(transcript)
    for course in ("duck", "soup"):
        assert any(ace_beside_its_suit(cards) for told, cards in hands if told == course), course
    assert all(in_course_order(cards, course) for course, cards in hands), hands
    assert "hidden stock" not in transcript and "face down" not in transcript


def test_the_hidden_stock_is_told_only_while_there_is_one(tmp_path: Path) -> None:
    code, transcript = drive(["--seed", "7", "--hidden", "--save", "game.json"], tmp_path)
    assert code == 0 and "face-up card:" not in transcript
    assert "stock: 26 cards, face down (hidden stock)" in transcript and "stock: 0 cards" not in transcript


def test_the_viewer_sorts_hands_as_their_course_ranks_them() -> None:
    trace = read_trace(trace_path("ds-deal-greedy-004"))
    shown = [trace["initial"], *(step["state"] for step in trace["steps"] if "state" in step)]
    tested = set()
    for state in shown:
        for player in (0, 1):
            cards = hand_zones(state, player, None)[0]["cards"]
            assert in_course_order(cards, state["course"]), (state["course"], cards)
            if ace_beside_its_suit(cards):
                tested.add(state["course"])
    assert tested == {"duck", "soup"}
