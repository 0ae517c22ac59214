"""Rules §8 Notes and examples: the text's worked examples, played through the specification.

The notes make two points about calls, and the Score section gives one sum:

* a doubleduck always takes the trick, but the trick may be worth little: in a trick of four
  cards of one suit whose second card is the copy of the first, called "doubleduck", the winner
  stores one card (the suit symbols were lost from the text; hearts stand in for the suit);
* playing fourth to three jacks of three suits (the spade led) while holding the other spade and
  the diamond, a third quack with the diamond stores four cards, a doubleduck with the spade
  three;
* (Rules §6) piles of 14 and 19 cards score 266.

Each example sets up the position with :func:`~duckspec.doubleduck.dealing.arrange_deck`, plays
it with :func:`~duckspec.doubleduck.deal.apply`, and reports what the specification computed
beside what the text says. The tests run every one of them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from duckspec.cards import parse_card, parse_cards
from duckspec.doubleduck.actions import Call, Play
from duckspec.doubleduck.deal import DealState, apply, new_deal
from duckspec.doubleduck.dealing import arrange_deck
from duckspec.doubleduck.scoring import side_score
from duckspec.seats import side_of

DEALER = 3
"""Player 3 deals in the examples, so player 0 leads and plays first, then 1, 2 and 3."""


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


def position(hands: tuple[str, str, str, str]) -> DealState:
    """A fresh deal (player 3 dealing) in which each player holds at least the cards named (examples of §8)."""
    return new_deal(arrange_deck(DEALER, [parse_cards(hand.split()) for hand in hands]), DEALER)


def trick_outcome(state: DealState, plays: tuple[tuple[int, str, Call], ...]) -> str:
    """Play one trick from ``state`` and say who took it and how many cards the side stored (Rules §4, §8)."""
    before = state
    for player, card, call in plays:
        state = apply(state, Play(player, parse_card(card), call))
    winner = state.leader
    side = side_of(winner)
    stored = state.piles[side][0] - before.piles[side][0]
    return f"player {winner} takes the trick; side {side} stores {stored} card{'s' if stored != 1 else ''}"


def second_three_doubleducks() -> str:
    """§8: 3H led, the other 3H called "doubleduck", then 8H and 6H: the second 3 wins one card."""
    state = position(("3H", "3H", "8H", "6H"))
    return trick_outcome(
        state, ((0, "3H", Call.NONE), (1, "3H", Call.DOUBLEDUCK), (2, "8H", Call.NONE), (3, "6H", Call.NONE))
    )


JACKS = ("JS", "JH", "JC", "JS JD")
JACKS_SO_FAR = ((0, "JS", Call.NONE), (1, "JH", Call.QUACK), (2, "JC", Call.QUACK_QUACK))


def third_quack_with_the_diamond() -> str:
    """§8: JS led, JH and JC quacked; the fourth player's JD called "quack-quack-quack" wins four cards."""
    return trick_outcome(position(JACKS), (*JACKS_SO_FAR, (3, "JD", Call.QUACK_QUACK_QUACK)))


def doubleduck_with_the_spade() -> str:
    """§8: the same trick taken instead by the other JS called "doubleduck": three cards (no diamond)."""
    return trick_outcome(position(JACKS), (*JACKS_SO_FAR, (3, "JS", Call.DOUBLEDUCK)))


def fourteen_times_nineteen() -> str:
    """§6: one partner's pile of 14 Duck cards times the other's 19 Soup cards."""
    return str(side_score(14, 19))


WORKED_EXAMPLES = (
    WorkedExample(
        "dd §8",
        "A doubleduck on 3-3-8-6 of one suit wins one card",
        "player 1 takes the trick; side 1 stores 1 card",
        second_three_doubleducks,
    ),
    WorkedExample(
        "dd §8",
        "J-J-J: a third quack with the diamond stores 4",
        "player 3 takes the trick; side 1 stores 4 cards",
        third_quack_with_the_diamond,
    ),
    WorkedExample(
        "dd §8",
        "J-J-J: a doubleduck with the spade stores only 3",
        "player 3 takes the trick; side 1 stores 3 cards",
        doubleduck_with_the_spade,
    ),
    WorkedExample("dd §6", "14 Duck cards times 19 Soup cards", "266", fourteen_times_nineteen),
)
"""Every worked example of the Doubleduck text, in the order of the text's notes, then the Score section's."""
