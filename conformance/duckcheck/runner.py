"""The runner behind ``ducksoup check``: drive an implementation through the suite and say where it is wrong.

The runner starts the implementation's adapter as a subprocess, shakes hands, and for each trace
sends the ``start`` request and every step's ``act`` request at once (pipelining), then reads
the replies in order and compares each with the trace: acceptance or the error code, the
canonical state, and both players' views (which follow from the expected states by the rules
of :mod:`duckcheck.views`). The first divergence fails the trace, with the step, the action,
the rules sections concerned and a diff.
"""

from __future__ import annotations

import contextlib
import enum
import queue
import shlex
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from duckcheck import PROTOCOL_VERSION
from duckcheck.protocol import (
    BYE,
    ProtocolError,
    act,
    encode,
    hello,
    parse_line,
    parse_reply,
    schema_problem,
    start,
    supports,
)
from duckcheck.views import NOTHING_KNOWN, known_after, views

JSON = dict[str, Any]

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

ERROR_SECTIONS = {
    "game-over": "§9",
    "deal-over": "§7",
    "not-your-turn": "§4",
    "duck-not-allowed": "§6",
    "answer-required": "§6",
    "card-not-in-hand": "§4",
    "call-not-allowed": "§6",
    "call-rank-mismatch": "§6",
}


class Outcome(enum.StrEnum):
    PASSED = "passed"
    FAILED = "failed"
    SKIPPED = "skipped"


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
    broken: bool = False
    """The conversation with the implementation is out of step; it is restarted for the next trace."""


class CannotCheck(RuntimeError):
    """Nothing could be checked: the implementation does not start, or speaks another protocol."""


