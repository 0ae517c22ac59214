"""The conformance suite: trace files, the adapter protocol, the runner and ``ducksoup check``."""

from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from duckcheck import FORMAT_VERSION, PROTOCOL_VERSION, SUITE_VERSION
from duckcheck.compare import Outcome
from duckcheck.duck_soup.plan import plan
from duckcheck.duck_soup.views import NOTHING_KNOWN, known_after, views
from duckcheck.games import games
from duckcheck.lint import coverage_gaps, lint, published
from duckcheck.protocol import check_message, hello
from duckcheck.runner import run, select
from duckcheck.trace import TraceError, dump_trace, load_manifest, load_suite, manifest_json, read_trace, suite_dir
from ducksoup.adapter import Session, serve
from ducksoup.cli import main

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = [sys.executable, "-m", "ducksoup", "adapter"]
FAULTY = [sys.executable, str(ROOT / "tests" / "faulty" / "duck_soup.py")]
SUITE = load_suite()


def test_the_suite_is_large_and_covers_every_section_ruling_and_error_code() -> None:
    assert len(SUITE) >= 300
    for suite in games():
        own = [trace for trace in SUITE if trace["game"] == suite.id]
        assert coverage_gaps(suite, own) == {"sections": [], "rulings": [], "error codes": []}, suite.id
    assert len({trace["id"] for trace in SUITE}) == len(SUITE)


def test_the_reference_passes_a_sample_of_every_kind() -> None:
    sample = SUITE[::15] + select(SUITE, ["edge-case", "negative", "match"])
    summary = run(REFERENCE, sample)
    failed = [r for r in summary.results if r.outcome is not Outcome.PASSED]
    assert not failed, failed[:3]
    assert summary.implementation["name"] == "ducksoup-reference"


@pytest.mark.parametrize(
    ("fault", "section"),
    [
        ("ace-high-in-the-duck", "§2 The cards"),
        ("face-up-card-to-the-loser", "§5 Drawing"),
        ("score-summed", "§8 Scoring"),
    ],
)
def test_a_faulty_implementation_fails_with_a_diff_naming_the_section(fault: str, section: str) -> None:
    result = CliRunner().invoke(main, ["check", "--impl", " ".join([*FAULTY, fault]), "-x"])
    assert result.exit_code == 1, result.output
    assert "FAILED" in result.output and section in result.output
    assert "state." in result.output and "expected" in result.output
    assert result.output.strip().splitlines()[-1].startswith("0 passed, 1 failed")


def test_check_exits_2_when_the_implementation_cannot_start() -> None:
    result = CliRunner().invoke(main, ["check", "--impl", "/nonexistent/adapter", "-k", "ds-edge-duck-soup"])
    assert result.exit_code == 2 and "cannot start" in result.output


def test_check_exits_2_on_another_protocol_version(tmp_path: Path) -> None:
    script = tmp_path / "old.py"
    script.write_text(
        "import sys, json\n"
        "for line in sys.stdin:\n"
        '    hello = {"cmd": "hello", "protocol": 0, "implementation": {"name": "old", "version": "0"}}\n'
        '    print(json.dumps({**hello, "games": {}}), flush=True)\n'
    )
    result = CliRunner().invoke(main, ["check", "--impl", f"{sys.executable} {script}", "-k", "ds-edge-duck-soup"])
    assert result.exit_code == 2 and "protocol version 0" in result.output


def test_unsupported_traces_are_skipped(tmp_path: Path) -> None:
    script = tmp_path / "deals_only.py"
    script.write_text(
        "import sys\n"
        "from ducksoup import adapter\n"
        "original = adapter.handshake\n"
        "def handshake(backend='engine', games=()):\n"
        "    reply = original(backend, games)\n"
        '    options = {"stock": ["face-up"], "best_of": [1], "double_draw": ["winner-first"]}\n'
        '    reply["games"]["duck-soup"] = {"scopes": ["deal"], "options": options}\n'
        "    return reply\n"
        "adapter.handshake = handshake\n"
        "sys.exit(adapter.serve())\n"
    )
    summary = run(
        [sys.executable, str(script)], select(SUITE, ["ds-edge-hidden", "ds-edge-duck-soup", "ds-game-target"])
    )
    outcomes = {r.trace: r.outcome for r in summary.results}
    assert outcomes["ds-edge-duck-soup"] is Outcome.PASSED
    assert outcomes["ds-edge-hidden-double-draw"] is Outcome.SKIPPED
    assert outcomes["ds-game-target"] is Outcome.SKIPPED
    assert summary.closing_line().endswith("skipped")


