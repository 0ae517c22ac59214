"""``ducksoup simulate --game aw-ducks``: bots play rounds (and games) on the engine, to settle questions by numbers.

``--players N`` bots (:data:`ducksoup.aw_ducks.roster.BOTS`, one kind per seat, given by ``--bots``
and repeated round the table) play ``--rounds R`` rounds, each from a deck shuffled by
``random.Random(seed)``, so the same arguments always give the same figures (only the timing
differs). The start player moves one seat to the left every round, so no seat starts more often
than another. Each bot decides from its own player's observation only; a turn with a single
legal action (a forced or final Score, a Draw on an empty tableau) is played without asking it.

The report gives what a rules question needs: the mean score of each seat and its share of the
round wins (a shared top score shares the win, ruling AD-R16); how long a round is, in actions
(every Draw, Score and Discard, forced and final Scores included); how often each kind of duck
is scored (taken from the pond by a Score), and stashed; how rounds end (§9); and, with
``--games G``, whole games to the target, their length in rounds and their win shares.
``--json`` prints it as one JSON object.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import click
from rich.console import Console

from duckcheck.aw_ducks.encoding import OPTION_VALUES, options_json
from duckcheck.codec import JSON
from ducksoup.aw_ducks.bots import Bot
from ducksoup.aw_ducks.engine import FULL, NAMES, NUMBERS, OVER, Game, Round
from ducksoup.aw_ducks.roster import BOTS
from ducksoup.stats import (
    JSON_OPTION,
    SEED_OPTION,
    check_counts,
    games_option,
    new_table,
    per_second,
    print_report,
    seeded_bots,
    summary,
    throughput_text,
    timed,
)
from duckspec.aw_ducks import GAME_ID, PLAYERS
from duckspec.aw_ducks.actions import Action, Discard
from duckspec.aw_ducks.discarding import benefit_of
from duckspec.aw_ducks.options import RuleOptions

DUCK_KINDS = ("red", "yellow", "green", "blue", "purple", "rainbow")
ENDINGS = ("draw", "safe-draw", "quick-quack", "secret-stash")
"""How a round can end (§9): the action that wanted a card from the empty deck."""


@dataclass(frozen=True)
class RoundRecord:
    """What one finished round tells."""

    scores: tuple[int, ...]
    actions: int
    ending: str
    scored: tuple[int, ...]
    """Ducks taken from the pond by Scores, by kind (red, yellow, green, blue, purple, rainbow)."""
    stashed: tuple[int, ...]
    """Ducks that went into a Secret Stash, by kind."""

    @property
    def winners(self) -> tuple[int, ...]:
        best = max(self.scores)
        return tuple(seat for seat, score in enumerate(self.scores) if score == best)


def ending_of(action: Action) -> str:
    """The kind of turn that ended a round: a Draw, or the benefit of the card discarded (§8, §9)."""
    return benefit_of(action.card).value if isinstance(action, Discard) else "draw"


def ducks_by_kind(piles: Sequence[Sequence[int]]) -> tuple[int, ...]:
    counts = [0] * 6
    for pile in piles:
        for card in pile:
            if card >= NUMBERS:
                counts[card - NUMBERS] += 1
    return tuple(counts)


def play_until_counted(play: Round | Game, bots: Sequence[Bot]) -> RoundRecord:
    """Play the current round of ``play`` to its count, each bot choosing from its own observation."""
    current = play.round if isinstance(play, Game) else play
    actions, ending = 0, ""
    while current.phase is not OVER:
        legal = current.legal_actions()
        player = current.p
        action = legal[0] if len(legal) == 1 else bots[player].choose(current.observation(player), legal)
        ended = current.ender is not None
        play.apply(action)
        actions += 1
        if not ended and current.ender is not None:
            ending = ending_of(action)
    return RoundRecord(
        tuple(current.points), actions, ending, ducks_by_kind(current.scored), ducks_by_kind(current.stashes)
    )


def new_deck(rng: random.Random) -> list[int]:
    """A deck of the engine's card numbers, top first, shuffled by ``rng``."""
    deck = list(FULL)
    rng.shuffle(deck)
    return deck


