"""``ducksoup play`` for every game of the family: one loop, engine -> narrator -> display.

A game's ``playing`` module gives only what is its own (a :class:`Seating`: how a move is typed,
what the human sees before choosing, its options and its recording); everything else is here, the
same for every game:

- the turns: a bot chooses on the engine from its own observation; the human types a move, which
  the rules refuse (the state unchanged, the reason told in the human's words) or accept;
- every move told by the game's narrator (:class:`ducksoup.narration.StepNarrator`) as ``replay``
  tells it, to the human's seat: each trick or turn with the rule that decided it, the end of a deal
  or round with its score breakdown and who won;
- the engine and the rules checked against each other after every move;
- the commands ``help`` (or ``?``: the input syntax), ``rules`` (the rules that apply at this moment,
  with their sections and rulings), ``look`` (the table again) and ``quit`` (saves and stops);
- the options ``--seed``, ``--save``, ``--as``, ``--one`` (a single deal or round), ``--bot`` and ``--record``
  (the record of the human's side, written at the end for a game with a record format);
- keeping the game after every move, and how it ends (``ducksoup.saving.play_and_keep``).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar, cast

import click
from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from duckcheck.interrupts import signals_ignored
from duckcheck.strict import same
from ducksoup.display import as_typed, plain_output
from ducksoup.narration import Refusal, StepNarrator
from ducksoup.recording import EngineRecorder
from ducksoup.saving import (
    FINISHED,
    NOT_SAVED,
    PLAY_HELP,
    REFUSED,
    Quit,
    Read,
    SaveFile,
    SaveRefused,
    check_save_path,
    describe_error,
    play_and_keep,
)
from duckspec.cards import Card, CardNotationError, parse_card

JSON = dict[str, Any]
CallT = TypeVar("CallT")
"""A game's call, as :func:`card_and_called` finds it in the game's table of words."""
COMMANDS = "'help' or '?' shows this, 'rules' the rules that apply now, 'look' the table again, 'quit' saves and stops"
"""The commands every game's ``play`` understands, besides its moves."""
QUIT_WORDS = ("quit", "exit")
HELP_WORDS = ("help", "?", "h")
RULES_WORDS = ("rules", "rule", "r")
LOOK_WORDS = ("look", "l", "")


class InputError(ValueError):
    """What the player typed is not a move; the message says what would be."""


class Seating(Protocol):
    """What a game's ``play`` gives the shared loop: its narrator told to the human, its bots, its input and its
    recording."""

    human: int
    """The human's seat."""

    @property
    def narrator(self) -> StepNarrator[Any]:
        """The game's narrator, told to ``human`` (``as_player``), playing the same deal by the rules."""
        ...

    def introduction(self) -> list[str]:
        """Who sits where, said once before the first deal."""
        ...

    def syntax(self) -> str:
        """How a move is typed (``help``)."""
        ...

    def parse(self, text: str) -> Any:
        """The human's move typed as ``text``; :class:`InputError` saying what would be right."""
        ...

    def status(self) -> list[str]:
        """What the human sees before choosing: their hand, the table, the stock's or deck's size, the points."""
        ...

    def options(self) -> list[str]:
        """The legal moves, each as it is typed, with what it means in brackets if that is not plain."""
        ...

    def prompt(self) -> str: ...

    def bot_move(self, player: int) -> Any:
        """The bot at ``player``'s choice, from its own observation of the engine."""
        ...

    def record(self, action: Any) -> None:
        """Play an accepted ``action`` on the engine and record it (:func:`record_move`)."""
        ...

    def engine_state(self) -> JSON:
        """The engine's state, which must equal the rules' after every move."""
        ...

    def snapshot(self) -> JSON:
        """The game so far, as a trace."""
        ...


def record_move(recorder: EngineRecorder[Any, Any], action: Any) -> None:
    """Play an accepted ``action`` on the engine of a game's trace recorder and record it: the one way ``play``
    records a move, the same for every game (:class:`ducksoup.recording.EngineRecorder`)."""
    recorder.apply(action, keep_rejected=False)


