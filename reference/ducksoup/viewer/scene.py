"""Scenes: what the viewer draws at one step, in words and card codes, for any game of the family.

A game tells the viewer how its states look through a :class:`Drawing` (its ``scenes`` module,
named by :attr:`ducksoup.games.GameReference.viewer`): the face of every card it uses, and a
function from a canonical state (or one player's view) to a scene. The viewer's code draws
scenes and knows nothing of any game. A scene is plain JSON:

``scene``
    ``chapter`` (the deal or round, ``"Deal 2"``), ``number`` (the same from 1; a change of number
    is a deal boundary), ``status`` (a line: the course, who is to act), ``seats`` (one per player,
    in seat order), ``middle`` (the zones between the seats: table, stock, pond), ``facts`` (about
    the whole table), ``tables`` (scores of the deals or rounds, totals), ``result`` (a line once
    the play is decided).
``seat``
    ``player``, ``name``, ``badges`` (short words: ``dealer``, ``to play``), ``zones``, ``facts``.
``zone``
    ``label``, ``cards`` (a card code is a card face up; a number ``n`` is ``n`` cards face down),
    optionally ``field`` (the state's field it shows, ``hands[0]``, so that a failure report can
    highlight it), ``hidden`` (shown face up here although the other players do not see it: the
    page marks it), ``pile`` (draw the face-down cards as one pile with their count),
    ``captions`` (a word under each card: who played it), ``note``.
``fact``
    ``label``, ``value`` (text), optionally ``field``.
``table``
    ``caption``, ``head``, ``rows`` (lists of text), optionally ``field``.

A card's *face* is ``rank`` (the corner text, ``10``), ``suit`` (the symbol or letter beside it,
``♥``), ``colour`` (one of :data:`COLOURS`; never the only cue, the suit says it too) and ``name``
(what a screen reader says, ``ten of hearts``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from duckspec.cards import Card, Rank, Suit, full_deck

JSON = dict[str, Any]
Face = dict[str, str]
Scene = JSON

COLOURS = ("red", "black", "yellow", "green", "blue", "purple", "rainbow")
"""The colours a card face may have; the style sheet draws each with enough contrast on white."""


@dataclass(frozen=True)
class Drawing:
    """How the viewer draws one game: its cards' faces and its states as scenes."""

    faces: Mapping[str, Face]
    """Every card code of the game and its face."""
    scene: Callable[[JSON, int | None, JSON | None, JSON | None], Scene]
    """The scene of (a canonical state, or the view of the seat given; that seat or None; the state or view of
    the step before, or None at the start; the action that led here, or None). The step before and the action
    let a game show what just happened (the trick just won) although the state no longer holds it."""
    unit: str = "deal"
    """What the game calls the part of play that a deck is dealt for: ``deal`` or ``round``."""


def split_cards(text: str) -> list[str]:
    """The two-character card codes of a string of cards (``"QS2D"`` -> ``["QS", "2D"]``)."""
    return [text[index : index + 2] for index in range(0, len(text), 2)]


def zone(
    label: str,
    cards: Sequence[str | int],
    *,
    field: str | None = None,
    hidden: bool = False,
    pile: bool = False,
    captions: Sequence[str] | None = None,
    note: str | None = None,
) -> JSON:
    """A zone of cards (see the module's description); empty options are left out."""
    found: JSON = {"label": label, "cards": list(cards)}
    if field is not None:
        found["field"] = field
    if hidden:
        found["hidden"] = True
    if pile:
        found["pile"] = True
    if captions is not None:
        found["captions"] = list(captions)
    if note:
        found["note"] = note
    return found


def fact(label: str, value: object, field: str | None = None) -> JSON:
    """A labelled value (points, tricks won); ``None`` shows as a dash."""
    found: JSON = {"label": label, "value": "–" if value is None else str(value)}
    if field is not None:
        found["field"] = field
    return found


def seat(player: int, name: str, zones: Sequence[JSON], facts: Sequence[JSON] = (), badges: Sequence[str] = ()) -> JSON:
    return {"player": player, "name": name, "badges": list(badges), "zones": list(zones), "facts": list(facts)}


def table(caption: str, head: Sequence[str], rows: Sequence[Sequence[object]], field: str | None = None) -> JSON:
    """A small table (scores by deal, totals); every cell becomes text."""
    found: JSON = {"caption": caption, "head": list(head), "rows": [[str(cell) for cell in row] for row in rows]}
    if field is not None:
        found["field"] = field
    return found


def scene(
    chapter: str,
    number: int,
    status: str,
    seats: Sequence[JSON],
    middle: Sequence[JSON],
    facts: Sequence[JSON] = (),
    tables: Sequence[JSON] = (),
    result: str | None = None,
) -> Scene:
    found: Scene = {
        "chapter": chapter,
        "number": number,
        "status": status,
        "seats": list(seats),
        "middle": list(middle),
        "facts": list(facts),
        "tables": list(tables),
    }
    if result:
        found["result"] = result
    return found


# The family's playing cards ------------------------------------------------------------------

SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
SUIT_NAMES = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}
RANK_NAMES = {
    Rank.ACE: "ace",
    Rank.TWO: "two",
    Rank.THREE: "three",
    Rank.FOUR: "four",
    Rank.FIVE: "five",
    Rank.SIX: "six",
    Rank.SEVEN: "seven",
    Rank.EIGHT: "eight",
    Rank.NINE: "nine",
    Rank.TEN: "ten",
    Rank.JACK: "jack",
    Rank.QUEEN: "queen",
    Rank.KING: "king",
}


def playing_card_face(card: Card) -> Face:
    """A card of the 52-card pack: ``10`` and ``♥``, red, "ten of hearts"."""
    return {
        "rank": "10" if card.rank is Rank.TEN else card.rank.letter,
        "suit": SUIT_SYMBOLS[card.suit],
        "colour": "red" if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else "black",
        "name": f"{RANK_NAMES[card.rank]} of {SUIT_NAMES[card.suit]}",
    }


PLAYING_CARD_FACES: Mapping[str, Face] = {str(card): playing_card_face(card) for card in full_deck()}
"""The faces of the 52 cards, for the games played with one or two standard packs."""


def words_of_count(count: int, thing: str = "card") -> str:
    """``1 card``, ``13 cards``, ``no card``."""
    if count == 0:
        return f"no {thing}"
    return f"{count} {thing}" + ("" if count == 1 else "s")


# The trick just played (the trick-taking games)


def trick_just_played(shown: JSON, previous: JSON | None, action: JSON | None) -> list[str] | None:
    """The cards of the trick (or tricks) that ``action`` finished, from the state (or view) ``previous`` before it:
    the table then and the card played. The state after it no longer holds them, so the scene shows them apart.
    None when the action finished no trick (or there is no step before)."""
    if previous is None or action is None or not previous["table"] or shown["table"]:
        return None
    return split_cards(previous["table"]) + ([action["play"]] if "play" in action else [])


def tricks_gained(shown: JSON, previous: JSON, owners: Sequence[int]) -> list[int] | None:
    """The tricks each of ``owners`` (players or sides: their index in the state's ``tricks``) won between
    ``previous`` and ``shown``; None when a new deal began between them (its tricks start again from none)."""
    if shown.get("deal") != previous.get("deal") or shown["dealer"] != previous["dealer"]:
        return None
    return [sum(shown["tricks"][owner]) - sum(previous["tricks"][owner]) for owner in owners]
