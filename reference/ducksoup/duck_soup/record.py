"""Duck Soup records: the compact text a player types after a real game, and conformance traces from it.

A record is to Duck Soup what PGN is to chess: plain text that holds what the players know
of a deal, a game or a match, short enough to type at the table and plain enough to read
back when a score is disputed. This module reads and writes records
(:func:`parse_record`, :func:`format_record`), turns a record into a conformance trace that
``ducksoup.duck_soup.traces.replay`` checks (:func:`record_to_trace`, inferring the deck orders the
record does not give, :func:`infer_decks`), and a trace back into a record
(:func:`trace_to_record`).

An example
==========

Anna's record of the first four tricks of a deal that Ben dealt. She saw Ben's cards only as
he played them, so his hand is not written::

    [Event "Club night"]
    [Date "2024.05.11"]
    [Players "Anna, Ben"]
    [Dealer "Ben"]

    Anna: 8C JC 4D 3H 4H 7H JH QH AS 2S 4S 7S 10S  ; Ben's hand is not known
    ^8D
    1. JH 2H +8D +AH ^AC   { Ben's 2H wins: he takes the 8D, I draw the AH }
    2. 5S 3H +AC +6H ^9C
    3. td ts quack duck +9C ^QC
    4. AH AC +QC ^JD

>>> record = parse_record(EXAMPLE)
>>> record.players, record.dealer, record.deals[0].tricks[2].moves
(('Anna', 'Ben'), 1, (Move(card='TD', call=''), Move(card='TS', call='quack'), Move(card=None, call='duck')))
>>> trace = record_to_trace(record, "club-night", "Anna v Ben, the first four tricks")
>>> trace["description"]
'Anna v Ben, the first four tricks [inferred: 3 cards from play, 29 never seen]'
>>> trace["steps"][-1]["state"]["points"]
[[4, 0], [3, 0]]
>>> [card.card for card in infer_decks(record).inferred if card.reason == "played"]
['2H', '5S', 'TD']

The text
========

Cards are written rank then suit, in upper or lower case: ``9C``, ``9c``, ``TD`` or ``10D``,
``AS``; the suit symbols ``♣ ♦ ♥ ♠`` may stand for ``C D H S``. Words are separated by
spaces, line breaks or commas. A comment runs from ``;`` to the end of the line, or from
``{`` to ``}`` (across lines too); comments are for the reader and are not kept. A mistake
raises :class:`RecordError`, which names the line and column and says what was expected::

    line 10, column 7: 'ZZ' is not a card: write the rank then the suit, like 9C (...)

:func:`parse_record` checks the form of the text; :func:`record_to_trace` (and
:func:`infer_decks`) check it against the rules, as described under "Inferring the deck".

The header
----------

The record begins with tag pairs ``[Name "value"]``, one or more to a line. Tag names are
read in any case; values are quoted (``\\"`` and ``\\\\`` inside).

============  ==================================  =================================================
tag           values                              meaning
============  ==================================  =================================================
Dealer        ``0``, ``1`` or a player's name     who dealt the first deal; **required**
Players       ``"Anna, Ben"``                     the names of player 0 and player 1 (optional)
Scope         ``deal``, ``game``, ``match``       one deal (the default), deals to the end of a
                                                  game, or a match (the default with BestOf 3, 5)
Stock         ``face-up``, ``hidden``             the stock's top card face up (the default) or not
DoubleDraw    ``winner-first``, ``alternate``     the order of the four cards drawn after a
                                                  quack-quack (ruling DS-R04)
BestOf        ``1``, ``3``, ``5``                 match play
Calls         ``spoken``, ``silent``              calls decide the play (the default), or the Korean
                                                  reading, where the rank alone makes a quack and
                                                  no call is written (ruling DS-R15)
(any other)   any text                            kept as written: Event, Site, Date, Round ...
============  ==================================  =================================================

Deals
-----

``Deal 1``, ``Deal 2`` ... begin the deals (``Deal 1`` may be left out). The players deal in
turn, across games too, and the non-dealer leads the first trick. A deal holds, in order:

* **hand lines**, one per player whose starting hand is known: the player (a name, ``0``,
  ``1`` or ``Player 0``), a colon, and the cards in any order. A card not written is
  unknown, and ``?`` may stand for one (``Ben: QS KS ? ? ...``); a hand not written at all is
  unknown. Write the hands as the players reveal them after the deal, or only your own.
* the **first face-up card**, ``^8D`` (never with the hidden stock).
* the **tricks**, one to a line by custom (see below).
* the deal's **scores**, player 0's first: ``208-99`` (optional; checked against the play).

Every part is optional except the tricks played: a record may stop at any point of a deal.

Tricks
------

``1.``, ``2.`` ... number the tricks of a deal (optional, checked when written; a
quack-quack's two tricks share one number, as they are one exchange). The cards are written
in the order they are played, without saying who plays them: the rules decide (the winner of
a trick leads the next). A call follows the card it is said with, and the leader's answer to
a quack is a word of its own:

==============================================  ====================================================
``7S 8S``                                        a lead and a follow
``8S 8H quack duck``                             a quack, answered with "duck": the quacker wins
``QS QC quack QD quack-quack QH duck-soup``       a quack-quack; the fourth card called duck soup
==============================================  ====================================================

The calls are ``quack``, ``quack-quack`` and ``duck-soup`` (also ``quackquack``,
``quack quack``, ``ducksoup``, ``duck soup``), and the answer ``duck``. A forgotten call is
simply not written. With ``[Calls "silent"]`` no call is written at all (one would break
ruling DS-R15): ``8S 8H duck`` is a quack answered with "duck", ``QS QC QD QH`` a quack-quack
won by the fourth queen.

After a trick of the Duck course the record may say what came off the stock:

* ``+8D +AH``: the cards drawn, **in the order they leave the stock**: after a trick the
  winner's card (with the face-up stock, the face-up card) and then the loser's; after a
  quack-quack the winner's two and then the loser's two (``DoubleDraw "alternate"``: winner,
  loser, winner, loser); one each when a quack-quack meets a stock of two. ``+?`` is a card
  not known, and the unknown cards at the end may be left out: a player who lost a trick
  writes ``+8D +AH`` (the face-up card the winner took, and the card she drew), one who won
  it ``+8D``.
* ``^AC``: the card turned face up next (none once the stock is empty).

Inferring the deck
==================

A trace needs each deal's full deck order; a record gives only part of it.
:func:`infer_decks` builds one deck per deal by replaying the record on the engine as it is
read, deciding each position when the game reaches it:

1. the cards of the recorded hands go to their player's dealt positions (which of them does
   not matter: a hand is a set), the first face-up card to the top of the stock;
2. when a player plays a card the record has not placed, it goes into the lowest position
   whose card that player holds at that moment and that the record leaves free (a dealt
   position, or a stock position the player drew);
3. after each trick the recorded drawn and face-up cards go to the stock positions the draw
   rules give (who draws which card depends on who won, which the engine says);
4. the cards never seen fill the remaining positions in canonical order (clubs to spades,
   Ace to King).

The engine checks every move on the way. A record that no deck can explain raises
:class:`RecordError` at the first move or card that goes wrong, naming the rule: an illegal
play with the engine's error code and rule (``card-not-in-hand``, §4 ...), a card in two
places (§2), a face-up or drawn card that cannot be there (§5, §7), scores that do not follow
from the play (§8), a deal after the game is won (``game-over``, §9). The inference is exact:
the positions a player holds but the record leaves free are interchangeable, since later
cards of the record only ever name stock positions not yet drawn, so a choice made in step 2
never rules out a deck that fits the record.

Its limits: the deck is *a* deck that fits the record, not the one that was dealt. Where the
record is complete (both hands and every draw, as :func:`trace_to_record` writes) every
state of the trace is the real one; where it is not, the hands of the trace hold inferred
cards (listed by :func:`infer_decks`, counted in the trace's description), though the plays,
tricks, points and scores, which depend on the play alone, are the real ones. Every card
played must be written; attempts the rules refused are not part of a record.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from duckcheck.codec import SetupError
from duckcheck.duck_soup.encoding import parse_options
from duckcheck.duck_soup.oracle import Table
from duckcheck.oracle import Scope
from duckcheck.trace import trace_id_from_name
from duckcheck.untrusted import STDIN, excerpt, shown
from ducksoup.duck_soup.engine import SOUP, Deal, Match
from ducksoup.duck_soup.traces import TraceRecorder
from ducksoup.narration import Loaded
from duckspec.cards import card_from_index, parse_card
from duckspec.duck_soup.actions import Action, Play, SayDuck
from duckspec.duck_soup.errors import ErrorCode, IllegalAction
from duckspec.duck_soup.quacking import Call
from duckspec.duck_soup.variants import Calls, DoubleDraw, RuleOptions, StockVisibility
from duckspec.seats import opponent

__all__ = [
    "EXAMPLE",
    "DealRecord",
    "Inference",
    "InferredCard",
    "Move",
    "Record",
    "RecordError",
    "Trick",
    "format_record",
    "infer_decks",
    "parse_record",
    "read_card",
    "record_to_trace",
    "trace_to_record",
]

JSON = dict[str, Any]
Pos = tuple[int, int]
"""A place in the record's text: (line, column), both from 1; (0, 0) for a record not read from text."""
NOWHERE: Pos = (0, 0)

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_SYMBOLS = {"♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S", "♤": "S"}
CALLS = ("quack", "quack-quack", "duck-soup")
DUCK = "duck"
HAND_SIZE = 13
STOCK_START = 26
"""Deck positions 0-25 are dealt, 26-51 are the stock (26 is its first face-up card)."""

