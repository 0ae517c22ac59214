"""``ducksoup play``: Duck Soup, a human against a bot in the terminal (the loop is :mod:`ducksoup.playing`'s).

What is Duck Soup's own: how a move is typed (a card as ``9c``, ``9C``, ``10h`` or ``9♣``, a call
after it as a person says it: ``8h quack``, ``jc quack quack``, ``jc quack-quack``, ``jc qq``,
``jd duck soup``, ``jd ds``; ``duck`` answers a quack), the banner, and the prompt. Hands are
shown in the order the course ranks them, the Ace low in the Duck and high in the Soup.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ducksoup.display import Style, hand_place, plain_output
from ducksoup.duck_soup.bots import Bot
from ducksoup.duck_soup.narrate import Narrator
from ducksoup.duck_soup.roster import BOTS
from ducksoup.duck_soup.traces import TraceRecorder
from ducksoup.playing import (
    RecordedSeats,
    card_and_called,
    chosen_seed,
    new_console,
    play_help,
    play_in_terminal,
    shared_options,
    shuffled_decks,
)
from duckspec.cards import full_deck
from duckspec.duck_soup.actions import Action, Play, SayDuck
from duckspec.duck_soup.deal import Phase
from duckspec.duck_soup.quacking import Call
from duckspec.duck_soup.variants import Calls, RuleOptions, StockVisibility
from duckspec.seats import opponent

JSON = dict[str, Any]
CALL_WORDS = {
    "quack": Call.QUACK,
    "q": Call.QUACK,
    "quackquack": Call.QUACK_QUACK,
    "qq": Call.QUACK_QUACK,
    "ducksoup": Call.DUCK_SOUP,
    "soup": Call.DUCK_SOUP,
    "ds": Call.DUCK_SOUP,
}
"""Each call as :func:`ducksoup.playing.call_key` spells it, from what a person types."""
HELP = (
    "type a card to play it (9c, 9C, 10h or 9♣), followed by a call if you make one: '8h quack' (or q), "
    "'jc quack quack' (quack-quack, qq), 'jd duck soup' (duck-soup, ds); 'duck' answers a quack"
)
SILENT_HELP = (
    "type a card to play it (9c, 9C, 10h or 9♣); calls are silent: a card of the rank led is a quack "
    "without a word; 'duck' answers a quack"
)
DECKS = 60
"""Decks shuffled for a game or match: far more than any needs."""


def parse_move(text: str, player: int) -> Action:
    """The action typed by ``player``: ``duck``, or a card with an optional call."""
    if text.strip().lower() == "duck":
        return SayDuck(player)
    card, call = card_and_called(text, HELP, CALL_WORDS, "quack, quack quack (or qq) or duck soup (or ds)")
    return Play(player, card) if call is None else Play(player, card, call)


class Seating(RecordedSeats):
    """Duck Soup's part of the terminal game: the engine and its recorder, the bot, the narrator told to you."""

    def __init__(self, bot: Bot, bot_name: str, human: int, options: RuleOptions, seed: int, scope: str) -> None:
        rng, decks = shuffled_decks(seed, full_deck, 1 if scope == "deal" else DECKS)
        self.recorder = TraceRecorder(
            f"played-{seed}", f"A {scope} played in the terminal", scope, decks, rng.randrange(2), options
        )
        self.style = Style(symbols=not plain_output())
        trace = {**self.recorder.snapshot(), "decks": self.recorder.decks}
        self.narrator = Narrator(trace, self.style, human)
        self.bots = {opponent(human): bot}
        self.bot_name, self.human, self.calls = bot_name, human, options.calls

    def introduction(self) -> list[str]:
        return [f"you are player {self.human}; player {opponent(self.human)} is the {self.bot_name} bot"]

    def syntax(self) -> str:
        return SILENT_HELP if self.calls is Calls.SILENT else HELP

    def parse(self, text: str) -> Action:
        return parse_move(text, self.human)

    def status(self) -> list[str]:
        return self.narrator.position()

    def options(self) -> list[str]:
        deal = self.narrator.table.deal
        legal = sorted(
            self.narrator.table.legal_actions(),
            key=lambda move: hand_place(move.card, deal.course) if isinstance(move, Play) else (0, 0),
        )
        return [self.typed(action) for action in legal]

    def typed(self, action: Action) -> str:
        if isinstance(action, SayDuck):
            return "duck"
        call = {Call.NONE: "", Call.DUCK_SOUP: " duck soup"}.get(action.call, f" {action.call.value}")
        return self.style.card(action.card) + call

    def prompt(self) -> str:
        phase = self.narrator.table.deal.phase
        return f"you {'answer' if phase is Phase.ANSWER else 'lead' if phase is Phase.LEAD else 'play'}> "


def describe_mode(options: RuleOptions, bot_name: str, seed: int, scope: str) -> str:
    """The banner: the bot, the seed, and what is played (a deal, a game or a match, the stock, the calls)."""
    what = {
        "deal": "a single deal",
        "game": "a game to 250",
        "match": f"a best-of-{options.best_of} match of games to 250",
    }[scope]
    stock = "the hidden stock (no face-up card)" if options.stock is StockVisibility.HIDDEN else "the face-up stock"
    calls = "; calls are silent (a card of the rank led is a quack)" if options.calls is Calls.SILENT else ""
    return f"Duck Soup against the {bot_name} bot (seed {seed}): {what}, with {stock}{calls}"


@click.command(
    short_help="Play against a bot in the terminal; the game is saved as a trace.",
    help=play_help("Play Duck Soup against a bot in the terminal; the game is saved as a trace."),
)
@click.option("--bot", "bot_name", type=click.Choice(sorted(BOTS)), default="greedy", show_default=True)
@shared_options("deal", 2, "duck-soup-game.json", "--deal")
@click.option("--match", "best_of", type=click.Choice(["1", "3", "5"]), default="1", help="Match play: best of 3 or 5.")
@click.option("--hidden", is_flag=True, help="Parlett's original hidden stock: no face-up card.")
@click.option("--silent", is_flag=True, help="Silent calls (the Korean reading): a card of the rank led is a quack.")
def play(
    bot_name: str,
    seed: int | None,
    human: int,
    one: bool,
    one_alias: bool,
    save: Path,
    best_of: str,
    hidden: bool,
    silent: bool,
) -> None:
    one = one or one_alias
    if one and best_of != "1":
        raise click.BadParameter("a single deal is not a match: leave out --one or --match", param_hint="'--match'")
    seed = chosen_seed(seed)
    options = RuleOptions(
        stock=StockVisibility.HIDDEN if hidden else StockVisibility.FACE_UP,
        best_of=int(best_of),
        calls=Calls.SILENT if silent else Calls.SPOKEN,
    )
    scope = "deal" if one else "match" if options.best_of > 1 else "game"
    console = new_console()
    console.print(describe_mode(options, bot_name, seed, scope), markup=False)
    seating = Seating(BOTS[bot_name](seed), bot_name, human, options, seed, scope)
    play_in_terminal(seating, save, console)
