"""Doubleduck's record grammar: what the words of a record mean, read into a :class:`Record` and written back.

The format is described in :mod:`ducksoup.doubleduck.record`; the reading every game's record
shares (comments, tag pairs, words with their places, cards, errors, limits) is
:mod:`ducksoup.records`. Here are Doubleduck's tags (four players, their sides, the draw), hand
lines, tricks of four cards with their calls and the cards drawn after them, and scores.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from duckcheck.doubleduck import SUITE
from duckcheck.untrusted import excerpt
from ducksoup.records import (
    NOWHERE,
    STANDARD_CARDS,
    Item,
    Pos,
    RecordError,
    Tags,
    check_format,
    check_game,
    quote,
)
from ducksoup.records.grammar import (
    Header,
    Sections,
    hand_line_cards,
    header_lines,
    tag_at,
)
from ducksoup.records.players import player_named, player_names
from ducksoup.records.tricks import DealDraft, TrickDraft, TrickNotation, TrickParser, trick_words
from duckspec.doubleduck import GAME_ID
from duckspec.doubleduck.variants import DrawOrder, RuleOptions

SEATS = 4
HAND_SIZE = 13
TRICKS_PER_DEAL = 26
"""A deal's 104 cards, four to a trick."""
FORMAT_VERSION = "1"
"""The version of the format this module reads and writes (the ``[Format]`` tag)."""
CALLS = ("quack", "quack-quack", "quack-quack-quack", "doubleduck")
CARDS = STANDARD_CARDS
"""Doubleduck is played with two standard packs; a card is written the same whichever pack it comes from."""
CARD_HELP = CARDS.help
WORD_HELP = "expected a card like 9C, or a call after its card: quack, quack-quack, quack-quack-quack or doubleduck"
KNOWN_TAGS = ("Game", "Format", "Players", "Sides", "Dealer", "Scope", "Draw")


@dataclass(frozen=True)
class Move:
    """One card played, with its call (``""`` for none, or one of :data:`CALLS`)."""

    card: str
    call: str = ""
    at: Pos = field(default=NOWHERE, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.card} {self.call}" if self.call else self.card


@dataclass(frozen=True)
class Trick:
    """Four cards in the order played (fewer when the record stops in the trick), and the cards drawn after it.

    ``drawn``: the cards drawn from the stock after the trick, in the order they leave it (the
    winner's first, then round to the left; with ``[Draw "as-played"]`` in the order played),
    ``None`` for a card not seen; trailing unseen cards may be left out.
    """

    moves: tuple[Move, ...]
    drawn: tuple[str | None, ...] = ()
    at: Pos = field(default=NOWHERE, compare=False, repr=False)
    drawn_at: tuple[Pos, ...] = field(default=(), compare=False, repr=False)


Hands = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]


@dataclass(frozen=True)
class DealRecord:
    """One deal: the known cards of each starting hand (by seat), the tricks, the scores (side 0's first)."""

    hands: Hands = ((), (), (), ())
    tricks: tuple[Trick, ...] = ()
    score: tuple[int, int] | None = None
    at: Pos = field(default=NOWHERE, compare=False, repr=False)
    hands_at: tuple[tuple[Pos, ...], ...] = field(default=((), (), (), ()), compare=False, repr=False)
    score_at: Pos = field(default=NOWHERE, compare=False, repr=False)


@dataclass(frozen=True)
class Record:
    """A record of a deal or a game of Doubleduck, as a player writes it down."""

    dealer: int
    players: tuple[str, ...] = ("", "", "", "")
    scope: str = "deal"
    draw: str = "winner-first"
    tags: tuple[tuple[str, str], ...] = ()
    """The other tag pairs (Event, Date ...), in the order written."""
    deals: tuple[DealRecord, ...] = ()
    tags_at: tuple[tuple[str, Pos], ...] = field(default=(), compare=False, repr=False)

    @property
    def options(self) -> RuleOptions:
        return RuleOptions(draw=DrawOrder(self.draw))

    def name(self, seat: int) -> str:
        """The player's name from the Players tag, or ``player 2``."""
        return self.players[seat] or f"player {seat}"

    def dealer_of(self, deal: int) -> int:
        """The dealer of deal ``deal`` (from 0): the deal passes to the left (§2, DD-R15)."""
        return (self.dealer + deal) % SEATS

    def tag_at(self, name: str) -> Pos:
        return tag_at(self.tags_at, name)


def read_card(text: str) -> str | None:
    """A card in canonical notation (``TC``) from ``tc``, ``10C``, ``10♣`` ...; None if it is not one."""
    return CARDS.read(text)


def read_call(word: str) -> str | None:
    """The call a word says (``quack``, ``Quack-Quack``, ``quack_quack``, ``doubleduck``, ``double-duck``), or
    None."""
    plain = word.lower().replace("-", "").replace("_", "").rstrip("!")
    if plain == "doubleduck":
        return "doubleduck"
    quacks, rest = divmod(len(plain), 5)
    if plain and not rest and quacks <= 3 and plain == "quack" * quacks:
        return CALLS[quacks - 1]
    return None


