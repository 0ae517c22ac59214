"""Aw Ducks! records: the text players write of a real round, read, written, inferred and told.

The suite's traces written as records and read back, and random edits of records, are in ``test_record_suite.py``.
"""

from __future__ import annotations

import doctest
import os
import re
import select
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import ducksoup.aw_ducks.record
import ducksoup.aw_ducks.record_inference
from ducksoup.aw_ducks.record import (
    EXAMPLE,
    RecordError,
    Turn,
    format_record,
    infer_decks,
    parse_record,
    read_card,
    record_to_trace,
    write_record,
)
from ducksoup.cli import main
from ducksoup.records import MAX_RECORD
from tests.aw_ducks.replay import replay
from tests.aw_ducks.suite import load

JSON = dict[str, Any]
SUITE = {trace["id"]: trace for trace in load()}
DOCS = Path(__file__).resolve().parents[2] / "docs" / "aw-ducks"
FRIDAY = (DOCS / "friday-round.txt").read_text(encoding="utf-8")
"""The worked dispute of the docs: Anna's Score at turn 16 takes the yellow duck with 5 6 1 2."""
AGREED = FRIDAY.replace("16. Anna: score yellow-duck", "16. Anna: score")
"""The same record with the Score as the rules have it."""
STASHES = "ad-round-2p-random-03"
"""A round with Secret Stashes of both players."""


def plays(trace: JSON) -> list[JSON]:
    return [step["action"] for step in trace["steps"] if "state" in step]


def states(trace: JSON) -> list[JSON]:
    return [trace["initial"], *(step["state"] for step in trace["steps"] if "state" in step)]


def error_of(text: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        record_to_trace(parse_record(text), "bad", "A bad record")
    return caught.value


def where(text: str, line_text: str, token: str) -> tuple[int, int]:
    """The line and column of ``token`` on the first line of ``text`` that contains ``line_text``."""
    for number, line in enumerate(text.splitlines(), 1):
        if line_text in line:
            return number, line.index(token, line.index(line_text)) + 1
    raise AssertionError(f"no line holds {line_text!r}")


# Reading and writing


def test_the_documented_example_runs_and_is_the_modules_example() -> None:
    failures, attempted = doctest.testmod(ducksoup.aw_ducks.record)
    assert attempted > 0 and failures == 0
    doc = ducksoup.aw_ducks.record.__doc__ or ""
    for line in EXAMPLE.splitlines():
        assert ("    " + line).rstrip() in doc.splitlines()


def test_a_hand_typed_record_is_read_as_written() -> None:
    record = parse_record(FRIDAY)
    assert record.names == ("Anna", "Ben", "Cleo") and record.players == 3 and record.start == 0
    assert record.tags == (("Event", "Friday cards"), ("Date", "2026.11.27"))
    turns = record.rounds[0].turns
    assert len(turns) == 16 and [turn.player for turn in turns[:4]] == [0, 1, 2, 0]
    assert turns[1] == Turn("draw", 1, cards=("DW", "1K"), number=2)
    assert turns[5] == Turn("score", 2, ducks=("DW", "DW"), number=6)
    assert turns[15].ducks == ("DY",) and record.rounds[0].scores is None


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("3red", "3R"),
        ("3r", "3R"),
        ("3RED", "3R"),
        ("6black", "6K"),
        ("6bla", "6K"),
        ("4blu", "4B"),
        ("2Yel", "2Y"),
        ("5p", "5P"),
        ("green-duck", "DG"),
        ("g-duck", "DG"),
        ("gduck", "DG"),
        ("rainbow-duck", "DW"),
        ("ra-duck", "DW"),
        ("re-duck", "DR"),
        ("b-duck", "DB"),
    ],
)
def test_cards_are_read_by_the_names_of_their_colours(text: str, card: str) -> None:
    assert read_card(text) == card


@pytest.mark.parametrize("text", ["7red", "0r", "3", "6K", "DW", "3rainbow", "black-duck", "duck", "3reds", ""])
def test_other_words_are_not_cards(text: str) -> None:
    assert read_card(text) is None


@pytest.mark.parametrize(("text", "both"), [("3b", "blue or black"), ("4bl", "blue or black"), ("r-duck", "red or")])
def test_a_colour_that_could_be_two_says_which_two(text: str, both: str) -> None:
    with pytest.raises(RecordError, match=both):
        read_card(text)


