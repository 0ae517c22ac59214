"""Implementations that play every game right but write some JSON values with the wrong type.

Run as ``python tests/faulty/mistyped.py GAME FAULT``: the bundled reference serves ``GAME`` over the
adapter protocol, and every reply goes through the fault's change first. The faults are what an
implementer in a loosely typed language writes: ``true``/``false`` where the suite expects the
integers ``1``/``0``, ``1``/``0`` where it expects ``true``/``false``, and ``3.0`` where it expects
``3``; each in the state, in every player's view, or in the reply's own fields (the accept flag and
the sequence number: the flag holds no integer that a boolean could stand for, the number does).
Python's ``==`` takes each of these values for the right one; the suite must not. Every game's
suite-power test checks that each fault fails the first trace of that game it meets, and that the
failure names the field and both JSON types.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]
Change = Callable[[Any], Any]


def booleans_for_integers(value: Any) -> Any:
    """``value`` with every integer 0 or 1 written as ``false`` or ``true``."""
    if type(value) is int and value in (0, 1):
        return value == 1
    return _inside(value, booleans_for_integers)


def integers_for_booleans(value: Any) -> Any:
    """``value`` with every ``true`` or ``false`` written as ``1`` or ``0``."""
    if isinstance(value, bool):
        return int(value)
    return _inside(value, integers_for_booleans)


def floats_for_integers(value: Any) -> Any:
    """``value`` with every integer written as a float (``3.0`` for ``3``)."""
    if type(value) is int:
        return float(value)
    return _inside(value, floats_for_integers)


def _inside(value: Any, change: Change) -> Any:
    if isinstance(value, dict):
        return {key: change(item) for key, item in value.items()}
    if isinstance(value, list):
        return [change(item) for item in value]
    return value


CHANGES: dict[str, tuple[Change, str, str]] = {
    "booleans-for-integers": (booleans_for_integers, "integer", "boolean"),
    "integers-for-booleans": (integers_for_booleans, "boolean", "integer"),
    "floats-for-integers": (floats_for_integers, "integer", "float"),
}
"""Each change by name, with the JSON type the suite expects and the one the fault writes instead."""

REPLY_FIELDS = ("seq", "accepted")
"""The reply's own scalar fields that the ``reply`` place changes."""


def in_state(reply: JSON, change: Change) -> JSON:
    return {**reply, "state": change(reply["state"])} if "state" in reply else reply


def in_views(reply: JSON, change: Change) -> JSON:
    return {**reply, "views": change(reply["views"])} if "views" in reply else reply


def in_reply(reply: JSON, change: Change) -> JSON:
    return {key: change(value) if key in REPLY_FIELDS else value for key, value in reply.items()}


PLACES: dict[str, tuple[Callable[[JSON, Change], JSON], str]] = {
    "state": (in_state, "state"),
    "views": (in_views, "views["),
    "reply": (in_reply, ""),
}
"""Where a fault changes the reply, with the start of the field path its failure must name."""


@dataclass(frozen=True)
class TypeFault:
    """One change of JSON type in one place of every reply."""

    change: str
    place: str

    @property
    def name(self) -> str:
        return f"{self.change}-in-{self.place}"

    @property
    def types(self) -> tuple[str, str]:
        """The JSON type expected and the one received, as a failure names them."""
        _, expected, received = CHANGES[self.change]
        return expected, received

    def apply(self, reply: JSON) -> JSON:
        change, _, _ = CHANGES[self.change]
        rewrite, _ = PLACES[self.place]
        return rewrite(reply, change)


TYPE_FAULTS = {fault.name: fault for fault in (TypeFault(change, place) for place in PLACES for change in CHANGES)}
"""The nine type faults by name: each change in each place."""


