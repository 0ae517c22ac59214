"""The worked examples of the rule texts, played through the specification.

Each example sets up the position the text describes (:func:`arrange_deck` builds a deck order
that deals the cards it needs), plays it with :func:`deal.apply` (or scores it with §8's
functions) and reports what the specification says happened beside what the text says. The
tests and ``ducksoup examples`` run every one of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from duckspec.cards import Card, full_deck, parse_card, parse_cards
from duckspec.duck_soup.actions import Play, SayDuck
from duckspec.duck_soup.cards import HAND_SIZE, PLAYERS, Course
from duckspec.duck_soup.courses import course_points
from duckspec.duck_soup.deal import DealState, apply, new_deal
from duckspec.duck_soup.dealing import InvalidDeck, dealt_to
from duckspec.duck_soup.quacking import Call
from duckspec.duck_soup.scoring import deal_score
from duckspec.duck_soup.tricks import Trick

ANNA, BEN = 0, 1
"""Anna leads first, so Ben deals."""


def arrange_deck(
    dealer: int,
    hands: tuple[Sequence[Card], Sequence[Card]],
    stock_top: Sequence[Card] = (),
) -> tuple[Card, ...]:
    """A deck order dealing at least the given cards to each player, ``stock_top`` on the stock (§3; DS-R01).

    The inverse of :func:`~duckspec.duck_soup.dealing.deal_hands` and
    :func:`~duckspec.duck_soup.dealing.initial_stock`, for building the positions of examples
    and tests: the cards not named fill the remaining places in canonical order. Raises
    :class:`~duckspec.duck_soup.dealing.InvalidDeck` if a card is named twice or a hand has
    more than 13 cards.
    """
    named = [*hands[0], *hands[1], *stock_top]
    if len(set(named)) != len(named) or max(len(hands[0]), len(hands[1])) > HAND_SIZE:
        raise InvalidDeck("each card may be named once, and a hand holds at most 13 cards")
    spare = iter(card for card in full_deck() if card not in set(named))
    full_hands = [
        list(hands[player]) + [next(spare) for _ in range(HAND_SIZE - len(hands[player]))] for player in range(PLAYERS)
    ]
    deck: list[Card] = []
    taken = [0, 0]
    for position in range(PLAYERS * HAND_SIZE):
        player = dealt_to(position, dealer)
        deck.append(full_hands[player][taken[player]])
        taken[player] += 1
    return (*deck, *stock_top, *spare)


@dataclass(frozen=True)
class WorkedExample:
    """A worked example: where it comes from, what the text says, what the spec computes."""

    source: str
    title: str
    expected: str
    run: Callable[[], str]

    def check(self) -> tuple[bool, str]:
        """Run the example; whether the spec agrees with the text, and what it computed."""
        actual = self.run()
        return actual == self.expected, actual


def _deal(anna: str, ben: str, stock_top: str = "") -> DealState:
    hands = (parse_cards(anna.split()), parse_cards(ben.split()))
    return new_deal(arrange_deck(BEN, hands, parse_cards(stock_top.split())), dealer=BEN)


def _points(state: DealState) -> str:
    duck = state.points(Course.DUCK)
    return f"Anna {_plural(duck[ANNA], 'point')}, Ben {_plural(duck[BEN], 'point')}"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def clubs_trick() -> str:
    """§4 example: Anna leads 9C, Ben plays 4C in the Duck course."""
    state = _deal("9C", "4C 4H")
    state = apply(apply(state, Play(ANNA, parse_card("9C"))), Play(BEN, parse_card("4C")))
    return f"{_points(state)}; Ben leads next" if state.leader == BEN else _points(state)


def hearts_instead() -> str:
    """§4 example, second half: had Ben played 4H, Anna would win a face-up trick."""
    state = _deal("9C", "4C 4H")
    state = apply(apply(state, Play(ANNA, parse_card("9C"))), Play(BEN, parse_card("4H")))
    return _points(state)


def jack_quack_quack() -> str:
    """§6 example: JS led, JH quacked, JC quack-quacked, 9C played; both tricks to Anna."""
    state = _deal("JS JC", "JH 9C", stock_top="2D 3D 4D 5D JD")  # Ben holds no other jack
    for action in (
        Play(ANNA, parse_card("JS")),
        Play(BEN, parse_card("JH"), Call.QUACK),
        Play(ANNA, parse_card("JC"), Call.QUACK_QUACK),
        Play(BEN, parse_card("9C")),
    ):
        state = apply(state, action)
    tricks = " and ".join(f"{t.lead} {t.follow} for {t.points}" for t in state.duck_tricks[ANNA])
    return f"Anna wins {tricks}; Anna draws 2D 3D, Ben 4D 5D" if _drew(state) else f"Anna wins {tricks}"


def _drew(state: DealState) -> bool:
    return set(parse_cards(["2D", "3D"])) <= set(state.hands[ANNA]) and set(parse_cards(["4D", "5D"])) <= set(
        state.hands[BEN]
    )


def quack_then_duck() -> str:
    """§6: the leader answers a quack with "duck"; the quacker wins 2 points and leads."""
    state = _deal("8S", "8H")
    state = apply(
        apply(apply(state, Play(ANNA, parse_card("8S"))), Play(BEN, parse_card("8H"), Call.QUACK)), SayDuck(ANNA)
    )
    return f"{_points(state)}; Ben leads next" if state.leader == BEN else _points(state)


def _tricks(face_down: int, face_up: int) -> list[Trick]:
    down = Trick(parse_card("2C"), parse_card("3C"))
    up = Trick(parse_card("2C"), parse_card("3D"))
    return [down] * face_down + [up] * face_up


def anna_and_ben_scores() -> str:
    """§8 example: Duck 4+2 and 5+2 tricks, Soup 3+3 and 4+3; Anna scores 8 × 9, Ben 9 × 10."""
    anna = deal_score(course_points(_tricks(4, 2)), course_points(_tricks(3, 3)))
    ben = deal_score(course_points(_tricks(5, 2)), course_points(_tricks(4, 3)))
    return f"Anna {anna}, Ben {ben}"


def korean_score() -> str:
    """Korean text, Scoring: 5 points in phase 1 and 7 in phase 2 make 35."""
    return str(deal_score(5, 7))


WORKED_EXAMPLES = (
    WorkedExample(
        "en §4, de §4", "A lower club wins in the Duck", "Anna 0 points, Ben 1 point; Ben leads next", clubs_trick
    ),
    WorkedExample(
        "en §4, de §4", "A heart loses to the club led, face up", "Anna 2 points, Ben 0 points", hearts_instead
    ),
    WorkedExample(
        "en §6, de §6",
        "Quack-quack with the jacks",
        "Anna wins JS JH for 2 and JC 9C for 1; Anna draws 2D 3D, Ben 4D 5D",
        jack_quack_quack,
    ),
    WorkedExample(
        "en §6, de §6", "A quack answered by duck", "Anna 0 points, Ben 2 points; Ben leads next", quack_then_duck
    ),
    WorkedExample("en §8, de §8", "Duck points times Soup points", "Anna 72, Ben 90", anna_and_ben_scores),
    WorkedExample("ko Scoring", "5 times 7", "35", korean_score),
)
"""Every worked example of the rule texts, in the order of the texts."""
