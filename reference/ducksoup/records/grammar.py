"""The skeleton of every game's record grammar: the header, the numbered parts, the words every format reads alike.

A game's grammar reads the items of :func:`~ducksoup.records.reading.lex` with a :class:`RecordParser`:
the tag pairs make the header until the first other item closes it (:meth:`RecordParser.end_header`,
which refuses an empty one and hands the tags to the game's ``read_header``), and every item after
it goes to the game's ``body_item``. The body is cut into numbered parts, Duck Soup's and
Doubleduck's deals, Aw Ducks!'s rounds, each opened by its heading (``Deal 2``) or by its first word,
and each closed by its scores: :class:`Sections` says so once for every game, in the game's word.
The smaller pieces every format writes alike are here too: a numbered word (``5.`` before a trick or
a turn, :func:`split_number`), the cards of a hand line (:func:`hand_line_cards`), a card drawn
(:func:`drawn_card`), a word that is no card (:func:`not_a_card`), and the header a writer writes
(:func:`header_lines`). What the words mean is the game's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from duckcheck.untrusted import excerpt
from ducksoup.records.errors import NOWHERE, Pos, RecordError
from ducksoup.records.header import shared_tag_lines
from ducksoup.records.reading import Item, Tags, check_size, lex, quote, whole

PartT = TypeVar("PartT")
HeaderT = TypeVar("HeaderT", bound="Header")

UNKNOWN = "?"
"""How a record writes a card nobody saw."""
_NUMBERED_RE = re.compile(r"(\d+)\.(.*)")


@dataclass
class Header:
    """What every game's header gives besides its own tags: its scope (the game's word for one part, ``deal`` or
    ``round``, or ``game``, ``match``), the tags it does not read, and where each tag it reads was written. A game's
    header adds its own fields (and its scope's default)."""

    scope: str = ""
    extra: Sequence[tuple[str, str]] = ()
    tags_at: Sequence[tuple[str, Pos]] = ()


class RecordParser(Generic[HeaderT]):
    """The reading every game's parser does: the text refused if too long, lexed with the game's ``sections``
    (:class:`Sections`), its tag pairs read into the header (``known_tags``: the tags the game reads), then each
    other item handed to the game.

    ``empty`` is the message for a record that does not begin with its header. A game's parser gives
    ``read_header`` (its header from the tags, checked) and ``body_item`` (one item of the body, which
    may use the item after it), and may read the lexer's items its own way (``items_of``).
    """

    def __init__(self, text: str, known_tags: tuple[str, ...], empty: str, sections: Sections) -> None:
        check_size(text)
        self.items = self.items_of(lex(text, sections.heading))
        self.tags = Tags(known_tags)
        self.empty = empty
        self.sections = sections
        self.header: HeaderT | None = None

    def items_of(self, items: Iterator[Item]) -> Iterator[Item]:
        """The items the parser reads, from the lexer's (the same, unless the game reads a line its own way)."""
        return items

    def read_items(self) -> HeaderT:
        """Read every item: the header's tag pairs, then the body one item at a time; the header."""
        items = iter(self.items)
        item = next(items, None)
        while item is not None:
            following = next(items, None)
            if item.kind == "tag":
                self.tags.add(item)
            elif self.body_item(item, following, self.end_header(item.at)):
                following = next(items, None)
            item = following
        return self.end_header((1, 1))

    def end_header(self, at: Pos) -> HeaderT:
        """The header, read from the tag pairs when the first other item (at ``at``) closes it."""
        if self.header is None:
            self.tags.closed = True
            if not self.tags:
                raise RecordError(self.empty, at)
            self.header = self.read_header(self.tags, at)
        return self.header

    def read_header(self, tags: Tags, at: Pos) -> HeaderT:
        """The game's header from its tags (``at``: where the body begins, for a tag that is missing)."""
        raise NotImplementedError

    def body_item(self, item: Item, following: Item | None, header: HeaderT) -> bool | int:
        """Read one item of the body; whether (or how many, 0 or 1) it also used ``following``."""
        raise NotImplementedError


@dataclass(frozen=True)
class Sections:
    """The numbered parts of a record, in the game's word: ``deal`` (opened by ``Deal 2``), ``round`` ...

    ``contents`` is what the first part's heading comes before (``its hands and tricks``); ``more`` the Scope
    tags of a record that holds more than one part. A record whose scope is the part's word holds one part.
    """

    word: str
    contents: str
    more: str

    @property
    def heading(self) -> re.Pattern[str]:
        """A labelled line that is a part's heading (``Deal 2:``), for :func:`~ducksoup.records.reading.lex`."""
        return re.compile(rf"{self.word}\s+(\d+)", re.IGNORECASE)

    def current(
        self, parts: list[PartT], new: Callable[[Pos], PartT], at: Pos, scope: str, number: int | None = None
    ) -> PartT:
        """The part being read; a new one (``new``) when ``number`` (from a heading) is given or none is open."""
        if number is None and parts:
            return parts[-1]
        expected = len(parts) + 1
        word = self.word
        if number is not None and number != expected:
            if number == 1:
                raise RecordError(
                    f"'{word.capitalize()} 1' begins the first {word}: write it before {self.contents}", at
                )
            raise RecordError(f"this is {word} {expected} of the record, not {word} {number}", at)
        if expected > 1 and scope == word:
            raise RecordError(f"a record of one {word} holds one {word}: for more, say {self.more}", at)
        parts.append(new(at))
        return parts[-1]

    def number(self, item: Item, following: Item | None, before: Callable[[], None]) -> int | None:
        """The number of the heading ``item`` begins (``Deal`` then ``2``), after ``before`` has checked that
        nothing waits; None when ``item`` is not the part's word."""
        if item.text.lower() != self.word:
            return None
        if following is None or following.kind != "word" or not following.text.lower().isdigit():
            title = self.word.capitalize()
            raise RecordError(f"'{title}' is followed by the {self.word}'s number, like {title} 2", item.at)
        before()
        return whole(following.text.lower(), f"a {self.word} number", following.at)

    def ended(self, at: Pos) -> RecordError:
        """A word after the part's scores, which end it."""
        title = self.word.capitalize()
        return RecordError(f"the {self.word}'s scores end it: begin the next one with '{title}' and its number", at)

    def scored_twice(self, first: Pos, at: Pos) -> RecordError:
        """A part's scores written a second time (``first``: where they were first)."""
        return RecordError(f"the {self.word}'s scores are already written at line {first[0]}", at)


def split_number(item: Item) -> tuple[str, Item | None] | None:
    """The digits of a numbered word (``5.``, ``5.JH``) and the word written against the number, if any; None for
    a word that is not numbered."""
    match = _NUMBERED_RE.fullmatch(item.text)
    if match is None:
        return None
    rest = match.group(2)
    return match.group(1), Item("word", rest, (item.at[0], item.at[1] + match.start(2))) if rest else None


def hand_line_cards(
    words: Sequence[tuple[str, Pos]],
    size: int,
    read: Callable[[str], str | None],
    card_help: str,
    cited: str,
    rule: str | None = None,
) -> Iterator[tuple[str, Pos]]:
    """The cards of a hand line's words (``read`` reads one), a card nobody saw (``?``) skipped. A word after the
    ``size``-th is refused citing ``cited`` (``rule §3``), as a breach of ``rule`` when the game gives one."""
    for count, (word, at) in enumerate(words, 1):
        if count > size:
            raise RecordError(f"a hand has {size} cards; this is the {count}th ({cited})", at, rule=rule)
        if word == UNKNOWN:
            continue
        card = read(word)
        if card is None:
            raise RecordError(f"{excerpt(word)} is not a card: {card_help}; ? stands for an unknown card", at)
        yield card, at


def drawn_card(text: str, at: Pos, read: Callable[[str], str | None]) -> str | None:
    """The card of a draw written ``+9C`` (``text`` after the ``+``), or None for one nobody saw (``+?``)."""
    if text == UNKNOWN:
        return None
    card = read(text)
    if card is None:
        raise RecordError(f"{excerpt('+' + text)} is not a drawn card: write + then the card, like +9C, or +?", at)
    return card


def not_a_card(text: str, at: Pos, card_help: str, word_help: str) -> RecordError:
    """A word of the body that is nothing the record reads: a short one is taken for a card mistyped."""
    if len(text) <= 3:
        return RecordError(f"{excerpt(text)} is not a card: {card_help}", at)
    return RecordError(f"{excerpt(text)} is not a card or a call: {word_help}", at)


def header_lines(game_id: str, version: str, tags: Iterable[tuple[str, str]]) -> list[str]:
    """The first lines a writer writes: the Game and Format tags, then the record's other tags as written."""
    return shared_tag_lines(game_id, version) + [f"[{name} {quote(value)}]" for name, value in tags]


def tag_at(tags_at: Iterable[tuple[str, Pos]], name: str) -> Pos:
    """Where the tag ``name`` (its canonical name) was written, or nowhere."""
    return dict(tags_at).get(name, NOWHERE)
