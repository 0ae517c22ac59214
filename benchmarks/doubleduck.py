"""Doubleduck: random full deals per second, side by side in one run: the engine, the specification, the baseline.

Usage: python benchmarks/doubleduck.py [--seconds S] [--rounds R]

Each round times the three loops one after the other for about S seconds each (the machine is
shared and noisy, so rounds interleave them); the medians, their ratios and the player decisions
per second are printed. The engine (:mod:`ducksoup.doubleduck.engine`) and the specification
(:mod:`duckspec.doubleduck.deal`) are driven through their public step API: legal actions, a
uniform choice among them, apply. The baseline is ../shared/bench/tight_doubleduck.py, which
shuffles and plays in one loop (its rule readings differ in details, see its docstring; every deal
has 104 decisions either way).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from ducksoup.doubleduck.engine import Deal
from duckspec.doubleduck import deal as spec
from duckspec.doubleduck.cards import two_packs

BASELINE = Path(__file__).resolve().parent.parent.parent / "shared" / "bench" / "tight_doubleduck.py"
TARGETS = {"engine": 0.15, "spec": 0.01}


def shuffled(rnd: Callable[[], float]) -> list[int]:
    """A uniformly random order of the 104 card numbers of two packs (Fisher-Yates, 103 draws)."""
    deck = list(range(52)) * 2
    for i in range(103, 0, -1):
        j = int(rnd() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def engine_deals(count: int, rng: random.Random) -> int:
    """Play ``count`` random deals on the engine; return the number of player decisions."""
    rnd = rng.random
    decisions = 0
    for n in range(count):
        deal = Deal(shuffled(rnd), n & 3)
        while not deal.is_over:
            legal = deal.legal_actions()
            deal.apply(legal[int(rnd() * len(legal))])
            decisions += 1
    return decisions


def spec_deals(count: int, rng: random.Random) -> int:
    """Play ``count`` random deals on the specification; return the number of player decisions."""
    rnd = rng.random
    cards = two_packs()[::2]
    decisions = 0
    for n in range(count):
        state = spec.new_deal([cards[i] for i in shuffled(rnd)], n & 3)
        while not state.is_over:
            legal = spec.legal_actions(state)
            state = spec.apply(state, legal[int(rnd() * len(legal))])
            decisions += 1
    return decisions


def load_baseline() -> Callable[[int, random.Random], int] | None:
    if not BASELINE.is_file():
        return None
    loaded = importlib.util.spec_from_file_location("tight_doubleduck", BASELINE)
    assert loaded is not None and loaded.loader is not None
    module = importlib.util.module_from_spec(loaded)
    loaded.loader.exec_module(module)
    return lambda count, rng: int(module.simulate(count, rng.random)["decisions"])


def rate(run: Callable[[int, random.Random], int], seconds: float, seed: int) -> tuple[float, float]:
    """Deals per second and decisions per second of ``run`` over about ``seconds``."""
    count = 5
    while True:
        began = time.perf_counter()
        decisions = run(count, random.Random(seed))
        elapsed = time.perf_counter() - began
        if elapsed >= seconds:
            return count / elapsed, decisions / elapsed
        count = max(count * 2, int(count * seconds / max(elapsed, 1e-3) * 1.1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    loops: dict[str, Callable[[int, random.Random], int]] = {"engine": engine_deals, "spec": spec_deals}
    baseline = load_baseline()
    if baseline is None:
        print(f"baseline not found at {BASELINE}; measuring the project only")
    else:
        loops["baseline"] = baseline
    deals: dict[str, list[float]] = {name: [] for name in loops}
    decisions: dict[str, list[float]] = {name: [] for name in loops}
    for round_number in range(args.rounds):
        for name, run in loops.items():
            per_deal, per_decision = rate(run, args.seconds, 1000 + round_number)
            deals[name].append(per_deal)
            decisions[name].append(per_decision)
            print(f"round {round_number + 1}: {name:8s} {per_deal:10,.0f} deals/s {per_decision:12,.0f} decisions/s")
    print()
    median = {name: statistics.median(values) for name, values in deals.items()}
    for name in loops:
        print(
            f"{name:8s} {median[name]:10,.0f} random deals/s {statistics.median(decisions[name]):12,.0f} "
            f"decisions/s (median of {args.rounds})"
        )
    if "baseline" in median:
        for name, target in TARGETS.items():
            print(f"{name:6s} / baseline = {median[name] / median['baseline']:.4f}  (target >= {target})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
