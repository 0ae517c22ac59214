"""Aw Ducks!'s record grammar: what the words of a record mean, read into a :class:`Record` and written back.

The format is described in :mod:`ducksoup.aw_ducks.record`; the reading every game's record
shares (comments, tag pairs, words with their places, errors, limits) is :mod:`ducksoup.records`.
Here are Aw Ducks!'s cards as a player writes them (colours by their names), its tags, the turns
with what each took from the deck, and the rounds' scores.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from duckcheck.aw_ducks import SUITE
from duckcheck.aw_ducks.encoding import TARGETS
from duckcheck.untrusted import excerpt
from ducksoup.records import (
    NOWHERE,
    Item,
    Pos,
    RecordError,
    Tags,
    check_format,
    check_game,
    quote,
    whole,
)
from ducksoup.records.grammar import Header, RecordParser, Sections, header_lines, split_number, tag_at
from ducksoup.records.players import player_named, player_names

FORMAT_VERSIONS = ("1",)
"""The versions of Aw Ducks!'s record format, oldest first (``[Format "1"]``)."""
KNOWN_TAGS = ("Game", "Format", "Players", "Start", "Scope", "Target")

NUMBER_COLOURS = ("red", "yellow", "green", "blue", "purple", "black")
"""The colours of the number cards, in the suite's order (its letters R Y G B P K)."""
DUCK_COLOURS = ("red", "yellow", "green", "blue", "purple", "rainbow")
"""The kinds of duck, in the suite's order (its letters R Y G B P W)."""
SUITE_LETTERS = {"number": "RYGBPK", "duck": "RYGBPW"}
DUCK_WORD = "duck"
CARD_HELP = (
    "write a number card as its value and colour, like 3red or 3r, a duck as its colour and -duck, like green-duck "
    "(blue and black: blu, bla)"
)
BENEFITS = ("safe-draw", "quick-quack", "secret-stash")
"""The benefits of a Discard (§8), as a record writes them."""
BENEFIT_WORDS = {
    "safe": "safe-draw",
    "safedraw": "safe-draw",
    "quick": "quick-quack",
    "quickquack": "quick-quack",
    "secret": "secret-stash",
    "stash": "secret-stash",
    "secretstash": "secret-stash",
}
"""The spellings of the benefits (hyphens and underscores dropped); ``safe draw`` in two words too."""
ACTIONS = ("draw", "score", "discard")
PLAYER_COUNTS = (2, 3, 4)
"""Aw Ducks! is played by 2, 3 or 4 (ruling AD-R19)."""
UNKNOWN = "?"
WORD_HELP = "expected a turn (draw, score or discard), a card, a benefit, a round's scores like 137-97, or Round 2"


# Cards


def _colour(text: str, colours: tuple[str, ...], at: Pos, whole_text: str) -> int | None:
    """The index in ``colours`` of the colour ``text`` names (its name or the start of it), None if none; a start
    that fits two colours is a mistake naming both."""
    if not text:
        return None
    fits = [index for index, name in enumerate(colours) if name.startswith(text)]
    if len(fits) > 1:
        names = " or ".join(colours[index] for index in fits)
        longer = " or ".join(
            whole_text.replace(text, _shortest(colours[index], [colours[other] for other in fits]), 1) for index in fits
        )
        raise RecordError(f"{excerpt(whole_text)} could be {names}: write {longer}", at)
    return fits[0] if fits else None


def _shortest(colour: str, rivals: list[str]) -> str:
    """The shortest start of ``colour`` that no other of ``rivals`` begins with (``blu`` beside ``black``)."""
    return next(
        colour[:size] for size in range(1, len(colour) + 1) if sum(r.startswith(colour[:size]) for r in rivals) == 1
    )


def read_card(text: str, at: Pos = NOWHERE) -> str | None:
    """The card ``text`` names, in the suite's code (``3R``, ``DW``), or None if it is no card.

    A number card is its value then its colour (``3red``, ``3r``), a duck its colour then ``-duck``
    (``green-duck``, ``g-duck``, ``rainbow-duck``); a colour is its name or its first letters, in any
    case. A start that fits two colours (``3b``: blue or black) raises :class:`~ducksoup.records.errors.RecordError`.
    """
    lower = text.lower()
    if lower[:1] in "123456" and lower[:1]:
        colour = _colour(lower[1:], NUMBER_COLOURS, at, text)
        return None if colour is None else lower[0] + SUITE_LETTERS["number"][colour]
    for ending in ("-duck", "_duck", "duck"):
        if lower.endswith(ending) and len(lower) > len(ending):
            colour = _colour(lower[: -len(ending)], DUCK_COLOURS, at, text)
            return None if colour is None else "D" + SUITE_LETTERS["duck"][colour]
    return None