class RecordedSeats:
    """The part of a :class:`Seating` that is the same in every game: the bots at their seats choosing on the engine,
    and the recording. A game's seating subclasses it and sets ``recorder`` (its ``ducksoup.<game>.traces``
    ``TraceRecorder``, whose engine the game is played on) and ``bots``."""

    recorder: EngineRecorder[Any, Any]
    """The game's trace recorder, which plays every move on its engine (``recorder.play``) and records it."""
    bots: dict[int, Any]
    """Each bot's seat and the bot (a ``choose(observation, legal)``)."""

    def bot_move(self, player: int) -> Any:
        """The bot at ``player``'s choice, from its own observation of the engine."""
        engine = self.recorder.play
        return self.bots[player].choose(engine.observation(player), engine.legal_actions())

    def record(self, action: Any) -> None:
        """Play an accepted ``action`` on the engine and record it."""
        record_move(self.recorder, action)

    def engine_state(self) -> JSON:
        """The engine's state, which must equal the rules' after every move."""
        state: JSON = self.recorder.play.state()
        return state

    def snapshot(self) -> JSON:
        """The game so far, as a trace (unvalidated: it is saved after every move, and valid by construction)."""
        return self.recorder.snapshot()


def shuffled_decks(seed: int, pack: Callable[[], Sequence[Any]], count: int) -> tuple[random.Random, list[list[Any]]]:
    """``count`` decks of ``pack()`` shuffled from ``seed``, and the random source after them (for the dealer)."""
    rng = random.Random(seed)
    decks = []
    for _ in range(count):
        deck = list(pack())
        rng.shuffle(deck)
        decks.append(deck)
    return rng, decks


class Terminal:
    """One game in the terminal: the turns, the commands, and every move told."""

    def __init__(self, seating: Seating, console: Console) -> None:
        self.seating, self.console = seating, console
        self.markup = not plain_output()
        self.dealt_just_now = False
        """Whether the last lines told began a deal or round, with nothing told since."""

    @property
    def narrator(self) -> StepNarrator[Any]:
        return self.seating.narrator

    def say(self, line: str) -> None:
        """Print one of our lines: with its colour markup, or (plain output) as it is, brackets and all."""
        self.console.print(line if self.markup else escape(line))

    def tell(self, lines: Sequence[str]) -> None:
        for line in lines:
            self.say(line)

    def help(self) -> list[str]:
        return [self.seating.syntax(), COMMANDS]

    def run(self, read: Read, moved: Callable[[], None]) -> None:
        """Play until the game (or deal, or round) is over; ``read`` asks the human for a line, ``moved`` is called
        after every move (which saves the game)."""
        self.tell(self.seating.introduction())
        self.tell(self.help())
        self.tell(self.narrator.opening_lines())
        self.dealt_just_now = True
        while not self.narrator.table.is_over:
            if not self.narrator.table.legal_actions():
                raise RuntimeError("the game needs more decks than were shuffled")
            player = self.narrator.to_act()
            assert player is not None
            action = self.ask(read) if player == self.seating.human else self.seating.bot_move(player)
            lines = self.narrator.tell(action)
            self.seating.record(action)
            if not same(self.narrator.table.to_json(), self.seating.engine_state()):
                raise RuntimeError(f"the engine and the rules disagree after {action}")
            moved()
            self.tell(lines)
            self.dealt_just_now = self.narrator.began

    def show_turn(self, again: bool = False) -> None:
        """What the human sees before choosing: the table (unless the start of the deal just showed it, and
        ``look`` did not ask for it ``again``) and the options."""
        if again or not (self.dealt_just_now and self.narrator.start_shows_position):
            for line in self.seating.status():
                self.say_fitted(line)
        self.tell(listed("your options:", self.seating.options(), self.console.width, self.columns))

    def columns(self, text: str) -> int:
        """How many columns ``text`` (one of our lines, with its markup unless output is plain) takes."""
        return Text.from_markup(text).cell_len if self.markup else cell_len(text)

    def say_fitted(self, line: str) -> None:
        """Print ``line`` within the console's width: a longer one wrapped at spaces, each further line indented two
        columns more than the first (a large tableau, a long hand)."""
        if self.columns(line) <= self.console.width:
            self.say(line)
            return
        for part in fitted(Text.from_markup(line) if self.markup else Text(line), self.console):
            self.console.print(part)

    def ask(self, read: Read) -> Any:
        """Ask the human until they type a legal move (a refused one changes nothing); the move, not yet played."""
        self.show_turn()
        while True:
            text = read(self.seating.prompt())
            word = text.strip().lower()
            if word in QUIT_WORDS:
                raise Quit
            if word in HELP_WORDS:
                self.tell(self.help())
            elif word in RULES_WORDS:
                self.tell(["the rules now:", *(f"  {line}" for line in self.narrator.rules_now())])
            elif word in LOOK_WORDS:
                self.show_turn(again=True)
            else:
                action = self.legal(text)
                if action is not None:
                    return action

    def legal(self, text: str) -> Any:
        """The move ``text`` types if the rules allow it now; else None, having said why not."""
        try:
            action = self.seating.parse(text)
        except InputError as error:
            self.console.print(as_typed(str(error), "red" if self.markup else ""))
            return None
        try:
            self.narrator.table.apply(action)
        except self.narrator.illegal as error:
            refusal = cast(Refusal, error)
            said = f"not allowed: {self.narrator.named(refusal.message)} ({refusal.rule})"
            self.console.print(as_typed(said))  # the rules' message may quote the move: never markup
            return None
        return action


