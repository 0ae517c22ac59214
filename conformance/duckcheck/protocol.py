"""The adapter protocol, version 1: JSON Lines between the runner and an implementation.

Requests (runner to implementation) are ``hello``, ``start``, ``act`` and ``bye``; every
request but ``bye`` gets exactly one reply line, in order, carrying the request's ``seq``.
``conformance/README.md`` describes every message; ``conformance/schema/protocol.schema.json``
defines them.
"""

from __future__ import annotations

import json
from typing import Any

from duckcheck import PROTOCOL_VERSION
from duckcheck.schemas import first_problem, game_schema_name
from duckcheck.strict import contains, loads_strict
from duckcheck.untrusted import UnreadableJSON, shown

JSON = dict[str, Any]


class ProtocolError(ValueError):
    """A line from the implementation that breaks the protocol; the message says what was expected."""


def check_message(message: Any, name: str, game: str | None = None) -> JSON:
    """``message`` if it is a valid ``name`` message; else :class:`ProtocolError` naming the first problem.

    With ``game``, a reply's state and views are checked against that game's schema too.
    """
    try:
        problem = first_problem(message, "protocol", name)
        found = None if problem is None else (problem[0], problem[1])
        if found is None and game is not None and isinstance(message, dict):
            found = _game_problem(message, game)
    except RecursionError:
        raise ProtocolError("arrays or objects nested too deeply to be checked") from None
    if found:
        place, text = found
        raise ProtocolError(f"{place or 'the reply'}: {text}")
    assert isinstance(message, dict)
    return message


def _game_problem(message: JSON, game: str) -> tuple[str, str] | None:
    """The first place where a reply's state or views break the game's schema, and what is wrong there."""
    schema = game_schema_name(game)
    views = message.get("views")
    parts = [("state", message.get("state"), "state")]
    parts += [(f"views/{player}", view, "view") for player, view in enumerate(views if isinstance(views, list) else [])]
    for place, value, definition in parts:
        problem = None if value is None else first_problem(value, schema, definition)
        if problem is not None:
            return f"{place}/{problem[0]}".rstrip("/"), problem[1]
    return None


def read_json(line: str) -> Any:
    """The JSON value on one line of the implementation's output; :class:`ProtocolError` if it cannot be read
    (not JSON, nested too deeply, an integer of thousands of digits) or holds what JSON's data model lacks
    (``NaN``, ``Infinity``, an object naming a key twice: :func:`duckcheck.strict.loads_strict`)."""
    try:
        return loads_strict(line)
    except UnreadableJSON as error:
        brief = error.brief.replace("line 1, column", "column")
        raise ProtocolError(f"not JSON ({brief}): {shown(repr(line), 120)}") from None


def parse_line(line: str, name: str) -> JSON:
    """The message on one line of the implementation's output, checked against the schema ``name``."""
    return check_message(read_json(line), name)


def parse_reply(line: str, name: str) -> JSON:
    """A ``start-reply`` or ``act-reply``, with only its envelope checked (the fast path).

    The fields inside (the accept flag, the error code, the state and the views) are compared with
    the trace strictly by the runner (:mod:`duckcheck.compare`), which names the field and both
    JSON types where they differ and asks :func:`schema_problem` for the schema's word too.
    """
    message = read_json(line)
    if _envelope_ok(message, name):
        assert isinstance(message, dict)
        return message
    return check_message(message, name)


def _envelope_ok(message: Any, name: str) -> bool:
    if not isinstance(message, dict) or "seq" not in message:  # its type too is the runner's to check
        return False
    if "skipped" in message or "errored" in message:
        return isinstance(message.get("skipped", message.get("errored")), str) and "state" not in message
    if not isinstance(message.get("state"), dict) or not isinstance(message.get("views"), list):
        return False
    return name != "act-reply" or "accepted" in message  # its type is the runner's to check, field by field


def schema_problem(message: JSON, name: str, game: str | None = None) -> str | None:
    """What makes ``message`` invalid as a ``name`` message (of ``game``), or None."""
    try:
        check_message(message, name, game)
    except ProtocolError as error:
        return str(error)
    return None


def encode(message: JSON) -> str:
    """One line of JSON Lines."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False) + "\n"


def hello() -> JSON:
    return {"cmd": "hello", "protocol": PROTOCOL_VERSION}


def start(seq: int, trace: JSON) -> JSON:
    keys = ("game", "scope", "options", "players", "dealer", "decks")
    return {"cmd": "start", "seq": seq, "trace": trace["id"], **{key: trace[key] for key in keys}}


def act(seq: int, action: JSON) -> JSON:
    return {"cmd": "act", "seq": seq, "action": action}


BYE: JSON = {"cmd": "bye"}


def supports(handshake: JSON, trace: JSON) -> str | None:
    """Why the implementation cannot run ``trace`` according to its handshake, or None if it can."""
    game = handshake["games"].get(trace["game"])
    if game is None:
        return f"game {trace['game']} not supported"
    if not contains(game["scopes"], trace["scope"]):
        return f"scope {trace['scope']} not supported"
    for option, value in trace["options"].items():
        if not contains(game["options"].get(option, []), value):  # an option true is not supported by a 1
            return f"option {option}={value} not supported"
    return None
