"""The Soup solver's speed and memory on real Soup positions, against the targets of issue 15.

Usage: python benchmarks/solver.py [--positions N] [--small N] [--seed S] [--only 13|10] [--workers W]

Positions come from whole deals played by the random bot and by the greedy bot (alternately),
each deck shuffled from ``--seed``: the position where the Soup's first trick is led (13 cards
each; Soups of 12 tricks are skipped), and, from other deals, the lead with 10 cards each. Each
position is solved in a fresh process (``--workers`` at a time), so that the table of one does
not help the next and the peak memory (maximum resident set size) is that position's own. The
figures: the exact value and the seconds it took, positions expanded per second and the
table's hit rate, and the medians and worst cases beside the targets:

* 10 cards each: median <= 1 s;
* 13 cards each (the Soup's first trick): median <= 60 s, worst case <= 5 minutes, at most 2 GB.

Each position's wall-clock time (what the targets are about) and processor time are both
printed, with the machine's load average at the start and the end: on a shared machine the
processor time shows what the solver needs when the wall clock also counts other work. A
"position searched" is a position at the start of a trick that the search reached (most are
answered by the table); the hit rate is the share of them the table answered.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import resource
import statistics
import sys
import time
from typing import Any

from ducksoup.duck_soup.bots import Bot, GreedyBot, RandomBot
from ducksoup.duck_soup.engine import Deal
from ducksoup.duck_soup.simulate import new_deck
from ducksoup.duck_soup.solver import Solver, SoupPosition

TARGETS = {13: (60.0, 300.0), 10: (1.0, None)}
MEMORY_TARGET_MB = 2048


def positions(count: int, cards: int, seed: int) -> list[tuple[str, SoupPosition]]:
    """``count`` Soup positions with ``cards`` cards each at a lead, from bot deals (random, greedy, ...)."""
    rng = random.Random(f"{seed}:{cards}")
    found: list[tuple[str, SoupPosition]] = []
    while len(found) < count:
        kind = "random" if len(found) % 2 == 0 else "greedy"
        deal = Deal(new_deck(rng), rng.randrange(2))
        make = RandomBot if kind == "random" else GreedyBot
        bots: tuple[Bot, Bot] = (make(rng.randrange(2**32)), make(rng.randrange(2**32)))
        while not deal.is_over:
            state = deal.state()
            if state["course"] == "soup" and state["phase"] == "lead":
                held = len(deal.hand_lists[0])
                if held == cards:
                    found.append((kind, SoupPosition.from_state(state)))
                if held <= cards:
                    break  # found, or passed by a quack-quack (or a Soup of 12 tricks)
            player = deal.to_act
            assert player is not None
            deal.apply(bots[player].choose(deal.observation(player), deal.legal_actions()))
    return found


def solve(item: tuple[int, str, SoupPosition]) -> dict[str, Any]:
    """Solve one position (in a worker process of its own) and report what it took."""
    number, kind, position = item
    solver = Solver()
    began, began_cpu = time.perf_counter(), time.process_time()
    value = solver.value(position)
    seconds, cpu = time.perf_counter() - began, time.process_time() - began_cpu
    stats = solver.stats
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "number": number,
        "kind": kind,
        "duck": position.duck,
        "value": value,
        "seconds": seconds,
        "cpu": cpu,
        "nodes": stats.nodes,
        "hit_rate": stats.hit_rate,
        "probes": stats.probes,
        "table": stats.entries,
        "peak_mb": peak_kb / 1024,
    }


def run(cards: int, count: int, seed: int, workers: int) -> bool:
    items = [(number, kind, position) for number, (kind, position) in enumerate(positions(count, cards, seed), 1)]
    print(f"\n{count} positions with {cards} cards each (seed {seed}), {workers} at a time", flush=True)
    print(
        f"{'#':>3} {'deal':7} {'Duck pts':>9} {'value':>6} {'seconds':>8} {'CPU s':>8} {'nodes':>11} {'nodes/s':>8} "
        f"{'hits':>5} {'probes':>6} {'table':>9} {'peak MB':>8}"
    )
    results = []
    with multiprocessing.get_context("fork").Pool(workers, maxtasksperchild=1) as pool:
        for r in pool.imap(solve, items):
            results.append(r)
            print(
                f"{r['number']:>3} {r['kind']:7} {r['duck'][0]:>4}/{r['duck'][1]:<4} {r['value']:>6} "
                f"{r['seconds']:>8.2f} {r['cpu']:>8.2f} {r['nodes']:>11,} {r['nodes'] / max(r['cpu'], 1e-9):>8,.0f} "
                f"{r['hit_rate']:>5.0%} {r['probes']:>6} {r['table']:>9,} {r['peak_mb']:>8.0f}",
                flush=True,
            )
    seconds = [r["seconds"] for r in results]
    median, worst = statistics.median(seconds), max(seconds)
    cpu = [r["cpu"] for r in results]
    speed = statistics.median(r["nodes"] / max(r["cpu"], 1e-9) for r in results)
    hits = sum(r["hit_rate"] * r["nodes"] for r in results) / max(1, sum(r["nodes"] for r in results))
    peak = max(r["peak_mb"] for r in results)
    median_target, worst_target = TARGETS.get(cards, (None, None))
    verdicts = []
    ok = True
    if median_target is not None:
        verdicts.append(f"median {median:.2f} s (target <= {median_target:g} s)")
        ok &= median <= median_target
    else:
        verdicts.append(f"median {median:.2f} s")
    if worst_target is not None:
        verdicts.append(f"worst {worst:.2f} s (target <= {worst_target:g} s)")
        ok &= worst <= worst_target
    else:
        verdicts.append(f"worst {worst:.2f} s")
    verdicts.append(f"peak memory {peak:.0f} MB (target <= {MEMORY_TARGET_MB} MB)")
    ok &= peak <= MEMORY_TARGET_MB
    print(f"{cards} cards each (wall clock): " + "; ".join(verdicts) + (" -- met" if ok else " -- NOT MET"))
    print(
        f"{cards} cards each (processor time): median {statistics.median(cpu):.2f} s, worst {max(cpu):.2f} s; "
        f"{speed:,.0f} positions searched per processor second (median), table hit rate {hits:.0%}"
    )
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20, help="positions with 13 cards each (default 20)")
    parser.add_argument("--small", type=int, default=20, help="positions with 10 cards each (default 20)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--only", type=int, choices=(10, 13), help="run only one of the two sets")
    parser.add_argument("--workers", type=int, default=1, help="positions solved at once (default 1)")
    args = parser.parse_args()
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} CPUs")
    began = time.perf_counter()
    ok = True
    if args.only in (None, 10):
        ok &= run(10, args.small, args.seed, args.workers)
    if args.only in (None, 13):
        ok &= run(13, args.positions, args.seed, args.workers)
    print(f"\nload average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"benchmark time: {time.perf_counter() - began:.0f} s; all targets {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
