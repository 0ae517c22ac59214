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
* :mod:`~ducksoup.records.inference`: the inference search's skeleton;
* :mod:`~ducksoup.records.sources`: a record file's name as a trace ID and in messages.
"""

from __future__ import annotations

from ducksoup.records.cards import STANDARD_CARDS, CardNotation
from ducksoup.records.errors import NOWHERE, Pos, RecordError
from ducksoup.records.inference import DeckPlacement, Inference, InferredCard, Search
from ducksoup.records.reading import MAX_DIGITS, MAX_RECORD, TAG_HELP, Item, Tags, check_size, lex, quote, whole
from ducksoup.records.sources import record_source

__all__ = [
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
    "check_size",
    "lex",
    "quote",
    "record_source",
    "whole",
]