def card_name(code: str) -> str:
    """A card as a record writes it (``3red``, ``green-duck``) from the suite's code (``3R``, ``DG``)."""
    if code[0] == "D":
        return f"{DUCK_COLOURS[SUITE_LETTERS['duck'].index(code[1])]}-{DUCK_WORD}"
    return code[0] + NUMBER_COLOURS[SUITE_LETTERS["number"].index(code[1])]


def is_duck(code: str) -> bool:
    return code[0] == "D"


# The record


@dataclass(frozen=True)
class Turn:
    """One turn (one action) as written: what the player did, and what it took from the deck or the pond.

    ``cards``: for a Draw the cards turned up, for a Discard the cards its benefit took from the deck, in
    order (suite codes; None for a Secret Stash card nobody saw, ``?``; trailing unknown stash cards may be
    left out). ``ducks``: for a Score the ducks it took from the pond, None when not written (``score ?``).
    """

    action: str  # "draw", "score" or "discard"
    player: int | None = None  # the player the record names for it, if any
    card: str | None = None  # the card discarded
    benefit: str | None = None  # the benefit written after a Discard, if any
    cards: tuple[str | None, ...] = ()
    ducks: tuple[str, ...] | None = ()
    number: int | None = None  # the turn's number as written (checked), if any
    at: Pos = field(default=NOWHERE, compare=False, repr=False)
    card_at: Pos = field(default=NOWHERE, compare=False, repr=False)
    benefit_at: Pos = field(default=NOWHERE, compare=False, repr=False)
    cards_at: tuple[Pos, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True)
class RoundRecord:
    """One round: its turns in order, and the scores at its count (player 0's first), if written."""

    turns: tuple[Turn, ...] = ()
    scores: tuple[int, ...] | None = None
    at: Pos = field(default=NOWHERE, compare=False, repr=False)
    scores_at: Pos = field(default=NOWHERE, compare=False, repr=False)


@dataclass(frozen=True)
class Record:
    """A record of a round or a game of Aw Ducks!, as players write it down."""

    players: int
    names: tuple[str, ...] = ()
    """The players' names in turn order, from the Players tag; empty when it gives only their number."""
    start: int | None = None
    """Who starts the first round (the Start tag); None when the first turn names its player instead."""
    scope: str = "round"
    target: int | None = None
    """A game's target total; None for the suggested one (§2)."""
    tags: tuple[tuple[str, str], ...] = ()
    """The other tag pairs (Event, Date ...), in the order written."""
    rounds: tuple[RoundRecord, ...] = ()
    tags_at: tuple[tuple[str, Pos], ...] = field(default=(), compare=False, repr=False)

    def name(self, player: int) -> str:
        """The player's name, or ``player 0``."""
        return self.names[player] if self.names else f"player {player}"

    def label(self, player: int) -> str:
        """How a turn line names the player: ``Anna`` or ``Player 0``."""
        return self.names[player] if self.names else f"Player {player}"

    def tag_at(self, name: str) -> Pos:
        return tag_at(self.tags_at, name)


# Reading: the shared lexer gives the items (tags, labelled turn lines, words); the parser makes the record

_SCORES_RE = re.compile(r"\d+(?:-\d+)+")
ROUNDS = Sections("round", "its turns", '[Scope "game"]')
_LABEL_RE = re.compile(r"(?:(\d+)\.)?\s*(.*)", re.DOTALL)


@dataclass
class _TurnDraft:
    action: str
    at: Pos
    player: int | None = None
    number: int | None = None
    card: str | None = None
    card_at: Pos = NOWHERE
    benefit: str | None = None
    benefit_at: Pos = NOWHERE
    cards: list[str | None] = field(default_factory=list)
    cards_at: list[Pos] = field(default_factory=list)
    ducks: list[str] | None = field(default_factory=list)

    def freeze(self) -> Turn:
        ducks = None if self.ducks is None else tuple(self.ducks)
        return Turn(
            self.action,
            self.player,
            self.card,
            self.benefit,
            tuple(self.cards),
            ducks,
            self.number,
            self.at,
            self.card_at,
            self.benefit_at,
            tuple(self.cards_at),
        )


