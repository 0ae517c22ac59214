"""Reading a record's text: the limits, the comments, the tag pairs and the words, each with its line and column.

A record is read in three steps, each a mistake away from stopping with a :class:`RecordError`
that names the line and column: :func:`check_size` refuses a text no one typed by hand;
:func:`blank_comments` removes the comments (``;`` to the end of the line, ``{`` to ``}``,
across lines too) and keeps every column where it was; :func:`lex` gives the items one at a
time (tag pairs, labelled lines such as a hand, words), so that a mistake early in a long text
stops the reading there. :class:`Tags` collects the header's tag pairs. What the words mean is
the game's grammar.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from duckcheck.untrusted import excerpt
from ducksoup.records.errors import Pos, RecordError

MAX_RECORD = 1 << 20
"""The longest record read, in characters (1 MiB). Records are written by hand: a long match with comments
takes well under 100 KB, and reading is character by character."""
MAX_DIGITS = 9
"""The most digits a number of a record (a deal or trick number, a score) may have."""
SHARED_TAG_NAMES = ("Game", "Format")
"""The tags every game's record reads the same way (:mod:`ducksoup.records.header`, which defines them)."""
TAG_HELP = 'a tag pair is written [Name "value"], like [Dealer "0"]'

_TAG_RE = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_-]*)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_SPACE_RE = re.compile(r"[\s,]*")
_WORD_RE = re.compile(r'[^\s,\[\]"]+')


def check_size(text: str) -> None:
    """Refuse at once a text longer than :data:`MAX_RECORD`."""
    if len(text) > MAX_RECORD:
        raise RecordError(
            f"a record of {len(text) / (1 << 20):.1f} MB is refused: records are written by hand, "
            f"and hold at most {MAX_RECORD >> 20} MB"
        )


def whole(digits: str, what: str, at: Pos) -> int:
    """``digits`` as an int; :class:`RecordError` if it has more than :data:`MAX_DIGITS` digits."""
    if len(digits) > MAX_DIGITS:
        raise RecordError(f"{what} of {len(digits):,} digits ({excerpt(digits, 20)}) is far too large", at)
    return int(digits)