# Reading: the shared lexer gives the items (tags, hand lines, words); the parser makes the record

NOTATION = TrickNotation(
    read_card,
    CARD_HELP,
    WORD_HELP,
    "every card played is seen by all, so it is written: ? stands for a card only in a hand",
    TRICKS_PER_DEAL,
    f"a deal has {TRICKS_PER_DEAL} tricks: begin the next deal with 'Deal' and its number",
    KNOWN_TAGS,
    'a record begins with its header, tag pairs like [Players "Anna, Ben, Cleo, Dan"] and [Dealer "Dan"]; '
    "[Dealer] is required",
    Sections("deal", "its hands and tricks", '[Scope "game"]'),
)
"""Doubleduck's words."""


@dataclass
class _TrickDraft(TrickDraft[Move]):
    def freeze(self) -> Trick:
        return Trick(tuple(self.moves), tuple(self.drawn), self.at, tuple(self.drawn_at))


@dataclass
class _DealDraft(DealDraft[_TrickDraft]):
    seats: int = SEATS

    def freeze(self) -> DealRecord:
        hands = tuple(tuple(hand) for hand in self.hands)
        return DealRecord(
            (hands[0], hands[1], hands[2], hands[3]),
            tuple(trick.freeze() for trick in self.tricks),
            self.score,
            self.at,
            tuple(tuple(places) for places in self.hands_at),
            self.score_at,
        )


@dataclass
class _Header(Header):
    players: tuple[str, ...] = ("", "", "", "")
    dealer: int = 0
    scope: str = "deal"
    draw: str = "winner-first"


class _Parser(TrickParser[_Header, _DealDraft, _TrickDraft, Move]):
    def __init__(self, text: str) -> None:
        super().__init__(text, NOTATION, _DealDraft, _TrickDraft, Move)

    def parse(self) -> Record:
        header = self.read_deals()
        return Record(
            header.dealer,
            header.players,
            header.scope,
            header.draw,
            tuple(header.extra),
            tuple(deal.freeze() for deal in self.deals),
            tuple(header.tags_at),
        )

    # The header

    def read_header(self, tags: Tags, at: Pos) -> _Header:
        check_game(tags, GAME_ID, SUITE.title)
        check_format(tags, (FORMAT_VERSION,))
        header = _Header()
        header.extra, header.tags_at = tags.extra(), tags.places()
        players = tags.get("Players")
        if players is not None:
            header.players = player_names(players, (SEATS,), "Deal")
        dealer = tags.get("Dealer")
        if dealer is None:
            raise RecordError(
                'the header has no [Dealer] tag: say who dealt the first deal, like [Dealer "3"] or [Dealer "Dan"]',
                at,
            )
        header.dealer = player_of(dealer.value, header.players, dealer.at, "[Dealer]")
        sides = tags.get("Sides")
        if sides is not None:
            _check_sides(sides, header.players)
        header.draw = tags.choice("Draw", tuple(order.value for order in DrawOrder), DrawOrder.WINNER_FIRST.value)
        header.scope = tags.choice("Scope", ("deal", "game"), "deal")
        return header

    # The body

    def hand(self, item: Item, header: _Header) -> None:
        self.callable = None
        self.check_unnumbered(item.at)
        seat = player_of(item.text, header.players, item.at, "a hand line begins with a player and a colon")
        deal = self.start_hand(seat, item.at, header, possessive(header.players, seat))
        for card, at in hand_line_cards(item.words, HAND_SIZE, read_card, CARD_HELP, "§2"):
            deal.hands[seat].append(card)
            deal.hands_at[seat].append(at)

    def game_word(self, item: Item, following: Item | None, header: _Header, callable_move: Move | None) -> int | None:
        """A call after its card (``quack``, ``double duck`` ...)."""
        text = item.text
        next_word = following.text.lower() if following and following.kind == "word" else ""
        call = read_call(text)
        if call is None and text.lower() == "double" and next_word == "duck":
            call = "doubleduck"
        if call is None:
            return None
        self.call(call, callable_move, item.at)
        self.callable = self.deals[-1].tricks[-1].moves[-1] if callable_move else None
        return 1 if text.lower() == "double" else 0

    def call(self, call: str, move: Move | None, at: Pos) -> None:
        """A call said with the card just read; a quack after a quack counts one more (``8H quack quack``)."""
        if move is None:
            raise RecordError(f"a call is written after the card it is said with, like 8H {CALLS[0]}", at)
        if move.call:
            quacks = CALLS.index(move.call) + 1 + CALLS.index(call) + 1
            if "doubleduck" in (move.call, call) or quacks > 3:
                raise RecordError(
                    f"{move.card} is already called {move.call}: a card says one call, at most three quacks", at
                )
            call = CALLS[quacks - 1]
        moves = self.deals[-1].tricks[-1].moves
        moves[-1] = Move(move.card, call, move.at)

    def trick_number(self, number: int, at: Pos, header: _Header) -> None:
        self.check_unnumbered(at)
        deal = self.deal(at, header)
        self.check_open(deal, at)
        expected = len(deal.tricks) + 1
        if deal.tricks and len(deal.tricks[-1].moves) < SEATS:
            raise RecordError(
                f"trick {expected - 1} has {len(deal.tricks[-1].moves)} cards: a trick is four cards, one from each "
                f"player, before trick {expected} begins",
                at,
            )
        if number != expected:
            raise RecordError(f"this is trick {expected} of the deal, not {number}", at)
        self.open_trick(deal, at)
        self.numbered = at

    def continues(self, trick: _TrickDraft, move: Move, header: _Header) -> bool:
        return len(trick.moves) < SEATS

    def check_draw(self, trick: _TrickDraft, at: Pos) -> None:
        if len(trick.moves) < SEATS:
            raise RecordError(
                f"the cards drawn are written after the trick's four cards: this trick has {len(trick.moves)}", at
            )
        if len(trick.drawn) >= SEATS:
            raise RecordError("four cards at most are drawn after a trick, one by each player (§4.6)", at)


