"""``ducksoup play --game aw-ducks``: a human against one to three bots in the terminal.

The human sees what their seat may see (ruling AD-R17: every tableau, the Duck Pond, the discard
pile and the score piles' banked cards; no Secret Stash, not even their own, until the count)
and types a turn: ``d`` or ``draw``, ``s`` or ``score``, or a card of their tableau to discard it
(``3r``, ``3R``, ``discard 3R``). ``look`` shows the table again, ``help`` the commands, ``quit``
stops. Every turn is told with the rules behind it, as ``ducksoup explain`` tells it.

The game is played on the engine and recorded on the specification at the same time (the two
must agree at every step), and kept as a conformance trace after every move by
:mod:`ducksoup.saving`, which also says how a game ends (``quit``, the end of input, Ctrl-C,
SIGTERM, SIGHUP) and with which status, so it can be replayed with ``ducksoup replay`` or disputed
with ``ducksoup explain``. Input is read line by line from standard input, so a script can drive
a whole game.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import click
from rich.console import Console

from duckcheck.aw_ducks.encoding import OPTION_VALUES
from duckcheck.aw_ducks.oracle import Scope, Table
from duckcheck.aw_ducks.recorder import Recorder
from duckcheck.codec import JSON
from duckcheck.strict import same
from ducksoup.aw_ducks.bots import BOTS, Bot
from ducksoup.aw_ducks.display import CardStyle
from ducksoup.aw_ducks.engine import Game, Round
from ducksoup.aw_ducks.narrate import Teller
from ducksoup.display import as_typed, plain_output
from ducksoup.saving import PLAY_HELP, Quit, play_and_keep
from duckspec.aw_ducks import PLAYERS
from duckspec.aw_ducks.actions import Action, Discard, Draw, Score
from duckspec.aw_ducks.components import CardNotationError, full_deck, parse_card
from duckspec.aw_ducks.errors import IllegalAction
from duckspec.aw_ducks.game import GameState
from duckspec.aw_ducks.options import RuleOptions
from duckspec.aw_ducks.scoring import ducks_scored

GAME_DECKS = 40
"""Decks shuffled for a game: far more than any game to 1000 points needs."""
HELP = (
    "type 'd' (draw), 's' (score) or a card of your tableau to discard it ('3r', 'discard 3R'); "
    "'look' shows the table, 'help' this line, 'quit' saves and stops"
)


class InputError(ValueError):
    """What the player typed is not a turn; the message says what would be."""


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


class Session:
    """One game (or round) in the terminal: the engine, the recorder, the bots and the human's seat."""

    def __init__(
        self,
        players: int,
        human: int,
        bots: Sequence[tuple[str, Bot]],
        options: RuleOptions,
        seed: int,
        scope: Scope,
        console: Console,
    ) -> None:
        rng = random.Random(seed)
        decks = []
        for _ in range(1 if scope is Scope.ROUND else GAME_DECKS):
            deck = list(full_deck())
            rng.shuffle(deck)
            decks.append(tuple(deck))
        start = rng.randrange(players)
        what = "A round" if scope is Scope.ROUND else "A game"
        description = f"{what} for {players} players played in the terminal (seed {seed})"
        self.recorder = Recorder(f"played-{seed}", description, scope, options, start, decks, players, ["played"])
        self.engine: Round | Game = (
            Round(decks[0], start, players, options) if scope is Scope.ROUND else Game(decks, start, players, options)
        )
        self.human, self.console = human, console
        others = iter(bots)
        self.seats: dict[int, tuple[str, Bot]] = {p: next(others) for p in range(players) if p != human}
        self.teller = Teller(CardStyle(colours=not plain_output()), human)

    @property
    def table(self) -> Table:
        return self.recorder.table

    def say(self, line: str) -> None:
        self.console.print(line)

    def run(self, read: Callable[[str], str], moved: Callable[[], None]) -> None:
        """Play until the game (or round) is over; ``read`` asks the human for a line, ``moved`` is called after
        every move."""
        names = ", ".join(f"player {seat} the {name} bot" for seat, (name, _) in self.seats.items())
        self.say(f"you are player {self.human}; {names}")
        self.say(HELP)
        state = self.table.state
        target = state.target if isinstance(state, GameState) else None
        for line in self.teller.round_lines(self.table.round, 1, target):
            self.say(line)
        while not self.table.is_over:
            if self.table.needs_deck:
                raise RuntimeError("the game needs more decks than were shuffled")
            before = self.table
            player = self.engine.to_act
            assert player is not None
            if player == self.human:
                action = self.human_turn(read)
            else:
                _, bot = self.seats[player]
                action = bot.choose(self.engine.observation(player), self.engine.legal_actions())
                self.engine.apply(action)
            self.recorder.act(action)
            if not same(self.table.to_json(), self.engine.state()):
                raise RuntimeError(f"the engine and the specification disagree after {action}")
            moved()
            self.say(self.teller.describe(before.round, action))
            for line in self.teller.consequences(before, self.table, action):
                self.say(line)
            if self.table.decks_used != before.decks_used and not self.table.round.is_over:
                for line in self.teller.round_lines(self.table.round, self.table.decks_used):
                    self.say(line)

    def human_turn(self, read: Callable[[str], str]) -> Action:
        """Ask the human until they type a legal turn; it is played on the engine (an illegal one changes nothing)."""
        self.show_table()
        while True:
            text = read("you> ").strip().lower()
            if text in ("quit", "exit", "q"):
                raise Quit
            if text in ("help", "?", "h"):
                self.say(HELP)
                continue
            if text in ("look", "l", ""):
                self.show_table()
                continue
            try:
                action = parse_move(text, self.human)
                self.engine.apply(action)
                return action
            except InputError as error:
                self.console.print(as_typed(str(error)))
            except IllegalAction as error:
                self.say(f"not allowed: {error.message} ({error.rule})")

    def show_table(self) -> None:
        current = self.table.round
        for line in self.teller.position(current):
            self.say(f"  {line}")
        options = []
        for action in self.table.legal_actions():
            text = self.teller.option(current, action).removeprefix("you ")
            taken, _ = ducks_scored(current.pond, current.tableaux[self.human])
            if isinstance(action, Score) and taken:
                text += f" (takes {self.teller.cards(taken)})"
            options.append(text)
        self.say("your options: " + "; ".join(options))

    def trace(self) -> JSON:
        return self.recorder.trace()


