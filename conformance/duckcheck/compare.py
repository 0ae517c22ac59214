"""Comparing an implementation's replies with a trace, and saying where and why they differ.

The fast path compares whole states and views with ``==``; only when they differ is the reply
checked against the protocol schema and a readable diff computed, with the rules sections that
govern the fields that differ.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from duckcheck.games import game
from duckcheck.protocol import ProtocolError, act, parse_reply, schema_problem, start
from duckcheck.untrusted import excerpt, shown

JSON = dict[str, Any]

DIFF_VALUE = 160
"""The longest value a diff line quotes, in characters."""


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


def diff(expected: Any, actual: Any, path: str) -> list[str]:
    """Readable lines naming every place where ``actual`` differs from ``expected``."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        lines = []
        for key in list(expected) + [k for k in actual if k not in expected]:
            if key not in actual:
                lines.append(f"{path}.{key}: missing (expected {_value(expected[key])})")
            elif key not in expected:
                lines.append(f"{path}.{shown(str(key), 60)}: not expected (got {_value(actual[key])})")
            else:
                lines += diff(expected[key], actual[key], f"{path}.{key}")
        return lines
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        return [
            line for i, (e, a) in enumerate(zip(expected, actual, strict=True)) for line in diff(e, a, f"{path}[{i}]")
        ]
    return [] if expected == actual else [f"{path}: expected {_value(expected)}, got {_value(actual)}"]


def _value(value: Any) -> str:
    """A value of a state or view as a diff shows it: its ``repr``, cut short if long (a whole deck fits)."""
    return excerpt(value, DIFF_VALUE)


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
            try:
                kind = "start-reply" if step is None else "act-reply"
                reply = parse_reply(next_reply(), kind)
            except ProtocolError as error:
                return self.failed(f"{where}: {error}", index, action, broken=True)
            if reply["seq"] != self.first_seq + index:
                reason = f"{where}: reply out of sequence: seq {reply['seq']}, expected {self.first_seq + index}"
                return self.failed(reason, index, action, broken=True)
            if "skipped" in reply:
                if step is None:
                    reason = f"the implementation skipped it: {reply['skipped']}"
                    return TraceResult(self.trace["id"], Outcome.SKIPPED, reason)
                return self.failed(f"{where}: skipped in the middle of a trace: {reply['skipped']}", index, action)
            if "errored" in reply:
                return self.failed(f"{where}: the implementation errored: {reply['errored']}", index, action)
            problem: list[str] = []
            code = step.get("reject") if step else None
            before = expected
            if step is not None:
                if code is not None:
                    if reply.get("accepted") is not False:
                        problem.append(f"the action must be rejected with {code}, but it was accepted")
                    elif reply.get("error") != code:
                        problem.append(f"rejected with {reply.get('error')}, expected {code}")
                else:
                    expected = step["state"]
                    expected_views = follower.advance(expected)
                    if reply.get("accepted") is not True:
                        problem.append(f"the action must be accepted, but it was rejected with {reply.get('error')}")
            if not problem and reply["state"] == expected:
                if reply["views"] == expected_views:
                    continue
                problem = diff(expected_views, reply["views"], "views") or ["views: differ in their types"]
            elif not problem:
                problem = diff(expected, reply["state"], "state") or ["state: differs in its types"]
            invalid = schema_problem(reply, kind, self.game.id)
            if invalid:
                problem.insert(0, f"reply: {invalid}")
            sections = self.game.failure_sections(problem, action, code, before)
            return self.failed(
                f"{where}: " + _headline(problem[0]),
                index,
                action,
                sections=tuple(self.game.section_title(section) for section in sections),
                diff=tuple(problem[:12]),
                steps_checked=index,
            )
        return TraceResult(self.trace["id"], Outcome.PASSED, steps_checked=len(self.trace["steps"]) + 1)


def _headline(first: str) -> str:
    if first.startswith("state"):
        return "the state differs"
    if first.startswith("views"):
        return "a player's view differs"
    return first
