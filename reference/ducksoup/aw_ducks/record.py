"""Aw Ducks! records: the text a player types during or after a real round, and conformance traces from it.

A record holds what the players saw of a round or a game, in words a player reads without a
legend, short enough to type at the table and plain enough to read back when a Score is disputed.
This module reads and writes records (:func:`parse_record`, :func:`format_record`), turns a record
into a conformance trace (:func:`record_to_trace`, inferring the deck orders the record does not
give, :func:`infer_decks`), and a trace back into a record (:func:`trace_to_record`,
:func:`write_record`).

An example
==========

The first turns of a round for three, as Cleo wrote them::

    [Game "aw-ducks"]
    [Players "Anna, Ben, Cleo"]
    [Start "Ben"]

    1. Ben: draw 2yellow
    2. Cleo: draw 6black
    3. Anna: draw red-duck rainbow-duck 5black   { two ducks, then a number }
    4. Ben: discard 2yellow safe-draw 2blue 4blue
    5. Cleo: score rainbow-duck                  ; the red duck stays in the pond
    6. Anna: discard 5black secret-stash ? ?      ; nobody sees a stash
    7. Anna: score

>>> record = parse_record(EXAMPLE)
>>> record.names, record.start, record.rounds[0].turns[3].cards
(('Anna', 'Ben', 'Cleo'), 1, ('2B', '4B'))
>>> trace = record_to_trace(record, "cleos-round", "Cleo's first turns")
>>> trace["steps"][-1]["state"]["scored"]
['', '', '6KDW']
>>> [card.note for card in infer_decks(record).inferred][:1]
["a Secret Stash card of Anna's in turn 6, nobody saw: in canonical order"]

The text
========

The reading every game's record shares (:mod:`ducksoup.records`): words are separated by spaces,
line breaks or commas; a comment runs from ``;`` to the end of the line, or from ``{`` to ``}``
(across lines too); a mistake raises :class:`~ducksoup.records.errors.RecordError`, which names the line and column and
says what was expected::

    line 4, column 18: '3b' could be blue or black: write 3blu or 3bla

Cards
-----

Colours are written as their names, or the first letters of them, in any case; a player reads
them without a legend (the conformance suite's codes, ``3R`` ``6K`` ``DW``, are not read here):

=======================================  ==============================================================
``3red``, ``3r``, ``3RED``                a red three (a number card is its value, then its colour)
``6black``, ``6bla``                      a black six (``b`` and ``bl`` could be blue or black)
``4blue``, ``4blu``                       a blue four
``green-duck``, ``g-duck``, ``gduck``     a green duck (a duck is its colour, then ``-duck``)
``rainbow-duck``, ``ra-duck``             a rainbow duck (``r`` alone could be red or rainbow)
``?``                                     a Secret Stash card nobody saw (in a Discard for a stash only)
=======================================  ==============================================================

The number colours are red, yellow, green, blue, purple and black; the ducks are red, yellow,
green, blue, purple and rainbow.

The header
----------

The record begins with tag pairs ``[Name "value"]``. Tag names are read in any case.

============  ==================================  =================================================
tag           values                              meaning
============  ==================================  =================================================
Players       ``"Anna, Ben, Cleo"`` or ``"3"``    the 2, 3 or 4 players in turn order (turns pass to
                                                  the next name, AD-R13), or their number;
                                                  **required**
Start         a player's name or number           who starts the first round (§3); may be left out
                                                  when the first turn names its player
Scope         ``round``, ``game``                 one round (the default), or rounds until a
                                                  player wins the game (§2)
Target        ``suggested``, ``50`` ... ``1000``  a game's total (the default: 400 for 2 players,
                                                  300 for 3, 250 for 4)
Game          ``aw-ducks``                        the game of the record (optional)
Format        ``1``                               the version of this format (optional)
(any other)   any text                            kept as written: Event, Site, Date ...
============  ==================================  =================================================

Players are named by their name, their number (``0`` is the first of Players), ``p0`` or
``Player 0``. The players' names hold no colon, brackets or quotes.

Rounds and turns
----------------

``Round 1``, ``Round 2`` ... begin the rounds (``Round 1`` may be left out). The first round is
started by the Start player; each later one by the player to the left of the last round's start
player (AD-R14). A round holds its turns, then its scores.

A turn is one of the three things a player may do (§5), one to a line by custom, optionally
numbered (``12.``: the turns of a round from 1, checked) and led by its player and a colon
(``12. Ben:``, checked; without it the rules say whose turn it is):

=================================================  ===============================================
``draw 5red``                                      a Draw that turned up a number
``draw red-duck rainbow-duck 4black``              a Draw that turned up two ducks, then a number
                                                   (every card it turned up, in order)
``draw``                                           a Draw of the empty deck, which ends the round
``score green-duck green-duck rainbow-duck``       a Score, and every duck it took from the pond
                                                   (checked); ``score`` alone took none,
                                                   ``score ?`` says the ducks are not known
``discard 2yellow safe-draw 2blue 4blue``          a Discard of a 1 or 2, and the two cards the
                                                   Safe Draw took
``discard 3red quick-quack 5red 1red 6red``        a Discard of a 3 or 4, and the three cards the
                                                   Quick Quack took; its Score is the next turn
``discard 6green secret-stash ? ?``                a Discard of a 5 or 6, and the two Secret
                                                   Stash cards: ``?`` when nobody saw them (trailing
                                                   ``?`` may be left out), or the cards, as the
                                                   count showed them; its Score is the next turn
=================================================  ===============================================

The benefit (``safe-draw``, ``quick-quack``, ``secret-stash``; also ``safe draw``, ``stash`` ...)
may be left out: the card's value decides it (§8), and a benefit written is checked. Every card
that a Draw, a Safe Draw or a Quick Quack takes is turned face up in everybody's sight, so each is
written. When the deck runs out (§9) each player takes a final Score, written as a ``score`` turn
each, from the player who ended the round. The round's **scores** follow, player 0's first:
``137-97-80`` (optional; checked, each number card its value and each duck 5 points).

Every part is optional except the turns taken: a record may stop at any turn of a round.

Inferring the deck
==================

A trace needs each round's full deck order; a record gives most of it, since every card a turn
takes is written in the order it came off the deck. :func:`infer_decks` builds one deck per round
by replaying the record on the engine, turn by turn:

1. the cards a turn took go to the top of the deck as the turn reaches them; a card's copies are
   one card to a player (two of each number, four ducks of each kind: §1), so the lowest copy not
   yet placed is taken, and a copy more than the deck holds breaks §1;
2. the engine plays the turn and says how many cards it took: a Draw that stops before the last
   card written, or goes on after it, breaks §6, a Safe Draw or Quick Quack that does not take
   the cards written breaks ruling AD-R10;
3. the Secret Stash cards nobody saw are chosen, when the round's scores are written, among the
   cards no turn took so that every player's score pile makes the score written (§9; player 0's
   first, each the highest values that still fit, each value its first card in canonical order),
   and otherwise in canonical order;
4. the cards no turn took fill the rest of the deck in canonical order (numbers red to black,
   each 1 to 6, then the ducks).

The engine checks every turn on the way. A record that no deck can explain raises
:class:`~ducksoup.records.errors.RecordError` at the first turn or card that goes wrong, naming the
rule: an illegal turn with the engine's error code and rule (``not-your-turn``, ``draw-required``,
``card-not-in-tableau`` ...), a card more than the deck holds (§1), a Draw, Safe Draw or Quick
Quack that does not take the cards written (§6, AD-R10), a benefit that is not the one the card
buys (§8), the ducks of a Score that are not those it takes (§7 and the ruling of the duck's
condition, AD-R06 to AD-R09), scores that no stash cards make (§9, with the scores the cards seen
make), a round after the game is won (``game-over``, §2).

Its limits: the deck is *a* deck that fits the record. Everything the players saw (every card
turned up, every tableau, the pond, the discards, every Score) is the real one; the unseen Secret
Stash cards and the deck left when a record stops are guesses (listed by :func:`infer_decks`,
counted in the trace's description), though the scores, when written, are the real ones. Attempts
the rules refused are not part of a record.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from duckcheck.aw_ducks.encoding import parse_action, parse_cards_text, parse_options
from ducksoup.aw_ducks import record_grammar, record_inference
from ducksoup.aw_ducks.engine import NAMES, NUMBERS, Game, Round
from ducksoup.aw_ducks.record_grammar import Record, RoundRecord, Turn, read_card
from ducksoup.aw_ducks.traces import TraceRecorder
from ducksoup.narration import Loaded
from ducksoup.records import Inference, InferredCard
from ducksoup.records import RecordError as RecordError
from ducksoup.records.telling import noted, told_record, trace_until_broken
from duckspec.aw_ducks.actions import Action, Discard, Draw
from duckspec.aw_ducks.discarding import benefit_of
from duckspec.aw_ducks.errors import IllegalAction
from duckspec.aw_ducks.options import RuleOptions

__all__ = [
    "EXAMPLE",
    "Record",
    "RoundRecord",
    "Turn",
    "format_record",
    "infer_decks",
    "parse_record",
    "read_card",
    "read_record",
    "record_to_trace",
    "trace_to_record",
    "write_record",
]

JSON = dict[str, Any]

EXAMPLE = """\
[Game "aw-ducks"]
[Players "Anna, Ben, Cleo"]
[Start "Ben"]

