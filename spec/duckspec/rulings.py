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
    the conformance suite must reject it, which is how the suite is known to pin the ruling.
    """

    reading: str
    fault: str


@dataclass(frozen=True)
class Inexpressible:
    """Another reading that no trace can show, and why (a register's ``inexpressible`` list).

    A call withdrawn after its card is down cannot be sent over the adapter protocol, whose action is a
    card with its call; so no faulty implementation can play the reading and no trace can reject it.
    """

    reading: str
    reason: str


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
    inexpressible: tuple[Inexpressible, ...] = ()


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
                Alternative(reading=alternative["reading"], fault=alternative["fault"])
                for alternative in entry.get("alternatives", [])
            ),
            inexpressible=tuple(
                Inexpressible(reading=other["reading"], reason=other["reason"])
                for other in entry.get("inexpressible", [])
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
