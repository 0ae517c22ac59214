"""Traces on disk: reading with clear errors, writing byte for byte reproducibly, the manifest.

A trace is a JSON object (see ``conformance/schema/trace.schema.json``). It is written with its
header fields one per line and one step per line, so that a regenerated suite reviews as a
readable diff. The manifest lists every trace with its ID, file and SHA-256.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections.abc import Iterable
from functools import cache
from pathlib import Path, PurePosixPath
from typing import Any

import jsonschema

from duckcheck import FORMAT_VERSION, SUITE_VERSION
from duckcheck.data import data_dir, load_schema
from duckcheck.encoding import EncodingError, parse_action, parse_cards_text, parse_options
from duckcheck.oracle import Scope, SetupError, check_setup
from duckcheck.protocol import short_message
from duckcheck.untrusted import UnreadableFile, UnreadableJSON, excerpt, loads, read_text, shown
from duckspec.duck_soup.dealing import check_deck

JSON = dict[str, Any]
HEADER = ("format", "id", "description", "game", "players", "scope", "options", "dealer", "sections", "rulings", "tags")
MANIFEST = "manifest.json"


class TraceError(ValueError):
    """A trace file that cannot be used; the message names the file, the place in it and what is expected."""


def compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def dump_trace(trace: JSON) -> str:
    """The trace as text: deterministic, one header field per line, one deck and one step per line."""
    lines = ["{"]
    for key in HEADER:
        lines.append(f" {json.dumps(key)}:{compact(trace[key])},")
    lines.append(' "decks":[')
    lines.append(",\n".join(f"  {compact(deck)}" for deck in trace["decks"]))
    lines.append(" ],")
    lines.append(f' "initial":{compact(trace["initial"])},')
    lines.append(' "steps":[')
    lines.append(",\n".join(f"  {compact(step)}" for step in trace["steps"]))
    lines.append(" ],")
    lines.append(f' "final":{compact(trace["final"])}')
    lines.append("}")
    return "\n".join(line for line in lines if line) + "\n"


MESSAGE = 200
"""Error lines quote at most this many characters of a schema validator's message."""


def _strict_integer(checker: Any, instance: Any) -> bool:
    return type(instance) is int


@cache
def trace_validator() -> jsonschema.protocols.Validator:
    """The trace schema's validator, where an integer is written without a fraction (``1``, never ``1.0``).

    JSON Schema counts ``1.0`` as an integer, but a dealer or a count of ``1.0`` in a trace is a
    mistake: it must not reach a program that indexes lists with it.
    """
    base = jsonschema.Draft202012Validator
    checker = base.TYPE_CHECKER.redefine("integer", _strict_integer)
    strict = jsonschema.validators.extend(base, type_checker=checker)  # type: ignore[no-untyped-call]
    validator: jsonschema.protocols.Validator = strict(load_schema("trace"))
    return validator


def validate_trace(trace: Any, where: str) -> JSON:
    """``trace`` if it is a trace that can be played; else :class:`TraceError` naming the first problem.

    The trace must be valid against the trace schema, and its setup (options, scope, dealer and
    decks) and actions must make sense: every deck one full pack, every action well formed.
    """
    try:
        errors = sorted(trace_validator().iter_errors(trace), key=lambda error: list(error.absolute_path))
    except RecursionError:
        raise TraceError(f"{where}: arrays or objects nested too deeply to be a trace") from None
    if errors:
        error = errors[0]
        place = "/".join(shown(str(part), 40) for part in error.absolute_path) or "(top level)"
        more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
        raise TraceError(f"{where}: at {place}: {short_message(error, MESSAGE)}{more}")
    if not isinstance(trace, dict):
        raise TraceError(f"{where}: a trace is a JSON object")
    problem = setup_problem(trace)
    if problem:
        raise TraceError(f"{where}: {problem}")
    return trace


def setup_problem(trace: JSON) -> str | None:
    """What makes a schema-valid trace unplayable (a deck that is not one pack, a setup its scope does not
    allow, an action that is not one), or None."""
    try:
        options = parse_options(trace["options"])
        decks = [parse_cards_text(deck, f"decks[{index}]") for index, deck in enumerate(trace["decks"])]
        for index, deck in enumerate(decks):
            try:
                check_deck(deck)
            except ValueError as error:
                return f"decks[{index}]: {error}"
        check_setup(Scope(trace["scope"]), options, len(decks))
        for number, step in enumerate(trace["steps"]):
            parse_action(step["action"], f"steps[{number}]/action")
    except (EncodingError, SetupError) as error:
        return str(error)
    return None


def parse_trace(text: str, where: str, sha256: str | None = None) -> JSON:
    """The trace in ``text`` (read from ``where``), checked by :func:`validate_trace`.

    Text whose SHA-256 equals ``sha256`` (from the manifest of a linted suite) skips the checks,
    which are the slow part; any other text is checked in full.
    """
    try:
        data = loads(text)
    except UnreadableJSON as error:
        raise TraceError(f"{where}: {error}") from None
    if sha256 is not None:
        if digest(text) != sha256:
            raise TraceError(f"{where}: does not match its SHA-256 in the manifest; regenerate the suite")
        if isinstance(data, dict):
            return data
    return validate_trace(data, where)


