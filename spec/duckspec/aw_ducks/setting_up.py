"""Rules §3 Setup: a shuffled deck and a start player chosen at random.

Both random choices are inputs here, never made by the specification: a round starts from a deck
order that the caller gives, listed top first (the first card is the first drawn), and from a
start player named by the caller. Every card starts in the deck; tableaux, score piles, the
Duck Pond and the discard pile start empty (§4). Two to four players take part: the text never
says so, but §2 suggests a target for two, three and four players and no other number (ruling
AD-R19).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from duckspec.aw_ducks.components import ALL_KINDS, DECK_SIZE, Card, copies, format_cards, full_deck
from duckspec.seats import left_of

PLAYER_COUNTS = (2, 3, 4)
"""The numbers of players the game is made for: those §2 suggests a target for (AD-R19)."""


class InvalidDeck(ValueError):
    """A deck order that is not exactly the 96 cards of the game."""


class InvalidSetup(ValueError):
    """A number of players or a start player that the game does not allow."""


def deck_problems(deck: Sequence[Card]) -> list[str]:
    """What is wrong with ``deck`` as the 96 cards of the game (§1, §3): empty when it is right.

    post: (len(__return__) == 0) == (sorted(deck) == list(full_deck()))
    """
    counts = Counter(deck)
    missing = [f"{copies(card) - counts[card]} x {card}" for card in ALL_KINDS if counts[card] < copies(card)]
    extra = [f"{counts[card] - copies(card)} x {card}" for card in ALL_KINDS if counts[card] > copies(card)]
    strangers = sorted({str(card) for card in counts if card not in ALL_KINDS})
    problems = []
    if missing:
        problems.append("missing " + ", ".join(missing))
    if extra:
        problems.append("too many " + ", ".join(extra))
    if strangers:
        problems.append("not cards of the game: " + ", ".join(strangers))
    return problems


def check_deck(deck: Sequence[Card]) -> None:
    """Raise :class:`InvalidDeck` unless ``deck`` holds each number card twice and each duck four times (§1, §3)."""
    problems = deck_problems(deck)
    if problems or len(deck) != DECK_SIZE:
        raise InvalidDeck(
            f"a deck lists the 96 cards (each number card twice, each duck four times), top first; "
            f"this one has {len(deck)} cards" + ("" if not problems else " (" + "; ".join(problems) + ")")
        )


def check_players(players: int, start: int) -> None:
    """Raise :class:`InvalidSetup` unless 2 to 4 players play, the counts §2 suggests a target for (AD-R19), and
    the start player is one of them."""
    if isinstance(players, bool) or players not in PLAYER_COUNTS:
        raise InvalidSetup(f"Aw Ducks! is played by 2, 3 or 4 players, not {players!r}")
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < players:
        raise InvalidSetup(f"the start player is a player number from 0 to {players - 1}, not {start!r}")


def arrange_deck(top: Sequence[Card]) -> tuple[Card, ...]:
    """A deck order with ``top`` on top, in that order, and the other cards under it in canonical order (§3).

    For building positions in examples and tests. Raises :class:`InvalidDeck` if ``top`` names a
    card more often than the deck holds it.

    post: __return__[: len(top)] == tuple(top) and sorted(__return__) == list(full_deck())
    """
    left = Counter(full_deck())
    left.subtract(top)
    if any(count < 0 for count in left.values()):
        raise InvalidDeck(f"the top of the deck {format_cards(top)} names a card more often than the deck holds it")
    rest = []
    for card in full_deck():
        if left[card] > 0:
            left[card] -= 1
            rest.append(card)
    return (*top, *rest)


def next_start_player(start: int, players: int) -> int:
    """Who starts the next round of a game: the player to the left of this round's start player (§3; AD-R14).

    pre: 2 <= players <= 4 and 0 <= start < players
    post: __return__ == (start + 1) % players
    """
    return left_of(start, players)