def test_version_names_package_suite_format_and_protocol() -> None:
    output = CliRunner().invoke(main, ["--version"]).output
    assert (
        f"suite {SUITE_VERSION}" in output
        and f"trace format {FORMAT_VERSION}" in output
        and f"protocol {PROTOCOL_VERSION}" in output
    )


def test_selection_by_id_and_tag() -> None:
    assert {t["id"] for t in select(SUITE, ["ds-edge-duck-soup"])} == {
        "ds-edge-duck-soup",
        "ds-edge-duck-soup-stock-2",
        "ds-edge-duck-soup-soup-course",
    }
    assert all("twelve-trick-soup" in t["tags"] for t in select(SUITE, ["twelve-trick-soup"]))
    result = CliRunner().invoke(main, ["check", "-k", "no-such-trace"])
    assert result.exit_code == 2 and "no trace matches" in result.output


# Trace files


def test_a_trace_that_is_not_json_names_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "1.0",\n "id": }')
    with pytest.raises(TraceError, match=r"bad.json: line 2, column 8: not valid JSON"):
        read_trace(path)


def test_a_trace_against_the_schema_names_the_place(tmp_path: Path) -> None:
    trace = json.loads(dump_trace(SUITE[0]))
    trace["steps"][3]["action"]["play"] = "1C"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(trace))
    with pytest.raises(TraceError, match=r"at steps/3/action"):
        read_trace(path)


def test_traces_round_trip_byte_for_byte() -> None:
    for trace in SUITE[:20]:
        text = dump_trace(trace)
        assert dump_trace(json.loads(text)) == text


def test_the_generator_does_not_depend_on_the_hash_seed() -> None:
    wanted = ["ds-deal-random-001", "ds-game-greedy-01", "ds-edge-duck-soup"]
    code = (
        "from duckcheck.duck_soup.plan import plan; from duckcheck.trace import dump_trace; import hashlib\n"
        f"b = dict(plan())\nprint(*[hashlib.sha256(dump_trace(b[i]()).encode()).hexdigest() for i in {wanted!r}])"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("0", "12345")
    }
    assert len(outputs) == 1
    builders = dict(plan())
    assert outputs.pop().split() == [hashlib.sha256(dump_trace(builders[i]()).encode()).hexdigest() for i in wanted]


# The linter


def test_the_linter_reports_duplicates_gaps_changed_and_unpublished_ids(tmp_path: Path) -> None:
    folder = tmp_path / "traces"
    (folder / "duck-soup").mkdir(parents=True)
    chosen = [SUITE[0], SUITE[0], SUITE[1]]
    texts = [(trace, dump_trace(trace)) for trace in chosen]
    for trace, text in texts:
        (folder / "duck-soup" / f"{trace['id']}.json").write_text(text)
    (folder / "manifest.json").write_text(manifest_json(texts))
    (tmp_path / "published-ids.txt").write_text(f"ds-gone-001\n{SUITE[1]['id']} {'0' * 64}\n")
    problems = lint(folder, regenerate=False)
    assert any("used more than once" in p for p in problems)
    assert any("'ds-gone-001' is gone" in p for p in problems)
    assert any(f"published trace {SUITE[1]['id']!r} has changed" in p for p in problems)
    assert any("not in published-ids.txt" in p for p in problems)
    assert any("no duck-soup trace exercises the rulings" in p for p in problems)


def test_every_published_trace_is_frozen_with_its_hash() -> None:
    register = published(suite_dir())
    assert len(register) >= 310 and all(sha256 is not None for sha256 in register.values())
    texts = {entry["id"]: entry["sha256"] for entry in load_manifest()["traces"]}
    assert {trace_id: texts.get(trace_id) for trace_id in register} == register


# The protocol and the views


def test_the_reference_adapter_speaks_the_schema() -> None:
    session = Session()
    check_message(hello(), "hello-request")
    check_message(session.handle(hello()) or {}, "hello-reply")
    trace = SUITE[0]
    start = {
        "cmd": "start",
        "seq": 1,
        "trace": trace["id"],
        **{k: trace[k] for k in ("game", "scope", "options", "dealer", "decks")},
    }
    check_message(start, "start-request")
    check_message(session.handle(start) or {}, "start-reply")
    for seq, step in enumerate(trace["steps"][:10], 2):
        request = {"cmd": "act", "seq": seq, "action": step["action"]}
        check_message(request, "act-request")
        reply = check_message(session.handle(request) or {}, "act-reply")
        assert reply["state"] == step.get("state", reply["state"])


