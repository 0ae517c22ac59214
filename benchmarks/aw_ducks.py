"""Random Aw Ducks! rounds per second, side by side in one run: the engine, the specification, the baseline.

Usage: python benchmarks/aw_ducks.py [--seconds S] [--rounds R] [--players 2 3 4]

For each number of players, each round of measurement times the three loops one after the other
for about S seconds each (the machine is shared and noisy, so rounds interleave them); the
medians and their ratios are printed, in rounds and in player decisions per second. The rulings
change how many decisions a round takes (a Score turn less for a player who ends the round with a
Quick Quack or a Secret Stash, AD-R03), so both figures are shown. The engine and the spec are
driven through their public step API: legal actions, a random choice, apply. The baseline is
../shared/bench/tight_awducks.py, which shuffles and plays in one loop.
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

from ducksoup.aw_ducks.engine import FULL, Round
from duckspec.aw_ducks import rounds as spec
from duckspec.aw_ducks.components import card_from_index

BASELINE = Path(__file__).resolve().parent.parent.parent / "shared" / "bench" / "tight_awducks.py"
Loop = Callable[[int, random.Random, int], int]
"""A loop playing ``count`` rounds for ``players`` players with ``rng``; it returns the decisions made."""


def shuffled(rnd: Callable[[], float]) -> list[int]:
    """A uniformly random deck order of card numbers (Fisher-Yates, 95 draws)."""
    deck = list(FULL)
    for i in range(95, 0, -1):
        j = int(rnd() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def engine_rounds(count: int, rng: random.Random, players: int) -> int:
    """Play ``count`` random rounds on the engine; return the number of player decisions."""
    rnd = rng.random
    decisions = 0
    for n in range(count):
        game = Round(shuffled(rnd), n % players, players)
        while game.phase != "over":
            legal = game.legal_actions()
            game.apply(legal[int(rnd() * len(legal))])
            decisions += 1
    return decisions


def spec_rounds(count: int, rng: random.Random, players: int) -> int:
    rnd = rng.random
    cards = [card_from_index(i) for i in range(42)]
    decisions = 0
    for n in range(count):
        state = spec.new_round([cards[i] for i in shuffled(rnd)], n % players, players)
        while not state.is_over:
            legal = spec.legal_actions(state)
            state = spec.apply(state, legal[int(rnd() * len(legal))])
            decisions += 1
    return decisions


def load_baseline() -> Loop | None:
    if not BASELINE.is_file():
        return None
    loaded = importlib.util.spec_from_file_location("tight_awducks", BASELINE)
    assert loaded is not None and loaded.loader is not None
    module = importlib.util.module_from_spec(loaded)
    loaded.loader.exec_module(module)
    return lambda count, rng, players: int(module.simulate(count, rng.random, players)["decisions"])


def rate(run: Loop, seconds: float, seed: int, players: int) -> tuple[float, float]:
    """Rounds per second and decisions per second of ``run`` over about ``seconds``."""
    count = 20
    while True:
        began = time.perf_counter()
        decisions = run(count, random.Random(seed), players)
        elapsed = time.perf_counter() - began
        if elapsed >= seconds:
            return count / elapsed, decisions / elapsed
        count = max(count * 2, int(count * seconds / max(elapsed, 1e-3) * 1.1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], choices=(2, 3, 4))
    args = parser.parse_args()
    loops: dict[str, Loop] = {"engine": engine_rounds, "spec": spec_rounds}
    baseline = load_baseline()
    if baseline is None:
        print(f"baseline not found at {BASELINE}; measuring the project only")
    else:
        loops["baseline"] = baseline
    summary = []
    for players in args.players:
        rates: dict[str, list[float]] = {name: [] for name in loops}
        decisions: dict[str, list[float]] = {name: [] for name in loops}
        for round_number in range(args.rounds):
            for name, run in loops.items():
                per_round, per_decision = rate(run, args.seconds, 1000 + round_number, players)
                rates[name].append(per_round)
                decisions[name].append(per_decision)
                print(
                    f"{players} players, round {round_number + 1}: {name:8s} {per_round:10,.0f} rounds/s "
                    f"{per_decision:12,.0f} decisions/s",
                    flush=True,
                )
        median = {name: statistics.median(values) for name, values in rates.items()}
        per_decision = {name: statistics.median(values) for name, values in decisions.items()}
        summary.append((players, median, per_decision))
    print()
    for players, median, per_decision in summary:
        print(f"{players} players (medians of {args.rounds}):")
        for name in loops:
            print(f"  {name:8s} {median[name]:10,.0f} rounds/s {per_decision[name]:12,.0f} decisions/s")
        if "baseline" in median:
            for name, target in (("engine", 0.15), ("spec", 0.01)):
                print(
                    f"  {name:6s} / baseline = {median[name] / median['baseline']:.3f} in rounds/s "
                    f"(target >= {target}), {per_decision[name] / per_decision['baseline']:.3f} in decisions/s"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
