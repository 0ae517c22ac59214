"""Trace format 1.1: the rule option ``calls`` appears in a trace only when it is not standard, so every trace,
adapter and ``hello`` of format 1.0 stays valid (ruling DS-R15)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from duckcheck import FORMAT_VERSION
from duckcheck.codec import EncodingError
from duckcheck.duck_soup.encoding import options_json, parse_options, trace_format
from duckcheck.protocol import supports
from duckcheck.trace import TraceError, load_suite, validate_trace
from duckspec.duck_soup.variants import Calls, RuleOptions

ROOT = Path(__file__).resolve().parent.parent
SUITE = load_suite()
FORMAT_1_0_OPTIONS = {
    "stock": ["face-up", "hidden"],
    "best_of": [1, 3, 5],
    "double_draw": ["winner-first", "alternate"],
}


def test_calls_is_written_only_when_silent() -> None:
    assert "calls" not in options_json(RuleOptions())
    assert options_json(RuleOptions(calls=Calls.SILENT))["calls"] == "silent"
    assert parse_options({}).calls is Calls.SPOKEN
    assert parse_options({"calls": "silent"}).calls is Calls.SILENT
    assert parse_options({"calls": "spoken"}) == RuleOptions()
    with pytest.raises(EncodingError, match="option 'calls' cannot be 'whispered'"):
        parse_options({"calls": "whispered"})


def test_a_trace_names_the_oldest_format_that_holds_it() -> None:
    assert FORMAT_VERSION == "1.1"
    assert trace_format(RuleOptions()) == "1.0" and trace_format(RuleOptions(calls=Calls.SILENT)) == "1.1"
    for trace in SUITE:
        assert trace["format"] == ("1.1" if "calls" in trace["options"] else "1.0"), trace["id"]
    assert sum(trace["format"] == "1.1" for trace in SUITE) >= 30


def test_every_trace_of_suite_1_0_is_format_1_0() -> None:
    lines = (ROOT / "conformance" / "published-ids.txt").read_text(encoding="utf-8").splitlines()
    first_release = lines[: next(i for i, line in enumerate(lines) if line.startswith("# Suite 1.1.0"))]
    ids = {line for line in first_release if line and not line.startswith("#")}
    assert len(ids) == 310
    assert all(trace["format"] == "1.0" for trace in SUITE if trace["id"] in ids)


def test_the_schema_reads_both_formats_and_no_other() -> None:
    silent = next(trace for trace in SUITE if trace["format"] == "1.1")
    validate_trace(silent, "silent")
    other = copy.deepcopy(silent)
    other["format"] = "1.2"
    with pytest.raises(TraceError, match="format"):
        validate_trace(other, "future")
    other = copy.deepcopy(silent)
    other["options"]["calls"] = "whispered"
    with pytest.raises(TraceError, match="calls"):
        validate_trace(other, "bad option")


def test_an_adapter_of_format_1_0_runs_what_it_ran_and_skips_the_silent_traces() -> None:
    handshake = {"games": {"duck-soup": {"scopes": ["deal", "game", "match"], "options": FORMAT_1_0_OPTIONS}}}
    for trace in SUITE:
        why = supports(handshake, trace)
        if "calls" in trace["options"]:
            assert why == "option calls=silent not supported"
        else:
            assert why is None, trace["id"]