@pytest.mark.parametrize(
    ("players", "words"),
    [
        ("Anna, anna", "the players need different names"),
        ("Anna, Round 2", "'Round 2' cannot be a player's name here"),
        ("Anna, 1", "'1' cannot be a player's name here"),
        ("Anna, B:en", "'B:en' cannot be a player's name here"),
        ("5", "Aw Ducks! is played by 2, 3 or 4 players (AD-R19), not '5'"),
        ("Anna", "[Players] names the 2, 3 or 4 players in seat order"),
        ("A, B, C, D, E", "[Players] names the 2, 3 or 4 players in seat order"),
    ],
)
def test_the_players_tag_names_two_to_four_different_players(players: str, words: str) -> None:
    with pytest.raises(RecordError, match=re.escape(words)) as caught:
        parse_record(f'[Players "{players}"]\ndraw 1red\n')
    assert (caught.value.line, caught.value.column) == (1, 1)


@pytest.mark.parametrize("start", ["Cleo", "cleo", "2", "p2", "Player 2", "player  2"])
def test_a_player_is_named_by_name_or_number(start: str) -> None:
    assert parse_record(f'[Players "Anna, Ben, Cleo"] [Start "{start}"]\n').start == 2


def test_the_first_start_player_is_the_start_tag_or_the_first_turns_player() -> None:
    named = parse_record('[Players "Anna, Ben"]\n1. Ben: draw 1red\n')
    assert plays(record_to_trace(named, "named", "Named"))[0] == {"player": 1, "turn": "draw"}
    with pytest.raises(RecordError, match=r"say who starts the first round: \[Start \"Ben\"\]") as caught:
        record_to_trace(parse_record('[Players "Anna, Ben"]\n1. draw 1red\n'), "unnamed", "Unnamed")
    assert (caught.value.line, caught.value.column) == (2, 1) and not caught.value.breaks_a_rule


def test_a_trace_written_as_a_record_reads_back_to_the_same_record() -> None:
    for trace_id in ("ad-game-3p-greedy-01", STASHES):
        for player in (None, 1):
            text = write_record(SUITE[trace_id], player)
            assert format_record(parse_record(text)) == text


def test_one_players_record_writes_no_stash_card_and_says_whose_it_is() -> None:
    full, own = write_record(SUITE[STASHES], None), write_record(SUITE[STASHES], 1)
    assert "secret-stash ? ?" in own and "secret-stash ?" not in full
    assert '[Writer "Player 1"]' in own
    with pytest.raises(ValueError, match="players of ad-round-2p-random-03 are 0 to 1"):
        write_record(SUITE[STASHES], 2)


def test_a_trace_the_rules_do_not_allow_cannot_be_written_as_a_record() -> None:
    steps = [dict(step) for step in SUITE[STASHES]["steps"]]
    steps[1] = {**steps[1], "action": {**steps[1]["action"], "player": 1}}
    with pytest.raises(ValueError, match="step 2 of ad-round-2p-random-03 breaks the rules, so no record holds it"):
        write_record({**SUITE[STASHES], "steps": steps}, None)


def test_comments_numbers_and_players_may_be_left_out() -> None:
    bare = parse_record('[Players "3"] [Start "1"]\ndraw 2y draw 6bla { a comment } draw re-duck ra-duck 5bla\n')
    assert [turn.cards for turn in bare.rounds[0].turns] == [("2Y",), ("6K",), ("DR", "DW", "5K")]
    assert plays(record_to_trace(bare, "bare", "Bare"))[2] == {"player": 0, "turn": "draw"}


def test_a_sample_of_recorded_traces_is_valid_for_the_spec() -> None:
    for trace_id in ("ad-game-4p-random-01", STASHES):
        trace = record_to_trace(parse_record(write_record(SUITE[trace_id], 0)), trace_id, "read back")
        assert replay(trace, "spec") is None


def test_a_long_description_is_cut_to_fit_the_note_of_what_was_inferred() -> None:
    trace = record_to_trace(parse_record(EXAMPLE), "example", "x" * 300)
    assert len(trace["description"]) == 200
    assert trace["description"].endswith("x… [inferred: 2 stash cards nobody saw, 87 never taken]")
    assert record_to_trace(parse_record(AGREED), "agreed", " ")["description"].startswith("A recorded round [")


