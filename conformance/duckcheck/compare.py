"""Comparing an implementation's replies with a trace, and saying where and why they differ.

Every field of a reply is compared strictly (:mod:`duckcheck.strict`): the sequence number, the
accept flag, the error code, the state and every view must be the trace's values with the
trace's JSON types (``true`` is not ``1``, ``1.0`` is not ``1``). Where they differ, each
difference names its field and both types, the reply is checked against the protocol schema for
its word too, and the failure lists the rules sections that govern the fields that differ.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from duckcheck.games import game
from duckcheck.protocol import ProtocolError, act, parse_reply, schema_problem, start
from duckcheck.strict import Difference, Kind, differences, same
from duckcheck.untrusted import shown

JSON = dict[str, Any]

SHOWN_LINES = 12
"""How many lines a failure's diff keeps."""


class Outcome(enum.StrEnum):
    PASSED = "passed"
    FAILED = "failed"
    SKIPPED = "skipped"
    XFAILED = "xfailed"
    """Failed, and listed as an expected failure."""
    XPASSED = "xpassed"
    """Passed although listed as an expected failure: the list is stale, and the run fails."""
    NOT_RUN = "not-run"
    """Not run: the run was interrupted, or the implementation could not be (re)started."""


@dataclass(frozen=True)
class TraceResult:
    """The outcome of one trace, with the details of a failure."""

    trace: str
    outcome: Outcome
    reason: str = ""
    step: int | None = None
    action: JSON | None = None
    sections: tuple[str, ...] = ()
    diff: tuple[str, ...] = ()
    steps_checked: int = 0
    seconds: float = 0.0
    broken: bool = False
    """The conversation with the implementation is out of step; it is restarted for the next trace."""
    action_text: str = ""
    """The action of the failing step in words (``player 1 plays 9C calling quack``)."""
    received: JSON | None = field(default=None, compare=False, repr=False)
    """The implementation's reply at the failing step, when it was a reply of the protocol (its ``state`` and
    ``views``), for reports that show it beside the trace's (``ducksoup check --html``); not in ``to_json``."""

    def to_json(self) -> JSON:
        data: JSON = {"trace": self.trace, "outcome": self.outcome.value, "steps": self.steps_checked}
        data["seconds"] = round(self.seconds, 4)
        if self.reason:
            data["reason"] = self.reason
        if self.step is not None:
            data["step"] = self.step
        if self.action is not None:
            data["action"] = self.action
            data["action_text"] = self.action_text
        if self.sections:
            data["sections"] = list(self.sections)
        if self.diff:
            data["diff"] = list(self.diff)
        return data


def diff(expected: Any, received: Any, path: str) -> list[str]:
    """A line naming each place where ``received`` differs from ``expected``, with both JSON types."""
    return [difference.line() for difference in differences(expected, received, path)]


def field_problem(reply: JSON, name: str, expected: Any) -> str | None:
    """The line saying how the reply's field ``name`` differs from ``expected`` (missing, or another value or
    type), or None when it is the same."""
    if name not in reply:
        return Difference(name, Kind.MISSING, expected=expected).line()
    return None if same(expected, reply[name]) else Difference(name, Kind.DIFFERENT, expected, reply[name]).line()


