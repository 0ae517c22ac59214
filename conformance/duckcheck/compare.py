"""Comparing an implementation's replies with a trace, and saying where and why they differ.

The fast path compares whole states and views with ``==``; only when they differ is the reply
checked against the protocol schema and a readable diff computed, with the rules sections that
govern the fields that differ.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from duckcheck.protocol import ProtocolError, act, parse_reply, schema_problem, start
from duckcheck.untrusted import excerpt, shown
from duckcheck.views import NOTHING_KNOWN, known_after, views
from duckspec.duck_soup.errors import ErrorCode

JSON = dict[str, Any]

DIFF_VALUE = 160
"""The longest value a diff line quotes, in characters."""
SECTION_TITLES = {
    "§2": "§2 The cards",
    "§3": "§3 Setup",
    "§4": "§4 Playing a trick",
    "§5": "§5 Drawing",
    "§6": "§6 Quacking",
    "§7": "§7 Changing course",
    "§8": "§8 Scoring",
    "§9": "§9 Winning the game",
    "§11": "§11 Variants (match play)",
}
FIELD_SECTIONS = {
    "dealer": "§3",
    "deal": "§3",
    "hands": "§5",
    "stock": "§5",
    "face_up": "§5",
    "table": "§4",
    "to_act": "§4",
    "phase": "§4",
    "tricks": "§4",
    "points": "§4",
    "course": "§7",
    "scores": "§8",
    "deal_scores": "§8",
    "deal_points": "§8",
    "totals": "§9",
    "result": "§9",
    "games": "§11",
    "games_won": "§11",
    "winner": "§11",
}
"""The section that governs each field of the canonical state."""


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

    def to_json(self) -> JSON:
        data: JSON = {"trace": self.trace, "outcome": self.outcome.value, "steps": self.steps_checked}
        data["seconds"] = round(self.seconds, 4)
        if self.reason:
            data["reason"] = self.reason
        if self.step is not None:
            data["step"] = self.step
        if self.action is not None:
            data["action"] = self.action
        if self.sections:
            data["sections"] = list(self.sections)
        if self.diff:
            data["diff"] = list(self.diff)
        return data


def describe(action: JSON) -> str:
    if "answer" in action:
        return f"player {action['player']} says {action['answer']}"
    call = f" calling {action['call']}" if "call" in action else ""
    return f"player {action['player']} plays {action['play']}{call}"


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


def sections_of(lines: Sequence[str], action: JSON | None, code: str | None, table: str = "") -> tuple[str, ...]:
    """The rules sections behind a divergence: the fields that differ, and the kind of step.

    ``table`` holds the cards on the table before the step: when a trick of one suit was
    decided wrongly, the rank order of §2 is concerned too.
    """
    found: set[str] = set()
    if code:
        known = {error.value: error.section for error in ErrorCode}
        found.add(known.get(code, "§4"))
    for line in lines:
        name = line.split(":")[0].split(".")[-1].split("[")[0]
        if name in FIELD_SECTIONS:
            found.add(FIELD_SECTIONS[name])
        elif "views" in line:
            found.add("§3")
    if action is not None and ("call" in action or "answer" in action) and found & {"§4", "§5"}:
        found.add("§6")
    trick = table + action.get("play", "") if action else ""
    if "§4" in found and len(trick) == 4 and trick[1] == trick[3]:
        found.add("§2")
    return tuple(SECTION_TITLES[s] for s in sorted(found, key=lambda s: int(s[1:])))


class TraceChecker:
    """Compares an implementation's replies for one trace with the trace."""

    def __init__(self, trace: JSON, first_seq: int) -> None:
        self.trace = trace
        self.first_seq = first_seq

    def requests(self) -> list[JSON]:
        steps = self.trace["steps"]
        return [start(self.first_seq, self.trace)] + [
            act(self.first_seq + 1 + i, step["action"]) for i, step in enumerate(steps)
        ]

    def check(self, next_reply: Callable[[], str]) -> TraceResult:
        trace_id = self.trace["id"]
        expected = self.trace["initial"]
        known = NOTHING_KNOWN
        for index in range(len(self.trace["steps"]) + 1):
            step = None if index == 0 else self.trace["steps"][index - 1]
            action = None if step is None else step["action"]
            where = "the start" if step is None else f"step {index} of {len(self.trace['steps'])}"
            try:
                kind = "start-reply" if step is None else "act-reply"
                reply = parse_reply(next_reply(), kind)
            except ProtocolError as error:
                return TraceResult(trace_id, Outcome.FAILED, f"{where}: {error}", index, action, broken=True)
            if reply["seq"] != self.first_seq + index:
                reason = f"{where}: reply out of sequence: seq {reply['seq']}, expected {self.first_seq + index}"
                return TraceResult(trace_id, Outcome.FAILED, reason, index, action, broken=True)
            if "skipped" in reply:
                if step is None:
                    return TraceResult(trace_id, Outcome.SKIPPED, f"the implementation skipped it: {reply['skipped']}")
                return TraceResult(
                    trace_id,
                    Outcome.FAILED,
                    f"{where}: skipped in the middle of a trace: {reply['skipped']}",
                    index,
                    action,
                )
            if "errored" in reply:
                return TraceResult(
                    trace_id, Outcome.FAILED, f"{where}: the implementation errored: {reply['errored']}", index, action
                )
            problem: list[str] = []
            code = step.get("reject") if step else None
            table_before = expected["table"]
            if step is not None:
                if code is not None:
                    if reply.get("accepted") is not False:
                        problem.append(f"the action must be rejected with {code}, but it was accepted")
                    elif reply.get("error") != code:
                        problem.append(f"rejected with {reply.get('error')}, expected {code}")
                else:
                    previous = expected
                    expected = step["state"]
                    known = known_after(previous, expected, known)
                    if reply.get("accepted") is not True:
                        problem.append(f"the action must be accepted, but it was rejected with {reply.get('error')}")
            if not problem and reply["state"] == expected:
                expected_views = views(expected, known)
                if reply["views"] == expected_views:
                    continue
                problem = diff(expected_views, reply["views"], "views") or ["views: differ in their types"]
            elif not problem:
                problem = diff(expected, reply["state"], "state") or ["state: differs in its types"]
            if problem:
                invalid = schema_problem(reply, kind)
                if invalid:
                    problem.insert(0, f"reply: {invalid}")
                reason = f"{where}: " + _headline(problem[0])
                sections = sections_of(problem, action, code, table_before)
                return TraceResult(
                    trace_id, Outcome.FAILED, reason, index, action, sections, tuple(problem[:12]), index
                )
        return TraceResult(trace_id, Outcome.PASSED, steps_checked=len(self.trace["steps"]) + 1)


def _headline(first: str) -> str:
    if first.startswith("state"):
        return "the state differs"
    if first.startswith("views"):
        return "a player's view differs"
    return first
