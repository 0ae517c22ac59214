"""Doubleduck records: the text four players write down at the table, and conformance traces from it.

A record holds what the writer knows of a deal or a game: the seats, the dealer, the writer's
own hand, every card played with its call, the cards the writer saw drawn, and the scores. This
module reads and writes records (:func:`parse_record`, :func:`format_record`), turns a record
into a conformance trace, inferring what nobody wrote (:func:`record_to_trace`,
:func:`infer_decks`), and a trace back into a record, whole or as one player saw it
(:func:`trace_to_record`). It is the family's record format (Duck Soup's,
:mod:`ducksoup.duck_soup.record`) with Doubleduck's words.

An example
==========

Cleo's record of the first four tricks of a deal Dan dealt. She knows her own hand and the
cards she drew; every card played is seen by all::

    [Game "doubleduck"]
    [Format "1"]
    [Players "Anna, Ben, Cleo, Dan"]
    [Sides "Anna, Cleo v Ben, Dan"]
    [Dealer "Dan"]

    Cleo: AC QC 6D 9D QD 3H 4H 4H 5H 7H 3S 4S 7S
    1. 5S 2C 7H 3C  +? +? +TH      ; Anna's 5S, the only spade, wins
    2. KD AS 4H KS  +? +? +TD      { Anna again: the only diamond }
    3. 9S 4C 7S 8D  +KS            ; my 7S, the lower spade: I draw first
    4. 3H AH 3D quack 8C  +? +? +5D  ; Anna's quack wins

>>> record = parse_record(EXAMPLE)
>>> record.players[record.dealer], [str(move) for move in record.deals[0].tricks[3].moves]
('Dan', ['3H', 'AH', '3D quack', '8C'])
>>> trace = record_to_trace(record, "club-night", "Cleo's first four tricks")
>>> trace["steps"][-1]["state"]["piles"], trace["steps"][-1]["state"]["keepers"]
([[12, 0], [0, 0]], [[0, None], [None, None]])
>>> trace["description"]
"Cleo's first four tricks [inferred: 12 cards from play, 75 never seen]"


The text
========

Cards are written rank then suit, in upper or lower case: ``9C``, ``9c``, ``TD`` or ``10D``;
the suit symbols ``♣ ♦ ♥ ♠`` may stand for ``C D H S``. Words are separated by spaces, line
breaks or commas. A comment runs from ``;`` to the end of the line, or from ``{`` to ``}``
(across lines too). A mistake of the notation raises :class:`RecordError` naming the line and
column and saying what was expected; a record that breaks a rule of the game is read as far as
it keeps to the rules (:func:`record_to_trace_until_broken`), and the error names the rule.

The two copies of a card
------------------------

Two packs make every card twice, and the two copies are exact duplicates: nothing at the table
tells them apart, so neither does the record. ``8S`` is either copy; the only moment the copy
matters is a doubleduck (the other copy of the very card led), and the call says it:
``8S ... 8S doubleduck``. A card written a third time in one deal (held, drawn or played while
both copies are already elsewhere) breaks Rules §1.

The header
----------

============  =====================================  ==============================================
tag           values                                 meaning
============  =====================================  ==============================================
Game          ``doubleduck``                         the game (optional; the commands choose the
                                                     reader by it)
Format        ``1``                                  the version of this format (optional)
Players       ``"Anna, Ben, Cleo, Dan"``             the four players in seat order, each at the
                                                     left of the one before (optional)
Sides         ``"Anna, Cleo v Ben, Dan"``            the partnerships (optional, checked: partners
                                                     sit opposite, ruling DD-R19)
Dealer        a seat ``0``-``3`` or a player's name  who dealt the first deal; **required**
Scope         ``deal``, ``game``                     one deal (the default), or the deals of a game
Draw          ``winner-first``, ``as-played``        when the players draw in the Duck (DD-R02)
(any other)   any text                               kept as written: Event, Site, Date ...
============  =====================================  ==============================================

A player is named by the Players tag's name, by the seat (``2``, ``Player 2``, ``p2``).

Deals
-----

``Deal 1``, ``Deal 2`` ... begin the deals (``Deal 1`` may be left out); the deal passes to the
left, and the player at the dealer's left leads. A deal holds, in order:

* **hand lines**, one per player of whose starting hand something is known: the player, a
  colon, the cards in any order (``?`` for a card not known). Write your own, a hand shown after
  the deal, or only the cards of another hand you saw (``Dan: KS``).
* the **tricks**: four cards each, in the order played, without saying who plays them (the
  player at the dealer's left leads the first trick, the winner of a trick the next, and the
  others follow to the left). ``1.``, ``2.`` ... number them (optional, checked).
* the deal's **scores**, side 0's first (the side of seats 0 and 2): ``174-203`` (optional;
  checked against the play).

Every part is optional but the cards played: a record may stop anywhere, in the middle of the
contested trick too.

Calls
-----

A call follows its card: ``quack``, ``quack-quack``, ``quack-quack-quack`` (one quack for each
card of the rank led played after the lead, this one included; ruling DD-R03) and
``doubleduck`` (the other copy of the card led). ``quack quack`` is ``quack-quack``; a ``!`` may
end a call; ``double duck`` and ``double-duck`` are ``doubleduck``. A card of the rank led played
without its call is written without one: it is a plain card (DD-R09). A call the card is not
entitled to is a broken rule (DD-R04, DD-R05).

The kept cards
--------------

The winner of a trick stores one card of each suit and discards the rest, face down; which copy
or which card of a suit is kept is no decision of the game (ruling DD-R10), so the record has no
word for it. Write it in a comment if you like (``{ Dan keeps the 9H }``); it is not read.

Draws
-----

After a Duck trick each player draws one card: the winner first, then round to the left
(with ``[Draw "as-played"]``, each straight after playing, in the order played). The cards drawn
may follow the trick, **in the order they leave the stock**: ``+6C`` a card seen, ``+?`` one not
seen. A player writes the draw she saw, her own, in its place: the winner's is first, and ``+?``
stands for each draw before hers; unseen draws at the end are left out. Nobody sees the others'
draws (ruling DD-R18).

Inferring what nobody wrote
===========================

A trace needs each deal's whole deck; a record gives part of it. :func:`infer_decks` builds one
deck per deal by replaying the record on the engine as it is read:

1. the cards of the hand lines go to their player's dealt positions (a hand is a set);
2. when a player plays a card the record has not given to that player, one of its copies not
   yet placed goes into the first position that player holds and the record leaves free (dealt,
   or drawn earlier);
3. the drawn cards written after a trick go to the stock positions drawn after it;
4. the cards never seen fill the remaining positions in canonical order.

The engine checks every card on the way. Where no deck can explain the record, the inference
stops at the first card that goes wrong and names the rule: an illegal play with its error code
(``card-not-in-hand``, ``quack-count-mismatch`` DD-R04, ``not-the-duplicate`` DD-R05 ...), a card
a third time (§1), a drawn card where none is drawn (§4, §5), a score that does not follow from
the play (§6, with the right one), a deal after the game is won (``game-over``, DD-R16). The
positions a player holds but the record leaves free are interchangeable (the record names only
stock positions not yet drawn), and so are a card's two copies, so a choice made in step 2 never
rules out a deck that fits the record: where the inference stops, no deck fits.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from duckcheck.doubleduck.encoding import parse_options
from ducksoup.doubleduck import record_grammar, record_inference
from ducksoup.doubleduck.record_grammar import SEATS, DealRecord, Move, Record, Trick
from ducksoup.doubleduck.traces import TraceRecorder
from ducksoup.narration import Loaded
from ducksoup.records import Inference, InferredCard, RecordError
from ducksoup.records.telling import noted, played_and_unseen, told_record, trace_until_broken
from duckspec.cards import parse_card
from duckspec.doubleduck.actions import Action
from duckspec.doubleduck.variants import DrawOrder

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
    "read_record",
    "record_to_trace",
    "record_to_trace_until_broken",
    "trace_to_record",
    "write_record",
]

JSON = dict[str, Any]
DECK_SIZE = 104

EXAMPLE = """\
[Game "doubleduck"]
[Format "1"]
[Players "Anna, Ben, Cleo, Dan"]
[Sides "Anna, Cleo v Ben, Dan"]
[Dealer "Dan"]

