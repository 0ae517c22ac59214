"""Fuzzing everything the runner parses: no input produces a traceback, and every error says where and what."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from duckcheck.codec import EncodingError
from duckcheck.compare import Outcome, TraceChecker
from duckcheck.duck_soup.encoding import parse_action, parse_options
from duckcheck.protocol import ProtocolError, parse_line, parse_reply
from duckcheck.trace import TraceError, dump_trace, load_suite, read_trace, validate_trace

SUITE = load_suite()
TRACE = next(t for t in SUITE if t["id"] == "ds-edge-duck-soup")

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=20,
)


@given(st.text(max_size=300))
def test_any_reply_text_is_parsed_or_refused_with_a_protocol_error(text: str) -> None:
    for kind in ("start-reply", "act-reply", "hello-reply"):
        try:
            parse_line(text, kind) if kind == "hello-reply" else parse_reply(text, kind)
        except ProtocolError as error:
            assert str(error)


@given(json_values)
def test_any_json_reply_is_parsed_or_refused_with_a_protocol_error(value: Any) -> None:
    for kind in ("start-reply", "act-reply"):
        try:
            parse_reply(json.dumps(value), kind)
        except ProtocolError as error:
            assert str(error)


@st.composite
def reply_streams(draw: st.DrawFn) -> list[str]:
    """Correct replies to a trace, with some replaced by arbitrary JSON or text, or mutated."""
    correct = [{"seq": 1, "state": TRACE["initial"], "views": []}]
    correct += [
        {"seq": i + 2, "accepted": "state" in step, "state": step.get("state", {})}
        for i, step in enumerate(TRACE["steps"])
    ]
    lines = [json.dumps(reply) for reply in correct]
    for _ in range(draw(st.integers(0, 3))):
        index = draw(st.integers(0, len(lines) - 1))
        lines[index] = draw(st.one_of(st.text(max_size=50), json_values.map(json.dumps)))
    return lines


@given(reply_streams())
def test_the_checker_turns_any_replies_into_a_result(lines: list[str]) -> None:
    replies = iter(lines)

    def next_reply() -> str:
        try:
            return next(replies)
        except StopIteration:
            raise ProtocolError("the implementation stopped answering") from None

    result = TraceChecker(TRACE, 1).check(next_reply)
    assert result.outcome in (Outcome.PASSED, Outcome.FAILED, Outcome.SKIPPED)
    if result.outcome is Outcome.FAILED:
        assert result.reason.startswith(("the start", "step "))


@given(json_values)
def test_any_action_is_parsed_or_refused_with_an_encoding_error(value: Any) -> None:
    try:
        parse_action(value, "step 3")
    except EncodingError as error:
        assert str(error).startswith("step 3:")


@given(json_values)
def test_any_options_are_parsed_or_refused_with_an_encoding_error(value: Any) -> None:
    try:
        parse_options(value, "options")
    except EncodingError as error:
        assert str(error).startswith("options:")


@given(st.binary(max_size=400))
def test_any_trace_file_is_read_or_refused_naming_the_file(content: bytes) -> None:
    path = Path("/tmp/ducksoup-fuzz-trace.json")
    path.write_bytes(content)
    try:
        read_trace(path)
    except TraceError as error:
        assert str(error).startswith(str(path))


@st.composite
def mutated_traces(draw: st.DrawFn) -> Any:
    """A valid trace with one value somewhere inside replaced by arbitrary JSON."""
    trace: Any = json.loads(dump_trace(TRACE))
    node = trace
    for _ in range(draw(st.integers(1, 4))):
        if isinstance(node, dict) and node:
            key = draw(st.sampled_from(sorted(node)))
            if not isinstance(node[key], dict | list) or draw(st.booleans()):
                node[key] = draw(json_values)
                return trace
            node = node[key]
        elif isinstance(node, list) and node:
            index = draw(st.integers(0, len(node) - 1))
            if not isinstance(node[index], dict | list) or draw(st.booleans()):
                node[index] = draw(json_values)
                return trace
            node = node[index]
    return trace


@given(mutated_traces())
def test_a_damaged_trace_is_refused_naming_the_place(trace: Any) -> None:
    try:
        validate_trace(trace, "damaged.json")
    except TraceError as error:
        assert str(error).startswith("damaged.json: at ")