EXAMPLE = """\
[Event "Club night"]
[Date "2024.05.11"]
[Players "Anna, Ben"]
[Dealer "Ben"]

Anna: 8C JC 4D 3H 4H 7H JH QH AS 2S 4S 7S 10S  ; Ben's hand is not known
^8D
1. JH 2H +8D +AH ^AC   { Ben's 2H wins: he takes the 8D, I draw the AH }
2. 5S 3H +AC +6H ^9C
3. td ts quack duck +9C ^QC
4. AH AC +QC ^JD
"""
"""The example of the module's documentation."""

CARD_HELP = "write the rank then the suit, like 9C (ranks A 2-9 T or 10 J Q K, suits C D H S)"
WORD_HELP = "expected a card like 9C, or a call: quack, quack-quack, duck-soup, or the answer duck"


class RecordError(ValueError):
    """A record that cannot be read, or that the rules cannot have produced.

    ``line`` and ``column`` (from 1; 0 when the record was not read from text) say where;
    ``reason`` what is wrong and what was expected. For an illegal play, ``code`` is the
    engine's error code (``"card-not-in-hand"`` ...) and ``rule`` the section or ruling it
    breaks; other inconsistencies name their rule too (``"§2"`` for a card in two places).
    """

    def __init__(self, reason: str, at: Pos = NOWHERE, code: str | None = None, rule: str | None = None) -> None:
        self.line, self.column = at
        self.reason = reason
        self.code = code
        self.rule = rule
        super().__init__(f"line {self.line}, column {self.column}: {reason}" if self.line else reason)


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
        return dict(self.tags_at).get(name, NOWHERE)


def read_card(text: str) -> str | None:
    """A card in canonical notation (``TC``) from ``tc``, ``10C``, ``10♣`` ...; None if it is not one."""
    upper = text.upper()
    for symbol, letter in SUIT_SYMBOLS.items():
        upper = upper.replace(symbol, letter)
    if upper.startswith("10"):
        upper = "T" + upper[2:]
    if len(upper) == 2 and upper[0] in RANKS and upper[1] in SUITS:
        return upper
    return None


def _index(card: str) -> int:
    return SUITS.index(card[1]) * 13 + RANKS.index(card[0])


def _name(index: int) -> str:
    return str(card_from_index(index))


# Reading: comments out, then items (tags, hand lines, words), then the record