@dataclass
class _RoundDraft:
    at: Pos
    turns: list[_TurnDraft] = field(default_factory=list)
    scores: tuple[int, ...] | None = None
    scores_at: Pos = NOWHERE

    def freeze(self) -> RoundRecord:
        return RoundRecord(tuple(turn.freeze() for turn in self.turns), self.scores, self.at, self.scores_at)


@dataclass
class _Header(Header):
    players: int = 0
    names: tuple[str, ...] = ()
    start: int | None = None
    scope: str = "round"
    target: int | None = None


def _words(items: Iterator[Item]) -> Iterator[Item]:
    """The tag pairs and words as they are, and a turn line as words, its label (``12. Anna:``) first as a player
    (an item of kind ``"player"``: the name, after the turn number)."""
    for item in items:
        if item.kind != "line":
            yield item
            continue
        label = _LABEL_RE.fullmatch(item.text)
        assert label is not None  # the pattern matches every text
        if label.group(1):
            yield Item("word", label.group(1) + ".", item.at)
        name_at = (item.at[0], item.at[1] + label.start(2))
        yield Item("player", " ".join(label.group(2).split()), name_at)
        for text, at in item.words:
            yield Item("word", text, at)


class _Parser(RecordParser[_Header]):
    def __init__(self, text: str) -> None:
        super().__init__(
            text,
            KNOWN_TAGS,
            'a record begins with its header, tag pairs like [Players "Anna, Ben, Cleo"] and [Start "Ben"]; '
            "[Players] is required",
            ROUNDS,
        )
        self.rounds: list[_RoundDraft] = []
        self.turn: _TurnDraft | None = None  # the turn whose words are being read
        self.numbered: tuple[int, Pos] | None = None  # a turn number just read, which a turn must follow
        self.named: tuple[int, Pos] | None = None  # a player just named by a label, whose turn must follow

    def items_of(self, items: Iterator[Item]) -> Iterator[Item]:
        return _words(items)

    def parse(self) -> Record:
        header = self.read_items()
        self.check_nothing_waits()
        return Record(
            header.players,
            header.names,
            header.start,
            header.scope,
            header.target,
            tuple(header.extra),
            tuple(draft.freeze() for draft in self.rounds),
            tuple(header.tags_at),
        )

    def body_item(self, item: Item, following: Item | None, header: _Header) -> bool:
        if item.kind == "player":
            self.label(item, header)
            return False
        return self.word(item, following, header)

    # The header

    def read_header(self, tags: Tags, at: Pos) -> _Header:
        header = _Header()
        check_game(tags, SUITE.id, SUITE.title)
        check_format(tags, FORMAT_VERSIONS)
        players = tags.get("Players")
        if players is None:
            raise RecordError(
                'the header has no [Players] tag: name the players in turn order, like [Players "Anna, Ben, Cleo"], '
                'or give their number, like [Players "3"]',
                at,
            )
        header.players, header.names = _players(players)
        header.extra, header.tags_at = tags.extra(), tags.places()
        start = tags.get("Start")
        if start is not None:
            header.start = self.player_of(start.value, header, start.at, "[Start]")
        header.scope = tags.choice("Scope", ("round", "game"), "round")
        header.target = _target(tags)
        return header

    @staticmethod
    def player_of(text: str, header: _Header, at: Pos, what: str) -> int:
        """A player from ``0``, ``player 0``, ``p0`` or a name of the Players tag."""
        return player_named(text, header.names, header.players, at, what)

    # The body

    def round(self, at: Pos, header: _Header, number: int | None = None) -> _RoundDraft:
        """The current round; a new one when ``number`` (from a Round line) is given or none is open."""
        return ROUNDS.current(self.rounds, _RoundDraft, at, header.scope, number)

    def close_turn(self) -> None:
        """The turn being read is over: a Discard must have named its card."""
        turn, self.turn = self.turn, None
        if turn is not None and turn.action == "discard" and turn.card is None:
            raise RecordError("discard is followed by the number card discarded, like discard 2red", turn.at)

    def check_nothing_waits(self) -> None:
        self.close_turn()
        if self.numbered:
            raise RecordError("a turn number is followed by the turn: draw, score or discard", self.numbered[1])
        if self.named:
            raise RecordError("a player and a colon begin a turn: draw, score or discard follows", self.named[1])

    def label(self, item: Item, header: _Header) -> None:
        self.close_turn()
        if self.named:
            self.check_nothing_waits()
        player = self.player_of(item.text, header, item.at, "a turn line begins with a player and a colon")
        self.named = (player, item.at)

    def word(self, item: Item, following: Item | None, header: _Header) -> bool:
        """Read one word of the body; whether it also used the following word."""
        text, at = item.text, item.at
        lower = text.lower()
        next_word = following.text.lower() if following is not None and following.kind == "word" else ""
        heading = ROUNDS.number(item, following, self.check_nothing_waits)
        if heading is not None:
            self.round(at, header, heading)
            return True
        numbered = split_number(item)
        if numbered:
            if self.numbered or self.named:
                self.check_nothing_waits()
            self.close_turn()
            digits, rest = numbered
            self.numbered = (whole(digits, "a turn number", at), at)
            return False if rest is None else self.word(rest, following, header)
        if _SCORES_RE.fullmatch(text):
            self.scores(text, at, header)
            return False
        if lower in ACTIONS:
            self.begin_turn(lower, at, header)
            return False
        if self.numbered or self.named:
            raise RecordError(f"a turn is draw, score or discard, not {excerpt(text)}", at)
        turn = self.turn
        if turn is None:
            if read_card(text, at) is not None:
                raise RecordError(
                    f"{excerpt(text)} is written after the turn that took it: draw, score or discard first", at
                )
            raise RecordError(f"{excerpt(text)} is not a card or a turn: {WORD_HELP}", at)
        return self.turn_word(turn, text, at, next_word)

    def begin_turn(self, action: str, at: Pos, header: _Header) -> None:
        self.close_turn()  # a number or player just read is this turn's
        current = self.round(at, header)
        if current.scores is not None:
            raise ROUNDS.ended(at)
        turn = _TurnDraft(action, at)
        if self.numbered:
            turn.number, number_at = self.numbered
            expected = len(current.turns) + 1
            if turn.number != expected:
                raise RecordError(f"this is turn {expected} of the round, not {turn.number}", number_at)
            turn.at = number_at
            self.numbered = None
        if self.named:
            turn.player, named_at = self.named
            if turn.number is None:
                turn.at = named_at
            self.named = None
        if len(current.turns) >= MAX_TURNS:
            raise RecordError(
                f"a round has at most {MAX_TURNS} turns: begin the next one with 'Round' and its number", at
            )
        current.turns.append(turn)
        self.turn = turn

    def turn_word(self, turn: _TurnDraft, text: str, at: Pos, next_word: str) -> bool:
        """A word inside a turn: its card, benefit, cards taken or ducks; whether the next word was used too."""
        lower = text.lower()
        if turn.action == "score":
            if text == UNKNOWN and turn.ducks == []:
                turn.ducks = None
                return False
            card = read_card(text, at)
            if card is None or not is_duck(card) or turn.ducks is None:
                what = "a number card" if card is not None and not is_duck(card) else excerpt(text)
                raise RecordError(
                    f"after score come the ducks it took from the pond, like score green-duck rainbow-duck "
                    f"(or score ? when they are not known), not {what}: the tableau goes with them",
                    at,
                )
            turn.ducks.append(card)
            return False
        if turn.action == "discard" and turn.card is None:
            card = read_card(text, at)
            if card is None or is_duck(card):
                what = "a duck, which never lies in a tableau" if card is not None else excerpt(text)
                raise RecordError(
                    f"discard is followed by the number card discarded, like discard 2red, not {what}", at
                )
            turn.card, turn.card_at = card, at
            return False
        key = lower.replace("-", "").replace("_", "")
        two_words = {("safe", "draw"), ("quick", "quack"), ("secret", "stash")}
        if turn.action == "discard" and (key in BENEFIT_WORDS or key in ("safedraw", "quickquack", "secretstash")):
            if turn.benefit is not None or turn.cards:
                raise RecordError("the benefit is written once, after the card discarded", at)
            turn.benefit, turn.benefit_at = BENEFIT_WORDS[key], at
            return (key, next_word) in two_words
        if text == UNKNOWN:
            stash = turn.benefit == "secret-stash" or (turn.card is not None and turn.card[0] in "56")
            if turn.action != "discard" or not stash:
                raise RecordError(
                    "every card drawn lies face up, in sight of all: write it; ? stands only for a Secret Stash card",
                    at,
                )
            turn.cards.append(None)
            turn.cards_at.append(at)
            return False
        card = read_card(text, at)
        if card is None:
            raise RecordError(f"{excerpt(text)} is not a card: {CARD_HELP}", at)
        if len(turn.cards) >= MAX_TAKEN:
            raise RecordError(f"a turn takes at most {MAX_TAKEN} cards from the deck", at)
        turn.cards.append(card)
        turn.cards_at.append(at)
        return False

    def scores(self, text: str, at: Pos, header: _Header) -> None:
        self.check_nothing_waits()
        parts = text.split("-")
        if len(parts) != header.players:
            raise RecordError(
                f"a round's scores are one number for each of the {header.players} players, player 0's first, "
                f"like {'-'.join(['12'] * header.players)}: {excerpt(text)} has {len(parts)}",
                at,
            )
        current = self.round(at, header)
        if current.scores is not None:
            raise ROUNDS.scored_twice(current.scores_at, at)
        current.scores = tuple(whole(part, "a round's score", at) for part in parts)
        current.scores_at = at


