"""The suite linter: ``python -m duckcheck.lint``, run in CI.

It checks that the suite is what it claims to be:

* every trace is valid against the trace schema and matches its SHA-256 in the manifest;
* IDs are unique, name their files, and are stable: every ID ever published
  (``conformance/published-ids.txt``) is still in the suite, and every trace's ID is published;
* every normative rules section, every ruling of the register and every error code is
  exercised by at least one trace (the gaps are listed);
* the suite is what the generator produces, byte for byte;
* the suite stays under 10 MB.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from duckcheck.data import data_dir
from duckcheck.trace import JSON, MANIFEST, TraceError, load_manifest, read_trace, suite_dir
from duckspec.duck_soup import SECTIONS
from duckspec.duck_soup.errors import ErrorCode
from duckspec.rulings import load_rulings

SIZE_LIMIT = 10_000_000


def published_ids(folder: Path) -> list[str]:
    path = folder.parent / "published-ids.txt"
    if not path.is_file():
        path = data_dir("traces").parent / "published-ids.txt"
    lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def lint(folder: Path, regenerate: bool = True) -> list[str]:
    """Every problem of the suite in ``folder``; empty when it is sound."""
    problems: list[str] = []
    manifest = load_manifest(folder)
    traces = []
    for entry in manifest["traces"]:
        try:
            trace = read_trace(folder / entry["file"])
        except TraceError as error:
            problems.append(str(error))
            continue
        traces.append(trace)
        if entry["file"] != f"{trace['id']}.json" or entry["id"] != trace["id"]:
            problems.append(f"{entry['file']}: holds trace {trace['id']!r}; a trace's file is named after its ID")
    problems += _check_ids(
        folder, [str(trace["id"]) for trace in traces], [str(entry["id"]) for entry in manifest["traces"]]
    )
    problems += _check_coverage(traces)
    size = sum(path.stat().st_size for path in folder.glob("*.json"))
    if size > SIZE_LIMIT:
        problems.append(f"the suite takes {size / 1e6:.1f} MB; keep it under {SIZE_LIMIT / 1e6:.0f} MB")
    if regenerate:
        problems += _check_reproducible(folder)
    return problems


def _check_ids(folder: Path, ids: list[str], listed: list[str]) -> list[str]:
    problems = [f"trace ID {i!r} is used more than once" for i in sorted({i for i in ids if ids.count(i) > 1})]
    files = {path.name for path in folder.glob("*.json")} - {MANIFEST}
    problems += [f"{name}: not listed in the manifest" for name in sorted(files - {f"{i}.json" for i in listed})]
    published = published_ids(folder)
    problems += [f"published trace {i!r} is gone: IDs are never removed or renamed" for i in published if i not in ids]
    problems += [
        f"trace {i!r} is not in published-ids.txt: add it when it is released" for i in ids if i not in published
    ]
    return problems


def coverage_gaps(traces: list[JSON]) -> dict[str, list[str]]:
    """The rules sections, rulings and error codes no trace exercises."""
    sections = {s for trace in traces for s in trace["sections"]}
    rulings = {r for trace in traces for r in trace["rulings"]}
    tags = {t for trace in traces for t in trace["tags"]}
    return {
        "sections": [s for s in SECTIONS if s not in sections],
        "rulings": [r.id for r in load_rulings() if r.id not in rulings],
        "error codes": [c.value for c in ErrorCode if f"error-{c.value}" not in tags],
    }


def _check_coverage(traces: list[JSON]) -> list[str]:
    return [f"no trace exercises the {kind} {', '.join(gaps)}" for kind, gaps in coverage_gaps(traces).items() if gaps]


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
    count = len(load_manifest(folder)["traces"]) if (folder / MANIFEST).is_file() else 0
    print(f"suite linter: {count} traces, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
