"""Hand-written records of real games: the machinery every game's record shares.

A record is plain text a player types after a game: a header of tag pairs, then the game in
the game's own words, with comments. Each game gives its grammar (what the words mean) and its
completion rules (where an unknown card may go); the rest is here and the same for all:

* :mod:`~ducksoup.records.errors`: :class:`RecordError`, naming the line and column and saying
  what was expected, and the rule when the record breaks one;
* :mod:`~ducksoup.records.reading`: the limits on hostile text (its size, the digits of a number),
  comments with ``;`` and ``{ }``, tag pairs (:class:`Tags`), words and labelled lines with their
  places;
* :mod:`~ducksoup.records.cards`: cards in a game's notation (:class:`CardNotation`), in upper or
  lower case, with suit symbols;
* :mod:`~ducksoup.records.grammar`: the skeleton of a game's grammar: the header closed by the body, the
  numbered parts (deals, rounds), and the words every format reads alike;
* :mod:`~ducksoup.records.tricks`: what the trick-taking games' records share: hand lines, numbered
  tricks, the cards drawn after them, a deal's scores;
* :mod:`~ducksoup.records.inference`: the inference search's skeleton, and its driver over a record's parts;
* :mod:`~ducksoup.records.header`: the tag pairs every game reads alike (below);
* :mod:`~ducksoup.records.sources`: a record file's name as a trace ID and in messages.

The tags every game's record shares
===================================

Every game's format reads (and every game's writer writes, first) two optional tag pairs, named
here once:

* ``[Game "ID"]``: the game the record is of, by its ID in traces (``duck-soup``, ``doubleduck``,
  ``aw-ducks``) or its title, in any case. The commands that read a record choose the game's reader by
  it; ``--game`` only chooses for a record without it, and a ``--game`` that disagrees with the tag is
  refused (:func:`~ducksoup.records.header.record_game`). A reader given another game's record refuses it
  at the tag (:func:`~ducksoup.records.header.check_game`).
* ``[Format "N"]``: the version of the game's record format (each game numbers its own, from ``1``); a
  reader refuses a version it does not know at the tag's line and column, and reads a record without the
  tag in its newest version (:func:`~ducksoup.records.header.check_format`).

:class:`Tags` knows both in every game (they are never kept among the game's other tags); a game's
writer begins with :func:`~ducksoup.records.header.shared_tag_lines`.
"""

from __future__ import annotations

from ducksoup.records.cards import STANDARD_CARDS, CardNotation
from ducksoup.records.errors import NOWHERE, Pos, RecordError
from ducksoup.records.header import (
    FORMAT_TAG,
    GAME_TAG,
    check_format,
    check_game,
    header_tag,
    record_game,
    shared_tag_lines,
)
from ducksoup.records.inference import DeckPlacement, Inference, InferredCard, Search
from ducksoup.records.reading import MAX_DIGITS, MAX_RECORD, TAG_HELP, Item, Tags, check_size, lex, quote, whole
from ducksoup.records.sources import record_source

__all__ = [
    "FORMAT_TAG",
    "GAME_TAG",
    "MAX_DIGITS",
    "MAX_RECORD",
    "NOWHERE",
    "STANDARD_CARDS",
    "TAG_HELP",
    "CardNotation",
    "DeckPlacement",
    "Inference",
    "InferredCard",
    "Item",
    "Pos",
    "RecordError",
    "Search",
    "Tags",
    "check_format",
    "check_game",
    "check_size",
    "header_tag",
    "lex",
    "quote",
    "record_game",
    "record_source",
    "shared_tag_lines",
    "whole",
]