MAX_TURNS = 2000
"""More turns than a round of 96 cards can have (each Draw takes a card; a Score or Discard needs one drawn)."""
MAX_TAKEN = 96
"""A turn takes at most the whole deck."""


def _players(item: Item) -> tuple[int, tuple[str, ...]]:
    value = item.value.strip()
    if value.isdigit():
        count = int(value) if len(value) < 3 else 0
        if count not in PLAYER_COUNTS:
            raise RecordError(f"Aw Ducks! is played by 2, 3 or 4 players (AD-R19), not {excerpt(value)}", item.at)
        return count, ()
    names = player_names(item, PLAYER_COUNTS, "Round")
    return len(names), names


def _target(tags: Tags) -> int | None:
    item = tags.get("Target")
    if item is None or item.value.strip().lower() == "suggested":
        return None
    value = item.value.strip()
    if value.isdigit() and len(value) <= 4 and int(value) in TARGETS:
        return int(value)
    raise RecordError(
        f'[{item.text}] cannot be {excerpt(item.value)}: write "suggested" (400 for 2 players, 300 for 3, 250 '
        f"for 4: §2) or a total from {TARGETS[0]} to {TARGETS[-1]} in steps of {TARGETS[1] - TARGETS[0]}",
        item.at,
    )


def parse(text: str) -> Record:
    """Read a record (:func:`ducksoup.aw_ducks.record.parse_record`, which documents it)."""
    return _Parser(text).parse()