_TAG_RE = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_-]*)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_SPACE_RE = re.compile(r"[\s,]*")
_WORD_RE = re.compile(r'[^\s,\[\]"]+')
_NUMBER_RE = re.compile(r"(\d+)\.(.*)")
_SCORE_RE = re.compile(r"(\d+)-(\d+)")
_DEAL_LABEL_RE = re.compile(r"deal\s+(\d+)", re.IGNORECASE)
_TAG_HELP = 'a tag pair is written [Name "value"], like [Dealer "0"]'
KNOWN_TAGS = {name.lower(): name for name in ("Players", "Dealer", "Scope", "Stock", "DoubleDraw", "BestOf", "Calls")}


MAX_DIGITS = 9
"""The most digits a number of a record (a deal or trick number, a score) may have."""


def _whole(digits: str, what: str, at: Pos) -> int:
    """``digits`` as an int; :class:`RecordError` if it has more than :data:`MAX_DIGITS` digits."""
    if len(digits) > MAX_DIGITS:
        raise RecordError(f"{what} of {len(digits):,} digits ({excerpt(digits, 20)}) is far too large", at)
    return int(digits)


def _blank_comments(text: str) -> list[str]:
    """The lines of ``text`` with every comment (``; to the end of the line``, ``{...}``) blanked, columns kept."""
    lines: list[str] = []
    brace: Pos | None = None
    for number, line in enumerate(text.splitlines(), 1):
        chars = list(line)
        quote: int | None = None
        i = 0
        while i < len(chars):
            char = chars[i]
            if brace is not None:
                if char == "}":
                    brace = None
                chars[i] = " "
            elif quote is not None:
                if char == "\\":
                    i += 1
                elif char == '"':
                    quote = None
            elif char == '"':
                quote = i
            elif char == "{":
                brace = (number, i + 1)
                chars[i] = " "
            elif char == "}":
                raise RecordError("'}' closes a comment, but none was opened with '{'", (number, i + 1))
            elif char == ";":
                chars[i:] = " " * (len(chars) - i)
                break
            i += 1
        if quote is not None:
            raise RecordError(f"this quote is not closed on its line: {_TAG_HELP}", (number, quote + 1))
        lines.append("".join(chars))
    if brace is not None:
        raise RecordError("this comment is never closed: '}' expected", brace)
    return lines


@dataclass
class _Item:
    kind: str  # "tag", "hand" or "word"
    text: str  # the tag's name, the hand's label, or the word
    at: Pos
    value: str = ""  # a tag's value
    words: list[tuple[str, Pos]] = field(default_factory=list)  # a hand's cards


def _words(line: str, start: int, number: int, tags: bool) -> Iterator[_Item]:
    pos = start
    while True:
        pos = _SPACE_RE.match(line, pos).end()  # type: ignore[union-attr]
        if pos >= len(line):
            return
        at = (number, pos + 1)
        if line[pos] == "[" and tags:
            match = _TAG_RE.match(line, pos)
            if match is None:
                raise RecordError(_TAG_HELP, at)
            value = re.sub(r"\\(.)", r"\1", match.group(2))
            yield _Item("tag", match.group(1), at, value)
            pos = match.end()
            continue
        if line[pos] in '[]"':
            where = "in the header, before the first deal" if line[pos] == "[" else "in tag pairs"
            raise RecordError(f"{excerpt(line[pos])} belongs {where}: {_TAG_HELP}", at)
        match = _WORD_RE.match(line, pos)
        assert match is not None
        yield _Item("word", match.group(), at)
        pos = match.end()


def _lex(text: str) -> Iterator[_Item]:
    """The items of a record one at a time, so that a mistake stops the reading where it is."""
    for number, line in enumerate(_blank_comments(text), 1):
        start = len(line) - len(line.lstrip())
        if start == len(line):
            continue
        if line[start] != "[" and ":" in line:
            colon = line.index(":")
            label = line[start:colon].strip()
            deal = _DEAL_LABEL_RE.fullmatch(label)
            if deal:
                yield _Item("word", label[:4], (number, start + 1))
                yield _Item("word", deal.group(1), (number, start + 1 + deal.start(1)))
                yield from _words(line, colon + 1, number, tags=False)
            else:
                hand = [(item.text, item.at) for item in _words(line, colon + 1, number, tags=False)]
                yield _Item("hand", label, (number, start + 1), words=hand)
            continue
        yield from _words(line, start, number, tags=True)


@dataclass
class _TrickDraft:
    at: Pos
    moves: list[Move] = field(default_factory=list)
    drawn: list[str | None] = field(default_factory=list)
    drawn_at: list[Pos] = field(default_factory=list)
    up: str | None = None
    up_at: Pos = NOWHERE

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
        return Trick(tuple(self.moves), tuple(self.drawn), self.up, self.at, tuple(self.drawn_at), self.up_at)


@dataclass
class _DealDraft:
    at: Pos
    hands: list[list[str]] = field(default_factory=lambda: [[], []])
    hands_at: list[list[Pos]] = field(default_factory=lambda: [[], []])
    hand_lines: list[Pos | None] = field(default_factory=lambda: [None, None])
    up: str | None = None
    up_at: Pos = NOWHERE
    tricks: list[_TrickDraft] = field(default_factory=list)
    score: tuple[int, int] | None = None
    score_at: Pos = NOWHERE

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
class _Header:
    players: tuple[str, str] = ("", "")
    dealer: int = 0
    scope: str = "deal"
    stock: str = "face-up"
    double_draw: str = "winner-first"
    calls: str = "spoken"
    best_of: int = 1
    extra: list[tuple[str, str]] = field(default_factory=list)
    tags_at: list[tuple[str, Pos]] = field(default_factory=list)


