"""The strong bot against the greedy bot: strength and thinking time, against the targets of issue 15.

Usage: python benchmarks/bot.py [--decks N] [--games N] [--seed S] [--workers W]

* Deals: ``--decks`` decks (default 200), each dealt twice with the same dealer, the strong bot
  in one seat and then the other, so that the cards cannot favour either bot: the mean deal
  score difference (strong minus greedy) with its 95% confidence interval, which must lie above
  zero.
* Games: ``--games`` whole games to 250 (default 100), the seats and the first dealer
  alternating: the strong bot must win more than 60%.
* Time: the processor time of every decision of the strong bot (at its default budget): the
  mean must be at most 0.2 s and the largest at most 2 s. Processor time, not wall-clock time,
  so that other work on a shared machine does not count; the wall-clock figures are printed too.

The work is shared among ``--workers`` processes (default: the number of CPUs, at most 2). The
same arguments give the same games and results on any machine: the bots' budgets are counts.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from ducksoup.duck_soup.bots import Bot, GreedyBot
from ducksoup.duck_soup.engine import Deal
from ducksoup.duck_soup.simulate import new_deck, play_game
from ducksoup.duck_soup.strong import StrongBot
from ducksoup.stats import wilson
from duckspec.duck_soup.actions import Action
from duckspec.duck_soup.variants import RuleOptions

Z95 = 1.959963984540054


class Timed:
    """A bot whose decisions are timed (processor and wall-clock seconds)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.cpu: list[float] = []
        self.wall: list[float] = []

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        cpu, wall = time.process_time(), time.perf_counter()
        action = self.bot.choose(view, legal)
        self.cpu.append(time.process_time() - cpu)
        self.wall.append(time.perf_counter() - wall)
        return action


def deck_pair(number: int, seed: int) -> dict[str, Any]:
    """Deck ``number`` dealt twice, the strong bot in seat 0 and then in seat 1: the two differences."""
    deck = new_deck(random.Random(f"{seed}:deck:{number}"))
    dealer = number % 2
    differences = []
    strong = Timed(StrongBot(seed * 100_003 + number))
    for seat in (0, 1):
        deal = Deal(deck, dealer)
        players: list[Any] = [None, None]
        players[seat], players[1 - seat] = strong, GreedyBot(seed * 100_019 + number)
        while not deal.is_over:
            player = deal.to_act
            assert player is not None
            deal.apply(players[player].choose(deal.observation(player), deal.legal_actions()))
        scores = deal.scores()
        differences.append(scores[seat] - scores[1 - seat])
    return {"differences": differences, "cpu": strong.cpu, "wall": strong.wall}


def game(number: int, seed: int) -> dict[str, Any]:
    """Game ``number``: the strong bot in seat ``number % 2``, the first dealer alternating every two games."""
    strong = Timed(StrongBot(seed * 200_003 + number))
    bots: tuple[Bot, Bot] = (strong, GreedyBot(seed * 200_017 + number))
    record = play_game(random.Random(f"{seed}:game:{number}"), (number // 2) % 2, number % 2, bots, RuleOptions())
    return {"won": record.winner == 0, "deals": record.deals, "cpu": strong.cpu, "wall": strong.wall}


def _deck(args: tuple[int, int]) -> dict[str, Any]:
    return deck_pair(*args)


def _game(args: tuple[int, int]) -> dict[str, Any]:
    return game(*args)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=200)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args()
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {args.workers} workers")
    began_wall = time.perf_counter()
    cpu: list[float] = []
    wall: list[float] = []
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        decks = []
        for result in pool.imap(_deck, [(n, args.seed) for n in range(args.decks)], chunksize=1):
            decks.append(result)
            if len(decks) % 50 == 0 and len(decks) < args.decks:
                so_far = [d for r in decks for d in r["differences"]]
                print(f"  {len(decks)} decks: {statistics.fmean(so_far):+.1f} a deal so far", flush=True)
        differences = [d for r in decks for d in r["differences"]]
        for r in decks:
            cpu += r["cpu"]
            wall += r["wall"]
        mean = statistics.fmean(differences)
        half = Z95 * statistics.stdev(differences) / math.sqrt(len(differences))
        ok_deals = mean - half > 0
        print(
            f"deals: {len(differences)} ({args.decks} decks, each dealt twice with the seats swapped): "
            f"strong minus greedy {mean:+.1f} a deal, 95% CI {mean - half:+.1f} to {mean + half:+.1f} "
            f"(target: above zero) -- {'met' if ok_deals else 'NOT MET'}",
            flush=True,
        )
        games = pool.map(_game, [(n, args.seed) for n in range(args.games)], chunksize=1)
    won = sum(r["won"] for r in games)
    for r in games:
        cpu += r["cpu"]
        wall += r["wall"]
    low, high = wilson(won, len(games))
    ok_games = won > 0.6 * len(games)
    print(
        f"games: strong won {won} of {len(games)} ({won / len(games):.0%}, 95% CI {low:.0%}-{high:.0%}; "
        f"{statistics.fmean(r['deals'] for r in games):.1f} deals a game) (target: more than 60%) "
        f"-- {'met' if ok_games else 'NOT MET'}"
    )
    ok_time = statistics.fmean(cpu) <= 0.2 and max(cpu) <= 2.0
    print(
        f"time per decision of the strong bot ({len(cpu)} decisions), processor: mean {statistics.fmean(cpu):.3f} s, "
        f"largest {max(cpu):.2f} s (targets: mean <= 0.2 s, largest <= 2 s) -- {'met' if ok_time else 'NOT MET'}; "
        f"wall clock: mean {statistics.fmean(wall):.3f} s, largest {max(wall):.2f} s"
    )
    total_cpu = sum(cpu)
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        f"computing: {time.perf_counter() - began_wall:.0f} s wall clock, the strong bot's decisions "
        f"{total_cpu:.0f} s of processor time; all targets {'met' if ok_deals and ok_games and ok_time else 'NOT met'}"
    )
    return 0 if ok_deals and ok_games and ok_time else 1


if __name__ == "__main__":
    sys.exit(main())