1. Ben: draw 2yellow
2. Cleo: draw 6black
3. Anna: draw red-duck rainbow-duck 5black   { two ducks, then a number }
4. Ben: discard 2yellow safe-draw 2blue 4blue
5. Cleo: score rainbow-duck                  ; the red duck stays in the pond
6. Anna: discard 5black secret-stash ? ?      ; nobody sees a stash
7. Anna: score
"""
"""The example of the module's documentation."""


def parse_record(text: str) -> Record:
    """Read a record (see the module's documentation); a mistake raises
    :class:`~ducksoup.records.errors.RecordError`, which names its line and column.

    A text longer than ``MAX_RECORD`` (1 MiB) is refused at once.
    """
    return record_grammar.parse(text)


def format_record(record: Record) -> str:
    """The record as text, one turn to a line; ``parse_record(format_record(r)) == r`` for a record with a
    Start tag and every turn's player named, as :func:`trace_to_record` makes."""
    return record_grammar.write(record)


def infer_decks(record: Record, until_broken: bool = False) -> Inference[Action]:
    """Deck orders for every round of ``record`` consistent with everything it records (see "Inferring the deck").

    Raises :class:`~ducksoup.records.errors.RecordError` where the record breaks a rule; with ``until_broken``, returns
    instead what it inferred up to there, with the error as ``Inference.broken`` (an error of form,
    such as a word that is no card, is raised all the same).
    """
    return record_inference.infer(record, until_broken)


