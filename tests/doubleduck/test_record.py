"""Doubleduck records: read, written, refused with their line and column, turned into traces, and told.

The whole suite's round trips and random edits are in ``test_record_suite.py``.
"""

from __future__ import annotations

import doctest
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import ducksoup.doubleduck.record
from ducksoup.cli import main
from ducksoup.doubleduck.record import (
    EXAMPLE,
    RecordError,
    format_record,
    infer_decks,
    parse_record,
    record_to_trace,
    trace_to_record,
    write_record,
)
from ducksoup.doubleduck.record_grammar import read_call
from ducksoup.narration import INFERRED_LEGEND
from ducksoup.records import MAX_RECORD
from tests.doubleduck import record_edits
from tests.doubleduck.traces import load_traces

JSON = dict[str, Any]
DOCS = Path(__file__).resolve().parents[2] / "docs" / "doubleduck"
SUITE = {trace["id"]: trace for trace in load_traces()}


# The format


def test_the_modules_examples_run() -> None:
    assert doctest.testmod(ducksoup.doubleduck.record).failed == 0


def test_a_record_is_read_as_written() -> None:
    record = parse_record(EXAMPLE)
    assert record.players == ("Anna", "Ben", "Cleo", "Dan") and record.dealer == 3
    deal = record.deals[0]
    assert deal.hands[2][:3] == ("AC", "QC", "6D") and deal.hands[0] == ()
    assert [str(move) for move in deal.tricks[3].moves] == ["3H", "AH", "3D quack", "8C"]
    assert deal.tricks[0].drawn == (None, None, "TH")
    assert record.tags == () and record.draw == "winner-first" and record.scope == "deal"


@pytest.mark.parametrize(
    ("words", "call"),
    [
        ("quack", "quack"),
        ("Quack-Quack!", "quack-quack"),
        ("quack_quack_quack", "quack-quack-quack"),
        ("DOUBLEDUCK", "doubleduck"),
        ("double-duck!", "doubleduck"),
        ("quackquackquackquack", None),
        ("quacks", None),
        ("duck", None),
    ],
)
def test_calls_are_read_in_their_spellings(words: str, call: str | None) -> None:
    assert read_call(words) == call


@pytest.mark.parametrize(
    ("written", "moves"),
    [
        ("JS js DOUBLE DUCK 10h j♣ Quack-Quack-Quack!", ["JS", "JS doubleduck", "TH", "JC quack-quack-quack"]),
        ("3H AH 3D quack quack 8C", ["3H", "AH", "3D quack-quack", "8C"]),
        ("3h,a♥,3♦ Quack,8c", ["3H", "AH", "3D quack", "8C"]),
    ],
)
def test_a_trick_is_read_in_any_case_with_symbols_and_split_calls(written: str, moves: list[str]) -> None:
    record = parse_record('[Dealer "3"]\n' + written + "\n")
    assert [str(move) for move in record.deals[0].tricks[0].moves] == moves


def test_a_written_record_reads_back_the_same() -> None:
    record = trace_to_record(SUITE["dd-game-four-deals"])
    assert parse_record(format_record(record)) == record
    one = trace_to_record(SUITE["dd-game-four-deals"], 2)
    assert parse_record(format_record(one)) == one
    assert all(hand == () for deal in one.deals for seat, hand in enumerate(deal.hands) if seat != 2)


GOOD = '[Players "Anna, Ben, Cleo, Dan"]\n[Dealer "Dan"]\nCleo: AC QC\n1. 5S 2C 7H 3C +? +? +TH\n'


