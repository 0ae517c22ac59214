"""``ducksoup play --game aw-ducks``: a round played through the prompts in a pseudo-terminal
(:mod:`tests.play_driver`), then replayed; the exact lines a player is told."""

from __future__ import annotations

from itertools import takewhile
from pathlib import Path

import pytest
from click.testing import CliRunner

from duckcheck.trace import read_trace
from ducksoup.cli import main
from tests.play_driver import COLUMNS, Turn, drive, rules_answer, scripted, unknown_citations

STATUS = ("deck: ", "Duck Pond: ", "you: ", "player ")
"""How the lines of the status shown before each of the human's turns begin."""


def scores_now_and_then(turn: Turn) -> str:
    """Score at every fourth prompt when a Score is offered, else take the first option (a Draw)."""
    return "s" if turn.asked % 4 == 0 and "s" in turn.options else turn.options[0]


@pytest.fixture(scope="module")
def round_played(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str, Path]:
    """One round with seed 7: the human asks for the rules, draws, then discards 5Y for a Secret Stash."""
    folder = tmp_path_factory.mktemp("aw-ducks-play")
    arguments = ["--game", "aw-ducks", "--seed", "7", "--one", "--save", "round.json"]
    code, transcript = drive(arguments, folder, scripted(["rules", "d", "5y"], scores_now_and_then))
    return code, transcript, folder


def test_a_round_is_played_through_the_prompts_and_replayed(round_played: tuple[int, str, Path]) -> None:
    code, transcript, folder = round_played
    assert code == 0, transcript[-2000:]
    assert read_trace(folder / "round.json")["scope"] == "round"
    replayed = CliRunner().invoke(main, ["replay", str(folder / "round.json")], env={"NO_COLOR": "1"})
    assert replayed.exit_code == 0 and "player 1 wins the round with the highest score (§2)" in replayed.output


def test_the_status_shows_the_deck_size_and_what_each_pond_duck_wants_in_words(
    round_played: tuple[int, str, Path],
) -> None:
    lines = round_played[1].splitlines()
    first = lines.index("deck: 94 cards; discard pile: 0 cards")
    assert lines[first + 1 : first + 5] == [
        "Duck Pond: DY",
        "  DY (yellow duck) wants a tableau with four values in a row, in any colours",
        "you: tableau -; banked 0",
        "player 1: tableau 4K; banked 0",
    ]
    rainbow = lines.index("  DW (rainbow duck) wants nothing: any Score takes it, even with an empty")
    blue = lines.index("  DB (blue duck) wants a tableau with five or more different colours, black")
    assert lines[rainbow + 1] == "    tableau" and lines[blue + 1] == "    counting"  # wrapped at 80 columns
    status = [line for line in lines if line.startswith(STATUS)]
    assert status and all(len(line) <= COLUMNS for line in status), max(status, key=len)


def test_a_forced_score_says_to_type_s_and_each_turn_is_told_with_its_rule(round_played: tuple[int, str, Path]) -> None:
    lines = round_played[1].splitlines()
    typed = lines.index("you> 5y")
    assert lines[typed + 1 : typed + 5] == [
        "you discard 5Y",
        "  5Y goes to the discard pile, where everyone knows it (AD-R12); a 5 buys a Secret Stash (§8)",
        "  it was your last card, which may be discarded too (AD-R05)",
        "  the deck's top 2 card(s) go face down into your score pile, seen by nobody until the count (§8; AD-R17)",
    ]
    forced = lines.index("you must Score now, as the benefit calls for: type s", typed)
    assert forced < typed + 14 and lines[forced + 1] == "your options: s (score)"


def test_the_round_ends_with_the_count_and_who_won(round_played: tuple[int, str, Path]) -> None:
    assert round_played[1].splitlines()[-5:] == [
        "  the round is over; the count: each number card its value, each duck 5 points (§9)",
        "    you: 87 (25 card(s) banked, stash 1R 2P)",
        "    player 1: 133 (30 card(s) banked, stash 1P DB)",
        "  player 1 wins the round with the highest score (§2)",
        "saved as round.json: replay it with 'ducksoup replay round.json'",
    ]


def test_unmet_duck_conditions_are_told_in_words(round_played: tuple[int, str, Path]) -> None:
    lines = round_played[1].splitlines()
    assert "  left in the pond, their conditions not met (§7):" in lines
    assert "    DY DY DY DY want four values in a row, in any colours (AD-R07)" in lines


def test_rules_answers_with_sections_and_rulings_that_exist_and_the_colour_letters_are_explained(
    round_played: tuple[int, str, Path],
) -> None:
    transcript = round_played[1]
    answer = rules_answer(transcript)
    assert answer[0] == "  on a turn: Draw, Score or Discard (§5)"
    assert "  in the pond: DY (yellow duck) wants a tableau with four values in a row, in any colours" in answer
    assert unknown_citations("aw_ducks", answer) == []
    assert "R red, Y yellow, G green, B blue, P purple, K black; a duck is D and its colour, DW the rainbow duck" in (
        transcript
    )


def draws_whenever_it_can(turn: Turn) -> str:
    """Draw at every prompt that allows it: the tableau grows as large as the deck lets it."""
    return "d" if "d" in turn.options else turn.options[0]


def test_a_large_tableau_keeps_the_status_and_the_options_within_80_columns(tmp_path: Path) -> None:
    code, transcript = drive(["--game", "aw-ducks", "--seed", "1", "--one"], tmp_path, draws_whenever_it_can)
    lines = transcript.splitlines()
    starts = [index for index, line in enumerate(lines) if line.startswith("your options: ")]
    listed = [line for start in starts for line in takewhile(continues, lines[start + 1 :])]
    tableau = max(len(line.split(";")[0].split()) - 2 for line in lines if line.startswith("you: tableau "))
    assert code == 0 and listed and tableau >= 12
    shown = [line for line in lines if line.startswith((*STATUS, "your options: "))] + listed
    assert all(len(line) <= COLUMNS for line in shown), max(shown, key=len)


def continues(line: str) -> bool:
    """Whether ``line`` continues the list of options before it (wrapped to the terminal's width)."""
    return line.startswith("  ")