class _Parser:
    def __init__(self, items: Iterable[_Item]) -> None:
        self.items = items
        self.tags: dict[str, _Item] = {}
        self.tag_order: list[_Item] = []
        self.header: _Header | None = None
        self.deals: list[_DealDraft] = []
        self.callable: Move | None = None  # the card move just read, which a call may follow
        self.numbered: Pos | None = None  # a trick number just read, which a lead must follow

    def parse(self) -> Record:
        items = iter(self.items)
        item = next(items, None)
        while item is not None:
            following = next(items, None)
            if item.kind == "tag":
                self.tag(item)
            else:
                header = self.end_header(item.at)
                if item.kind == "hand":
                    self.hand(item, header)
                elif self.word(item, following, header):
                    following = next(items, None)
            item = following
        header = self.end_header((1, 1))
        if self.numbered:
            raise RecordError("a trick number is followed by the cards of the trick", self.numbered)
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

    def tag(self, item: _Item) -> None:
        if self.header is not None:
            raise RecordError("tag pairs make the header: write them before the first deal", item.at)
        key = item.text.lower()
        if key in self.tags:
            raise RecordError(f"the tag {item.text} is given twice (first at line {self.tags[key].at[0]})", item.at)
        self.tags[key] = item
        self.tag_order.append(item)

    def end_header(self, at: Pos) -> _Header:
        if self.header is not None:
            return self.header
        header = _Header()
        if not self.tags:
            raise RecordError(
                'a record begins with its header, tag pairs like [Players "Anna, Ben"] and [Dealer "Ben"]; '
                "[Dealer] is required",
                at,
            )
        if "dealer" not in self.tags:
            raise RecordError(
                'the header has no [Dealer] tag: say who dealt the first deal, like [Dealer "0"] or [Dealer "Anna"]',
                at,
            )
        for item in self.tag_order:
            name = KNOWN_TAGS.get(item.text.lower())
            if name is None:
                header.extra.append((item.text, item.value))
            else:
                header.tags_at.append((name, item.at))
        if "players" in self.tags:
            header.players = _players(self.tags["players"])
        header.dealer = self.player_of(self.tags["dealer"].value, header.players, self.tags["dealer"].at, "Dealer")
        header.stock = self.choice("stock", ("face-up", "hidden"), "face-up")
        header.double_draw = self.choice("doubledraw", ("winner-first", "alternate"), "winner-first")
        header.calls = self.choice("calls", ("spoken", "silent"), "spoken")
        header.best_of = int(self.choice("bestof", ("1", "3", "5"), "1"))
        header.scope = self.choice("scope", ("deal", "game", "match"), "match" if header.best_of > 1 else "deal")
        if (header.scope == "match") != (header.best_of > 1):
            item = self.tags.get("scope") or self.tags["bestof"]
            raise RecordError(
                f'a {header.scope} is played with [BestOf "{header.best_of}"]: a match is best of 3 or 5, '
                "a deal or a game best of 1",
                item.at,
            )
        self.header = header
        return header

    def choice(self, key: str, values: tuple[str, ...], default: str) -> str:
        item = self.tags.get(key)
        if item is None:
            return default
        value = item.value.strip().lower()
        if value not in values:
            raise RecordError(
                f"[{item.text}] cannot be {excerpt(item.value)}: write one of {', '.join(repr(v) for v in values)}",
                item.at,
            )
        return value

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

    def deal(self, at: Pos, header: _Header, number: int | None = None) -> _DealDraft:
        """The current deal; a new one when ``number`` (from a Deal line) is given or none is open."""
        if number is None and self.deals:
            return self.deals[-1]
        expected = len(self.deals) + 1
        if number is not None and number != expected:
            if number == 1:
                raise RecordError("'Deal 1' begins the first deal: write it before its hands and tricks", at)
            raise RecordError(f"this is deal {expected} of the record, not deal {number}", at)
        if expected > 1 and header.scope == "deal":
            raise RecordError(
                'a record of one deal holds one deal: for more, say [Scope "game"] or [Scope "match"]', at
            )
        self.deals.append(_DealDraft(at))
        return self.deals[-1]

    def hand(self, item: _Item, header: _Header) -> None:
        self.callable = None
        if self.numbered:
            raise RecordError("a trick number is followed by the cards of the trick", self.numbered)
        player = self.player_of(item.text, header.players, item.at, "a hand line begins with a player and a colon")
        deal = self.deal(item.at, header)
        if deal.tricks or deal.score is not None:
            raise RecordError("the hands are written at the start of the deal, before its first trick", item.at)
        if deal.hand_lines[player] is not None:
            first = deal.hand_lines[player]
            assert first is not None
            raise RecordError(f"{_who(header, player)} hand is already written at line {first[0]}", item.at)
        deal.hand_lines[player] = item.at
        count = 0
        for word, at in item.words:
            count += 1
            if count > HAND_SIZE:
                raise RecordError(f"a hand has {HAND_SIZE} cards; this is the {count}th (rule §3)", at, rule="§3")
            if word == "?":
                continue
            card = read_card(word)
            if card is None:
                raise RecordError(f"{excerpt(word)} is not a card: {CARD_HELP}; ? stands for an unknown card", at)
            for other in (0, 1):
                if card in deal.hands[other]:
                    first = deal.hands_at[other][deal.hands[other].index(card)]
                    raise RecordError(
                        f"a card recorded twice (§2): {card} is already in {_who(header, other)} hand "
                        f"at line {first[0]}, column {first[1]}",
                        at,
                        rule="§2",
                    )
            deal.hands[player].append(card)
            deal.hands_at[player].append(at)

    def word(self, item: _Item, following: _Item | None, header: _Header) -> int:
        """Read one word of the body; the number of following items it also used (0 or 1)."""
        text, at = item.text, item.at
        lower = text.lower()
        next_word = following.text.lower() if following and following.kind == "word" else ""
        callable_move, self.callable = self.callable, None
        if lower == "deal":
            if not next_word.isdigit() or following is None:
                raise RecordError("'Deal' is followed by the deal's number, like Deal 2", at)
            self.check_unnumbered(at)
            self.deal(at, header, _whole(next_word, "a deal number", following.at))
            return 1
        number = _NUMBER_RE.fullmatch(text)
        if number:
            self.trick_number(_whole(number.group(1), "a trick number", at), at, header)
            if number.group(2):
                rest = _Item("word", number.group(2), (at[0], at[1] + number.start(2)))
                return self.word(rest, following, header)
            return 0
        score = _SCORE_RE.fullmatch(text)
        if score:
            self.check_unnumbered(at)
            deal = self.deal(at, header)
            if deal.score is not None:
                raise RecordError(f"the deal's scores are already written at line {deal.score_at[0]}", at)
            deal.score = (_whole(score.group(1), "a deal score", at), _whole(score.group(2), "a deal score", at))
            deal.score_at = at
            return 0
        if text.startswith("+"):
            self.draw(text[1:], at, header)
            return 0
        if text.startswith("^"):
            self.turn_up(text[1:], at, header)
            return 0
        call = lower.replace("-", "").replace("_", "")
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
        if text == "?":
            raise RecordError("every card played must be written: ? stands for an unknown card only in a hand", at)
        card = read_card(text)
        if card is None:
            if len(text) <= 3:
                raise RecordError(f"{excerpt(text)} is not a card: {CARD_HELP}", at)
            raise RecordError(f"{excerpt(text)} is not a card or a call: {WORD_HELP}", at)
        move = Move(card, "", at)
        self.move(move, header)
        self.callable = move
        return 0

    def check_unnumbered(self, at: Pos) -> None:
        if self.numbered:
            raise RecordError("a trick number is followed by the cards of the trick", at)

    def trick_number(self, number: int, at: Pos, header: _Header) -> None:
        self.check_unnumbered(at)
        deal = self.deal(at, header)
        if deal.score is not None:
            raise RecordError("the deal's scores end it: begin the next one with 'Deal' and its number", at)
        expected = len(deal.tricks) + 1
        if number != expected:
            raise RecordError(
                f"this is trick {expected} of the deal, not {number} (a quack-quack's two tricks share one number)", at
            )
        deal.tricks.append(_new_trick(deal, at))
        self.numbered = at

    def move(self, move: Move, header: _Header) -> None:
        deal = self.deal(move.at, header)
        if deal.score is not None:
            raise RecordError("the deal's scores end it: begin the next one with 'Deal' and its number", move.at)
        if self.numbered:
            self.numbered = None
            trick = deal.tricks[-1]
        elif deal.tricks and not deal.tricks[-1].is_complete(header.calls == "silent"):
            trick = deal.tricks[-1]
        else:
            deal.tricks.append(_new_trick(deal, move.at))
            trick = deal.tricks[-1]
        trick.moves.append(move)

    def last_trick(self, at: Pos, what: str) -> _TrickDraft:
        deal = self.deals[-1] if self.deals else None
        if deal is None or not deal.tricks or deal.score is not None:
            raise RecordError(f"{what} is written after the trick that draws it", at)
        return deal.tricks[-1]

    def draw(self, text: str, at: Pos, header: _Header) -> None:
        self.check_unnumbered(at)
        card = None if text == "?" else read_card(text)
        if card is None and text != "?":
            raise RecordError(f"{excerpt('+' + text)} is not a drawn card: write + then the card, like +9C, or +?", at)
        trick = self.last_trick(at, "a drawn card")
        trick.drawn.append(card)
        trick.drawn_at.append(at)

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