Cleo: AC QC 6D 9D QD 3H 4H 4H 5H 7H 3S 4S 7S
1. 5S 2C 7H 3C  +? +? +TH      ; Anna's 5S, the only spade, wins
2. KD AS 4H KS  +? +? +TD      { Anna again: the only diamond }
3. 9S 4C 7S 8D  +KS            ; my 7S, the lower spade: I draw first
4. 3H AH 3D quack 8C  +? +? +5D  ; Anna's quack wins
"""
"""The example of the module's documentation."""


def parse_record(text: str) -> Record:
    """Read a record (see the module's documentation); :class:`RecordError` names the line and column of a mistake.

    A text longer than ``MAX_RECORD`` (1 MiB) is refused at once.
    """
    return record_grammar.parse(text)


def format_record(record: Record) -> str:
    """The record as text, one trick to a line, the Game and Format tags first; ``parse_record(format_record(r))
    == r``."""
    return record_grammar.write(record)


def infer_decks(record: Record, until_broken: bool = False) -> Inference[Action]:
    """Deck orders for every deal of ``record`` consistent with everything it records (see the module's
    documentation). Raises :class:`RecordError` where the record breaks a rule; with ``until_broken``, returns
    instead what it inferred up to there, with the error as ``Inference.broken`` (an error of the notation is
    raised all the same)."""
    return record_inference.infer(record, until_broken)


