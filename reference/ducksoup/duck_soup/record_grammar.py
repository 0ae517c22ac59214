"""Duck Soup's record grammar: what the words of a record mean, read into a :class:`Record` and written back.

The format is described in :mod:`ducksoup.duck_soup.record`; the reading every game's record
shares (comments, tag pairs, words with their places, cards, errors, limits) is
:mod:`ducksoup.records`. Here are Duck Soup's tags, hand lines, tricks with their calls and
draws, and scores.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from duckcheck.duck_soup import SUITE
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
from ducksoup.records.tricks import DealDraft, TrickDraft, TrickNotation, TrickParser, trick_words
from duckspec.duck_soup.variants import Calls, DoubleDraw, RuleOptions, StockVisibility
from duckspec.seats import opponent

CALLS = ("quack", "quack-quack", "duck-soup")
DUCK = "duck"
HAND_SIZE = 13
STOCK_START = 26
"""Deck positions 0-25 are dealt, 26-51 are the stock (26 is its first face-up card)."""
CARDS = STANDARD_CARDS
"""Duck Soup is played with the standard pack, written as :data:`ducksoup.records.STANDARD_CARDS` reads it."""
CARD_HELP = CARDS.help
FORMAT_VERSIONS = ("1",)
"""The versions of Duck Soup's record format, oldest first (``[Format "1"]``: :mod:`ducksoup.records.header`)."""
WORD_HELP = "expected a card like 9C, or a call: quack, quack-quack, duck-soup, or the answer duck"


# The record


@dataclass(frozen=True)
class Move:
    """One action: a card with its call (``""`` for none, ``"quack"``, ``"quack-quack"``, ``"duck-soup"``),
    or the leader's answer "duck" (``card`` None, ``call`` ``"duck"``)."""

    card: str | None
    call: str = ""
    at: Pos = field(default=NOWHERE, compare=False, repr=False)

    def __str__(self) -> str:
        if self.card is None:
            return DUCK
        return f"{self.card} {self.call}" if self.call else self.card


@dataclass(frozen=True)
class Trick:
    """The play from an empty table to the next: one trick, or the two tricks of a quack-quack.

    ``drawn``: the cards drawn from the stock after it, in the order they leave the stock (the
    winner's first), ``None`` for a card not known; trailing unknown cards may be left out.
    ``up``: the card turned face up after the drawing, if recorded.
    """

    moves: tuple[Move, ...]
    drawn: tuple[str | None, ...] = ()
    up: str | None = None
    at: Pos = field(default=NOWHERE, compare=False, repr=False)
    drawn_at: tuple[Pos, ...] = field(default=(), compare=False, repr=False)
    up_at: Pos = field(default=NOWHERE, compare=False, repr=False)
    number: int | None = field(default=None, compare=False, repr=False)
    """The trick's number as written (``5.``), checked when the deal is replayed: None when not written."""


@dataclass(frozen=True)
class DealRecord:
    """One deal: the known cards of each starting hand, the first face-up card, the tricks, the scores."""

    hands: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    up: str | None = None
    tricks: tuple[Trick, ...] = ()
    score: tuple[int, int] | None = None
    at: Pos = field(default=NOWHERE, compare=False, repr=False)
    hands_at: tuple[tuple[Pos, ...], tuple[Pos, ...]] = field(default=((), ()), compare=False, repr=False)
    up_at: Pos = field(default=NOWHERE, compare=False, repr=False)
    score_at: Pos = field(default=NOWHERE, compare=False, repr=False)


@dataclass(frozen=True)
class Record:
    """A record of a deal, a game or a match, as players write it down."""

    dealer: int
    players: tuple[str, str] = ("", "")
    scope: str = "deal"
    stock: str = "face-up"
    double_draw: str = "winner-first"
    best_of: int = 1
    tags: tuple[tuple[str, str], ...] = ()
    """The other tag pairs (Event, Date ...), in the order written."""
    deals: tuple[DealRecord, ...] = ()
    tags_at: tuple[tuple[str, Pos], ...] = field(default=(), compare=False, repr=False)
    calls: str = "spoken"

    @property
    def options(self) -> RuleOptions:
        return RuleOptions(
            stock=StockVisibility(self.stock),
            best_of=self.best_of,
            double_draw=DoubleDraw(self.double_draw),
            calls=Calls(self.calls),
        )

    def name(self, player: int) -> str:
        """The player's name from the Players tag, or ``player 0``."""
        return self.players[player] or f"player {player}"

    def dealer_of(self, deal: int) -> int:
        """The dealer of deal ``deal`` (from 0): the players take turns, across games too."""
        return self.dealer ^ (deal % 2)

    def tag_at(self, name: str) -> Pos:
        return tag_at(self.tags_at, name)


