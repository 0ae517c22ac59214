"""How the trick-taking games (Duck Soup, Doubleduck) must show a hand: by suit, the Ace low in the Duck
and high in the Soup, as each course ranks it; for the tests of ``play`` and of the viewer."""

from __future__ import annotations

SUIT_ORDER = "CDHS"
RANKS_BY_COURSE = {"duck": "A23456789TJQK", "soup": "23456789TJQKA"}


def in_course_order(cards: list[str], course: str) -> bool:
    """Whether ``cards`` (``TC`` codes) are sorted by suit, then by rank with the Ace low in the Duck, high in
    the Soup."""
    ranks = RANKS_BY_COURSE[course]
    places = [(SUIT_ORDER.index(card[1]), ranks.index(card[0])) for card in cards]
    return places == sorted(places)


def ace_beside_its_suit(cards: list[str]) -> bool:
    """Whether an Ace shares its suit with another card (so that where the Ace goes is tested)."""
    return any(card[0] == "A" and sum(other[1] == card[1] for other in cards) > 1 for card in cards)


def hands_told(transcript: str) -> list[tuple[str, list[str]]]:
    """Each ``your hand:`` line of a plain transcript, with the course it was shown in."""
    course, hands = "duck", []
    for line in transcript.splitlines():
        if line.startswith("deal "):
            course = "duck"
        elif "the Soup course begins" in line:
            course = "soup"
        elif line.startswith("your hand: "):
            hands.append((course, line.removeprefix("your hand: ").split()))
    return hands
