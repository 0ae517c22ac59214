"""JSON values compared strictly, and the differences between two of them named field by field.

Every place of the project that compares JSON values (the runner with an implementation's
replies, the narrators with a trace's claims, the ``check --html`` report, the viewer's compact pages)
uses this module, so
that they all agree on what "the same" means: two JSON values are the same only when their JSON
texts are, once object keys are sorted: ``true`` is not ``1``, ``1.0`` is not ``1`` and
``-0.0`` is not ``0.0``, though Python's ``==`` holds for each pair; the order of an object's
keys does not matter; arrays are compared item by item.

An implementation's reply line, and a trace file, is read with :func:`loads_strict`, which refuses what is not
JSON's data model even though Python's parser takes it: ``NaN`` and ``Infinity``, and an object
that names a key twice (JSON leaves its meaning open; a parser would keep one of the two).
"""

from __future__ import annotations

import enum
import json
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from duckcheck.untrusted import UnreadableJSON, loads, shown

QUOTED = 160
"""The longest JSON text of a value that a difference quotes, in characters (a whole deck fits)."""


def json_type(value: Any) -> str:
    """The JSON type of ``value`` as a message names it: ``integer`` and ``float`` are told apart.

    >>> [json_type(v) for v in (None, True, 1, 1.0, "1", [1], {"a": 1})]
    ['null', 'boolean', 'integer', 'float', 'string', 'array', 'object']
    """
    if value is None:
        return "null"
    if isinstance(value, bool):  # before int: bool is an int in Python, never in JSON
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__  # not a JSON value: named as Python knows it


def typed(value: Any, limit: int = QUOTED) -> str:
    """``value`` as a difference quotes it: its JSON type, then its JSON text, cut short if long.

    >>> typed(True), typed(3), typed(3.0), typed("AS"), typed(None)
    ('boolean true', 'integer 3', 'float 3.0', 'string "AS"', 'null')
    """
    if value is None:
        return "null"
    return f"{json_type(value)} {shown(_text(value), limit)}"


def _text(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):
        return repr(value)


def same(expected: Any, received: Any) -> bool:
    """Whether two JSON values are the same value of the same JSON types, wherever they are nested.

    >>> same({"a": [1, True]}, {"a": [1, True]}), same(1, True), same(1, 1.0), same({"a": 1, "b": 2}, {"b": 2, "a": 1})
    (True, False, False, True)
    """
    # Python's == settles almost every pair fast, in C; the walk then tells true from 1 and 1.0 from 1.
    # (It costs a third of comparing the two values' sorted JSON texts, which the runner would pay every step.)
    return bool(expected == received) and _same_types(expected, received)


def _same_types(expected: Any, received: Any) -> bool:
    """Whether two values that ``==`` takes for equal have the same type everywhere (and floats the same sign)."""
    if expected is received:  # one object (the viewer's pooled scenes share them): the same all the way down
        return True
    kind = type(expected)
    if kind is not type(received):
        return False
    if kind is dict:  # == has checked that the keys are the same
        return all(map(_same_types, expected.values(), map(received.__getitem__, expected)))
    if kind is list:
        return all(map(_same_types, expected, received))
    return kind is not float or repr(expected) == repr(received)  # 0.0 is not -0.0


def contains(values: Iterable[Any], value: Any) -> bool:
    """Whether ``value`` is one of ``values``, compared strictly (``1`` is not in ``[true]``)."""
    return any(same(candidate, value) for candidate in values)


class Kind(enum.Enum):
    """How a received value differs from the expected one at a place."""

    DIFFERENT = "different"
    MISSING = "missing"
    """A key of the expected object that the received one lacks."""
    UNEXPECTED = "unexpected"
    """A key of the received object that the expected one lacks."""


