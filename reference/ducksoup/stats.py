"""Statistics for the simulations of every game of the family: distributions, rates with 95% intervals, tables.

``ducksoup simulate --game G`` plays bots against bots and reports what a rules question needs; each
game's simulation (``ducksoup/<game>/simulate.py``) counts its own events and uses these helpers to
summarise them the same way: percentiles and histograms of scores, win rates with Wilson intervals,
compact tables within 80 columns, and a progress bar on a terminal; and its command reads its
options and prints its report through the same few functions.
"""

from __future__ import annotations

import json
import math
import os
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

import click
from rich import box
from rich.console import Console
from rich.table import Table

from duckcheck.codec import EncodingError
from duckcheck.progress import progress_display
from ducksoup.bots import Bot

JSON = dict[str, Any]
T = TypeVar("T")
BotT = TypeVar("BotT")
ActionT = TypeVar("ActionT")
PERCENTILES = (10, 25, 50, 75, 90)
Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


def percentile(ordered: Sequence[float], p: float) -> float:
    """The ``p``-th percentile of sorted values, interpolating linearly between closest ranks."""
    position = (len(ordered) - 1) * p / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


class Tally:
    """A distribution of whole numbers kept as a count of each value: exact percentiles in bounded memory, so
    that a simulation of a million deals needs no more memory than one of a thousand."""

    def __init__(self, bucket: int = 25) -> None:
        self.bucket = bucket
        self.counts: Counter[int] = Counter()
        self.n = 0
        self.total = 0

    def add(self, value: int) -> None:
        self.counts[value] += 1
        self.n += 1
        self.total += value

    def value_at(self, rank: int) -> int:
        """The value at ``rank`` (0-based) in the sorted values."""
        seen = 0
        for value in sorted(self.counts):
            seen += self.counts[value]
            if rank < seen:
                return value
        raise IndexError(rank)

    def percentile(self, p: float) -> float:
        """The ``p``-th percentile, interpolating linearly between closest ranks (as :func:`percentile`)."""
        position = (self.n - 1) * p / 100
        low = math.floor(position)
        high = min(low + 1, self.n - 1)
        low_value, high_value = self.value_at(low), self.value_at(high)
        return low_value + (high_value - low_value) * (position - low)

    def report(self) -> JSON:
        """Mean, extremes, percentiles and a histogram in buckets of 25 of the values."""
        buckets: Counter[int] = Counter()
        for value, count in self.counts.items():
            buckets[value // self.bucket] += count
        highest = max(self.counts)
        return {
            "mean": round(self.total / self.n, 3),
            "min": min(self.counts),
            "max": highest,
            "percentiles": {str(p): round(self.percentile(p), 3) for p in PERCENTILES},
            "histogram": [
                {"from": b * self.bucket, "to": b * self.bucket + self.bucket - 1, "count": buckets.get(b, 0)}
                for b in range(highest // self.bucket + 1)
            ],
        }


def distribution(values: Iterable[int], bucket: int = 25) -> JSON:
    """Mean, extremes, percentiles and a histogram in buckets of ``bucket`` (0-24, 25-49, ...) of scores."""
    tally = Tally(bucket)
    for value in values:
        tally.add(value)
    return tally.report()


def summary(values: Sequence[float], percentiles: Sequence[int] = (10, 50, 90)) -> JSON:
    """Mean, extremes and the given percentiles (``p10``, ``p50``, ...) of values, for counts that need no histogram."""
    ordered = sorted(values)
    cuts = statistics.quantiles(ordered, n=100, method="inclusive") if len(ordered) > 1 else [ordered[0]] * 99
    return {
        "mean": round(statistics.fmean(ordered), 3),
        "min": ordered[0],
        **{f"p{p}": round(cuts[p - 1], 3) for p in percentiles},
        "max": ordered[-1],
    }


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: unlike the normal approximation it stays
    within [0, 1] and is honest near 0 and 1, where a strong bot's win rate lies."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(successes: int, trials: int) -> JSON:
    low, high = wilson(successes, trials)
    return {"count": successes, "rate": round(successes / trials, 4), "ci95": [round(low, 4), round(high, 4)]}


def per_second(count: int, seconds: float) -> float:
    """A throughput for a report: ``count`` a second, to one decimal from 100 up and to three significant
    figures below, so that a slow bot's 0.0417 deals a second is not rounded to 0."""
    value = count / max(seconds, 1e-9)
    return round(value, 1) if value >= 100 else float(f"{value:.3g}")


def throughput_text(rate_per_second: float, unit: str) -> str:
    """``12,345 deals/s``, ``42.5 deals/s``, or below one a second the time each takes: ``24 s/deal``.

    ``unit`` is singular (``deal``, ``round``, ``action``, ``game``).
    """
    if rate_per_second >= 1:
        return f"{_figure(rate_per_second)} {unit}s/s"
    if rate_per_second > 0:
        return f"{_figure(1 / rate_per_second)} s/{unit}"
    return f"no {unit}s"


def _figure(value: float) -> str:
    """A positive number for people: whole with thousands separators from 100 up, else three significant figures."""
    return f"{value:,.0f}" if value >= 100 else f"{value:.3g}"


@contextmanager
def progress_bar(console: Console, total: int, what: str) -> Iterator[Callable[[], None]]:
    """A progress bar on a terminal, nothing otherwise; yields the function that advances it."""
    if not console.is_terminal:
        yield lambda: None
        return
    with progress_display(console) as progress:
        task = progress.add_task(what, total=total)
        yield lambda: progress.advance(task)


def new_table(title: str, *columns: str) -> Table:
    """A table without side borders, its first column (the labels) left-aligned and the others right."""
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for column in columns:
        table.add_column(column, justify="right" if column else "left")
    return table


def interval(entry: JSON) -> str:
    low, high = entry["ci95"]
    return f"{low:.4f}-{high:.4f}"


def rate_text(entry: JSON) -> str:
    """A rate to four places, green when it is clearly above one half (its whole 95% interval is)."""
    text = f"{entry['rate']:.4f}"
    return f"[green]{text}[/]" if entry["ci95"][0] > 0.5 else text


def score_table(title: str, labels: Sequence[str], rows: Sequence[JSON]) -> Table:
    """A table of score distributions (:func:`distribution`), one row per label: mean, extremes, percentiles."""
    table = new_table(title, "", "mean", "min", "p10", "p25", "median", "p75", "p90", "max")
    for label, row in zip(labels, rows, strict=True):
        percentiles = (f"{row['percentiles'][str(p)]:g}" for p in PERCENTILES)
        table.add_row(label, f"{row['mean']:.1f}", str(row["min"]), *percentiles, str(row["max"]))
    return table


def print_histogram(console: Console, histogram: Sequence[JSON], width: int) -> None:
    """A distribution's histogram as bars of ``#``, the longest 50 wide; ``width`` is the bounds' digits."""
    widest = max(bucket["count"] for bucket in histogram)
    for bucket in histogram:
        bar = "#" * round(50 * bucket["count"] / widest)
        console.print(f"  {bucket['from']:>{width}}-{bucket['to']:<{width}} {bucket['count']:>7}  {bar}")


def event_table(entries: Mapping[str, JSON], names: Mapping[str, str]) -> Table:
    """How often each event happened (``entries``, rates by event), each named for people by ``names``."""
    table = new_table("Deals with", "", "deals", "fraction", "95% CI")
    for event, name in names.items():
        entry = entries[event]
        table.add_row(name, str(entry["count"]), f"{entry['rate']:.4f}", interval(entry))
    return table


def deal_timing_text(timing: JSON) -> str:
    """The speed of a simulation of deals, and of the deals in its games if it played any."""
    line = throughput_text(timing["deals_per_second"], "deal")
    if "game_deals_per_second" in timing:
        line += f", {throughput_text(timing['game_deals_per_second'], 'deal')} in games"
    return line


# Playing a simulation


def seeded_bots(names: Sequence[str], bots: Mapping[str, Callable[[int], BotT]], seed: int) -> list[BotT]:
    """The bots ``names`` name, in order, each built from its own seed drawn from the simulation's ``seed``: the
    same seed, the same bots (and a bot's seed does not depend on the decks' shuffles)."""
    rng = random.Random(f"ducksoup-bots:{seed}")
    return [bots[name](rng.randrange(2**32)) for name in names]


class Playable(Protocol[ActionT]):
    """An engine's deal, as a simulation plays it."""

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> Sequence[ActionT]: ...

    def apply(self, action: ActionT) -> None: ...

    def observation(self, player: int) -> JSON: ...


class Dealing(Playable[ActionT], Protocol):
    """An engine's game or match, which waits for a deck before each deal the decks given so far do not cover."""

    @property
    def needs_deck(self) -> bool: ...

    def add_decks(self, decks: Sequence[Sequence[int]]) -> None: ...


def play_turn(table: Playable[ActionT], seats: Sequence[Bot[ActionT]], player: int | None) -> ActionT:
    """The bot at ``player``'s seat chooses from that player's observation, and the action is played."""
    assert player is not None, "a table that is not over has a player to act"
    action = seats[player].choose(table.observation(player), table.legal_actions())
    table.apply(action)
    return action


def play_deal_out(
    deal: Playable[ActionT], seats: Sequence[Bot[ActionT]], to_act: Callable[[], int | None]
) -> Iterator[ActionT]:
    """Play ``deal`` to its end, each action chosen by the bot of the seat ``to_act`` names; each action as it is
    played, for the caller to note what happened."""
    while not deal.is_over:
        yield play_turn(deal, seats, to_act())


def play_game_out(
    game: Dealing[ActionT],
    seats: Sequence[Bot[ActionT]],
    to_act: Callable[[], int | None],
    new_deck: Callable[[], list[int]],
) -> None:
    """Play ``game`` to its end as :func:`play_deal_out` plays a deal, with a ``new_deck`` whenever it waits for
    one."""
    while not game.is_over:
        if game.needs_deck:
            game.add_decks([new_deck()])
        else:
            play_turn(game, seats, to_act())


def timed(console: Console, count: int, what: str, play: Callable[[int], None]) -> float:
    """Call ``play(index)`` for each of ``count`` deals, rounds or games (``what``), with a progress bar on a
    terminal; the seconds it took."""
    started = time.perf_counter()
    with progress_bar(console, count, what) as advance:
        for index in range(count):
            play(index)
            advance()
    return time.perf_counter() - started


def deals_and_games_report(
    header: JSON,
    console: Console,
    deals: tuple[int, Callable[[int], None], Callable[[], JSON]],
    games: tuple[int, Callable[[int], int], Callable[[], JSON]],
) -> JSON:
    """The report of a simulation of deals, then of whole games, as the trick-taking games give it: ``header``, the
    deals' figures, the games' (null without games) and the timing.

    ``deals`` and ``games`` each give how many to play, how to play number ``index`` (adding it to the figures;
    a game returns the deals it took) and the figures of those played.
    """
    count, play_deal, deal_figures = deals
    deal_seconds = timed(console, count, "deals", play_deal)
    report: JSON = {**header, **deal_figures(), "games": None}
    timing: JSON = {"deal_seconds": round(deal_seconds, 3), "deals_per_second": per_second(count, deal_seconds)}
    count, play_game, game_figures = games
    if count:
        game_deals = [0]

        def play_one_game(index: int) -> None:
            game_deals[0] += play_game(index)

        game_seconds = timed(console, count, "games", play_one_game)
        report["games"] = game_figures()
        timing["game_seconds"] = round(game_seconds, 3)
        timing["game_deals_per_second"] = per_second(game_deals[0], game_seconds)
    report["timing"] = timing
    return report


# The command line of a simulation

SEED_OPTION = click.option(
    "--seed", type=int, default=0, show_default=True, help="Seed of the deck shuffles (and the bots)."
)
JSON_OPTION = click.option(
    "--json", "as_json", is_flag=True, help="Print the report as one JSON object on standard output."
)


def games_option(what: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--games G``: also play G whole games (``what`` says how a game ends: ``whole games to 250``)."""
    return click.option("--games", type=int, default=0, show_default=True, metavar="G", help=f"Also play G {what}.")


def check_counts(count: int, unit: str, games: int) -> None:
    """A one-line error unless at least one ``unit`` (deal, round) is played and the games are not negative."""
    if count < 1:
        raise click.BadParameter(f"play at least 1 {unit}, not {count}", param_hint=f"'--{unit}s'")
    if games < 0:
        raise click.BadParameter(f"the number of games cannot be negative ({games})", param_hint="'--games'")


def option_value(hint: str, parse: Callable[[str], T], text: str) -> T:
    """``parse(text)``, a :class:`click.BadParameter` it raises naming the option ``hint`` (``'--bots'``)."""
    try:
        return parse(text)
    except click.BadParameter as error:
        error.param_hint = hint
        raise


def two_bots(text: str, bots: Collection[str]) -> tuple[str, str]:
    """``greedy,random``: the two bots named, each one of ``bots``; anything else is a one-line error."""
    names = tuple(name.strip().lower() for name in text.split(","))
    if len(names) != 2 or not all(names):
        raise click.BadParameter(f"give two bots separated by a comma, like 'greedy,random', not {text!r}")
    for name in names:
        if name not in bots:
            raise click.BadParameter(f"unknown bot {name!r}; the bots are {', '.join(sorted(bots))}")
    return names[0], names[1]


def rule_options(text: str, parse: Callable[[JSON, str], T], known: Iterable[str], numbers: Collection[str] = ()) -> T:
    """``key=value,...`` read as a game's rule options by its ``parse_options`` (``parse``), the digits of the
    options named in ``numbers`` as integers; anything else is a one-line error naming the ``known`` options."""
    data: JSON = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        key, equals, value = item.partition("=")
        key, value = key.strip().replace("-", "_"), value.strip()
        if not equals or not key or not value:
            raise click.BadParameter(f"{item!r} is not KEY=VALUE; the options are {', '.join(known)}")
        if key in data:
            raise click.BadParameter(f"option {key!r} is given twice")
        data[key] = int(value) if key in numbers and value.isdigit() else value
    try:
        return parse(data, "--options")
    except EncodingError as error:
        raise click.BadParameter(str(error).removeprefix("--options: ")) from None


def print_report(compute: Callable[[Console], JSON], show: Callable[[JSON, Console], None], as_json: bool) -> None:
    """Compute a simulation's report (``compute`` gets the console of its progress bar, on standard error) and
    print it: as one JSON object with ``as_json``, else by the game's ``show``. Ctrl-C ends it with status 130."""
    no_color = bool(os.environ.get("NO_COLOR"))
    try:
        report = compute(Console(stderr=True, no_color=no_color, highlight=False))
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
    if as_json:
        click.echo(json.dumps(report, indent=1))
    else:
        show(report, Console(no_color=no_color, highlight=False))