def read_line(prompt: str) -> str:
    """A line typed at ``prompt``; EOFError at the end of input, KeyboardInterrupt on Ctrl-C."""
    return input(prompt)


def target_option(value: str) -> int | str:
    """``--target``: ``suggested`` or one of the totals the rule option allows."""
    if value == "suggested":
        return value
    if value.isdigit() and int(value) in OPTION_VALUES["target"]:
        return int(value)
    raise click.BadParameter(f"{value!r}: choose 'suggested' or a multiple of 50 from 50 to 1000")


@click.command(
    help=f"Play Aw Ducks! against one to three bots in the terminal; the game is saved as a trace.\n\n{PLAY_HELP}"
)
@click.option("--players", type=click.Choice([str(n) for n in PLAYERS]), default="2", show_default=True)
@click.option(
    "--bot",
    "bot_names",
    type=click.Choice(sorted(BOTS)),
    multiple=True,
    help="The bots' kind: once for every bot, or once per bot in seat order (default: greedy).",
)
@click.option("--seed", type=int, default=None, help="Shuffle seed (default: a random one, printed).")
@click.option("--as", "human", type=click.IntRange(0, 3), default=0, show_default=True, help="Your player number.")
@click.option(
    "--target",
    default="suggested",
    show_default=True,
    help="The total that wins a game: 'suggested' (400, 300, 250 for 2, 3, 4 players) or 50 to 1000 by 50.",
)
@click.option("--round", "one_round", is_flag=True, help="Play a single round instead of a game.")
@click.option(
    "--save",
    type=click.Path(dir_okay=False, path_type=Path),
    default="aw-ducks-game.json",
    show_default=True,
    help="Where the trace goes, after every move; an existing file is kept and a new name chosen.",
)
def play(
    players: str, bot_names: tuple[str, ...], seed: int | None, human: int, target: str, one_round: bool, save: Path
) -> None:
    count = int(players)
    if human >= count:
        raise click.BadParameter(f"{human}: with {count} players you are player 0 to {count - 1}", param_hint="'--as'")
    names = list(bot_names) or ["greedy"]
    if len(names) not in (1, count - 1):
        raise click.BadParameter(f"give one bot kind, or {count - 1} (one per bot)", param_hint="'--bot'")
    chosen = target_option(target)
    seed = seed if seed is not None else random.SystemRandom().randrange(1_000_000)
    options = RuleOptions(target=None if chosen == "suggested" else int(chosen))
    kinds = names if len(names) == count - 1 else names * (count - 1)
    bots = [(name, BOTS[name](seed + index)) for index, name in enumerate(kinds)]
    console = Console(highlight=False, no_color=plain_output(), soft_wrap=True)
    console.print(f"Aw Ducks! for {count} players (seed {seed})")
    session = Session(count, human, bots, options, seed, Scope.ROUND if one_round else Scope.GAME, console)
    sys.exit(play_and_keep(console, Path(save), session.trace, session.run, read_line))
