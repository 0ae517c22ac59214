"""The Aw Ducks! trace generator: ``python -m duckcheck.aw_ducks.generate [--check] FOLDER``.

Every trace is computed by the specification (expected values are never typed by hand):
regenerate and review the diff. Traces come from bots playing rounds and games for 2, 3 and 4
players from seeded shuffles (some trying illegal actions on the way), and from the hand-made
edge cases of :mod:`duckcheck.aw_ducks.scenarios`. Each trace's randomness is seeded by its ID, so
adding a trace never changes another. IDs are permanent and start with ``ad-``.

Until the family's registry takes it over, this module writes the traces and a manifest in the
current trace format (``"game": "aw-ducks"``; the header's ``dealer`` holds the first round's
start player) to the folder given.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

from duckcheck.aw_ducks.encoding import JSON
from duckcheck.aw_ducks.oracle import Scope
from duckcheck.aw_ducks.policies import POLICIES
from duckcheck.aw_ducks.recorder import Recorder
from duckcheck.aw_ducks.scenarios import EDGE_CASES, GAME_DECKS, seeded, shuffled
from duckcheck.trace import MANIFEST, dump_trace, manifest_json, trace_file
from duckspec.aw_ducks.actions import Draw
from duckspec.aw_ducks.errors import ErrorCode
from duckspec.aw_ducks.options import RuleOptions

SIZE_LIMIT = 10_000_000
"""Aw Ducks!'s traces stay under 10 MB together."""


def bot_trace(
    trace_id: str,
    scope: Scope,
    players: int,
    options: RuleOptions,
    policy: str,
    inject: float = 0.0,
    end_with: ErrorCode | None = None,
) -> JSON:
    """A round or game for ``players`` played by ``policy`` from seeded shuffles and a seeded start player."""
    rng = seeded(trace_id)
    decks = [shuffled(rng) for _ in range(1 if scope is Scope.ROUND else GAME_DECKS)]
    target = "" if options.target is None else f" to {options.target}"
    what = "A round" if scope is Scope.ROUND else f"A game{target}"
    description = f"{what} for {players} players played by the {policy} bot" + (
        ", with illegal actions tried on the way" if inject else ""
    )
    recorder = Recorder(trace_id, description, scope, options, rng.randrange(players), decks, players, [policy])
    recorder.play_out(POLICIES[policy], inject=inject)
    if end_with is not None:
        recorder.reject(Draw(0), end_with)
    return recorder.trace()


ROUNDS = {"random": 8, "greedy": 5, "discarder": 5}
"""Rounds per bot and number of players."""
GAMES: dict[str, tuple[RuleOptions, ...]] = {
    "greedy": (RuleOptions(), RuleOptions(target=150)),
    "random": (RuleOptions(target=100), RuleOptions(target=200)),
    "discarder": (RuleOptions(target=150),),
}
"""The games each bot plays for each number of players: the suggested target and smaller ones."""


def plan() -> Iterator[tuple[str, Callable[[], JSON]]]:
    """Every trace ID with the function that builds it, in a fixed order."""
    for players in (2, 3, 4):
        for policy, count in ROUNDS.items():
            for n in range(1, count + 1):
                trace_id = f"ad-round-{players}p-{policy}-{n:02d}"
                yield trace_id, partial(bot_trace, trace_id, Scope.ROUND, players, RuleOptions(), policy)
        for n in range(1, 5):
            trace_id = f"ad-round-{players}p-illegal-{n:02d}"
            policy = ("random", "discarder")[n % 2]
            build = partial(
                bot_trace, trace_id, Scope.ROUND, players, RuleOptions(), policy, 0.15, ErrorCode.ROUND_OVER
            )
            yield trace_id, build
        for policy, games in GAMES.items():
            for n, options in enumerate(games, start=1):
                trace_id = f"ad-game-{players}p-{policy}-{n:02d}"
                yield trace_id, partial(bot_trace, trace_id, Scope.GAME, players, options, policy)
        trace_id = f"ad-game-{players}p-illegal-01"
        build = partial(
            bot_trace, trace_id, Scope.GAME, players, RuleOptions(target=100), "random", 0.1, ErrorCode.GAME_OVER
        )
        yield trace_id, build
    yield from EDGE_CASES.items()


def generate(only: set[str] | None = None) -> dict[str, str]:
    """Every file of the suite (traces and manifest) by name, as text; ``only``: just those trace IDs."""
    files: dict[str, str] = {}
    built = []
    for trace_id, build in plan():
        if only is not None and trace_id not in only:
            continue
        trace = build()
        if trace["id"] != trace_id:
            raise RuntimeError(f"the builder of {trace_id} made {trace['id']}")
        text = dump_trace(trace)
        files[trace_file(trace_id)] = text
        built.append((trace, text))
    files[MANIFEST] = manifest_json(built)
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m duckcheck.aw_ducks.generate", description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="where the traces go")
    parser.add_argument(
        "--check", action="store_true", help="do not write: exit 1 if the folder differs from a fresh generation"
    )
    args = parser.parse_args(argv)
    folder: Path = args.folder
    files = generate()
    existing = {path.name for path in folder.glob("*.json")} if folder.is_dir() else set()
    size = sum(len(text.encode()) for text in files.values())
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
    folder.mkdir(parents=True, exist_ok=True)
    for name in existing - set(files):
        (folder / name).unlink()
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(files) - 1} traces and the manifest to {folder} ({size / 1e6:.1f} MB)")
    if size > SIZE_LIMIT:
        print(f"the traces take {size / 1e6:.1f} MB; keep them under {SIZE_LIMIT / 1e6:.0f} MB")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