# Conversions


def record_to_trace(record: Record, trace_id: str, description: str) -> JSON:
    """A conformance trace (scope round or game) of ``record``, with deck orders inferred.

    The description gets a note of how many cards were placed by inference (:func:`infer_decks`
    lists them). Raises :class:`~ducksoup.records.errors.RecordError` if the record breaks a rule.
    """
    return _trace_of(record, infer_decks(record), trace_id, description)


def record_to_trace_until_broken(
    record: Record, trace_id: str, description: str
) -> tuple[JSON, tuple[InferredCard, ...], str | None]:
    """The trace of ``record`` as far as it keeps to the rules, the cards placed by inference, and where and why
    it stops (``"line 12, column 4 (after step 21): ..."``), or None if it never breaks a rule.

    Raises :class:`~ducksoup.records.errors.RecordError` only for a record that cannot be read (an error of form).
    """
    inference = infer_decks(record, until_broken=True)
    return trace_until_broken(inference, lambda found: _trace_of(record, found, trace_id, description))


def _trace_of(record: Record, inference: Inference[Action], trace_id: str, description: str) -> JSON:
    stash = sum("Secret Stash" in card.note for card in inference.inferred)
    rest = len(inference.inferred) - stash
    note = f" [inferred: {stash} stash cards nobody saw, {rest} never taken]" if inference.inferred else ""
    decks = [[deck[i : i + 2] for i in range(0, len(deck), 2)] for deck in inference.decks]
    tags = ["recorded", "from-record", *(["inferred"] if inference.inferred else [])]
    recorder = TraceRecorder(
        trace_id,
        noted(description, note, "A recorded round"),
        record.scope,
        decks,
        record_inference.first_start(record),
        RuleOptions(target=record.target),
        tags,
        record.players,
    )
    for action in (action for actions in inference.actions for action in actions):
        recorder.apply(action)
    # Not validated against the schemas (a game's trace takes seconds): the recorder writes the engine's own states,
    # valid by construction, and the header's values are those the grammar accepts (players, scope, target).
    return recorder.snapshot()


