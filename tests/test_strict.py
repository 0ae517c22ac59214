"""The one strict JSON comparison (``duckcheck.strict``) and its use on every field of a reply.

Two JSON values are the same only when their JSON types are too: ``true`` is not ``1`` and ``1.0`` is
not ``1``, though Python's ``==`` takes each pair for equal. A reply that holds what JSON's data model
lacks (``NaN``, ``Infinity``, a key named twice in one object) is refused when it is read.
"""

from __future__ import annotations

import ast
import copy
import doctest
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from duckcheck.compare import Outcome, TraceChecker, TraceResult
from duckcheck.protocol import ProtocolError, parse_line, parse_reply, supports
from duckcheck.strict import Kind, contains, differences, json_type, loads_strict, same, typed
from duckcheck.trace import load_suite
from duckcheck.untrusted import UnreadableJSON
from tests.faulty.mistyped import booleans_for_integers, floats_for_integers, integers_for_booleans

ROOT = Path(__file__).resolve().parent.parent
TRACE = next(trace for trace in load_suite() if trace["id"].startswith("ds-") and trace["steps"][1].get("reject"))
"""A Duck Soup trace whose second step is refused: every field of a reply is in it."""

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=4), children, max_size=4),
    max_leaves=16,
)


def canonical_text(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


# The comparison


@pytest.mark.parametrize(
    ("expected", "received"),
    [(1, True), (0, False), (True, 1), (1, 1.0), (1.0, 1), (0.0, -0.0), ("1", 1), (None, 0), ([], {}), (None, False)],
)
def test_values_python_calls_equal_differ_when_their_json_types_do(expected: Any, received: Any) -> None:
    assert not same(expected, received)
    [found] = differences(expected, received, "x")
    assert found.kind is Kind.DIFFERENT
    assert found.line() == f"x: expected {typed(expected)}, received {typed(received)}"


def test_a_difference_names_the_field_and_both_json_types() -> None:
    expected = {"points": [3, 0], "result": {"in_the_soup": False}}
    received = {"points": [True, 0.0], "result": {"in_the_soup": 0}}
    assert [found.line() for found in differences(expected, received, "state")] == [
        "state.points[0]: expected integer 3, received boolean true",
        "state.points[1]: expected integer 0, received float 0.0",
        "state.result.in_the_soup: expected boolean false, received integer 0",
    ]


def test_nested_values_are_compared_all_the_way_down_and_key_order_does_not_matter() -> None:
    assert same({"a": [1, {"b": [True, None]}], "c": "x"}, {"c": "x", "a": [1, {"b": [True, None]}]})
    assert not same({"a": [1, {"b": [True, None]}]}, {"a": [1, {"b": [1, None]}]})
    assert [found.path for found in differences({"a": [1, {"b": [True]}]}, {"a": [1, {"b": [1]}]})] == ["a[1].b[0]"]


def test_keys_missing_or_unexpected_and_arrays_of_another_length_are_named() -> None:
    found = differences({"a": 1, "b": [1, 2]}, {"b": [1], "c": False}, "state")
    assert [(item.path, item.kind) for item in found] == [
        ("state.a", Kind.MISSING),
        ("state.b", Kind.DIFFERENT),
        ("state.c", Kind.UNEXPECTED),
    ]
    assert found[0].line() == "state.a: missing (expected integer 1)"
    assert found[2].line() == "state.c: not expected (received boolean false)"


def test_json_types_are_named_as_json_names_them() -> None:
    values: list[Any] = [None, True, 0, 0.5, "", [], {}]
    assert [json_type(value) for value in values] == [
        "null",
        "boolean",
        "integer",
        "float",
        "string",
        "array",
        "object",
    ]
    assert typed("a" * 500).endswith("...") and len(typed("a" * 500)) < 200


def test_membership_is_strict() -> None:
    assert contains([0, "a"], "a") and not contains([1, 2], True) and not contains([True], 1.0)


@given(json_values, st.data())
def test_the_comparison_agrees_with_the_canonical_json_texts(a: Any, data: st.DataObject) -> None:
    """On any pair of JSON values: a value and another, or its copy, or its copy with some values retyped."""
    near = [copy.deepcopy(a), floats_for_integers(a), booleans_for_integers(a), integers_for_booleans(a)]
    b = data.draw(st.sampled_from(near) | json_values)
    agree = canonical_text(a) == canonical_text(b)
    assert same(a, b) is agree
    assert (differences(a, b) == []) is agree


@given(json_values)
def test_a_value_is_the_same_as_its_json_round_trip_and_differs_from_its_copy_with_floats_for_integers(
    value: Any,
) -> None:
    assert same(value, json.loads(json.dumps(value))) and not differences(value, json.loads(json.dumps(value)))
    holds_an_integer = any(type(leaf) is int for leaf in leaves(value))
    assert same(value, floats_for_integers(value)) is not holds_an_integer


def leaves(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [leaf for item in value.values() for leaf in leaves(item)]
    if isinstance(value, list):
        return [leaf for item in value for leaf in leaves(item)]
    return [value]


# Reading a reply


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinities_in_a_reply_are_refused(constant: str) -> None:
    line = f'{{"seq": 1, "state": {{"points": [{constant}, 0]}}, "views": []}}'
    assert json.loads(line)  # Python's parser takes it: the suite must not
    with pytest.raises(UnreadableJSON, match=f"{constant.lstrip('-')} is not a JSON number"):
        loads_strict(line)
    with pytest.raises(ProtocolError, match=r"not JSON .*is not a JSON number"):
        parse_reply(line, "start-reply")


def test_a_key_named_twice_in_one_object_of_a_reply_is_refused_naming_it() -> None:
    line = '{"seq": 1, "state": {"to_act": 0, "to_act": 1}, "views": []}'
    with pytest.raises(ProtocolError, match='the key "to_act" appears twice in one object'):
        parse_reply(line, "start-reply")
    with pytest.raises(ProtocolError, match='the key "seq" appears twice'):
        parse_line('{"cmd": "hello", "seq": 1, "seq": 2}', "hello-reply")
    assert loads_strict('{"a": {"b": 1}, "b": {"a": 2}}') == {"a": {"b": 1}, "b": {"a": 2}}


# Every field of a reply, through the runner's checker


def right_replies() -> list[dict[str, Any]]:
    """The replies a right implementation gives to TRACE, numbered from 1."""
    replies: list[dict[str, Any]] = [{"seq": 1, "state": TRACE["initial"]}]
    state = TRACE["initial"]
    for number, step in enumerate(TRACE["steps"], start=2):
        verdict: dict[str, Any] = {"accepted": False, "error": step["reject"]} if "reject" in step else {}
        state = step.get("state", state)
        replies.append({"seq": number, "accepted": "reject" not in step, **verdict, "state": state})
    from duckcheck.games import game

    follower = game(TRACE["game"]).views()
    for reply in replies:
        reply["views"] = follower.advance(reply["state"])
    return replies


def checked(replies: list[dict[str, Any]], *, text: dict[int, str] | None = None) -> TraceResult:
    lines = [json.dumps(reply) for reply in replies]
    for index, line in (text or {}).items():
        lines[index] = line
    return TraceChecker(TRACE, 1).check(iter(lines).__next__)


def test_the_right_replies_pass() -> None:
    assert checked(right_replies()).outcome is Outcome.PASSED


@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        ("accepted", 1, "step 1: accepted: expected boolean true, received integer 1"),
        ("accepted", 1.0, "step 1: accepted: expected boolean true, received float 1.0"),
        ("accepted", "true", 'step 1: accepted: expected boolean true, received string "true"'),
        ("seq", 2.0, "step 1: seq: expected integer 2, received float 2.0"),
        ("seq", True, "step 1: seq: expected integer 2, received boolean true"),
    ],
)
def test_the_accept_flag_and_the_sequence_number_are_compared_by_json_type(field: str, value: Any, named: str) -> None:
    replies = right_replies()
    replies[1][field] = value
    result = checked(replies)
    assert result.outcome is Outcome.FAILED and result.step == 1
    assert result.reason == named.replace("step 1:", f"step 1 of {len(TRACE['steps'])}:")


