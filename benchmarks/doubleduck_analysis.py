"""Doubleduck's double-dummy solver, strong bot and analysis against the targets of issue 26, in processor time.

Usage: python benchmarks/doubleduck_analysis.py [--quick] [--workers W] [--seed S] [--only PART ...]
       [--positions N] [--decks N] [--games N] [--traces N]

* Solver: Soup positions at a trick's start with k cards each (dealt by random play from seeded decks), valued
  double dummy with no budget: the median and largest processor time for each k, the largest k whose median is
  at most 1 s (target: at least 4), the time at one card more; then what the default node budget does with a
  Soup's first lead (13 cards each: refused, with its one-line message) and the peak memory.
* Strong bot: a strong partnership against a greedy one, each deck dealt twice with the same dealer, the strong
  bots on one side and then on the other (200 deals: 100 decks), so the cards favour neither: the mean deal-score
  difference (strong minus greedy) with its 95% t-interval, which must lie above zero; whole games (50, the sides
  and first dealer alternating), more than 60% won, with the 95% Wilson interval; the processor time of every
  decision of the strong bot (mean at most 0.2 s, largest at most 2 s).
* Analysis: ``ducksoup analyse`` at its default settings on 10 suite deals (dd-deal-greedy-001 to -010): the median
  processor time (target: at most 120 s).

``--quick`` runs a few of each (for CI or a first look); ``--workers`` processes share the deals, games and
analyses (default: the number of processors, at most 2). The same arguments give the same games on any machine.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import resource
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from duckcheck.trace import trace_path
from ducksoup.analysis import t_quantile
from ducksoup.doubleduck.analyse import DEFAULT_SAMPLES, analysis
from ducksoup.doubleduck.bots import Bot, GreedyBot
from ducksoup.doubleduck.engine import Deal, Game
from ducksoup.doubleduck.solver import DEFAULT_BUDGET, BudgetExceeded, Solver, SoupPosition
from ducksoup.doubleduck.strong import StrongBot
from ducksoup.stats import wilson
from duckspec.doubleduck.actions import Play


def cpu() -> float:
    return time.process_time()


# The solver


def soup_position(seed: int, cards_each: int) -> SoupPosition:
    """A Soup position at a trick's start with ``cards_each`` cards each, reached by random play (calls likely)."""
    rng = random.Random(seed)
    deck = list(range(52)) * 2
    rng.shuffle(deck)
    deal = Deal(deck, seed % 4)
    while not (deal.course == 1 and not deal.table and len(deal.hands[deal.to_move]) == cards_each):
        legal = deal.legal_actions()
        calls = [action for action in legal if action.call.value != "none"]
        deal.apply(rng.choice(calls) if calls and rng.random() < 0.7 else rng.choice(legal))
    return SoupPosition.of_deal(deal)


def solve_time(args: tuple[int, int]) -> tuple[float, int, float]:
    """The processor seconds and nodes of one position's value, and the worker's peak memory so far (MiB)."""
    seed, cards_each = args
    position = soup_position(seed, cards_each)
    solver = Solver(budget=None)
    started = cpu()
    solver.result(position)
    return cpu() - started, solver.nodes, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def solver_figures(quick: bool, seed: int, pool: Any, sizes: argparse.Namespace) -> None:
    count = sizes.positions or (3 if quick else 7)
    print(f"Solver (double dummy, no budget; {count} positions at a trick's start per size, processor time):")
    largest, worker_peak = 0, 0.0
    for cards_each in range(1, 8):
        times = pool.map(solve_time, [(seed * 1000 + cards_each * 100 + i, cards_each) for i in range(count)])
        seconds = sorted(t for t, _, _ in times)
        nodes = statistics.median(n for _, n, _ in times)
        worker_peak = max(worker_peak, *(peak for _, _, peak in times))
        median = statistics.median(seconds)
        print(
            f"  {cards_each} cards each: median {median:.3f} s, largest {seconds[-1]:.3f} s, median {nodes:,.0f} nodes"
        )
        if median <= 1.0:
            largest = cards_each
        else:
            break
    print(f"  largest k with a median <= 1 s: {largest} (target: at least 4); the time at k+1 is the last line above")
    position = soup_position(seed, 13)
    started = cpu()
    try:
        Solver().result(position)
        print("  13 cards each: solved within the default budget (unexpected)")
    except BudgetExceeded as refused:
        print(
            f"  13 cards each, default budget {DEFAULT_BUDGET:,} nodes: refused after {cpu() - started:.1f} s "
            f"of processor time: {refused}"
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"  peak memory (resident): {worker_peak:.0f} MiB in a worker solving the positions above, {peak:.0f} MiB "
        "in this process after the refusal at 13"
    )


# The strong bot