@pytest.mark.parametrize(
    ("old", "new", "line", "column", "message"),
    [
        ("5S 2C", "5S ZZ", 4, 7, "'ZZ' is not a card: write the rank then the suit"),
        ("7H 3C", "7H quack-quack-quack-quack", 4, 13, "is not a card or a call"),
        ("1. 5S", "2. 5S", 4, 1, "this is trick 1 of the deal, not 2"),
        ("1. 5S", "quack 5S", 4, 1, "a call is written after the card it is said with"),
        ("+TH", "+TH +? +5D", 4, 29, "four cards at most are drawn after a trick"),
        ("+TH", "+ZZ", 4, 22, "'+ZZ' is not a drawn card"),
        ("7H 3C +?", "7H +?", 4, 13, "the cards drawn are written after the trick's four cards"),
        ('[Dealer "Dan"]', '[Dealer "Zed"]', 2, 1, "[Dealer]: 'Zed' is not a player"),
        ('[Dealer "Dan"]', '[Dealer "Dan"]\n[Scope "match"]', 3, 1, "[Scope] cannot be 'match'"),
        ('[Dealer "Dan"]', '[Dealer "Dan"]\n[Game "duck-soup"]', 3, 1, "this is a reader of Doubleduck records"),
        ('[Dealer "Dan"]', '[Dealer "Dan"]\n[Format "2"]', 3, 1, "is not a version of this record format"),
        ("Cleo: AC QC", "Cleo: AC QC\nCleo: 2C", 4, 1, "Cleo's hand is already written at line 3"),
        ("Cleo: AC QC", "Zed: AC QC", 3, 1, "'Zed' is not a player"),
        ("+TH", '+TH\n[Event "late"]', 5, 1, "tag pairs make the header"),
        ("7H 3C", "7H ? 3C", 4, 13, "every card played is seen by all"),
        ("3C +?", "3C quack doubleduck +?", 4, 22, "3C is already called quack"),
        ('[Players "Anna, Ben, Cleo, Dan"]', '[Players "Anna, Ben, Cleo"]', 1, 1, "names the 4 players in seat order"),
        ('[Dealer "Dan"]', '[Dealer "Dan"]\n[Sides "Anna, Ben v Cleo, Dan"]', 3, 1, "partners sit opposite"),
        ("+TH\n", "+TH\nDeal 2\n", 5, 1, "a record of one deal holds one deal"),
    ],
)
def test_mistakes_are_reported_with_line_column_and_what_was_expected(
    old: str, new: str, line: int, column: int, message: str
) -> None:
    assert old in GOOD
    with pytest.raises(RecordError) as raised:
        parse_record(GOOD.replace(old, new, 1))
    assert (raised.value.line, raised.value.column) == (line, column), str(raised.value)
    assert message in raised.value.reason


def test_a_record_without_a_header_says_so() -> None:
    with pytest.raises(RecordError, match="line 1, column 1: a record begins with its header"):
        parse_record("5S 2C 7H 3C\n")


# Rules the record breaks: where, and which


@pytest.mark.parametrize(
    ("old", "new", "line", "rule", "message"),
    [
        ("3H AH 3D quack 8C", "3H AH 3D quack-quack 8C", 11, "DD-R04", "quack-count-mismatch"),
        ("3H AH 3D quack 8C", "3H AH 3D doubleduck 8C", 11, "DD-R05", "not-the-duplicate"),
        ("3H AH 3D quack 8C", "3H AH quack 3D 8C", 11, "DD-R05", "call-rank-mismatch"),
        ("5S 2C 7H 3C", "5S quack 2C 7H 3C", 8, "DD-R05", "call-not-allowed"),
        ("5S 2C 7H 3C", "5S 2C 2C 3C", 8, "§4", "card-not-in-hand"),
        ("Cleo: AC QC 6D", "Cleo: 4H QC 6D", 7, "§1", "two packs hold each card twice"),
        ("+? +? +TH ", "+? +? +4H ", 8, "§1", "two packs hold each card twice"),
        ("9S 4C 7S 8D  +KS", "9S 4C 7S 8D  +KS +? +? +? +? ", 10, "§4", "four cards at most"),
    ],
)
def test_a_broken_rule_is_named_at_its_line(old: str, new: str, line: int, rule: str, message: str) -> None:
    assert old in EXAMPLE, old
    text = EXAMPLE.replace(old, new, 1)
    try:
        record = parse_record(text)
    except RecordError as error:  # the notation refuses some before any rule is consulted
        assert error.line == line and message in error.reason, str(error)
        return
    with pytest.raises(RecordError) as raised:
        infer_decks(record)
    assert (raised.value.line, raised.value.rule) == (line, rule), str(raised.value)
    assert message in raised.value.reason
    stopped = infer_decks(record, until_broken=True)
    assert stopped.broken is not None and stopped.broken.line == line


