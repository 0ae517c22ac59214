"""The suite's JSON Schemas, loaded once and cross-referenced: the common trace and protocol schemas and
one schema per game (``conformance/schema/games/<game>.schema.json``).

A trace is valid when it satisfies the common schema and its game's ``#/$defs/trace``; a reply
is valid when its envelope satisfies the protocol schema and its state and views the game's
``state`` and ``view``.
"""

from __future__ import annotations

from functools import cache
from itertools import islice
from typing import Any

import jsonschema
from referencing import Registry, Resource

from duckcheck.data import data_dir, load_schema
from duckcheck.untrusted import EXCERPT, excerpt, shown


def game_schema_name(game_id: str) -> str:
    return f"games/{game_id}"


@cache
def registry() -> Registry[Any]:
    """Every schema of the suite, by its ``$id``."""
    names = ["trace", "protocol"] + [
        f"games/{path.stem.removesuffix('.schema')}" for path in sorted((data_dir("schema") / "games").glob("*.json"))
    ]
    resources = [Resource.from_contents(load_schema(name)) for name in names]
    return Registry().with_resources((resource.id() or "", resource) for resource in resources)


def _strict_integer(checker: Any, instance: Any) -> bool:
    return type(instance) is int


STRICT = jsonschema.validators.extend(  # type: ignore[no-untyped-call]
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _strict_integer),
)
"""Draft 2020-12 where an integer is written without a fraction (``1``, never ``1.0``).

JSON Schema counts ``1.0`` as an integer, but a dealer or a count of ``1.0`` in a trace is a mistake: it
must not reach a program that indexes lists with it. Replies are checked leniently (a number is a number)."""


@cache
def validator(schema_name: str, definition: str | None = None, strict: bool = False) -> Any:
    """A validator for the schema ``schema_name`` (``"trace"``, ``"protocol"``, ``"games/duck-soup"``), or for
    one of its ``$defs``; ``strict``: integers written as integers."""
    schema = load_schema(schema_name)
    target = schema if definition is None else {"$ref": f"{schema['$id']}#/$defs/{definition}"}
    kind = STRICT if strict else jsonschema.Draft202012Validator
    return kind(target, registry=registry())


@cache
def step_validator(game_id: str, states: bool = True) -> Any:
    """A strict validator for one step of a trace of ``game_id``: the common schema's step and the game's.

    ``states=False`` leaves the step's state as the common schema has it (an object), unchecked inside: the
    light check of a file that is replayed, where every stored state is compared strictly with the rules'
    and so cannot hold anything the comparison would not reject.
    """
    schema = load_schema(game_schema_name(game_id))
    game_step = _absolute_refs(
        schema["$defs"]["trace"].get("properties", {}).get("steps", {}).get("items", {}), schema["$id"]
    )
    if not states and isinstance(game_step.get("properties"), dict):
        game_step["properties"].pop("state", None)
    common = {"$ref": f"{load_schema('trace')['$id']}#/$defs/step"}
    return STRICT({"allOf": [common, game_step]}, registry=registry())


def _absolute_refs(value: Any, base: str) -> Any:
    """A copy of a piece of the schema ``base`` whose ``#/...`` references name ``base``, to be used outside it."""
    if isinstance(value, dict):
        return {
            key: f"{base}{item}"
            if key == "$ref" and isinstance(item, str) and item.startswith("#")
            else _absolute_refs(item, base)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [_absolute_refs(item, base) for item in value]
    return value


MAX_VALUES = 10_000
"""The most values (items of arrays and objects, at any depth) one field of a trace or one step may hold before
it is checked against a schema: a state holds a few hundred. The schema library's cost grows faster than the
size of a value (it quotes the whole value in each message, and ``unevaluatedProperties`` walks it again for
each alternative), so a field of millions of values would take minutes."""


def holds_too_many(value: Any, limit: int = MAX_VALUES) -> bool:
    """Whether ``value`` holds more than ``limit`` values at any depth; it looks at no more than ``limit`` of them."""
    pending = [value]
    seen = 0
    while pending:
        item = pending.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
        seen += len(children)
        if seen > limit:
            return True
        pending.extend(child for child in children if isinstance(child, (dict, list)))
    return False


def first_problem(
    instance: Any, schema_name: str, definition: str | None = None, strict: bool = False
) -> tuple[str, str, int] | None:
    """The first problem of ``instance`` as (place, message, how many problems), or None when it is valid.

    The place is a JSON pointer-like path (``steps/3/state/hands``), empty at the top level.
    """
    return problem_of(validator(schema_name, definition, strict), instance)


def problem_of(checker: Any, instance: Any) -> tuple[str, str, int] | None:
    """What ``checker`` (a validator) finds wrong with ``instance``, as :func:`first_problem` says it, or None.

    At most :data:`ERRORS_READ` errors are looked at, so a value wrong in a million places costs no more than
    one wrong in a few.
    """
    errors = list(islice(checker.iter_errors(instance), ERRORS_READ))
    if not errors:
        return None
    error = most_telling(errors)
    place = "/".join(shown(str(part), 40) for part in error.absolute_path)
    return place, short_message(error), sum(e.validator not in VAGUE for e in errors) or len(errors)


ERRORS_READ = 100
"""How many of a value's errors :func:`problem_of` reads before it chooses the one to report."""
VAGUE = frozenset({"unevaluatedProperties"})
"""Keywords whose error is a consequence of another one: when a property's value fails its subschema, the
property counts as not evaluated, so ``unevaluatedProperties`` lists every key beside the one really at fault."""
CHOICES = frozenset({"oneOf", "anyOf"})


def most_telling(errors: list[jsonschema.ValidationError]) -> jsonschema.ValidationError:
    """The error that names the key at fault: the first one by place (list items in order, keys alphabetically) that
    is not :data:`VAGUE`; inside a ``oneOf`` or ``anyOf``, the alternative that came closest (fewest errors) and its
    own most telling error."""
    error = min(errors, key=lambda e: (e.validator in VAGUE, _place_order(e.absolute_path)))
    while error.validator in CHOICES and error.context:
        error = most_telling(_closest_alternative(error.context))
    return error


def _place_order(path: Any) -> list[tuple[int, str]]:
    """A sort key of a place in a JSON value: list indexes as numbers (2 before 10), keys as text."""
    return [(part, "") if isinstance(part, int) else (-1, str(part)) for part in path]


def _closest_alternative(context: list[jsonschema.ValidationError]) -> list[jsonschema.ValidationError]:
    """The errors of the alternative of a ``oneOf``/``anyOf`` with the fewest errors (not counting vague ones)."""
    by_branch: dict[Any, list[jsonschema.ValidationError]] = {}
    for error in context:
        by_branch.setdefault(error.relative_schema_path[0], []).append(error)
    return min(by_branch.values(), key=lambda found: sum(e.validator not in VAGUE for e in found))


def short_message(error: jsonschema.ValidationError, limit: int = 200) -> str:
    """The validator's message about ``error``, quoting at most a short excerpt of the value at fault."""
    message = error.message
    try:
        quoted = repr(error.instance)
    except (RecursionError, ValueError):
        quoted = ""
    if len(quoted) > EXCERPT and quoted in message:
        message = message.replace(quoted, excerpt(error.instance))
    return shown(message, limit)
