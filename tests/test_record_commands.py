"""``ducksoup record`` (check, to-trace, from-trace), ``play --record``, the game a record's tag chooses, and a sample
of random record edits, for every game with a record format."""

from __future__ import annotations

import dataclasses
import json
import os
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

import ducksoup.playing
import ducksoup.records_command
from duckcheck.trace import read_trace, trace_path
from ducksoup.cli import main
from ducksoup.games import GameReference, reference, references
from ducksoup.records import MAX_RECORD
from tests.play_driver import Turn, drive, first_option
from tests.record_edits import editable_games, judge, sample, spec_problem

ROOT = Path(__file__).resolve().parent.parent
KITCHEN = (ROOT / "docs" / "players" / "kitchen-table.txt").read_text(encoding="utf-8")
"""Anna's record of a deal (the docs' example): her own hand, what she saw and drew, every card played."""
BROKEN_AT_5 = KITCHEN.replace("5. QS JS", "5. QS 2H")
"""The kitchen-table record where Ben follows with the 2H at line 13, column 7: a card in Anna's hand (§4)."""
SHORT = 20
"""The tests session edits the records of a game's 20 smallest suite traces (the record-edits session takes all)."""
SEED = int(os.environ.get("DUCKSOUP_RECORD_EDITS_SEED", random.SystemRandom().randrange(1_000_000)))
"""The seed of the edits sampled here; printed by the test that uses it."""


def run(arguments: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, arguments, input=stdin)
    return result.exit_code, result.stdout, result.stderr


def one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in text, text[:2000]
    assert "\x1b" not in lines[0] and "\x00" not in lines[0]
    return lines[0]


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# record check


def test_a_legal_record_is_legal_in_one_line(tmp_path: Path) -> None:
    code, out, err = run(["record", "check", str(write(tmp_path, "kitchen.txt", KITCHEN))])
    assert code == 0, err
    assert (
        one_line(out)
        == f"{tmp_path / 'kitchen.txt'}: legal: a Duck Soup deal of 53 steps, 19 cards placed by inference"
    )


def test_a_broken_rule_is_exit_1_naming_line_column_and_rule(tmp_path: Path) -> None:
    path = write(tmp_path, "broken.txt", BROKEN_AT_5)
    code, out, err = run(["record", "check", str(path)])
    assert code == 1 and out == ""
    assert one_line(err) == (
        f"error: the game breaks a rule at {path}, line 13, column 7 (after step 9): an illegal play, "
        "card-not-in-hand (§4): 2H is not in Ben's hand: it is in Anna's hand at line 7, column 31"
    )


def test_a_rule_broken_before_any_play_is_exit_1_too(tmp_path: Path) -> None:
    path = write(tmp_path, "twice.txt", KITCHEN.replace("Anna: AC 7C", "Anna: AC AC"))
    code, _, err = run(["record", "check", str(path)])
    assert code == 1
    assert one_line(err) == (
        f"error: the game breaks a rule at {path}, line 7, column 10: a card recorded twice (§2): AC is already in "
        "Anna's hand at line 7, column 7"
    )