def test_unseen_stash_cards_are_chosen_to_make_the_written_scores() -> None:
    text = write_record(SUITE[STASHES], 0)
    inference = infer_decks(parse_record(text))
    stash = [card for card in inference.inferred if "Secret Stash" in card.note]
    assert len(stash) == sum(len(cards) // 2 for cards in SUITE[STASHES]["steps"][-1]["state"]["stashes"])
    assert all(card.note.endswith("chosen so that the scores hold") for card in stash)
    unscored = text.replace("\n137-97\n", "\n")
    notes = [card.note for card in infer_decks(parse_record(unscored)).inferred]
    assert notes and all(note.endswith("in canonical order") for note in notes)


def test_scores_no_stash_can_make_name_the_cards_seen() -> None:
    text = write_record(SUITE[STASHES], 0)
    error = error_of(text.replace("\n137-97\n", "\n137-197\n"))
    assert error.rule == "§9" and "no Secret Stash cards make the scores 137-197" in str(error)
    assert text.splitlines()[error.line - 1] == "137-97"


def test_a_search_for_stash_cards_beyond_its_budget_stops_with_one_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ducksoup.aw_ducks.record_inference, "SPLIT_BUDGET", 3)
    text = write_record(SUITE[STASHES], 0)
    error = error_of(text)
    assert "too many Secret Stash cards nobody saw to choose them" in str(error) and not error.breaks_a_rule
    assert text.splitlines()[error.line - 1] == "137-97"


def test_a_wrong_score_of_a_full_record_gives_the_right_one() -> None:
    error = error_of(write_record(SUITE[STASHES], None).replace("\n137-97\n", "\n137-98\n"))
    assert error.rule == "§9" and "the scores are 137-97 (each number card its value" in str(error)
    assert str(error).endswith("not 137-98")


# Mistakes: of the notation (no rule), and of the rules (with the rule)


@pytest.mark.parametrize(
    ("old", "new", "token", "words", "rule"),
    [
        ("3. Cleo: draw 4green", "3. Cleo: draw 4gren", "4gren", "'4gren' is not a card: write a number", None),
        ("3. Cleo: draw 4green", "3. Cleo: draw 4b", "4b", "'4b' could be blue or black: write 4blu or 4bla", None),
        ('[Start "Anna"]', '[Start "Dora"]', "[Start", "'Dora' is not a player: write 'Anna', 'Ben'", None),
        ("1. Anna: draw", "2. Anna: draw", "2.", "this is turn 1 of the round, not 2", None),
        ("14. Ben: score", "14. Ben: score 4purple", "4purple", "not a number card: the tableau goes", None),
        ("5. Ben: draw 1purple", "5. Ben: draw ?", "?", "? stands only for a Secret Stash card", None),
        ("5. Ben: draw 1purple", "5. Ben: draw 1purple quack", "quack", "'quack' is not a card", None),
        ("5. Ben: draw 1purple", "5. Ben: 1purple", "1purple", "a turn is draw, score or discard", None),
        ("14. Ben: score", "14. Ben: discard", "14.", "discard is followed by the number card discarded", None),
        ("5. Ben: draw 1purple", "5. Cleo: draw 1purple", "5.", "not-your-turn (§4): Ben must act now", "§4"),
        ("1. Anna: draw 1black", "1. Anna: score", "1.", "draw-required (§5): Anna's tableau is empty", "§5"),
        ("10. Anna: draw yellow-duck 2blue", "10. Anna: draw yellow-duck", "yellow", "a Draw goes on until", "§6"),
        ("7. Anna: draw 1green", "7. Anna: draw 1green 2green", "2green", "a Draw ends with the first number", "§6"),
        ("6. Cleo: score rainbow-duck rainbow-duck", "6. Cleo: score rainbow-duck", "6.", "every Score takes", "§7"),
        ("14. Ben: score", "14. Ben: score blue-duck", "14.", "blue-duck wants five or more", "AD-R08"),
        ("14. Ben: score", "14. Ben: discard 3green", "14.", "card-not-in-tableau (§8): 3green is not in", "§8"),
        ("13. Anna: draw 6purple", "13. Anna: discard 5green safe", "safe", "a discarded 5 buys a secret-stash", "§8"),
        ("15. Cleo: draw 5red", "15. Cleo: draw 1black", "1black", "one 1black too many: the deck holds two", "§1"),
    ],
)
def test_mistakes_name_the_line_the_column_and_the_rule_if_one_is_broken(
    old: str, new: str, token: str, words: str, rule: str | None
) -> None:
    assert old in AGREED
    text = AGREED.replace(old, new, 1)
    error = error_of(text)
    assert (error.line, error.column) == where(text, new, token), str(error)
    assert words in str(error)
    assert error.rule == rule and error.breaks_a_rule == (rule is not None)


def test_the_disputed_score_is_a_breach_of_the_yellow_ducks_ruling() -> None:
    error = error_of(FRIDAY)
    assert (error.line, error.column, error.rule) == (24, 1, "AD-R07")
    assert "Anna's Score takes no duck, not yellow-duck" in str(error)
    assert "a row does not go round from 6 to 1" in str(error)
    record_to_trace(parse_record(AGREED), "agreed", "As the rules have it")  # the Score without the duck is legal


