"""``ducksoup play``: a human against a bot in the terminal.

The human sees only their own view (their hand, the face-up card, the table, the points and the
cards seen going into the bot's hand), types cards as ``9c``, ``9C``, ``10h`` or ``9♣`` and calls
as words (``8h quack``, ``duck``, ``jc quack-quack``, ``jd duck soup``). Suits show as symbols
in colour, or as plain letters with ``NO_COLOR`` or a dumb terminal. Hands are sorted by suit, the
Ace low in the Duck course and high in the Soup, as each course ranks it. The whole game (or match)
is kept as a conformance trace after every move by :mod:`ducksoup.saving`, which also says how a
game ends (``quit``, the end of input, Ctrl-C, SIGTERM, SIGHUP) and with which status, so it can be
replayed with ``ducksoup replay`` or disputed with ``ducksoup explain``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from ducksoup.display import Style, as_typed, hand_place, in_hand_order, plain_output
from ducksoup.duck_soup.bots import Bot
from ducksoup.duck_soup.engine import Match
from ducksoup.duck_soup.roster import BOTS
from ducksoup.duck_soup.traces import TraceRecorder
from ducksoup.saving import PLAY_HELP, Quit, play_and_keep
from duckspec.cards import Card, CardNotationError, full_deck, parse_card
from duckspec.duck_soup.actions import Action, Play, SayDuck
from duckspec.duck_soup.errors import IllegalAction
from duckspec.duck_soup.quacking import Call
from duckspec.duck_soup.variants import Calls, RuleOptions, StockVisibility
from duckspec.seats import opponent
from duckspec.trick_taking import Course

JSON = dict[str, Any]
SYMBOL_SUITS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
CALL_WORDS = {"quack": Call.QUACK, "quack-quack": Call.QUACK_QUACK, "duck-soup": Call.DUCK_SOUP, "soup": Call.DUCK_SOUP}
HELP = (
    "type a card to play it (9c, 9C, 10h or 9♣), followed by a call if you make one: "
    "'8h quack', 'jc quack-quack', 'jd duck soup'; 'duck' answers a quack; 'quit' saves and stops"
)
SILENT_HELP = (
    "type a card to play it (9c, 9C, 10h or 9♣); calls are silent: a card of the rank led is a quack "
    "without a word; 'duck' answers a quack; 'quit' saves and stops"
)


class InputError(ValueError):
    """What the player typed is not an action; the message says what would be."""


def parse_move(text: str, player: int) -> Action:
    """The action typed by ``player``: ``duck``, or a card with an optional call."""
    words = text.strip().lower().replace("duck soup", "duck-soup").split()
    if words == ["duck"]:
        return SayDuck(player)
    if not words or len(words) > 2:
        raise InputError(f"{text.strip()!r} is not a move: {HELP}")
    card_text = words[0]
    if card_text[-1:] in SYMBOL_SUITS:
        card_text = card_text[:-1] + SYMBOL_SUITS[card_text[-1]]
    try:
        card = parse_card(card_text)
    except CardNotationError as error:
        raise InputError(str(error)) from None
    if len(words) == 1:
        return Play(player, card)
    if words[1] not in CALL_WORDS:
        raise InputError(f"{words[1]!r} is not a call: say quack, quack-quack or duck soup")
    return Play(player, card, CALL_WORDS[words[1]])


class Game:
    """The terminal game: the engine, the bot, the recorder, and what the human is told."""

    def __init__(self, bot: Bot, human: int, options: RuleOptions, seed: int, console: Console) -> None:
        rng = random.Random(seed)
        decks: list[list[Card]] = []
        for _ in range(60):
            deck = list(full_deck())
            rng.shuffle(deck)
            decks.append(deck)
        scope = "match" if options.best_of > 1 else "game"
        self.recorder = TraceRecorder(
            f"played-{seed}", f"A {scope} played in the terminal", scope, decks, rng.randrange(2), options
        )
        play = self.recorder.play
        assert isinstance(play, Match)
        self.match: Match = play
        self.bot, self.human, self.console = bot, human, console
        self.style = Style(symbols=not plain_output())

    @property
    def help(self) -> str:
        return SILENT_HELP if self.match.options.calls is Calls.SILENT else HELP

    def name(self, player: int) -> str:
        return "you" if player == self.human else "the bot"

    def run(self, read: Callable[[str], str], moved: Callable[[], None]) -> None:
        """Play until the game or match is over; ``read`` asks the human for a line, ``moved`` is called after
        every move."""
        self.console.print(f"you are player {self.human}; {self.help}")
        self.show_deal_start()
        while not self.match.is_over:
            legal = self.match.legal_actions()
            if not legal:
                raise RuntimeError("the game needs more decks than were shuffled")
            before = self.match.state()
            if legal[0].player == self.human:
                self.human_turn(read, legal)
            else:
                action = self.bot.choose(self.match.observation(opponent(self.human)), legal)
                self.console.print(f"the bot {self.verb(before)} {self.describe(action)}")
                self.recorder.apply(action)
            moved()
            self.report(before)

    def human_turn(self, read: Callable[[str], str], legal: tuple[Action, ...]) -> None:
        view = self.match.observation(self.human)
        course = Course(self.match.state()["course"])
        self.console.print(f"your hand: {self.cards(view['hand'], course)}")
        in_order = sorted(legal, key=lambda move: hand_place(move.card, course) if isinstance(move, Play) else (0, 0))
        self.console.print("your options: " + ", ".join(self.describe(action) for action in in_order))
        while True:
            text = read(f"you {self.verb(self.match.state(), you=True)}> ")
            if text.strip().lower() in ("quit", "exit"):
                raise Quit
            if text.strip().lower() in ("help", "?"):
                self.console.print(self.help)
                continue
            try:
                self.recorder.apply(parse_move(text, self.human))
                return
            except InputError as error:
                self.console.print(as_typed(str(error), "red" if self.style.symbols else ""))
            except IllegalAction as error:
                self.recorder.steps.pop()  # a mistyped move is not part of the game's record
                self.console.print(f"not allowed: {error.message} ({error.rule})")

    def verb(self, state: JSON, you: bool = False) -> str:
        verb = {"lead": "lead", "answer": "answer"}.get(state["phase"], "play")
        return verb if you else verb + "s"

    def describe(self, action: Action) -> str:
        if isinstance(action, SayDuck):
            return "duck"
        call = {Call.NONE: "", Call.DUCK_SOUP: " duck soup"}.get(action.call, f" {action.call.value}")
        return self.style.card(action.card) + call

    def cards(self, text: str, course: Course | None = None) -> str:
        """The cards of a ``TC`` string as shown; a hand (with its ``course``) in the order that course ranks."""
        cards = [parse_card(text[i : i + 2]) for i in range(0, len(text), 2)]
        return self.style.cards(in_hand_order(cards, course) if course else cards)

    def report(self, before: JSON) -> None:
        """Tell what the last action led to: a trick won, draws, a new course, a deal's or game's end."""
        after = self.match.state()
        if after["table"] or (after["phase"] == before["phase"] == "lead"):
            return
        finished_deal = after.get("deal") != before.get("deal") or after["phase"] == "over"
        points = self.match.finished[-1][0] if finished_deal else after["points"]
        gained = [sum(points[p]) - sum(before["points"][p]) for p in (0, 1)]
        winner = 0 if gained[0] > gained[1] else 1
        self.console.print(f"{self.name(winner)} won {_plural(gained[winner], 'point')}")
        if not finished_deal:
            view = self.match.observation(self.human)
            if before["stock"] != after["stock"]:
                self.report_draws(before, after, winner)
            if after["course"] != before["course"]:
                self.console.print("the stock is empty: the Soup course begins (higher cards win, Aces high)")
            else:
                self.show_stock(after)
            mine, theirs = view["points"][self.human], view["points"][opponent(self.human)]
            self.console.print(
                f"points: you Duck {mine[0]}, Soup {mine[1]}; the bot Duck {theirs[0]}, Soup {theirs[1]}"
            )
            return
        scores = self.match.finished[-1][1]
        self.console.print(f"the deal is over: you score {scores[self.human]}, the bot {scores[opponent(self.human)]}")
        self.show_result(after)

    def report_draws(self, before: JSON, after: JSON, winner: int) -> None:
        """Who took what from the stock: the face-up card (seen by both), the cards you drew, and how many cards
        the bot drew that you do not see (§5; two each after a quack-quack, §6)."""
        added = _added(before["hands"][self.human], after["hands"][self.human])
        drawn = [added[i : i + 2] for i in range(0, len(added), 2)]
        unseen = (before["stock"] - after["stock"]) // 2  # each player draws the same number of cards
        face_up = before["face_up"]
        if face_up:
            self.console.print(f"{self.name(winner)} took the face-up card {self.cards(face_up)}")
            if winner == self.human:
                drawn.remove(face_up)
            else:
                unseen -= 1
        lines = []
        if drawn:
            lines.append(f"you drew {self.cards(''.join(drawn))}")
        if unseen:
            lines.append(f"the bot drew {'a card' if unseen == 1 else 'two cards'} you do not see")
        for line in lines if winner == self.human else lines[::-1]:  # the winner draws first
            self.console.print(line)

    def show_result(self, state: JSON) -> None:
        games = state["games"]
        if games and (state["result"] is not None or state["deal_scores"] == []):
            result = games[-1]
            how = "in the pond" if result["end"] == "pond" else "past 250 with the higher total"
            soup = ", the loser in the soup" if result["in_the_soup"] else ""
            self.console.print(f"{self.name(result['winner'])} won the game {how}{soup}: it counts {result['value']}")
        if state["winner"] is not None:
            won = state["games_won"]
            mine, theirs = won[self.human], won[opponent(self.human)]
            self.console.print(f"{self.name(state['winner'])} won (games: you {mine}, bot {theirs})")
        elif state["phase"] != "over":
            totals = state["totals"]
            self.console.print(f"totals: you {totals[self.human]}, the bot {totals[opponent(self.human)]}")
            self.show_deal_start()

    def show_deal_start(self) -> None:
        state = self.match.state()
        leads = "you lead" if state["to_act"] == self.human else "the bot leads"
        self.console.print(f"deal {state['deal'] + 1}: {self.name(state['dealer'])} dealt; {leads} first")
        self.show_stock(state)

    def show_stock(self, state: JSON) -> None:
        """The stock while there is one: its face-up card, or (only under the hidden-stock option) its size."""
        if state["face_up"]:
            self.console.print(f"face-up card: {self.cards(state['face_up'])}; stock: {state['stock']} cards")
        elif state["stock"] and self.match.options.stock is StockVisibility.HIDDEN:
            self.console.print(f"stock: {state['stock']} cards, face down (hidden stock)")


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def describe_mode(options: RuleOptions, bot_name: str, seed: int) -> str:
    """The banner: the bot, the seed, and what is played (a game or a match, the stock, the calls)."""
    what = "a game to 250" if options.best_of == 1 else f"a best-of-{options.best_of} match of games to 250"
    stock = "the hidden stock (no face-up card)" if options.stock is StockVisibility.HIDDEN else "the face-up stock"
    calls = "; calls are silent (a card of the rank led is a quack)" if options.calls is Calls.SILENT else ""
    return f"Duck Soup against the {bot_name} bot (seed {seed}): {what}, with {stock}{calls}"


def _added(before: str, after: str) -> str:
    """The cards in hand ``after`` that were not in hand ``before`` (both in ``TC`` pairs)."""
    held = {before[i : i + 2] for i in range(0, len(before), 2)}
    return "".join(after[i : i + 2] for i in range(0, len(after), 2) if after[i : i + 2] not in held)


@click.command(
    short_help="Play against a bot in the terminal; the game is saved as a trace.",
    help=f"Play Duck Soup against a bot in the terminal; the game is saved as a trace.\n\n{PLAY_HELP}",
)
@click.option("--bot", "bot_name", type=click.Choice(sorted(BOTS)), default="greedy", show_default=True)
@click.option("--seed", type=int, default=None, help="Shuffle seed (default: a random one, printed).")
@click.option("--as", "human", type=click.IntRange(0, 1), default=0, show_default=True, help="Your player number.")
@click.option("--match", "best_of", type=click.Choice(["1", "3", "5"]), default="1", help="Match play: best of 3 or 5.")
@click.option("--hidden", is_flag=True, help="Parlett's original hidden stock: no face-up card.")
@click.option("--silent", is_flag=True, help="Silent calls (the Korean reading): a card of the rank led is a quack.")
@click.option(
    "--save",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("duck-soup-game.json"),
    show_default=True,
    help="Where to save the game, after every move; an existing file is kept and the next free numbered name used.",
)
def play(bot_name: str, seed: int | None, human: int, best_of: str, hidden: bool, silent: bool, save: Path) -> None:
    seed = seed if seed is not None else random.SystemRandom().randrange(1_000_000)
    options = RuleOptions(
        stock=StockVisibility.HIDDEN if hidden else StockVisibility.FACE_UP,
        best_of=int(best_of),
        calls=Calls.SILENT if silent else Calls.SPOKEN,
    )
    console = Console(highlight=False, no_color=plain_output(), soft_wrap=True)
    console.print(describe_mode(options, bot_name, seed))
    game = Game(BOTS[bot_name](seed), human, options, seed, console)
    sys.exit(play_and_keep(console, save, game.recorder.snapshot, game.run, lambda prompt: console.input(prompt)))
