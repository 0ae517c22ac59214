"""Traces on disk: reading with clear errors, writing byte for byte reproducibly, the manifest.

A trace is a JSON object (see ``conformance/schema/trace.schema.json`` and its game's schema in
``conformance/schema/games/``). It is written with its header fields one per line and one step
per line, so that a regenerated suite reviews as a readable diff. Each game's traces sit in a
folder named after the game (``traces/duck-soup/``); the manifest, ``traces/manifest.json``,
lists every trace of every game with its ID, game, file and SHA-256.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from duckcheck import FORMAT_VERSION, SUITE_VERSION
from duckcheck.data import data_dir
from duckcheck.games import game_ids
from duckcheck.schemas import first_problem, game_schema_name

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


def validate_trace(trace: Any, where: str) -> JSON:
    """``trace`` if it is valid against the trace schema and its game's; else :class:`TraceError` naming the first
    problem."""
    problem = first_problem(trace, "trace")
    if problem is None:
        assert isinstance(trace, dict)
        if trace["game"] not in game_ids():
            raise TraceError(
                f"{where}: at game: {trace['game']!r} is not a game of the family ({', '.join(game_ids())})"
            )
        problem = first_problem(trace, game_schema_name(trace["game"]), "trace")
    if problem is not None:
        place, message, count = problem
        more = f" (and {count - 1} more problems)" if count > 1 else ""
        raise TraceError(f"{where}: at {place or '(top level)'}: {message}{more}")
    valid: JSON = trace
    return valid


def read_trace(path: Path, sha256: str | None = None) -> JSON:
    """Load one trace file and validate it against the schema.

    A file whose SHA-256 equals ``sha256`` (from the manifest of a linted suite) skips the
    schema check, which is the slow part; any other file is checked in full.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise TraceError(f"{path}: cannot be read: {error.strerror}") from None
    except UnicodeDecodeError:
        raise TraceError(f"{path}: is not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise TraceError(f"{path}: line {error.lineno}, column {error.colno}: not valid JSON: {error.msg}") from None
    if sha256 is not None:
        if digest(text) != sha256:
            raise TraceError(f"{path}: does not match its SHA-256 in the manifest; regenerate the suite")
        if isinstance(data, dict):
            return data
    return validate_trace(data, str(path))


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def trace_file(game: str, trace_id: str) -> str:
    """The file of a trace, relative to the traces folder: in its game's folder, named after its ID."""
    return f"{game}/{trace_id}.json"


def manifest_json(traces: Iterable[tuple[JSON, str]]) -> str:
    """The manifest of the suite: versions, counts by game, and every trace's ID, game, file, tags and SHA-256,
    by game in family order, then in ID order."""
    order = {game: rank for rank, game in enumerate(game_ids())}
    ranked = sorted(traces, key=lambda item: (order.get(item[0]["game"], len(order)), str(item[0]["id"])))
    entries = [
        {
            "id": trace["id"],
            "game": trace["game"],
            "file": trace_file(trace["game"], trace["id"]),
            "sha256": digest(text),
            "tags": trace["tags"],
        }
        for trace, text in ranked
    ]
    games = {game: sum(1 for entry in entries if entry["game"] == game) for game in order}
    manifest = {
        "suite": SUITE_VERSION,
        "format": FORMAT_VERSION,
        "count": len(entries),
        "games": {game: count for game, count in games.items() if count},
        "traces": entries,
    }
    body = ",\n".join(f"  {compact(entry)}" for entry in entries)
    head = {key: manifest[key] for key in ("suite", "format", "count", "games")}
    return (
        "{\n"
        + "".join(f" {json.dumps(k)}:{compact(v)},\n" for k, v in head.items())
        + ' "traces":[\n'
        + body
        + "\n ]\n}\n"
    )


def suite_dir() -> Path:
    return data_dir("traces")


def load_manifest(folder: Path | None = None) -> JSON:
    folder = folder or suite_dir()
    path = folder / MANIFEST
    try:
        manifest: JSON = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise TraceError(f"{path}: cannot read the suite's manifest: {error}") from None
    return manifest


def load_suite(folder: Path | None = None, trusted: bool = True) -> list[JSON]:
    """Every trace of the suite, in manifest order.

    ``trusted``: each file is checked against its hash in the manifest, and the schema check
    (run in full by the suite linter in CI) is skipped; otherwise every file is validated.
    """
    folder = folder or suite_dir()
    traces = []
    for entry in load_manifest(folder)["traces"]:
        traces.append(read_trace(folder / entry["file"], entry["sha256"] if trusted else None))
    return traces


def trace_path(trace_id: str, folder: Path | None = None) -> Path:
    """The file of the suite's trace ``trace_id``, wherever its game keeps it; :class:`TraceError` if there is none."""
    folder = folder or suite_dir()
    for entry in load_manifest(folder)["traces"]:
        if entry["id"] == trace_id:
            return folder / str(entry["file"])
    raise TraceError(f"the suite has no trace {trace_id!r}; 'ducksoup check --list' lists them")
