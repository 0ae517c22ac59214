"""Damaged and hostile trace, record and suite files: one clear line naming the file, never a traceback.

Each case is a file a person could hand to ``ducksoup explain``, ``replay`` or ``check --suite``:
nested thousands of levels deep, numbers of thousands of digits, ``"dealer": 1.0``, a card twice,
manifests of the wrong shape or pointing outside the suite, files far too large, devices, and
records whose file names are not trace IDs.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from duckcheck.trace import TraceError, dump_trace, load_suite, trace_id_from_name
from duckcheck.untrusted import MAX_BYTES, UnreadableFile, read_text
from ducksoup.cli import main
from ducksoup.duck_soup.record import MAX_RECORD, RecordError, parse_record

ROOT = Path(__file__).resolve().parent.parent
SUITE = {trace["id"]: trace for trace in load_suite()}
DEAL = SUITE["ds-deal-greedy-001"]
GAME = SUITE["ds-game-greedy-01"]
RECORD = (ROOT / "docs" / "players" / "kitchen-table.txt").read_text(encoding="utf-8")
LINE = 400
"""An error line quotes a short excerpt: none of these is longer (the file's name included)."""


def changed(trace: dict[str, Any], **fields: Any) -> str:
    return json.dumps({**trace, **fields})


def deck_with_a_card_twice(trace: dict[str, Any]) -> list[str]:
    deck = trace["decks"][0]
    return [deck[:2] + deck[:2] + deck[4:], *trace["decks"][1:]]


HOSTILE_TRACES: dict[str, tuple[Callable[[], str], str]] = {
    "deep-array": (lambda: "[" * 5000 + "]" * 5000, "nested too deeply"),
    "deep-object": (lambda: '{"a":' * 3000 + "1" + "}" * 3000, "nested too deeply"),
    "deep-inside": (lambda: changed(DEAL, tags=json.loads("[" * 900 + "]" * 900)), "at tags/0"),
    "huge-int": (lambda: changed(DEAL)[:-1] + ', "x": ' + "9" * 5000 + "}", "an integer with too many digits"),
    "huge-dealer": (lambda: changed(DEAL, dealer="D").replace('"D"', "1" * 5000), "too many digits"),
    "dealer-float": (lambda: changed(DEAL, dealer=1.0), "at dealer: 1.0 is not of type 'integer'"),
    "players-float": (lambda: changed(DEAL, players=2.0), "at players: 2.0 is not of type 'integer'"),
    "a-card-twice": (lambda: changed(DEAL, decks=deck_with_a_card_twice(DEAL)), "decks[0]: a deck must list each"),
    "game-card-twice": (lambda: changed(GAME, decks=deck_with_a_card_twice(GAME)), "decks[0]: a deck must list"),
    "two-decks-for-a-deal": (lambda: changed(DEAL, decks=DEAL["decks"] * 2), "a deal is played from exactly one deck"),
    "long-description": (lambda: changed(DEAL, description="x" * 1_000_000), "is too long"),
    "escapes": (lambda: changed(DEAL, description="\x1b[2J\x00" * 200), "is too long"),
    "a-list": (lambda: "[1, 2, 3]", "is not of type 'object'"),
    "not-utf8": (lambda: "\udcff", "not UTF-8 text"),
}


@pytest.fixture(params=sorted(HOSTILE_TRACES))
def hostile(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Path, str]:
    make, message = HOSTILE_TRACES[request.param]
    path = tmp_path / f"{request.param}.json"
    path.write_text(make(), encoding="utf-8", errors="surrogateescape")
    return path, message


def one_line(output: str) -> str:
    lines = output.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in output, output[:2000]
    assert len(lines[0]) <= LINE and "\x1b" not in lines[0] and "\x00" not in lines[0], lines[0][:2000]
    return lines[0]


@pytest.mark.parametrize("command", ["explain", "replay"])
def test_a_hostile_trace_gets_one_line_naming_the_file(command: str, hostile: tuple[Path, str]) -> None:
    path, message = hostile
    result = CliRunner().invoke(main, [command, str(path)])
    assert result.exit_code == 2
    line = one_line(result.output)
    assert line.startswith(f"error: {path}: ") and message in line


def test_a_hostile_trace_in_a_suite_is_a_defect_of_the_suite(hostile: tuple[Path, str]) -> None:
    path, message = hostile
    (path.parent / "manifest.json").write_text(json.dumps({"traces": [{"file": path.name}]}))
    result = CliRunner().invoke(main, ["check", "--suite", str(path.parent)])
    assert result.exit_code == 2
    line = one_line(result.output)
    assert line.startswith(f"error: {path}: ") and message in line
    assert "the suite itself is defective (not the implementation)" in line


@pytest.mark.parametrize(
    ("manifest", "message"),
    [
        ("[]", "a manifest is a JSON object with a 'traces' list, not a list"),
        ('{"suite": "1.0.0"}', "the manifest has no 'traces' list"),
        ('{"traces": {"file": "a.json"}}', "'traces' must be a list of entries"),
        ('{"traces": [5]}', "traces[0]: an entry is an object"),
        ('{"traces": [{"id": "ds-x"}]}', "traces[0]: 'file' must name the trace's file, not None"),
        ('{"traces": [{"file": 5}]}', "traces[0]: 'file' must name the trace's file, not 5"),
        ('{"traces": [{"file": "a.json", "sha256": 5}]}', "traces[0]: 'sha256' must be a string, not 5"),
        ('{"traces": [{"file": "/etc/hostname"}]}', "traces[0]: the file '/etc/hostname' is outside the suite"),
        ('{"traces": [{"file": "../outside.json"}]}', "traces[0]: the file '../outside.json' is outside the suite"),
        ('{"traces": [{"file": "link.json"}]}', "traces[0]: the file 'link.json' leads outside the suite folder"),
        ('{"traces": [{"file": "folder"}]}', "folder: is a folder, not a trace"),
        ('{"traces": ' + "[" * 5000 + "]" * 5000 + "}", "cannot read the suite's manifest: not readable: arrays"),
        ('{"count": ' + "9" * 5000 + "}", "cannot read the suite's manifest: not readable: an integer"),
    ],
)
def test_a_damaged_manifest_gets_one_line(manifest: str, message: str, tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "folder").mkdir()
    (tmp_path / "outside.json").write_text(dump_trace(DEAL))
    (suite / "link.json").symlink_to(tmp_path / "outside.json")
    (suite / "manifest.json").write_text(manifest)
    for arguments in (["check", "--suite", str(suite)], ["check", "--suite", str(suite), "--list"]):
        result = CliRunner().invoke(main, arguments)
        assert result.exit_code == 2
        line = one_line(result.output)
        assert message in line and str(suite) in line


def test_a_manifest_entry_naming_a_device_is_refused(tmp_path: Path) -> None:
    (tmp_path / "manifest.json").write_text(json.dumps({"traces": [{"file": "zero.json"}]}))
    os.symlink("/dev/zero", tmp_path / "zero.json")
    with pytest.raises(TraceError, match="leads outside the suite folder"):
        load_suite(tmp_path, trusted=False)


# Sizes, devices, pipes and standard input


def test_a_file_over_the_limit_is_refused_at_once(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as file:
        file.truncate(MAX_BYTES + 1)  # sparse: refused by its size, never read
    result = CliRunner().invoke(main, ["explain", str(big)])
    assert result.exit_code == 2
    assert one_line(result.output) == f"error: {big}: the trace or record is larger than 50 MB; refused"


def test_a_device_is_refused() -> None:
    result = CliRunner().invoke(main, ["explain", "/dev/zero"])
    assert result.exit_code == 2
    assert one_line(result.output) == (
        "error: /dev/zero: is a device, not a trace or record; give a file, a pipe or - for standard input"
    )


def test_a_pipe_is_read_up_to_the_limit(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)

    def feed(data: bytes) -> threading.Thread:
        def write() -> None:
            with fifo.open("wb") as pipe:
                pipe.write(data)

        thread = threading.Thread(target=write)
        thread.start()
        return thread

    writer = feed(dump_trace(DEAL).encode())
    assert json.loads(read_text(fifo, "trace")) == json.loads(dump_trace(DEAL))
    writer.join()
    writer = feed(b"x" * 5000)
    with pytest.raises(UnreadableFile, match=r"fifo: the trace is larger than 0 MB; refused"):
        read_text(fifo, "trace", limit=4096)
    writer.join()


def test_standard_input_is_read_with_a_dash() -> None:
    result = CliRunner().invoke(main, ["explain", "-"], input=dump_trace(DEAL))
    assert result.exit_code == 0 and result.output.startswith("ds-deal-greedy-001: ")
    result = CliRunner().invoke(main, ["explain", "-"], input=RECORD)
    assert result.exit_code == 0 and result.output.startswith("record: the record read from standard input")
    result = CliRunner().invoke(main, ["explain", "-"], input='{"a":' * 3000 + "1" + "}" * 3000)
    assert (
        result.exit_code == 2
        and one_line(result.output) == "error: standard input: not readable: arrays or objects nested too deeply"
    )


# Records


@pytest.mark.parametrize(
    ("name", "trace_id"),
    [
        ("my_game.txt", "my-game"),
        ("my game.txt", "my-game"),
        ("my.game.txt", "my-game"),
        ("jeu-été.txt", "jeu-ete"),
        ("a--b.txt", "a-b"),
        ("Kitchen Table (2024).TXT", "kitchen-table-2024"),
        ("___.txt", "record"),
        ("игра.txt", "record"),
    ],
)
def test_a_record_is_read_whatever_its_file_is_called(name: str, trace_id: str, tmp_path: Path) -> None:
    path = tmp_path / name
    path.write_text(RECORD, encoding="utf-8")
    assert trace_id_from_name(path.stem) == trace_id
    result = CliRunner().invoke(main, ["explain", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"{trace_id}: the record {name} ")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda text: text.replace("1. JC", "Deal " + "9" * 5000 + "\n1. JC", 1), "a deal number of 5,000 digits"),
        (lambda text: text.replace("1. JC", "9" * 5000 + ". JC", 1), "a trick number of 5,000 digits"),
        (lambda text: text.replace("90-28", "9" * 5000 + "-28"), "a deal score of 5,000 digits"),
        (lambda text: text.replace("90-28", "90-" + "2" * 5000), "a deal score of 5,000 digits"),
        (lambda text: text.replace("^JS", "^JS " + "x" * 100_000), "is not a card or a call"),
        (lambda text: text.replace('[Dealer "Ben"]', '[Dealer "' + "B" * 100_000 + '"]'), "is not a player"),
        (lambda text: text.replace("90-28", "") + " AC" * 10_000, "a deal has 26 tricks at most"),
        (lambda text: text + "{" + "x" * MAX_RECORD + "}", "records are written by hand, and hold at most 1 MB"),
    ],
)
def test_a_hostile_record_gets_one_line_naming_the_file(
    change: Callable[[str], str], message: str, tmp_path: Path
) -> None:
    path = tmp_path / "record.txt"
    path.write_text(change(RECORD), encoding="utf-8")
    result = CliRunner().invoke(main, ["explain", str(path)])
    assert result.exit_code == 2
    line = one_line(result.output)
    assert line.startswith(f"error: {path}: ") and message in line


