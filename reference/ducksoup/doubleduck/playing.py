"""``ducksoup play --game doubleduck``: a human and three bots in the terminal, the human's partner a bot.

The human sees only their own view: their hand, the trick on the table with its calls, the piles,
the size of every hand (the stock is face down, and so is the partner's hand). They type a card as
``9c``, ``9C``, ``10h`` or ``9♣``, followed by a call if they make one: ``jh quack``,
``jc quack-quack``, ``jd quack-quack-quack`` (or ``q``, ``qq``, ``qqq``), ``3h doubleduck`` (or
``dd``). Every prompt comes after a line ``your options: ...`` listing the legal moves, so a script
can drive the game through standard input as a person would. Suits show as symbols in colour, or
as plain letters with ``NO_COLOR`` or a dumb terminal.

Hands are sorted by suit, the Ace low in the Duck course and high in the Soup, as each course ranks it.

The game (or, with ``--deal``, a single deal) is kept as a conformance trace after every move by
:mod:`ducksoup.saving`, which also says how a game ends (``quit``, the end of input, Ctrl-C,
SIGTERM, SIGHUP) and with which status, so it can be replayed with ``ducksoup replay`` or disputed
with ``ducksoup explain``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from duckcheck.codec import JSON
from ducksoup.display import Style, as_typed, hand_place, in_hand_order, plain_output
from ducksoup.doubleduck.bots import BOTS, Bot
from ducksoup.doubleduck.engine import Deal, Game
from ducksoup.doubleduck.traces import TraceRecorder
from ducksoup.saving import PLAY_HELP, Quit, play_and_keep
from duckspec.cards import Card, CardNotationError, parse_card
from duckspec.doubleduck.actions import Call, Play
from duckspec.doubleduck.cards import Course, two_packs
from duckspec.doubleduck.duck_course import WonBy, winning_position, won_by
from duckspec.doubleduck.errors import IllegalAction
from duckspec.doubleduck.variants import DrawOrder, RuleOptions
from duckspec.seats import partner, side_of
from duckspec.trick_taking import suit_count

SYMBOL_SUITS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
CALL_WORDS = {
    "quack": Call.QUACK,
    "q": Call.QUACK,
    "quack-quack": Call.QUACK_QUACK,
    "qq": Call.QUACK_QUACK,
    "quack-quack-quack": Call.QUACK_QUACK_QUACK,
    "qqq": Call.QUACK_QUACK_QUACK,
    "doubleduck": Call.DOUBLEDUCK,
    "dd": Call.DOUBLEDUCK,
}
HELP = (
    "type a card to play it (9c, 9C, 10h or 9♣), followed by a call if you make one: 'jh quack', "
    "'jc quack-quack', 'jd quack-quack-quack', '3h doubleduck'; 'help' repeats this; 'quit' saves and stops"
)
DECKS = 8
"""Decks shuffled at the start: four deals and some to spare; a game that needs more gets more."""


class InputError(ValueError):
    """What the player typed is not a move; the message says what would be."""


def parse_move(text: str, player: int) -> Play:
    """The move typed by ``player``: a card, with a call if one is made (``jh quack-quack``)."""
    words = text.strip().lower().replace("quack quack quack", "quack-quack-quack").replace("quack quack", "quack-quack")
    parts = words.replace("double duck", "doubleduck").split()
    if not parts or len(parts) > 2:
        raise InputError(f"{text.strip()!r} is not a move: {HELP}")
    card_text = parts[0]
    if card_text[-1:] in SYMBOL_SUITS:
        card_text = card_text[:-1] + SYMBOL_SUITS[card_text[-1]]
    try:
        card = parse_card(card_text)
    except CardNotationError as error:
        raise InputError(f"{error}; {HELP}") from None
    if len(parts) == 1:
        return Play(player, card)
    if parts[1] not in CALL_WORDS:
        raise InputError(f"{parts[1]!r} is not a call: say quack, quack-quack, quack-quack-quack or doubleduck")
    return Play(player, card, CALL_WORDS[parts[1]])


HOW = {WonBy.DOUBLEDUCK: "with a doubleduck", WonBy.QUACK: "with the last quack", WonBy.BEST_CARD: "with the best card"}
TRICKS = 26
"""Tricks in a deal: thirteen in each course."""


def cards_in(text: str) -> list[str]:
    """The cards of a ``TC`` string, as a list of ``TC`` pairs."""
    return [text[i : i + 2] for i in range(0, len(text), 2)]


class Table:
    """The terminal game: the engine, the three bots, the recorder, and what the human is told."""

    def __init__(
        self, bots: dict[int, Bot], human: int, options: RuleOptions, seed: int, scope: str, console: Console
    ) -> None:
        self.rng = random.Random(seed)
        decks = [self.shuffled() for _ in range(1 if scope == "deal" else DECKS)]
        what = "deal" if scope == "deal" else "game"
        self.recorder = TraceRecorder(
            f"played-{seed}",
            f"A {what} of Doubleduck played in the terminal",
            scope,
            decks,
            self.rng.randrange(4),
            options,
        )
        self.bots, self.human, self.console = bots, human, console
        self.style = Style(symbols=not plain_output())

    def shuffled(self) -> list[Card]:
        deck = list(two_packs())
        self.rng.shuffle(deck)
        return deck

    @property
    def play(self) -> Deal | Game:
        return self.recorder.play

    @property
    def deal(self) -> Deal:
        return self.play.deal if isinstance(self.play, Game) else self.play

    def name(self, player: int) -> str:
        if player == self.human:
            return "you"
        return f"player {player} ({'your partner' if player == partner(self.human) else 'an opponent'})"

    def verb(self, player: int, verb: str) -> str:
        """``verb`` for ``player``: "lead" for you, "leads" for the others."""
        return verb if player == self.human else verb + "s"

    def side_name(self, side: int) -> str:
        return "your side" if side == side_of(self.human) else "the other side"

    def say(self, text: str | Text) -> None:
        """Print ``text``: our own lines with their colour markup, or a :class:`~rich.text.Text` as it is."""
        self.console.print(text if self.style.symbols or isinstance(text, Text) else escape(text))

    def run(self, read: Callable[[str], str], moved: Callable[[], None]) -> None:
        """Play until the game (or deal) is over; ``read`` asks the human for a line, ``moved`` is called after
        every move."""
        self.say(
            f"you are player {self.human}; your partner is player {partner(self.human)}, opposite you; "
            f"players {(self.human + 1) % 4} and {(self.human + 3) % 4} are your opponents"
        )
        self.say(HELP)
        self.show_deal_start()
        while not self.play.is_over:
            if isinstance(self.play, Game) and self.play.needs_deck:
                self.recorder.add_deck(self.shuffled())
                continue
            legal = self.play.legal_actions()
            before = self.deal.state()
            player = legal[0].player
            if player == self.human:
                self.human_turn(read, legal, before)
            else:
                action = self.bots[player].choose(self.play.observation(player), legal)
                self.say(f"{self.name(player)} {'plays' if before['table'] else 'leads'} {self.describe(action)}")
                self.recorder.apply(action)
            moved()
            self.report(before)

    def human_turn(self, read: Callable[[str], str], legal: tuple[Play, ...], before: JSON) -> None:
        view = self.play.observation(self.human)
        course = Course(before["course"])
        hand = in_hand_order([parse_card(card) for card in cards_in(view["hand"])], course)
        self.say(f"your hand: {self.style.cards(hand)}")
        in_order = sorted(legal, key=lambda action: hand_place(action.card, course))
        self.say("your options: " + ", ".join(self.describe(action) for action in in_order))
        while True:
            text = read(f"you {'play' if before['table'] else 'lead'}> ")
            if text.strip().lower() in ("quit", "exit"):
                raise Quit
            if text.strip().lower() in ("help", "?"):
                self.say(HELP)
                continue
            try:
                action = parse_move(text, self.human)
                self.recorder.apply(action)
                self.say(f"you {'play' if before['table'] else 'lead'} {self.describe(action)}")
                return
            except InputError as error:
                self.say(as_typed(str(error)))
            except IllegalAction as error:
                self.recorder.steps.pop()  # a mistyped move is not part of the game's record
                self.say(f"not allowed: {error.message} ({error.rule})")

    def describe(self, action: Play) -> str:
        call = "" if action.call is Call.NONE else f" {action.call.value}"
        return self.style.card(action.card) + call

    def cards(self, text: str) -> str:
        return self.style.cards([parse_card(text[i : i + 2]) for i in range(0, len(text), 2)])

    def report(self, before: JSON) -> None:
        """Tell what the last card led to: a card drawn at once, a trick won, draws, the Soup course, a deal's end."""
        duck = before["course"] == "duck"
        if duck and self.options.draw is DrawOrder.AS_PLAYED and before["to_act"] == self.human:
            self.say(f"you drew {self.cards(self.drawn(before))}")
        if len(before["calls"]) < 3:
            return
        self.trick_won(before)
        if sum(map(sum, before["tricks"])) == TRICKS - 1:
            self.deal_over()
            return
        after = self.deal.state()
        if duck and self.options.draw is DrawOrder.WINNER_FIRST:
            self.say(f"each draws a card, the winner first; you drew {self.cards(self.drawn(before))}")
        if after["course"] != before["course"]:
            self.say("the stock is empty: the Soup course begins (highest card of the suit led wins, Aces high)")
        mine, theirs = after["piles"][side_of(self.human)], after["piles"][1 - side_of(self.human)]
        self.say(f"piles (Duck, Soup): your side {mine[0]}, {mine[1]}; the other side {theirs[0]}, {theirs[1]}")

    @property
    def options(self) -> RuleOptions:
        return self.recorder.options

    def drawn(self, before: JSON) -> str:
        """The card the human has drawn since ``before`` (as ``TC``): the hand now, less the hand then without the
        card the human has just played, if they played it."""
        held = cards_in(before["hands"][self.human])
        action = self.recorder.steps[-1]["action"]
        if action["player"] == self.human:
            held.remove(action["play"])
        now = cards_in(self.deal.state()["hands"][self.human])
        for card in held:
            now.remove(card)
        return "".join(now)

    def trick_won(self, before: JSON) -> None:
        """Who took the trick just completed, by which rule (§4.2-§4.4), and how many cards the side stored."""
        action = self.recorder.steps[-1]["action"]
        cards = [*cards_in(before["table"]), action["play"]]
        calls = [*before["calls"], action.get("call", "none")]
        leader = (action["player"] - 3) % 4
        trick = [
            Play((leader + i) % 4, parse_card(card), Call(call))
            for i, (card, call) in enumerate(zip(cards, calls, strict=True))
        ]
        winner = trick[winning_position(trick, Course(before["course"]))].player
        rule = won_by(trick)
        stored = suit_count([play.card for play in trick])
        self.say(
            f"{self.name(winner)} {self.verb(winner, 'win')} the trick {HOW[rule]} ({rule.paragraph}); "
            f"{self.side_name(side_of(winner))} stores {stored} card{'s' if stored > 1 else ''}"
        )

    def last_summary(self) -> JSON:
        """The piles, tricks and scores of the deal just finished."""
        return self.play.finished[-1] if isinstance(self.play, Game) else self.play.summary()

    def deal_over(self) -> None:
        summary = self.last_summary()
        mine, theirs = side_of(self.human), 1 - side_of(self.human)
        (d0, s0), (d1, s1) = summary["piles"][mine], summary["piles"][theirs]
        self.say(
            f"the deal is over: your side {d0} × {s0} = {d0 * s0}, the other side {d1} × {s1} = {d1 * s1} (Duck pile "
            "times Soup pile)"
        )
        if not isinstance(self.play, Game):
            return
        totals = self.play.totals
        self.say(f"totals: your side {totals[mine]}, the other side {totals[theirs]}")
        result = self.play.result
        if result is not None:
            points = result["game_points"]
            self.say(f"{self.side_name(result['winner'])} won the game: {points} game point{'s' if points > 1 else ''}")
        elif not self.play.needs_deck:
            self.show_deal_start()

    def show_deal_start(self) -> None:
        state = self.play.state()
        number = state.get("deal", 0) + 1
        leader = state["to_act"]
        self.say(f"deal {number}: player {state['dealer']} deals; {self.name(leader)} {self.verb(leader, 'lead')}")