# From a trace


def trace_to_record(trace: JSON, as_player: int | None = None) -> Record:
    """The record of a conformance trace: every turn with what it took, every Score's ducks, the rounds' scores.

    Rejected steps are left out (a record holds what was played); ``ValueError`` for a trace whose steps the rules
    do not allow. With ``as_player``, only what that
    player saw: the Secret Stash cards are written ``?`` (nobody sees them, AD-R17); everything else of
    Aw Ducks! lies face up, so every player's record is the same.
    """
    options = parse_options(trace["options"])
    decks = [parse_cards_text(deck, "decks") for deck in trace["decks"]]
    players, start = trace["players"], trace["dealer"]
    engine: Round | Game = (
        Round(decks[0], start, players, options) if trace["scope"] == "round" else Game(decks, start, players, options)
    )
    rounds: list[RoundRecord] = []
    turns: list[Turn] = []
    for number, step in enumerate(trace["steps"], 1):
        if "state" not in step:
            continue
        action = parse_action(step["action"], f"step {number}")
        current = engine if isinstance(engine, Round) else engine.round
        top, pond = current.top, list(current.pond)
        try:
            engine.apply(action)
        except IllegalAction as error:
            raise ValueError(
                f"step {number} of {trace['id']} breaks the rules, so no record holds it: {error}"
            ) from None
        taken = tuple(NAMES[card] for card in current.deck[top : current.top])
        turns.append(_turn(action, taken, pond, list(current.pond), as_player is not None))
        if current.is_over:
            rounds.append(RoundRecord(tuple(turns), tuple(current.points)))
            turns = []
    if turns or not rounds:
        rounds.append(RoundRecord(tuple(turns)))
    return Record(
        players=players,
        start=start,
        scope=trace["scope"],
        target=options.target,
        tags=(("Source", f"trace {trace['id']}"),),
        rounds=tuple(rounds),
    )


def _turn(action: Action, taken: tuple[str, ...], pond: list[int], after: list[int], unseen_stash: bool) -> Turn:
    if isinstance(action, Draw):
        return Turn("draw", action.player, cards=taken)
    if isinstance(action, Discard):
        benefit = benefit_of(action.card).value
        cards: tuple[str | None, ...] = taken
        if unseen_stash and benefit == "secret-stash":
            cards = (None,) * len(taken)
        return Turn("discard", action.player, str(action.card), benefit, cards)
    ducks = Counter({NAMES[NUMBERS + kind]: pond[kind] - after[kind] for kind in range(6)})
    return Turn("score", action.player, ducks=tuple(sorted(ducks.elements(), key=NAMES.index)))


def write_record(trace: JSON, as_player: int | None) -> str:
    """The record of ``trace`` (an Aw Ducks! trace) as text: everything it holds, or (``as_player``) only what that
    player saw (:func:`trace_to_record`); the registry's entry point. ``ValueError`` for a player not in the game."""
    if as_player is not None and not 0 <= as_player < trace["players"]:
        raise ValueError(f"the players of {trace['id']} are 0 to {trace['players'] - 1}, not player {as_player}")
    record = trace_to_record(trace, as_player)
    if as_player is not None:
        record = replace(record, tags=(*record.tags, ("Writer", f"Player {as_player}")))
    return format_record(record)


def read_record(text: str, path: Path) -> Loaded:
    """A record file's text as a trace to tell, as far as it keeps to the rules (the registry's entry point).

    :class:`~ducksoup.records.errors.RecordError` names the line and column of a record that cannot be read at all.
    """
    return told_record(text, path, parse_record, record_to_trace_until_broken, lambda record: record.names)
