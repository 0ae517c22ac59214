"""The Soup solver's speed and memory against the targets of issue 24, old and new side by side.

Usage: python benchmarks/solver.py [--positions N] [--deals N] [--quick] [--seed S] [--old REF]
       [--engines old,pure,compiled] [--only soup|deal] [--workers W]

**The Soup** (``--positions``, default 10): positions where a Soup's first trick is led (13 cards
each), from whole deals played by the random and the greedy bot (alternately), each deck
shuffled from ``--seed``, with the action the bot played there. Each is solved twice: for its
value plus the played action (what an analysis needs at a decision), and with every action
valued. Each solve runs in a fresh process (``--workers`` at a time), so that no table helps
the next and the peak memory (maximum resident set size) is that solve's own. Three solvers:

* ``old``: the solver of git revision ``--old`` (default ``main``), loaded from ``git show`` into
  a temporary module: the comparison, never product code (left out when its source is this tree's);
* ``pure``: this tree's pure Python solver, the reference;
* ``compiled``: its copy compiled with mypyc (:mod:`ducksoup.compiling`; left out, with the
  reason, where no C compiler exists).

**The deal** (``--deals``, default 10): ``ducksoup analyse`` at its default settings on suite deals
``ds-deal-greedy-001`` on, each in a process of its own, its processor time and peak memory taken
from the operating system's account of the finished child (``wait4``): with the pure solver, the
command's default, and again with ``ducksoup analyse --compiled``.

Times are processor time (``time.process_time``, or the child's user and system time), which the
other work of a shared machine disturbs far less than the wall clock; the load average is
printed at the start and the end of each part. Targets: value plus the played action median <=
10 s, every action valued median <= 20 s, peak memory <= 1 GB, a whole deal median <= 45 s and
worst <= 120 s. ``--quick``: 3 positions and 3 deals.
"""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from ducksoup import compiling
from ducksoup.duck_soup import solver as pure_solver
from ducksoup.duck_soup.bots import Bot, GreedyBot, RandomBot
from ducksoup.duck_soup.engine import Deal
from ducksoup.duck_soup.simulate import new_deck
from ducksoup.duck_soup.solver import SoupPosition
from duckspec.duck_soup.actions import Action

PLAYED_TARGET, ALL_TARGET, MEMORY_TARGET_MB = 10.0, 20.0, 1024.0
DEAL_MEDIAN_TARGET, DEAL_WORST_TARGET = 45.0, 120.0
MODES = ("value + played", "every action")
ENGINES: dict[str, ModuleType] = {}
"""The solvers compared, by name; filled before the worker processes fork, so that they inherit them."""


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def positions(count: int, seed: int) -> list[tuple[str, SoupPosition, Action]]:
    """``count`` positions at a Soup's first lead (13 cards each), from bot deals, with the action played there."""
    rng = random.Random(f"{seed}:13")
    found: list[tuple[str, SoupPosition, Action]] = []
    while len(found) < count:
        kind = "random" if len(found) % 2 == 0 else "greedy"
        deal = Deal(new_deck(rng), rng.randrange(2))
        make = RandomBot if kind == "random" else GreedyBot
        bots: tuple[Bot, Bot] = (make(rng.randrange(2**32)), make(rng.randrange(2**32)))
        while not deal.is_over:
            state = deal.state()
            player = deal.to_act
            assert player is not None
            action = bots[player].choose(deal.observation(player), deal.legal_actions())
            if state["course"] == "soup" and state["phase"] == "lead":
                if len(deal.hand_lists[0]) == 13:
                    found.append((kind, SoupPosition.from_state(state), action))
                break  # found, or a Soup of 12 tricks
            deal.apply(action)
    return found


