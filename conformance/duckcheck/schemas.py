"""The suite's JSON Schemas, loaded once and cross-referenced: the common trace and protocol schemas and
one schema per game (``conformance/schema/games/<game>.schema.json``).

A trace is valid when it satisfies the common schema and its game's ``#/$defs/trace``; a reply
is valid when its envelope satisfies the protocol schema and its state and views the game's
``state`` and ``view``.
"""

from __future__ import annotations

from functools import cache
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


def first_problem(
    instance: Any, schema_name: str, definition: str | None = None, strict: bool = False
) -> tuple[str, str, int] | None:
    """The first problem of ``instance`` as (place, message, how many problems), or None when it is valid.

    The place is a JSON pointer-like path (``steps/3/state/hands``), empty at the top level.
    """
    found = validator(schema_name, definition, strict).iter_errors(instance)
    errors = sorted(found, key=lambda e: list(e.absolute_path))
    if not errors:
        return None
    place = "/".join(shown(str(part), 40) for part in errors[0].absolute_path)
    return place, short_message(errors[0]), len(errors)


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