def test_a_mistake_of_notation_is_exit_2(tmp_path: Path) -> None:
    path = write(tmp_path, "notation.txt", KITCHEN.replace("5. QS JS", "5. QS ZZ"))
    code, _, err = run(["record", "check", str(path)])
    assert code == 2
    assert one_line(err) == (
        f"error: {path}: line 13, column 7: 'ZZ' is not a card: write the rank then the suit, like 9C "
        "(ranks A 2-9 T or 10 J Q K, suits C D H S)"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{" + '"a": 1}', "is a JSON trace, not a hand-written record"),
        ("", "a record begins with its header"),
        (KITCHEN + "{" * 10_000, "this comment is never closed"),
        (KITCHEN + "{" + "x" * MAX_RECORD + "}", "records are written by hand, and hold at most 1 MB"),
        (KITCHEN.replace("^JS", "^JS \x00\x07\x1b"), "line 8, column 5: '\\x00\\x07\\x1b' is not a card"),
        ('[Game "chess"]\n' + KITCHEN, "[Game] cannot be 'chess': write one of duck-soup, doubleduck, aw-ducks"),
        ('[Format "7"]\n' + KITCHEN, "[Format] '7' is not a version of this record format this reader knows"),
        ('[Game "duck-soup"]\n[Game "duck-soup"]\n' + KITCHEN, "the tag Game is given twice"),
    ],
    ids=["json", "empty", "deep-braces", "oversize", "control-characters", "unknown-game", "format", "game-twice"],
)
def test_a_file_that_is_no_record_is_exit_2_in_one_line(text: str, message: str, tmp_path: Path) -> None:
    path = write(tmp_path, "hostile.txt", text)
    code, out, err = run(["record", "check", str(path)])
    assert code == 2 and out == ""
    assert message in one_line(err)


@pytest.mark.parametrize("name", ["a\nb.txt", "\x1b[31mred.txt", "игра (2).txt", "-dash.txt", " .txt"])
def test_a_record_is_checked_whatever_its_file_is_called(name: str, tmp_path: Path) -> None:
    path = write(tmp_path, name, BROKEN_AT_5)
    code, _, err = run(["record", "check", "--", str(path)])
    assert code == 1
    line = one_line(err)
    assert "line 13, column 7" in line and "\x1b" not in line


def test_a_missing_file_and_a_folder_are_exit_2(tmp_path: Path) -> None:
    for name in (str(tmp_path / "nothing.txt"), str(tmp_path)):
        code, _, err = run(["record", "check", name])
        assert code == 2 and one_line(err).startswith("error: ")


def test_a_record_is_read_from_standard_input() -> None:
    code, out, _ = run(["record", "check", "-"], stdin=KITCHEN)
    assert code == 0 and out.startswith("standard input: legal: ")


# The game: the record's tag, --game where it has none


def test_the_records_game_tag_chooses_the_game_and_a_different_game_is_refused(tmp_path: Path) -> None:
    tagged = write(tmp_path, "tagged.txt", '[Game "Duck Soup"]\n[Format "1"]\n' + KITCHEN)
    assert run(["record", "check", str(tagged)])[0] == 0
    code, _, err = run(["record", "check", "--game", "aw-ducks", str(tagged)])
    assert code == 2
    assert one_line(err) == (
        f'error: {tagged}: line 1, column 1: --game aw-ducks, but the record says [Game "Duck Soup"]: '
        "leave --game out (the record names its own game) or give --game duck-soup"
    )


@pytest.mark.parametrize("command", ["explain", "replay", "view"])
def test_the_telling_commands_follow_the_tag_too(command: str, tmp_path: Path) -> None:
    tagged = write(tmp_path, "tagged.txt", '[Game "duck-soup"]\n' + KITCHEN)
    code, _, err = run([command, "--game", "doubleduck", str(tagged)])
    assert code == 2
    assert '--game doubleduck, but the record says [Game "duck-soup"]' in one_line(err)


def test_the_tag_chooses_the_reader_of_another_game(tmp_path: Path) -> None:
    """A record tagged with another game is read by that game's reader (or refused naming the games with one),
    never by Duck Soup's."""
    other = next(entry for entry in references() if entry.id != "duck-soup")
    path = write(tmp_path, "other.txt", f'[Game "{other.id}"]\n' + KITCHEN)
    code, _, err = run(["record", "check", str(path)])
    assert code in (1, 2)  # Duck Soup's reader would find the record legal
    assert "Duck Soup" not in one_line(err)


def test_without_a_tag_game_chooses_the_reader(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, "untagged.txt", KITCHEN)
    assert run(["record", "check", "--game", "duck-soup", str(path)])[0] == 0
    without = without_records(monkeypatch)
    code, _, err = run(["record", "check", "--game", without.id, str(path)])
    assert code == 2
    assert one_line(err).endswith(
        f"{without.suite.title} has no record format to read it as (the games with one: duck-soup)"
    )


