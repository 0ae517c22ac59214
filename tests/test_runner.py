"""The runner against implementations that misbehave, its reports, and the options of ``ducksoup check``."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from duckcheck.compare import Outcome, TraceResult
from duckcheck.process import IOLog, marked_processes
from duckcheck.runner import Pipeline, RunOptions, Summary, run, select
from duckcheck.trace import load_suite
from duckcheck.untrusted import ESCAPED_CATEGORIES
from ducksoup.checking import _remember_failures
from ducksoup.cli import LAST_FAILED, main
from tests.misbehaving.harness import (
    DUCKSOUP,
    RAW,
    check,
    check_on_terminal,
    environment,
    impl,
    report_problems,
    started,
    wait_until_gone,
)

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
        ("deep", "not JSON (arrays or objects nested too deeply)"),
        ("huge-int", "not JSON (an integer with too many digits)"),
        ("deep-inside", 'state.table: expected string "7C", received array [[[[['),
        ("escapes", "errored: oops\\x1b[2J\\x1b]0;pwned\\x07\\x00\\u202e\\ud800"),
        ("nasty-keys", "state.key\\x1b[2J\\x1b]0;pwned"),
        ("helper-then-hang", "no reply within 1 s"),
        ("helper-then-crash", "step 5 of 52: "),
        ("ignore-sigterm-then-hang", "no reply within 1 s"),
    ],
)
def test_a_misbehaving_implementation_fails_that_trace_and_the_run_goes_on(
    mode: str, reason: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MISBEHAVING_LOG", str(tmp_path / "processes.log"))
    assert [t["id"] for t in CHOSEN].index(BAD) == 1
    summary = run([*MISBEHAVING, mode], CHOSEN, RunOptions(timeout=1.0))
    results = {result.trace: result for result in summary.results}
    assert outcomes(summary) == {
        trace["id"]: Outcome.FAILED if trace["id"] == BAD else Outcome.PASSED for trace in CHOSEN
    }
    assert reason in results[BAD].reason and "step 5" in results[BAD].reason
    if mode not in ("malformed", "wrong-state", "deep-inside", "escapes", "nasty-keys"):
        assert summary.restarts == 1
    shown = "".join(r.reason + "".join(r.diff) for r in summary.results)
    assert not [c for c in shown if unicodedata.category(c) in ESCAPED_CATEGORIES]
    assert len(results[BAD].reason) <= 1000 and all(len(line) <= 500 for line in results[BAD].diff)
    assert wait_until_gone(tmp_path) == []


@pytest.mark.parametrize(("mode", "last"), [("crash", Outcome.PASSED), ("crash-for-good", Outcome.NOT_RUN)])
def test_a_crash_noticed_before_the_next_trace_is_sent_fails_the_trace_it_happened_in(
    mode: str, last: Outcome, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The order a loaded machine may give: the adapter has died (in the bad trace, already sent) by the time
    the runner sends the next trace. The bad trace fails with the exit status and last words, the one before
    it passes, the next runs on a new process (or is not run, if none starts)."""
    monkeypatch.setenv("MISBEHAVING_MARKER", str(tmp_path / "marker"))
    original = Pipeline.finish

    def finish_then_let_it_crash(self: Pipeline) -> TraceResult:
        result = original(self)
        deadline = time.monotonic() + 120
        while result.trace == CHOSEN[0]["id"] and self.implementation.alive and time.monotonic() < deadline:
            time.sleep(0.01)
        return result

    monkeypatch.setattr(Pipeline, "finish", finish_then_let_it_crash)
    summary = run([*MISBEHAVING, mode], CHOSEN, RunOptions(timeout=10.0))
    assert [result.outcome for result in summary.results] == [Outcome.PASSED, Outcome.FAILED, last]
    assert "stopped answering (exit status 3); its last words on standard error: adapter: internal error" in (
        summary.results[1].reason
    )
    assert summary.restarts == 1


