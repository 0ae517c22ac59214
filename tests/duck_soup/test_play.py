"""``ducksoup play``: Duck Soup played through its prompts in a pseudo-terminal (:mod:`tests.play_driver`), then
replayed; the exact lines a player is told."""

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
from ducksoup.duck_soup.playing import parse_move
from ducksoup.duck_soup.scenes import hand_zones
from ducksoup.playing import InputError
from duckspec.cards import parse_card
from duckspec.duck_soup.actions import Play, SayDuck
from duckspec.duck_soup.quacking import Call
from tests.hand_order import ace_beside_its_suit, hands_told, in_course_order
from tests.play_driver import drive, rules_answer, scripted, unknown_citations


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str, Path]:
    """A whole game with seed 7, the human asking for the rules, then typing a call with a space, then help."""
    folder = tmp_path_factory.mktemp("duck-soup-play")
    code, transcript = drive(["--seed", "7", "--save", "game.json"], folder, scripted(["rules", "jc quack quack", "?"]))
    return code, transcript, folder


def test_a_whole_game_is_played_through_the_prompts_and_replayed(game: tuple[int, str, Path]) -> None:
    code, transcript, folder = game
    assert code == 0, transcript[-2000:]
    assert transcript.splitlines()[-1] == "saved as game.json: replay it with 'ducksoup replay game.json'"
    replayed = CliRunner().invoke(main, ["replay", str(folder / "game.json")], env={"NO_COLOR": "1"})
    assert replayed.exit_code == 0, replayed.output[-2000:]
    assert "player 1 wins the game" in replayed.output


def test_each_trick_is_told_with_the_rule_that_decided_it_and_the_stock_is_counted(game: tuple[int, str, Path]) -> None:
    lines = game[1].splitlines()
    first = lines.index("you play 9C")
    assert lines[first + 1 : first + 5] == [
        "  only the suit led can win, so the leader wins: player 1 takes it, two suits, face up, 2 points (§4.3, §4.4)",
        "  player 1 takes the face-up card 8C (§5)",
        "  you draw TS (§5)",
        "  the new face-up card is 6D (§5.3)",
    ]
    assert (
        "  the lower club wins in the Duck course: player 1 takes it, one suit, face down, 1 point (§2, §4.3, §4.4)"
        in lines
    )
    assert "stock: 26 cards, face-up card: 8C; course: duck" in lines
    assert "stock: 24 cards, face-up card: 6D; course: duck" in lines


def test_the_deal_ends_with_its_duck_times_soup_breakdown_and_who_won(game: tuple[int, str, Path]) -> None:
    assert game[1].splitlines()[-6:] == [
        "  the deal is over; each scores Duck points times Soup points (§8):",
        "    you: 3 × 0 = 0 (nothing in one course scores nothing)",
        "    player 1: 16 × 24 = 384",
        "  player 1 wins the deal, 384 to 0 (§8)",
        "  player 1 wins the game: in the pond: 125 or more in one deal wins a double game at once "
        "(§9, DS-R05, DS-R06); you are in the soup, under 125 (§9); it counts 2 (DS-R07)",
        "saved as game.json: replay it with 'ducksoup replay game.json'",
    ]


def test_rules_answers_with_sections_and_rulings_that_exist(game: tuple[int, str, Path]) -> None:
    answer = rules_answer(game[1])
    assert answer[:2] == [
        "  the Duck course: in the suit led the lower card wins, the Ace lowest (§2, DS-R13)",
        "  the follower plays any card; only the suit led can win the trick (§4.3)",
    ]
    assert unknown_citations("duck_soup", answer) == []
    assert unknown_citations("duck_soup", ["no citation here"]) == ["none"]
    assert unknown_citations("duck_soup", ["(§10, DS-R99)"]) == ["§10", "DS-R99"]


def test_a_call_typed_with_a_space_is_read_as_the_call_and_help_answers_the_question_mark(
    game: tuple[int, str, Path],
) -> None:
    lines = game[1].splitlines()
    typed = lines.index("you play> jc quack quack")
    assert lines[typed + 1] == (
        "not allowed: 'quack-quack' cannot be said when the follow is played; allowed here: none, quack (DS-R12)"
    )
    asked = lines.index("you play> ?")
    assert lines[asked + 1].startswith("type a card to play it (9c, 9C, 10h or 9♣), followed by a call")
    assert lines[asked + 2].startswith("'help' or '?' shows this, 'rules' the rules that apply now")


def test_hands_are_shown_with_the_ace_low_in_the_duck_and_high_in_the_soup(game: tuple[int, str, Path]) -> None:
    hands = hands_told(game[1])
    for course in ("duck", "soup"):
        assert any(ace_beside_its_suit(cards) for told, cards in hands if told == course), course
    assert all(in_course_order(cards, course) for course, cards in hands), hands


def test_one_deal_is_played_with_one(tmp_path: Path) -> None:
    code, transcript = drive(["--seed", "3", "--one", "--bot", "random", "--save", "deal.json"], tmp_path)
    assert code == 0, transcript[-2000:]
    assert "(seed 3): a single deal, with the face-up stock" in transcript.splitlines()[0]
    assert read_trace(tmp_path / "deal.json")["scope"] == "deal"
    assert re.search(r"\n  (you win|player 1 wins|the deal is drawn)", transcript)


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
        ("jc quack quack", Play(0, parse_card("JC"), Call.QUACK_QUACK)),
        ("jc QQ", Play(0, parse_card("JC"), Call.QUACK_QUACK)),
        ("jc Quack-Quack!", Play(0, parse_card("JC"), Call.QUACK_QUACK)),
        ("jd ds", Play(0, parse_card("JD"), Call.DUCK_SOUP)),
        ("jd duck-soup", Play(0, parse_card("JD"), Call.DUCK_SOUP)),
        ("8h q", Play(0, parse_card("8H"), Call.QUACK)),
        (" Duck ", SayDuck(0)),
    ],
)
def test_moves_are_typed_as_cards_and_words(typed: str, action: Play | SayDuck) -> None:
    assert parse_move(typed, 0) == action


@pytest.mark.parametrize("typed", ["", "9c moo", "zz", "9c quack now"])
def test_a_mistyped_move_says_what_would_be_right(typed: str) -> None:
    with pytest.raises(InputError):
        parse_move(typed, 0)


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