def fitted(text: Text, console: Console) -> list[Text]:
    """``text`` wrapped at spaces to ``console``'s width, each further line indented two columns more than the
    first, so that it reads as the same line continued."""
    indent = len(text.plain) - len(text.plain.lstrip(" ")) + 2
    parts = text.wrap(console, console.width - indent)
    for part in parts:
        part.rstrip()
    return [parts[0], *(Text(" " * indent) + part for part in parts[1:])]


def listed(head: str, items: Sequence[str], width: int, columns: Callable[[str], int] = len) -> list[str]:
    """``head`` and ``items`` separated by commas, in lines of at most ``width`` columns (as ``columns`` measures an
    item) where items allow: an item is never split, and each further line is indented two spaces."""
    lines, line, filled = [], head, columns(head)
    for index, item in enumerate(items):
        piece = item + ("," if index < len(items) - 1 else "")
        size = columns(piece)
        if line != head and filled + 1 + size > width:
            lines.append(line)
            line, filled = "  " + piece, 2 + size
        else:
            line, filled = f"{line} {piece}", filled + 1 + size
    return [*lines, line]


def play_in_terminal(seating: Seating, save: Path, console: Console) -> None:
    """Play ``seating``'s game, kept in ``save``, and exit with ``play_and_keep``'s status; with ``--record``, the
    record of the human's side is written at the end (:func:`write_players_record`)."""
    record = requested_record()
    if record is not None:
        refusal = record_refusal(seating.snapshot()["game"], record)
        if refusal is not None:
            Console(stderr=True, highlight=False, soft_wrap=True).print(f"error: {refusal}", markup=False)
            sys.exit(REFUSED)
    terminal = Terminal(seating, console)
    status = play_and_keep(console, save, seating.snapshot, terminal.run, lambda prompt: console.input(prompt))
    if record is not None:
        with signals_ignored():  # the game is over and saved: a second Ctrl-C must not cut the record short
            written = write_players_record(seating.snapshot(), seating.human, record, console)
        status = status if written or status != FINISHED else NOT_SAVED
    sys.exit(status)


RECORD_KEY = "ducksoup.play.record"
"""Where ``--record`` is kept in the command's context (the option is shared: the games' commands never see it)."""


def _remember_record(context: click.Context, parameter: click.Parameter, value: Path | None) -> None:
    if value is not None:
        context.meta[RECORD_KEY] = value


def requested_record() -> Path | None:
    """The ``--record`` file of the ``play`` command running, if one was given."""
    context = click.get_current_context(silent=True)
    path: Path | None = None if context is None else context.meta.get(RECORD_KEY)
    return path


def record_refusal(game: str, path: Path) -> str | None:
    """Why ``--record PATH`` cannot be used for ``game`` (it has no record format, or the path is refused), in one
    line; None when it can."""
    from ducksoup.games import reference, references

    entry = reference(game)
    if entry.write_record is None:
        able = ", ".join(other.id for other in references() if other.write_record is not None) or "no game"
        return (
            f"--record {as_typed_path(path)}: {entry.suite.title} has no record format (records are written for {able})"
        )
    try:
        check_save_path(path)
    except SaveRefused as error:
        return f"--record {as_typed_path(path)}: {error}"
    return None


def write_players_record(trace: JSON, human: int, path: Path, console: Console) -> bool:
    """Write the record of ``human``'s side of ``trace`` (what that player saw) to ``path`` (or the next free name,
    never through a link); whether it was written, said in one line either way."""
    from ducksoup.games import reference

    text = reference(trace["game"]).record_text(trace, human)
    assert text is not None  # record_refusal let only a game with a record format play with --record
    file: SaveFile | None = None
    try:
        file = SaveFile(path)
        file.write(text)
    except (SaveRefused, OSError) as error:
        reason = describe_error(error) if isinstance(error, OSError) else str(error)
        console.print(f"could not write the record to {as_typed_path(path)}: {reason}", markup=False, emoji=False)
        return False
    written = file.path or path
    kept = f" ({as_typed_path(path)} exists and is kept)" if written != path else ""
    console.print(f"your record is written to {as_typed_path(written)}{kept}", markup=False, emoji=False)
    return True


def as_typed_path(path: Path) -> str:
    """A path typed by the player, shown with its control characters escaped."""
    from duckcheck.untrusted import shown

    return shown(str(path))