def test_an_error_code_of_another_type_is_named_with_both_types() -> None:
    replies = right_replies()
    index = 2
    replies[index]["error"] = 3
    result = checked(replies)
    assert result.step == index
    assert result.reason.endswith(f'error: expected string "{TRACE["steps"][index - 1]["reject"]}", received integer 3')


def test_a_state_and_a_view_of_another_json_type_fail_naming_the_field_the_types_and_the_schema() -> None:
    replies = right_replies()
    replies[3]["state"] = {**replies[3]["state"], "dealer": bool(replies[3]["state"]["dealer"])}
    result = checked(replies)
    assert "the state differs: state.dealer: expected integer" in result.reason and "received boolean" in result.reason
    assert result.diff[-1].startswith("reply: ")  # the schema's word comes after the differences
    assert '"diff": ["state.dealer: expected integer' in json.dumps(result.to_json())
    replies = right_replies()
    replies[2]["views"][1] = floats_for_integers(replies[2]["views"][1])
    result = checked(replies)
    assert result.step == 2 and "a player's view differs: views[1]." in result.reason
    assert re.search(r"expected integer (\d+), received float \1\.0", result.reason), result.reason


def test_a_reply_with_nan_fails_its_trace_saying_so() -> None:
    line = (
        json.dumps(right_replies()[0]).replace('"dealer": 0', '"dealer": NaN').replace('"dealer": 1', '"dealer": NaN')
    )
    result = checked(right_replies(), text={0: line})
    assert result.outcome is Outcome.FAILED and result.broken and "NaN is not a JSON number" in result.reason