class TraceChecker:
    """Compares an implementation's replies for one trace with the trace."""

    def __init__(self, trace: JSON, first_seq: int) -> None:
        self.trace = trace
        self.first_seq = first_seq
        self.game = game(trace["game"])

    def requests(self) -> list[JSON]:
        steps = self.trace["steps"]
        return [start(self.first_seq, self.trace)] + [
            act(self.first_seq + 1 + i, step["action"]) for i, step in enumerate(steps)
        ]

    def failed(self, reason: str, index: int, action: JSON | None, **details: Any) -> TraceResult:
        """A failure at step ``index`` (0: the start), with the action described in the game's words."""
        text = "" if action is None else self.game.describe_action(action)
        return TraceResult(self.trace["id"], Outcome.FAILED, reason, index, action, action_text=text, **details)

    def check(self, next_reply: Callable[[], str]) -> TraceResult:
        expected = self.trace["initial"]
        follower = self.game.views()
        expected_views = follower.advance(expected)
        for index in range(len(self.trace["steps"]) + 1):
            step = None if index == 0 else self.trace["steps"][index - 1]
            action = None if step is None else step["action"]
            where = "the start" if step is None else f"step {index} of {len(self.trace['steps'])}"
            kind = "start-reply" if step is None else "act-reply"
            try:
                reply = parse_reply(next_reply(), kind)
            except ProtocolError as error:
                return self.failed(f"{where}: {error}", index, action, broken=True)
            wrong_seq = field_problem(reply, "seq", self.first_seq + index)
            if wrong_seq is not None:
                kind_of_wrong = "reply out of sequence: " if type(reply["seq"]) is int else ""
                return self.failed(f"{where}: {kind_of_wrong}{wrong_seq}", index, action, broken=True)
            if "skipped" in reply:
                if step is None:
                    reason = f"the implementation skipped it: {reply['skipped']}"
                    return TraceResult(self.trace["id"], Outcome.SKIPPED, reason)
                return self.failed(f"{where}: skipped in the middle of a trace: {reply['skipped']}", index, action)
            if "errored" in reply:
                return self.failed(f"{where}: the implementation errored: {reply['errored']}", index, action)
            code = step.get("reject") if step else None
            before = expected
            if step is not None and code is None:
                expected = step["state"]
                expected_views = follower.advance(expected)
            problem = verdict_problems(reply, code) if step is not None else []
            if not problem:
                problem = reply_differences(reply, expected, expected_views)
                if not problem:
                    continue
            invalid = schema_problem(reply, kind, self.game.id)
            problem = problem[: SHOWN_LINES - 1] + ([f"reply: {invalid}"] if invalid else [])
            sections = self.game.failure_sections(problem, action, code, before)
            return self.failed(
                f"{where}: " + _headline(problem[0]),
                index,
                action,
                sections=tuple(self.game.section_title(section) for section in sections),
                diff=tuple(problem[:SHOWN_LINES]),
                steps_checked=index,
                received=reply,
            )
        return TraceResult(self.trace["id"], Outcome.PASSED, steps_checked=len(self.trace["steps"]) + 1)


def verdict_problems(reply: JSON, code: str | None) -> list[str]:
    """How the reply's verdict on a step (its accept flag, and the error code of a refusal) differs from the
    trace's (``code``: the error code expected, None for an acceptance): in words when only the verdict is
    wrong, by field and JSON type when a value's type is."""
    accepted = reply.get("accepted")
    typed = field_problem(reply, "accepted", code is None)
    if typed is not None and not isinstance(accepted, bool):
        return [typed]
    if code is None:
        refusal = shown(str(reply.get("error")), 80)
        return [] if typed is None else [f"the action must be accepted, but it was rejected with {refusal}"]
    if typed is not None:
        return [f"the action must be rejected with {code}, but it was accepted"]
    wrong_code = field_problem(reply, "error", code)
    if wrong_code is None:
        return []
    error = reply.get("error")
    return [f"rejected with {shown(error, 80)}, expected {code}"] if isinstance(error, str) else [wrong_code]


def reply_differences(reply: JSON, state: JSON, views: list[JSON]) -> list[str]:
    """The lines naming where the reply's state differs from ``state`` or, when the state is the same, where its
    views differ from ``views``; none when both are the same."""
    if not same(state, reply["state"]):
        return diff(state, reply["state"], "state")
    if not same(views, reply["views"]):
        return diff(views, reply["views"], "views")
    return []


def _headline(first: str) -> str:
    """A failure's headline: what differs, then its first difference (``the state differs: state.points[0]: ...``)."""
    if first.startswith("state"):
        return "the state differs: " + first
    if first.startswith("views"):
        return "a player's view differs: " + first
    return first
