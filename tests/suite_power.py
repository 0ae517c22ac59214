"""How many traces reject each faulty implementation of every game: ``python -m tests.suite_power [GAME ...]``.

The per-game ``test_suite_power.py`` files stop at the first trace that rejects a fault, which shows that the
suite catches it but not how firmly: a fault caught by one trace alone is one edit away from passing. This
counts every rejecting trace, for every fault of every game of the registry (each game's faults are
``tests/faulty/<package>.py``), and prints one line per fault with the count, the threshold faults (a target,
a limit, level totals, the end of a deal or round moved by one; each faulty module's ``THRESHOLDS``) marked
``*``. It fails (exit 1) when a threshold fault is rejected by fewer than :data:`MINIMUM` traces. The nox
session ``suite-power`` runs it (not by default: it runs each game's whole suite once per fault).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from duckcheck.compare import Outcome
from duckcheck.games import games
from duckcheck.runner import RunOptions, run
from duckcheck.trace import load_manifest, suite_dir

ROOT = Path(__file__).resolve().parent.parent
MINIMUM = 2
"""The fewest traces, in different situations, that must reject a fault moving a threshold by one."""


def faulty_module(package: str) -> ModuleType | None:
    """The game's ``tests/faulty/<package>.py``, or None for a game without faulty implementations."""
    if not (ROOT / "tests" / "faulty" / f"{package}.py").is_file():
        return None
    return importlib.import_module(f"tests.faulty.{package}")


def pinning_traces(package: str) -> Mapping[str, tuple[str, ...]]:
    """The game's faults that move a threshold by one, each with the traces named as rejecting it: its faulty
    module's ``THRESHOLDS`` when it maps faults to traces; empty when it only lists the faults (a game whose own
    ``test_suite_power.py`` names their traces) or has none."""
    module = faulty_module(package)
    named = getattr(module, "THRESHOLDS", {}) if module else {}
    return dict(named) if isinstance(named, Mapping) else {}


def thresholds(package: str) -> tuple[str, ...]:
    """The game's faults that move a threshold by one (``THRESHOLDS``, a mapping or a list of names)."""
    module = faulty_module(package)
    return tuple(getattr(module, "THRESHOLDS", ())) if module else ()


def traces_of(game_id: str, ids: Collection[str] | None = None) -> list[dict[str, Any]]:
    """The game's traces (only those of ``ids``, if given), in the manifest's order; only their files are read."""
    folder = suite_dir()
    entries = [
        entry
        for entry in load_manifest(folder)["traces"]
        if entry["game"] == game_id and (ids is None or entry["id"] in ids)
    ]
    return [json.loads((folder / entry["file"]).read_text(encoding="utf-8")) for entry in entries]


def rejecting(package: str, fault: str, traces: Sequence[dict[str, Any]], enough: int | None = None) -> list[str]:
    """The IDs of the traces among ``traces`` that reject ``fault`` (stopping once ``enough`` have, if given)."""
    command = [sys.executable, str(ROOT / "tests" / "faulty" / f"{package}.py"), fault]
    summary = run(command, list(traces), RunOptions(max_failures=enough))
    return [result.trace for result in summary.results if result.outcome is not Outcome.PASSED]


def count_game(game_id: str, package: str, only_thresholds: bool = False) -> Mapping[str, list[str]]:
    """Every fault of the game (or only its threshold faults) with the traces rejecting it, printing a line per
    fault as it is counted."""
    module = faulty_module(package)
    if module is None:
        print(f"{game_id}: no faulty implementations")
        return {}
    traces, marked = traces_of(game_id), set(thresholds(package))
    counted = {}
    for fault in module.FAULTS:
        if only_thresholds and fault not in marked:
            continue
        counted[fault] = rejecting(package, fault, traces)
        flag = "*" if fault in marked else " "
        print(f"{game_id} {flag} {len(counted[fault]):4d}  {fault}: {' '.join(counted[fault][:6])}", flush=True)
    return counted


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.suite_power", description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="game IDs (default: every game)")
    parser.add_argument("--thresholds", action="store_true", help="count only the threshold faults")
    arguments = parser.parse_args(argv)
    chosen = arguments.games
    thin = []
    for entry in games():
        if chosen and entry.id not in chosen:
            continue
        counted = count_game(entry.id, entry.package, arguments.thresholds)
        thin += [f"{entry.id} {fault}" for fault in thresholds(entry.package) if len(counted.get(fault, [])) < MINIMUM]
    print(f"threshold faults (*) rejected by fewer than {MINIMUM} traces: {', '.join(thin) or 'none'}")
    return 1 if thin else 0


if __name__ == "__main__":
    sys.exit(main())