def test_reading_a_record_stops_at_the_first_mistake() -> None:
    """Items are read one at a time: a mistake early in a long record is found without reading the rest."""
    with pytest.raises(RecordError, match="line 1, column 1: a record begins with its header"):
        parse_record("ZZ " * (MAX_RECORD // 3))


# Every error names its file


def test_every_error_names_its_file(tmp_path: Path) -> None:
    cases = {
        "dup.json": changed(DEAL, decks=deck_with_a_card_twice(DEAL)),
        "setup.json": changed(GAME, options={"best_of": 3}),
        "action.json": changed(DEAL, steps=[{"action": {"player": 0, "play": "ZZ"}, "state": DEAL["initial"]}]),
        "latin1.txt": RECORD.replace("Anna", "Ann\udce9"),
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_bytes(text.encode("utf-8", errors="surrogateescape"))
        result = CliRunner().invoke(main, ["explain", str(path)])
        assert result.exit_code == 2, result.output
        assert one_line(result.output).startswith(f"error: {path}: "), result.output


def test_control_characters_of_a_file_are_escaped_when_shown(tmp_path: Path) -> None:
    path = tmp_path / "title\x1b]0;pwned\x07.json"
    path.write_text(changed(DEAL, description="A deal \x1b[2J\x00\u202e"), encoding="utf-8")
    result = CliRunner().invoke(main, ["explain", str(path)])
    assert result.exit_code == 0 and result.output.startswith("ds-deal-greedy-001: A deal \\x1b[2J\\x00\\u202e\n")
    (tmp_path / "manifest.json").write_text(json.dumps({"traces": [{"file": path.name}]}))
    listing = CliRunner().invoke(main, ["check", "--suite", str(tmp_path), "--list"])
    assert listing.exit_code == 0 and "A deal \\x1b[2J\\x00\\u202e" in listing.output
    path.write_text("[" * 5000, encoding="utf-8")
    result = CliRunner().invoke(main, ["explain", str(path)])
    assert result.exit_code == 2 and "title\\x1b]0;pwned\\x07.json: not readable" in one_line(result.output)
