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
import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path, PurePosixPath
from typing import Any

from duckcheck import FORMAT_VERSION, SUITE_VERSION
from duckcheck.codec import EncodingError, SetupError
from duckcheck.data import data_dir
from duckcheck.games import Setup, game, game_ids
from duckcheck.progress import slow_progress
from duckcheck.schemas import (
    MAX_VALUES,
    first_problem,
    game_schema_name,
    holds_too_many,
    problem_of,
    step_validator,
)
from duckcheck.strict import loads_strict
from duckcheck.untrusted import UnreadableFile, UnreadableJSON, excerpt, loads, read_text, shown

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


MAX_STEPS = 20_000
"""The most steps a trace may have: over twenty times the longest trace of the suite (a match of 859 steps), and
a bound on the work a hostile file can ask for (reading one at the cap takes about a second)."""
MAX_DECKS = 1_000
"""The most deck orders (deals or rounds) a trace may have: far more than any game the rules allow needs."""
MAX_LABELS = 1_000
"""The most sections, rulings or tags a trace may list (each list holds a few in the suite): checking each item
costs as much as a step's action, and a file of millions of them would otherwise take minutes."""
LIST_CAPS = (
    ("steps", MAX_STEPS),
    ("decks", MAX_DECKS),
    ("sections", MAX_LABELS),
    ("rulings", MAX_LABELS),
    ("tags", MAX_LABELS),
)
"""Each list of a trace whose length is capped, with its cap: checked before anything else."""


def validate_trace(trace: Any, where: str, states: bool = True) -> JSON:
    """``trace`` if it is a trace that can be played; else :class:`TraceError` naming the first problem.

    The trace must be valid against the trace schema and its game's (with integers written as integers:
    ``1.0`` is no dealer), and its setup (options, scope, players, dealer and decks) and actions must make
    sense to its game: every deck a full pack, every action well formed. It has at most :data:`MAX_STEPS`
    steps, :data:`MAX_DECKS` decks and :data:`MAX_LABELS` sections, rulings and tags, and no field or step
    holds more than :data:`duckcheck.schemas.MAX_VALUES` values. The steps are checked one by one, and the
    first bad one stops the check.

    ``states=False`` is the light check of a file that is about to be replayed: everything but the stored state
    of each step (the setup, the initial state, every action and rejection, the outcome). Replaying compares
    each stored state strictly with the one the rules give (same keys, same JSON types, same values), which
    rejects anything the game's schema would; the suite linter uses the full check.
    """
    try:
        problem = _header_problem(trace, where)
        if problem is None:
            problem = _steps_problem(trace, states)
    except RecursionError:
        raise TraceError(f"{where}: arrays or objects nested too deeply to be a trace") from None
    if problem is not None:
        place, message, count = problem
        more = f" (and {count - 1} more problems)" if count > 1 else ""
        raise TraceError(f"{where}: at {place or '(top level)'}: {message}{more}")
    valid: JSON = trace
    setup = setup_problem(valid)
    if setup:
        raise TraceError(f"{where}: {setup}")
    return valid


def _header_problem(trace: Any, where: str) -> tuple[str, str, int] | None:
    """The first problem of everything in ``trace`` but its steps (whose number is checked here), or None."""
    steps = trace.get("steps") if isinstance(trace, dict) else None
    for name, most in LIST_CAPS if isinstance(trace, dict) else ():
        items = trace.get(name)
        if isinstance(items, list) and len(items) > most:
            return name, f"{len(items):,} {name}; a trace has at most {most:,}", 1
    header = {**trace, "steps": []} if isinstance(steps, list) else trace
    for key, value in header.items() if isinstance(header, dict) else ():
        if holds_too_many(value):
            return shown(key, 40), f"holds more than {MAX_VALUES:,} values; no field of a trace needs so many", 1
    problem = first_problem(header, "trace", strict=True)
    if problem is None:
        assert isinstance(trace, dict)
        if trace["game"] not in game_ids():
            known = ", ".join(game_ids())
            raise TraceError(f"{where}: at game: {excerpt(trace['game'])} is not a game of the family ({known})")
        problem = first_problem(header, game_schema_name(trace["game"]), "trace", strict=True)
    return problem


def _steps_problem(trace: JSON, states: bool) -> tuple[str, str, int] | None:
    """The first problem of the first bad step of a trace whose header is valid, or None."""
    checker = step_validator(trace["game"], states)
    steps = trace["steps"]
    valid: set[str] = set()  # the steps already found valid, as checked: a game repeats its actions
    with slow_progress(len(steps), "checking steps") as advance:
        for number, step in enumerate(steps):
            advance(number)
            checked = step if states or not isinstance(step, dict) else _without_state(step)
            if holds_too_many(checked):
                return f"steps/{number}", f"holds more than {MAX_VALUES:,} values; a step needs far fewer", 1
            key = compact(checked)
            if key in valid:
                continue
            problem = problem_of(checker, checked)
            if problem is not None:
                place, message, count = problem
                return f"steps/{number}/{place}".rstrip("/"), message, count
            valid.add(key)
    return None


def _without_state(step: JSON) -> JSON:
    """``step`` as the light check sees it: a stored state is an object, whatever it holds."""
    state = step.get("state")
    return {**step, "state": {}} if isinstance(state, dict) else step


def setup_problem(trace: JSON) -> str | None:
    """What makes a schema-valid trace unplayable to its game (a deck that is not a full pack, a setup its scope
    does not allow, an action that is not one), or None."""
    suite = game(trace["game"])
    try:
        suite.start(Setup.of(trace))
        for number, step in enumerate(trace["steps"]):
            suite.parse_action(step["action"], f"steps[{number}]/action")
    except (EncodingError, SetupError) as error:
        return str(error)
    return None


def parse_trace(text: str, where: str, sha256: str | None = None, states: bool = True) -> JSON:
    """The trace in ``text`` (read from ``where``), checked by :func:`validate_trace` (``states``: in full).

    Text whose SHA-256 equals ``sha256`` (from the manifest of a linted suite) skips the checks,
    which are the slow part; any other text is checked in full, or with ``states=False`` by the light check
    (everything but the stored states, for a file that is about to be replayed).
    """
    try:
        data = loads_strict(text)  # a NaN or a key named twice is no JSON a trace may hold
    except UnreadableJSON as error:
        raise TraceError(f"{where}: {error}") from None
    if sha256 is not None:
        if digest(text) != sha256:
            raise TraceError(f"{where}: does not match its SHA-256 in the manifest; regenerate the suite")
        if isinstance(data, dict):
            return data
    return validate_trace(data, where, states)


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


def trace_path(trace_id: str, folder: Path | None = None) -> Path:
    """The file of the suite's trace ``trace_id``, wherever its game keeps it; :class:`TraceError` if there is none."""
    folder = folder or suite_dir()
    for entry in load_manifest(folder)["traces"]:
        if entry["id"] == trace_id:
            return folder / str(entry["file"])
    raise TraceError(f"the suite has no trace {trace_id!r}; 'ducksoup check --list' lists them")