def read_trace(path: Path, sha256: str | None = None) -> JSON:
    """Load one trace file (``-`` for standard input) and check it (see :func:`parse_trace`).

    Files over :data:`duckcheck.untrusted.MAX_BYTES`, folders and devices are refused.
    """
    try:
        text = read_text(path, "trace")
    except UnreadableFile as error:
        raise TraceError(str(error)) from None
    return parse_trace(text, shown(str(path)), sha256)


def trace_id_from_name(name: str, fallback: str = "record") -> str:
    """A valid trace ID made from a file name: ``My_Game.2024 (été)`` becomes ``my-game-2024-ete``.

    Letters lose their accents and become lower case; every run of other characters becomes one
    hyphen. A name with nothing left (no Latin letter or digit) gives ``fallback``.

    >>> trace_id_from_name("my_game"), trace_id_from_name("a--b"), trace_id_from_name("___")
    ('my-game', 'a-b', 'record')
    """
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    return "-".join(re.findall(r"[a-z0-9]+", plain)) or fallback


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def trace_file(trace_id: str) -> str:
    """The file name of a trace, relative to the traces folder."""
    return f"{trace_id}.json"


def manifest_json(traces: Iterable[tuple[JSON, str]]) -> str:
    """The manifest of the suite: versions, and every trace's ID, file, tags and SHA-256, in ID order."""
    entries = [
        {"id": trace["id"], "file": trace_file(trace["id"]), "sha256": digest(text), "tags": trace["tags"]}
        for trace, text in sorted(traces, key=lambda item: str(item[0]["id"]))
    ]
    manifest = {"suite": SUITE_VERSION, "format": FORMAT_VERSION, "count": len(entries), "traces": entries}
    body = ",\n".join(f"  {compact(entry)}" for entry in entries)
    head = {key: manifest[key] for key in ("suite", "format", "count")}
    return (
        "{\n"
        + "".join(f" {json.dumps(k)}:{compact(v)},\n" for k, v in head.items())
        + ' "traces":[\n'
        + body
        + "\n ]\n}\n"
    )


def suite_dir() -> Path:
    return data_dir("traces")


JSON_TYPES = {list: "a list", str: "a string", int: "a number", float: "a number", bool: "a boolean"}
SUITE_DEFECT = "the suite itself is defective (not the implementation): fix or regenerate this file"


def load_manifest(folder: Path | None = None) -> JSON:
    """The suite's manifest, checked: an object whose ``traces`` list names files inside ``folder``."""
    folder = folder or suite_dir()
    path = folder / MANIFEST
    try:
        manifest: Any = loads(read_text(path, "manifest"))
    except (UnreadableFile, UnreadableJSON) as error:
        raise TraceError(f"{shown(str(path))}: cannot read the suite's manifest: {error}") from None
    problem = manifest_problem(manifest)
    if problem:
        raise TraceError(f"{shown(str(path))}: {problem}; {SUITE_DEFECT}")
    assert isinstance(manifest, dict)
    return manifest


def manifest_problem(manifest: Any) -> str | None:
    """What is wrong with the shape of a manifest, or None."""
    if not isinstance(manifest, dict):
        kind = "null" if manifest is None else JSON_TYPES.get(type(manifest), type(manifest).__name__)
        return f"a manifest is a JSON object with a 'traces' list, not {kind}"
    entries = manifest.get("traces")
    if not isinstance(entries, list):
        return "the manifest has no 'traces' list" if entries is None else "'traces' must be a list of entries"
    for index, entry in enumerate(entries):
        where = f"traces[{index}]"
        if not isinstance(entry, dict):
            return f"{where}: an entry is an object like {{'file': 'ID.json', 'sha256': ...}}, not {excerpt(entry)}"
        file = entry.get("file")
        if not isinstance(file, str) or not file:
            return f"{where}: 'file' must name the trace's file, not {excerpt(file)}"
        for key in ("id", "sha256"):
            if key in entry and not isinstance(entry[key], str):
                return f"{where}: {key!r} must be a string, not {excerpt(entry[key])}"
        relative = PurePosixPath(file.replace("\\", "/"))
        if relative.is_absolute() or ".." in relative.parts:
            return f"{where}: the file {excerpt(file)} is outside the suite folder; name a file inside it"
    return None


def load_suite(folder: Path | None = None, trusted: bool = True) -> list[JSON]:
    """Every trace of the suite, in manifest order.

    ``trusted``: each file is checked against its hash in the manifest, and the schema check
    (run in full by the suite linter in CI) is skipped; otherwise every file is validated. A file
    that cannot be used is a :class:`TraceError` naming it and saying that the suite is at fault.
    """
    folder = folder or suite_dir()
    inside = folder.resolve()
    traces = []
    for index, entry in enumerate(load_manifest(folder)["traces"]):
        path = folder / entry["file"]
        if not path.resolve().is_relative_to(inside):
            raise TraceError(
                f"{shown(str(folder / MANIFEST))}: traces[{index}]: the file {excerpt(entry['file'])} leads outside "
                f"the suite folder; {SUITE_DEFECT}"
            )
        try:
            traces.append(read_trace(path, entry.get("sha256") if trusted else None))
        except TraceError as error:
            raise TraceError(f"{error}; {SUITE_DEFECT}") from None
    return traces
