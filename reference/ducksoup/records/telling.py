"""A record made ready to tell: its trace's description with what was inferred, where it stops, the Loaded file.

Every game's ``read_record`` ends the same way: the trace inferred from the record, described with a
note of the cards placed by inference (:func:`noted`, :func:`played_and_unseen`), kept as far as the
record keeps to the rules (:func:`trace_until_broken`, which says where it stops with
:func:`where_it_stops`), and handed to the telling commands as a :class:`~ducksoup.narration.Loaded`
(:func:`loaded_record`): :func:`told_record` does all of it from a record file's text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from ducksoup.narration import Loaded
from ducksoup.records.errors import RecordError
from ducksoup.records.inference import Inference, InferredCard
from ducksoup.records.sources import record_source

RecordT = TypeVar("RecordT")
TraceUntilBroken = Callable[[RecordT, str, str], tuple[dict[str, Any], tuple[InferredCard, ...], str | None]]
"""A game's ``record_to_trace_until_broken(record, trace_id, description)``: the trace as far as the record keeps
to the rules, the cards placed by inference, and where and why it stops."""

DESCRIPTION_LIMIT = 200
"""The longest description of a trace made from a record, its note included (the trace schema's limit)."""


def noted(description: str, note: str, default: str) -> str:
    """``description`` (``default`` when blank) with the inference's ``note`` after it, the description cut with
    ``…`` so that both fit :data:`DESCRIPTION_LIMIT` characters."""
    text = description.strip() or default
    if len(text) + len(note) > DESCRIPTION_LIMIT:
        text = text[: DESCRIPTION_LIMIT - 1 - len(note)] + "…"
    return text + note


def played_and_unseen(inferred: Sequence[InferredCard]) -> str:
    """The description's note of the cards placed by inference, counted as those placed where the record shows them
    played and those nobody saw (empty when nothing was inferred)."""
    if not inferred:
        return ""
    played = sum(card.reason == "played" for card in inferred)
    cards = "card" if played == 1 else "cards"
    return f" [inferred: {played} {cards} from play, {len(inferred) - played} never seen]"


def trace_until_broken(
    inference: Inference[Any], trace_of: Callable[[Inference[Any]], dict[str, Any]]
) -> tuple[dict[str, Any], tuple[InferredCard, ...], str | None]:
    """The trace a game makes (``trace_of``) of an inference made up to the record's first broken rule, the cards
    placed by inference, and where and why the record stops (:func:`where_it_stops`), or None if it breaks no rule.

    Raises the inference's :class:`RecordError` when there is nothing to tell: it broke before its first card.
    """
    if not inference.decks:
        assert inference.broken is not None
        raise inference.broken
    trace = trace_of(inference)
    broken = inference.broken
    return trace, inference.inferred, None if broken is None else where_it_stops(broken, len(trace["steps"]))


def where_it_stops(broken: RecordError, steps: int) -> str:
    """Where and why a record stops being a legal game: ``line 12, column 4 (after step 21): the reason``."""
    where = f"line {broken.line}, column {broken.column} " if broken.line else ""
    return f"{where}(after step {steps}): {broken.reason}"


def loaded_record(
    trace: dict[str, Any],
    called: str,
    names: Sequence[str] | None,
    inferred: Sequence[InferredCard],
    broken: str | None,
) -> Loaded:
    """The record's trace as the telling commands take it: the players' names (when every player is named), the
    cards inferred (by deal or round, from 1), and, when it stops short, the file's name (``called``) with
    :func:`where_it_stops`."""
    stopped = None if broken is None else f"{called}, {broken}"
    cards = frozenset((card.deal, card.card) for card in inferred)
    places = frozenset((card.deal, card.position) for card in inferred)
    return Loaded(trace, True, tuple(names) if names and all(names) else None, cards, stopped, places)


def told_record(
    text: str,
    path: Path,
    parse: Callable[[str], RecordT],
    until_broken: TraceUntilBroken[RecordT],
    names: Callable[[RecordT], Sequence[str]],
) -> Loaded:
    """A record file's text (read from ``path``) as a trace to tell, as far as it keeps to the rules: every game's
    ``read_record``, given the game's ``parse``, its ``record_to_trace_until_broken`` and the players' ``names``
    its record gives (blank or none when not named)."""
    trace_id, called = record_source(path)
    record = parse(text)
    trace, inferred, broken = until_broken(record, trace_id, f"the record {called}")
    return loaded_record(trace, called, names(record), inferred, broken)