class Timed:
    """A bot whose decisions are timed in processor seconds."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.cpu: list[float] = []

    def choose(self, view: Any, legal: Sequence[Play]) -> Play:
        started = cpu()
        action = self.bot.choose(view, legal)
        self.cpu.append(cpu() - started)
        return action


def seats(strong_side: int, seed: int) -> tuple[list[Any], list[Timed]]:
    """A bot per seat: strong ones (timed) on ``strong_side``, greedy ones on the other."""
    timed = [Timed(StrongBot(seed * 4 + seat)) for seat in range(2)]
    bots: list[Any] = []
    for seat in range(4):
        bots.append(timed[seat // 2] if seat & 1 == strong_side else GreedyBot(seed * 4 + seat))
    return bots, timed


def paired_deal(deck_seed: int) -> tuple[float, list[float]]:
    """One deck dealt twice, the strong bots on each side in turn: the mean strong-minus-greedy difference, and the
    processor time of every strong decision."""
    rng = random.Random(deck_seed)
    deck = list(range(52)) * 2
    rng.shuffle(deck)
    differences, times = [], []
    for strong_side in (0, 1):
        deal = Deal(deck, deck_seed % 4)
        bots, timed = seats(strong_side, deck_seed)
        while not deal.is_over:
            player = deal.to_move
            deal.apply(bots[player].choose(deal.observation(player), deal.legal_actions()))
        scores = deal.scores()
        differences.append(scores[strong_side] - scores[1 - strong_side])
        times.extend(t for bot in timed for t in bot.cpu)
    return statistics.fmean(differences), times


def strong_game(game_seed: int) -> tuple[bool, list[float]]:
    """A whole game, the strong bots on side ``game_seed % 2``, the first dealer moving: whether they won it."""
    rng = random.Random(f"game:{game_seed}")
    strong_side = game_seed % 2

    def deck() -> list[int]:
        cards = list(range(52)) * 2
        rng.shuffle(cards)
        return cards

    game = Game([deck()], game_seed % 4)
    bots, timed = seats(strong_side, game_seed)
    while not game.is_over:
        if game.needs_deck:
            game.add_decks([deck()])
            continue
        player = game.to_act
        assert player is not None
        game.apply(bots[player].choose(game.observation(player), game.legal_actions()))
    assert game.result is not None
    return game.result["winner"] == strong_side, [t for bot in timed for t in bot.cpu]


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    half = t_quantile(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def strong_figures(quick: bool, seed: int, pool: Any, sizes: argparse.Namespace) -> None:
    decks = sizes.decks or (10 if quick else 100)
    games = sizes.games or (6 if quick else 50)
    started = time.perf_counter()
    pairs = pool.map(paired_deal, [seed * 100_000 + i for i in range(decks)])
    mean, low, high = mean_interval([difference for difference, _ in pairs])
    print(f"Strong partnership against greedy ({2 * decks} deals: {decks} decks, each side in turn):")
    print(f"  mean deal-score difference {mean:+.1f}, 95% interval {low:+.1f} to {high:+.1f} (target: above 0)")
    played = pool.map(strong_game, [seed * 100_000 + i for i in range(games)])
    won = sum(1 for win, _ in played if win)
    lower, upper = wilson(won, games)
    print(f"  games: {won} of {games} won ({won / games:.0%}), 95% interval {lower:.0%} to {upper:.0%} (target: > 60%)")
    times = [t for _, ts in pairs for t in ts] + [t for _, ts in played for t in ts]
    print(
        f"  time per decision: mean {statistics.fmean(times):.3f} s (target <= 0.2), largest {max(times):.3f} s "
        f"(target <= 2), over {len(times):,} decisions"
    )
    print(f"  ({time.perf_counter() - started:.0f} s of wall-clock time for the deals and games)")


# The analysis


def analyse_time(trace_id: str) -> float:
    trace = json.loads(trace_path(trace_id).read_text())
    started = cpu()
    for _ in analysis(trace).events():
        pass
    return cpu() - started


def analysis_figures(quick: bool, seed: int, pool: Any, sizes: argparse.Namespace) -> None:
    ids = [f"dd-deal-greedy-{i:03d}" for i in range(1, 1 + (sizes.traces or (2 if quick else 10)))]
    seconds = sorted(pool.map(analyse_time, ids))
    print(f"Analysis (ducksoup analyse --game doubleduck, default settings: {DEFAULT_SAMPLES} samples):")
    print(
        f"  {len(ids)} suite deals: median {statistics.median(seconds):.1f} s of processor time "
        f"(target <= 120 s), fastest {seconds[0]:.1f} s, slowest {seconds[-1]:.1f} s"
    )


PARTS: dict[str, Callable[[bool, int, Any, argparse.Namespace], None]] = {
    "solver": solver_figures,
    "strong": strong_figures,
    "analysis": analysis_figures,
}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few of each, for a first look")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", nargs="+", choices=sorted(PARTS), default=list(PARTS))
    for name, what in (("positions", "solver positions per size"), ("decks", "decks"), ("games", "games")):
        parser.add_argument(f"--{name}", type=int, default=0, help=f"{what} instead of the mode's number")
    parser.add_argument("--traces", type=int, default=0, choices=range(11), help="suite deals analysed (at most 10)")
    args = parser.parse_args(argv)
    if args.workers < 1:
        parser.error(f"--workers {args.workers}: give at least 1")
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; {args.workers} worker(s); seed {args.seed}")
    started = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        for name in args.only:
            PARTS[name](args.quick, args.seed, pool, args)
            sys.stdout.flush()
    load = os.getloadavg()
    print(f"done in {time.perf_counter() - started:.0f} s of wall-clock time; load average {load[0]:.2f} at the end")


if __name__ == "__main__":
    main()
