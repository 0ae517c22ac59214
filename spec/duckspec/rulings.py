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
    """Another reading of a ruling's question, and the faulty implementation that takes it."""

    reading: str
    fault: str


@dataclass(frozen=True)
class Ruling:
    """One ruling: the question, the decision, why, the sources weighed and the tests exercising it."""

    id: str
    title: str
    question: str
    decision: str
    rationale: str
    sources: tuple[str, ...]
    tests: tuple[str, ...]
    option: str | None = None
    alternatives: tuple[Alternative, ...] = ()
    """The other readings, each taken by a named faulty implementation that the suite must reject."""


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
                Alternative(reading=other["reading"], fault=other["fault"]) for other in entry.get("alternatives", ())
            ),
        )
        for entry in tomllib.loads(text)["ruling"]
    )
    for ruling in rulings:
        if not RULING_ID.match(ruling.id):
            raise ValueError(
                f"ruling ID {ruling.id!r} of {game} is not of the form XX-R01 (the game's prefix, -R, two digits)"
            )
    return rulings