@dataclass
class Implementation:
    """A running adapter: requests go to its standard input, replies come from its standard output."""

    command: Sequence[str]
    timeout: float = 10.0
    process: subprocess.Popen[str] | None = None
    replies: queue.Queue[str | None] = field(default_factory=queue.Queue)
    stderr_tail: deque[str] = field(default_factory=lambda: deque(maxlen=20))

    def launch(self) -> None:
        try:
            self.process = subprocess.Popen(
                list(self.command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as error:
            raise CannotCheck(f"cannot start {shlex.join(self.command)}: {error.strerror or error}") from None
        self.replies = queue.Queue()
        process = self.process
        threading.Thread(target=self._pump, args=(process.stdout, self.replies.put), daemon=True).start()
        threading.Thread(target=self._pump, args=(process.stderr, self.stderr_tail.append), daemon=True).start()

    @staticmethod
    def _pump(stream: Any, sink: Callable[[Any], None]) -> None:
        for line in stream:
            sink(line)
        sink(None)

    def send(self, messages: Iterable[JSON]) -> None:
        assert self.process is not None and self.process.stdin is not None
        try:
            self.process.stdin.write("".join(encode(message) for message in messages))
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            pass  # the reader will see the end of output and report it

    def reply(self) -> str:
        """The next line of output; ProtocolError on a timeout or the end of output."""
        try:
            line = self.replies.get(timeout=self.timeout)
        except queue.Empty:
            raise ProtocolError(f"no reply within {self.timeout:g} s") from None
        if line is None:
            self.replies.put(None)
            code = self.process.poll() if self.process else None
            tail = "".join(self.stderr_tail).strip().splitlines()[-3:]
            said = f"; its last words: {' / '.join(tail)}" if tail else ""
            raise ProtocolError(f"the implementation ended its output (exit status {code}){said}")
        return line

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def close(self) -> None:
        if self.process is None:
            return
        if self.alive:
            self.send([BYE])
            try:
                self.process.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


def shake_hands(implementation: Implementation) -> JSON:
    implementation.launch()
    implementation.send([hello()])
    try:
        reply = parse_line(implementation.reply(), "hello-reply")
    except ProtocolError as error:
        raise CannotCheck(f"the handshake failed: {error}") from None
    if reply["protocol"] != PROTOCOL_VERSION:
        raise CannotCheck(
            f"the implementation speaks protocol version {reply['protocol']}, this runner version {PROTOCOL_VERSION}"
        )
    return reply


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
                lines.append(f"{path}.{key}: missing (expected {expected[key]!r})")
            elif key not in expected:
                lines.append(f"{path}.{key}: not expected (got {actual[key]!r})")
            else:
                lines += diff(expected[key], actual[key], f"{path}.{key}")
        return lines
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        return [
            line for i, (e, a) in enumerate(zip(expected, actual, strict=True)) for line in diff(e, a, f"{path}[{i}]")
        ]
    return [] if expected == actual else [f"{path}: expected {expected!r}, got {actual!r}"]


def sections_of(lines: Sequence[str], action: JSON | None, code: str | None, table: str = "") -> tuple[str, ...]:
    """The rules sections behind a divergence: the fields that differ, and the kind of step.

    ``table`` holds the cards on the table before the step: when a trick of one suit was
    decided wrongly, the rank order of §2 is concerned too.
    """
    found: set[str] = set()
    if code:
        found.add(ERROR_SECTIONS.get(code, "§4"))
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
            problem += diff(expected, reply["state"], "state") if not problem else []
            if not problem:
                problem += diff(views(expected, known), reply["views"], "views")
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


@dataclass
class Summary:
    results: list[TraceResult] = field(default_factory=list)
    implementation: JSON = field(default_factory=dict)
    seconds: float = 0.0

    def count(self, outcome: Outcome) -> int:
        return sum(1 for result in self.results if result.outcome is outcome)

    @property
    def steps(self) -> int:
        return sum(result.steps_checked for result in self.results)

    def closing_line(self) -> str:
        passed, failed, skipped = (self.count(outcome) for outcome in Outcome)
        return f"{passed} passed, {failed} failed, {skipped} skipped"


def select(traces: Sequence[JSON], keywords: Sequence[str]) -> list[JSON]:
    """The traces whose ID contains, or whose tags include, any of ``keywords`` (all when none)."""
    if not keywords:
        return list(traces)
    return [t for t in traces if any(k in t["id"] or k in t["tags"] for k in keywords)]


def run(
    command: Sequence[str],
    traces: Sequence[JSON],
    timeout: float = 10.0,
    on_result: Callable[[TraceResult], None] = lambda result: None,
    max_failures: int | None = None,
) -> Summary:
    """Check ``traces`` against the implementation started by ``command``.

    Raises :class:`CannotCheck` if the implementation cannot be started or speaks another
    protocol version. A crashed implementation is started again for the next trace.
    """
    began = time.perf_counter()
    implementation = Implementation(command, timeout)
    handshake = shake_hands(implementation)
    summary = Summary(implementation=handshake["implementation"])
    seq = 1
    try:
        for trace in traces:
            result = _check_one(implementation, handshake, trace, seq)
            seq += len(trace["steps"]) + 1
            summary.results.append(result)
            on_result(result)
            if max_failures is not None and summary.count(Outcome.FAILED) >= max_failures:
                break
    finally:
        implementation.close()
        summary.seconds = time.perf_counter() - began
    return summary


def _check_one(implementation: Implementation, handshake: JSON, trace: JSON, seq: int) -> TraceResult:
    why_not = supports(handshake, trace)
    if why_not:
        return TraceResult(trace["id"], Outcome.SKIPPED, f"not supported by the implementation: {why_not}")
    if not implementation.alive:
        implementation.close()
        shake_hands(implementation)
    checker = TraceChecker(trace, seq)
    requests = checker.requests()
    implementation.send(requests)
    result = checker.check(implementation.reply)
    if result.broken:
        implementation.close()
    elif result.outcome is not Outcome.PASSED:
        _drain(implementation, len(requests) - (result.step or 0) - 1)
    return result


def _drain(implementation: Implementation, count: int) -> None:
    """Discard the replies still due for a trace that failed early, so the next trace starts clean."""
    try:
        for _ in range(max(count, 0)):
            implementation.reply()
    except ProtocolError:
        implementation.close()
