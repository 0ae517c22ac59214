"""A record made ready to tell: its trace's description with what was inferred, where it stops, the Loaded file.

Every game's ``read_record`` ends the same way: the trace inferred from the record, described with a
note of the cards placed by inference (:func:`noted`), stopped where the record breaks a rule
(:func:`where_it_stops`), and handed to the telling commands as a :class:`~ducksoup.narration.Loaded`
(:func:`loaded_record`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ducksoup.narration import Loaded
from ducksoup.records.errors import RecordError
from ducksoup.records.inference import InferredCard

DESCRIPTION_LIMIT = 200
"""The longest description of a trace made from a record, its note included (the trace schema's limit)."""


def noted(description: str, note: str, default: str) -> str:
    """``description`` (``default`` when blank) with the inference's ``note`` after it, the description cut with
    ``…`` so that both fit :data:`DESCRIPTION_LIMIT` characters."""
    text = description.strip() or default
    if len(text) + len(note) > DESCRIPTION_LIMIT:
        text = text[: DESCRIPTION_LIMIT - 1 - len(note)] + "…"
    return text + note


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
    """The record's trace as the telling commands take it: the players' names, the cards inferred (by deal or round,
    from 1), and, when it stops short, the file's name (``called``) with :func:`where_it_stops`."""
    stopped = None if broken is None else f"{called}, {broken}"
    cards = frozenset((card.deal, card.card) for card in inferred)
    return Loaded(trace, True, tuple(names) if names else None, cards, stopped)