@dataclass(frozen=True)
class GameRecord:
    rounds: int
    winner: int
    totals: tuple[int, ...]


def play_game(rng: random.Random, start: int, bots: Sequence[Bot], options: RuleOptions) -> GameRecord:
    """A whole game to the target, a fresh deck for every round."""
    game = Game([new_deck(rng)], start, len(bots), options)
    rounds = 0
    while game.winner is None:
        if game.needs_deck:
            game.add_decks([new_deck(rng)])
        play_until_counted(game, bots)
        rounds += 1
    return GameRecord(rounds, game.winner, tuple(game.totals))


# Statistics


def round_report(records: Sequence[RoundRecord], names: Sequence[str]) -> JSON:
    n = len(records)
    seats = []
    for seat, name in enumerate(names):
        wins = sum(1 / len(r.winners) for r in records if seat in r.winners)
        seats.append({"seat": seat, "bot": name, **summary([r.scores[seat] for r in records]), "win_share": wins / n})
    for entry in seats:
        entry["win_share"] = round(entry["win_share"], 4)
    ducks = [
        {
            "duck": NAMES[NUMBERS + kind],
            "kind": DUCK_KINDS[kind],
            "scored_per_round": round(sum(r.scored[kind] for r in records) / n, 3),
            "share_of_the_four_scored": round(sum(r.scored[kind] for r in records) / (4 * n), 4),
            "rounds_with_one_scored": round(sum(1 for r in records if r.scored[kind]) / n, 4),
            "stashed_per_round": round(sum(r.stashed[kind] for r in records) / n, 3),
        }
        for kind in range(6)
    ]
    return {
        "scores": {"seats": seats, "overall": summary([score for r in records for score in r.scores])},
        "round_length": summary([r.actions for r in records]),
        "ducks": ducks,
        "endings": {kind: round(sum(1 for r in records if r.ending == kind) / n, 4) for kind in ENDINGS},
    }


def game_report(records: Sequence[GameRecord], names: Sequence[str]) -> JSON:
    n = len(records)
    return {
        "count": n,
        "rounds": summary([r.rounds for r in records]),
        "winning_total": summary([r.totals[r.winner] for r in records]),
        "wins": [
            {"seat": seat, "bot": name, "share": round(sum(1 for r in records if r.winner == seat) / n, 4)}
            for seat, name in enumerate(names)
        ],
    }


def run(rounds: int, names: Sequence[str], seed: int, games: int, options: RuleOptions, console: Console) -> JSON:
    """Play the rounds and games and return the report (everything but ``timing`` depends only on the arguments)."""
    players = len(names)
    deck_rng = random.Random(seed)
    bots: list[Bot] = seeded_bots(names, BOTS, seed)
    records: list[RoundRecord] = []

    def play_one_round(index: int) -> None:
        records.append(play_until_counted(Round(new_deck(deck_rng), index % players, players, options), bots))

    seconds = timed(console, rounds, "rounds", play_one_round)
    actions = sum(r.actions for r in records)
    report: JSON = {
        "game": GAME_ID,
        "players": players,
        "bots": list(names),
        "seed": seed,
        "rounds": rounds,
        "options": options_json(options),
        **round_report(records, names),
    }
    timing = {"rounds_per_second": per_second(rounds, seconds), "actions_per_second": per_second(actions, seconds)}
    if games:
        played: list[GameRecord] = []

        def play_one_game(index: int) -> None:
            played.append(play_game(deck_rng, index % players, bots, options))

        game_seconds = timed(console, games, "games", play_one_game)
        report["games"] = game_report(played, names)
        timing["games_per_second"] = per_second(games, game_seconds)
    report["timing"] = timing
    return report


# Showing the report


