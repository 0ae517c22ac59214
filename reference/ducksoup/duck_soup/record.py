"""Duck Soup records: the compact text a player types after a real game, and conformance traces from it.

A record is to Duck Soup what PGN is to chess: plain text that holds what the players know
of a deal, a game or a match, short enough to type at the table and plain enough to read
back when a score is disputed. This module reads and writes records
(:func:`parse_record`, :func:`format_record`), turns a record into a conformance trace that
``ducksoup.duck_soup.traces.replay`` checks (:func:`record_to_trace`, inferring the deck orders the
record does not give, :func:`infer_decks`), and a trace back into a record
(:func:`trace_to_record`; :func:`write_record` writes it as text, everything or one player's side,
for ``ducksoup record from-trace`` and ``ducksoup play --record``).

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
Game          ``duck-soup`` (or ``Duck Soup``)    the game (optional; every game's records read it
                                                  alike: :mod:`ducksoup.records.header`)
Format        ``1``                               the version of this format (optional; the newest)
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

# The names of the single module this once was stay importable from here (``X as X``): the format's parts live
# in record_grammar (Duck Soup's grammar), record_inference (its completion rules) and ducksoup.records (shared).
from dataclasses import replace
from pathlib import Path
from typing import Any

from duckcheck.duck_soup.encoding import parse_options
from ducksoup.duck_soup import record_grammar, record_inference
from ducksoup.duck_soup.record_grammar import CALLS as CALLS
from ducksoup.duck_soup.record_grammar import CARD_HELP as CARD_HELP
from ducksoup.duck_soup.record_grammar import (
    DUCK,
    DealRecord,
    Move,
    Record,
    Trick,
    read_card,
)
from ducksoup.duck_soup.record_grammar import HAND_SIZE as HAND_SIZE
from ducksoup.duck_soup.record_grammar import STOCK_START as STOCK_START
from ducksoup.duck_soup.record_grammar import WORD_HELP as WORD_HELP
from ducksoup.duck_soup.traces import TraceRecorder
from ducksoup.narration import Loaded
from ducksoup.records import MAX_DIGITS as MAX_DIGITS
from ducksoup.records import MAX_RECORD as MAX_RECORD
from ducksoup.records import NOWHERE as NOWHERE
from ducksoup.records import Inference, InferredCard, RecordError
from ducksoup.records import Pos as Pos
from ducksoup.records.telling import noted, played_and_unseen, told_record, trace_until_broken
from duckspec.cards import parse_card
from duckspec.duck_soup.actions import Action

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
    "players_record",
    "read_card",
    "record_to_trace",
    "trace_to_record",
    "write_record",
]

JSON = dict[str, Any]

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


# Reading, writing and inferring: the format's entry points (its grammar is Duck Soup's record_grammar, its
# completion rules record_inference)


def parse_record(text: str) -> Record:
    """Read a record (see the module's documentation); :class:`RecordError` names the line and column of a mistake.

    A text longer than ``MAX_RECORD`` (1 MiB) is refused at once.
    """
    return record_grammar.parse(text)


def format_record(record: Record) -> str:
    """The record as text, one trick to a line; ``parse_record(format_record(r)) == r``."""
    return record_grammar.write(record)


def infer_decks(record: Record, until_broken: bool = False) -> Inference[Action]:
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
    return record_inference.infer(record, until_broken)


# Conversions


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
    return trace_until_broken(inference, lambda found: _trace_of(record, found, trace_id, description))


def _trace_of(record: Record, inference: Inference[Action], trace_id: str, description: str) -> JSON:
    text = noted(description, played_and_unseen(inference.inferred), "A recorded deal")
    decks = [[parse_card(deck[i : i + 2]) for i in range(0, 104, 2)] for deck in inference.decks]
    recorder = TraceRecorder(trace_id, text, record.scope, decks, record.dealer, record.options)
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
    return told_record(text, path, parse_record, record_to_trace_until_broken, lambda record: record.players)


def players_record(record: Record, trace: JSON, player: int) -> Record:
    """What ``player`` saw of the game that ``record`` (the full record of ``trace``) holds: their own hand at
    the start of each deal, every card played, the face-up cards (the first card drawn after a trick of the
    face-up stock is the face-up card, in sight of both) and the cards they drew themselves; never the other
    hand, nor what the other player drew unseen (trailing unknown draws are left out, as a player writes)."""
    drawn_by_player = _cards_drawn_by(trace, player)
    face_up = record.stock == "face-up"
    deals = []
    for number, deal in enumerate(record.deals):
        mine = drawn_by_player[number] if number < len(drawn_by_player) else set()
        tricks = []
        for trick in deal.tricks:
            seen = [
                card if card is not None and ((face_up and index == 0) or card in mine) else None
                for index, card in enumerate(trick.drawn)
            ]
            while seen and seen[-1] is None:
                seen.pop()
            tricks.append(replace(trick, drawn=tuple(seen)))
        hands = (deal.hands[0], ()) if player == 0 else ((), deal.hands[1])
        deals.append(replace(deal, hands=hands, tricks=tuple(tricks)))
    return replace(record, deals=tuple(deals))


def _cards_drawn_by(trace: JSON, player: int) -> list[set[str]]:
    """For each deal of ``trace``, the cards that came into ``player``'s hand after the deal (drawn)."""
    drawn: list[set[str]] = [set()]
    before = trace["initial"]
    for step in trace["steps"]:
        after = step.get("state")
        if after is None:
            continue
        if after.get("deal", 0) != before.get("deal", 0):
            drawn.append(set())
        else:
            held = {before["hands"][player][i : i + 2] for i in range(0, len(before["hands"][player]), 2)}
            now = {after["hands"][player][i : i + 2] for i in range(0, len(after["hands"][player]), 2)}
            drawn[-1] |= now - held
        before = after
    return drawn


def write_record(trace: JSON, as_player: int | None) -> str:
    """The record of ``trace`` (a Duck Soup trace) as text: everything it holds, or (``as_player``) only what that
    player saw (:func:`players_record`); the registry's entry point. ``ValueError`` for a player not in the game."""
    if as_player is not None and as_player not in (0, 1):
        raise ValueError(f"Duck Soup is played by player 0 and player 1, not player {as_player}")
    record = trace_to_record(trace)
    if as_player is not None:
        record = players_record(record, trace, as_player)
    return format_record(record)
