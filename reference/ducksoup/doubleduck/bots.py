"""Bots that play Doubleduck from what one player may see, for simulations and as partners or opponents.

A bot gets its player's view (:meth:`ducksoup.doubleduck.engine.Deal.observation`, or a game's:
the own hand, the size of every hand, the trick on the table with its calls, the piles) and the
legal actions, and returns one of them. It is never given the deal itself: the other hands and
the order of the stock are hidden from it as from a player at the table, so the same bot can sit
behind any implementation that produces the conformance suite's views.

* ``random`` (:class:`ducksoup.bots.RandomBot`): any legal action, uniformly; the baseline every strategy must beat.
* ``strong`` (:class:`ducksoup.doubleduck.strong.StrongBot`): play-outs in worlds dealt from what it has seen,
  and the double-dummy solver in the last tricks of the Soup.
* ``greedy`` (:class:`GreedyBot`): judges each action by the trick it is likely to bring its side
  (who is winning the trick with that card, how sure that is with the players still to come, how
  many suits the trick holds), less what the card is worth keeping, and weighs each course's
  cards by what the side has in the other pile, since the score is their product.

Each draws only from its own ``random.Random(seed)``, so a simulation is reproducible. The table of the bots by
name is :data:`ducksoup.doubleduck.roster.BOTS`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ducksoup.bots import Bot as AnyBot
from ducksoup.bots import NoLegalAction
from ducksoup.bots import RandomBot as RandomBot
from ducksoup.bots import View as View
from ducksoup.doubleduck.engine import CALL_NAMES, DOUBLEDUCK, KEYS, NAMES, NONE, SUIT_BIT, SUITS_IN
from duckspec.doubleduck.actions import Play

Bot = AnyBot[Play]
"""A Doubleduck player: the family's :class:`ducksoup.bots.Bot` protocol over this game's actions."""

CARD_NUMBER = {name: number for number, name in enumerate(NAMES)}
CALL_NUMBER = {name: number for number, name in enumerate(CALL_NAMES)}
DUCK, SOUP = 0, 1


def cards_of(text: str) -> list[int]:
    """The engine's card numbers of cards in ``TC`` notation (``"9C4CAS"``)."""
    return [CARD_NUMBER[text[i : i + 2]] for i in range(0, len(text), 2)]


@dataclass(frozen=True)
class Seen:
    """The view, decoded once per decision."""

    me: int
    course: int
    hand: tuple[int, ...]
    table: tuple[int, ...]
    calls: tuple[int, ...]
    piles: tuple[tuple[int, int], tuple[int, int]]
    """``piles[0]`` my side's (Duck, Soup), ``piles[1]`` the other side's."""

    @classmethod
    def read(cls, view: View) -> Seen:
        me = int(view["player"])
        piles = view["piles"]
        mine, theirs = piles[me & 1], piles[1 - (me & 1)]
        return cls(
            me=me,
            course=DUCK if view["course"] == "duck" else SOUP,
            hand=tuple(cards_of(view["hand"])),
            table=tuple(cards_of(view["table"])),
            calls=tuple(CALL_NUMBER[name] for name in view["calls"]),
            piles=((int(mine[0]), int(mine[1])), (int(theirs[0]), int(theirs[1]))),
        )

    @property
    def leader(self) -> int:
        return (self.me - len(self.table)) & 3


def trick_leader(cards: Sequence[int], calls: Sequence[int], course: int) -> int:
    """The place in a (possibly unfinished) trick of the card taking it so far: doubleduck, last quack, best card."""
    if DOUBLEDUCK in calls:
        return calls.index(DOUBLEDUCK)
    quacked = [i for i, call in enumerate(calls) if call not in (NONE, DOUBLEDUCK)]
    if quacked:
        return quacked[-1]
    keys = KEYS[course][cards[0] // 13]
    best = 0
    for position, card in enumerate(cards):
        if keys[card] >= keys[cards[best]]:
            best = position
    return best


class GreedyBot:
    """Takes the action whose likely trick is worth most to its side, keeping strong cards and pairs otherwise."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Play]) -> Play:
        if not legal:
            raise NoLegalAction()
        return self.pick(Seen.read(view), legal)

    def pick(self, seen: Seen, legal: Sequence[Play]) -> Play:
        """The choice among ``legal`` (at least one) from a decoded view: the best value, ties broken at random."""
        scored = [(self.value(seen, action), self.rng.random(), index) for index, action in enumerate(legal)]
        return legal[max(scored)[2]]

    def weight(self, seen: Seen, side: int) -> float:
        """What one stored card of the current course is worth to a side (0 mine, 1 theirs): the score is a product."""
        if seen.course == DUCK:
            return 1.0
        return 0.3 + seen.piles[side][0] / 12  # a Soup card multiplies the side's Duck pile

    def value(self, seen: Seen, action: Play) -> float:
        card, call = action.card.index, CALL_NUMBER[action.call.value]
        cards, calls = (*seen.table, card), (*seen.calls, call)
        to_come = 4 - len(cards)
        position = trick_leader(cards, calls, seen.course)
        winner = (seen.leader + position) & 3
        suits = 0
        for played in cards:
            suits |= SUIT_BIT[played]
        stored = SUITS_IN[suits] + 0.6 * to_come * (4 - SUITS_IN[suits]) / 4
        sure = self.sureness(seen, cards, calls, position, to_come)
        ours = (winner & 1) == (seen.me & 1)
        stake = stored * (self.weight(seen, 0) if ours else -self.weight(seen, 1))
        return sure * stake - self.cost(seen, card, call)

    def sureness(self, seen: Seen, cards: Sequence[int], calls: Sequence[int], position: int, to_come: int) -> float:
        """How likely the card taking the trick now still takes it once the others have played."""
        if calls[position] == DOUBLEDUCK or to_come == 0:
            return 1.0
        if calls[position] != NONE:
            return 0.85**to_come
        key = KEYS[seen.course][cards[0] // 13][cards[position]]
        return (0.92 ** (13 - key)) ** to_come * 0.9**to_come

    def cost(self, seen: Seen, card: int, call: int) -> float:
        """What the card is worth keeping: its strength in both courses, and a copy or rank partner in hand."""
        strength = KEYS[seen.course][card // 13][card] / 13
        later = KEYS[SOUP][card // 13][card] / 13 if seen.course == DUCK else 0.0
        pairs = sum(1 for held in seen.hand if held % 13 == card % 13) - 1
        return 0.4 * strength + 0.2 * later + (0.25 * pairs if call == NONE else 0.0)