# Conversions


def record_to_trace(record: Record, trace_id: str, description: str) -> JSON:
    """A conformance trace (scope deal or game) of ``record``, with the deck orders inferred; raises
    :class:`RecordError` if the record breaks a rule."""
    return _trace_of(record, infer_decks(record), trace_id, description)


def record_to_trace_until_broken(
    record: Record, trace_id: str, description: str
) -> tuple[JSON, tuple[InferredCard, ...], str | None]:
    """The trace of ``record`` as far as it keeps to the rules, the cards placed by inference, and where and why
    it stops (``"line 12, column 4 (after step 21): an illegal play, ..."``), or None if it breaks no rule.

    Raises :class:`RecordError` only for a record that cannot be read (an error of the notation), or one that
    breaks a rule before its first card.
    """
    inference = infer_decks(record, until_broken=True)
    return trace_until_broken(inference, lambda found: _trace_of(record, found, trace_id, description))


def _trace_of(record: Record, inference: Inference[Action], trace_id: str, description: str) -> JSON:
    decks = [[parse_card(deck[i : i + 2]) for i in range(0, 2 * DECK_SIZE, 2)] for deck in inference.decks]
    text = noted(description, played_and_unseen(inference.inferred), "A recorded deal")
    recorder = TraceRecorder(trace_id, text, record.scope, decks, record.dealer, record.options)
    for action in (action for deal in inference.actions for action in deal):
        recorder.apply(action)
    trace = recorder.trace()
    trace["tags"] = ["recorded", "from-record"] + (["inferred"] if inference.inferred else [])
    return trace


# From a trace


def _cards(text: str) -> tuple[str, ...]:
    return tuple(text[i : i + 2] for i in range(0, len(text), 2))