def read_card(text: str) -> str | None:
    """A card in canonical notation (``TC``) from ``tc``, ``10C``, ``10♣`` ...; None if it is not one."""
    return CARDS.read(text)


# Reading: the shared lexer gives the items (tags, hand lines, words); the parser makes the record

KNOWN_TAGS = ("Players", "Dealer", "Scope", "Stock", "DoubleDraw", "BestOf", "Calls")
NOTATION = TrickNotation(
    read_card,
    CARD_HELP,
    WORD_HELP,
    "every card played must be written: ? stands for an unknown card only in a hand",
    26,
    "a deal has 26 tricks at most: begin the next deal with 'Deal' and its number",
    KNOWN_TAGS,
    'a record begins with its header, tag pairs like [Players "Anna, Ben"] and [Dealer "Ben"]; [Dealer] is required',
    Sections("deal", "its hands and tricks", '[Scope "game"] or [Scope "match"]'),
)
"""Duck Soup's words; a deal has 26 tricks at most, its 52 cards two to a trick."""


@dataclass
class _TrickDraft(TrickDraft[Move]):
    up: str | None = None
    up_at: Pos = NOWHERE
    number: int | None = None

    def is_complete(self, silent: bool = False) -> bool:
        """Whether the moves make a finished trick (or quack-quack), judging by the calls written, or, with silent
        calls (ruling DS-R15), by the ranks: a follow of the rank led is a quack, which waits for an answer."""
        moves = self.moves
        if len(moves) == 3 and moves[2].card is None:
            return True
        if len(moves) == 2:
            lead, follow = moves[0].card, moves[1].card
            if silent:
                return follow is not None and lead is not None and follow[0] != lead[0]
            return follow is not None and moves[1].call != "quack"
        return len(moves) >= 4

    def freeze(self) -> Trick:
        return Trick(
            tuple(self.moves), tuple(self.drawn), self.up, self.at, tuple(self.drawn_at), self.up_at, self.number
        )


@dataclass
class _DealDraft(DealDraft[_TrickDraft]):
    up: str | None = None
    up_at: Pos = NOWHERE

    def freeze(self) -> DealRecord:
        return DealRecord(
            (tuple(self.hands[0]), tuple(self.hands[1])),
            self.up,
            tuple(trick.freeze() for trick in self.tricks),
            self.score,
            self.at,
            (tuple(self.hands_at[0]), tuple(self.hands_at[1])),
            self.up_at,
            self.score_at,
        )


@dataclass
class _Header(Header):
    players: tuple[str, str] = ("", "")
    dealer: int = 0
    scope: str = "deal"
    stock: str = "face-up"
    double_draw: str = "winner-first"
    calls: str = "spoken"
    best_of: int = 1


