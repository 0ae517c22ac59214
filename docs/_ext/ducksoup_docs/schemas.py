"""``.. schema-fields:: trace state``: the fields of a JSON Schema definition of the trace format or the protocol."""

from __future__ import annotations

import json

from sphinx.application import Sphinx

from duckcheck.data import load_schema
from ducksoup_docs.common import JSON, GeneratedDirective, escape, game_docs, list_table

FIELD_NOTES: dict[str, dict[str, str]] = {
    "trace": {
        "format": "The version of the trace format; readers refuse a major version they do not know.",
        "id": "The trace's permanent name, lowercase words joined by hyphens; the file is named after it.",
        "description": "One line that says what the trace is about.",
        "game": "Which game of the family the trace plays; its schema (``games/<game>.schema.json``) says the rest.",
        "players": "How many players sit at the table.",
        "scope": "How much is played: one deal (or round), one game (deals until it is won) or a match of games.",
        "options": "The rule options in force; a missing option takes its standard value.",
        "dealer": "The player who deals the first deal (in a game without a dealer, the player who starts).",
        "decks": "The deck order of each deal, top card first, in the game's card notation. Shuffles are never seeds.",
        "sections": "The sections of the game's rules that the trace exercises.",
        "rulings": "The rulings of the register that the trace exercises.",
        "tags": "Keywords: the events that happen, the bot that played, the options, the error codes met.",
        "initial": "The canonical state once the first deck is dealt, before any action.",
        "steps": "The actions, in order, each with what must follow from it.",
        "final": "The outcome: every finished deal's points and scores and, for games and matches, the results.",
    },
    "trace step": {
        "action": "What a player does.",
        "state": "The canonical state that must follow when the action is accepted.",
        "reject": "Instead of ``state``: the error code the action must be refused with; nothing changes.",
    },
    "protocol hello-reply": {
        "cmd": "Always ``hello``.",
        "protocol": "The protocol version the adapter speaks; it must equal the runner's.",
        "implementation": "Who you are: ``name`` and ``version`` (required), ``language`` and ``homepage``.",
        "games": "Per game identifier, the ``scopes`` and, per rule option, the values you support.",
    },
    "protocol start-request": {
        "cmd": "Always ``start``.",
        "seq": "The request's number; it goes up by one with every request.",
        "trace": "The ID of the trace being played, for your logs.",
        "game": "The game to set up.",
        "scope": "One deal (or round), a game or a match.",
        "options": "The rule options, as the trace gives them.",
        "players": "How many players sit at the table (the trace's ``players``).",
        "dealer": "The dealer of the first deal (or the player who starts).",
        "decks": "The deck orders, one per deal, top card first.",
    },
    "protocol act-request": {
        "cmd": "Always ``act``.",
        "seq": "The request's number.",
        "action": "The action to apply, in the trace format's form.",
    },
    "protocol act-reply": {
        "accepted": "Whether the action was legal and applied.",
        "error": "For a refused action, its error code.",
        "state": "The canonical state after the action (unchanged when it was refused).",
        "views": "Every player's view of that state, one per seat, player 0's first.",
    },
}
"""What each schema field means, in this documentation's words, per schema definition."""


def game_field_notes(schema_name: str) -> dict[str, dict[str, str]]:
    """A game schema's field notes (``games/duck-soup``), from the game's docs module; none for the others."""
    if not schema_name.startswith("games/"):
        return {}
    notes: dict[str, dict[str, str]] = game_docs(schema_name.removeprefix("games/")).FIELD_NOTES
    return notes


def schema_definition(schema_name: str, definition: str | None) -> JSON:
    schema = load_schema(schema_name)
    return schema if definition is None else dict(schema["$defs"][definition])


def schema_anchor(schema_name: str, definition: str | None) -> str:
    return f"schema-{schema_name.replace('/', '-')}-{definition or 'top'}"


def schema_name_of(reference: str) -> str:
    """The schema a ``$ref`` address points into: ``trace``, ``protocol`` or ``games/<game>``."""
    address = reference.split("#")[0].removeprefix("https://ducksoup.invalid/schema/")
    if address.startswith("games/"):
        return "/".join(address.split("/")[:2])
    return address.split("/")[0]


def describe_type(fragment: JSON, schema_name: str) -> str:
    """A short reST description of a schema fragment's type and allowed values."""
    if fragment is True:  # a field the schema allows and leaves unconstrained (its meaning says more)
        return "any"
    if "$ref" in fragment:
        reference = fragment["$ref"]
        target_schema = schema_name_of(reference) if reference.startswith("https://") else schema_name
        name = reference.rsplit("/", 1)[-1]
        return f":ref:`{name} <{schema_anchor(target_schema, name)}>`"
    if "const" in fragment:
        return f"``{json.dumps(fragment['const'])}``"
    if "enum" in fragment:
        return "one of " + ", ".join(f"``{json.dumps(value)}``" for value in fragment["enum"])
    if "oneOf" in fragment:
        return " or ".join(describe_type(option, schema_name) for option in fragment["oneOf"])
    kind = fragment.get("type", "any")
    if kind == "array":
        items = describe_type(fragment.get("items", {}), schema_name)
        return f"array of {items}"
    if kind == "null":
        return "``null``"
    text = str(kind)
    if "pattern" in fragment:
        text += f" matching ``{fragment['pattern']}``"
    bounds = [f"{word} {fragment[key]}" for key, word in (("minimum", "≥"), ("maximum", "≤")) if key in fragment]
    if "minLength" in fragment:
        shortest, longest = fragment["minLength"], fragment.get("maxLength", "…")
        bounds.append(f"length {shortest}" if shortest == longest else f"length {shortest}–{longest}")
    if bounds and kind == "any":
        return ", ".join(bounds)
    if bounds:
        text += " (" + ", ".join(bounds) + ")"
    return text


def schema_fields_rst(schema_name: str, definition: str | None) -> list[str]:
    """The fields of one object of a schema (the top level, or one of its ``$defs``), as a table."""
    fragment = schema_definition(schema_name, definition)
    key = f"{schema_name} {definition}" if definition else schema_name
    notes = FIELD_NOTES.get(key) or game_field_notes(schema_name).get(key, {})
    required = set(fragment.get("required", []))
    rows = []
    for name, prop in fragment.get("properties", {}).items():
        meaning = notes.get(name) or escape(prop.get("description", ""))
        if not meaning:
            raise KeyError(
                f"the field {name!r} of {schema_name} {definition or '(top level)'} has no description; "
                "add it to FIELD_NOTES"
            )
        rows.append([f"``{name}``", "yes" if name in required else "no", describe_type(prop, schema_name), meaning])
    lines = [f".. _{schema_anchor(schema_name, definition)}:", ""]
    if fragment.get("additionalProperties") is False:
        lines += ["No other field is allowed.", ""]
    return lines + list_table(["Field", "Required", "Type", "Meaning"], rows, widths="16 10 30 44")


class SchemaFields(GeneratedDirective):
    """``.. schema-fields:: trace state``: the fields of a schema definition (or of its top level)."""

    required_arguments = 1
    optional_arguments = 1

    def lines(self) -> list[str]:
        definition = self.arguments[1] if len(self.arguments) > 1 else None
        return schema_fields_rst(self.arguments[0], definition)


def setup(app: Sphinx) -> None:
    app.add_directive("schema-fields", SchemaFields)