class _TraceReader:
    """Walks a trace's accepted steps into the deals of a record, as everyone saw them or as one player did."""

    def __init__(self, trace: JSON, as_player: int | None) -> None:
        self.trace = trace
        self.as_player = as_player
        self.as_played = parse_options(trace["options"]).draw is DrawOrder.AS_PLAYED
        self.decks = [_cards(deck) for deck in trace["decks"]]
        self.finished = [(int(deal["scores"][0]), int(deal["scores"][1])) for deal in trace["final"].get("deals", [])]
        self.deals: list[DealRecord] = []
        self.tricks: list[Trick] = []
        self.moves: list[Move] = []
        self.players: list[int] = []
        self.hands: tuple[tuple[str, ...], ...] = ()

    def start_deal(self, state: JSON) -> None:
        seen = range(SEATS) if self.as_player is None else (self.as_player,)
        hands = [_cards(hand) if seat in seen else () for seat, hand in enumerate(state["hands"])]
        self.hands, self.tricks = tuple(hands), []
        self.top = DECK_SIZE - state["stock"]

    def end_deal(self) -> None:
        if self.moves:
            self.tricks.append(Trick(tuple(self.moves)))
            self.moves, self.players = [], []
        number = len(self.deals)
        score = self.finished[number] if number < len(self.finished) else None
        hands = self.hands
        self.deals.append(DealRecord((hands[0], hands[1], hands[2], hands[3]), tuple(self.tricks), score))

    def read(self) -> list[DealRecord]:
        state: JSON = self.trace["initial"]
        self.start_deal(state)
        for step in self.trace["steps"]:
            if "state" not in step:
                continue
            action, after = step["action"], step["state"]
            self.moves.append(Move(action["play"], action.get("call", "")))
            self.players.append(action["player"])
            number = state.get("deal", 0)
            if after.get("deal", 0) != number:
                self.end_deal()
                self.start_deal(after)
            elif after["table"] == "":
                self.end_trick(number, after)
            state = after
        self.end_deal()
        return self.deals

    def end_trick(self, number: int, after: JSON) -> None:
        top = DECK_SIZE - after["stock"]
        drawn: list[str | None] = list(self.decks[number][self.top : top])
        if self.as_player is not None and drawn:
            drawers = self.players if self.as_played else [(after["to_act"] + k) % SEATS for k in range(SEATS)]
            drawn = [card if drawers[k] == self.as_player else None for k, card in enumerate(drawn)]
            while drawn and drawn[-1] is None:
                drawn.pop()
        self.tricks.append(Trick(tuple(self.moves), tuple(drawn)))
        self.moves, self.players, self.top = [], [], top


def trace_to_record(trace: JSON, as_player: int | None = None) -> Record:
    """The record of a conformance trace: everything (``as_player`` None: every hand, every draw, the plays and
    calls, the scores), or what the player ``as_player`` saw (the own hand and draws, every card played, the
    scores). Rejected steps are left out: a record holds what was played."""
    if as_player is not None and (type(as_player) is not int or not 0 <= as_player < SEATS):
        raise ValueError(f"a Doubleduck record is written as seat 0 to 3, not {as_player!r}")
    seen = "" if as_player is None else f", as player {as_player} saw it"
    return Record(
        dealer=trace["dealer"],
        scope=trace["scope"],
        draw=parse_options(trace["options"]).draw.value,
        tags=(("Source", f"trace {trace['id']}{seen}"),),
        deals=tuple(_TraceReader(trace, as_player).read()),
    )


def write_record(trace: JSON, as_player: int | None) -> str:
    """A trace as a record's text, everything or one player's (the registry's entry point)."""
    return format_record(trace_to_record(trace, as_player))


def read_record(text: str, path: Path) -> Loaded:
    """A record file's text as a trace to tell, as far as it keeps to the rules (the registry's entry point).

    :class:`RecordError` names the line and column of a record that cannot be read at all.
    """
    return told_record(text, path, parse_record, record_to_trace_until_broken, lambda record: record.players)