def test_the_implementation_runs_in_a_process_group_of_its_own_that_ends_with_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A correct adapter whose helper process lives an hour: the run does not wait for the helper, and ends it."""
    monkeypatch.setenv("MISBEHAVING_LOG", str(tmp_path / "processes.log"))
    summary = run([*MISBEHAVING, "helper"], CHOSEN, RunOptions(timeout=5.0))
    assert set(outcomes(summary).values()) == {Outcome.PASSED}
    log = (tmp_path / "processes.log").read_text().split()
    pid, group = int(log[0]), int(log[1])
    assert pid == group != os.getpgrp()
    assert wait_until_gone(tmp_path) == []


@pytest.mark.parametrize("mode", ["hang", "helper-then-hang", "crash", "helper-then-crash"])
def test_a_wrapper_script_without_exec_is_ended_with_everything_it_started(mode: str, tmp_path: Path) -> None:
    keys = ["-k", "ds-edge-forgotten-quack", "-k", BAD, "-k", "ds-deal-random-001"]
    reports = ["--json", "report.jsonl", "--junit", "junit.xml"]
    done = check(
        ["--impl", impl(mode, wrapped=True), "--timeout", "1", *keys, *reports], tmp_path, environment(tmp_path, BAD)
    )
    assert done.status == 1, done.output
    assert done.output.strip().splitlines()[-1] == "2 passed, 1 failed, 0 skipped"
    assert report_problems(tmp_path / "report.jsonl", tmp_path / "junit.xml", [t["id"] for t in CHOSEN]) == []
    assert wait_until_gone(tmp_path) == []


@pytest.mark.parametrize(("keys", "signal_name", "status"), [(b"\x03", "SIGINT", 130)])
def test_ctrl_c_on_a_terminal_stops_a_hung_wrapped_adapter_and_everything_it_started(
    keys: bytes, signal_name: str, status: int, tmp_path: Path
) -> None:
    """Ctrl-C typed on the terminal where ``ducksoup check`` runs, while the adapter (started by a wrapper script
    without exec) hangs and its helper holds the output pipe: it exits 130, with complete reports, and nothing
    is left running."""
    reports = ["--json", "report.jsonl", "--junit", "junit.xml"]
    args = ["--impl", impl("helper-then-hang", wrapped=True), "--timeout", "600", *reports]
    done = check_on_terminal(args, tmp_path, environment(tmp_path, "ds-deal-greedy-003"), "helper", keys)
    assert done.status == status, done.output
    assert f"interrupted ({signal_name})" in done.output and "Traceback" not in done.output
    assert report_problems(tmp_path / "report.jsonl", tmp_path / "junit.xml", [t["id"] for t in SUITE]) == []
    summary = json.loads((tmp_path / "report.jsonl").read_text().splitlines()[-1])
    assert summary["interrupted"] is True and summary["not-run"] >= len(SUITE) - 3
    assert wait_until_gone(tmp_path) == []


def test_sigterm_ends_the_run_and_the_adapters_group_even_if_it_ignores_sigterm(tmp_path: Path) -> None:
    env = environment(tmp_path, "ds-deal-greedy-003")
    reports = ["--json", "report.jsonl", "--junit", "junit.xml"]
    process = subprocess.Popen(
        [*DUCKSOUP, "check", "--impl", impl("ignore-sigterm-then-hang", wrapped=True), "--timeout", "600", *reports],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 120
    while started(tmp_path) < 1 or "ds-deal-greedy-002" not in _read(tmp_path / "report.jsonl"):
        assert process.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    process.send_signal(signal.SIGTERM)
    out, _ = process.communicate(timeout=120)
    assert process.returncode == 143, out
    assert b"interrupted (SIGTERM)" in out and b"Traceback" not in out
    assert report_problems(tmp_path / "report.jsonl", tmp_path / "junit.xml", [t["id"] for t in SUITE]) == []
    assert wait_until_gone(tmp_path) == []


def _read(path: Path) -> str:
    return path.read_text() if path.exists() else ""


@pytest.mark.parametrize("mode", ["hello-deep", "hello-huge-int"])
def test_an_unreadable_handshake_is_one_line_exit_2_and_every_report_is_written(mode: str, tmp_path: Path) -> None:
    reports = ["--json", "report.jsonl", "--junit", "junit.xml"]
    done = check(["--impl", impl(mode), *reports, "-k", BAD], tmp_path, environment(tmp_path, BAD))
    assert done.status == 2, done.output
    assert done.output.strip().splitlines() == [done.output.strip()] and "Traceback" not in done.output
    assert done.output.startswith("error: the handshake failed: not JSON (")
    assert report_problems(tmp_path / "report.jsonl", tmp_path / "junit.xml", [BAD]) == []
    assert json.loads((tmp_path / "report.jsonl").read_text().splitlines()[-1])["error"].startswith("the handshake")


def test_a_crash_followed_by_a_failed_restart_reports_what_was_checked_and_the_rest_as_not_run(tmp_path: Path) -> None:
    chosen = [*CHOSEN, *select(SUITE, ["ds-edge-hidden"])]
    keys = [arg for trace in chosen for arg in ("-k", trace["id"])]
    reports = ["--json", "report.jsonl", "--junit", "junit.xml"]
    done = check(["--impl", impl("crash-for-good"), *keys, *reports], tmp_path, environment(tmp_path, BAD))
    assert done.status == 1, done.output
    assert "FAILED ds-edge-forgotten-duck-soup: step 5" in done.output and "Traceback" not in done.output
    assert "1 passed, 1 failed, 0 skipped, 3 not run" in done.output
    assert "error: the implementation could not be restarted: the handshake failed" in done.output
    assert report_problems(tmp_path / "report.jsonl", tmp_path / "junit.xml", [t["id"] for t in chosen]) == []
    lines = [json.loads(line) for line in (tmp_path / "report.jsonl").read_text().splitlines()]
    assert [line["outcome"] for line in lines[1:-1]] == ["passed", "failed", "not-run", "not-run", "not-run"]


def test_control_characters_from_the_adapter_are_escaped_on_the_terminal_and_in_the_reports(tmp_path: Path) -> None:
    reports = ["--json", "report.jsonl", "--junit", "junit.xml"]
    done = check(["--impl", impl("hello-escapes"), "-k", BAD, *reports], tmp_path, environment(tmp_path, BAD))
    assert done.status == 0, done.output
    assert "evil\\x1b[2J\\x1b]0;pwned\\x07\\x00\\u202e\\ud800" in done.output
    assert not [c for c in RAW if c in done.output]
    assert report_problems(tmp_path / "report.jsonl", tmp_path / "junit.xml", [BAD]) == []
    done = check(["--impl", impl("escapes"), "-k", BAD, *reports], tmp_path, environment(tmp_path, BAD))
    assert done.status == 1 and "oops\\x1b[2J" in done.output and not [c for c in RAW if c in done.output]
    assert report_problems(tmp_path / "report.jsonl", tmp_path / "junit.xml", [BAD]) == []


def test_a_run_that_checks_nothing_fails_unless_allowed(tmp_path: Path) -> None:
    args = ["--impl", impl("skip-all"), "-k", BAD, "-k", "ds-edge-forgotten-quack"]
    done = check(args, tmp_path, environment(tmp_path, BAD))
    assert done.status == 2, done.output
    assert "error: nothing was checked: the implementation skipped all 2 trace(s)" in done.output
    assert "--allow-all-skipped" in done.output
    done = check([*args, "--allow-all-skipped"], tmp_path, environment(tmp_path, BAD))
    assert done.status == 0 and done.output.strip().endswith("0 passed, 0 failed, 2 skipped")


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
    faulty = f"{sys.executable} {ROOT / 'tests' / 'faulty' / 'duck_soup.py'} score-summed"
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
        (["--impl", ""], "--impl is empty: give the command that starts your adapter"),
        (["--impl", "   "], "--impl is empty: give the command that starts your adapter"),
        (["--timeout", "nan"], "nan is not a timeout"),
        (["--timeout", "-1"], "-1 is not a timeout"),
        (["--timeout", "inf"], "inf is not a timeout"),
        (["--timeout", "0"], "0 is not a timeout"),
        (["--junit", "/nonexistent/folder/junit.xml"], "cannot write /nonexistent/folder"),
        (["--json", "/nonexistent/folder/report.jsonl"], "cannot write /nonexistent/folder/report.jsonl"),
        (["--junit", "."], "'--junit': File '.' is a directory"),
        (["--junit", "/proc/junit.xml"], "cannot write /proc"),
        (["--log-io", "/proc/io"], "cannot write /proc/io"),
        (["--log-io-limit", "0"], "'0' is not a size: give a whole number of bytes above 0"),
        (["--log-io-limit", "ten"], "'ten' is not a size"),
        (["--log-io-limit", "5 parsecs"], "'5 parsecs' is not a size"),
        (["--log-io-limit", "-1"], "'-1' is not a size"),
        (["--max-time", "nan"], "nan is not a time limit: give the seconds the whole run may take"),
        (["--max-time", "0"], "0 is not a time limit"),
        (["--max-time", "-5"], "-5 is not a time limit"),
        (["--max-time", "inf"], "inf is not a time limit"),
        (["--max-time", "soon"], "'soon' is not a valid float"),
    ],
)
def test_bad_options_get_one_clear_line_and_exit_2(
    arguments: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Checked before the implementation starts (a bad report path is not found after a long run)."""
    monkeypatch.setenv("MISBEHAVING_LOG", str(tmp_path / "processes.log"))
    impl_given = any(argument == "--impl" for argument in arguments)
    command = [] if impl_given else ["--impl", impl("fine")]
    result = CliRunner().invoke(main, ["check", *command, "-k", BAD, *arguments])
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output
    assert not (tmp_path / "processes.log").exists()