def _new_trick(deal: _DealDraft, at: Pos) -> _TrickDraft:
    """A new trick of ``deal``; a deal has 26 tricks at most (its 52 cards, two to a trick)."""
    if len(deal.tricks) >= 26:
        raise RecordError("a deal has 26 tricks at most: begin the next deal with 'Deal' and its number", at)
    return _TrickDraft(at)


def _players(item: _Item) -> tuple[str, str]:
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


def _who(header: _Header | Record, player: int) -> str:
    """``Anna's`` or ``player 0's``."""
    name = header.players[player] or f"player {player}"
    return f"{name}'s"


MAX_RECORD = 1 << 20
"""The longest record read, in characters (1 MiB). Records are written by hand: a long match with comments
takes well under 100 KB, and reading is character by character."""


def parse_record(text: str) -> Record:
    """Read a record (see the module's documentation); :class:`RecordError` names the line and column of a mistake.

    A text longer than ``MAX_RECORD`` (1 MiB) is refused at once.
    """
    if len(text) > MAX_RECORD:
        raise RecordError(
            f"a record of {len(text) / (1 << 20):.1f} MB is refused: records are written by hand, "
            f"and hold at most {MAX_RECORD >> 20} MB"
        )
    return _Parser(_lex(text)).parse()


# Writing


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def format_record(record: Record) -> str:
    """The record as text, one trick to a line; ``parse_record(format_record(r)) == r``."""
    named = bool(record.players[0])
    lines = [f"[{name} {_quote(value)}]" for name, value in record.tags]
    if named:
        lines.append(f"[Players {_quote(', '.join(record.players))}]")
    lines.append(f"[Dealer {_quote(record.players[record.dealer] if named else str(record.dealer))}]")
    lines.append(f"[Scope {_quote(record.scope)}]")
    lines.append(f"[Stock {_quote(record.stock)}]")
    if record.double_draw != "winner-first":
        lines.append(f"[DoubleDraw {_quote(record.double_draw)}]")
    if record.calls != "spoken":
        lines.append(f"[Calls {_quote(record.calls)}]")
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
            words = [f"{count}."] + [str(move) for move in trick.moves]
            words += ["+" + (card or "?") for card in trick.drawn]
            if trick.up is not None:
                words.append("^" + trick.up)
            lines.append(" ".join(words))
        if deal.score is not None:
            lines.append(f"{deal.score[0]}-{deal.score[1]}")
    return "\n".join(lines) + "\n"


# Inference: the deck orders behind a record


@dataclass(frozen=True)
class InferredCard:
    """A card whose place in a deal's deck the record does not give, and where it was put."""

    deal: int
    """The deal, from 1."""
    card: str
    position: int
    """Its position in the deck, top first from 0 (0-25 dealt, 26-51 the stock)."""
    reason: str
    """``"played"`` (placed in the hand of the player who played it) or ``"unseen"`` (never in the record)."""
    note: str
    """Where it was put, in words."""