def test_a_wrong_score_is_given_with_the_right_one_and_the_rule() -> None:
    text = write_record(SUITE["dd-deal-greedy-002"], 1)
    right = text.rstrip().splitlines()[-1]
    first, second = right.split("-")
    wrong = f"{int(first) + 1}-{second}"
    with pytest.raises(RecordError) as raised:
        infer_decks(parse_record(text.replace(right, wrong)))
    assert raised.value.rule == "§6" and f"the scores are {right} " in raised.value.reason
    assert f"not {wrong}" in raised.value.reason


def test_a_score_before_the_deal_is_over_is_refused() -> None:
    with pytest.raises(RecordError, match=r"line 12, column 1: the deal is not over.*\(§5, §6\)"):
        infer_decks(parse_record(EXAMPLE + "0-0\n"))


def test_a_deal_after_the_game_is_won_is_refused() -> None:
    text = write_record(SUITE["dd-game-first-deal-1000"], None) + "\nDeal 2\n1. AC\n"
    record = parse_record(text)
    inference = infer_decks(record, until_broken=True)
    assert inference.broken is not None and inference.broken.rule == "DD-R16"
    assert "the game was won in deal 1" in inference.broken.reason


# Through the commands: hostile records, broken rules, a record typed at a terminal, the docs' dispute

LINE = 1000
"""The longest line an error may print: a hostile file gets one short line, whatever it holds."""


def one_line(output: str) -> str:
    lines = output.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in output, output[:2000]
    assert len(lines[0]) <= LINE and "\x1b" not in lines[0] and "\x00" not in lines[0], lines[0][:2000]
    return lines[0]


def explain(path: Path, *options: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["explain", "--game", "doubleduck", *options, str(path)])
    return result.exit_code, result.output


