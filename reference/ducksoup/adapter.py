"""``ducksoup adapter``: the bundled reference speaking the adapter protocol on standard input and output.

By default it serves the fast engine (:mod:`ducksoup.engine`); ``--spec`` serves the executable
specification instead, which shows that the specification passes its own suite.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from typing import Any, Protocol, TextIO

from duckcheck import PROTOCOL_VERSION
from duckcheck.encoding import OPTION_VALUES, EncodingError, parse_action, parse_cards_text, parse_options
from duckcheck.oracle import GAME_ID, Scope, SetupError, Table, check_setup
from duckcheck.untrusted import UnreadableJSON, excerpt, loads, shown
from duckcheck.views import NOTHING_KNOWN, known_after, views
from ducksoup import __version__
from ducksoup.engine import Deal, Match
from duckspec.cards import Card
from duckspec.duck_soup.actions import Action
from duckspec.duck_soup.errors import IllegalAction
from duckspec.duck_soup.variants import RuleOptions

JSON = dict[str, Any]


class Backend(Protocol):
    """A deal, game or match behind the adapter."""

    def apply(self, action: Action) -> None: ...

    def state(self) -> JSON: ...

    def views(self) -> list[JSON]: ...


class EngineBackend:
    def __init__(self, scope: Scope, options: RuleOptions, dealer: int, decks: tuple[tuple[Card, ...], ...]) -> None:
        check_setup(scope, options, len(decks))
        try:
            self.play: Deal | Match = (
                Deal(decks[0], dealer, options) if scope is Scope.DEAL else Match(decks, dealer, options)
            )
        except (TypeError, ValueError) as error:
            raise SetupError(str(error)) from None
        self.current = self.play.state()

    def apply(self, action: Action) -> None:
        self.play.apply(action)
        self.current = self.play.state()

    def state(self) -> JSON:
        return self.current

    def views(self) -> list[JSON]:
        return [self.play.observation(0, self.current), self.play.observation(1, self.current)]


class SpecBackend:
    def __init__(self, scope: Scope, options: RuleOptions, dealer: int, decks: tuple[tuple[Card, ...], ...]) -> None:
        self.table = Table.start(scope, options, dealer, decks)
        self.current = self.table.to_json()
        self.known = NOTHING_KNOWN

    def apply(self, action: Action) -> None:
        self.table = self.table.apply(action)
        state = self.table.to_json()
        self.known = known_after(self.current, state, self.known)
        self.current = state

    def state(self) -> JSON:
        return self.current

    def views(self) -> list[JSON]:
        return views(self.current, self.known)


BACKENDS: dict[str, type[EngineBackend] | type[SpecBackend]] = {"engine": EngineBackend, "spec": SpecBackend}


def handshake(backend: str = "engine") -> JSON:
    name = "ducksoup-reference" if backend == "engine" else "ducksoup-spec"
    return {
        "cmd": "hello",
        "protocol": PROTOCOL_VERSION,
        "implementation": {"name": name, "version": __version__, "language": "python"},
        "games": {GAME_ID: {"scopes": [scope.value for scope in Scope], "options": OPTION_VALUES}},
    }


class Session:
    """One adapter session: at most one trace in progress."""

    def __init__(self, backend: str = "engine") -> None:
        self.backend_name = backend
        self.play: Backend | None = None

    def handle(self, request: JSON) -> JSON | None:
        """The reply to one request; a request that cannot be served is answered ``errored``."""
        command = request.get("cmd")
        seq = request.get("seq", 0)
        if command == "hello":
            return handshake(self.backend_name)
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
            raise EncodingError(f"'game' must name a game, like {GAME_ID!r}, not {excerpt(game)}")
        if game != GAME_ID:
            return {"skipped": f"game {excerpt(game)} is not supported"}
        named = request.get("scope")
        if not isinstance(named, str) or named not in [scope.value for scope in Scope]:
            raise EncodingError(f"unknown scope {excerpt(named)}; one of {', '.join(s.value for s in Scope)}")
        scope = Scope(named)
        given = request.get("decks")
        if not isinstance(given, list) or not all(isinstance(deck, str) for deck in given):
            raise EncodingError(f"'decks' must be a list of decks like '9C4CAS...', not {excerpt(given)}")
        decks = tuple(parse_cards_text(deck, f"decks[{i}]") for i, deck in enumerate(given))
        dealer = request.get("dealer")
        if type(dealer) is not int or dealer not in (0, 1):
            raise EncodingError(f"'dealer' must be 0 or 1, not {excerpt(dealer)}")
        self.play = BACKENDS[self.backend_name](scope, parse_options(request.get("options", {})), dealer, decks)
        return {"state": self.play.state(), "views": self.play.views()}

    def act(self, data: Any) -> JSON:
        if self.play is None:
            return {"errored": "no trace in progress (start it first)"}
        action = parse_action(data)
        try:
            self.play.apply(action)
        except IllegalAction as error:
            return {
                "accepted": False,
                "error": error.code.value,
                "state": self.play.state(),
                "views": self.play.views(),
            }
        return {"accepted": True, "state": self.play.state(), "views": self.play.views()}


def serve(stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout, backend: str = "engine") -> int:
    """Answer requests until ``bye`` or the end of input.

    Requests arrive in batches (the runner pipelines a whole trace); the replies to a batch are
    written and flushed together, which saves a system call per step.
    """
    session = Session(backend)
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
