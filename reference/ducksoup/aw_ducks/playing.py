"""``ducksoup play --game aw-ducks``: a human against one to three bots (the loop is :mod:`ducksoup.playing`'s).

What is Aw Ducks!'s own: how a turn is typed (``d`` or ``draw``, ``s`` or ``score``, or a card of
the tableau to discard it: ``3r``, ``3R``, ``discard 3R``), the seats and the target, and what the
human sees before choosing, in short lines: the deck's size, the Duck Pond with what each of its
ducks wants in words, every tableau and what each player has banked (ruling AD-R17: no Secret
Stash, not even their own, until the count).

The game is played and recorded on the engine (:class:`ducksoup.aw_ducks.traces.TraceRecorder`), as
every game's is; the shared loop checks the engine against the rules after every move.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from duckcheck.aw_ducks.encoding import OPTION_VALUES
from duckcheck.aw_ducks.oracle import Scope
from ducksoup.aw_ducks.bots import Bot
from ducksoup.aw_ducks.display import CardStyle
from ducksoup.aw_ducks.narrate import BENEFIT_NAMES, Narrator, Teller
from ducksoup.aw_ducks.roster import BOTS
from ducksoup.aw_ducks.traces import TraceRecorder
from ducksoup.display import plain_output
from ducksoup.narration import count
from ducksoup.playing import (
    InputError,
    RecordedSeats,
    chosen_seed,
    new_console,
    play_help,
    play_in_terminal,
    shared_options,
    shuffled_decks,
)
from duckspec.aw_ducks import PLAYERS
from duckspec.aw_ducks.actions import Action, Discard, Draw, Score
from duckspec.aw_ducks.components import CardNotationError, full_deck, parse_card
from duckspec.aw_ducks.discarding import benefit_of
from duckspec.aw_ducks.options import RuleOptions
from duckspec.aw_ducks.round_end import pile_points
from duckspec.aw_ducks.rounds import Phase
from duckspec.aw_ducks.scoring import ducks_scored

JSON = dict[str, Any]
GAME_DECKS = 40
"""Decks shuffled for a game: far more than any game to 1000 points needs."""
HELP = (
    "type 'd' (draw), 's' (score) or a card of your tableau to discard it ('3r', 'discard 3R'); a card is its "
    "value and colour: R red, Y yellow, G green, B blue, P purple, K black; a duck is D and its colour, DW the "
    "rainbow duck"
)


def parse_move(text: str, player: int) -> Action:
    """The turn typed by ``player``: ``d``/``draw``, ``s``/``score``, or a card (``3r``, ``discard 3R``)."""
    words = text.strip().lower().split()
    if words in (["d"], ["draw"]):
        return Draw(player)
    if words in (["s"], ["score"]):
        return Score(player)
    if len(words) == 2 and words[0] in ("x", "discard"):
        words = words[1:]
    if len(words) != 1 or len(words[0]) != 2:
        raise InputError(f"{text.strip()!r} is not a turn: {HELP}")
    try:
        return Discard(player, parse_card(words[0]))
    except CardNotationError as error:
        raise InputError(str(error)) from None


class Seating(RecordedSeats):
    """Aw Ducks!'s part of the terminal game: the engine, the recorder, the bots, the narrator told to you."""

    def __init__(
        self, players: int, human: int, bots: Sequence[tuple[str, Bot]], options: RuleOptions, seed: int, scope: Scope
    ) -> None:
        rng, decks = shuffled_decks(seed, full_deck, 1 if scope is Scope.ROUND else GAME_DECKS)
        start = rng.randrange(players)
        what = "A round" if scope is Scope.ROUND else "A game"
        description = f"{what} for {players} players played in the terminal (seed {seed})"
        trace_id = f"played-{seed}"
        self.recorder = TraceRecorder(trace_id, description, scope.value, decks, start, options, players=players)
        self.human = human
        others = iter(bots)
        self.seats: dict[int, tuple[str, Bot]] = {p: next(others) for p in range(players) if p != human}
        self.bots = {seat: bot for seat, (_, bot) in self.seats.items()}
        self.teller = Teller(CardStyle(colours=not plain_output()), human)
        trace = {**self.recorder.snapshot(), "decks": self.recorder.decks}
        self.narrator = Narrator(trace, self.teller, check=False)

    def introduction(self) -> list[str]:
        names = ", ".join(f"player {seat} the {name} bot" for seat, (name, _) in self.seats.items())
        return [f"you are player {self.human}; {names}"]

    def syntax(self) -> str:
        return HELP

    def parse(self, text: str) -> Action:
        return parse_move(text, self.human)

    def status(self) -> list[str]:
        """The round in short lines: deck and discards, the pond and what its ducks want, each player's cards."""
        current = self.narrator.table.round
        teller = self.teller
        lines = [
            f"deck: {count(len(current.deck), 'card')}; discard pile: {count(len(current.discards), 'card')}",
            f"Duck Pond: {teller.cards(current.pond)}",
            *(f"  {line}" for line in teller.pond_legend(current.pond)),
        ]
        for player in range(current.players):
            stash = len(current.stashes[player])
            unseen = f" (and {stash} stash card{'s' if stash > 1 else ''} unseen)" if stash else ""
            lines.append(
                f"{teller.name(player)}: tableau {teller.cards(current.tableaux[player])}; "
                f"banked {pile_points(current.scored[player])}{unseen}"
            )
        if current.phase is Phase.FORCED_SCORE:
            lines.append("you must Score now, as the benefit calls for: type s")
        elif current.phase is Phase.FINAL_SCORE:
            lines.append("the round is ending: your final Score, type s")
        return lines

    def options(self) -> list[str]:
        current = self.narrator.table.round
        typed = []
        for action in self.narrator.table.legal_actions():
            if isinstance(action, Draw):
                typed.append("d (draw)")
            elif isinstance(action, Discard):
                benefit = BENEFIT_NAMES[benefit_of(action.card)]
                typed.append(f"{self.teller.style.card(action.card)} (discard for a {benefit})")
            else:
                taken, _ = ducks_scored(current.pond, current.tableaux[self.human])
                takes = f": takes {self.teller.cards(taken)}" if taken else ""
                typed.append(f"s (score{takes})")
        return typed

    def prompt(self) -> str:
        return "you> "