def test_an_expected_failures_file_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    listed = tmp_path / "xfail.txt"
    listed.write_bytes(b"ds-edge\xff\xfe\n")
    result = CliRunner().invoke(main, ["check", "--expected-failures", str(listed)])
    assert result.exit_code == 2 and f"{listed}: the list of expected failures is not UTF-8 text" in result.output


@pytest.mark.parametrize(
    "content",
    [
        "[" * 5000 + "]" * 5000,
        "[1, 2]",
        '{"failed": 5}',
        '{"failed": [[1]]}',
        '{"failed": ' + "9" * 5000 + "}",
        "\x00\xff",
    ],
)
def test_a_damaged_last_failed_file_gets_a_note_and_every_selected_trace_runs(
    content: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".ducksoup").mkdir()
    (tmp_path / LAST_FAILED).write_text(content, encoding="utf-8", errors="surrogateescape")
    result = CliRunner().invoke(main, ["check", "--list", "--last-failed", "-k", "ds-deal-random-00"])
    assert result.exit_code == 0 and "Traceback" not in result.output
    assert result.output.startswith(f"note: {LAST_FAILED} ") and "running every selected trace" in result.output
    assert result.output.strip().endswith(f"{len(select(SUITE, ['ds-deal-random-00']))} traces")


def test_parallel_runs_keep_each_others_failures(tmp_path: Path) -> None:
    """Runs ending at the same time in one folder: the list of failures is merged under a lock and replaced
    atomically, so every run's failures are kept and no reader ever sees half a file."""
    cache = tmp_path / LAST_FAILED
    code = (
        "import sys; from pathlib import Path; from duckcheck.compare import Outcome, TraceResult;"
        "from duckcheck.runner import Summary; from ducksoup.checking import _remember_failures\n"
        "n = int(sys.argv[1]); results = [TraceResult(f'trace-{n}-{i}', Outcome.FAILED) for i in range(50)]\n"
        "for i in range(20): _remember_failures(Path(sys.argv[2]), Summary(results=results[: i + 30]))\n"
    )
    runs = [subprocess.Popen([sys.executable, "-c", code, str(n), str(cache)]) for n in range(6)]
    assert [process.wait(timeout=300) for process in runs] == [0] * 6
    remembered = json.loads(cache.read_text())["failed"]
    assert sorted(remembered) == sorted(f"trace-{n}-{i}" for n in range(6) for i in range(49))
    assert [path.name for path in cache.parent.iterdir() if path.name.endswith(".tmp")] == []


