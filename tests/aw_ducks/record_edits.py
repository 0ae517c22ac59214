"""Single random edits of an Aw Ducks! record, for the family's edit-sampling tests.

:func:`edit` changes one thing of a record as :func:`ducksoup.aw_ducks.record.write_record` writes it (one turn to
a line, ``12. Ben: draw 5red``; a round's scores alone on a line): a card (one a turn took, the card discarded, a
duck a Score took), a benefit (Aw Ducks!'s calls), a score (a round's score, or the ducks of a Score), or a turn
(the bodies of two neighbouring turn lines swapped, the players and numbers left where they were). Each edit keeps to
the record's notation, so that the edited record is either still a legal game or breaks a rule (never a mistake
of form): a discarded card stays a number card, a Score's duck stays a duck, a stash card nobody saw stays ``?``.
"""

from __future__ import annotations

import itertools
import random
import re
from dataclasses import dataclass

from ducksoup.aw_ducks.record_grammar import BENEFITS, DUCK_COLOURS, NUMBER_COLOURS

KINDS = ("card", "call", "score", "turn")
"""The kinds of edit, as the shared driver names them; Aw Ducks!'s "call" is a Discard's benefit."""
TURN_LINE = re.compile(r"(\d+\. [^:]+: )(\S+)(.*)")
SCORES_LINE = re.compile(r"\d+(?:-\d+)+")
NUMBERS = tuple(f"{value}{colour}" for colour in NUMBER_COLOURS for value in range(1, 7))
DUCKS = tuple(f"{colour}-duck" for colour in DUCK_COLOURS)


@dataclass(frozen=True)
class Edit:
    """An edited record: its text, the line edited (from 1), and the kind of edit (one of :data:`KINDS`)."""

    text: str
    line: int
    kind: str


def edit(text: str, rng: random.Random) -> Edit | None:
    """One random edit of the record ``text``, of a kind chosen by ``rng``; None when the record has no place for
    that kind (no Discard for a benefit, say)."""
    kind = rng.choice(KINDS)
    lines = text.split("\n")
    made = {"card": _card, "call": _benefit, "score": _score, "turn": _turn}[kind](lines, rng)
    if made is None:
        return None
    number, changed = made
    return Edit("\n".join(changed), number + 1, kind)


def _turns(lines: list[str]) -> list[tuple[int, re.Match[str]]]:
    return [(number, match) for number, line in enumerate(lines) if (match := TURN_LINE.fullmatch(line))]


def _replaced(lines: list[str], number: int, line: str) -> tuple[int, list[str]]:
    return number, [*lines[:number], line, *lines[number + 1 :]]


def _card(lines: list[str], rng: random.Random) -> tuple[int, list[str]] | None:
    """Another card in place of one a turn names: a number for a number discarded, a duck for a Score's duck."""
    places = [
        (number, match, index)
        for number, match in _turns(lines)
        for index, word in enumerate(match.group(3).split())
        if word not in BENEFITS and word != "?"
    ]
    if not places:
        return None
    number, match, index = rng.choice(places)
    words = match.group(3).split()
    action = match.group(2)
    if action == "discard" and index == 0:
        pool = NUMBERS
    elif action == "score":
        pool = DUCKS
    else:
        pool = NUMBERS + DUCKS
    words[index] = rng.choice([card for card in pool if card != words[index]])
    return _replaced(lines, number, f"{match.group(1)}{action} {' '.join(words)}")


def _benefit(lines: list[str], rng: random.Random) -> tuple[int, list[str]] | None:
    """Another benefit after a Discard's card."""
    places = [(number, match) for number, match in _turns(lines) if match.group(2) == "discard"]
    if not places:
        return None
    number, match = rng.choice(places)
    words = match.group(3).split()
    words[1] = rng.choice([benefit for benefit in BENEFITS if benefit != words[1]])
    return _replaced(lines, number, f"{match.group(1)}discard {' '.join(words)}")


def _score(lines: list[str], rng: random.Random) -> tuple[int, list[str]] | None:
    """A round's score changed by a few points, or a duck added to or taken from a Score."""
    scores = [number for number, line in enumerate(lines) if SCORES_LINE.fullmatch(line)]
    ducks = [(number, match) for number, match in _turns(lines) if match.group(2) == "score"]
    if scores and (not ducks or rng.random() < 0.5):
        number = rng.choice(scores)
        parts = [int(part) for part in lines[number].split("-")]
        which = rng.randrange(len(parts))
        parts[which] = max(0, parts[which] + rng.choice([-5, -2, -1, 1, 2, 5]))
        changed = "-".join(map(str, parts))
        return None if changed == lines[number] else _replaced(lines, number, changed)
    if not ducks:
        return None
    number, match = rng.choice(ducks)
    words = match.group(3).split()
    if words and words != ["?"] and rng.random() < 0.5:
        words.pop(rng.randrange(len(words)))
    elif words != ["?"]:
        words.insert(rng.randrange(len(words) + 1), rng.choice(DUCKS))
    else:
        return None
    return _replaced(lines, number, f"{match.group(1)}score {' '.join(words)}".rstrip())


def _turn(lines: list[str], rng: random.Random) -> tuple[int, list[str]] | None:
    """The bodies of two neighbouring turn lines of a round swapped (each line keeps its number and player)."""
    turns = _turns(lines)
    pairs = [
        (first, second)
        for (first, second) in itertools.pairwise(turns)
        if second[0] == first[0] + 1 and first[1].group(2, 3) != second[1].group(2, 3)
    ]
    if not pairs:
        return None
    (number, first), (_, second) = rng.choice(pairs)
    changed = list(lines)
    changed[number] = first.group(1) + second.group(2) + second.group(3)
    changed[number + 1] = second.group(1) + first.group(2) + first.group(3)
    return number, changed
