"""The runner against implementations that misbehave, its reports, and the options of ``ducksoup check``."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from duckcheck.compare import Outcome
from duckcheck.runner import RunOptions, Summary, run, select
from duckcheck.trace import load_suite
from ducksoup.cli import main

ROOT = Path(__file__).resolve().parent.parent
SUITE = load_suite()
CHOSEN = select(SUITE, ["ds-edge-forgotten-quack", "ds-edge-forgotten-duck-soup", "ds-deal-random-001"])
BAD = "ds-edge-forgotten-duck-soup"  # the second of CHOSEN (manifest order is by ID)
MISBEHAVING = [sys.executable, str(ROOT / "tests" / "misbehaving" / "adapter.py")]


@pytest.fixture(autouse=True)
def bad_trace(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BAD_TRACE", BAD)


def outcomes(summary: Summary) -> dict[str, Outcome]:
    return {result.trace: result.outcome for result in summary.results}


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("hang", "no reply within 1 s"),
        ("crash", "stopped answering (exit status 3); its last words on standard error: adapter: internal error"),
        ("garbage", "not JSON"),
        ("malformed", "accepted: 'yes' is not of type 'boolean'"),
        ("out-of-sequence", "reply out of sequence: seq"),
        ("huge-line", "over the limit of"),
        ("wrong-state", "the state differs"),
    ],
)
def test_a_misbehaving_implementation_fails_that_trace_and_the_run_goes_on(mode: str, reason: str) -> None:
    assert [t["id"] for t in CHOSEN].index(BAD) == 1
    summary = run([*MISBEHAVING, mode], CHOSEN, RunOptions(timeout=1.0))
    results = {result.trace: result for result in summary.results}
    assert outcomes(summary) == {
        trace["id"]: Outcome.FAILED if trace["id"] == BAD else Outcome.PASSED for trace in CHOSEN
    }
    assert reason in results[BAD].reason and "step 5" in results[BAD].reason
    if mode in ("hang", "crash", "garbage", "out-of-sequence", "huge-line"):
        assert summary.restarts == 1


def test_a_flood_of_standard_error_does_not_disturb_the_run() -> None:
    summary = run([*MISBEHAVING, "stderr-flood"], CHOSEN, RunOptions(timeout=5.0))
    assert set(outcomes(summary).values()) == {Outcome.PASSED}


def test_the_cli_reports_and_exits_1_without_a_traceback(tmp_path: Path) -> None:
    junit, report = tmp_path / "junit.xml", tmp_path / "report.jsonl"
    result = CliRunner().invoke(
        main,
        [
            "check",
            "--impl",
            " ".join([*MISBEHAVING, "crash"]),
            "-k",
            "ds-edge-forgotten-quack",
            "-k",
            BAD,
            "-k",
            "ds-deal-random-001",
            "--junit",
            str(junit),
            "--json",
            str(report),
        ],
    )
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and "FAILED ds-edge-forgotten-duck-soup" in result.output
    assert result.output.strip().splitlines()[-1] == "2 passed, 1 failed, 0 skipped"
    root = ET.parse(junit).getroot()
    suite = root.find("testsuite")
    assert suite is not None and suite.get("tests") == "3" and suite.get("failures") == "1"
    names = {p.get("name") for p in suite.iter("property")}
    assert {"package_version", "suite_version", "format_version", "protocol_version", "implementation_name"} <= names
    lines = [json.loads(line) for line in report.read_text().splitlines()]
    assert lines[0]["type"] == "run" and lines[0]["versions"]["suite"] and lines[0]["implementation"]["name"]
    assert [line["outcome"] for line in lines[1:-1]].count("failed") == 1
    assert lines[-1]["type"] == "summary" and lines[-1]["failed"] == 1


def test_an_interrupted_run_leaves_a_readable_partial_report(tmp_path: Path) -> None:
    report = tmp_path / "report.jsonl"
    env = {**os.environ, "BAD_TRACE": "none"}
    process = subprocess.Popen(
        [sys.executable, "-m", "ducksoup", "check", "--impl", " ".join([*MISBEHAVING, "hang"]), "--json", str(report)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=tmp_path,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not report.exists() or len(report.read_text().splitlines()) < 4):
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, (out, err)
    assert b"Traceback" not in out + err
    lines = [json.loads(line) for line in report.read_text().splitlines()]
    assert lines[0]["type"] == "run" and len(lines) >= 4
    assert lines[-1]["type"] == "summary" and lines[-1]["interrupted"] is True


def test_expected_failures_and_stale_lists(tmp_path: Path) -> None:
    impl = " ".join([*MISBEHAVING, "wrong-state"])
    keys = ["-k", BAD, "-k", "ds-edge-forgotten-quack"]
    listed = tmp_path / "xfail.txt"
    listed.write_text(f"# known problems\n{BAD}  # stock count\n")
    result = CliRunner().invoke(main, ["check", "--impl", impl, *keys, "--expected-failures", str(listed)])
    assert result.exit_code == 0, result.output
    assert "1 expected failure(s)" in result.output and result.output.strip().endswith("1 passed, 0 failed, 0 skipped")
    listed.write_text("ds-edge-forgotten-quack\n")
    result = CliRunner().invoke(main, ["check", "--impl", impl, *keys, "--expected-failures", str(listed)])
    assert result.exit_code == 1 and "XPASS ds-edge-forgotten-quack" in result.output


def test_maxfail_list_last_failed_and_log_io(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    faulty = f"{sys.executable} {ROOT / 'tests' / 'faulty' / 'adapter.py'} score-summed"
    result = CliRunner().invoke(main, ["check", "--impl", faulty, "-k", "ds-deal-random-00", "--maxfail", "2"])
    assert result.exit_code == 1 and result.output.strip().endswith("0 passed, 2 failed, 0 skipped")
    listing = CliRunner().invoke(main, ["check", "--list", "--last-failed"])
    assert listing.exit_code == 0 and listing.output.strip().endswith("2 traces")
    logs = tmp_path / "io"
    rerun = CliRunner().invoke(main, ["check", "--last-failed", "--log-io", str(logs)])
    assert rerun.exit_code == 0 and rerun.output.strip().endswith("2 passed, 0 failed, 0 skipped")
    log = next(logs.glob("*.log")).read_text()
    assert log.startswith('> {"cmd":"start"') and "\n< " in log


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--expected-failures", "/nonexistent/list"], "cannot read the list of expected failures"),
        (["--suite", "/nonexistent/suite"], "cannot read the suite's manifest"),
        (["--impl", "'unbalanced"], "No closing quotation"),
    ],
)
def test_bad_options_get_one_clear_line_and_exit_2(arguments: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["check", *arguments])
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output