# Writing


def turn_text(turn: Turn) -> str:
    """A turn as a record writes it, without its number and player: ``discard 2yellow safe-draw 2blue 4blue``."""
    words = [turn.action]
    if turn.card is not None:
        words.append(card_name(turn.card))
    if turn.benefit is not None:
        words.append(turn.benefit)
    words += [UNKNOWN if card is None else card_name(card) for card in turn.cards]
    if turn.action == "score":
        words += [UNKNOWN] if turn.ducks is None else [card_name(duck) for duck in turn.ducks]
    return " ".join(words)


def write(record: Record) -> str:
    """The record as text (:func:`ducksoup.aw_ducks.record.format_record`, which documents it)."""
    lines = header_lines(SUITE.id, FORMAT_VERSIONS[-1], record.tags)
    players = ", ".join(record.names) if record.names else str(record.players)
    lines.append(f"[Players {quote(players)}]")
    if record.start is not None:
        lines.append(f"[Start {quote(record.label(record.start))}]")
    lines.append(f"[Scope {quote(record.scope)}]")
    if record.scope == "game":
        lines.append(f"[Target {quote('suggested' if record.target is None else str(record.target))}]")
    for number, current in enumerate(record.rounds, 1):
        lines.append("")
        lines.append(f"Round {number}")
        for count, turn in enumerate(current.turns, 1):
            who = "" if turn.player is None else f"{record.label(turn.player)}: "
            lines.append(f"{count}. {who}{turn_text(turn)}")
        if current.scores is not None:
            lines.append("-".join(str(score) for score in current.scores))
    return "\n".join(lines) + "\n"