def new_console() -> Console:
    """The console play writes to: plain with ``NO_COLOR`` or a dumb terminal, lines never cut to fit."""
    return Console(highlight=False, no_color=plain_output(), soft_wrap=True)


def chosen_seed(seed: int | None) -> int:
    """``--seed``, or a random one (printed in the banner, so the game can be dealt again)."""
    return seed if seed is not None else random.SystemRandom().randrange(1_000_000)


MOVES_HELP = (
    "At the prompt: a move, 'help' or '?' (the input syntax), 'rules' (the rules that apply at that moment, with "
    "their sections and rulings), 'look' (the table again), 'quit' (saves and stops)."
)


def play_help(summary: str) -> str:
    """A game's ``play --help``: its summary, how to choose the game (the registry's games), the commands, and how
    the game is kept."""
    from duckcheck.games import DEFAULT_GAME, games

    named = "; ".join(suite.id + (", the default" if suite.id == DEFAULT_GAME else "") for suite in games())
    choose = (
        f"Choose the game with --game GAME ({named}) and see its own options with 'ducksoup play --game GAME --help'."
    )
    return f"{summary}\n\n{choose}\n\n{MOVES_HELP}\n\n{PLAY_HELP}"


def shared_options(unit: str, seats: int, default_save: str, alias: str) -> Callable[[Any], Any]:
    """The options every game's ``play`` has: ``--seed``, ``--as``, ``--one`` (and its old ``alias``, hidden),
    ``--save``, ``--record`` (kept in the context for :func:`play_in_terminal`: the game's command never sees it)."""

    def decorate(command: Any) -> Any:
        for option in reversed(
            [
                click.option("--seed", type=int, default=None, help="Shuffle seed (default: a random one, printed)."),
                click.option(
                    "--as",
                    "human",
                    type=click.IntRange(0, seats - 1),
                    default=0,
                    show_default=True,
                    help="Your seat (the player you are).",
                ),
                click.option("--one", "one", is_flag=True, help=f"Play a single {unit} instead of a whole game."),
                click.option(alias, "one_alias", is_flag=True, hidden=True),
                click.option(
                    "--save",
                    type=click.Path(dir_okay=False, path_type=Path),
                    default=Path(default_save),
                    show_default=True,
                    help="Where the trace goes, after every move; an existing file is kept and the next free "
                    "numbered name used.",
                ),
                click.option(
                    "--record",
                    type=click.Path(dir_okay=False, path_type=Path),
                    expose_value=False,
                    callback=_remember_record,
                    help="At the end, also write the record of your side of the game (what you saw) to this file, "
                    "as 'ducksoup record from-trace --as' writes it.",
                ),
            ]
        ):
            command = option(command)
        return command

    return decorate


# Typing a card and a call (the trick-taking games)

SYMBOL_SUITS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
"""Suit symbols as typed (or pasted from the screen), and their letters."""


def call_key(words: Sequence[str]) -> str:
    """A call as typed, in one spelling: ``quack quack``, ``quack-quack``, ``Quack-Quack!`` and ``QQ`` give
    ``quackquack`` and ``qq`` (a game's table maps both)."""
    return "".join(words).lower().replace("-", "").replace("!", "").replace('"', "").replace("'", "")


def card_and_call(text: str, syntax: str) -> tuple[str, str | None]:
    """The card (``9C``, from ``9c``, ``10h``, ``9♣``) and the call key (:func:`call_key`, None without a call)
    of a move typed as ``text``; :class:`InputError` for an empty line."""
    words = text.strip().split()
    if not words:
        raise InputError(f"an empty line is not a move: {syntax}")
    card = words[0]
    if card[-1:] in SYMBOL_SUITS:
        card = card[:-1] + SYMBOL_SUITS[card[-1]]
    return card, (call_key(words[1:]) if len(words) > 1 else None)


def card_and_called(text: str, syntax: str, calls: Mapping[str, CallT], say: str) -> tuple[Card, CallT | None]:
    """The card and the call (None without one) of a move typed as ``text`` (:func:`card_and_call`), the call
    looked up in the game's table of ``calls``; :class:`InputError` for an empty line, a card that is not one (with
    the ``syntax``) or words that are no call (with the calls to ``say`` instead)."""
    card_text, call = card_and_call(text, syntax)
    try:
        card = parse_card(card_text)
    except CardNotationError as error:
        raise InputError(f"{error}; {syntax}") from None
    if call is None:
        return card, None
    if call not in calls:
        called = " ".join(text.split()[1:])
        raise InputError(f"{called!r} is not a call: say {say}")
    return card, calls[call]