def test_the_hellos_options_are_compared_strictly() -> None:
    handshake: dict[str, Any] = {"games": {"duck-soup": {"scopes": ["deal"], "options": {"stock": ["face-up"]}}}}
    trace = {"game": "duck-soup", "scope": "deal", "options": {"stock": "face-up"}}
    assert supports(handshake, trace) is None
    assert supports(handshake, {**trace, "options": {"stock": True}}) == "option stock=True not supported"
    handshake["games"]["duck-soup"]["options"]["silent"] = [1]
    assert supports(handshake, {**trace, "options": {"silent": True}}) == "option silent=True not supported"


# One comparison in the whole project


COMPARISON_NAMES = {"diff", "differences", "json_diff", "same", "json_equal", "strict_equal"}
"""Names a JSON comparison or diff goes by."""
WRAPPERS = {  # thin wrappers that word the shared differences for their readers
    ("conformance/duckcheck/compare.py", "diff"),
    ("reference/ducksoup/narration.py", "differences"),
    ("reference/ducksoup/viewer/report.py", "differences"),
    ("tests/duck_soup/test_differential.py", "json_diff"),
}


def own_comparisons(where: str, source: str) -> list[str]:
    """The functions of ``source`` (the file ``where``) named like a JSON comparison that are not one of the
    known thin wrappers, or that recurse as a comparison of their own would."""
    if not any(f"def {name}(" in source for name in COMPARISON_NAMES):
        return []
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and node.name in COMPARISON_NAMES:
            calls = {
                call.func.id
                for call in ast.walk(node)
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
            }
            if (where, node.name) not in WRAPPERS or node.name in calls:
                found.append(f"{where}:{node.lineno} {node.name}")
    return found


def test_no_module_but_the_shared_one_defines_its_own_json_comparison() -> None:
    """The runner, the narrators, the report and the tests all compare JSON through ``duckcheck.strict``."""
    shared = ROOT / "conformance" / "duckcheck" / "strict.py"
    found = [
        problem
        for folder in ("conformance", "reference", "spec", "tests")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path != shared
        for problem in own_comparisons(path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"))
    ]
    assert found == [], "compare JSON values with duckcheck.strict (same, differences) instead"


def test_the_check_catches_a_comparison_of_its_own_and_a_wrapper_that_recurses() -> None:
    copy_of_it = "def same(a, b):\n    return type(a) is type(b) and a == b\n"
    assert own_comparisons("reference/ducksoup/x.py", copy_of_it) == ["reference/ducksoup/x.py:1 same"]
    recursing = "def diff(a, b, path):\n    return [line for k in a for line in diff(a[k], b[k], path)]\n"
    assert own_comparisons("conformance/duckcheck/compare.py", recursing) == ["conformance/duckcheck/compare.py:1 diff"]
    wrapper = "def diff(a, b, path):\n    return [d.line() for d in differences(a, b, path)]\n"
    assert own_comparisons("conformance/duckcheck/compare.py", wrapper) == []


def test_the_examples_in_the_modules_docstrings_hold() -> None:
    import duckcheck.strict

    result = doctest.testmod(duckcheck.strict)
    assert result.attempted >= 4 and result.failed == 0


def test_check_names_the_types_on_the_console_in_the_json_report_and_marks_them_in_the_html_report(
    tmp_path: Path,
) -> None:
    from click.testing import CliRunner

    from ducksoup.cli import main
    from tests.viewer.test_page import data_of

    command = f"{sys.executable} {ROOT / 'tests' / 'faulty' / 'mistyped.py'} duck-soup booleans-for-integers-in-state"
    out = ["--json", str(tmp_path / "run.jsonl"), "--html", str(tmp_path / "run.html")]
    result = CliRunner().invoke(main, ["check", "--impl", command, "-k", "ds-deal-greedy-001", *out])
    headline = (
        "FAILED ds-deal-greedy-001: the start: the state differs: state.dealer: expected integer 0, received boolean"
    )
    assert result.exit_code == 1 and headline in result.output, result.output
    [failure] = [json.loads(line) for line in (tmp_path / "run.jsonl").read_text().splitlines() if '"trace"' in line]
    assert failure["diff"][0].startswith("state.dealer: expected integer 0, received boolean false")
    [document] = data_of((tmp_path / "run.html").read_text(encoding="utf-8")).values()
    divergence = document["divergence"]
    assert divergence["step"] == 0 and divergence["reason"].startswith("the start: the state differs: state.dealer")
    assert divergence["expected_title"] == "The trace (expected)" and '"diff": true' in json.dumps(divergence)


@pytest.mark.parametrize("retype", [float, lambda count: count == 1], ids=["float", "boolean"])
def test_the_engines_replay_of_a_trace_finds_a_stored_value_of_another_type(retype: Any) -> None:
    from ducksoup.duck_soup.traces import TraceMismatch, replay

    steps = [dict(step) for step in TRACE["steps"]]
    stock = steps[0]["state"]["stock"]
    steps[0]["state"] = {**steps[0]["state"], "stock": retype(stock)}
    named = (
        f"step 1: .* differs from the trace's: state.stock: expected {typed(retype(stock))}, received integer {stock}"
    )
    with pytest.raises(TraceMismatch, match=named):
        replay({**TRACE, "steps": steps})