def test_a_round_after_the_game_is_won_and_an_unfinished_round_are_refused() -> None:
    text = write_record(SUITE["ad-game-2p-greedy-01"], None)
    rounds = text.count("\nRound ")
    error = error_of(text + f"\nRound {rounds + 1}\n1. Player 0: draw 1red\n")
    assert (error.code, error.rule) == ("game-over", "§2")
    cut = re.sub(r"\n\d+\. [^\n]*\n\d+-\d+\n\nRound 2\n", "\n\nRound 2\n", text, count=1)
    error = error_of(cut)
    assert "round 1 is not finished" in str(error) and error.rule == "§9"


def test_a_turn_after_the_rounds_last_score_is_refused_and_says_where_the_next_round_begins() -> None:
    text = re.sub(r"\n\d+\. ", "\n", write_record(SUITE["ad-game-2p-greedy-01"], None))  # turns unnumbered
    two_rounds = text.split("\n\nRound 3\n")[0]
    cut = re.sub(r"\n\d+-\d+\n\nRound 2\n", "\n", two_rounds, count=1)
    error = error_of(cut)
    assert (error.code, error.rule) == ("round-over", "§9") and "the next round's turns follow 'Round 2'" in str(error)


def test_the_start_of_a_later_round_is_the_next_player_by_ad_r14() -> None:
    text = write_record(SUITE["ad-game-2p-greedy-01"], None)
    second = text.index("Round 2\n1. Player ")
    player = text[second + len("Round 2\n1. Player ")]
    other = "1" if player == "0" else "0"
    error = error_of(text[:second] + text[second:].replace(f"1. Player {player}:", f"1. Player {other}:", 1))
    assert (error.code, error.rule) == ("not-your-turn", "AD-R14")


# The commands


def test_explain_tells_a_record_by_its_players_names_and_stops_at_the_breach(tmp_path: Path) -> None:
    path = tmp_path / "friday round.txt"
    path.write_text(FRIDAY, encoding="utf-8")
    result = CliRunner().invoke(main, ["explain", "--game", "aw-ducks", str(path)], env={"NO_COLOR": "1"})
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("friday-round: the record friday round.txt [inferred: 0 stash cards nobody saw, ")
    assert "step 1: Anna draws" in lines and lines[-1].startswith("stopped at friday round.txt, line 24, column 1")
    assert "(AD-R07; a row does not go round from 6 to 1)" in lines[-1]
    path.write_text(AGREED, encoding="utf-8")
    for command in ("explain", "replay"):
        result = CliRunner().invoke(main, [command, "--game", "aw-ducks", str(path)], env={"NO_COLOR": "1"})
        assert result.exit_code == 0, result.output


def test_the_docs_show_the_dispute_as_explain_prints_it() -> None:
    page = (DOCS / "recording.rst").read_text(encoding="utf-8")
    block = page[page.index("   $ ducksoup explain --game aw-ducks friday-round.txt") :].split("\n\n", 1)[0]
    shown = [line[3:] for line in block.splitlines()[1:]]
    result = CliRunner().invoke(main, ["explain", "--game", "aw-ducks", str(DOCS / "friday-round.txt")])
    printed = result.output.splitlines()
    assert shown[0] == "..." and shown[1:] == printed[-len(shown) + 1 :]


def test_the_notation_on_a_card_is_read_as_the_docs_say() -> None:
    page = (DOCS / "recording.rst").read_text(encoding="utf-8")
    card = page[page.index("   AW DUCKS! RECORD") :].split("\n\n", 1)[0]
    turns = [line.split("TURNS", 1)[-1].strip() for line in card.splitlines() if "12. Ben:" in line]
    assert len(turns) == 5
    for line in turns:
        turn = line.split("  ", 1)[0].removeprefix("12. ")  # a record of its own: turn 1
        record = parse_record(f'[Players "Anna, Ben"]\n{turn}\n')
        assert record.rounds[0].turns[0].player == 1, turn
    assert read_card("3r") == read_card("3red") == "3R" and read_card("g-duck") == "DG"


