"""Adapters that misbehave in one way each, for testing the runner: ``python tests/misbehaving/adapter.py MODE``.

Each serves the reference engine correctly except at the fifth step of the trace named by the
environment variable ``BAD_TRACE``, where it misbehaves as MODE says. After crashing or hanging
it is restarted by the runner, and serves the other traces correctly.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from typing import Any

from ducksoup.adapter import Session

BAD_STEP = 5


def hang(reply: dict[str, Any]) -> str | None:
    time.sleep(3600)
    return None


def crash(reply: dict[str, Any]) -> str | None:
    sys.stderr.write("adapter: internal error: the deck fell on the floor\n")
    sys.stderr.flush()
    os._exit(3)


def garbage(reply: dict[str, Any]) -> str | None:
    return "quack quack quack"


def malformed(reply: dict[str, Any]) -> str | None:
    return json.dumps({"seq": reply["seq"], "accepted": "yes", "state": [], "views": {}})


def out_of_sequence(reply: dict[str, Any]) -> str | None:
    return json.dumps({**reply, "seq": reply["seq"] + 7})


def huge_line(reply: dict[str, Any]) -> str | None:
    return json.dumps({**reply, "padding": "x" * 3_000_000})


def stderr_flood(reply: dict[str, Any]) -> str | None:
    for _ in range(2000):
        sys.stderr.write("debug: " + "quack " * 300 + "\n")
    return json.dumps(reply)


def wrong_state(reply: dict[str, Any]) -> str | None:
    return json.dumps({**reply, "state": {**reply["state"], "stock": 99}})


MODES: dict[str, Callable[[dict[str, Any]], str | None]] = {
    "hang": hang,
    "crash": crash,
    "garbage": garbage,
    "malformed": malformed,
    "out-of-sequence": out_of_sequence,
    "huge-line": huge_line,
    "stderr-flood": stderr_flood,
    "wrong-state": wrong_state,
}


def main() -> int:
    mode = MODES[sys.argv[1]]
    bad_trace = os.environ.get("BAD_TRACE")
    session = Session()
    trace, steps = "", 0
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("cmd") == "bye":
            return 0
        reply = session.handle(request)
        assert reply is not None
        if request.get("cmd") == "start":
            trace, steps = request["trace"], 0
        elif request.get("cmd") == "act":
            steps += 1
        text = json.dumps(reply)
        if trace == bad_trace and steps == BAD_STEP:
            text = mode(reply) or text
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