@click.command(
    help="Play Doubleduck with three bots in the terminal, your partner one of them; the game is saved as a "
    f"trace.\n\n{PLAY_HELP}"
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
@click.option("--seed", type=int, default=None, help="Shuffle seed (default: a random one, printed).")
@click.option("--as", "human", type=click.IntRange(0, 3), default=0, show_default=True, help="Your seat (0 to 3).")
@click.option(
    "--draw",
    type=click.Choice([order.value for order in DrawOrder]),
    default=DrawOrder.WINNER_FIRST.value,
    show_default=True,
    help="When the players draw in the Duck course (ruling DD-R02).",
)
@click.option("--deal", "one_deal", is_flag=True, help="Play a single deal instead of a whole game.")
@click.option(
    "--save",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("doubleduck-game.json"),
    show_default=True,
    help="Where the trace goes, after every move; a file of that name is never overwritten (NAME-2.json is used "
    "instead).",
)
def play(bot_name: str, partner_name: str, seed: int | None, human: int, draw: str, one_deal: bool, save: Path) -> None:
    seed = seed if seed is not None else random.SystemRandom().randrange(1_000_000)
    console = Console(highlight=False, no_color=plain_output(), soft_wrap=True)
    console.print(f"Doubleduck with a {partner_name} partner against {bot_name} opponents (seed {seed})", markup=False)
    bot_rng = random.Random(f"ducksoup-bots:{seed}")
    bots: dict[int, Bot] = {
        seat: BOTS[partner_name if seat == partner(human) else bot_name](bot_rng.randrange(2**32))
        for seat in range(4)
        if seat != human
    }
    table = Table(bots, human, RuleOptions(draw=DrawOrder(draw)), seed, "deal" if one_deal else "game", console)
    sys.exit(play_and_keep(console, save, table.recorder.snapshot, table.run, input))
