"""``ducksoup play --game doubleduck``: a deal and a game played through the prompts in a pseudo-terminal
(:mod:`tests.play_driver`), then replayed; the exact lines a player is told."""

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
from ducksoup.doubleduck.playing import parse_move
from ducksoup.doubleduck.scenes import hand_zone
from ducksoup.playing import InputError
from ducksoup.saving import free_name
from duckspec.cards import parse_card
from duckspec.doubleduck.actions import Call, Play
from tests.hand_order import ace_beside_its_suit, hands_told, in_course_order
from tests.play_driver import Turn, drive, rules_answer, scripted, unknown_citations

ENV = {**os.environ, "NO_COLOR": "1"}
GAME = ["--game", "doubleduck"]


def start(arguments: list[str], tmp_path: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "ducksoup", "play", *GAME, *arguments],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=tmp_path,
        env=ENV,
    )


def replayed(path: Path) -> str:
    result = CliRunner().invoke(main, ["replay", str(path)], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output[-2000:]
    return result.output


@pytest.fixture(scope="module")
def deal(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str, Path]:
    """One deal with seed 7: the human asks for the rules, then quacks twice typing the call with a space."""
    folder = tmp_path_factory.mktemp("doubleduck-play")
    arguments = [*GAME, "--seed", "7", "--one", "--save", "deal.json"]
    code, transcript = drive(arguments, folder, scripted(["rules", "ah quack quack"]))
    return code, transcript, folder


def test_a_deal_is_played_through_the_prompts_to_its_end_and_replayed(deal: tuple[int, str, Path]) -> None:
    code, transcript, folder = deal
    assert code == 0, transcript[-2000:]
    assert "you are player 0; your partner is player 2, opposite you;" in transcript
    trace = validate_trace(json.loads((folder / "deal.json").read_text()), "the saved deal")
    assert trace["game"] == "doubleduck" and trace["scope"] == "deal" and len(trace["steps"]) == 104
    assert "the deal is over; each side scores its Duck pile times its Soup pile (§6)" in replayed(folder / "deal.json")


def test_a_call_typed_with_a_space_is_played_and_the_trick_told_with_its_rule(deal: tuple[int, str, Path]) -> None:
    lines = deal[1].splitlines()
    typed = lines.index("you play> ah quack quack")
    assert lines[typed + 1 : typed + 4] == [
        'you play AH, saying "Quack-quack!"',
        "  card 2 of the rank led after the lead, so two quacks (§4.3, DD-R03)",
        "  the last quack takes the trick: you win it (§4.3)",
    ]
    assert lines[typed + 4].startswith("  your side (you and player 2) stores 3 cards, one of each suit in the trick, ")
    assert "on your Duck pile" in lines[typed + 4]


def test_the_stock_is_counted_and_the_deal_ends_with_its_breakdown_and_the_side_that_won(
    deal: tuple[int, str, Path],
) -> None:
    lines = deal[1].splitlines()
    assert "stock: 52 cards, face down; course: duck" in lines and "stock: 48 cards, face down; course: duck" in lines
    assert lines[-5:] == [
        "  the deal is over; each side scores its Duck pile times its Soup pile (§6):",
        "    your side (you and player 2): 9 × 8 = 72",
        "    side 1 (players 1 and 3): 28 × 24 = 672",
        "  side 1 wins the deal, 672 to 72 (§6)",
        "saved as deal.json: replay it with 'ducksoup replay deal.json'",
    ]


def test_rules_answers_with_sections_and_rulings_that_exist(deal: tuple[int, str, Path]) -> None:
    answer = rules_answer(deal[1])
    assert answer[0] == "  the others play any card, in turn to the left; following suit is never required (§4.1)"
    assert unknown_citations("doubleduck", answer) == []


def test_hands_are_shown_with_the_ace_low_in_the_duck_and_high_in_the_soup(deal: tuple[int, str, Path]) -> None:
    hands = hands_told(deal[1])
    for course in ("duck", "soup"):
        assert any(ace_beside_its_suit(cards) for told, cards in hands if told == course), course
    assert all(in_course_order(cards, course) for course, cards in hands), hands


def test_a_whole_game_is_played_to_its_result_and_the_old_deal_flag_still_works(tmp_path: Path) -> None:
    code, transcript = drive([*GAME, "--seed", "11", "--bot", "random", "--save", "game.json"], tmp_path)
    assert code == 0, transcript[-2000:]
    assert "wins the game" in transcript and "\ndeal 2: " in transcript
    assert "wins the game" in replayed(tmp_path / "game.json")
    code, transcript = drive([*GAME, "--seed", "5", "--deal", "--as", "1", "--save", "deal.json"], tmp_path, quits)
    assert code == 0 and transcript.splitlines()[-2:] == [
        "stopped",
        "saved as deal.json: replay it with 'ducksoup replay deal.json'",
    ]
    assert read_trace(tmp_path / "deal.json")["scope"] == "deal"


def quits(turn: Turn) -> str:
    return "quit"


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
        ("3h DD", Play(2, parse_card("3H"), Call.DOUBLEDUCK)),
        ("jc Quack-Quack-Quack!", Play(2, parse_card("JC"), Call.QUACK_QUACK_QUACK)),
        ("jc quack quack quack", Play(2, parse_card("JC"), Call.QUACK_QUACK_QUACK)),
        ("jc QQ", Play(2, parse_card("JC"), Call.QUACK_QUACK)),
    ],
)
def test_moves_are_typed_as_cards_and_calls(typed: str, action: Play) -> None:
    assert parse_move(typed, 2) == action


@pytest.mark.parametrize("typed", ["", "9c moo", "zz", "9c quack now", "duck", "9c qqqq"])
def test_a_mistyped_move_says_what_would_be_right(typed: str) -> None:
    with pytest.raises(InputError):
        parse_move(typed, 0)


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