def old_solver(ref: str) -> ModuleType:
    """The solver of git revision ``ref``, as a module of its own in a temporary folder."""
    path = "reference/ducksoup/duck_soup/solver.py"
    text = subprocess.run(["git", "show", f"{ref}:{path}"], capture_output=True, text=True, check=True).stdout
    file = Path(tempfile.mkdtemp(prefix="old-solver-"), "old_solver.py")
    file.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("old_solver", file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["old_solver"] = module
    spec.loader.exec_module(module)
    return module


def solve(task: tuple[int, str, str, SoupPosition, Action]) -> dict[str, Any]:
    """One solve in a fresh worker process: its value, processor time, positions searched and peak memory."""
    number, engine_name, mode, given, played = task
    engine = ENGINES[engine_name]
    position = engine.SoupPosition(
        given.hands, given.leader, given.phase, given.table, given.duck, given.soup, given.silent
    )
    solver = engine.Solver()
    began = time.process_time()
    if mode == "every action":
        value = max(value for _, value in solver.action_values(position))
    elif hasattr(solver, "best_and_played"):
        value = solver.best_and_played(position, played).value
    else:  # the old solver: the position's value, then the played action's with it as the guess
        final0 = solver.result(position)
        after = position.after(played)
        if not isinstance(after, int):
            solver.result(after, final0)
        value = final0 if position.to_act == 0 else -final0
    cpu = time.process_time() - began
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    stats = solver.stats
    return {
        "number": number,
        "engine": engine_name,
        "mode": mode,
        "value": value,
        "cpu": cpu,
        "nodes": stats.nodes,
        "peak_mb": peak_mb,
    }


def verdict(figure: float, target: float, unit: str = "s") -> str:
    return f"{figure:.1f} {unit} (target <= {target:g} {unit}: {'met' if figure <= target else 'NOT met'})"


def run_soup(count: int, seed: int, workers: int) -> bool:
    found = positions(count, seed)
    engines = list(ENGINES)
    tasks = [
        (number, engine, mode, position, played)
        for number, (_, position, played) in enumerate(found, 1)
        for mode in MODES
        for engine in engines
    ]
    print(f"\nThe Soup: {count} positions at the first lead, 13 cards each (seed {seed}); load at the start {load()}")
    print(
        f"{'#':>3} {'deal':7} {'mode':15} {'solver':9} {'value':>6} {'CPU s':>8} {'nodes':>11} {'peak MB':>8}",
        flush=True,
    )
    results: list[dict[str, Any]] = []
    with multiprocessing.get_context("fork").Pool(workers, maxtasksperchild=1) as pool:
        for r in pool.imap(solve, tasks):
            results.append(r)
            kind = found[r["number"] - 1][0]
            print(
                f"{r['number']:>3} {kind:7} {r['mode']:15} {r['engine']:9} {r['value']:>6} {r['cpu']:>8.2f} "
                f"{r['nodes']:>11,} {r['peak_mb']:>8.0f}",
                flush=True,
            )
    for number in range(1, count + 1):  # every solver and mode must agree on each position's value
        values = {r["value"] for r in results if r["number"] == number}
        if len(values) != 1:
            print(f"position {number}: the solvers disagree on its value: {sorted(values)}")
            return False
    ok = True
    print(f"load at the end {load()}")
    for engine in engines:
        for mode, target in zip(MODES, (PLAYED_TARGET, ALL_TARGET), strict=True):
            cpu = [r["cpu"] for r in results if r["engine"] == engine and r["mode"] == mode]
            line = f"  {engine:9} {mode:15} median {verdict(statistics.median(cpu), target)}, worst {max(cpu):.1f} s"
            print(line)
            ok &= engine == "old" or statistics.median(cpu) <= target
        peak = max(r["peak_mb"] for r in results if r["engine"] == engine)
        print(f"  {engine:9} peak memory     {verdict(peak, MEMORY_TARGET_MB, 'MB')}")
        ok &= engine == "old" or peak <= MEMORY_TARGET_MB
    return ok


def analyse_command(engine: str, trace: str) -> list[str]:
    """The command that analyses ``trace`` at the default settings with the ``engine`` solver: ``ducksoup analyse``,
    with ``--compiled`` for the compiled one (built before the deals are timed, by :func:`choose_engines`)."""
    return [sys.executable, "-m", "ducksoup", "analyse", trace, *(["--compiled"] if engine == "compiled" else [])]


def deal_figures(engine: str, count: int) -> bool:
    """One solver's whole-deal figures: each of ``count`` suite deals analysed in a process of its own."""
    cpu: list[float] = []
    peak = 0.0
    for number in range(1, count + 1):
        trace = f"ds-deal-greedy-{number:03d}"
        began = time.perf_counter()
        child = subprocess.Popen(analyse_command(engine, trace), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        assert child.stderr is not None
        err = child.stderr.read()
        child.stderr.close()
        _, status, usage = os.wait4(child.pid, 0)  # this child's own processor time and peak memory
        child.returncode = os.waitstatus_to_exitcode(status)
        seconds = usage.ru_utime + usage.ru_stime
        if child.returncode != 0:
            print(f"  {engine:9} {trace}: analyse failed: {err.decode(errors='replace').strip()[-300:]}")
            return False
        cpu.append(seconds)
        peak = max(peak, usage.ru_maxrss / 1024)
        wall = time.perf_counter() - began
        print(
            f"  {engine:9} {trace}: {seconds:6.1f} processor s, {usage.ru_maxrss / 1024:5.0f} MB "
            f"({wall:.0f} s wall clock; load {load()})",
            flush=True,
        )
    median, worst = statistics.median(cpu), max(cpu)
    print(
        f"  {engine:9} a whole deal: median {verdict(median, DEAL_MEDIAN_TARGET)}, "
        f"worst {verdict(worst, DEAL_WORST_TARGET)}"
    )
    print(f"  {engine:9} peak memory {verdict(peak, MEMORY_TARGET_MB, 'MB')}")
    return median <= DEAL_MEDIAN_TARGET and worst <= DEAL_WORST_TARGET and peak <= MEMORY_TARGET_MB


def run_deals(count: int) -> bool:
    """``ducksoup analyse`` at its default settings on ``count`` suite deals, each its own process, with the pure
    solver (what the command uses) and, separately, with the compiled one where it was built."""
    print(f"\nWhole deals: ducksoup analyse (default settings) on {count} suite deals; load at the start {load()}")
    ok = True
    for engine in ("pure", "compiled"):
        if engine in ENGINES:
            ok &= deal_figures(engine, count)
    print(f"  load at the end {load()}")
    return ok


def choose_engines(names: list[str], old: str) -> None:
    for name in names:
        if name == "old":
            ENGINES[name] = old_solver(old)
            if Path(ENGINES[name].__file__ or "").read_bytes() == Path(str(pure_solver.__file__)).read_bytes():
                del ENGINES[name]
                print(f"the old solver ({old}) is left out: its source is this tree's")
        elif name == "pure":
            ENGINES[name] = pure_solver
        elif name == "compiled":
            try:
                ENGINES[name] = compiling.compiled(pure_solver)
            except compiling.CompilerMissing as missing:
                print(f"the compiled solver is left out: {missing}")
        else:
            raise SystemExit(f"--engines: {name!r} is not a solver; choose from old, pure, compiled")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=10, help="Soup positions of 13 cards each (default 10)")
    parser.add_argument("--deals", type=int, default=10, help="suite deals analysed whole (default 10, at most 10)")
    parser.add_argument("--quick", action="store_true", help="3 positions and 3 deals")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--old", default="main", help="the git revision of the old solver (default main)")
    parser.add_argument("--engines", default="old,pure,compiled", help="solvers compared (default old,pure,compiled)")
    parser.add_argument("--only", choices=("soup", "deal"), help="run only one of the two parts")
    parser.add_argument("--workers", type=int, default=1, help="solves at once (default 1)")
    args = parser.parse_args()
    if args.quick:
        args.positions, args.deals = min(args.positions, 3), min(args.deals, 3)
    print(f"load average at the start: {load()}; {os.cpu_count()} CPUs")
    began = time.perf_counter()
    choose_engines(args.engines.split(","), args.old)
    ok = True
    if args.only in (None, "soup"):
        ok &= run_soup(args.positions, args.seed, args.workers)
    if args.only in (None, "deal"):
        ok &= run_deals(min(args.deals, 10))
    print(f"\nload average at the end: {load()}")
    print(f"benchmark time: {time.perf_counter() - began:.0f} s; all targets {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