@dataclass(frozen=True)
class Inference:
    """Deck orders consistent with a record, the actions it records, and the cards placed by inference.

    ``broken``, when the inference was asked to go as far as it can (:func:`infer_decks` with
    ``until_broken``), is the rule the record breaks where it stops; the decks and actions are
    then those of the record up to that point.
    """

    decks: tuple[str, ...]
    actions: tuple[tuple[Action, ...], ...]
    inferred: tuple[InferredCard, ...]
    broken: RecordError | None = None


class _DealInference:
    """Builds one deal's deck while replaying the record's moves on the engine."""

    def __init__(self, record: Record, number: int, options: RuleOptions) -> None:
        self.record = record
        self.number = number
        self.rec = record.deals[number]
        self.dealer = record.dealer_of(number)
        self.options = options
        self.card_at: dict[int, int] = {}  # deck position -> card
        self.position: dict[int, int] = {}  # card -> deck position
        self.source: dict[int, str] = {}  # card -> where the record puts it, in words
        self.played_at: dict[int, Pos] = {}
        self.from_play: set[int] = set()
        self.drawn_after: dict[int, int] = {}  # stock position -> the trick after which it was drawn
        self.actions: list[Action] = []
        self.deck = self.completed()
        self.deal = Deal(self.deck, self.dealer, options)

    # The deck

    def completed(self) -> list[int]:
        """The deck: the cards placed so far, and the others in canonical order in the remaining positions."""
        free = iter(sorted(set(range(52)) - set(self.position)))
        return [self.card_at[p] if p in self.card_at else next(free) for p in range(52)]

    def replay(self) -> None:
        self.deck = self.completed()
        self.deal = Deal(self.deck, self.dealer, self.options)
        for action in self.actions:
            self.deal.apply(action)

    def where(self, card: int) -> str:
        if card in self.played_at:
            line, column = self.played_at[card]
            return f"was played at line {line}, column {column}" if line else "was played before"
        return self.source[card]

    def place(self, card: int, position: int, what: str, at: Pos, hint: str = "") -> None:
        """Put ``card`` at ``position``; ``what`` says how the record shows it there (``drawn after trick 2``)."""
        name = _name(card)
        if card in self.position:
            if self.position[card] == position:
                return
            raise RecordError(f"a card in two places (§2): {name} is {what}, but it {self.where(card)}", at, rule="§2")
        if position in self.card_at:
            other = self.card_at[position]
            raise RecordError(
                f"a card in two places (§2): {name} is {what}, but that card of the stock is {_name(other)}, which "
                f"{self.where(other)}{hint}",
                at,
                rule="§2",
            )
        self.card_at[position] = card
        self.position[card] = position
        self.source[card] = f"is {what} at line {at[0]}, column {at[1]}" if at[0] else f"is {what}"

    def dealt_positions(self, player: int) -> range:
        return range(0 if player != self.dealer else 1, STOCK_START, 2)

    # The moves

    def run(self) -> None:
        rec, record = self.rec, self.record
        for player in (0, 1):
            free = iter(self.dealt_positions(player))
            places = list(rec.hands_at[player]) + [NOWHERE] * len(rec.hands[player])
            for card, at in sorted(zip(rec.hands[player], places, strict=False), key=lambda pair: _index(pair[0])):
                position = next(free, None)
                if position is None:
                    raise RecordError(f"a hand has {HAND_SIZE} cards (§3)", at, rule="§3")
                self.place(_index(card), position, f"in {_who(record, player)} hand", at)
        if rec.up is not None:
            self.check_visible(rec.up_at)
            self.place(_index(rec.up), STOCK_START, "the first face-up card", rec.up_at)
        self.replay()
        for count, trick in enumerate(rec.tricks, 1):
            self.play_trick(count, trick)
        if rec.score is not None:
            self.check_score(rec.score, rec.score_at)

    def check_visible(self, at: Pos) -> None:
        if self.options.stock is StockVisibility.HIDDEN:
            raise RecordError("the stock is hidden: no card lies face up (ruling DS-R09)", at, rule="DS-R09")

    def missing(self) -> str:
        """What the unfinished trick on the table waits for."""
        phase = self.deal.phase
        if phase == "follow":
            return f"{self.record.name(opponent(self.deal.leader))}'s card"
        if phase == "answer":
            leader = self.record.name(self.deal.leader)
            return f"{leader}'s answer to the quack: duck, or a card of the rank with quack-quack"
        return f"{self.record.name(opponent(self.deal.leader))}'s fourth card"

    def play_trick(self, count: int, trick: Trick) -> None:
        deal = self.deal
        at = trick.at
        if deal.table:
            raise RecordError(
                f"trick {count - 1} is not finished: it needs {self.missing()}, before trick {count} begins",
                trick.at,
                rule="§4",
            )
        top = deal.top
        course = deal.course
        for move in trick.moves:
            self.play_move(move)
        drawn = self.deal.top - top
        if self.deal.table and (trick.drawn or trick.up):
            where = (trick.drawn_at or (trick.up_at,))[0]
            raise RecordError(
                f"the cards drawn are written once the trick is finished: trick {count} needs {self.missing()}",
                where,
                rule="§5",
            )
        for position in range(STOCK_START + top, STOCK_START + self.deal.top):
            self.drawn_after[position] = count
        placed = False
        for i, card in enumerate(trick.drawn):
            where = trick.drawn_at[i] if i < len(trick.drawn_at) else at
            if i >= drawn:
                why = (
                    "no card is drawn in the Soup course (§7)"
                    if course == SOUP
                    else f"only {drawn} cards are drawn after this trick (§5)"
                )
                rule = "§7" if course == SOUP else "§5"
                raise RecordError(f"a drawn card that cannot be there: {why}", where, rule=rule)
            if card is not None:
                hint = (
                    ""
                    if self.options.stock is StockVisibility.HIDDEN
                    else " (the cards drawn are written in the order they leave the stock: the face-up card first, "
                    "taken by the winner)"
                )
                self.place(_index(card), STOCK_START + top + i, f"drawn after trick {count}", where, hint)
                placed = True
        if trick.up is not None:
            where = trick.up_at if trick.up_at[0] else at
            self.check_visible(where)
            if drawn == 0:
                raise RecordError(
                    "a face-up card that cannot be there: the Soup course draws nothing and turns nothing up (§7)",
                    where,
                    rule="§7",
                )
            if self.deal.top >= STOCK_START:
                raise RecordError(
                    "a face-up card that cannot be there: the stock is empty after this trick, "
                    "and the Soup course begins (§7)",
                    where,
                    rule="§7",
                )
            self.place(_index(trick.up), STOCK_START + self.deal.top, f"turned up after trick {count}", where)
            placed = True
        if placed:
            self.replay()

    def play_move(self, move: Move) -> None:
        deal = self.deal
        player = deal.to_act if deal.to_act is not None else 0
        action: Action
        if move.card is None:
            action = SayDuck(player)
        else:
            card = _index(move.card)
            if card not in self.position:
                slots = sorted(
                    p for p in (self.deck.index(c) for c in deal.hand_lists[player]) if p not in self.card_at
                )
                if slots:
                    self.place(card, slots[0], f"played by {self.record.name(player)}", move.at)
                    self.from_play.add(card)
                    self.replay()
                    deal = self.deal
            try:
                call = Call(move.call) if move.call else Call.NONE
            except ValueError:
                raise RecordError(f"{excerpt(move.call)} is not a call: {WORD_HELP}", move.at) from None
            action = Play(player, parse_card(move.card), call)
        try:
            deal.apply(action)
        except IllegalAction as error:
            message = error.message
            for who in (0, 1):
                if self.record.players[who]:
                    message = message.replace(f"player {who}", self.record.players[who])
            if error.code is ErrorCode.CARD_NOT_IN_HAND and move.card is not None:
                card = _index(move.card)
                if card in self.position:
                    message += f": it {self.where(card)}"
                else:
                    message += ": every card in that hand is placed by the record, and this is not one of them"
            raise RecordError(
                f"an illegal play, {error.code} ({error.rule}): {message}", move.at, error.code.value, error.rule
            ) from None
        self.actions.append(action)
        if move.card is not None:
            self.played_at[_index(move.card)] = move.at

    def check_score(self, score: tuple[int, int], at: Pos) -> None:
        if not self.deal.is_over:
            raise RecordError(
                f"the deal is not over, so it has no scores yet: {len(self.deal.hand_lists[0])} and "
                f"{len(self.deal.hand_lists[1])} cards are still in the hands (§7)",
                at,
                rule="§7",
            )
        scores = self.deal.scores()
        if tuple(score) != scores:
            raise RecordError(
                f"the scores are {scores[0]}-{scores[1]} (Duck points times Soup points, §8), "
                f"not {score[0]}-{score[1]}",
                at,
                rule="§8",
            )

    def inferred(self) -> list[InferredCard]:
        found = []
        for position, card in enumerate(self.deck):
            if card in self.position and card not in self.from_play:
                continue
            if position < STOCK_START:
                holder = opponent(self.dealer) if position % 2 == 0 else self.dealer
                place = f"dealt to {self.record.name(holder)}"
            elif position in self.drawn_after:
                place = f"the stock's card {position - STOCK_START + 1}, drawn after trick {self.drawn_after[position]}"
            else:
                place = f"the stock's card {position - STOCK_START + 1}"
            if card in self.from_play:
                line, column = self.played_at.get(card, NOWHERE)
                played = f"played at line {line}, column {column}" if line else "played"
                found.append(InferredCard(self.number + 1, _name(card), position, "played", f"{played}: {place}"))
            else:
                found.append(InferredCard(self.number + 1, _name(card), position, "unseen", f"never seen: {place}"))
        return found


