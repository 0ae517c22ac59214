"""Adapters that misbehave in one way each, for testing the runner: ``python tests/misbehaving/adapter.py MODE``.

Each serves the reference engine correctly except at the fifth step of the trace named by the
environment variable ``BAD_TRACE`` (a reply mode), or from the start (a start mode), where it
misbehaves as MODE says. After crashing or hanging it is restarted by the runner, and serves the
other traces correctly (unless the mode refuses to start again).

The environment variable ``MISBEHAVING_LOG``, if set, names a file to which every start appends
``pid pgid`` and every helper process ``helper pid``, so a test can check that none is left.
``MISBEHAVING_MARKER`` names a file that modes remembering an earlier start use.
``tests/misbehaving/wrapper.sh MODE`` starts the same adapter from a shell script without ``exec``.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ducksoup.adapter import Session, handshake

BAD_STEP = 5
HELPER = [sys.executable, "-c", "import time; time.sleep(3600)"]
"""A helper process that lives for an hour and inherits the adapter's standard output and error."""
ESCAPES = "\x1b[2J\x1b]0;pwned\x07\x00\u202e\ud800"
"""Control characters that must never reach a terminal or a report raw: clear screen, set title, NUL, RLO,
a lone surrogate (not even encodable as UTF-8)."""

JSON = dict[str, Any]


def log(text: str) -> None:
    path = os.environ.get("MISBEHAVING_LOG")
    if path:
        with open(path, "a", encoding="utf-8") as file:
            file.write(text + "\n")


def start_escaping_helper(mode: str) -> None:
    """A helper that leaves the adapter's session and process group, its standard streams closed, so that only
    the runner's mark in its environment can find it: started by ``setsid`` (the adapter stays its parent), or
    a daemon by a double fork (its parent is gone before the run ends). Returns once it has logged its ID."""
    log_path = os.environ.get("MISBEHAVING_LOG", os.devnull)
    record = f"open({log_path!r}, 'a').write(f'helper {{os.getpid()}}\\n')"
    if mode == "setsid-helper":
        command = ["setsid", sys.executable, "-c", f"import os, time; {record}; time.sleep(3600)"]
    else:
        daemon = "if os.fork(): os._exit(0)\nos.setsid()\nif os.fork(): os._exit(0)\n"
        command = [sys.executable, "-c", f"import os, time\n{daemon}{record}\ntime.sleep(3600)"]
    before = Path(log_path).read_text().count("helper") if log_path != os.devnull else 0
    subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while log_path != os.devnull and Path(log_path).read_text().count("helper") == before:
        if time.monotonic() > deadline:
            raise SystemExit("the escaping helper never started")
        time.sleep(0.01)


def start_helper() -> None:
    """A helper that keeps the adapter's standard output open (it inherits it) long after the adapter ends."""
    helper = subprocess.Popen(HELPER)
    log(f"helper {helper.pid}")


# Reply modes: what the adapter does instead of the fifth step's reply of the bad trace


def hang(reply: JSON) -> str | None:
    time.sleep(3600)
    return None


def crash(reply: JSON) -> str | None:
    sys.stderr.write("adapter: internal error: the deck fell on the floor\n")
    sys.stderr.flush()
    os._exit(3)


def crash_for_good(reply: JSON) -> str | None:
    """Crash, and refuse to start again (the next start fails its handshake)."""
    Path(os.environ["MISBEHAVING_MARKER"]).write_text("crashed")
    return crash(reply)


def garbage(reply: JSON) -> str | None:
    return "quack quack quack"


def malformed(reply: JSON) -> str | None:
    return json.dumps({"seq": reply["seq"], "accepted": "yes", "state": [], "views": {}})


def out_of_sequence(reply: JSON) -> str | None:
    return json.dumps({**reply, "seq": reply["seq"] + 7})


def huge_line(reply: JSON) -> str | None:
    return json.dumps({**reply, "padding": "x" * 3_000_000})


def stderr_flood(reply: JSON) -> str | None:
    for _ in range(2000):
        sys.stderr.write("debug: " + "quack " * 300 + "\n")
    return json.dumps(reply)


def wrong_state(reply: JSON) -> str | None:
    return json.dumps({**reply, "state": {**reply["state"], "stock": 99}})


def deep(reply: JSON) -> str | None:
    """A reply nested 5,000 levels deep: Python's JSON parser gives up with a RecursionError."""
    return f'{{"seq": {reply["seq"]}, "state": {"[" * 5000 + "]" * 5000}}}'


def deep_inside(reply: JSON) -> str | None:
    """A reply that parses (900 levels) but is too deep to compare or describe."""
    return json.dumps({**reply, "state": {**reply["state"], "table": json.loads("[" * 900 + "]" * 900)}})


