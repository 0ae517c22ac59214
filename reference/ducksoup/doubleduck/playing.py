"""``ducksoup play --game doubleduck``: a human and three bots, the human's partner a bot (the loop is
:mod:`ducksoup.playing`'s).

What is Doubleduck's own: how a move is typed (a card as ``9c``, ``9C``, ``10h`` or ``9♣``, a call
after it as a person says it: ``jh quack`` or ``q``; ``jc quack quack``, ``quack-quack`` or ``qq``;
``jd quack quack quack`` or ``qqq``; ``3h doubleduck``, ``double duck`` or ``dd``), the seats (a
partner and two opponents, a bot kind for each), the banner and the prompt. Hands are shown in the
order the course ranks them, the Ace low in the Duck and high in the Soup.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import click

from ducksoup.display import Style, hand_place, plain_output
from ducksoup.doubleduck.bots import Bot
from ducksoup.doubleduck.narrate import Narrator
from ducksoup.doubleduck.roster import BOTS
from ducksoup.doubleduck.traces import TraceRecorder
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
from duckspec.doubleduck.actions import Call, Play
from duckspec.doubleduck.cards import two_packs
from duckspec.doubleduck.variants import DrawOrder, RuleOptions
from duckspec.seats import partner

JSON = dict[str, Any]
CALL_WORDS = {
    "quack": Call.QUACK,
    "q": Call.QUACK,
    "quackquack": Call.QUACK_QUACK,
    "qq": Call.QUACK_QUACK,
    "quackquackquack": Call.QUACK_QUACK_QUACK,
    "qqq": Call.QUACK_QUACK_QUACK,
    "doubleduck": Call.DOUBLEDUCK,
    "dd": Call.DOUBLEDUCK,
}
"""Each call as :func:`ducksoup.playing.call_key` spells it, from what a person types."""
HELP = (
    "type a card to play it (9c, 9C, 10h or 9♣), followed by a call if you make one: 'jh quack' (or q), "
    "'jc quack quack' (quack-quack, qq), 'jd quack quack quack' (qqq), '3h doubleduck' (double duck, dd)"
)
DECKS = 40
"""Decks shuffled for a game: far more than any needs (four deals, and more only while the totals are level)."""


def parse_move(text: str, player: int) -> Play:
    """The move typed by ``player``: a card, with a call if one is made (``jh quack quack``)."""
    card, call = card_and_called(
        text, HELP, CALL_WORDS, "quack (q), quack quack (qq), quack quack quack (qqq) or doubleduck (dd)"
    )
    return Play(player, card) if call is None else Play(player, card, call)


class Seating(RecordedSeats):
    """Doubleduck's part of the terminal game: the engine and its recorder, three bots, the narrator told to you."""

    def __init__(self, bots: dict[int, tuple[str, Bot]], human: int, options: RuleOptions, seed: int, scope: str):
        rng, decks = shuffled_decks(seed, two_packs, 1 if scope == "deal" else DECKS)
        what = "deal" if scope == "deal" else "game"
        self.recorder = TraceRecorder(
            f"played-{seed}", f"A {what} of Doubleduck played in the terminal", scope, decks, rng.randrange(4), options
        )
        self.style = Style(symbols=not plain_output())
        trace = {**self.recorder.snapshot(), "decks": self.recorder.decks}
        self.narrator = Narrator(trace, self.style, human)
        self.kinds = {seat: name for seat, (name, _) in bots.items()}
        self.bots = {seat: bot for seat, (_, bot) in bots.items()}
        self.human = human

    def introduction(self) -> list[str]:
        mate = partner(self.human)
        seats = ", ".join(
            f"player {seat} {'your partner' if seat == mate else 'an opponent'}, the {name} bot"
            for seat, name in sorted(self.kinds.items())
        )
        return [f"you are player {self.human}; your partner is player {mate}, opposite you; {seats}"]

    def syntax(self) -> str:
        return HELP

    def parse(self, text: str) -> Play:
        return parse_move(text, self.human)

    def status(self) -> list[str]:
        return self.narrator.position()

    def options(self) -> list[str]:
        course = self.narrator.table.deal.course
        legal = sorted(self.narrator.table.legal_actions(), key=lambda action: hand_place(action.card, course))
        return [self.typed(action) for action in legal]

    def typed(self, action: Play) -> str:
        call = "" if action.call is Call.NONE else f" {action.call.value}"
        return self.style.card(action.card) + call

    def prompt(self) -> str:
        return f"you {'play' if self.narrator.table.deal.table else 'lead'}> "


@click.command(
    short_help="Play with three bots in the terminal; the game is saved as a trace.",
    help=play_help(
        "Play Doubleduck with three bots in the terminal, your partner one of them; the game is saved as a trace."
    ),
)
@click.option(
    "--bot", "bot_name", type=click.Choice(sorted(BOTS)), default="greedy", show_default=True, help="The opponents."
)
@click.option(
    "--partner",
    "partner_name",
    type=click.Choice(sorted(BOTS)),
    default="greedy",
    show_default=True,
    help="Your partner.",
)
@shared_options("deal", 4, "doubleduck-game.json", "--deal")
@click.option(
    "--draw",
    type=click.Choice([order.value for order in DrawOrder]),
    default=DrawOrder.WINNER_FIRST.value,
    show_default=True,
    help="When the players draw in the Duck course (ruling DD-R02).",
)
def play(
    bot_name: str,
    partner_name: str,
    seed: int | None,
    human: int,
    one: bool,
    one_alias: bool,
    save: Path,
    draw: str,
) -> None:
    seed = chosen_seed(seed)
    console = new_console()
    console.print(f"Doubleduck with a {partner_name} partner against {bot_name} opponents (seed {seed})", markup=False)
    bot_rng = random.Random(f"ducksoup-bots:{seed}")
    bots: dict[int, tuple[str, Bot]] = {}
    for seat in range(4):
        if seat != human:
            name = partner_name if seat == partner(human) else bot_name
            bots[seat] = (name, BOTS[name](bot_rng.randrange(2**32)))
    scope = "deal" if one or one_alias else "game"
    play_in_terminal(Seating(bots, human, RuleOptions(draw=DrawOrder(draw)), seed, scope), save, console)