def start_request(trace: dict[str, Any], **changes: Any) -> dict[str, Any]:
    keys = ("game", "scope", "options", "dealer", "decks")
    return {"cmd": "start", "seq": 1, "trace": trace["id"], **{k: trace[k] for k in keys}, **changes}


@pytest.mark.parametrize("backend", ["engine", "spec"])
def test_hostile_requests_are_answered_errored_and_the_batch_loses_no_reply(backend: str) -> None:
    """Each hostile line gets one ``errored`` reply (seq 0 when its own cannot be read), in order, and the
    requests around it are served as usual: a whole batch arrives at once and is answered at once."""
    trace = SUITE[0]
    hostile = [
        ("[" * 5000 + "]" * 5000, 0, "nested too deeply"),
        ('{"cmd": "act", "seq": ' + "9" * 5000 + ', "action": {}}', 0, "an integer with too many digits"),
        ('{"cmd": "start", "seq": 3, "decks": 5}', 3, "'game' must name a game"),
        (json.dumps(start_request(trace, seq=4, decks=5)), 4, "decks: expected a list of deck orders"),
        (json.dumps(start_request(trace, seq=5, decks=[5])), 5, "decks: expected a list of deck orders"),
        (json.dumps(start_request(trace, seq=6, dealer=1.0)), 6, "dealer must be player 0 or 1, not 1.0"),
        (json.dumps(start_request(trace, seq=7, dealer=True)), 7, "dealer must be player 0 or 1, not True"),
        (json.dumps(start_request(trace, seq=8, scope=["deal"])), 8, "scope: ['deal'] is not one of deal, game, match"),
        (json.dumps(start_request(trace, seq=9, game=None)), 9, "'game' must name a game"),
        (json.dumps(start_request(trace, seq=10, options=[])), 10, "options: expected an object"),
        (json.dumps(start_request(trace, seq="x")), 0, "'seq' must be a whole number"),
        (json.dumps({"cmd": "act", "seq": 12, "action": json.loads("[" * 900 + "]" * 900)}), 12, "no trace"),
        ('"just a string"', 0, "a request is a JSON object"),
    ]
    good = json.dumps(start_request(trace, seq=1))
    act = json.dumps({"cmd": "act", "seq": 2, "action": trace["steps"][0]["action"]})
    lines = [good, *[line for line, _, _ in hostile], act]
    out = io.StringIO()
    assert serve(io.StringIO("\n".join(lines) + "\n"), out, backend) == 0
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(replies) == len(lines)
    assert "state" in replies[0] and replies[-1]["seq"] == 2 and "errored" in replies[-1]  # no trace left running
    for reply, (_, seq, message) in zip(replies[1:-1], hostile, strict=True):
        check_message(reply, "act-reply")
        assert reply["seq"] == seq and message in reply["errored"], reply


def test_a_malformed_start_is_errored_and_an_unknown_game_skipped() -> None:
    session = Session()
    trace = SUITE[0]
    assert "errored" in (session.handle(start_request(trace, game=5)) or {})
    assert "errored" in (session.handle({"cmd": "start", "seq": 1}) or {})
    assert "skipped" in (session.handle(start_request(trace, game="trebleduck")) or {})


def test_a_view_never_shows_the_opponents_hand_beyond_what_was_seen() -> None:
    for trace in select(SUITE, ["ds-deal-random-00"]):
        state, known = trace["initial"], NOTHING_KNOWN
        for step in trace["steps"]:
            if "state" not in step:
                continue
            known = known_after(state, step["state"], known)
            state = step["state"]
            for player, seen in enumerate(views(state, known)):
                opponent = state["hands"][1 - player]
                assert "hands" not in seen and seen["hand"] == state["hands"][player]
                shown = {seen["opponent_known"][i : i + 2] for i in range(0, len(seen["opponent_known"]), 2)}
                assert shown <= {opponent[i : i + 2] for i in range(0, len(opponent), 2)}
                if trace["options"]["stock"] == "hidden":
                    assert not shown
