"""Running ``ducksoup check`` the way a person or a CI job does, against misbehaving adapters, and checking what
it leaves behind: its exit status, its reports, and the processes the adapters started.

Used by ``tests/test_runner.py`` and by the soak (``tests/misbehaving/soak.py``).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import pty
import subprocess
import sys
import termios
import threading
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from duckcheck.process import group_members

ROOT = Path(__file__).resolve().parent.parent.parent
ADAPTER = Path(__file__).resolve().parent / "adapter.py"
WRAPPER = Path(__file__).resolve().parent / "wrapper.sh"
DUCKSOUP = [sys.executable, "-m", "ducksoup"]
RAW = ("\x1b", "\x00", "\x07", "\u202e")
"""Characters that must never come out of ``ducksoup check`` raw (off a terminal it writes no escapes of its own)."""


def impl(mode: str, wrapped: bool = False) -> str:
    """The ``--impl`` command of a misbehaving adapter, started directly or by a shell script without ``exec``."""
    if wrapped:
        return f"sh {WRAPPER} {mode}"
    return f"{sys.executable} {ADAPTER} {mode}"


def environment(folder: Path, bad_trace: str, **more: str) -> dict[str, str]:
    """The environment of a run: the bad trace, the log of processes, the marker file, the Python for the wrapper."""
    return {
        **os.environ,
        "BAD_TRACE": bad_trace,
        "MISBEHAVING_LOG": str(folder / "processes.log"),
        "MISBEHAVING_MARKER": str(folder / "marker"),
        "PYTHON": sys.executable,
        "NO_COLOR": "1",
        **more,
    }


def processes_left(folder: Path) -> list[str]:
    """Every process the adapters of a run started (logged in ``processes.log``) that is still alive."""
    path = folder / "processes.log"
    if not path.exists():
        return []
    left = []
    for line in path.read_text().splitlines():
        first, second = line.split()
        if first == "helper":
            if _alive(int(second)):
                left.append(f"helper {second}")
        else:
            left += [f"adapter group {second}: process {pid}" for pid in group_members(int(second))]
    return left


def wait_until_gone(folder: Path, seconds: float = 10.0) -> list[str]:
    """:func:`processes_left`, allowing the system a moment to finish ending them (a loaded machine is slow)."""
    deadline = time.monotonic() + seconds
    while (left := processes_left(folder)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] not in (b"Z", b"X")
    except (OSError, IndexError):
        return False


def started(folder: Path) -> int:
    """How many times an adapter was started in ``folder``'s run."""
    path = folder / "processes.log"
    return sum(1 for line in path.read_text().splitlines() if not line.startswith("helper")) if path.exists() else 0


@dataclass
class Finished:
    status: int
    output: str
    seconds: float


def check(args: list[str], folder: Path, env: dict[str, str], timeout: float = 300.0) -> Finished:
    """``ducksoup check ARGS`` in ``folder`` off a terminal; fails the test if it does not end within ``timeout``."""
    began = time.monotonic()
    done = subprocess.run(
        [*DUCKSOUP, "check", *args],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        errors="backslashreplace",
        timeout=timeout,
    )
    return Finished(done.returncode, done.stdout + done.stderr, time.monotonic() - began)


def check_on_terminal(
    args: list[str], folder: Path, env: dict[str, str], ready: str, keys: bytes, timeout: float = 300.0
) -> Finished:
    """``ducksoup check ARGS`` on a terminal of its own (a pseudo-terminal, as in tmux or an xterm): once
    ``ready`` appears in ``processes.log``, ``keys`` are typed (``b"\\x03"`` is Ctrl-C, which the terminal
    turns into SIGINT for the foreground process group). Returns when it exits; fails after ``timeout``."""
    master, slave = pty.openpty()

    def controlling_terminal() -> None:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    began = time.monotonic()
    process = subprocess.Popen(
        [*DUCKSOUP, "check", *args],
        cwd=folder,
        env={**env, "TERM": "xterm", "COLUMNS": "100"},
        stdin=slave,
        stdout=slave,
        stderr=slave,
        start_new_session=True,
        preexec_fn=controlling_terminal,
    )
    os.close(slave)
    chunks: list[bytes] = []

    def drain() -> None:
        with contextlib.suppress(OSError):
            while data := os.read(master, 1 << 16):
                chunks.append(data)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    log = folder / "processes.log"
    try:
        while ready not in (log.read_text() if log.exists() else ""):
            if process.poll() is not None or time.monotonic() - began > timeout:
                raise AssertionError(f"never ready ({ready!r}): {b''.join(chunks)!r}")
            time.sleep(0.05)
        typed = time.monotonic()
        os.write(master, keys)
        status = process.wait(timeout=timeout)
        seconds = time.monotonic() - typed
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        reader.join(timeout=5)
        os.close(master)
    return Finished(status, b"".join(chunks).decode("utf-8", errors="backslashreplace"), seconds)


def report_problems(json_path: Path, junit_path: Path, trace_ids: list[str]) -> list[str]:
    """What is missing or wrong in a run's JSON Lines and JUnit reports, for a run of ``trace_ids``."""
    problems: list[str] = []
    try:
        lines: list[dict[str, Any]] = [json.loads(line) for line in json_path.read_text(encoding="utf-8").splitlines()]
    except (OSError, ValueError) as error:
        return [f"{json_path}: {error}"]
    if not lines or lines[0].get("type") != "run":
        problems.append("the JSON report does not begin with the run line")
    if not lines or lines[-1].get("type") != "summary":
        problems.append("the JSON report does not end with a summary")
    traces = [line["trace"] for line in lines if line.get("type") == "trace"]
    if sorted(traces) != sorted(trace_ids):
        problems.append(f"the JSON report has traces {traces}, not {trace_ids}")
    if lines and lines[-1].get("type") == "summary":
        summary = lines[-1]
        counted = sum(value for value in summary.values() if type(value) is int)
        if counted != len(trace_ids):
            problems.append(f"the summary counts {counted} traces, not {len(trace_ids)}")
    try:
        suite = ET.parse(junit_path).getroot().find("testsuite")
    except (OSError, ET.ParseError) as error:
        return [*problems, f"{junit_path}: {error}"]
    if suite is None or suite.get("tests") != str(len(trace_ids)):
        problems.append(f"the JUnit report does not hold {len(trace_ids)} test cases")
    elif sorted(case.get("name", "") for case in suite.iter("testcase")) != sorted(trace_ids):
        problems.append("the JUnit report names other traces")
    raw = [c for c in RAW if c in json_path.read_text(encoding="utf-8") + junit_path.read_text(encoding="utf-8")]
    if raw:
        problems.append(f"raw control characters in a report: {raw}")
    return problems