def without_records(monkeypatch: pytest.MonkeyPatch) -> GameReference:
    """A game of the family made, for this test, into one without a record format (every module sees it so)."""
    other = next(entry for entry in references() if entry.id != "duck-soup")
    stripped = dataclasses.replace(other, read_record=None, write_record=None)
    entries = tuple(stripped if entry.id == other.id else entry for entry in references())
    if any(entry.id != "duck-soup" and entry.read_record for entry in entries):  # the third game keeps its own
        entries = tuple(
            entry
            if entry.id in ("duck-soup", other.id)
            else dataclasses.replace(entry, read_record=None, write_record=None)
            for entry in entries
        )

    def chosen(game_id: str | None = None) -> GameReference:
        return next(entry for entry in entries if entry.id == (game_id or "duck-soup"))

    for module in (ducksoup.games, ducksoup.records_command, ducksoup.telling, ducksoup.playing):
        if hasattr(module, "references"):
            monkeypatch.setattr(module, "references", lambda: entries)
        if hasattr(module, "reference"):
            monkeypatch.setattr(module, "reference", chosen)
    return stripped


# record to-trace


def test_to_trace_writes_the_inferred_trace_with_its_id(tmp_path: Path) -> None:
    record = write(tmp_path, "kitchen.txt", KITCHEN)
    out = tmp_path / "kitchen.json"
    code, said, err = run(["record", "to-trace", str(record), "--id", "ds-kitchen-1", "-o", str(out)])
    assert code == 0, err
    assert one_line(said) == f"written to {out}"
    trace = read_trace(out)
    assert trace["id"] == "ds-kitchen-1" and trace["game"] == "duck-soup"
    assert spec_problem(trace) is None
    assert run(["record", "to-trace", str(record), "-o", str(out)])[1].strip() == (
        f"written to {tmp_path / 'kitchen-2.json'} ({out} exists and is kept)"
    )


def test_to_trace_refuses_a_broken_record_and_a_bad_id(tmp_path: Path) -> None:
    code, out, err = run(["record", "to-trace", str(write(tmp_path, "broken.txt", BROKEN_AT_5))])
    assert code == 1 and out == "" and "line 13, column 7" in one_line(err)
    code, _, err = run(["record", "to-trace", str(write(tmp_path, "k.txt", KITCHEN)), "--id", "Not An ID"])
    assert code == 2 and "is not a trace ID" in err


def test_to_trace_never_writes_through_a_link(tmp_path: Path) -> None:
    (tmp_path / "link.json").symlink_to(tmp_path / "elsewhere.json")
    code, _, err = run(
        ["record", "to-trace", str(write(tmp_path, "k.txt", KITCHEN)), "-o", str(tmp_path / "link.json")]
    )
    assert code == 2 and "is a symbolic link" in one_line(err)
    assert not (tmp_path / "elsewhere.json").exists()


# record from-trace


@pytest.mark.parametrize("as_player", [None, 0, 1])
def test_from_trace_writes_a_record_that_reads_back_to_the_same_game(as_player: int | None, tmp_path: Path) -> None:
    arguments = ["record", "from-trace", "ds-game-quacky-01"] + ([] if as_player is None else ["--as", str(as_player)])
    code, text, err = run(arguments)
    assert code == 0, err
    assert text.startswith('[Game "duck-soup"]\n[Format "1"]\n')
    hands = {line.split(":")[0] for line in text.splitlines() if line.startswith("Player ")}
    assert hands == ({"Player 0", "Player 1"} if as_player is None else {f"Player {as_player}"})
    code, out, err = run(["record", "to-trace", "-"], stdin=text)
    assert code == 0, err
    original, again = read_trace(trace_path("ds-game-quacky-01")), json.loads(out)
    assert [step["action"] for step in again["steps"]] == [
        step["action"] for step in original["steps"] if "state" in step
    ]
    assert again["final"] == original["final"]