def infer_decks(record: Record, until_broken: bool = False) -> Inference:
    """Deck orders for every deal of ``record`` consistent with everything it records.

    Each deal is replayed on the engine as it is read. The cards of the hands, the face-up
    cards and the drawn cards the record gives are put where it says; a card played that the
    record has not placed yet goes into the lowest free position held by the player who plays
    it (a dealt position, or one drawn earlier); the cards never seen fill the remaining
    positions in canonical order. Raises :class:`RecordError` where the record breaks a rule;
    with ``until_broken``, returns instead what it inferred up to there, with the error as
    ``Inference.broken`` (an error of form, such as a word that is no call, is raised all
    the same).
    """
    if not record.deals:
        raise RecordError("the record has no deal: write the hands or the tricks after the header", NOWHERE)
    try:
        options = record.options
        Table.check_setup(Scope(record.scope), options, len(record.deals))
    except (ValueError, SetupError) as error:
        raise RecordError(
            f"the header does not describe a game that can be played: {error}", record.tag_at("Scope")
        ) from None
    decks: list[str] = []
    actions: list[tuple[Action, ...]] = []
    inferred: list[InferredCard] = []
    match: Match | None = None
    for number, deal in enumerate(record.deals):
        if match is not None:
            broken = None
            if match.is_over:
                what = "match" if record.scope == "match" else "game"
                broken = RecordError(
                    f"the {what} was won in deal {number}: nothing more is played (game-over, §9)",
                    deal.at,
                    ErrorCode.GAME_OVER.value,
                    "§9",
                )
            elif not match.needs_deck:
                broken = RecordError(
                    f"deal {number} is not finished: a deal is played out before the next is dealt (§7)",
                    deal.at,
                    rule="§7",
                )
            if broken is not None:
                if not until_broken:
                    raise broken
                return Inference(tuple(decks), tuple(actions), tuple(inferred), broken)
        work = _DealInference(record, number, options)
        try:
            work.run()
        except RecordError as error:
            if not until_broken or error.rule is None:
                raise
            decks.append("".join(_name(card) for card in work.deck))
            actions.append(tuple(work.actions))
            inferred.extend(work.inferred())
            return Inference(tuple(decks), tuple(actions), tuple(inferred), error)
        decks.append("".join(_name(card) for card in work.deck))
        actions.append(tuple(work.actions))
        inferred.extend(work.inferred())
        if record.scope != "deal":
            if match is None:
                match = Match([work.deck], record.dealer, options)
            else:
                match.add_decks([work.deck])
            for move, action in zip(_moves(deal), work.actions, strict=True):
                try:
                    match.apply(action)
                except IllegalAction as error:  # pragma: no cover - the deal's replay has checked every move
                    raise RecordError(f"an illegal play, {error.code}: {error.message}", move.at) from None
    return Inference(tuple(decks), tuple(actions), tuple(inferred))


