"""What ``ducksoup replay`` and ``explain`` ask of a game's narrator, and what a game file gives it.

A narrator plays a trace on the game's specification and tells each step with the rule behind
it. What the rules say decides: a conformance trace's stored states are claims, and with
``check`` the first one the rules contradict stops the telling. Each game has its own narrator
(Duck Soup's is ``ducksoup.duck_soup.narrate``); ``ducksoup.telling`` drives it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from duckcheck import strict
from duckcheck.strict import typed
from duckcheck.untrusted import shown

JSON = dict[str, Any]


class NarrationStopped(Exception):
    """A step the rules forbid, though the trace says it is accepted."""


@dataclass(frozen=True)
class Told:
    """One step told: its number (0 for the first deal), its lines, and why the narration stops there, if it does."""

    number: int
    lines: list[str]
    stop: str | None = None


@dataclass(frozen=True)
class Loaded:
    """What a game file holds, ready to tell: a trace, and what a hand-written record adds to it."""

    trace: JSON
    is_record: bool = False
    names: tuple[str, ...] | None = None
    """The players' names, from a record; "player 0", "player 1" ... without them."""
    inferred: frozenset[tuple[int, str]] = frozenset()
    """The cards whose place a record does not give: (deal, from 1; the card)."""
    stopped: str | None = None
    """Why a record could be told only up to a point: the rule it breaks there, with its line and column."""


class Narrator(Protocol):
    """Tells one trace step by step."""

    check: bool
    """Whether the trace's stored states and outcome are compared with the rules' (a trace, not a record)."""

    def steps(self) -> Iterator[Told]:
        """Each step told, in order; raises :class:`NarrationStopped` at a step the rules forbid."""
        ...

    def position(self) -> list[str]:
        """The position now, as lines (hands, table, stock, points), seen as the narrator's player if any."""
        ...

    def legal_lines(self) -> list[str]:
        """Every legal action now, described ("could I have quacked here?"); told to one player while another is
        to act, only whose turn it is (:func:`turn_of_another`)."""
        ...

    def between_tricks(self) -> bool:
        """Whether the last step told finished a trick (or its game's unit of play): ``replay`` shows the position."""
        ...

    def final_disagreement(self) -> str | None:
        """Where the trace's ``final`` outcome disagrees with the rules' (once every step is told), or None."""
        ...


def turn_of_another(who: str, held: str) -> list[str]:
    """What ``--at N --as P`` says instead of the legal actions when ``who`` (not P) is to act: their legal actions
    would show what P cannot see (their hand), so only whose turn it is and what they hold (``held``: ``13 cards``).
    """
    return [f"  it is {who}'s turn, holding {held}: only your own choices are listed"]


def count(number: int, noun: str) -> str:
    """``1 card``, ``13 cards``."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


# Comparing a trace's claims with the rules (for every game's narrator)

SHOWN = 5
"""How many differences a disagreement names before it says how many more there are."""


def differences(stored: Any, rules: Any, path: str, field_sections: Mapping[str, str]) -> list[str]:
    """Every place where the trace's ``stored`` JSON value differs from the ``rules``' value, compared strictly
    (:mod:`duckcheck.strict`: JSON's ``true`` is not ``1``), in the rules' field order, each with the section
    that governs its field (``field_sections``: a game's ``GameSuite.field_sections``).

    ``path`` names the value compared (``state``, ``final``): a difference reads
    ``state.piles[0][1] (§4): the trace says integer 7, the rules give integer 6``.
    """
    return [_told(found, field_sections) for found in strict.differences(rules, stored, path)]


def _told(found: strict.Difference, field_sections: Mapping[str, str]) -> str:
    where = found.path
    if found.kind is strict.Kind.MISSING:
        section = _section(where, field_sections)
        return f"{where}{section} is missing from the trace (the rules give {typed(found.expected)})"
    if found.kind is strict.Kind.UNEXPECTED:
        return f"{shown(where, 80)} is unknown to the rules (the trace gives {typed(found.received)})"
    return (
        f"{where}{_section(where, field_sections)}: the trace says {typed(found.received)}, "
        f"the rules give {typed(found.expected)}"
    )


def disagreement(where: str, found: Sequence[str]) -> str | None:
    """Why the telling stops at ``where`` (``step 4``, ``the outcome``) given the ``found`` differences, or None."""
    if not found:
        return None
    more = f" (and {len(found) - SHOWN} more)" if len(found) > SHOWN else ""
    return f"{where}: the trace disagrees with the rules: " + "; ".join(found[:SHOWN]) + more


def _section(path: str, field_sections: Mapping[str, str]) -> str:
    """`` (§n)``: the section of the innermost field of ``path`` that has one (of ``final.result.game_points``,
    ``result``'s)."""
    for key in reversed(re.findall(r"\.(\w+)", path)):
        if key in field_sections:
            return f" ({field_sections[key]})"
    return ""
