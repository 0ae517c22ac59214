"""The worked examples of the rule texts, played through the specification.

Each example sets up the position the text describes, plays it with :func:`deal.apply` (or
scores it with §8's functions) and reports what the specification says happened beside what
the text says. The tests and ``ducksoup examples`` run every one of them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from duckspec.cards import parse_card, parse_cards
from duckspec.duck_soup.actions import Play, SayDuck
from duckspec.duck_soup.cards import Course
from duckspec.duck_soup.deal import DealState, apply, new_deal
from duckspec.duck_soup.dealing import arrange_deck
from duckspec.duck_soup.quacking import Call
from duckspec.duck_soup.scoring import course_points, deal_score
from duckspec.duck_soup.tricks import Trick

ANNA, BEN = 0, 1
"""Anna leads first, so Ben deals."""


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
    return f"Anna {duck[ANNA]} point(s), Ben {duck[BEN]} point(s)"


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
    """§8 example: Duck 4+2 and 5+2 tricks, Soup 3+3 and 4+3; Anna 8 x 9, Ben 9 x 10."""
    anna = deal_score(course_points(_tricks(4, 2)), course_points(_tricks(3, 3)))
    ben = deal_score(course_points(_tricks(5, 2)), course_points(_tricks(4, 3)))
    return f"Anna {anna}, Ben {ben}"


def korean_score() -> str:
    """Korean text, Scoring: 5 points in phase 1 and 7 in phase 2 make 35."""
    return str(deal_score(5, 7))


WORKED_EXAMPLES = (
    WorkedExample(
        "en §4, de §4", "A lower club wins in the Duck", "Anna 0 point(s), Ben 1 point(s); Ben leads next", clubs_trick
    ),
    WorkedExample(
        "en §4, de §4", "A heart loses to the club led, face up", "Anna 2 point(s), Ben 0 point(s)", hearts_instead
    ),
    WorkedExample(
        "en §6, de §6",
        "Quack-quack with the jacks",
        "Anna wins JS JH for 2 and JC 9C for 1; Anna draws 2D 3D, Ben 4D 5D",
        jack_quack_quack,
    ),
    WorkedExample(
        "en §6, de §6", "A quack answered by duck", "Anna 0 point(s), Ben 2 point(s); Ben leads next", quack_then_duck
    ),
    WorkedExample("en §8, de §8", "Duck points times Soup points", "Anna 72, Ben 90", anna_and_ben_scores),
    WorkedExample("ko Scoring", "5 times 7", "35", korean_score),
)
"""Every worked example of the rule texts, in the order of the texts."""
