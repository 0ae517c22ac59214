"""Checking a Doubleduck implementation in process against the traces: the same comparisons the runner makes.

An *implementation* here is any object with ``apply(action)`` (raising the specification's
:class:`~duckspec.doubleduck.errors.IllegalAction` for an illegal action), ``state()`` (the
canonical state JSON) and ``views()`` (the four players' views), started by a function of the
trace's scope, rule options, first dealer and decks. :func:`check_trace` plays a trace on it and
reports the first difference: a state, a view, an action accepted that must be refused, a wrong
error code, a rejection that changed something, or a crash. The tests use it to show that every
faulty implementation is caught; the shared runner will check adapters the same way over the
protocol.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from duckcheck.doubleduck.encoding import JSON, parse_action, parse_cards_text, parse_options
from duckcheck.doubleduck.oracle import Scope
from duckcheck.doubleduck.views import views
from duckspec.cards import Card
from duckspec.doubleduck.actions import Action
from duckspec.doubleduck.errors import IllegalAction
from duckspec.doubleduck.variants import RuleOptions


class Implementation(Protocol):
    """A Doubleduck deal or game being checked."""

    def apply(self, action: Action) -> None: ...

    def state(self) -> JSON: ...

    def views(self) -> list[JSON]: ...


Start = Callable[[Scope, RuleOptions, int, tuple[tuple[Card, ...], ...]], Implementation]


def first_difference(expected: Any, actual: Any, path: str) -> str | None:
    """Where ``actual`` first differs from ``expected``, as ``path: expected X, got Y``, or None."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in [*expected, *(k for k in actual if k not in expected)]:
            if key not in actual or key not in expected:
                return f"{path}.{key}: expected {expected.get(key)!r}, got {actual.get(key)!r}"
            found = first_difference(expected[key], actual[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        for index, (e, a) in enumerate(zip(expected, actual, strict=True)):
            found = first_difference(e, a, f"{path}[{index}]")
            if found:
                return found
        return None
    if expected != actual or type(expected) is not type(actual):
        return f"{path}: expected {expected!r}, got {actual!r}"
    return None


def compare(expected: JSON, implementation: Implementation) -> str | None:
    """The first difference between the expected state (and the views derived from it) and the implementation's.

    Equal values pass at once (as the runner compares them); only a difference is looked for in detail.
    """
    state = implementation.state()
    if state != expected:
        return first_difference(expected, state, "state") or "state: differs"
    seen, wanted = implementation.views(), views(expected)
    if seen != wanted:
        return first_difference(wanted, seen, "views") or "views: differ"
    return None


def check_trace(trace: JSON, start: Start) -> str | None:
    """Play ``trace`` on the implementation made by ``start``; the first problem, or None if it passes."""
    decks = tuple(parse_cards_text(deck, f"decks[{i}]") for i, deck in enumerate(trace["decks"]))
    try:
        implementation = start(Scope(trace["scope"]), parse_options(trace["options"]), trace["dealer"], decks)
        expected = trace["initial"]
        problem = compare(expected, implementation)
    except Exception as error:  # a faulty implementation may crash anywhere
        return f"the start: crashed: {error!r}"
    if problem:
        return f"the start: {problem}"
    for index, step in enumerate(trace["steps"], start=1):
        action = parse_action(step["action"], f"step {index}")
        code = None
        try:
            implementation.apply(action)
        except IllegalAction as error:
            code = error.code.value
        except Exception as error:
            return f"step {index} ({action}): crashed: {error!r}"
        if "reject" in step:
            if code != step["reject"]:
                got = "it was accepted" if code is None else f"it was rejected with {code}"
                return f"step {index} ({action}): must be rejected with {step['reject']}, but {got}"
        elif code is not None:
            return f"step {index} ({action}): must be accepted, but it was rejected with {code}"
        else:
            expected = step["state"]
        try:
            problem = compare(expected, implementation)
        except Exception as error:
            return f"step {index} ({action}): crashed: {error!r}"
        if problem:
            return f"step {index} ({action}): {problem}"
    return None


def first_failure(traces: Iterable[JSON], start: Start) -> tuple[str, str] | None:
    """The first trace the implementation fails, with the problem, or None if it passes them all."""
    for trace in traces:
        problem = check_trace(trace, start)
        if problem:
            return str(trace["id"]), problem
    return None