def player_of(text: str, players: tuple[str, ...], at: Pos, what: str) -> int:
    """Seat 0 to 3 from ``2``, ``player 2``, ``p2`` or a name of the Players tag."""
    return player_named(text, players if players[0] else (), SEATS, at, what)


def _check_sides(item: Item, players: tuple[str, ...]) -> None:
    """``[Sides "Anna, Cleo v Ben, Dan"]``: two partnerships, each of the two players opposite (ruling DD-R19)."""
    parts = re.split(r"\s+(?:v|vs\.?|versus)\s+", item.value.strip(), flags=re.IGNORECASE)
    if len(parts) != 2:
        raise RecordError(f'[Sides] names the two sides, like "Anna, Cleo v Ben, Dan": {excerpt(item.value)}', item.at)
    sides = []
    for part in parts:
        names = [name.strip() for name in part.split(",") if name.strip()]
        if len(names) != 2:
            raise RecordError(f"[Sides]: a side is two players, like Anna, Cleo: {excerpt(part)}", item.at)
        sides.append(frozenset(player_of(name, players, item.at, "[Sides]") for name in names))
    if {frozenset(side) for side in sides} != {frozenset({0, 2}), frozenset({1, 3})}:
        seated = " v ".join(" & ".join(players[s] or str(s) for s in pair) for pair in ((0, 2), (1, 3)))
        raise RecordError(
            f"[Sides]: partners sit opposite, so the sides are {seated} (ruling DD-R19)", item.at, rule="DD-R19"
        )


def possessive(players: tuple[str, ...], seat: int) -> str:
    """``Anna's`` or ``player 0's``."""
    return f"{players[seat] or f'player {seat}'}'s"


def parse(text: str) -> Record:
    """Read a record (:func:`ducksoup.doubleduck.record.parse_record`, which documents it)."""
    return _Parser(text).parse()


# Writing


def write(record: Record, comments: dict[tuple[int, int], str] | None = None) -> str:
    """The record as text (:func:`ducksoup.doubleduck.record.format_record`, which documents it); ``comments``
    adds a comment after a trick, by (deal, trick), both from 0."""
    named = bool(record.players[0])
    lines = header_lines(GAME_ID, FORMAT_VERSION, record.tags)
    label = [record.players[seat] if named else f"Player {seat}" for seat in range(SEATS)]
    if named:
        lines.append(f"[Players {quote(', '.join(record.players))}]")
    short = [record.players[seat] if named else str(seat) for seat in range(SEATS)]
    lines.append(f"[Sides {quote(f'{short[0]}, {short[2]} v {short[1]}, {short[3]}')}]")
    lines.append(f"[Dealer {quote(short[record.dealer])}]")
    lines.append(f"[Scope {quote(record.scope)}]")
    if record.draw != DrawOrder.WINNER_FIRST.value:
        lines.append(f"[Draw {quote(record.draw)}]")
    for number, deal in enumerate(record.deals):
        dealer = record.dealer_of(number)
        lines.append("")
        lines.append(f"Deal {number + 1} ; {record.name(dealer)} deals, {record.name((dealer + 1) % SEATS)} leads")
        for seat in range(SEATS):
            if deal.hands[seat]:
                lines.append(f"{label[seat]}: {' '.join(deal.hands[seat])}")
        for count, trick in enumerate(deal.tricks, 1):
            words = trick_words(count, trick.moves, trick.drawn)
            note = (comments or {}).get((number, count - 1))
            lines.append(" ".join(words) + (f"  ; {note}" if note else ""))
        if deal.score is not None:
            lines.append(f"{deal.score[0]}-{deal.score[1]}")
    return "\n".join(lines) + "\n"