def test_a_record_typed_into_explain_on_a_terminal_is_told_up_to_the_dispute() -> None:
    """The record typed line by line at a terminal (``-``: standard input), ended with Ctrl-D."""
    import pty

    primary, secondary = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "ducksoup", "explain", "--game", "aw-ducks", "-"],
        stdin=secondary,
        stdout=secondary,
        stderr=secondary,
        env={**os.environ, "NO_COLOR": "1", "COLUMNS": "400"},
    )
    os.close(secondary)
    shown = b""
    try:
        for line in FRIDAY.splitlines():
            os.write(primary, line.encode() + b"\n")
            shown += _read_now(primary)
        os.write(primary, b"\x04")
        while chunk := _read(primary):
            shown += chunk
        process.wait(timeout=60)
    finally:
        os.close(primary)
        if process.poll() is None:
            process.kill()
            process.wait()
    text = shown.decode(errors="replace").replace("\r\n", "\n")
    assert process.returncode == 1, text
    assert "record: the record read from standard input" in text
    assert "step 15: Cleo draws" in text
    assert "stopped at read from standard input, line 24, column 1 (after step 15): Anna's Score takes no duck" in text


def _read_now(descriptor: int) -> bytes:
    """What the terminal echoed so far, without waiting for more."""
    shown = b""
    while select.select([descriptor], [], [], 0.05)[0]:
        chunk = _read(descriptor)
        if not chunk:
            break
        shown += chunk
    return shown


def _read(descriptor: int) -> bytes:
    try:
        return os.read(descriptor, 4096)
    except OSError:
        return b""


HOSTILE: dict[str, tuple[Callable[[str], str], str]] = {
    "size": (lambda text: text + "{" + "x" * MAX_RECORD + "}", "records are written by hand, and hold at most 1 MB"),
    "round-digits": (lambda text: text.replace("1. Anna", "Round " + "9" * 5000 + "\n1. Anna", 1), "5,000 digits"),
    "turn-digits": (lambda text: text.replace("1. Anna", "9" * 5000 + ". Anna", 1), "a turn number of 5,000 digits"),
    "score-digits": (lambda text: text + "1-" + "2" * 5000 + "-3\n", "a round's score of 5,000 digits"),
    "long-word": (lambda text: text.replace("draw 1black", "draw " + "x" * 100_000, 1), "is not a card"),
    "long-name": (lambda text: text.replace('"Anna"]', '"' + "A" * 100_000 + '"]', 1), "is not a player"),
    "deep-braces": (lambda text: text + "{" * 5000 + "}" * 5000, "'}' closes a comment, but none was opened"),
    "late-tag": (lambda text: text + '[Site "pub"]\n', "tag pairs make the header"),
    "escapes": (lambda text: text.replace("draw 1black", "draw 1\x1bc\x07\x00", 1), "is not a card"),
    "many-turns": (lambda text: text + "score " * 3000, "a round has at most 2000 turns"),
    "five-players": (lambda text: text.replace("Anna, Ben, Cleo", "A, B, C, D, E"), "2, 3 or 4 players"),
    "other-game": (lambda text: text.replace('"aw-ducks"', '"doubleduck"'), 'but the record says [Game "doubleduck"]'),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_record_gets_one_line_and_exit_2(case: str, tmp_path: Path) -> None:
    change, message = HOSTILE[case]
    path = tmp_path / "hostile\x1b]0;x\x07 record.txt"
    path.write_text(change(FRIDAY), encoding="utf-8")
    result = CliRunner().invoke(main, ["explain", "--game", "aw-ducks", str(path)])
    assert result.exit_code == 2, result.output[:500]
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.output[:2000]
    assert len(lines[0]) <= 400 and "\x1b" not in lines[0] and "\x00" not in lines[0], lines[0][:500]
    assert message in lines[0] and "hostile\\x1b]0;x\\x07 record.txt" in lines[0]


@pytest.mark.parametrize(
    ("name", "trace_id"), [("Friday Round (2026).TXT", "friday-round-2026"), ("игра.txt", "record")]
)
def test_a_record_is_read_whatever_its_file_is_called(name: str, trace_id: str, tmp_path: Path) -> None:
    path = tmp_path / name
    path.write_text(AGREED, encoding="utf-8")
    result = CliRunner().invoke(main, ["explain", "--game", "aw-ducks", str(path)])
    assert result.exit_code == 0 and result.output.startswith(f"{trace_id}: the record {name} "), result.output[:300]


def test_an_edited_record_that_breaks_a_rule_exits_1_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "edited.txt"
    path.write_text(AGREED.replace("13. Anna: draw 6purple", "13. Anna: discard 5green safe-draw"), encoding="utf-8")
    result = CliRunner().invoke(main, ["explain", "--game", "aw-ducks", str(path)], env={"NO_COLOR": "1"})
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        "stopped at edited.txt, line 21, column 26 (after step 12): a discarded 5 buys a secret-stash, not a "
        "safe-draw: 1 or 2 a safe-draw, 3 or 4 a quick-quack, 5 or 6 a secret-stash (§8)"
    )
