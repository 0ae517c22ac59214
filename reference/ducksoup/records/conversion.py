"""From an inferred record to a trace to tell: the words every game's record conversion shares.

A game's record module infers its decks (:mod:`ducksoup.records.inference`), records the
actions on its engine as a trace, and hands the result to the shared telling code as a
:class:`~ducksoup.narration.Loaded`. What is the same for every game is here: the trace's
description with the count of inferred cards (:func:`described`), the place where a record that
breaks a rule stops (:func:`where_it_stops`), and the :class:`~ducksoup.narration.Loaded` made
of them (:func:`loaded_record`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ducksoup.narration import Loaded
from ducksoup.records.errors import RecordError
from ducksoup.records.inference import InferredCard

DESCRIPTION_LIMIT = 200
"""The longest description a trace holds."""


def described(description: str, inferred: Sequence[InferredCard], default: str = "A recorded game") -> str:
    """``description`` (``default`` when blank) with a note of how many cards were placed by inference
    (``[inferred: 3 cards from play, 29 never seen]``), cut to :data:`DESCRIPTION_LIMIT` characters."""
    played = sum(card.reason == "played" for card in inferred)
    unseen = len(inferred) - played
    cards = "card" if played == 1 else "cards"
    note = f" [inferred: {played} {cards} from play, {unseen} never seen]" if inferred else ""
    text = description.strip() or default
    if len(text) + len(note) > DESCRIPTION_LIMIT:
        text = text[: DESCRIPTION_LIMIT - 1 - len(note)] + "…"
    return text + note


def where_it_stops(broken: RecordError | None, steps: int) -> str | None:
    """Where and why a record stops, after ``steps`` steps told (``"line 12, column 4 (after step 21): ..."``), or
    None for a record that breaks no rule."""
    if broken is None:
        return None
    where = f"line {broken.line}, column {broken.column} " if broken.line else ""
    return f"{where}(after step {steps}): {broken.reason}"


def loaded_record(
    trace: dict[str, Any],
    inferred: Sequence[InferredCard],
    stopped: str | None,
    names: Sequence[str],
    called: str,
) -> Loaded:
    """A record's trace ready to tell: its players' names (when the record names them all), the inferred cards
    by (deal, card), and where it stops, the file (``called``) named first."""
    return Loaded(
        trace,
        True,
        tuple(names) if all(names) else None,
        frozenset((card.deal, card.card) for card in inferred),
        None if stopped is None else f"{called}, {stopped}",
    )