def quote(value: str) -> str:
    """A tag's value as written in a tag pair: in double quotes, with ``\\"`` and ``\\\\`` inside."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def blank_comments(text: str) -> list[str]:
    """The lines of ``text`` with every comment (``; to the end of the line``, ``{...}``) blanked, columns kept.

    A ``;`` or ``{`` inside a tag's quoted value is part of the value.
    """
    lines: list[str] = []
    brace: Pos | None = None
    for number, line in enumerate(text.splitlines(), 1):
        chars = list(line)
        quoted: int | None = None
        i = 0
        while i < len(chars):
            char = chars[i]
            if brace is not None:
                if char == "}":
                    brace = None
                chars[i] = " "
            elif quoted is not None:
                if char == "\\":
                    i += 1
                elif char == '"':
                    quoted = None
            elif char == '"':
                quoted = i
            elif char == "{":
                brace = (number, i + 1)
                chars[i] = " "
            elif char == "}":
                raise RecordError("'}' closes a comment, but none was opened with '{'", (number, i + 1))
            elif char == ";":
                chars[i:] = " " * (len(chars) - i)
                break
            i += 1
        if quoted is not None:
            raise RecordError(f"this quote is not closed on its line: {TAG_HELP}", (number, quoted + 1))
        lines.append("".join(chars))
    if brace is not None:
        raise RecordError("this comment is never closed: '}' expected", brace)
    return lines


@dataclass
class Item:
    """One item of a record's text: a tag pair, a labelled line (``Anna: 8C JC ...``) or a word."""

    kind: str  # "tag", "line" or "word"
    text: str  # the tag's name, the line's label, or the word
    at: Pos
    value: str = ""  # a tag's value
    words: list[tuple[str, Pos]] = field(default_factory=list)  # a labelled line's words


def words(line: str, start: int, number: int, tags: bool) -> Iterator[Item]:
    """The words (and, with ``tags``, the tag pairs) of ``line`` from ``start``; words are separated by spaces or
    commas, and brackets and quotes belong to tag pairs only."""
    pos = start
    while True:
        pos = _SPACE_RE.match(line, pos).end()  # type: ignore[union-attr]
        if pos >= len(line):
            return
        at = (number, pos + 1)
        if line[pos] == "[" and tags:
            match = _TAG_RE.match(line, pos)
            if match is None:
                raise RecordError(TAG_HELP, at)
            value = re.sub(r"\\(.)", r"\1", match.group(2))
            yield Item("tag", match.group(1), at, value)
            pos = match.end()
            continue
        if line[pos] in '[]"':
            where = "in the header, before the first deal" if line[pos] == "[" else "in tag pairs"
            raise RecordError(f"{excerpt(line[pos])} belongs {where}: {TAG_HELP}", at)
        match = _WORD_RE.match(line, pos)
        assert match is not None
        yield Item("word", match.group(), at)
        pos = match.end()


def lex(text: str, section: re.Pattern[str] | None = None) -> Iterator[Item]:
    """The items of a record one at a time, so that a mistake stops the reading where it is.

    A line with a colon (not a tag pair) is a labelled line: its label, then its words. A label
    that ``section`` matches in full (``Deal 2``, with the number as its first group) is no label
    but two words, the section's word and its number, followed by the line's words.
    """
    for number, line in enumerate(blank_comments(text), 1):
        start = len(line) - len(line.lstrip())
        if start == len(line):
            continue
        if line[start] != "[" and ":" in line:
            colon = line.index(":")
            label = line[start:colon].strip()
            heading = section.fullmatch(label) if section else None
            if heading:
                yield Item("word", label[: heading.start(1)].rstrip(), (number, start + 1))
                yield Item("word", heading.group(1), (number, start + 1 + heading.start(1)))
                yield from words(line, colon + 1, number, tags=False)
            else:
                found = [(item.text, item.at) for item in words(line, colon + 1, number, tags=False)]
                yield Item("line", label, (number, start + 1), words=found)
            continue
        yield from words(line, start, number, tags=True)


class Tags:
    """The tag pairs of a record's header, as read: each tag once, all before the body.

    Tag names are read in any case. ``known`` lists the tags the game reads (in their canonical
    spelling), besides the tags every game reads (``Game``, ``Format``: :mod:`ducksoup.records.header`);
    the others are kept as written (Event, Site, Date ...).
    """

    def __init__(self, known: tuple[str, ...]) -> None:
        self.known = {name.lower(): name for name in (*SHARED_TAG_NAMES, *known)}
        self.items: dict[str, Item] = {}
        self.order: list[Item] = []
        self.closed = False

    def add(self, item: Item) -> None:
        """Read one tag pair; a tag after the body has begun, or one given twice, is a mistake."""
        if self.closed:
            raise RecordError("tag pairs make the header: write them before the first deal", item.at)
        key = item.text.lower()
        if key in self.items:
            raise RecordError(f"the tag {item.text} is given twice (first at line {self.items[key].at[0]})", item.at)
        self.items[key] = item
        self.order.append(item)

    def get(self, name: str) -> Item | None:
        """The tag pair ``name`` (in any case), if the header gives it."""
        return self.items.get(name.lower())

    def __contains__(self, name: str) -> bool:
        return name.lower() in self.items

    def __bool__(self) -> bool:
        return bool(self.items)

    def extra(self) -> list[tuple[str, str]]:
        """The tags the game does not read, as (name, value) in the order written."""
        return [(item.text, item.value) for item in self.order if item.text.lower() not in self.known]

    def places(self) -> list[tuple[str, Pos]]:
        """The tags the game reads, by their canonical names, with where each was written."""
        return [(self.known[item.text.lower()], item.at) for item in self.order if item.text.lower() in self.known]

    def choice(self, name: str, values: tuple[str, ...], default: str) -> str:
        """The value of the tag ``name``, one of ``values`` in any case; ``default`` when it is not given."""
        item = self.get(name)
        if item is None:
            return default
        value = item.value.strip().lower()
        if value not in values:
            raise RecordError(
                f"[{item.text}] cannot be {excerpt(item.value)}: write one of {', '.join(repr(v) for v in values)}",
                item.at,
            )
        return value
