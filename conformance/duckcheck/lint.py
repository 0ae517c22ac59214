"""The suite linter: ``python -m duckcheck.lint``, run in CI.

It checks that the suite is what it claims to be, for every game of the family:

* every trace is valid against the trace schema and its game's schema, lies in its game's folder
  and matches its SHA-256 in the manifest;
* IDs are unique, name their files, start with their game's prefix and are stable: every ID ever
  published (``conformance/published-ids.txt``) is still in the suite with the very file it was
  published with (its SHA-256 unchanged, wherever the file now lives), and every trace's ID is
  published;
* every normative rules section, every ruling of the register and every error code of each game
  is exercised by at least one trace of that game (the gaps are listed);
* the suite is what the generator produces, byte for byte;
* each game's traces stay under 10 MB.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from duckcheck.data import data_dir
from duckcheck.games import GameSuite, game_ids, games
from duckcheck.trace import JSON, MANIFEST, TraceError, digest, load_manifest, read_trace, suite_dir, trace_file

SIZE_LIMIT = 10_000_000
"""The most a game's traces may take on disk, in bytes."""


def published(folder: Path) -> dict[str, str | None]:
    """Every published trace ID with the SHA-256 it was published with (None for an ID listed without one)."""
    path = folder.parent / "published-ids.txt"
    if not path.is_file():
        path = data_dir("traces").parent / "published-ids.txt"
    lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
    entries = [line.split() for line in lines if line.strip() and not line.startswith("#")]
    return {entry[0]: entry[1] if len(entry) > 1 else None for entry in entries}


def lint(folder: Path, regenerate: bool = True) -> list[str]:
    """Every problem of the suite in ``folder``; empty when it is sound."""
    problems: list[str] = []
    manifest = load_manifest(folder)
    traces: list[JSON] = []
    texts: dict[str, str] = {}
    for entry in manifest["traces"]:
        try:
            trace = read_trace(folder / entry["file"])
        except TraceError as error:
            problems.append(str(error))
            continue
        traces.append(trace)
        texts[trace["id"]] = (folder / entry["file"]).read_text(encoding="utf-8")
        expected_file = trace_file(trace["game"], trace["id"])
        if entry["file"] != expected_file or entry["id"] != trace["id"]:
            problems.append(
                f"{entry['file']}: holds {trace['game']} trace {trace['id']!r}; it belongs in {expected_file}"
            )
    problems += _check_ids(folder, traces, [str(entry["id"]) for entry in manifest["traces"]], texts)
    for suite in games():
        own = [trace for trace in traces if trace["game"] == suite.id]
        problems += _check_coverage(suite, own)
        size = sum(path.stat().st_size for path in (folder / suite.id).glob("*.json"))
        if size > SIZE_LIMIT:
            problems.append(
                f"{suite.id}'s traces take {size / 1e6:.1f} MB; keep each game under {SIZE_LIMIT / 1e6:.0f} MB"
            )
    if regenerate:
        problems += _check_reproducible(folder)
    return problems


def _check_ids(folder: Path, traces: list[JSON], listed: list[str], texts: dict[str, str]) -> list[str]:
    ids = [str(trace["id"]) for trace in traces]
    problems = [f"trace ID {i!r} is used more than once" for i in sorted({i for i in ids if ids.count(i) > 1})]
    files = {f"{path.parent.name}/{path.name}" for path in folder.glob("*/*.json")}
    named = {trace_file(trace["game"], trace["id"]) for trace in traces}
    problems += [f"{name}: not listed in the manifest" for name in sorted(files - named) if name not in listed]
    prefixes = {suite.id: suite.trace_prefix for suite in games()}
    problems += [
        f"trace {trace['id']!r} of {trace['game']} does not start with the game's prefix {prefixes[trace['game']]!r}"
        for trace in traces
        if not str(trace["id"]).startswith(prefixes.get(trace["game"], ""))
    ]
    register = published(folder)
    for trace_id, sha256 in register.items():
        if trace_id not in texts:
            problems.append(f"published trace {trace_id!r} is gone: IDs are never removed or renamed")
        elif sha256 is not None and digest(texts[trace_id]) != sha256:
            problems.append(f"published trace {trace_id!r} has changed: published traces are frozen (SHA-256 {sha256})")
    problems += [
        f"trace {i!r} is not in published-ids.txt: add it with its SHA-256 when it is released"
        for i in ids
        if i not in register
    ]
    return problems


def coverage_gaps(suite: GameSuite, traces: list[JSON]) -> dict[str, list[str]]:
    """The rules sections, rulings and error codes of ``suite`` that none of its ``traces`` exercises."""
    sections = {s for trace in traces for s in trace["sections"]}
    rulings = {r for trace in traces for r in trace["rulings"]}
    tags = {t for trace in traces for t in trace["tags"]}
    return {
        "sections": [s for s in suite.sections if s not in sections],
        "rulings": [r.id for r in suite.rulings() if r.id not in rulings],
        "error codes": [code for code in suite.error_sections if f"error-{code}" not in tags],
    }


def _check_coverage(suite: GameSuite, traces: list[JSON]) -> list[str]:
    return [
        f"no {suite.id} trace exercises the {kind} {', '.join(gaps)}"
        for kind, gaps in coverage_gaps(suite, traces).items()
        if gaps
    ]


def _check_reproducible(folder: Path) -> list[str]:
    from duckcheck.generator import generate

    problems = []
    for name, text in generate().items():
        path = folder / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            problems.append(
                f"{path}: differs from what the generator produces; regenerate with python -m duckcheck.generator"
            )
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m duckcheck.lint", description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, help="the suite's folder (default: the bundled suite)")
    parser.add_argument(
        "--no-regenerate", action="store_true", help="skip the byte-for-byte comparison with the generator"
    )
    args = parser.parse_args(argv)
    folder: Path = args.folder or suite_dir()
    try:
        problems = lint(folder, regenerate=not args.no_regenerate)
    except TraceError as error:
        problems = [str(error)]
    for problem in problems:
        print(problem)
    manifest = load_manifest(folder) if (folder / MANIFEST).is_file() else {"traces": []}
    counts = ", ".join(
        f"{sum(1 for entry in manifest['traces'] if entry.get('game') == game)} {game}" for game in game_ids()
    )
    print(f"suite linter: {len(manifest['traces'])} traces ({counts}), {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