@dataclass(frozen=True)
class Difference:
    """One place where a received JSON value differs from the expected one."""

    path: str
    """Where, from the value compared: ``state.points[0]``, ``views[1].hand``."""
    kind: Kind
    expected: Any = None
    received: Any = None

    def line(self) -> str:
        """The difference as a report line: ``state.points[0]: expected integer 3, received boolean true``."""
        if self.kind is Kind.MISSING:
            return f"{self.path}: missing (expected {typed(self.expected)})"
        if self.kind is Kind.UNEXPECTED:
            return f"{shown(self.path, 80)}: not expected (received {typed(self.received)})"
        return f"{self.path}: expected {typed(self.expected)}, received {typed(self.received)}"


def differences(expected: Any, received: Any, path: str = "") -> list[Difference]:
    """Every place where ``received`` differs from ``expected``, in the expected value's key order.

    Objects are compared key by key (the missing keys, then the unexpected ones, in place), arrays
    of the same length item by item; anything else is one difference when :func:`same` says so.
    An empty list means the two values are the same.
    """
    if same(expected, received):  # the common case, settled fast; only what differs is walked for its places
        return []
    if isinstance(expected, dict) and isinstance(received, dict):
        return _object_differences(expected, received, path)
    if isinstance(expected, list) and isinstance(received, list) and len(expected) == len(received):
        return [
            found
            for index, (item, other) in enumerate(zip(expected, received, strict=True))
            for found in differences(item, other, f"{path}[{index}]")
        ]
    return [Difference(path, Kind.DIFFERENT, expected, received)]


def _object_differences(expected: dict[str, Any], received: dict[str, Any], path: str) -> list[Difference]:
    found: list[Difference] = []
    for key in [*expected, *(key for key in received if key not in expected)]:
        where = f"{path}.{key}" if path else str(key)
        if key not in received:
            found.append(Difference(where, Kind.MISSING, expected=expected[key]))
        elif key not in expected:
            found.append(Difference(where, Kind.UNEXPECTED, received=received[key]))
        else:
            found += differences(expected[key], received[key], where)
    return found


def paths(found: Sequence[Difference]) -> list[str]:
    """The places of ``found``, without the leading dot of a path from the top (``hands[0]``)."""
    return [difference.path.lstrip(".") for difference in found]


# Reading an implementation's line


class _Refused(Exception):
    """What JSON's data model lacks, met while parsing (not a ValueError: the parser must not take it for its own)."""


NOT_A_NUMBER = "is not a JSON number (JSON has no NaN or infinities)"


def _refuse_constant(name: str) -> Any:
    raise _Refused(f"{name} {NOT_A_NUMBER}")


def _refuse_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):  # rare: only then is the repeated key looked for
        repeated = next(key for key, count in Counter(key for key, _ in pairs).items() if count > 1)
        raise _Refused(f"the key {json.dumps(shown(repeated, 60))} appears twice in one object")
    return found


def loads_strict(text: str | bytes) -> Any:
    """The JSON value of ``text``, as ``duckcheck.untrusted.loads`` reads it, refusing ``NaN``,
    ``Infinity``, ``-Infinity`` and an object with a repeated key with its ``UnreadableJSON``.

    >>> loads_strict('{"a": 1, "a": 2}')
    Traceback (most recent call last):
    ...
    duckcheck.untrusted.UnreadableJSON: not readable: the key "a" appears twice in one object
    """
    try:
        return loads(text, parse_constant=_refuse_constant, object_pairs_hook=_refuse_repeated_keys)
    except _Refused as refused:
        reason = str(refused)
        if reason.endswith(NOT_A_NUMBER):  # read once more, letting the constant in, to say where it is
            place = _first_constant(loads(text, object_pairs_hook=_refuse_repeated_keys), "")
            reason = f"{reason}, found at {place or 'the top'}"
        raise UnreadableJSON(f"not readable: {reason}", reason) from None


def _first_constant(value: Any, place: str) -> str | None:
    """The place (``steps/3/state/course``) of the first NaN or infinity in ``value``, read in document order."""
    if isinstance(value, float) and not math.isfinite(value):
        return place
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        found = _first_constant(item, f"{place}/{key}" if place else str(key))
        if found is not None:
            return found
    return None