def expected_replies(trace: JSON, first_seq: int = 1) -> list[JSON]:
    """The replies a right implementation gives to ``trace``'s requests, the first numbered ``first_seq``."""
    from duckcheck.games import game

    follower = game(trace["game"]).views()
    state = trace["initial"]
    views = follower.advance(state)
    replies = [{"seq": first_seq, "state": state, "views": views}]
    for number, step in enumerate(trace["steps"], start=first_seq + 1):
        verdict: JSON = {"accepted": False, "error": step["reject"]} if "reject" in step else {"accepted": True}
        if "reject" not in step:
            state = step["state"]
            views = follower.advance(state)
        replies.append({"seq": number, **verdict, "state": state, "views": views})
    return replies


def changes(fault: TypeFault, trace: JSON) -> bool:
    """Whether ``fault`` changes any reply to ``trace`` (run first in its session): whether it is wrong there."""
    from duckcheck.strict import same

    return any(not same(reply, fault.apply(reply)) for reply in expected_replies(trace))


def first_changed(fault: TypeFault, traces: Sequence[JSON]) -> int | None:
    """The index of the first of ``traces`` that ``fault`` changes (None if it changes none: no fault there)."""
    return next((index for index, trace in enumerate(traces) if changes(fault, trace)), None)


def holds_booleans(game: str) -> bool:
    """Whether ``game``'s states or views may hold a boolean at all (its schema names the type)."""
    from duckcheck.data import load_schema
    from duckcheck.schemas import game_schema_name

    return '"boolean"' in json.dumps(load_schema(game_schema_name(game)))


def assert_fails_the_first_trace_it_reaches(name: str, traces: Sequence[JSON]) -> None:
    """Run the type fault ``name`` on ``traces`` (one game's, in its suite-power order) from the first one it
    changes (each earlier trace gets the right replies), and require that very trace to fail, naming the field
    and both JSON types, and the run to stop there.

    A fault that writes ``1`` for ``true`` in the states or views of a game whose schema has no boolean
    there changes nothing: it is checked to change nothing in the first trace, and not run.
    """
    from duckcheck.compare import Outcome
    from duckcheck.runner import RunOptions, run

    fault = TYPE_FAULTS[name]
    game = traces[0]["game"]
    if fault.change == "integers-for-booleans" and fault.place != "reply" and not holds_booleans(game):
        assert not changes(fault, traces[0]), f"{name} changed a {game} reply that holds no boolean"
        return
    first = first_changed(fault, traces)
    assert first is not None, f"no {game} trace holds a value that {name} changes"
    if not (fault.change == "integers-for-booleans" and fault.place != "reply"):
        assert first == 0, f"{name} leaves {traces[0]['id']} alone, though it holds the values it changes"
    summary = run([sys.executable, __file__, game, name], traces[first:], RunOptions(max_failures=1))
    failed = summary.results[0]
    assert [result.outcome for result in summary.results] == [Outcome.FAILED], (
        f"{name}: {traces[first]['id']} should fail first and alone: {summary.closing_line()}"
    )
    expected, received = fault.types
    _, path = PLACES[fault.place]
    named = re.search(rf": ({re.escape(path)}\S*): expected {expected} \S+, received {received} ", failed.reason)
    assert named, f"{name}: the failure does not name the field and both types: {failed.reason}"
    report = json.dumps(failed.to_json())
    assert f"expected {expected} " in report and f"received {received} " in report


def serve_with(fault: TypeFault, game: str) -> int:
    """Serve ``game`` on the reference engine, every reply changed by ``fault``."""
    from ducksoup.adapter import Session, serve

    handle = Session.handle

    def changed(self: Session, request: JSON) -> JSON | None:
        reply = handle(self, request)
        return reply if reply is None or request.get("cmd") == "hello" else fault.apply(reply)

    setattr(Session, "handle", changed)  # noqa: B010
    return serve(games=[game])


def main() -> int:
    if len(sys.argv) != 3 or sys.argv[2] not in TYPE_FAULTS:
        print(f"usage: mistyped.py GAME {{{','.join(TYPE_FAULTS)}}}", file=sys.stderr)
        return 2
    return serve_with(TYPE_FAULTS[sys.argv[2]], sys.argv[1])


if __name__ == "__main__":
    sys.exit(main())
