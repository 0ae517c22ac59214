"""``ducksoup simulate``: bots play deals (and games) on the engine, to settle questions by numbers.

Two bots of :data:`ducksoup.duck_soup.roster.BOTS` play ``--deals N`` deals, each from a deck shuffled by
``random.Random(seed)``, so the same arguments always give the same figures (only the timing
differs). The dealer alternates and the bots swap seats every two deals, so each bot deals
half the deals from each seat: who leads first and who sits where cannot bias the result.

The report gives what a rules question needs: deal scores per bot and overall, with their
distribution; how often quacks, quack-quacks, duck soups, twelve-trick Soups and pointless
courses happen; deal win rates with 95% Wilson intervals; and, with ``--games G``, whole games
to 250 (or matches, with ``best_of``) and their win rates. ``--json`` prints it as one JSON object.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import click
from rich.console import Console

from duckcheck.duck_soup.encoding import OPTION_VALUES, options_json, parse_options
from ducksoup.duck_soup.bots import Bot
from ducksoup.duck_soup.engine import Deal, Match
from ducksoup.duck_soup.roster import BOTS
from ducksoup.stats import (
    JSON_OPTION,
    SEED_OPTION,
    Tally,
    check_counts,
    deal_timing_text,
    deals_and_games_report,
    event_table,
    games_option,
    interval,
    new_table,
    option_value,
    play_deal_out,
    play_game_out,
    print_histogram,
    print_report,
    rate,
    rate_text,
    rule_options,
    score_table,
    seeded_bots,
    two_bots,
)
from duckspec.duck_soup import GAME_ID
from duckspec.duck_soup.actions import Play
from duckspec.duck_soup.quacking import Call
from duckspec.duck_soup.variants import RuleOptions
from duckspec.seats import opponent

JSON = dict[str, Any]
"""The width of the histogram's buckets of deal scores: 0-24, 25-49, ..."""
EVENTS = ("quack", "quack_quack", "duck_soup", "twelve_trick_soup", "zero_point_course")
EVENT_NAMES = {
    "quack": "a quack",
    "quack_quack": "a quack-quack",
    "duck_soup": "a duck soup",
    "twelve_trick_soup": "a twelve-trick Soup",
    "zero_point_course": "a course without a point",
}


# Playing


@dataclass
class DealRecord:
    """What one finished deal tells: the bots' scores and points, and which events happened."""

    scores: tuple[int, int]
    """Deal scores by bot (bot A, bot B), not by seat."""
    points: tuple[tuple[int, int], tuple[int, int]]
    """``(duck, soup)`` points by bot."""
    events: set[str] = field(default_factory=set)


