"""Aw Ducks!'s strong bot against greedy players, and the time of ``ducksoup analyse``, against the targets of issue 26.

Usage: python benchmarks/aw_ducks_analysis.py [--rounds N] [--games N] [--traces N] [--players 2 3 4] [--seed S]
       [--workers W] [--quick]

For 2, 3 and 4 players, one strong bot (at its default budget) sits among greedy bots:

* Rounds: ``--rounds`` rounds per count (default 300), the strong bot's seat and the start player moving round
  the table: the strong bot's mean round score minus the greedy players' mean, with its 95% confidence interval,
  which must lie above zero.
* Games: ``--games`` whole games to the suggested target per count (default 100), the strong bot's seat moving:
  its share of the wins (a shared win counts as a share) with its 95% Wilson interval, which must lie above 1/n.
* Time: the processor time of every decision of the strong bot with a choice: the mean must be at most 0.2 s and
  the largest at most 2 s (processor time, not wall clock, so that other work on a shared machine does not count).

Then ``ducksoup analyse`` at its default settings on ``--traces`` rounds of the suite (default 10, the greedy
bot's rounds for 2, 3 and 4 players in turn): the median processor time of the command (its own process and
children), which must be at most 120 s.

``--rounds 0`` leaves the rounds out, ``--games 0`` the games, ``--traces 0`` the analysis. ``--quick`` plays 30 rounds
and 10 games per count and analyses 3 traces (for a look, not for the targets). The work is shared among
``--workers`` processes (default: the number of CPUs, at most 2). The same arguments give the same games and
results on any machine: the bots' budgets are counts, their seeds drawn from ``--seed``.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import Any

from ducksoup.aw_ducks.bots import Bot, GreedyBot
from ducksoup.aw_ducks.engine import FULL, Game, Round
from ducksoup.aw_ducks.strong import StrongBot
from ducksoup.stats import wilson
from duckspec.aw_ducks.actions import Action

Z95 = 1.959963984540054
JSON = dict[str, Any]


class Timed:
    """A bot whose decisions with a choice are timed in processor seconds."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.cpu: list[float] = []

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        began = time.process_time()
        action = self.bot.choose(view, legal)
        self.cpu.append(time.process_time() - began)
        return action


def shuffled(rng: random.Random) -> list[int]:
    deck = list(FULL)
    rng.shuffle(deck)
    return deck


def seats(players: int, strong_seat: int, rng: random.Random) -> tuple[Timed, list[Bot]]:
    """The bots round the table: the strong one (timed) at ``strong_seat``, greedy ones elsewhere."""
    strong = Timed(StrongBot(rng.randrange(2**32)))
    bots: list[Bot] = [GreedyBot(rng.randrange(2**32)) for _ in range(players)]
    bots[strong_seat] = strong
    return strong, bots


def play(table: Round | Game, bots: Sequence[Bot], rng: random.Random) -> None:
    """Play to the end; a forced action is played without asking a bot; a game that needs a deck gets one."""
    while not table.is_over:
        if isinstance(table, Game) and table.needs_deck:
            table.add_decks([shuffled(rng)])
            continue
        legal = table.legal_actions()
        player = table.to_act
        assert player is not None
        table.apply(legal[0] if len(legal) == 1 else bots[player].choose(table.observation(player), legal))


