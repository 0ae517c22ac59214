"""The rulings registers: every point the rule texts leave open, decided once, with reasons.

Each game keeps its register as ``rulings.toml`` inside its sub-package, so that it ships with
the package and the tests, the conformance suite's linter and the docs all read the same file.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from importlib import resources

RULING_ID = re.compile(r"^[A-Z]{2}-R\d{2}$")
"""A ruling's ID: the game's two-letter prefix (``DS`` for Duck Soup), then ``-R`` and two digits."""


@dataclass(frozen=True)
class Alternative:
    """Another reading of a ruling's question, and the faulty implementation that plays it.

    ``fault`` names an implementation of the game's ``tests/faulty/<game>.py`` that follows the reading;
    the conformance suite must reject it, which is how the suite is known to pin the ruling. A reading
    that no implementation could show over the adapter protocol (a call withdrawn after the card is
    down, where the protocol sends a card and its call as one action) names no fault: its
    ``not_expressible`` says why instead. Exactly one of the two is given.
    """

    reading: str
    fault: str = ""
    not_expressible: str = ""


@dataclass(frozen=True)
class Ruling:
    """One ruling: the question, the decision, why, the sources weighed, the tests exercising it and the other
    readings the suite rejects."""

    id: str
    title: str
    question: str
    decision: str
    rationale: str
    sources: tuple[str, ...]
    tests: tuple[str, ...]
    option: str | None = None
    alternatives: tuple[Alternative, ...] = ()


def load_rulings(game: str) -> tuple[Ruling, ...]:
    """The rulings of ``game`` (a sub-package of :mod:`duckspec`), in register order."""
    text = resources.files(f"duckspec.{game}").joinpath("rulings.toml").read_text(encoding="utf-8")
    rulings = tuple(
        Ruling(
            id=entry["id"],
            title=entry["title"],
            question=entry["question"],
            decision=entry["decision"],
            rationale=entry["rationale"],
            sources=tuple(entry["sources"]),
            tests=tuple(entry["tests"]),
            option=entry.get("option"),
            alternatives=tuple(
                Alternative(
                    reading=alternative["reading"],
                    fault=alternative.get("fault", ""),
                    not_expressible=alternative.get("not_expressible", ""),
                )
                for alternative in entry.get("alternatives", [])
            ),
        )
        for entry in tomllib.loads(text)["ruling"]
    )
    for ruling in rulings:
        if not RULING_ID.match(ruling.id):
            raise ValueError(
                f"ruling ID {ruling.id!r} of {game} is not of the form XX-R01 (the game's prefix, -R, two digits)"
            )
        for alternative in ruling.alternatives:
            if bool(alternative.fault) == bool(alternative.not_expressible):
                raise ValueError(
                    f"{ruling.id} of {game}: the other reading {alternative.reading!r} needs either a fault or a "
                    "not_expressible reason, not both or neither"
                )
    return rulings