class _Parser(TrickParser[_Header, _DealDraft, _TrickDraft, Move]):
    def __init__(self, text: str) -> None:
        super().__init__(text, NOTATION, _DealDraft, _TrickDraft, Move)

    def parse(self) -> Record:
        header = self.read_deals()
        return Record(
            header.dealer,
            header.players,
            header.scope,
            header.stock,
            header.double_draw,
            header.best_of,
            tuple(header.extra),
            tuple(deal.freeze() for deal in self.deals),
            tuple(header.tags_at),
            header.calls,
        )

    # The header

    def read_header(self, tags: Tags, at: Pos) -> _Header:
        header = _Header()
        dealer = tags.get("Dealer")
        if dealer is None:
            raise RecordError(
                'the header has no [Dealer] tag: say who dealt the first deal, like [Dealer "0"] or [Dealer "Anna"]',
                at,
            )
        check_game(tags, SUITE.id, SUITE.title)
        check_format(tags, FORMAT_VERSIONS)
        header.extra, header.tags_at = tags.extra(), tags.places()
        players = tags.get("Players")
        if players is not None:
            header.players = _players(players)
        header.dealer = self.player_of(dealer.value, header.players, dealer.at, "Dealer")
        header.stock = tags.choice("Stock", ("face-up", "hidden"), "face-up")
        header.double_draw = tags.choice("DoubleDraw", ("winner-first", "alternate"), "winner-first")
        header.calls = tags.choice("Calls", ("spoken", "silent"), "spoken")
        header.best_of = int(tags.choice("BestOf", ("1", "3", "5"), "1"))
        header.scope = tags.choice("Scope", ("deal", "game", "match"), "match" if header.best_of > 1 else "deal")
        if (header.scope == "match") != (header.best_of > 1):
            item = tags.get("Scope") or tags.get("BestOf")
            assert item is not None  # one of the two disagrees with the other's default
            raise RecordError(
                f'a {header.scope} is played with [BestOf "{header.best_of}"]: a match is best of 3 or 5, '
                "a deal or a game best of 1",
                item.at,
            )
        return header

    @staticmethod
    def player_of(text: str, players: tuple[str, str], at: Pos, what: str) -> int:
        """Player 0 or 1 from ``0``, ``1``, ``player 0``, ``p0`` or a name of the Players tag."""
        label = " ".join(text.split()).lower()
        for player in (0, 1):
            if label in (str(player), f"player {player}", f"p{player}") or label == players[player].lower() != "":
                return player
        names = f"{excerpt(players[0])} or {excerpt(players[1])}, or " if players[0] else ""
        raise RecordError(f"{what}: {excerpt(text)} is not a player: write {names}0 or 1", at)

    # The body

    def hand(self, item: Item, header: _Header) -> None:
        self.callable = None
        if self.numbered:
            raise RecordError("a trick number is followed by the cards of the trick", self.numbered)
        player = self.player_of(item.text, header.players, item.at, "a hand line begins with a player and a colon")
        deal = self.start_hand(player, item.at, header, possessive(header, player))
        for card, at in hand_line_cards(item.words, HAND_SIZE, read_card, CARD_HELP, "rule §3", "§3"):
            for other in (0, 1):
                if card in deal.hands[other]:
                    first = deal.hands_at[other][deal.hands[other].index(card)]
                    raise RecordError(
                        f"a card recorded twice (§2): {card} is already in {possessive(header, other)} hand "
                        f"at line {first[0]}, column {first[1]}",
                        at,
                        rule="§2",
                    )
            deal.hands[player].append(card)
            deal.hands_at[player].append(at)

    def game_word(self, item: Item, following: Item | None, header: _Header, callable_move: Move | None) -> int | None:
        """The face-up card (``^9C``), a call after its card, and the leader's answer "duck"."""
        text, at = item.text, item.at
        next_word = following.text.lower() if following and following.kind == "word" else ""
        if text.startswith("^"):
            self.turn_up(text[1:], at, header)
            return 0
        call = text.lower().replace("-", "").replace("_", "")
        used = 0
        if call == "quack" and next_word == "quack":
            call, used = "quackquack", 1
        elif call == "duck" and next_word == "soup":
            call, used = "ducksoup", 1
        if call in ("quack", "quackquack", "ducksoup"):
            if callable_move is None:
                raise RecordError(f"a call is written after the card it is said with, like 8H {CALLS[0]}", at)
            said = {"quack": "quack", "quackquack": "quack-quack", "ducksoup": "duck-soup"}[call]
            trick = self.deals[-1].tricks[-1]
            trick.moves[-1] = Move(callable_move.card, said, callable_move.at)
            return used
        if call == "duck":
            self.move(Move(None, DUCK, at), header)
            return 0
        if call == "soup":
            raise RecordError("the call is duck-soup, written as one word", at)
        return None

    def trick_number(self, number: int, at: Pos, header: _Header) -> None:
        self.check_unnumbered(at)
        deal = self.deal(at, header)
        self.check_open(deal, at)
        # The number is checked as the deal is replayed (record_inference), not here: where the calls written
        # split a numbered line into two tricks, the rules refuse a call on that line before the next number is
        # found wrong, and the record is refused at the line that made the game impossible.
        self.open_trick(deal, at).number = number
        self.numbered = at

    def continues(self, trick: _TrickDraft, move: Move, header: _Header) -> bool:
        return not trick.is_complete(header.calls == "silent") or _answers(move, trick)

    def turn_up(self, text: str, at: Pos, header: _Header) -> None:
        self.check_unnumbered(at)
        card = read_card(text)
        if card is None:
            raise RecordError(f"{excerpt('^' + text)} is not a face-up card: write ^ then the card, like ^9C", at)
        if header.stock == "hidden":
            raise RecordError(
                'the stock is hidden ([Stock "hidden"]): no card lies face up (ruling DS-R09)', at, rule="DS-R09"
            )
        deal = self.deal(at, header)
        if not deal.tricks:
            if deal.up is not None:
                raise RecordError(f"the first face-up card is already written at line {deal.up_at[0]}", at)
            deal.up, deal.up_at = card, at
            return
        trick = self.last_trick(at, "the card turned up")
        if trick.up is not None:
            raise RecordError(f"the card turned up after this trick is already written ({trick.up})", at)
        trick.up, trick.up_at = card, at