def test_from_trace_refuses_a_trace_the_rules_contradict(tmp_path: Path) -> None:
    trace = read_trace(trace_path("ds-edge-forgotten-quack"))
    trace["steps"][0]["state"]["points"] = [[9, 9], [9, 9]]
    path = write(tmp_path, "lying.json", json.dumps(trace))
    code, out, err = run(["record", "from-trace", str(path)])
    assert code == 1 and out == ""
    assert one_line(err).startswith(f"error: {path}: not written: the rules contradict it at step 1")


def test_from_trace_refuses_a_player_not_in_the_game_and_a_record(tmp_path: Path) -> None:
    code, _, err = run(["record", "from-trace", "ds-edge-forgotten-quack", "--as", "2"])
    assert code == 2 and "--as 2: the players of ds-edge-forgotten-quack are 0 to 1" in one_line(err)
    code, _, err = run(["record", "from-trace", str(write(tmp_path, "k.txt", KITCHEN))])
    assert code == 2 and "is not a JSON trace" in one_line(err)


def test_a_game_without_a_record_format_is_refused_naming_those_with_one(monkeypatch: pytest.MonkeyPatch) -> None:
    without = without_records(monkeypatch)
    suite_id = next(path.stem for path in (ROOT / "conformance" / "traces" / without.id).glob("*.json"))
    code, out, err = run(["record", "from-trace", suite_id])
    assert code == 2 and out == ""
    assert one_line(err) == f"error: {without.suite.title} has no record format: records are written for duck-soup"
    refusal = ducksoup.playing.record_refusal(without.id, Path("r.txt"))
    assert refusal == f"--record r.txt: {without.suite.title} has no record format (records are written for duck-soup)"


# play --record


def test_play_writes_the_record_of_the_humans_side(tmp_path: Path) -> None:
    def three_moves_then_quit(turn: Turn) -> str:
        return "quit" if turn.asked >= 3 else first_option(turn)

    code, transcript = drive(
        ["--seed", "5", "--as", "1", "--save", "game.json", "--record", "mine.txt"], tmp_path, three_moves_then_quit
    )
    assert code == 0, transcript
    assert "your record is written to mine.txt" in transcript
    written = (tmp_path / "mine.txt").read_text(encoding="utf-8")
    expected = reference().record_text(read_trace(tmp_path / "game.json"), 1)
    assert written == expected
    assert "Player 1:" in written and "Player 0:" not in written


def test_play_refuses_a_record_path_in_no_folder(tmp_path: Path) -> None:
    code, transcript = drive(["--seed", "5", "--record", "nowhere/mine.txt"], tmp_path)
    assert code == 2
    assert "error: --record nowhere/mine.txt: the folder nowhere does not exist" in transcript
    assert not (tmp_path / "duck-soup-game.json").exists()


# Random edits of suite records (a sample; the record-edits session runs 500 a game)


@pytest.mark.parametrize("game", [entry.id for entry, _ in editable_games()])
def test_edited_records_are_legal_or_refused_at_the_first_impossible_line(game: str) -> None:
    print(f"record edits of {game}: seed {SEED} (DUCKSOUP_RECORD_EDITS_SEED={SEED} repeats it)")
    entry, edit = next((entry, edit) for entry, edit in editable_games() if entry.id == game)
    tally = sample(entry, edit, edits=3, seed=SEED, per_trace=3, shortest=SHORT)
    assert tally.wrong == [], f"seed {SEED}: {tally.wrong}"
    assert tally.tried == 3 and len(tally.kinds) == 3, tally.kinds  # three kinds: a short trace may have no score


def test_an_unedited_record_is_legal_and_agrees_with_the_spec() -> None:
    entry, _ = editable_games()[0]
    text = entry.record_text(read_trace(trace_path("ds-edge-forgotten-quack")), None)
    assert text is not None
    from tests.record_edits import Edit

    assert judge(entry, Edit(text, 1, "none")).outcome == "legal"
