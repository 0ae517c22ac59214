"""Bots that play Aw Ducks! from what one player may see, for simulations and as sparring partners.

A bot gets its player's observation (:meth:`ducksoup.aw_ducks.engine.Round.observation`, or a
game's) and the legal actions, and returns one of them. It never sees the round itself: the
deck's order and the stash cards, hidden from every player (ruling AD-R17), are hidden from it,
so the same bot can sit behind any implementation that produces the conformance suite's views.

* ``random`` (:class:`ducksoup.bots.RandomBot`): any legal action, uniformly; the baseline.
* ``greedy`` (:class:`GreedyBot`): weighs what each action banks now (a Score, or a Quick Quack
  or a Secret Stash with the Score that follows it) against what waiting risks, with the odds of
  the unseen cards (those in no tableau, pond, discard pile or open score pile).
* ``strong`` (:class:`ducksoup.aw_ducks.strong.StrongBot`): every legal action (the greedy bot's best first), each
  played out to the end of the round in worlds sampled from the view, the best on average taken.

Each draws only from their own ``random.Random(seed)``, so a simulation is reproducible.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ducksoup.aw_ducks.engine import FULL, MATCH, NAMES, NUMBERS, VALUE, met_kinds
from ducksoup.bots import Bot as AnyBot
from ducksoup.bots import NoLegalAction
from ducksoup.bots import RandomBot as RandomBot
from ducksoup.bots import View as View
from duckspec.aw_ducks.actions import Action, Discard, Draw, Score

Bot = AnyBot[Action]
"""An Aw Ducks! player: the family's :class:`ducksoup.bots.Bot` protocol over this game's actions."""

CARD_NUMBER = {name: number for number, name in enumerate(NAMES)}
DUCK_POINTS = 5


def cards_of(text: str) -> list[int]:
    """The engine's card numbers of cards written together (``"3RDW"``)."""
    return [CARD_NUMBER[text[i : i + 2]] for i in range(0, len(text), 2)]


@dataclass(frozen=True)
class Seen:
    """The view, decoded once per decision: my tableau, the pond, the deck, the odds of an unseen card."""

    tableau: tuple[int, ...]
    pond: tuple[int, ...]
    """Ducks in the pond, by kind (red, yellow, green, blue, purple, rainbow)."""
    deck: int
    others: int
    """How many other players there are."""
    unseen: Counter[int]
    """The cards the player cannot place: the deck's and the stashes', by card number."""

    @classmethod
    def read(cls, view: View) -> Seen:
        me = view["player"]
        public: Counter[int] = Counter()
        for key in ("pond", "discards"):
            public.update(cards_of(view[key]))
        for group in ("tableaux", "scored"):
            for text in view[group]:
                public.update(cards_of(text))
        unseen = Counter(FULL)
        unseen.subtract(public)
        pond = [0] * 6
        for duck in cards_of(view["pond"]):
            pond[duck - NUMBERS] += 1
        return cls(
            tableau=tuple(cards_of(view["tableaux"][me])),
            pond=tuple(pond),
            deck=view["deck"],
            others=len(view["tableaux"]) - 1,
            unseen=+unseen,
        )

    @property
    def duck_odds(self) -> float:
        """The chance that an unseen card is a duck."""
        total = sum(self.unseen.values())
        return sum(n for c, n in self.unseen.items() if c >= NUMBERS) / total if total else 0.0

    @property
    def mean_number(self) -> float:
        """The mean value of an unseen number card."""
        numbers = [(c, n) for c, n in self.unseen.items() if c < NUMBERS]
        count = sum(n for _, n in numbers)
        return sum(VALUE[c] * n for c, n in numbers) / count if count else 3.5

    def loss_to_a_duck(self, tableau: Sequence[int]) -> float:
        """The points a duck drawn now is expected to knock out of ``tableau``."""
        ducks = [(c - NUMBERS, n) for c, n in self.unseen.items() if c >= NUMBERS]
        count = sum(n for _, n in ducks)
        if not count:
            return 0.0
        return sum(n * sum(VALUE[c] for c in tableau if MATCH[kind][c]) for kind, n in ducks) / count


def banked(tableau: Sequence[int], pond: Sequence[int]) -> int:
    """What a Score with ``tableau`` banks now: its values and 5 for each pond duck whose condition it meets."""
    met = met_kinds(list(tableau))
    return sum(VALUE[c] for c in tableau) + DUCK_POINTS * sum(n for kind, n in enumerate(pond) if met[kind])


class GreedyBot:
    """Banks points when enough is on offer; otherwise draws, or buys a safe draw with a low card.

    Every candidate is valued by the points it puts in the score pile this turn (expected values
    for unseen cards), less a wait penalty for a Draw that grows with what a duck could knock out
    of the tableau and with how few cards are left in the deck. Ties are broken at random.
    """

    name = "greedy"
    BANK_AT = 14
    """A plain Score of this many points or more is taken at once."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if not legal:
            raise NoLegalAction()
        if len(legal) == 1:
            return legal[0]
        seen = Seen.read(view)
        scored = [(self.value(seen, action), self.rng.random(), index) for index, action in enumerate(legal)]
        return legal[max(scored)[2]]

    def value(self, seen: Seen, action: Action) -> float:
        tableau = seen.tableau
        if isinstance(action, Score):
            now = banked(tableau, seen.pond)
            coloured = now - sum(VALUE[c] for c in tableau) - DUCK_POINTS * seen.pond[5]
            return now + (10 if coloured else 0) + (20 if seen.deck <= seen.others else 0) - self.BANK_AT
        if isinstance(action, Draw):
            risk = seen.duck_odds * seen.loss_to_a_duck(tableau)
            return (1 - seen.duck_odds) * seen.mean_number - 2 * risk - len(tableau) / 2
        assert isinstance(action, Discard)
        card = action.card.index
        rest = list(tableau)
        rest.remove(card)
        value = VALUE[card]
        if value <= 2:  # Safe Draw: two cards for a low one, no risk
            return 2 * (1 - seen.duck_odds) * seen.mean_number - value - len(tableau) / 2
        if value <= 4:  # Quick Quack: three cards, then bank
            gained = 3 * (1 - seen.duck_odds) * seen.mean_number - 3 * seen.duck_odds * seen.loss_to_a_duck(rest)
            return banked(rest, seen.pond) + gained - self.BANK_AT - 2
        stash = 2 * (seen.duck_odds * DUCK_POINTS + (1 - seen.duck_odds) * seen.mean_number)
        return banked(rest, seen.pond) + stash - value - self.BANK_AT + 4