def huge_int(reply: JSON) -> str | None:
    """A sequence number of 5,000 digits: beyond the 4,300 digits Python converts."""
    return f'{{"seq": {"9" * 5000}, "errored": "x"}}'


def escapes(reply: JSON) -> str | None:
    """An error text full of terminal escapes, NUL and a lone surrogate."""
    return json.dumps({"seq": reply["seq"], "errored": f"oops{ESCAPES}"})


def nasty_keys(reply: JSON) -> str | None:
    """A state with an extra key made of control characters (it shows up in the diff)."""
    return json.dumps({**reply, "state": {**reply["state"], f"key{ESCAPES}": 1}})


def helper_then_hang(reply: JSON) -> str | None:
    """Start a helper that holds the output pipe, then hang."""
    start_helper()
    return hang(reply)


def helper_then_crash(reply: JSON) -> str | None:
    """Start a helper that holds the output pipe, then crash: the end of the output never comes."""
    start_helper()
    return crash(reply)


def ignore_sigterm_then_hang(reply: JSON) -> str | None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    return hang(reply)


REPLY_MODES: dict[str, Callable[[JSON], str | None]] = {
    "hang": hang,
    "crash": crash,
    "crash-for-good": crash_for_good,
    "garbage": garbage,
    "malformed": malformed,
    "out-of-sequence": out_of_sequence,
    "huge-line": huge_line,
    "stderr-flood": stderr_flood,
    "wrong-state": wrong_state,
    "deep": deep,
    "deep-inside": deep_inside,
    "huge-int": huge_int,
    "escapes": escapes,
    "nasty-keys": nasty_keys,
    "helper-then-hang": helper_then_hang,
    "helper-then-crash": helper_then_crash,
    "ignore-sigterm-then-hang": ignore_sigterm_then_hang,
}


# Start modes: the adapter misbehaves from its handshake on


def hello_line(mode: str) -> str | None:
    """The handshake reply of a start mode (None: the correct one)."""
    correct = handshake()
    if mode == "hello-deep":
        return f'{{"cmd": "hello", "protocol": 1, "implementation": {"[" * 5000 + "]" * 5000}}}'
    if mode == "hello-huge-int":
        return f'{{"cmd": "hello", "protocol": {"1" * 5000}}}'
    if mode == "hello-escapes":
        return json.dumps({**correct, "implementation": {"name": f"evil{ESCAPES}", "version": f"1{ESCAPES}"}})
    return None


START_MODES = (
    "hello-deep",
    "hello-huge-int",
    "hello-escapes",
    "helper",
    "setsid-helper",
    "daemon-helper",
    "slow",
    "skip-all",
    "fine",
)
"""``helper`` starts a helper process that outlives the adapter, then serves correctly;
``setsid-helper`` and ``daemon-helper`` start one that leaves the adapter's session
(:func:`start_escaping_helper`); ``slow`` serves correctly but waits :data:`SLOW` seconds before
each reply to a step; ``skip-all`` skips every trace; ``fine`` serves correctly (and logs its start)."""
SLOW = 0.2


def main() -> int:
    mode = sys.argv[1]
    if mode not in REPLY_MODES and mode not in START_MODES:
        sys.stderr.write(f"unknown mode {mode}; modes: {', '.join([*REPLY_MODES, *START_MODES])}\n")
        return 2
    log(f"{os.getpid()} {os.getpgrp()}")
    marker = os.environ.get("MISBEHAVING_MARKER")
    if mode == "crash-for-good" and marker and Path(marker).exists():
        sys.stderr.write("adapter: cannot start again after the crash\n")
        return 4
    if mode == "helper":
        start_helper()
    if mode in ("setsid-helper", "daemon-helper"):
        start_escaping_helper(mode)
    bad_trace = os.environ.get("BAD_TRACE")
    session = Session()
    trace, steps = "", 0
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("cmd") == "bye":
            return 0
        reply = session.handle(request)
        assert reply is not None
        if request.get("cmd") == "hello":
            text = hello_line(mode) or json.dumps(reply)
        elif mode == "skip-all" and request.get("cmd") == "start":
            text = json.dumps({"seq": request["seq"], "skipped": "this adapter skips everything"})
        else:
            if request.get("cmd") == "start":
                trace, steps = request["trace"], 0
            elif request.get("cmd") == "act":
                steps += 1
                if mode == "slow":
                    time.sleep(SLOW)
            text = json.dumps(reply)
            if mode in REPLY_MODES and trace == bad_trace and steps == BAD_STEP:
                text = REPLY_MODES[mode](reply) or text
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
