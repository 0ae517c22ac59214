"""The suite's deterministic generator: ``python -m duckcheck.generator [--check] [--game GAME] [FOLDER]``.

Every game of the family (:mod:`duckcheck.games`) contributes its traces through its plan: the
trace IDs, in a fixed order, each with the function that builds it by playing on the game's
specification. Expected values are never typed by hand: regenerate and review the diff. Each
trace's randomness is seeded by its ID, so adding a trace never changes another. IDs are
permanent: a trace that must change keeps its ID only if it still tests the same thing.

Traces are written to ``FOLDER/<game>/<id>.json`` and listed in ``FOLDER/manifest.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from duckcheck.games import GameSuite, UnknownGame, game, games
from duckcheck.trace import MANIFEST, dump_trace, manifest_json, suite_dir, trace_file


def generate_game(suite: GameSuite) -> dict[str, str]:
    """Every trace file of one game, by its path relative to the traces folder, as text."""
    files: dict[str, str] = {}
    for trace_id, build in suite.plan():
        trace = build()
        if trace["id"] != trace_id or trace["game"] != suite.id or not trace_id.startswith(suite.trace_prefix):
            raise RuntimeError(f"the builder of {suite.id} trace {trace_id} made {trace['game']} trace {trace['id']}")
        files[trace_file(suite.id, trace_id)] = dump_trace(trace)
    return files


def generate(only: Sequence[GameSuite] = (), folder: Path | None = None) -> dict[str, str]:
    """Every file of the suite (traces and manifest) by relative path, as text.

    With ``only``, the other games' traces are not generated: the manifest lists them as they
    are in ``folder``.
    """
    files: dict[str, str] = {}
    for suite in games():
        if not only or suite in only:
            files.update(generate_game(suite))
        elif folder is not None:
            files.update(existing_files(folder, suite))
    files[MANIFEST] = manifest_json([(json.loads(text), text) for name, text in files.items()])
    return files


def existing_files(folder: Path, suite: GameSuite) -> dict[str, str]:
    """The trace files of ``suite`` in ``folder``, by relative path."""
    return {
        f"{suite.id}/{path.name}": path.read_text(encoding="utf-8")
        for path in sorted((folder / suite.id).glob("*.json"))
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m duckcheck.generator", description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, help="where the traces go (default: the suite's folder)")
    parser.add_argument(
        "--check", action="store_true", help="do not write: exit 1 if the folder differs from a fresh generation"
    )
    parser.add_argument("--game", action="append", default=[], help="only this game's traces (repeatable)")
    args = parser.parse_args(argv)
    folder: Path = args.folder or suite_dir()
    try:
        only = [game(name) for name in args.game]
    except UnknownGame as error:
        parser.error(str(error))
    files = generate(only, folder)
    chosen = only or list(games())
    existing = {f"{suite.id}/{path.name}" for suite in chosen for path in (folder / suite.id).glob("*.json")} | (
        {MANIFEST} if (folder / MANIFEST).is_file() else set()
    )
    if args.check:
        differing = sorted(
            name
            for name, text in files.items()
            if not (folder / name).is_file() or (folder / name).read_text(encoding="utf-8") != text
        )
        extra = sorted(existing - set(files))
        for name in differing:
            print(f"{folder / name}: differs from a fresh generation")
        for name in extra:
            print(f"{folder / name}: is not produced by the generator")
        print(f"{len(files) - 1} traces generated; {len(differing)} differ, {len(extra)} extra")
        return 1 if differing or extra else 0
    for name in existing - set(files):
        (folder / name).unlink()
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    size = sum(len(text.encode()) for text in files.values())
    print(f"wrote {len(files) - 1} traces and the manifest to {folder} ({size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
