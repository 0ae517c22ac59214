"""Random single edits of a Doubleduck record, for the family's edit-sampling driver (``tests/record_edits.py``).

:func:`edit` changes one thing a player could get wrong when writing a record down: a card
(played or drawn), a call (added, dropped or miscounted), a score, or the turn (two plays of a
trick swapped, so that each is said to come from the other's seat). The driver then checks that
the edited record is either still a legal game or refused at the first line where the game
became impossible.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from ducksoup.doubleduck.record_grammar import CALLS, read_call, read_card
from ducksoup.records import STANDARD_CARDS

KINDS = ("card", "call", "score", "turn")
_TRICK_RE = re.compile(r"\s*\d+\.\s")
_SCORE_RE = re.compile(r"\s*(\d+)-(\d+)\s*$")
_ALL_CARDS = tuple(STANDARD_CARDS.name(index) for index in range(52))


@dataclass(frozen=True)
class Edit:
    """An edited record: its text, the line edited (from 1) and the kind of edit (one of :data:`KINDS`)."""

    text: str
    line: int
    kind: str


def edit(text: str, rng: random.Random) -> Edit | None:
    """One random edit of the record ``text`` (as ``write_record`` writes it: a trick to a line), of a kind chosen
    at random among those the record allows; None when it has nothing to edit (no trick, no score)."""
    lines = text.splitlines()
    tricks = [number for number, line in enumerate(lines) if _TRICK_RE.match(line)]
    scores = [number for number, line in enumerate(lines) if _SCORE_RE.match(line)]
    kinds = [kind for kind in KINDS if (scores if kind == "score" else tricks)]
    if not kinds:
        return None
    kind = rng.choice(kinds)
    number = rng.choice(scores if kind == "score" else tricks)
    changed = EDITS[kind](lines[number], rng)
    if changed is None or changed == lines[number]:
        return None
    lines[number] = changed
    return Edit("\n".join(lines) + "\n", number + 1, kind)


def _plays(words: list[str]) -> list[int]:
    """The indexes of the played cards among a trick line's words (not its number, calls or draws)."""
    return [i for i, word in enumerate(words) if read_card(word) is not None]


def _card(line: str, rng: random.Random) -> str | None:
    """Another card for one played or drawn card of the line."""
    words = line.split()
    places = _plays(words) + [i for i, word in enumerate(words) if word.startswith("+") and word != "+?"]
    if not places:
        return None
    i = rng.choice(places)
    drawn = words[i].startswith("+")
    old = words[i].lstrip("+")
    words[i] = ("+" if drawn else "") + rng.choice([card for card in _ALL_CARDS if card != old])
    return " ".join(words)


def _call(line: str, rng: random.Random) -> str | None:
    """One play's call added, dropped or changed to another."""
    words = line.split()
    plays = _plays(words)
    if not plays:
        return None
    i = rng.choice(plays)
    said = words[i + 1] if i + 1 < len(words) and read_call(words[i + 1]) else None
    choices = [call for call in ("", *CALLS) if call != (said or "")]
    new = rng.choice(choices)
    if said is not None:
        del words[i + 1]
    if new:
        words.insert(i + 1, new)
    return " ".join(words)


def _score(line: str, rng: random.Random) -> str | None:
    """One side's score changed by a little (a slip of the multiplication)."""
    match = _SCORE_RE.match(line)
    assert match is not None
    scores = [int(match.group(1)), int(match.group(2))]
    side = rng.randrange(2)
    scores[side] = max(0, scores[side] + rng.choice([-10, -1, 1, 10]))
    return f"{scores[0]}-{scores[1]}"


def _turn(line: str, rng: random.Random) -> str | None:
    """Two neighbouring plays of the trick swapped, each with its call."""
    words = line.split()
    plays = _plays(words)
    if len(plays) < 2:
        return None
    first = rng.randrange(len(plays) - 1)
    groups = []
    for k, start in enumerate(plays):
        end = (
            plays[k + 1]
            if k + 1 < len(plays)
            else start + 1 + (1 if start + 1 < len(words) and read_call(words[start + 1]) else 0)
        )
        groups.append(words[start:end])
    head, tail = words[: plays[0]], words[plays[-1] + len(groups[-1]) :]
    groups[first], groups[first + 1] = groups[first + 1], groups[first]
    return " ".join(head + [word for group in groups for word in group] + tail)


EDITS = {"card": _card, "call": _call, "score": _score, "turn": _turn}