def seats(index: int) -> tuple[int, int]:
    """The dealer and the seat of bot A in deal (or game) ``index``.

    The dealer alternates every deal and the bots swap seats every two, so in every four deals
    each bot deals twice, once from each seat.
    """
    return index % 2, (index // 2) % 2


def new_deck(rng: random.Random) -> list[int]:
    """A deck, top card first, shuffled by ``rng``: the only source of chance besides the bots'."""
    deck = list(range(52))
    rng.shuffle(deck)
    return deck


def call_event(action: object) -> str | None:
    """The event an action is: a quack, a quack-quack or a duck soup; None for anything else."""
    if isinstance(action, Play) and action.call is not Call.NONE:
        return {Call.QUACK: "quack", Call.QUACK_QUACK: "quack_quack", Call.DUCK_SOUP: "duck_soup"}[action.call]
    return None


def record(deal: Deal, seat_a: int, events: set[str]) -> DealRecord:
    """The record of a finished deal, by bot: A in ``seat_a``, B in the other seat."""
    order = (seat_a, opponent(seat_a))
    scores = deal.scores()
    if deal.tricks[0][1] + deal.tricks[1][1] == 12:  # the Duck ended with a quack-quack on a stock of two
        events.add("twelve_trick_soup")
    if any(deal.points[p][course] == 0 for p in (0, 1) for course in (0, 1)):
        events.add("zero_point_course")
    return DealRecord(
        scores=(scores[order[0]], scores[order[1]]),
        points=(
            (deal.points[order[0]][0], deal.points[order[0]][1]),
            (deal.points[order[1]][0], deal.points[order[1]][1]),
        ),
        events=events,
    )


def play_deal(deck: Sequence[int], dealer: int, seat_a: int, bots: tuple[Bot, Bot], options: RuleOptions) -> DealRecord:
    """Play one deal to its end, each bot choosing from its own player's observation only."""
    deal = Deal(deck, dealer, options)
    players = (bots[0], bots[1]) if seat_a == 0 else (bots[1], bots[0])
    events: set[str] = set()
    for action in play_deal_out(deal, players, lambda: deal.to_act):
        event = call_event(action)
        if event:
            events.add(event)
    return record(deal, seat_a, events)


@dataclass
class GameRecord:
    """One game (or match) played to its end: the winning bot, the value won, the deals it took."""

    winner: int
    """0 for bot A, 1 for bot B."""
    value: int
    """Games won by the winner: 2 for a double game (pond or soup), a match's tally otherwise."""
    deals: int


def play_game(
    rng: random.Random, first_dealer: int, seat_a: int, bots: tuple[Bot, Bot], options: RuleOptions
) -> GameRecord:
    """Play a game to 250 (a match when ``best_of`` > 1), dealing each new deck from ``rng`` as needed."""
    match = Match([new_deck(rng)], first_dealer, options)
    players = (bots[0], bots[1]) if seat_a == 0 else (bots[1], bots[0])
    play_game_out(match, players, lambda: match.deal.to_act, lambda: new_deck(rng))
    assert match.winner is not None
    winner = match.winner if seat_a == 0 else opponent(match.winner)
    return GameRecord(winner=winner, value=match.games_won[match.winner], deals=match.dealt)


# Statistics
#
# Kept as running tallies (counts of each deal score, sums, event counts), never as a list of
# deals, so memory stays flat however many deals are played; the figures are exact all the same.


class DealStats:
    """The running statistics of the deals played so far (see :func:`deal_report`)."""

    def __init__(self) -> None:
        self.n = 0
        self.scores = (Tally(), Tally())
        self.overall = Tally()
        self.points = [[0, 0], [0, 0]]
        self.events: Counter[str] = Counter()
        self.wins = [0, 0]

    def add(self, record: DealRecord) -> None:
        self.n += 1
        for b in (0, 1):
            self.scores[b].add(record.scores[b])
            self.overall.add(record.scores[b])
            self.points[b][0] += record.points[b][0]
            self.points[b][1] += record.points[b][1]
            self.wins[b] += record.scores[b] > record.scores[opponent(b)]
        self.events.update(record.events)

    def report(self, names: tuple[str, str]) -> JSON:
        """The deal statistics: scores, events and deal win rates."""
        n = self.n
        return {
            "deal_scores": {
                "bots": [{"bot": names[b], **self.scores[b].report()} for b in (0, 1)],
                "overall": self.overall.report(),
            },
            "mean_points": [
                {"bot": names[b], "duck": round(self.points[b][0] / n, 3), "soup": round(self.points[b][1] / n, 3)}
                for b in (0, 1)
            ],
            "events": {event: rate(self.events[event], n) for event in EVENTS},
            "deal_wins": {
                "bots": [{"bot": names[b], **rate(self.wins[b], n)} for b in (0, 1)],
                "ties": rate(n - self.wins[0] - self.wins[1], n),
            },
        }


def deal_report(records: Iterable[DealRecord], names: tuple[str, str]) -> JSON:
    """The deal statistics of ``records``: scores, events and deal win rates."""
    stats = DealStats()
    for record in records:
        stats.add(record)
    return stats.report(names)


class GameStats:
    """The running statistics of the games (or matches) played so far (see :func:`game_report`)."""

    def __init__(self) -> None:
        self.n = 0
        self.wins = [0, 0]
        self.doubles = [0, 0]
        self.deals = 0

    def add(self, record: GameRecord) -> None:
        self.n += 1
        self.wins[record.winner] += 1
        self.doubles[record.winner] += record.value >= 2
        self.deals += record.deals

    def report(self, names: tuple[str, str], options: RuleOptions) -> JSON:
        """The game (or match) statistics: win rates, double games, deals per game."""
        n = self.n
        return {
            "played": n,
            "unit": "game" if options.best_of == 1 else f"match (best of {options.best_of})",
            "bots": [
                {
                    "bot": names[b],
                    **rate(self.wins[b], n),
                    "double": self.doubles[b] if options.best_of == 1 else None,
                }
                for b in (0, 1)
            ],
            "mean_deals": round(self.deals / n, 3),
        }


def game_report(records: Iterable[GameRecord], names: tuple[str, str], options: RuleOptions) -> JSON:
    """The game (or match) statistics of ``records``: win rates, double games, deals per game."""
    stats = GameStats()
    for record in records:
        stats.add(record)
    return stats.report(names, options)


# The command


def run(deals: int, names: tuple[str, str], seed: int, games: int, options: RuleOptions, console: Console) -> JSON:
    """Play the deals and games and return the report (everything but ``timing`` depends only on the arguments)."""
    deck_rng = random.Random(seed)
    seeded: list[Bot] = seeded_bots(names, BOTS, seed)
    bots = (seeded[0], seeded[1])
    deal_stats, game_stats = DealStats(), GameStats()

    def play_one_deal(index: int) -> None:
        dealer, seat_a = seats(index)
        deal_stats.add(play_deal(new_deck(deck_rng), dealer, seat_a, bots, options))

    def play_one_game(index: int) -> int:
        dealer, seat_a = seats(index)
        played = play_game(deck_rng, dealer, seat_a, bots, options)
        game_stats.add(played)
        return played.deals

    header = {"game": GAME_ID, "deals": deals, "bots": list(names), "seed": seed, "options": options_json(options)}
    return deals_and_games_report(
        header,
        console,
        (deals, play_one_deal, lambda: deal_stats.report(names)),
        (games, play_one_game, lambda: game_stats.report(names, options)),
    )


def show(report: JSON, console: Console) -> None:
    """The report as compact tables for people, each within 80 columns."""
    names = report["bots"]
    labels = [f"[cyan]{names[0]}[/] (A)", f"[magenta]{names[1]}[/] (B)"]
    options = ", ".join(f"{key}={value}" for key, value in report["options"].items())
    console.print(f"[bold]{report['deals']} deals[/], {labels[0]} against {labels[1]}, seed {report['seed']}")
    console.print(f"rules: {options}")

    rows = [*report["deal_scores"]["bots"], report["deal_scores"]["overall"]]
    console.print(score_table("Deal scores", [*labels, "overall"], rows))
    console.print("[bold]Deal scores of both players[/], in buckets of 25")
    print_histogram(console, report["deal_scores"]["overall"]["histogram"], 4)

    deals = new_table("Deals", "", "won", "rate", "95% CI", "Duck pts", "Soup pts")
    for b in (0, 1):
        won, points = report["deal_wins"]["bots"][b], report["mean_points"][b]
        deals.add_row(
            labels[b],
            str(won["count"]),
            rate_text(won),
            interval(won),
            f"{points['duck']:.2f}",
            f"{points['soup']:.2f}",
        )
    ties = report["deal_wins"]["ties"]
    deals.add_row("ties", str(ties["count"]), f"{ties['rate']:.4f}", interval(ties), "", "")
    console.print(deals)

    console.print(event_table(report["events"], EVENT_NAMES))

    games = report["games"]
    if games:
        unit = games["unit"]
        table = new_table(
            f"{games['played']} {unit}s, {games['mean_deals']:.2f} deals each", "", "won", "rate", "95% CI"
        )
        for b in (0, 1):
            won = games["bots"][b]
            double = f" ({won['double']} double)" if won["double"] is not None else ""
            table.add_row(labels[b], f"{won['count']}{double}", rate_text(won), interval(won))
        console.print(table)
    console.print(deal_timing_text(report["timing"]), style="dim")


@click.command(short_help="Play bots against each other: scores, events and win rates.")
@click.option("--deals", type=int, default=1000, show_default=True, metavar="N", help="Deals to play (at least 1).")
@click.option(
    "--bots",
    "bots_text",
    default="greedy,random",
    show_default=True,
    metavar="A,B",
    help=f"The two bots, among: {', '.join(sorted(BOTS))}.",
)
@SEED_OPTION
@games_option("whole games to 250")
@click.option(
    "--options",
    "options_text",
    default="",
    metavar="KEY=VALUE,...",
    help="Rule options: stock=face-up|hidden, best_of=1|3|5, double_draw=winner-first|alternate, calls=spoken|silent.",
)
@JSON_OPTION
def simulate(deals: int, bots_text: str, seed: int, games: int, options_text: str, as_json: bool) -> None:
    """Play deals between two bots on the engine and report scores, events and win rates.

    Each deal is dealt from a deck shuffled by the seed, so the same arguments give the same
    figures; the dealer alternates and the bots swap seats, so each deals half the time.
    """
    check_counts(deals, "deal", games)
    names = option_value("'--bots'", lambda text: two_bots(text, BOTS), bots_text)
    options = option_value(
        "'--options'", lambda text: rule_options(text, parse_options, OPTION_VALUES, numbers={"best_of"}), options_text
    )
    print_report(lambda progress: run(deals, names, seed, games, options, progress), show, as_json)