def one_round(args: tuple[int, int, int]) -> JSON:
    number, players, seed = args
    rng = random.Random(f"aw-ducks-bench:round:{seed}:{players}:{number}")
    strong_seat = number % players
    strong, bots = seats(players, strong_seat, rng)
    played = Round(shuffled(rng), (number // players) % players, players)
    play(played, bots, rng)
    scores = played.points
    others = (sum(scores) - scores[strong_seat]) / (players - 1)
    return {"difference": scores[strong_seat] - others, "cpu": strong.cpu}


def one_game(args: tuple[int, int, int]) -> JSON:
    number, players, seed = args
    rng = random.Random(f"aw-ducks-bench:game:{seed}:{players}:{number}")
    strong_seat = number % players
    strong, bots = seats(players, strong_seat, rng)
    game = Game([shuffled(rng)], (number // players) % players, players)
    play(game, bots, rng)
    return {"won": game.winner == strong_seat, "rounds": len(game.round_scores), "cpu": strong.cpu}


def analyse_time(trace: str) -> float:
    """The processor seconds of ``ducksoup analyse TRACE`` at its default settings (the process and its children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "ducksoup", "analyse", trace], check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT MET"


def rounds_report(players: int, results: list[JSON]) -> bool:
    differences = [r["difference"] for r in results]
    mean = statistics.fmean(differences)
    half = Z95 * statistics.stdev(differences) / math.sqrt(len(differences))
    ok = mean - half > 0
    print(
        f"  {players} players, {len(differences)} rounds: strong minus the greedy players' mean {mean:+.1f} a round, "
        f"95% CI {mean - half:+.1f} to {mean + half:+.1f} (target: above zero) -- {verdict(ok)}",
        flush=True,
    )
    return ok


def games_report(players: int, results: list[JSON]) -> bool:
    won = sum(r["won"] for r in results)
    low, high = wilson(won, len(results))
    ok = low > 1 / players
    print(
        f"  {players} players, {len(results)} games: strong won {won} ({won / len(results):.0%}, 95% CI "
        f"{low:.0%}-{high:.0%}; {statistics.fmean(r['rounds'] for r in results):.1f} rounds a game) "
        f"(target: above 1/{players} = {1 / players:.0%}, the interval excluding it) -- {verdict(ok)}",
        flush=True,
    )
    return ok


SUITE_ROUNDS = tuple(f"ad-round-{players}p-greedy-0{n}" for n in range(1, 5) for players in (2, 3, 4))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--traces", type=int, default=10)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], choices=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--quick", action="store_true", help="30 rounds, 10 games per count, 3 traces")
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.games, args.traces = 30, 10, 3
    print(f"load average at the start: {load()}; {args.workers} workers", flush=True)
    began = time.perf_counter()
    ok, cpu = True, []
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        for players in args.players if args.rounds else ():  # every count's rounds first, then the games
            rounds = pool.map(one_round, [(n, players, args.seed) for n in range(args.rounds)], chunksize=1)
            ok &= rounds_report(players, rounds)
            cpu += [t for r in rounds for t in r["cpu"]]
        for players in args.players if args.games else ():
            games = pool.map(one_game, [(n, players, args.seed) for n in range(args.games)], chunksize=1)
            ok &= games_report(players, games)
            cpu += [t for r in games for t in r["cpu"]]
        ok_time = not cpu or time_report(cpu)
        times = pool.map(analyse_time, SUITE_ROUNDS[: args.traces], chunksize=1)
    ok_analyse = not times or analyse_report(times)
    print(f"load average at the end: {load()}; {time.perf_counter() - began:.0f} s of wall-clock time in all")
    return 0 if ok and ok_time and ok_analyse else 1


def time_report(cpu: list[float]) -> bool:
    mean, largest = statistics.fmean(cpu), max(cpu)
    ok = mean <= 0.2 and largest <= 2.0
    print(
        f"time per decision of the strong bot ({len(cpu)} decisions with a choice), processor: mean {mean:.3f} s, "
        f"largest {largest:.2f} s (targets: mean <= 0.2 s, largest <= 2 s) -- {verdict(ok)}",
        flush=True,
    )
    return ok


def analyse_report(times: list[float]) -> bool:
    median = statistics.median(times)
    ok_analyse = median <= 120
    print(
        f"ducksoup analyse at the default settings (16 samples), {len(times)} suite rounds: median processor time "
        f"{median:.1f} s (from {min(times):.1f} to {max(times):.1f} s) (target: at most 120 s) -- {verdict(ok_analyse)}"
    )
    return ok_analyse


if __name__ == "__main__":
    sys.exit(main())
