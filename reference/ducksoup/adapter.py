"""``ducksoup adapter``: the bundled reference speaking the adapter protocol on standard input and output.

Until the fast engine exists the reference is the specification itself (through
:class:`duckcheck.oracle.Table`), so the suite checks the adapter plumbing and proves that the
specification passes its own suite.
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from duckcheck import PROTOCOL_VERSION
from duckcheck.encoding import OPTION_VALUES, EncodingError, parse_action, parse_cards_text, parse_options
from duckcheck.oracle import GAME_ID, Scope, SetupError, Table
from duckcheck.views import NOTHING_KNOWN, Known, known_after, views
from ducksoup import __version__
from duckspec.duck_soup.errors import IllegalAction

JSON = dict[str, Any]


def handshake() -> JSON:
    return {
        "cmd": "hello",
        "protocol": PROTOCOL_VERSION,
        "implementation": {"name": "ducksoup-reference", "version": __version__, "language": "python"},
        "games": {GAME_ID: {"scopes": [scope.value for scope in Scope], "options": OPTION_VALUES}},
    }


class Session:
    """One adapter session: at most one trace in progress."""

    def __init__(self) -> None:
        self.table: Table | None = None
        self.state: JSON | None = None
        self.known: Known = NOTHING_KNOWN

    def handle(self, request: JSON) -> JSON | None:
        command = request.get("cmd")
        seq = request.get("seq", 0)
        try:
            if command == "hello":
                return handshake()
            if command == "start":
                return {"seq": seq, **self.start(request)}
            if command == "act":
                return {"seq": seq, **self.act(request.get("action"))}
        except (EncodingError, SetupError) as error:
            self.table = None
            return {"seq": seq, "errored": str(error)}
        return {"seq": seq, "errored": f"unknown command {command!r}"}

    def start(self, request: JSON) -> JSON:
        if request.get("game") != GAME_ID:
            self.table = None
            return {"skipped": f"game {request.get('game')!r} is not supported"}
        try:
            scope = Scope(str(request.get("scope")))
        except ValueError:
            raise EncodingError(f"unknown scope {request.get('scope')!r}") from None
        decks = tuple(parse_cards_text(deck, f"decks[{i}]") for i, deck in enumerate(request.get("decks") or []))
        dealer = request.get("dealer")
        if not isinstance(dealer, int):
            raise EncodingError(f"dealer must be 0 or 1, not {dealer!r}")
        self.table = Table.start(scope, parse_options(request.get("options", {})), dealer, decks)
        self.state, self.known = self.table.to_json(), NOTHING_KNOWN
        return {"state": self.state, "views": views(self.state, self.known)}

    def act(self, data: Any) -> JSON:
        if self.table is None or self.state is None:
            return {"errored": "no trace in progress (start it first)"}
        action = parse_action(data)
        try:
            self.table = self.table.apply(action)
        except IllegalAction as error:
            return {
                "accepted": False,
                "error": error.code.value,
                "state": self.state,
                "views": views(self.state, self.known),
            }
        state = self.table.to_json()
        self.known = known_after(self.state, state, self.known)
        self.state = state
        return {"accepted": True, "state": state, "views": views(state, self.known)}


def serve(stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Answer requests line by line until ``bye`` or the end of input."""
    session = Session()
    for line in stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as error:
            reply: JSON | None = {"seq": 0, "errored": f"request is not JSON: {error.msg}"}
        else:
            if not isinstance(request, dict):
                reply = {"seq": 0, "errored": "a request is a JSON object"}
            elif request.get("cmd") == "bye":
                return 0
            else:
                reply = session.handle(request)
        stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        stdout.flush()
    return 0
