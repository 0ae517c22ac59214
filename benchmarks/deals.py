"""Random full deals per second, side by side in one run: the engine, the specification, the baseline.

Usage: python benchmarks/deals.py [--seconds S] [--rounds R]

Each round times the three loops one after the other for about S seconds each (the machine is
shared and noisy, so rounds interleave them); the medians and their ratios are printed. The
engine and the spec are driven through their public step API: legal actions, a random choice,
apply. The baseline is ../shared/bench/tight_ducksoup.py, which shuffles and plays in one loop.
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

from ducksoup.duck_soup.engine import Deal
from duckspec.cards import full_deck
from duckspec.duck_soup import deal as spec

BASELINE = Path(__file__).resolve().parent.parent.parent / "shared" / "bench" / "tight_ducksoup.py"


def shuffled(rnd: Callable[[], float]) -> list[int]:
    """A uniformly random deck order of card numbers (Fisher-Yates, 51 draws)."""
    deck = list(range(52))
    for i in range(51):
        j = i + int(rnd() * (52 - i))
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def engine_deals(count: int, rng: random.Random) -> int:
    """Play ``count`` random deals on the engine; return the number of player decisions."""
    rnd = rng.random
    decisions = 0
    for n in range(count):
        deal = Deal(shuffled(rnd), n & 1)
        while deal.phase != "over":
            legal = deal.legal_actions()
            deal.apply(legal[int(rnd() * len(legal))])
            decisions += 1
    return decisions


def spec_deals(count: int, rng: random.Random) -> int:
    rnd = rng.random
    cards = full_deck()
    decisions = 0
    for n in range(count):
        state = spec.new_deal([cards[i] for i in shuffled(rnd)], n & 1)
        while not state.is_over:
            legal = spec.legal_actions(state)
            state = spec.apply(state, legal[int(rnd() * len(legal))])
            decisions += 1
    return decisions


def load_baseline() -> Callable[[int, random.Random], int] | None:
    if not BASELINE.is_file():
        return None
    loaded = importlib.util.spec_from_file_location("tight_ducksoup", BASELINE)
    assert loaded is not None and loaded.loader is not None
    module = importlib.util.module_from_spec(loaded)
    loaded.loader.exec_module(module)
    return lambda count, rng: int(module.simulate(count, rng.random)["deals"])


def rate(run: Callable[[int, random.Random], int], seconds: float, seed: int) -> tuple[float, float]:
    """Deals per second and decisions per second of ``run`` over about ``seconds``."""
    count, elapsed, decisions = 50, 0.0, 0
    while True:
        began = time.perf_counter()
        decisions = run(count, random.Random(seed))
        elapsed = time.perf_counter() - began
        if elapsed >= seconds:
            return count / elapsed, decisions / elapsed
        count = max(count * 2, int(count * seconds / max(elapsed, 1e-3) * 1.1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    loops: dict[str, Callable[[int, random.Random], int]] = {"engine": engine_deals, "spec": spec_deals}
    baseline = load_baseline()
    if baseline is None:
        print(f"baseline not found at {BASELINE}; measuring the project only")
    else:
        loops["baseline"] = baseline
    rates: dict[str, list[float]] = {name: [] for name in loops}
    decisions: list[float] = []
    for round_number in range(args.rounds):
        for name, run in loops.items():
            deals, per_second = rate(run, args.seconds, 1000 + round_number)
            rates[name].append(deals)
            if name == "engine":
                decisions.append(per_second)
            print(f"round {round_number + 1}: {name:8s} {deals:10,.0f} deals/s", flush=True)
    median = {name: statistics.median(values) for name, values in rates.items()}
    print()
    for name, value in median.items():
        print(f"{name:8s} {value:10,.0f} random deals/s (median of {args.rounds})")
    print(f"engine   {statistics.median(decisions):10,.0f} player decisions/s")
    if "baseline" in median:
        print(f"engine / baseline = {median['engine'] / median['baseline']:.3f}  (target >= 0.15)")
        print(f"spec   / baseline = {median['spec'] / median['baseline']:.4f}  (target >= 0.01)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
