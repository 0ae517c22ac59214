"""The records of trick-taking games: hand lines, numbered tricks, the cards drawn after a trick, a deal's scores.

Duck Soup and Doubleduck are written alike: a deal's hand lines (``Anna: 8C JC ...``) before its first
trick, each trick's cards in the order played with the calls after their cards, a trick's number
(``5.``) before its lead if the writer likes, ``+9C`` for each card drawn after it (``+?`` for one not
seen), and the deal's scores (``24-17``). :class:`TrickParser` reads all of that once; a game's parser
gives what it alone writes (its calls, Duck Soup's face-up card ``^9C``) in ``game_word``, and says when
a trick goes on (``continues``: Duck Soup's quack waits for its answer; Doubleduck's trick is four cards).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from ducksoup.records.errors import NOWHERE, Pos, RecordError
from ducksoup.records.grammar import Header, RecordParser, Sections, drawn_card, not_a_card, split_number
from ducksoup.records.inference import Continuation
from ducksoup.records.reading import Item, whole


class Played(Protocol):
    """A card played as the record writes it (a game's ``Move``): its card (None for Duck Soup's "duck") and call."""

    @property
    def card(self) -> str | None: ...

    @property
    def at(self) -> Pos: ...


MoveT = TypeVar("MoveT", bound=Played)
TrickT = TypeVar("TrickT", bound="TrickDraft[Any]")
DealT = TypeVar("DealT", bound="DealDraft[Any]")
HeaderT = TypeVar("HeaderT", bound=Header)

SCORE_RE = re.compile(r"(\d+)-(\d+)")
"""A deal's scores, the first side's (or player's) first: ``24-17``."""


@dataclass
class TrickDraft(Generic[MoveT]):
    """A trick as read so far: its cards played, and the cards drawn after it with where each was written."""

    at: Pos
    moves: list[MoveT] = field(default_factory=list)
    drawn: list[str | None] = field(default_factory=list)
    drawn_at: list[Pos] = field(default_factory=list)


@dataclass
class DealDraft(Generic[TrickT]):
    """A deal as read so far: each seat's hand line (its cards, where each was written, where the line is), the
    tricks, the scores. ``seats`` gives the hands their number."""

    at: Pos
    seats: int = 2
    hands: list[list[str]] = field(default_factory=list)
    hands_at: list[list[Pos]] = field(default_factory=list)
    hand_lines: list[Pos | None] = field(default_factory=list)
    tricks: list[TrickT] = field(default_factory=list)
    score: tuple[int, int] | None = None
    score_at: Pos = NOWHERE

    def __post_init__(self) -> None:
        self.hands = [[] for _ in range(self.seats)]
        self.hands_at = [[] for _ in range(self.seats)]
        self.hand_lines = [None] * self.seats


@dataclass(frozen=True)
class TrickNotation:
    """A trick-taking game's cards and words: how a card is read (``read``) and written (``card_help``), what
    words the body holds (``word_help``), why a card nobody saw (``?``) cannot be played (``unknown_played``),
    how many tricks a deal has at most (``tricks``; ``too_many_tricks`` when one more begins), its header's tags
    and its deals' words."""

    read: Callable[[str], str | None]
    card_help: str
    word_help: str
    unknown_played: str
    tricks: int
    too_many_tricks: str
    known_tags: tuple[str, ...]
    """The tags of the game's header (:class:`~ducksoup.records.reading.Tags`)."""
    empty: str
    """What a record without a header is told."""
    deals: Sections


class TrickParser(RecordParser[HeaderT], Generic[HeaderT, DealT, TrickT, MoveT]):
    """The parser of a trick-taking game's record: hand lines, then tricks, draws and scores, deal by deal.

    A game's parser gives ``hand`` (a hand line), ``trick_number`` (``5.``), ``game_word`` (a word of its own
    notation, or None), ``continues`` (whether a card played belongs to the last trick) and, if it checks more,
    ``check_draw``; ``new_deal``, ``new_trick`` and ``new_move`` make its drafts and moves (``new_move(card, call,
    at)``).
    """

    def __init__(
        self,
        text: str,
        notation: TrickNotation,
        new_deal: Callable[[Pos], DealT],
        new_trick: Callable[[Pos], TrickT],
        new_move: Callable[[str, str, Pos], MoveT],
    ) -> None:
        super().__init__(text, notation.known_tags, notation.empty, notation.deals)
        self.notation = notation
        self.new_deal = new_deal
        self.new_trick = new_trick
        self.new_move = new_move
        self.deals: list[DealT] = []
        self.callable: MoveT | None = None  # the card just read, which a call may follow
        self.numbered: Pos | None = None  # a trick number just read, which a card must follow

    def read_deals(self) -> HeaderT:
        """Read the whole record (:meth:`~ducksoup.records.grammar.RecordParser.read_items`), which may not end
        with a trick's number; its header."""
        header = self.read_items()
        self.check_unnumbered(self.numbered or NOWHERE)
        return header

    def body_item(self, item: Item, following: Item | None, header: HeaderT) -> int:
        if item.kind == "line":
            self.hand(item, header)
            return 0
        return self.word(item, following, header)

    def hand(self, item: Item, header: HeaderT) -> None:
        """A hand line: ``Anna: 8C JC ? ...``."""
        raise NotImplementedError

    def trick_number(self, number: int, at: Pos, header: HeaderT) -> None:
        """A trick's number, written before its lead: ``5.``."""
        raise NotImplementedError

    def game_word(self, item: Item, following: Item | None, header: HeaderT, callable_move: MoveT | None) -> int | None:
        """A word of the game's own notation (a call ...): how many following items it used; None if it is none."""
        raise NotImplementedError

    def continues(self, trick: TrickT, move: MoveT, header: HeaderT) -> bool:
        """Whether ``move`` belongs to ``trick``, the deal's last, rather than beginning the next."""
        raise NotImplementedError

    def check_draw(self, trick: TrickT, at: Pos) -> None:
        """Refuse a card drawn after ``trick`` that the game's notation cannot have there (nothing by default)."""

    # The deals

    def deal(self, at: Pos, header: HeaderT, number: int | None = None) -> DealT:
        """The current deal; a new one when ``number`` (from a Deal line) is given or none is open."""
        return self.sections.current(self.deals, self.new_deal, at, header.scope, number)

    def start_hand(self, seat: int, at: Pos, header: HeaderT, whose: str) -> DealT:
        """The deal whose hand line of ``seat`` (``whose``: ``Anna's``) begins at ``at``; a hand line is written
        once, before the deal's first trick."""
        deal = self.deal(at, header)
        if deal.tricks or deal.score is not None:
            raise RecordError("the hands are written at the start of the deal, before its first trick", at)
        first = deal.hand_lines[seat]
        if first is not None:
            raise RecordError(f"{whose} hand is already written at line {first[0]}", at)
        deal.hand_lines[seat] = at
        return deal

    # The words

    def word(self, item: Item, following: Item | None, header: HeaderT) -> int:
        """Read one word of the body; the number of following items it also used (0 or 1)."""
        text, at = item.text, item.at
        callable_move, self.callable = self.callable, None
        heading = self.sections.number(item, following, lambda: self.check_unnumbered(at))
        if heading is not None:
            self.deal(at, header, heading)
            return 1
        numbered = split_number(item)
        if numbered:
            digits, rest = numbered
            self.trick_number(whole(digits, "a trick number", at), at, header)
            return 0 if rest is None else self.word(rest, following, header)
        score = SCORE_RE.fullmatch(text)
        if score:
            self.score(score, at, header)
            return 0
        if text.startswith("+"):
            self.draw(text[1:], at, header)
            return 0
        used = self.game_word(item, following, header, callable_move)
        if used is not None:
            return used
        notation = self.notation
        if text == "?":
            raise RecordError(notation.unknown_played, at)
        card = notation.read(text)
        if card is None:
            raise not_a_card(text, at, notation.card_help, notation.word_help)
        move = self.new_move(card, "", at)
        self.move(move, header)
        self.callable = move
        return 0

    def check_unnumbered(self, at: Pos) -> None:
        """Refuse at ``at`` anything but a card after a trick number."""
        if self.numbered:
            raise RecordError("a trick number is followed by the cards of the trick", at)

    def check_open(self, deal: DealT, at: Pos) -> None:
        """Refuse a trick, or a card of one, after the deal's scores."""
        if deal.score is not None:
            raise self.sections.ended(at)

    def score(self, score: re.Match[str], at: Pos, header: HeaderT) -> None:
        self.check_unnumbered(at)
        deal = self.deal(at, header)
        if deal.score is not None:
            raise self.sections.scored_twice(deal.score_at, at)
        deal.score = (whole(score.group(1), "a deal score", at), whole(score.group(2), "a deal score", at))
        deal.score_at = at

    def open_trick(self, deal: DealT, at: Pos) -> TrickT:
        """A new trick of ``deal``, begun at ``at``; a deal has the game's number of tricks at most."""
        if len(deal.tricks) >= self.notation.tricks:
            raise RecordError(self.notation.too_many_tricks, at)
        deal.tricks.append(self.new_trick(at))
        trick: TrickT = deal.tricks[-1]
        return trick

    def move(self, move: MoveT, header: HeaderT) -> None:
        """A card played (or Duck Soup's "duck"): into the last trick, or a new one."""
        deal = self.deal(move.at, header)
        self.check_open(deal, move.at)
        if self.numbered:
            self.numbered = None
            trick = deal.tricks[-1]
        elif deal.tricks and self.continues(deal.tricks[-1], move, header):
            trick = deal.tricks[-1]
        else:
            trick = self.open_trick(deal, move.at)
        trick.moves.append(move)

    def last_trick(self, at: Pos, what: str) -> TrickT:
        """The trick ``what`` (``a drawn card``) written at ``at`` comes after."""
        deal = self.deals[-1] if self.deals else None
        if deal is None or not deal.tricks or deal.score is not None:
            raise RecordError(f"{what} is written after the trick that draws it", at)
        trick: TrickT = deal.tricks[-1]
        return trick

    def draw(self, text: str, at: Pos, header: HeaderT) -> None:
        """A card drawn after the last trick: ``+9C`` (``text`` after the ``+``), or ``+?``."""
        self.check_unnumbered(at)
        card = drawn_card(text, at, self.notation.read)
        trick = self.last_trick(at, "a drawn card")
        self.check_draw(trick, at)
        trick.drawn.append(card)
        trick.drawn_at.append(at)


def deals_continuation(won: str, won_rule: str, unfinished_rule: str) -> Continuation:
    """How a trick-taking game's record refuses a deal the game cannot reach: after the game is won (citing
    ``won``, breaking ``won_rule``), or before the last deal is played out (``unfinished_rule``)."""
    return Continuation(
        "deal",
        won,
        won_rule,
        "a deal is played out before the next is dealt",
        unfinished_rule,
        "the record has no deal: write the hands or the tricks after the header",
    )


def stock_place(position: int, start: int, drawn_after: dict[int, int]) -> str:
    """Deck position ``position`` of the stock (which begins at ``start``) in words: ``the stock's card 3``, and
    ``drawn after trick 1`` when ``drawn_after`` (stock position -> trick) says so."""
    card = position - start + 1
    if position in drawn_after:
        return f"the stock's card {card}, drawn after trick {drawn_after[position]}"
    return f"the stock's card {card}"


def trick_words(count: int, moves: Sequence[object], drawn: Sequence[str | None]) -> list[str]:
    """A trick as a writer writes it: its number, its cards with their calls, and ``+`` each card drawn after it."""
    return [f"{count}.", *(str(move) for move in moves), *("+" + (card or "?") for card in drawn)]
