"""``ducksoup adapter``: the bundled reference speaking the adapter protocol on standard input and output.

It serves every game of the family (or only those named with ``--game``), each through its
registry entry (:mod:`ducksoup.games`): by default on the fast engine, with ``--spec`` on the
executable specification, which shows that the specification passes its own suite.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator, Sequence
from typing import Any, TextIO

from duckcheck import PROTOCOL_VERSION
from duckcheck.codec import EncodingError, SetupError
from duckcheck.games import Setup
from duckcheck.untrusted import UnreadableJSON, excerpt, loads, shown
from ducksoup import __version__
from ducksoup.games import Backend, GameReference, reference, references

JSON = dict[str, Any]


def handshake(backend: str = "engine", games: Sequence[GameReference] = ()) -> JSON:
    name = "ducksoup-reference" if backend == "engine" else "ducksoup-spec"
    served = games or references()
    return {
        "cmd": "hello",
        "protocol": PROTOCOL_VERSION,
        "implementation": {"name": name, "version": __version__, "language": "python"},
        "games": {
            entry.id: {"scopes": list(entry.suite.scopes), "options": dict(entry.suite.option_values)}
            for entry in served
        },
    }


class Session:
    """One adapter session: at most one trace in progress."""

    def __init__(self, backend: str = "engine", games: Sequence[str] = ()) -> None:
        self.backend_name = backend
        self.games = tuple(reference(name) for name in games) or references()
        self.play: Backend | None = None

    def handle(self, request: JSON) -> JSON | None:
        """The reply to one request; a request that cannot be served is answered ``errored``."""
        command = request.get("cmd")
        seq = request.get("seq", 0)
        if command == "hello":
            return handshake(self.backend_name, self.games)
        if type(seq) is not int or seq < 0:
            return {"seq": 0, "errored": f"'seq' must be a whole number of 0 or more, not {excerpt(seq)}"}
        try:
            if command == "start":
                return {"seq": seq, **self.start(request)}
            if command == "act":
                return {"seq": seq, **self.act(request.get("action"))}
        except (EncodingError, SetupError) as error:
            return {"seq": seq, "errored": str(error)}
        return {"seq": seq, "errored": f"unknown command {excerpt(command)}"}

    def start(self, request: JSON) -> JSON:
        self.play = None
        game = request.get("game")
        if not isinstance(game, str):
            raise EncodingError(f"'game' must name a game of the family, not {excerpt(game)}")
        entry = next((entry for entry in self.games if entry.id == game), None)
        if entry is None:
            return {"skipped": f"game {excerpt(game)} is not supported"}
        self.play = entry.backend(self.backend_name, Setup.of(request))
        return {"state": self.play.state(), "views": self.play.views()}

    def act(self, data: Any) -> JSON:
        if self.play is None:
            return {"errored": "no trace in progress (start it first)"}
        error = self.play.act(data)
        if error is not None:
            return {"accepted": False, "error": error, "state": self.play.state(), "views": self.play.views()}
        return {"accepted": True, "state": self.play.state(), "views": self.play.views()}


def serve(
    stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout, backend: str = "engine", games: Sequence[str] = ()
) -> int:
    """Answer requests until ``bye`` or the end of input.

    Requests arrive in batches (the runner pipelines a whole trace); the replies to a batch are
    written and flushed together, which saves a system call per step.
    """
    session = Session(backend, games)
    for lines in batches(stdin):
        replies = []
        for line in lines:
            reply = answer(session, line)
            if reply is BYE:
                break
            if reply is not None:
                replies.append(json.dumps(reply, separators=(",", ":")) + "\n")
        stdout.write("".join(replies))
        stdout.flush()
        if reply is BYE:
            return 0
    return 0


BYE: JSON = {}
"""The answer to ``bye``: no reply, and the end of the session."""


def answer(session: Session, line: str) -> JSON | None:
    """The reply to one request line (None for a blank line, :data:`BYE` for ``bye``).

    Whatever the line holds, the answer is one reply: a line that is not a readable request
    (not JSON, nested too deeply, a number of thousands of digits, not an object) is answered
    ``{"seq": 0, "errored": ...}``, so the other requests of the batch are still answered.
    """
    if not line.strip():
        return None
    try:
        request = loads(line)
    except UnreadableJSON as error:
        return {"seq": 0, "errored": f"the request cannot be read: {error}"}
    if not isinstance(request, dict):
        return {"seq": 0, "errored": "a request is a JSON object"}
    if request.get("cmd") == "bye":
        return BYE
    try:
        return session.handle(request)
    except Exception as error:  # a bug or a request no check foresaw: answer it, and keep serving the others
        session.play = None
        seq = request.get("seq")
        return {
            "seq": seq if type(seq) is int and seq >= 0 else 0,
            "errored": f"the request could not be served ({type(error).__name__}: {shown(str(error), 200)})",
        }


def batches(stdin: TextIO) -> Iterator[list[str]]:
    """The input's complete lines, as many at a time as have arrived."""
    try:
        descriptor = stdin.fileno()
    except (AttributeError, OSError, ValueError):
        yield from ([line] for line in stdin)  # a file-like object without a descriptor (tests)
        return
    pending = b""
    while chunk := os.read(descriptor, 1 << 16):
        pending += chunk
        *complete, pending = pending.split(b"\n")
        if complete:
            yield [line.decode("utf-8", errors="replace") for line in complete]
    if pending:
        yield [pending.decode("utf-8", errors="replace")]