def target_option(value: str) -> int | str:
    """``--target``: ``suggested`` or one of the totals the rule option allows."""
    if value == "suggested":
        return value
    if value.isdigit() and int(value) in OPTION_VALUES["target"]:
        return int(value)
    raise click.BadParameter(f"{value!r}: choose 'suggested' or a multiple of 50 from 50 to 1000")


@click.command(
    short_help="Play against one to three bots in the terminal; the game is saved as a trace.",
    help=play_help("Play Aw Ducks! against one to three bots in the terminal; the game is saved as a trace."),
)
@click.option("--players", type=click.Choice([str(n) for n in PLAYERS]), default="2", show_default=True)
@click.option(
    "--bot",
    "bot_names",
    type=click.Choice(sorted(BOTS)),
    multiple=True,
    help="The bots' kind: once for every bot, or once per bot in seat order (default: greedy).",
)
@shared_options("round", 4, "aw-ducks-game.json", "--round")
@click.option(
    "--target",
    default="suggested",
    show_default=True,
    help="The total that wins a game: 'suggested' (400, 300, 250 for 2, 3, 4 players) or 50 to 1000 by 50.",
)
def play(
    players: str,
    bot_names: tuple[str, ...],
    seed: int | None,
    human: int,
    one: bool,
    one_alias: bool,
    save: Path,
    target: str,
) -> None:
    count = int(players)
    if human >= count:
        raise click.BadParameter(f"{human}: with {count} players you are player 0 to {count - 1}", param_hint="'--as'")
    names = list(bot_names) or ["greedy"]
    if len(names) not in (1, count - 1):
        raise click.BadParameter(f"give one bot kind, or {count - 1} (one per bot)", param_hint="'--bot'")
    chosen = target_option(target)
    seed = chosen_seed(seed)
    options = RuleOptions(target=None if chosen == "suggested" else int(chosen))
    kinds = names if len(names) == count - 1 else names * (count - 1)
    bots = [(name, BOTS[name](seed + index)) for index, name in enumerate(kinds)]
    console = new_console()
    console.print(f"Aw Ducks! for {count} players (seed {seed})", markup=False)
    scope = Scope.ROUND if one or one_alias else Scope.GAME
    play_in_terminal(Seating(count, human, bots, options, seed, scope), save, console)