def show(report: JSON, console: Console) -> None:
    console.print(
        f"{report['rounds']} rounds of Aw Ducks! for {report['players']} players, seed {report['seed']}; "
        f"target {report['options']['target']}"
    )
    scores = new_table(
        "Round scores (a shared top score shares the win)",
        "",
        "mean",
        "min",
        "p10",
        "median",
        "p90",
        "max",
        "win share",
    )
    for entry in [*report["scores"]["seats"], {"seat": "all", "bot": "", **report["scores"]["overall"]}]:
        label = f"seat {entry['seat']} {entry['bot']}".rstrip()
        share = f"{entry['win_share']:.4f}" if "win_share" in entry else ""
        scores.add_row(
            label, f"{entry['mean']:.1f}", *(str(entry[k]) for k in ("min", "p10", "p50", "p90", "max")), share
        )
    console.print(scores)
    length = report["round_length"]
    console.print(
        f"Round length in actions: mean {length['mean']:.1f}, min {length['min']}, p10 {length['p10']}, "
        f"median {length['p50']}, p90 {length['p90']}, max {length['max']}"
    )
    ducks = new_table(
        "Ducks (four of each kind in a deck)", "", "scored/round", "share scored", "rounds scored", "stashed/round"
    )
    for entry in report["ducks"]:
        ducks.add_row(
            f"{entry['duck']} {entry['kind']}",
            f"{entry['scored_per_round']:.3f}",
            f"{entry['share_of_the_four_scored']:.4f}",
            f"{entry['rounds_with_one_scored']:.4f}",
            f"{entry['stashed_per_round']:.3f}",
        )
    console.print(ducks)
    endings = ", ".join(f"{kind} {share:.4f}" for kind, share in report["endings"].items())
    console.print(f"Rounds end in: {endings}")
    if "games" in report:
        games = report["games"]
        wins = ", ".join(f"seat {w['seat']} {w['bot']} {w['share']:.4f}" for w in games["wins"])
        console.print(
            f"{games['count']} games: {games['rounds']['mean']:.2f} rounds on average "
            f"(p10 {games['rounds']['p10']}, p90 {games['rounds']['p90']}); "
            f"winning total {games['winning_total']['mean']:.1f}; wins: {wins}"
        )
    timing = report["timing"]
    rounds, actions = timing["rounds_per_second"], timing["actions_per_second"]
    line = f"{throughput_text(rounds, 'round')}, {throughput_text(actions, 'action')}"
    if "games_per_second" in timing:
        line += f", {throughput_text(timing['games_per_second'], 'game')}"
    console.print(line, style="dim")


def parse_bots(text: str, players: int) -> list[str]:
    """``greedy,random``: the bots' kinds, repeated round the table to ``players`` seats."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in BOTS]
    if not names or unknown or len(names) > players:
        raise click.BadParameter(
            f"{text!r}: give 1 to {players} bot kinds separated by commas, among {', '.join(sorted(BOTS))}",
            param_hint="'--bots'",
        )
    return [names[seat % len(names)] for seat in range(players)]


@click.command()
@click.option("--players", type=click.Choice([str(n) for n in PLAYERS]), default="2", show_default=True)
@click.option("--rounds", type=int, default=1000, show_default=True, metavar="N", help="Rounds to play (at least 1).")
@click.option(
    "--bots",
    "bots_text",
    default="greedy,random",
    show_default=True,
    metavar="A,B,...",
    help=f"The bots by seat, repeated round the table, among: {', '.join(sorted(BOTS))}.",
)
@SEED_OPTION
@games_option("whole games")
@click.option(
    "--target",
    type=click.Choice([str(value) for value in OPTION_VALUES["target"]]),
    default="suggested",
    show_default=True,
    metavar="suggested|50..1000",
    help="The total that wins a game: the suggested one for the number of players, or 50 to 1000 by 50.",
)
@JSON_OPTION
def simulate(players: str, rounds: int, bots_text: str, seed: int, games: int, target: str, as_json: bool) -> None:
    """Play Aw Ducks! rounds (and games) between bots on the engine; report scores, round lengths and ducks scored.

    Each round is played from a deck shuffled by the seed, so the same arguments give the same
    figures; the start player moves to the left every round.
    """
    check_counts(rounds, "round", games)
    names = parse_bots(bots_text, int(players))
    options = RuleOptions(target=None if target == "suggested" else int(target))
    print_report(lambda progress: run(rounds, names, seed, games, options, progress), show, as_json)
