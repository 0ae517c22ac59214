"""The double-dummy value of a Doubleduck Soup position: every hand visible, perfect play by all four.

Once the stock is gone nothing is drawn and no card changes hands, so with every hand shown the Soup is a game of
perfect information. It is **double dummy**, as bridge analysis calls it: at the table no one knows how the other
three hands are split, so these values are what players who could place every card would get.

**The objective.** Each side maximises its own deal score minus the other side's. The Duck piles ``D0`` and ``D1``
are fixed by the time the Soup starts, and a side's deal score is its Duck pile times its Soup pile, so each Soup
card a side stores is worth its own Duck pile: the deal score difference of side 0 is ``D0 * S0 - D1 * S1``, a sum
over the tricks (a trick of ``n`` suits adds ``n * D0`` when side 0 takes it, takes away ``n * D1`` otherwise). A
value here is that difference at the end of the deal, points already stored included, from the view of the side
named (by default the side to act).

**Every call is a choice.** A card of the rank led may be played silently or quack; the twin of the card led may
also call "doubleduck". Nobody has to follow suit, so the tree holds about ``(k!)^4`` plays for ``k`` cards each
before the calls: 1,296 at 3, 331,776 at 4, some 2 x 10^10 at 5.

**The search.** Alpha-beta over whole tricks, driven by MTD(f) (null-window probes sharing one transposition
table keyed on the hands and the leader, at each trick's start). Two things keep it small:

* *Equivalent cards are tried once.* Two cards of one hand in one suit are equivalent when no other card still in
  play (in another hand, or on the table) lies between them and neither can take part in a quack (no other hand
  and no card on the table holds their rank): they stand in the same order against every other card for the rest
  of the deal.
* *Likely plays first.* The lead found best before; then, for each player, the plays that take the trick for the
  side, the cheapest first, then the cheapest losing cards.

**The budget.** A search counts the cards it plays (its *nodes*); one beyond its budget stops it with
:class:`BudgetExceeded`, a one-line message saying what was refused, so a caller gets the same answer, or the same
refusal, on any machine.

>>> from ducksoup.doubleduck.engine import card_number
>>> hands = [[card_number(text) for text in hand.split()] for hand in ("AS 2H", "KS 3H", "QS 4H", "JS 5H")]
>>> position = SoupPosition.start(hands, leader=0, duck=(5, 4))
>>> Solver().result(position)  # each side takes a trick of two suits: 5 x 2 - 4 x 2
2
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from math import gcd
from typing import NamedTuple

from ducksoup.doubleduck.engine import DOUBLEDUCK, KEYS, NAMES, NONE, PLAYS, SOUP, SUIT_BIT, SUITS_IN, Deal
from duckspec.doubleduck.actions import Play

SOUP_KEYS = KEYS[SOUP]
"""``SOUP_KEYS[suit led][card]``: how good a card is at taking a Soup trick of that suit (0 off the suit)."""
STRENGTH = tuple(card % 13 or 13 for card in range(52))
"""A card's place in its suit in the Soup: 1 for the 2 up to 13 for the Ace."""
RANK = tuple(card % 13 for card in range(52))
SUIT = tuple(card // 13 for card in range(52))
INFINITY = 1 << 40
DEFAULT_BUDGET = 1_000_000
"""The nodes one call of the solver may play by default: enough for any position of 5 cards each measured (at most
about 100,000 nodes) and most of 6 (a median of some 200,000), far too few for 13 (:class:`BudgetExceeded`, after
some 15 to 25 s of processor time here)."""
Hands = tuple[tuple[int, ...], ...]


class BudgetExceeded(ValueError):
    """A search needed more nodes than its budget allows; the message says what was refused and why."""


class PositionError(ValueError):
    """Something that is not a Soup position waiting for a card."""


def trick_winner(leader: int, cards: Sequence[int], calls: Sequence[int]) -> int:
    """The seat taking a finished Soup trick: a doubleduck, else the last quack, else the best card of the suit led
    (the later of two equal cards)."""
    best, best_key, quacked = 0, -1, -1
    keys = SOUP_KEYS[SUIT[cards[0]]]
    for place, (card, call) in enumerate(zip(cards, calls, strict=True)):
        if call == DOUBLEDUCK:
            return (leader + place) & 3
        if call:
            quacked = place
        if keys[card] >= best_key:
            best, best_key = place, keys[card]
    return (leader + (quacked if quacked >= 0 else best)) & 3


def suits_in(cards: Iterable[int]) -> int:
    """The cards a trick stores: one per suit in it."""
    mask = 0
    for card in cards:
        mask |= SUIT_BIT[card]
    return SUITS_IN[mask]


ORDER = tuple(SUIT[card] * 16 + STRENGTH[card] for card in range(52))
"""A card's place among all cards, suit by suit, weakest first in the Soup: ``ORDER[card] >> 4`` is its suit."""


def choices(hand: Sequence[int], others: Sequence[int], cards: Sequence[int]) -> list[tuple[int, int]]:
    """The plays worth trying from ``hand`` with ``cards`` on the table: one card of each class of equivalent
    cards, with each call it may make, as ``(card, call)`` in the engine's order.

    ``others`` are the cards in the other hands and on the table: a card of ``hand`` whose rank is among them is a
    class of its own (it may quack or be quacked); two other cards of ``hand`` of one suit with no card of ``others``
    between them are equivalent.
    """
    live = {RANK[card] for card in others}
    taken = [ORDER[card] for card in others]
    kept: list[int] = []
    last = -1  # the place of the last card of the class being built
    for card in sorted(set(hand), key=ORDER.__getitem__):
        order = ORDER[card]
        if RANK[card] in live:
            kept.append(card)
            last = -1
        elif last >= 0 and last >> 4 == order >> 4 and not any(last < other < order for other in taken):
            last = order  # equivalent to the card kept: the next one is compared from here
        else:
            kept.append(card)
            last = order
    plays: list[tuple[int, int]] = []
    led = cards[0] if cards else -1
    matches = sum(1 for card in cards[1:] if RANK[card] == RANK[led])
    for card in sorted(kept):
        plays.append((card, NONE))
        if cards and RANK[card] == RANK[led]:
            plays.append((card, matches + 1))
            if card == led:
                plays.append((card, DOUBLEDUCK))
    return plays


class _OutOfBudget(Exception):
    """The search played more cards than it may; the solver says what was refused (:class:`BudgetExceeded`)."""


class Search:
    """The search over Soups with one pair of Duck piles: a table shared by every probe and every position with
    those piles, so that valuing a deal's positions one after another reuses the work.

    Values inside are side 0's weighted Soup cards still to come, in units of the piles' greatest common divisor.
    """

    def __init__(self, duck: tuple[int, int]) -> None:
        self.duck = duck
        self.scale = gcd(duck[0], duck[1]) or 1
        weights = (duck[0] // self.scale, duck[1] // self.scale)
        self.gains = (tuple(weights[0] * n for n in range(5)), tuple(-weights[1] * n for n in range(5)))
        """``gains[side][n]``: what a trick of ``n`` suits taken by ``side`` is worth to side 0."""
        self.table: dict[tuple[Hands, int], tuple[int, int, int]] = {}
        """By hands and leader at a trick's start: a lower and an upper bound of the value, and the best lead found."""
        self.nodes = 0
        self.limit = INFINITY

    def allow(self, budget: int | None) -> None:
        """Let the search play ``budget`` more cards (None: no limit)."""
        self.limit = INFINITY if budget is None else self.nodes + budget

    def mtd(self, probe: Callable[[int, int], int], guess: int) -> int:
        """The exact value from null-window probes (MTD(f)), starting from ``guess``."""
        value, lower, upper = guess, -INFINITY, INFINITY
        while lower < upper:
            beta = value + 1 if value == lower else value
            value = probe(beta - 1, beta)
            if value < beta:
                upper = value
            else:
                lower = value
        return value

    def lead(self, hands: Hands, leader: int, alpha: int, beta: int) -> int:
        """The value of the rest from the start of a trick that ``leader`` leads (fail-soft alpha-beta)."""
        key = (hands, leader)
        entry = self.table.get(key)
        first = -1
        lower, upper = -INFINITY, INFINITY
        if entry is not None:
            lower, upper, first = entry
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            alpha, beta = max(alpha, lower), min(beta, upper)
        others = [card for seat in range(4) if seat != leader for card in hands[seat]]
        leads = sorted((card for card, _ in choices(hands[leader], others, ())), key=lambda card: -STRENGTH[card])
        if first in leads:
            leads.remove(first)
            leads.insert(0, first)
        maximising = not leader & 1
        value, best = (-INFINITY if maximising else INFINITY), leads[0]
        hand = hands[leader]
        for card in leads:
            index = hand.index(card)
            after = (*hands[:leader], hand[:index] + hand[index + 1 :], *hands[leader + 1 :])
            keys = SOUP_KEYS[SUIT[card]]
            trick = Trick((card,), keys, leader, keys[card], -1, False, SUIT_BIT[card], 0)
            found = self.follow(after, leader, trick, alpha, beta)
            if (found > value) if maximising else (found < value):
                value, best = found, card
                if maximising:
                    if value >= beta:
                        break
                    alpha = max(alpha, value)
                else:
                    if value <= alpha:
                        break
                    beta = min(beta, value)
        if value <= alpha:
            upper = value
        elif value >= beta:
            lower = value
        else:
            lower = upper = value
        self.table[key] = (lower, upper, best)
        return value

    def follow(self, hands: Hands, leader: int, trick: Trick, alpha: int, beta: int) -> int:
        """The value once the cards of ``trick`` are on the table and the next player is to play to it."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise _OutOfBudget
        cards = trick.cards
        player = (leader + len(cards)) & 3
        side = player & 1
        hand = hands[player]
        others = [card for seat in range(4) if seat != player for card in hands[seat]]
        others.extend(cards)
        options = []
        for card, call in choices(hand, others, cards):
            after = trick.add(player, card, call)
            winner = after.call_seat if after.call_seat >= 0 else after.best_seat
            options.append((winner & 1 != side, STRENGTH[card], card, after, winner))
        options.sort(key=lambda option: option[:2])
        maximising = not side
        value = -INFINITY if maximising else INFINITY
        last = len(cards) == 3
        gains = self.gains
        for _, _, card, after, winner in options:
            index = hand.index(card)
            rest = (*hands[:player], hand[:index] + hand[index + 1 :], *hands[player + 1 :])
            if not last:
                found = self.follow(rest, leader, after, alpha, beta)
            else:
                gain = gains[winner & 1][SUITS_IN[after.suits]]
                found = gain + self.lead(rest, winner, alpha - gain, beta - gain) if rest[winner] else gain
            if maximising:
                if found > value:
                    value = found
                    if value >= beta:
                        return value
                    alpha = max(alpha, value)
            elif found < value:
                value = found
                if value <= alpha:
                    return value
                beta = min(beta, value)
        return value


class Trick(NamedTuple):
    """A trick being played, decided as it goes: the cards, the suit led's keys, the best card so far (its seat
    and key), the seat of the call taking it (-1: none), whether a doubleduck was called, the suits, and the cards
    of the rank led after the lead."""

    cards: tuple[int, ...]
    keys: tuple[int, ...]
    best_seat: int
    best_key: int
    call_seat: int
    doubleducked: bool
    suits: int
    matches: int

    @classmethod
    def of(cls, leader: int, cards: Sequence[int], calls: Sequence[int]) -> Trick:
        """The trick with ``cards`` (with ``calls``) played from ``leader`` on."""
        keys = SOUP_KEYS[SUIT[cards[0]]]
        trick = cls((cards[0],), keys, leader, keys[cards[0]], -1, False, SUIT_BIT[cards[0]], 0)
        for place in range(1, len(cards)):
            trick = trick.add((leader + place) & 3, cards[place], calls[place])
        return trick

    def add(self, player: int, card: int, call: int) -> Trick:
        """The trick once ``player`` has played ``card`` with ``call`` to it."""
        best_seat, best_key = self.best_seat, self.best_key
        key = self.keys[card]
        if key >= best_key:
            best_seat, best_key = player, key
        matches, call_seat, doubleducked = self.matches, self.call_seat, self.doubleducked
        if RANK[card] == RANK[self.cards[0]]:
            matches += 1
            if call == DOUBLEDUCK:
                call_seat, doubleducked = player, True
            elif call and not doubleducked:
                call_seat = player
        return Trick(
            (*self.cards, card),
            self.keys,
            best_seat,
            best_key,
            call_seat,
            doubleducked,
            self.suits | SUIT_BIT[card],
            matches,
        )


# Positions


@dataclass(frozen=True)
class SoupPosition:
    """A Soup position waiting for a card: the four hands, the trick so far, the Duck piles and the Soup cards
    stored. Cards are the engine's numbers; calls its call numbers."""

    hands: Hands
    leader: int
    cards: tuple[int, ...]
    calls: tuple[int, ...]
    duck: tuple[int, int]
    """Each side's Duck pile: what each Soup card it stores is worth to it."""
    soup: tuple[int, int] = (0, 0)
    """Each side's Soup cards stored so far."""

    def __post_init__(self) -> None:
        sizes = {len(hand) + (seat in self.played_by()) for seat, hand in enumerate(self.hands)}
        if len(sizes) != 1 or len(self.cards) > 3 or len(self.cards) != len(self.calls):
            raise PositionError("the four hands must hold the same number of cards when the trick began")
        if not self.hands[self.to_act]:
            raise PositionError("the hands are empty: the Soup is over")

    @classmethod
    def start(cls, hands: Sequence[Sequence[int]], leader: int, duck: tuple[int, int]) -> SoupPosition:
        """A position at the start of a trick, no Soup card stored yet."""
        return cls(tuple(tuple(sorted(hand)) for hand in hands), leader, (), (), duck)

    @classmethod
    def of_deal(cls, deal: Deal) -> SoupPosition:
        """The position of an engine's deal in the Soup."""
        if deal.course != SOUP or deal.to_move < 0:
            raise PositionError("the deal is not in the Soup with a card to play")
        piles = deal.piles
        return cls(
            tuple(tuple(hand) for hand in deal.hands),
            deal.leader,
            tuple(deal.table),
            tuple(deal.calls),
            (piles[0][0], piles[1][0]),
            (piles[0][1], piles[1][1]),
        )

    def played_by(self) -> tuple[int, ...]:
        return tuple((self.leader + place) & 3 for place in range(len(self.cards)))

    @property
    def to_act(self) -> int:
        return (self.leader + len(self.cards)) & 3

    @property
    def cards_each(self) -> int:
        """The cards each player held when the trick began."""
        return len(self.hands[self.leader]) + (1 if self.cards else 0)

    def result(self) -> int:
        """Side 0's deal score minus side 1's with the Soup cards stored so far."""
        return self.duck[0] * self.soup[0] - self.duck[1] * self.soup[1]

    def legal_actions(self) -> tuple[Play, ...]:
        """The legal actions, in the engine's (the specification's) canonical order."""
        plays = PLAYS[self.to_act]
        led = self.cards[0] if self.cards else -1
        matches = sum(1 for card in self.cards[1:] if RANK[card] == RANK[led])
        actions = []
        for card in sorted(set(self.hands[self.to_act])):
            actions.append(plays[card][NONE])
            if self.cards and RANK[card] == RANK[led]:
                actions.append(plays[card][matches + 1])
                if card == led:
                    actions.append(plays[card][DOUBLEDUCK])
        return tuple(actions)

    def after(self, action: Play) -> SoupPosition | int:
        """The position after ``action``, or, when it ends the Soup, side 0's final deal score difference."""
        if action not in self.legal_actions():
            raise PositionError(f"{action} is not legal here")
        player, card, call = self.to_act, action.card.index, CALL_NUMBER[action.call.value]
        hand = list(self.hands[player])
        hand.remove(card)
        hands = (*self.hands[:player], tuple(hand), *self.hands[player + 1 :])
        cards, calls = (*self.cards, card), (*self.calls, call)
        if len(cards) < 4:
            return SoupPosition(hands, self.leader, cards, calls, self.duck, self.soup)
        winner = trick_winner(self.leader, cards, calls)
        soup = list(self.soup)
        soup[winner & 1] += suits_in(cards)
        if not hands[winner]:
            return self.duck[0] * soup[0] - self.duck[1] * soup[1]
        return SoupPosition(hands, winner, (), (), self.duck, (soup[0], soup[1]))

    def __str__(self) -> str:
        hands = " / ".join(" ".join(NAMES[card] for card in hand) for hand in self.hands)
        return f"hands {hands}; leader {self.leader}; table {' '.join(NAMES[card] for card in self.cards) or '-'}"


CALL_NUMBER = {"none": 0, "quack": 1, "quack-quack": 2, "quack-quack-quack": 3, "doubleduck": 4}


# The solver


class Solver:
    """Double-dummy values of Soup positions, each call within a node ``budget`` (None: no limit).

    The table is kept for every position with the same Duck piles, so valuing a deal step by step reuses it.
    """

    def __init__(self, budget: int | None = DEFAULT_BUDGET) -> None:
        self.budget = budget
        self.search: Search | None = None

    @property
    def nodes(self) -> int:
        """The cards the solver's searches have played so far."""
        return 0 if self.search is None else self.search.nodes

    def _search_for(self, position: SoupPosition) -> Search:
        if self.search is None or self.search.duck != position.duck:
            self.search = Search(position.duck)
        self.search.allow(self.budget)
        return self.search

    def _future(self, search: Search, position: SoupPosition, guess: int) -> int:
        """Side 0's weighted Soup cards still to come, in the search's units."""
        hands, leader = position.hands, position.leader
        if not position.cards:
            return search.mtd(lambda alpha, beta: search.lead(hands, leader, alpha, beta), guess)
        trick = Trick.of(leader, position.cards, position.calls)
        return search.mtd(lambda alpha, beta: search.follow(hands, leader, trick, alpha, beta), guess)

    def result(self, position: SoupPosition, guess: int | None = None) -> int:
        """Side 0's deal score minus side 1's at the end, double dummy (every hand seen, perfect play) from
        ``position``; ``guess``, a value expected near it, only speeds the search up.

        :class:`BudgetExceeded` when the search needs more nodes than the budget.
        """
        search = self._search_for(position)
        start = 0 if guess is None else (guess - position.result()) // search.scale
        try:
            return position.result() + self._future(search, position, start) * search.scale
        except _OutOfBudget:
            raise BudgetExceeded(self.refusal(position)) from None

    def refusal(self, position: SoupPosition) -> str:
        return (
            f"doubleduck: the double-dummy search of a Soup position with {position.cards_each} cards each needs "
            f"more than its budget of {self.budget:,} nodes, so it is not valued; give a larger budget or a "
            "position with fewer cards"
        )

    def value(self, position: SoupPosition) -> int:
        """The deal score difference at the end, double dummy, for the side to act."""
        final0 = self.result(position)
        return final0 if not position.to_act & 1 else -final0

    def action_values(
        self, position: SoupPosition, actions: Iterable[Play] | None = None, guess: int | None = None
    ) -> list[tuple[Play, int]]:
        """Each legal action (or each of ``actions``) with its double-dummy value for the side to act, in canonical
        order. The budget counts for the whole call."""
        legal = position.legal_actions()
        wanted = legal if actions is None else tuple(action for action in legal if action in set(actions))
        search = self._search_for(position)
        sign = -1 if position.to_act & 1 else 1
        out = []
        for action in wanted:
            after = position.after(action)
            final0 = after if isinstance(after, int) else self._checked(search, after, guess, position)
            out.append((action, sign * final0))
        return out

    def _checked(self, search: Search, position: SoupPosition, guess: int | None, asked: SoupPosition) -> int:
        start = 0 if guess is None else (guess - position.result()) // search.scale
        try:
            return position.result() + self._future(search, position, start) * search.scale
        except _OutOfBudget:
            raise BudgetExceeded(self.refusal(asked)) from None