def _answers(move: Move, trick: _TrickDraft) -> bool:
    """Whether ``move`` is a "duck" written after the lead and follow of ``trick``: it is that trick's answer,
    whatever its calls, since no trick can begin with one; the rules then refuse it where it stands if no quack
    asked for it (rather than the next trick's number being found wrong, a line later)."""
    return move.card is None and len(trick.moves) == 2 and not trick.drawn and trick.up is None


def _players(item: Item) -> tuple[str, str]:
    names = [" ".join(name.split()) for name in item.value.split(",")]
    if len(names) != 2 or not all(names):
        raise RecordError(
            f'[Players] names the two players, separated by a comma, like "Anna, Ben": {excerpt(item.value)}', item.at
        )
    for name in names:
        if name.lower() in ("0", "1", "p0", "p1", "player 0", "player 1", "deal", "deal 1") or re.search(
            r"[:\[\]\"]", name
        ):
            raise RecordError(
                f"{excerpt(name)} cannot be a player's name here: "
                "names hold no colon, brackets or quotes, and are not 0 or 1",
                item.at,
            )
    if names[0].lower() == names[1].lower():
        raise RecordError(f"the two players need different names, not {excerpt(names[0])} twice", item.at)
    return names[0], names[1]


def possessive(header: _Header | Record, player: int) -> str:
    """``Anna's`` or ``player 0's``."""
    name = header.players[player] or f"player {player}"
    return f"{name}'s"


def parse(text: str) -> Record:
    """Read a record (:func:`ducksoup.duck_soup.record.parse_record`, which documents it)."""
    return _Parser(text).parse()


# Writing


def write(record: Record) -> str:
    """The record as text (:func:`ducksoup.duck_soup.record.format_record`, which documents it)."""
    named = bool(record.players[0])
    lines = header_lines(SUITE.id, FORMAT_VERSIONS[-1], record.tags)
    if named:
        lines.append(f"[Players {quote(', '.join(record.players))}]")
    lines.append(f"[Dealer {quote(record.players[record.dealer] if named else str(record.dealer))}]")
    lines.append(f"[Scope {quote(record.scope)}]")
    lines.append(f"[Stock {quote(record.stock)}]")
    if record.double_draw != "winner-first":
        lines.append(f"[DoubleDraw {quote(record.double_draw)}]")
    if record.calls != "spoken":
        lines.append(f"[Calls {quote(record.calls)}]")
    if record.best_of != 1:
        lines.append(f'[BestOf "{record.best_of}"]')
    for number, deal in enumerate(record.deals):
        dealer = record.dealer_of(number)
        lines.append("")
        lines.append(f"Deal {number + 1} ; {record.name(dealer)} deals, {record.name(opponent(dealer))} leads")
        for player in (0, 1):
            if deal.hands[player]:
                label = record.players[player] if named else f"Player {player}"
                lines.append(f"{label}: {' '.join(deal.hands[player])}")
        if deal.up is not None:
            lines.append(f"^{deal.up}")
        for count, trick in enumerate(deal.tricks, 1):
            words = trick_words(count, trick.moves, trick.drawn)
            if trick.up is not None:
                words.append("^" + trick.up)
            lines.append(" ".join(words))
        if deal.score is not None:
            lines.append(f"{deal.score[0]}-{deal.score[1]}")
    return "\n".join(lines) + "\n"