def test_last_failed_forgets_a_trace_that_passes_and_keeps_those_not_run(tmp_path: Path) -> None:
    cache = tmp_path / LAST_FAILED
    _remember_failures(cache, Summary(results=[TraceResult("a", Outcome.FAILED), TraceResult("b", Outcome.FAILED)]))
    _remember_failures(cache, Summary(results=[TraceResult("a", Outcome.PASSED), TraceResult("c", Outcome.SKIPPED)]))
    assert json.loads(cache.read_text()) == {"failed": ["b"]}


def _session_and_group(pid: int) -> tuple[int, int]:
    with open(f"/proc/{pid}/stat", "rb") as stat:
        fields = stat.read().rsplit(b")", 1)[1].split()
    return int(fields[3]), int(fields[2])


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="processes are found by /proc (Linux)")
@pytest.mark.parametrize("mode", ["setsid-helper", "daemon-helper"])
def test_a_process_that_leaves_the_adapters_session_is_ended_with_the_run(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A helper started with ``setsid`` (or a daemon's double fork) escapes the adapter's process group, which is
    what the runner ends; it is found by the mark in its environment and ended all the same."""
    log = tmp_path / "processes.log"
    monkeypatch.setenv("MISBEHAVING_LOG", str(log))
    escaped: list[bool] = []

    def look(result: TraceResult) -> None:  # while the run goes on: the helper lives, outside the adapter's group
        adapter_group = int(log.read_text().split()[1])
        helper = int(next(line for line in log.read_text().splitlines() if line.startswith("helper")).split()[1])
        escaped.append(adapter_group not in _session_and_group(helper))

    summary = run([*MISBEHAVING, mode], CHOSEN, RunOptions(timeout=5.0), on_result=look)
    assert set(outcomes(summary).values()) == {Outcome.PASSED}
    assert escaped and all(escaped)
    assert wait_until_gone(tmp_path) == []


def test_only_the_processes_of_the_run_carry_its_mark(tmp_path: Path) -> None:
    """The mark is new at each start: a process of another run (here, one started with another mark) is never
    taken for one of this run's; a runner run by another one keeps the outer run's mark beside its own."""
    other = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(60)"], env={**os.environ, "DUCKCHECK_RUN": "outer another-run"}
    )
    try:
        deadline = time.monotonic() + 30
        while not marked_processes("another-run") and time.monotonic() < deadline:
            time.sleep(0.01)
        assert marked_processes("another-run") == [other.pid] == marked_processes("outer")  # nested runs
        assert marked_processes("another") == [] and marked_processes("") == []
    finally:
        other.kill()
        other.wait()


def test_max_time_stops_a_slow_implementation_and_reports_the_rest_as_not_run() -> None:
    """An adapter that answers every step, but slowly (no reply times out): the run stops at its time limit,
    nothing fails, and every trace not finished is not run, saying why."""
    summary = run([*MISBEHAVING, "slow"], CHOSEN, RunOptions(timeout=5.0, max_time=1.5))
    assert summary.out_of_time and not summary.interrupted and summary.error is None
    assert [result.trace for result in summary.results] == [trace["id"] for trace in CHOSEN]
    assert {result.outcome for result in summary.results} == {Outcome.NOT_RUN}
    assert {result.reason for result in summary.results} == {"not run: the run reached its time limit of 1.5 s"}


def test_check_max_time_exits_124_with_complete_reports_and_nothing_left_running(tmp_path: Path) -> None:
    """A hung adapter under a reply timeout of ten minutes: ``--max-time`` ends the run all the same."""
    keys = [arg for trace in CHOSEN for arg in ("-k", trace["id"])]
    reports = ["--json", "report.jsonl", "--junit", "junit.xml"]
    args = ["--impl", impl("hang"), "--timeout", "600", "--max-time", "2", *keys, *reports]
    done = check(args, tmp_path, environment(tmp_path, BAD))
    assert done.status == 124, done.output
    lines = done.output.strip().splitlines()
    passed = 1 if lines[-2].startswith("1 passed") else 0
    assert lines[-2] == f"{passed} passed, 0 failed, 0 skipped, {3 - passed} not run"
    stopped = f"error: the time limit was reached (--max-time 2 s): the run stopped, {3 - passed} trace(s) not run"
    assert lines[-1] == stopped
    assert report_problems(tmp_path / "report.jsonl", tmp_path / "junit.xml", [t["id"] for t in CHOSEN]) == []
    records = [json.loads(line) for line in (tmp_path / "report.jsonl").read_text().splitlines()]
    assert records[-1]["error"] == "the time limit was reached (--max-time 2 s)"
    assert [r["outcome"] for r in records[1:-1]][passed:] == ["not-run"] * (3 - passed)
    assert wait_until_gone(tmp_path) == []


def test_each_io_log_stops_at_its_limit_and_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    keys = ["-k", "ds-deal-random-001"]
    for folder, limit in ((whole, []), (cut, ["--log-io-limit", "4KiB"])):
        result = CliRunner().invoke(main, ["check", *keys, "--log-io", str(folder), *limit])
        assert result.exit_code == 0, result.output
    full = (whole / "ds-deal-random-001.log").read_text()
    assert len(full.encode()) > 8192 and "truncated" not in full
    lines = (cut / "ds-deal-random-001.log").read_text().splitlines(keepends=True)
    assert lines[-2] == "[log truncated here: it reached its limit of 4 KiB]\n"
    assert lines[-1].startswith("[log truncated: ") and "raise the limit with --log-io-limit" in lines[-1]
    kept = "".join(lines[:-2])
    assert full.startswith(kept) and 4096 - max(len(line) for line in full.splitlines(keepends=True)) < len(kept)
    assert len(kept.encode()) <= 4096 and kept.endswith("\n")
    dropped = full[len(kept) :]
    assert lines[-1] == (
        f"[log truncated: {len(dropped.splitlines()):,} more line(s), {len(dropped.encode()):,} bytes, "
        "were not logged; raise the limit with --log-io-limit]\n"
    )


def test_an_io_log_keeps_whole_lines_up_to_its_limit(tmp_path: Path) -> None:
    log = IOLog(tmp_path / "trace.log", limit=10)
    log.write("> 1234\n")  # 7 bytes
    log.write("< 5678\n> 9\n")  # 7 more would pass 10: cut there, and the line after it too
    log.close()
    assert (tmp_path / "trace.log").read_text() == (
        "> 1234\n[log truncated here: it reached its limit of 10 bytes]\n"
        "[log truncated: 2 more line(s), 11 bytes, were not logged; raise the limit with --log-io-limit]\n"
    )
