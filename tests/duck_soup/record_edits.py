"""Random single edits of a full Duck Soup record, for the shared edit sampling (:mod:`tests.record_edits`).

A record as ``ducksoup record from-trace`` writes it: tag pairs, ``Deal N`` lines, hand lines
(``Player 0: ...``), the first face-up card (``^8D``), one trick to a line (``3. TD TS quack duck
+9C +JS ^QC``) and the deal's scores (``208-99``). One edit changes one line:

* ``card``: a card of a hand, a play, a draw or a face-up card becomes another card of the pack;
* ``call``: a call (``quack``, ``quack-quack``, ``duck-soup``) or the answer ``duck`` is left out, or
  one is added after a card, or a call becomes another;
* ``score``: one of the two scores of a deal changes by a few points;
* ``turn``: two moves of a trick change places (the order of play, and so who played what).
"""

from __future__ import annotations

import random
import re

from tests.record_edits import Edit

RANKS = "A23456789TJQK"
SUITS = "CDHS"
CALLS = ("quack", "quack-quack", "duck-soup")
DUCK = "duck"
TRICK = re.compile(r"\d+\.")
SCORE = re.compile(r"(\d+)-(\d+)")
CARD = re.compile(r"[+^]?[A2-9TJQK][CDHS]")
KINDS = ("card", "call", "score", "turn")


def edit(text: str, rng: random.Random) -> Edit | None:
    """One random edit of ``text`` (a full Duck Soup record), of a kind chosen at random; None when the record has
    no line that kind of edit can change."""
    lines = text.split("\n")
    kind = rng.choice(KINDS)
    changed = {"card": _card, "call": _call, "score": _score, "turn": _turn}[kind](lines, rng)
    if changed is None:
        return None
    number, line = changed
    return Edit("\n".join(lines[:number] + [line] + lines[number + 1 :]), number + 1, kind)


def _card(lines: list[str], rng: random.Random) -> tuple[int, str] | None:
    """A card of some line (a hand, a trick, a face-up card) replaced by another card of the pack."""
    places = [
        (number, index)
        for number, line in enumerate(lines)
        if not line.startswith(("[", "Deal"))
        for index, word in enumerate(line.split(" "))
        if CARD.fullmatch(word)
    ]
    if not places:
        return None
    number, index = rng.choice(places)
    words = lines[number].split(" ")
    old = words[index]
    others = [rank + suit for rank in RANKS for suit in SUITS if rank + suit != old[-2:]]
    words[index] = old[:-2] + rng.choice(others)
    return number, " ".join(words)


def _trick_lines(lines: list[str]) -> list[int]:
    return [number for number, line in enumerate(lines) if TRICK.fullmatch(line.split(" ")[0])]


def _moves(line: str) -> tuple[str, list[list[str]], list[str]]:
    """A trick line as its number, its moves (a card and its call, or the answer duck) and the rest (draws, ^)."""
    number, *words = line.split(" ")
    moves: list[list[str]] = []
    rest: list[str] = []
    for word in words:
        if word.startswith(("+", "^")):
            rest.append(word)
        elif word in CALLS and moves:
            moves[-1].append(word)
        else:
            moves.append([word])
    return number, moves, rest


def _joined(number: str, moves: list[list[str]], rest: list[str]) -> str:
    return " ".join([number, *(word for move in moves for word in move), *rest])


def _call(lines: list[str], rng: random.Random) -> tuple[int, str] | None:
    """A call or the answer duck left out, added, or changed, in one trick."""
    tricks = _trick_lines(lines)
    if not tricks:
        return None
    number = rng.choice(tricks)
    label, moves, rest = _moves(lines[number])
    index = rng.randrange(len(moves))
    move = moves[index]
    if move == [DUCK]:
        del moves[index]
    elif len(move) == 2 and rng.random() < 0.5:
        del move[1]
    elif len(move) == 2:
        move[1] = rng.choice([call for call in CALLS if call != move[1]])
    elif rng.random() < 0.2:
        moves.insert(index + 1, [DUCK])
    else:
        move.append(rng.choice(CALLS))
    return number, _joined(label, moves, rest)


def _score(lines: list[str], rng: random.Random) -> tuple[int, str] | None:
    """One of a deal's two scores changed by 1 to 20 points (never below 0)."""
    scores = [number for number, line in enumerate(lines) if SCORE.fullmatch(line)]
    if not scores:
        return None
    number = rng.choice(scores)
    match = SCORE.fullmatch(lines[number])
    assert match is not None
    values = [int(match.group(1)), int(match.group(2))]
    which, change = rng.randrange(2), rng.randint(1, 20)
    lower = values[which] >= change and rng.random() < 0.5
    values[which] += -change if lower else change
    return number, f"{values[0]}-{values[1]}"


def _turn(lines: list[str], rng: random.Random) -> tuple[int, str] | None:
    """Two neighbouring moves of a trick change places."""
    tricks = [number for number in _trick_lines(lines) if len(_moves(lines[number])[1]) >= 2]
    if not tricks:
        return None
    number = rng.choice(tricks)
    label, moves, rest = _moves(lines[number])
    index = rng.randrange(len(moves) - 1)
    moves[index], moves[index + 1] = moves[index + 1], moves[index]
    return number, _joined(label, moves, rest)