HOSTILE: dict[str, tuple[Callable[[str], str], str]] = {
    "size": (lambda text: text + "{" + "x" * MAX_RECORD + "}", "records are written by hand, and hold at most 1 MB"),
    "open-brackets": (lambda text: "[" * 5000 + text, 'a tag pair is written [Name "value"]'),
    "open-braces": (lambda text: "{" * 5000 + text, "not valid JSON"),
    "unclosed-comment": (lambda text: text + "{" * 5000, "this comment is never closed"),
    "stray-brace": (lambda text: text + "}" * 5000, "'}' closes a comment, but none was opened"),
    "other-game": (lambda text: text.replace('[Game "doubleduck"]', '[Game "chess"]'), "[Game] cannot be 'chess'"),
    "unknown-value": (lambda text: text.replace('[Format "1"]', '[Scope "rubber"]'), "[Scope] cannot be 'rubber'"),
    "late-tag": (lambda text: text + '[Event "late"]\n', "tag pairs make the header"),
    "control": (
        lambda text: text.replace("1. 5S", "1. 5S \x1bZ\x00\u202e"),
        "column 7: '\\x1bZ\\x00\\u202e' is not a card",
    ),
    "long-word": (lambda text: text.replace("1. 5S", "1. 5S " + "x" * 100_000), "is not a card or a call"),
    "long-name": (lambda text: text.replace('[Dealer "Dan"]', '[Dealer "' + "D" * 100_000 + '"]'), "is not a player"),
    "trick-number": (lambda text: text.replace("1. 5S", "9" * 5000 + ". 5S"), "a trick number of 5,000 digits"),
    "score": (lambda text: text + "9" * 5000 + "-1\n", "a deal score of 5,000 digits"),
    "too-many-tricks": (lambda text: text + " AC" * 10_000, "a deal has 26 tricks"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_record_is_refused_with_one_line_and_exit_2(case: str, tmp_path: Path) -> None:
    change, message = HOSTILE[case]
    path = tmp_path / "record.txt"
    path.write_text(change(EXAMPLE), encoding="utf-8")
    status, output = explain(path)
    assert status == 2, output[:2000]
    line = one_line(output)
    assert line.startswith(f"error: {path}: ") and message in line, line


@pytest.mark.parametrize(
    ("name", "trace_id", "shown"),
    [
        ("Thursday Club (Round 2).TXT", "thursday-club-round-2", "Thursday Club (Round 2).TXT"),
        ("игра.txt", "record", "игра.txt"),
        ("title\x1b]0;pwned\x07.txt", "title-0-pwned", "title\\x1b]0;pwned\\x07.txt"),
    ],
)
def test_a_record_is_read_whatever_its_file_is_called(name: str, trace_id: str, shown: str, tmp_path: Path) -> None:
    path = tmp_path / name
    path.write_text(EXAMPLE, encoding="utf-8")
    status, output = explain(path)
    assert status == 0, output[:2000]
    assert output.startswith(f"{trace_id}: the record {shown} [inferred: ")
    assert "\x1b" not in output and "\x07" not in output


def test_a_record_that_breaks_a_rule_stops_there_with_exit_1_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "club.txt"
    path.write_text(EXAMPLE.replace("3H AH 3D quack 8C", "3H AH 3D quack-quack 8C"), encoding="utf-8")
    status, output = explain(path)
    assert status == 1, output[:2000]
    assert output.splitlines()[-1] == (
        "stopped at club.txt, line 11, column 10 (after step 14): an illegal play, quack-count-mismatch (DD-R04): "
        "this is card 1 of rank 3 after the lead: call 1 quack(s), not 'quack-quack'"
    )
    assert "step 14: Dan plays A♥" in output and "step 15" not in output


def test_a_record_told_whole_marks_each_card_placed_by_inference_and_no_written_copy() -> None:
    status, output = explain(DOCS / "thursday-club.txt", "--at", "4")
    assert status == 0
    lines = output.splitlines()
    assert lines[1] == INFERRED_LEGEND
    after = lines[lines.index("position after step 4:") :]
    hands = {
        line.split("'s hand: ")[0].strip(): line.split("'s hand: ")[1].split() for line in after if "hand: " in line
    }
    # Ben's hand and draw are written, the two copies of 7C and QS too: no mark; his JS played, QH drawn
    assert hands["Ben"] == ["A♣", "7♣", "7♣", "J♣", "10♦", "J♦", "Q♦", "Q♥", "3♠", "8♠", "9♠", "Q♠", "Q♠"]
    for other in ("Anna", "Cleo", "Dan"):  # never written: every card inferred, the one played gone, one drawn
        assert len(hands[other]) == 13 and all(card.endswith("?") for card in hands[other]), hands[other]
    assert "Ben Q♥, Cleo 8♦?, Dan 9♦?, Anna 9♦?" in output  # Ben's draw is written; the others' are inferred
    assert "  Dan's hand: 2♣? 4♣? 5♣? 8♣? 9♣? J♣? Q♣? K♣? 2♦? 3♦? 5♦? 6♦? 8♦?" in lines[:12]  # as dealt
    assert "J♣?" not in hands["Dan"] and hands["Dan"][-1] == "9♦?"  # J♣ played, 9♦ drawn


def test_the_docs_dispute_is_what_explain_prints() -> None:
    status, output = explain(DOCS / "thursday-club.txt", "--as", "1")
    assert status == 0
    assert output == (DOCS / "thursday-club-explained.txt").read_text(encoding="utf-8")
    assert "the doubleduck takes the trick; the quacks after it count but lose (DD-R07): you win it" in output


def test_the_docs_broken_variant_stops_where_the_page_says(tmp_path: Path) -> None:
    page = (DOCS / "recording.rst").read_text(encoding="utf-8")
    text = (DOCS / "thursday-club.txt").read_text(encoding="utf-8")
    path = tmp_path / "thursday-club.txt"
    path.write_text(text.replace("JC quack-quack-quack", "JC quack-quack", 1), encoding="utf-8")
    status, output = explain(path, "--as", "1")
    stopped = output.splitlines()[-1]
    assert status == 1 and stopped.startswith("stopped at thursday-club.txt, line 12, column 4 ")
    assert f"\n   {stopped}\n" in page


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_a_record_typed_at_a_terminal_is_told_with_its_dispute_settled() -> None:
    """The record is typed line by line into ``explain -`` on a terminal, ended with Ctrl-D."""
    import pty

    primary, secondary = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "ducksoup", "explain", "--game", "doubleduck", "--as", "1", "-"],
        stdin=secondary,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    os.close(secondary)
    try:
        for line in (DOCS / "thursday-club.txt").read_text(encoding="utf-8").splitlines():
            os.write(primary, line.encode() + b"\n")
        os.write(primary, b"\x04")
        output, errors = process.communicate(timeout=120)
    finally:
        os.close(primary)
        if process.poll() is None:
            process.kill()
            process.wait()
    told = output.decode()
    assert process.returncode == 0, errors.decode()
    expected = (DOCS / "thursday-club-explained.txt").read_text(encoding="utf-8").splitlines()
    assert told.splitlines()[0].startswith("record: the record read from standard input [inferred: ")
    assert told.splitlines()[1:] == expected[1:]


def test_an_edit_names_its_line_and_kind() -> None:
    text = write_record(SUITE["dd-deal-greedy-002"], None)
    seen = set()
    for seed in range(40):
        edited = record_edits.edit(text, random.Random(seed))
        assert edited is not None and edited.kind in record_edits.KINDS
        seen.add(edited.kind)
        if edited.kind == "score":
            assert re.fullmatch(r"\d+-\d+", edited.text.splitlines()[edited.line - 1])
    assert seen == set(record_edits.KINDS)
    assert record_edits.edit('[Dealer "0"]\n', random.Random(0)) is None


def test_a_record_may_stop_in_the_middle_of_the_contested_trick() -> None:
    record = parse_record(EXAMPLE + "5. JD JD\n")
    trace = record_to_trace(record, "partial", "Stopped at the fifth trick")
    last = trace["steps"][-1]["state"]
    assert len(trace["steps"]) == 18 and last["table"] == "JDJD" and last["to_act"] == 2
    assert trace["final"] == {"deals": []}


def test_each_inferred_card_says_why_it_is_where_it_is() -> None:
    inference = infer_decks(parse_record(EXAMPLE))
    played = [card for card in inference.inferred if card.reason == "played"]
    assert played[0].card == "5S" and played[0].note == "played at line 8, column 4: dealt to Anna"
    assert {card.reason for card in inference.inferred} == {"played", "unseen"}
    assert all(card.note.startswith("never seen: ") for card in inference.inferred if card.reason == "unseen")
    cleo = {card.card for card in inference.inferred if "dealt to Cleo" in card.note}
    assert not cleo, "Cleo's hand is written whole: nothing of it is inferred"


def test_replay_and_view_read_a_record_too(tmp_path: Path) -> None:
    record = DOCS / "thursday-club.txt"
    replayed = CliRunner().invoke(main, ["replay", "--game", "doubleduck", str(record)])
    assert replayed.exit_code == 0 and "Duck pile 3 kept by Ben" in replayed.output
    page = tmp_path / "dispute.html"
    viewed = CliRunner().invoke(main, ["view", "--game", "doubleduck", "--no-open", "-o", str(page), str(record)])
    assert viewed.exit_code == 0 and viewed.output.strip() == f"wrote {page} (4 steps)"


def test_a_card_drawn_in_the_soup_course_is_refused_with_its_rule() -> None:
    lines = write_record(SUITE["dd-deal-greedy-002"], None).splitlines()
    soup = next(number for number, line in enumerate(lines) if line.startswith("14. "))
    lines[soup] += " +AC"
    with pytest.raises(RecordError) as raised:
        infer_decks(parse_record("\n".join(lines) + "\n"))
    assert raised.value.line == soup + 1 and raised.value.rule == "§5"
    assert "no card is drawn in the Soup course" in raised.value.reason
