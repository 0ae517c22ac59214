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


@cache
def validator(schema_name: str, definition: str | None = None) -> jsonschema.Draft202012Validator:
    """A validator for the schema ``schema_name`` (``"trace"``, ``"protocol"``, ``"games/duck-soup"``), or for
    one of its ``$defs``."""
    schema = load_schema(schema_name)
    target = schema if definition is None else {"$ref": f"{schema['$id']}#/$defs/{definition}"}
    return jsonschema.Draft202012Validator(target, registry=registry())


def first_problem(instance: Any, schema_name: str, definition: str | None = None) -> tuple[str, str, int] | None:
    """The first problem of ``instance`` as (place, message, how many problems), or None when it is valid.

    The place is a JSON pointer-like path (``steps/3/state/hands``), empty at the top level.
    """
    errors = sorted(validator(schema_name, definition).iter_errors(instance), key=lambda e: list(e.absolute_path))
    if not errors:
        return None
    return "/".join(str(part) for part in errors[0].absolute_path), errors[0].message, len(errors)
