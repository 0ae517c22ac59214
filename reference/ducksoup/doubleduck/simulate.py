"""``ducksoup simulate --game doubleduck``: partnerships of bots play deals (and games), to settle questions by numbers.

Two bots of :data:`ducksoup.doubleduck.roster.BOTS` play ``--deals N`` deals, bot A for one side (both
its seats) and bot B for the other, each deal from two packs shuffled by ``random.Random(seed)``, so
the same arguments always give the same figures (only the timing differs). The deal passes to the
left every deal and the bots change sides every four, so in eight deals each bot sits on each side
and each seat deals: neither the lead nor the seats can bias the result.

The report is per side (per partnership): deal scores with their distribution, the mean Duck and
Soup piles and tricks whose product the score is, deal win rates with 95% Wilson intervals, how
often the side that leads first wins the deal, and how often the calls and the rare cases happen
(a doubleduck, a third quack, a quack after a doubleduck, four cards of a rank in a trick, a side
scoring nothing, a side without a Duck trick). With ``--games G``, whole games to 1000 or four
deals: win rates, game points and how games end. ``--json`` prints it as one JSON object.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import click
from rich.console import Console

from duckcheck.codec import JSON
from duckcheck.doubleduck.encoding import OPTION_VALUES, options_json, parse_options
from ducksoup.doubleduck.bots import Bot
from ducksoup.doubleduck.engine import Deal, Game
from ducksoup.doubleduck.roster import BOTS
from ducksoup.stats import (
    JSON_OPTION,
    SEED_OPTION,
    check_counts,
    deal_timing_text,
    deals_and_games_report,
    distribution,
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
from duckspec.doubleduck import GAME_ID
from duckspec.doubleduck.actions import Call, Play
from duckspec.doubleduck.variants import RuleOptions
from duckspec.seats import side_of

BUCKET = 100
"""The width of the histogram's buckets of deal scores: 0-99, 100-199, ..."""
EVENTS = (
    "doubleduck",
    "third_quack",
    "quack_after_doubleduck",
    "four_of_a_rank",
    "zero_score",
    "no_duck_trick",
)
EVENT_NAMES = {
    "doubleduck": "a doubleduck",
    "third_quack": "a third quack",
    "quack_after_doubleduck": "a quack after a doubleduck",
    "four_of_a_rank": "four cards of a rank in a trick",
    "zero_score": "a side scoring nothing",
    "no_duck_trick": "a side without a Duck trick",
}
SIDES = (0, 1)


# Playing


@dataclass
class DealRecord:
    """What one finished deal tells, by bot (A, B) rather than by side: scores, piles, tricks and events."""

    scores: tuple[int, int]
    piles: tuple[tuple[int, int], tuple[int, int]]
    """``(duck, soup)`` cards stored by each bot's side."""
    tricks: tuple[tuple[int, int], tuple[int, int]]
    first_lead: int
    """The bot (0 for A) whose side led the first trick."""
    events: set[str] = field(default_factory=set)