def _moves(deal: DealRecord) -> list[Move]:
    return [move for trick in deal.tricks for move in trick.moves]


def record_to_trace(record: Record, trace_id: str, description: str) -> JSON:
    """A conformance trace (scope deal, game or match) of ``record``, with deck orders inferred.

    The description gets a note of how many cards were placed by inference
    (:func:`infer_decks` lists them). Raises :class:`RecordError` if the record breaks a rule.
    """
    return _trace_of(record, infer_decks(record), trace_id, description)


def record_to_trace_until_broken(
    record: Record, trace_id: str, description: str
) -> tuple[JSON, tuple[InferredCard, ...], str | None]:
    """The trace of ``record`` as far as it keeps to the rules, the cards placed by inference, and where and why
    it stops (``"line 12, column 4 (after step 21): an illegal play, ..."``), or None if it never breaks a rule.

    Raises :class:`RecordError` only for a record that cannot be read (an error of form).
    """
    inference = infer_decks(record, until_broken=True)
    if not inference.decks:
        assert inference.broken is not None
        raise inference.broken
    trace = _trace_of(record, inference, trace_id, description)
    broken = inference.broken
    if broken is None:
        return trace, inference.inferred, None
    where = f"line {broken.line}, column {broken.column} " if broken.line else ""
    steps = len(trace["steps"])
    return trace, inference.inferred, f"{where}(after step {steps}): {broken.reason}"


def _trace_of(record: Record, inference: Inference, trace_id: str, description: str) -> JSON:
    played = sum(card.reason == "played" for card in inference.inferred)
    unseen = len(inference.inferred) - played
    cards = "card" if played == 1 else "cards"
    note = f" [inferred: {played} {cards} from play, {unseen} never seen]" if inference.inferred else ""
    text = description.strip() or "A recorded deal"
    if len(text) + len(note) > 200:
        text = text[: 199 - len(note)] + "…"
    decks = [[parse_card(deck[i : i + 2]) for i in range(0, 104, 2)] for deck in inference.decks]
    recorder = TraceRecorder(trace_id, text + note, record.scope, decks, record.dealer, record.options)
    for action in (action for deal in inference.actions for action in deal):
        recorder.apply(action)
    trace = recorder.trace()
    tags = ["recorded", "from-record"]
    if inference.inferred:
        tags.append("inferred")
    if record.stock == "hidden":
        tags.append("hidden-stock")
    if record.double_draw == "alternate":
        tags.append("alternate-draw")
    if record.calls == "silent":
        tags.append("silent-calls")
    trace["tags"] = tags
    return trace


# From a trace


def trace_to_record(trace: JSON) -> Record:
    """The record of a conformance trace: both hands, the face-up cards, the plays and calls, the draws, the scores.

    Rejected steps are left out (a record holds what was played). The cards drawn are read
    from the changes of the hands, in the order they leave the stock.
    """
    options = parse_options(trace["options"])
    decks: list[list[str]] = [[deck[i : i + 2] for i in range(0, len(deck), 2)] for deck in trace["decks"]]
    finished = [(int(deal["scores"][0]), int(deal["scores"][1])) for deal in trace["final"].get("deals", [])]
    deals: list[DealRecord] = []

    def hands_of(state: JSON) -> tuple[tuple[str, ...], tuple[str, ...]]:
        first, second = (tuple(hand[i : i + 2] for i in range(0, len(hand), 2)) for hand in state["hands"])
        return first, second

    state: JSON = trace["initial"]
    hands, up = hands_of(state), state["face_up"]
    tricks: list[Trick] = []
    moves: list[Move] = []
    for step in trace["steps"]:
        if "state" not in step:
            continue
        action, after = step["action"], step["state"]
        played = action.get("play")
        moves.append(Move(played, action.get("call", "")) if played else Move(None, DUCK))
        number = state.get("deal", 0)
        new_deal = after.get("deal", 0) != number
        if new_deal or after["table"] == "":
            drawn: list[str] = []
            turned = None
            if not new_deal and after["stock"] < state["stock"]:
                before, now = hands_of(state), hands_of(after)
                for player in (0, 1):
                    kept = set(before[player]) - {played}
                    drawn.extend(card for card in now[player] if card not in kept)
                drawn.sort(key=decks[number].index)
                turned = after["face_up"]
            tricks.append(Trick(tuple(moves), tuple(drawn), turned))
            moves = []
        if new_deal:
            score = finished[number] if number < len(finished) else None
            deals.append(DealRecord(hands, up, tuple(tricks), score))
            hands, up, tricks = hands_of(after), after["face_up"], []
        state = after
    if moves:
        tricks.append(Trick(tuple(moves)))
    number = len(deals)
    score = finished[number] if number < len(finished) else None
    deals.append(DealRecord(hands, up, tuple(tricks), score))
    return Record(
        dealer=trace["dealer"],
        scope=trace["scope"],
        stock=options.stock.value,
        double_draw=options.double_draw.value,
        best_of=options.best_of,
        calls=options.calls.value,
        tags=(("Source", f"trace {trace['id']}"),),
        deals=tuple(deals),
    )


def read_record(text: str, path: Path) -> Loaded:
    """A record file's text as a trace to tell, as far as it keeps to the rules (the registry's entry point).

    :class:`RecordError` names the line and column of a record that cannot be read at all.
    """
    stem, called = ("record", "read from standard input") if str(path) == STDIN else (path.stem, shown(path.name))
    record = parse_record(text)
    trace, inferred, broken = record_to_trace_until_broken(record, trace_id_from_name(stem), f"the record {called}")
    names = record.players if all(record.players) else None
    stopped = None if broken is None else f"{called}, {broken}"
    return Loaded(trace, True, names, frozenset((card.deal, card.card) for card in inferred), stopped)