def seating(index: int) -> tuple[int, int]:
    """The dealer and the side of bot A in deal (or game) ``index``.

    The deal passes to the left every deal and the bots change sides every four deals, so in every
    eight deals each bot deals from each of the four seats once.
    """
    return index % 4, (index // 4) % 2


def new_deck(rng: random.Random) -> list[int]:
    """Two packs, top card first, shuffled by ``rng``: the only source of chance besides the bots'."""
    deck = list(range(52)) * 2
    rng.shuffle(deck)
    return deck


class TrickWatch:
    """Notices the events of the tricks as they are played (the calls and ranks of each trick)."""

    def __init__(self) -> None:
        self.events: set[str] = set()
        self.cards: list[int] = []
        self.calls: list[Call] = []

    def see(self, action: Play) -> None:
        self.cards.append(action.card.index)
        self.calls.append(action.call)
        if action.call is Call.DOUBLEDUCK:
            self.events.add("doubleduck")
        elif action.call is Call.QUACK_QUACK_QUACK:
            self.events.add("third_quack")
        if action.call.quacks and Call.DOUBLEDUCK in self.calls[:-1]:
            self.events.add("quack_after_doubleduck")
        if len(self.cards) == 4:
            if len({card % 13 for card in self.cards}) == 1:
                self.events.add("four_of_a_rank")
            self.cards, self.calls = [], []


def record(summary: JSON, side_a: int, first_lead_side: int, events: set[str]) -> DealRecord:
    """The record of a finished deal (its summary, by side), by bot: A on ``side_a``, B on the other."""
    order = (side_a, 1 - side_a)
    scores, piles, tricks = summary["scores"], summary["piles"], summary["tricks"]
    if 0 in scores:
        events.add("zero_score")
    if any(tricks[side][0] == 0 for side in SIDES):
        events.add("no_duck_trick")
    return DealRecord(
        scores=(scores[order[0]], scores[order[1]]),
        piles=((piles[order[0]][0], piles[order[0]][1]), (piles[order[1]][0], piles[order[1]][1])),
        tricks=((tricks[order[0]][0], tricks[order[0]][1]), (tricks[order[1]][0], tricks[order[1]][1])),
        first_lead=0 if first_lead_side == side_a else 1,
        events=events,
    )


def players(bots: tuple[Bot, Bot], side_a: int) -> list[Bot]:
    """The bot at each seat: A at both seats of ``side_a``, B at the other two."""
    return [bots[0] if side_of(seat) == side_a else bots[1] for seat in range(4)]


def play_deal(deck: Sequence[int], dealer: int, side_a: int, bots: tuple[Bot, Bot], options: RuleOptions) -> DealRecord:
    """Play one deal to its end, each seat's bot choosing from its own player's observation only."""
    deal = Deal(deck, dealer, options)
    seats = players(bots, side_a)
    first_lead_side = side_of((dealer + 1) % 4)
    watch = TrickWatch()
    for action in play_deal_out(deal, seats, lambda: deal.to_act):
        watch.see(action)
    return record(deal.summary(), side_a, first_lead_side, watch.events)


@dataclass
class GameRecord:
    """One game played to its end: the winning bot, its game points, how it ended, the deals it took."""

    winner: int
    """0 for bot A, 1 for bot B."""
    game_points: int
    end: str
    deals: int


def play_game(
    rng: random.Random, first_dealer: int, side_a: int, bots: tuple[Bot, Bot], options: RuleOptions
) -> GameRecord:
    """Play a game to 1000 or four deals (more after level totals), dealing each new deck from ``rng`` as needed."""
    game = Game([new_deck(rng)], first_dealer, options)
    seats = players(bots, side_a)
    play_game_out(game, seats, lambda: game.to_act, lambda: new_deck(rng))
    result = game.result
    assert result is not None
    winner = 0 if result["winner"] == side_a else 1
    return GameRecord(winner, result["game_points"], result["end"], len(game.finished))


# Statistics


def by_bot(records: Sequence[DealRecord], names: tuple[str, str], part: str) -> list[JSON]:
    """The mean Duck and Soup counts of ``part`` (``piles`` or ``tricks``) for each bot's side."""
    n = len(records)
    return [
        {
            "bot": names[b],
            "duck": round(sum(getattr(r, part)[b][0] for r in records) / n, 3),
            "soup": round(sum(getattr(r, part)[b][1] for r in records) / n, 3),
        }
        for b in SIDES
    ]


def deal_report(records: Sequence[DealRecord], names: tuple[str, str]) -> JSON:
    """The deal statistics by side: scores, piles, tricks, win rates, the first lead's worth, events."""
    n = len(records)
    wins = [sum(r.scores[b] > r.scores[1 - b] for r in records) for b in SIDES]
    decided = [r for r in records if r.scores[0] != r.scores[1]]
    first_lead_wins = sum(r.scores[r.first_lead] > r.scores[1 - r.first_lead] for r in decided)
    return {
        "deal_scores": {
            "sides": [{"bot": names[b], **distribution([r.scores[b] for r in records], BUCKET)} for b in SIDES],
            "overall": distribution([score for r in records for score in r.scores], BUCKET),
        },
        "mean_piles": by_bot(records, names, "piles"),
        "mean_tricks": by_bot(records, names, "tricks"),
        "deal_wins": {
            "sides": [{"bot": names[b], **rate(wins[b], n)} for b in SIDES],
            "ties": rate(n - wins[0] - wins[1], n),
        },
        "first_lead_wins": rate(first_lead_wins, len(decided)) if decided else None,
        "events": {event: rate(sum(event in r.events for r in records), n) for event in EVENTS},
    }


def game_report(records: Sequence[GameRecord], names: tuple[str, str]) -> JSON:
    """The game statistics by side: win rates, game points, how the games ended, deals per game."""
    n = len(records)
    return {
        "played": n,
        "sides": [
            {
                "bot": names[b],
                **rate(sum(r.winner == b for r in records), n),
                "game_points": sum(r.game_points for r in records if r.winner == b),
            }
            for b in SIDES
        ],
        "ended_at_1000": rate(sum(r.end == "target" for r in records), n),
        "game_points": {str(points): sum(r.game_points == points for r in records) for points in range(1, 6)},
        "mean_deals": round(sum(r.deals for r in records) / n, 3),
    }


# The command


def run(deals: int, names: tuple[str, str], seed: int, games: int, options: RuleOptions, console: Console) -> JSON:
    """Play the deals and games and return the report (everything but ``timing`` depends only on the arguments)."""
    deck_rng = random.Random(seed)
    seeded: list[Bot] = seeded_bots(names, BOTS, seed)
    bots = (seeded[0], seeded[1])
    records: list[DealRecord] = []
    game_records: list[GameRecord] = []

    def play_one_deal(index: int) -> None:
        dealer, side_a = seating(index)
        records.append(play_deal(new_deck(deck_rng), dealer, side_a, bots, options))

    def play_one_game(index: int) -> int:
        dealer, side_a = seating(index)
        game_records.append(play_game(deck_rng, dealer, side_a, bots, options))
        return game_records[-1].deals

    header = {"game": GAME_ID, "deals": deals, "bots": list(names), "seed": seed, "options": options_json(options)}
    return deals_and_games_report(
        header,
        console,
        (deals, play_one_deal, lambda: deal_report(records, names)),
        (games, play_one_game, lambda: game_report(game_records, names)),
    )


def show(report: JSON, console: Console) -> None:
    """The report as compact tables for people, each within 80 columns."""
    names = report["bots"]
    labels = [f"[cyan]{names[0]}[/] (A)", f"[magenta]{names[1]}[/] (B)"]
    options = ", ".join(f"{key}={value}" for key, value in report["options"].items())
    console.print(
        f"[bold]{report['deals']} deals[/] of Doubleduck, side {labels[0]} against side {labels[1]}, "
        f"seed {report['seed']}"
    )
    console.print(f"rules: {options}")

    rows = [*report["deal_scores"]["sides"], report["deal_scores"]["overall"]]
    console.print(score_table("Deal scores by side", [*labels, "overall"], rows))
    console.print(f"[bold]Deal scores of both sides[/], in buckets of {BUCKET}")
    print_histogram(console, report["deal_scores"]["overall"]["histogram"], 5)

    deals = new_table("Deals by side", "", "won", "rate", "95% CI", "Duck", "Soup", "tricks")
    for b in SIDES:
        won, piles, tricks = report["deal_wins"]["sides"][b], report["mean_piles"][b], report["mean_tricks"][b]
        deals.add_row(
            labels[b],
            str(won["count"]),
            rate_text(won),
            interval(won),
            f"{piles['duck']:.2f}",
            f"{piles['soup']:.2f}",
            f"{tricks['duck']:.1f}+{tricks['soup']:.1f}",
        )
    ties = report["deal_wins"]["ties"]
    deals.add_row("ties", str(ties["count"]), f"{ties['rate']:.4f}", interval(ties), "", "", "")
    console.print(deals)
    console.print("Duck, Soup: the mean cards stored in each course; the score is their product")
    first = report["first_lead_wins"]
    if first is not None:
        console.print(f"the side leading first won {first['rate']:.4f} of the decided deals ({interval(first)})")
        console.print("(a measure of the first lead's worth when both sides play the same bot)", style="dim")

    console.print(event_table(report["events"], EVENT_NAMES))

    games = report["games"]
    if games:
        table = new_table(f"{games['played']} games, {games['mean_deals']:.2f} deals each", "", "won", "rate", "95% CI")
        for b in SIDES:
            won = games["sides"][b]
            table.add_row(labels[b], f"{won['count']} ({won['game_points']} gp)", rate_text(won), interval(won))
        console.print(table)
        ended = games["ended_at_1000"]
        console.print(f"games ended by a total of 1000: {ended['rate']:.4f} ({interval(ended)})")

    console.print(deal_timing_text(report["timing"]), style="dim")


@click.command()
@click.option("--deals", type=int, default=1000, show_default=True, metavar="N", help="Deals to play (at least 1).")
@click.option(
    "--bots",
    "bots_text",
    default="greedy,random",
    show_default=True,
    metavar="A,B",
    help=f"The bots of the two sides, among: {', '.join(sorted(BOTS))}.",
)
@SEED_OPTION
@games_option("whole games (1000 or 4 deals)")
@click.option(
    "--options", "options_text", default="", metavar="KEY=VALUE,...", help="Rule options: draw=winner-first|as-played."
)
@JSON_OPTION
def simulate(deals: int, bots_text: str, seed: int, games: int, options_text: str, as_json: bool) -> None:
    """Play Doubleduck deals between two partnerships of bots on the engine and report per-side statistics.

    Each deal is dealt from two packs shuffled by the seed, so the same arguments give the same
    figures; the deal passes to the left and the bots change sides every four deals.
    """
    check_counts(deals, "deal", games)
    names = option_value("'--bots'", lambda text: two_bots(text, BOTS), bots_text)
    options = option_value("'--options'", lambda text: rule_options(text, parse_options, OPTION_VALUES), options_text)
    print_report(lambda progress: run(deals, names, seed, games, options, progress), show, as_json)
