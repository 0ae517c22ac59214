"""Bots that play Duck Soup from what one player may see, for simulations and as sparring partners.

A bot gets the engine's view of its player (:meth:`ducksoup.duck_soup.engine.Deal.observation`, or a
game's) and the legal actions, and returns one of them. It is never given the deal itself:
what it could not see at the table (the opponent's hand, the order of the stock) it cannot use,
so its results measure play, not peeking, and the same bot can sit behind any implementation
that produces the conformance suite's views.

* ``random`` (:class:`ducksoup.bots.RandomBot`): any legal action, uniformly; the baseline every strategy
  must beat, and a source of forgotten calls.
* ``greedy`` (:class:`GreedyBot`): looks one trick ahead and weighs the points at stake, the
  face-up card the winner takes, the cards it spends and the balance of its two courses.
* ``strong`` (:class:`ducksoup.duck_soup.strong.StrongBot`): sampled play-outs in the Duck, the Soup
  solver in the Soup.

Each draws only from its own ``random.Random(seed)``, so a simulation is reproducible. The table of
the bots by name is :data:`ducksoup.duck_soup.roster.BOTS`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ducksoup.bots import Bot as AnyBot
from ducksoup.bots import NoLegalAction
from ducksoup.bots import RandomBot as RandomBot
from ducksoup.bots import View as View
from ducksoup.duck_soup.engine import NAMES, RANK, STRENGTH, SUIT
from duckspec.duck_soup.actions import Action, Play, SayDuck
from duckspec.duck_soup.quacking import Call
from duckspec.seats import opponent

Bot = AnyBot[Action]
"""A Duck Soup player: the family's :class:`ducksoup.bots.Bot` protocol over this game's actions."""

CARD_NUMBER = {name: number for number, name in enumerate(NAMES)}
DUCK, SOUP = 0, 1


def cards_of(text: str) -> list[int]:
    """The engine's card numbers of a list of cards in ``TC`` notation (``"9C4CAS"``)."""
    return [CARD_NUMBER[text[i : i + 2]] for i in range(0, len(text), 2)]


@dataclass(frozen=True)
class Seen:
    """The view, decoded once per decision, with what follows from it about the unseen cards."""

    me: int
    course: int
    phase: str
    hand: tuple[int, ...]
    table: tuple[int, ...]
    face_up: int | None
    stock: int
    points: tuple[tuple[int, int], tuple[int, int]]
    """``points[0]`` mine, ``points[1]`` the opponent's, each ``(duck, soup)``."""
    opponent_known: frozenset[int]
    opponent_unknown: int
    """How many of the opponent's cards the player has not seen."""
    unseen: frozenset[int]
    """Cards whose place the player does not know: the opponent's unknown cards, the stock below
    its top, and the cards played that it never saw (the opponent's cards that won or lost its
    leads: a trick ends, and its cards leave the view, the moment the follower plays)."""
    rank_count: tuple[int, ...]
    """How many cards of each rank the player holds."""

    @classmethod
    def read(cls, view: View, gone: Iterable[int] = ()) -> Seen:
        """Decode ``view``; ``gone`` are cards the player remembers leaving play in earlier tricks."""
        me = int(view["player"])
        hand = tuple(cards_of(view["hand"]))
        table = tuple(cards_of(view["table"]))
        face_up = None if view["face_up"] is None else CARD_NUMBER[view["face_up"]]
        known = frozenset(cards_of(view["opponent_known"]))
        shown = set(hand) | set(table) | known | set(gone) | ({face_up} if face_up is not None else set())
        counts = [0] * 13
        for card in hand:
            counts[RANK[card]] += 1
        points = view["points"]
        return cls(
            me=me,
            course=DUCK if view["course"] == "duck" else SOUP,
            phase=str(view["phase"]),
            hand=hand,
            table=table,
            face_up=face_up,
            stock=int(view["stock"]),
            points=(
                (int(points[me][0]), int(points[me][1])),
                (int(points[opponent(me)][0]), int(points[opponent(me)][1])),
            ),
            opponent_known=known,
            opponent_unknown=int(view["opponent_hand"]) - len(known),
            unseen=frozenset(range(52)) - shown,
            rank_count=tuple(counts),
        )

    def opponent_may_hold(self, cards: Iterable[int]) -> float:
        """The chance that the opponent holds at least one of ``cards``.

        A card seen going into the opponent's hand makes it certain; otherwise each unseen card
        is equally likely to be one of the opponent's unknown cards (hypergeometric).
        """
        count = 0
        for card in cards:
            if card in self.opponent_known:
                return 1.0
            if card in self.unseen:
                count += 1
        pool, held = len(self.unseen), self.opponent_unknown
        none = 1.0
        for i in range(count):
            if pool - i <= 0:
                return 1.0
            none *= max(0.0, (pool - held - i) / (pool - i))
        return 1.0 - none


class Memory:
    """The cards a player has seen leave play in the current deal, as any card player remembers them.

    Its own cards that left its hand, every card it saw on the table, and the face-up cards it
    saw the opponent take that are no longer in the opponent's hand: all are out of play. The
    memory comes only from the views the player was given, and starts afresh with each deal.
    """

    def __init__(self) -> None:
        self.forget((None, None))

    def forget(self, deal: tuple[object, object]) -> None:
        """Start afresh, for a new deal."""
        self.gone: set[int] = set()
        self.hand: frozenset[int] = frozenset()
        self.known: frozenset[int] = frozenset()
        self.progress = -1
        self.deal = deal

    def update(self, view: View) -> frozenset[int]:
        """Take in ``view`` and return the cards known to be out of play."""
        tricks = view["tricks"]
        played = sum(tricks[0]) + sum(tricks[1])
        progress = 26 - int(view["stock"]) + played
        hand = frozenset(cards_of(view["hand"]))
        known = frozenset(cards_of(view["opponent_known"]))
        table = cards_of(view["table"])
        deal = (view.get("deal"), view["dealer"])
        if deal != self.deal or progress < self.progress or progress == 0 or hand & self.gone:
            self.forget(deal)
        self.progress = progress
        self.gone |= (self.hand - hand) | (self.known - known) | set(table)
        self.hand, self.known = hand, known
        return frozenset(self.gone - hand)


TYPICAL_POINTS = 9.0
"""A player's usual points in one course between sensible players: the yardstick of the balance."""
QUACK_QUACK_POINTS = 3.5
"""What the leader of a quack-quack wins: 2 for the quack trick, 1 or 2 for the second."""


def _curve(strength: int) -> float:
    """How likely a card of this strength (1-13 in a course) wins a trick in that course: convex,
    because only the top few cards of a suit win with any reliability."""
    return ((strength - 1) / 12) ** 2


MEAN_CARD = sum(_curve(STRENGTH[DUCK][c]) + _curve(STRENGTH[SOUP][c]) for c in range(13)) / 13
"""The generic worth of an unknown card, what the loser of a Duck trick draws instead of the face-up card."""


class GreedyBot:
    """A one-trick look-ahead: the action with the best expected points, minus the cards it costs.

    Why each part is there:

    * The score is Duck points times Soup points, so a point is worth what the player has (or
      may expect) in the other course: in the Soup, its Duck points; in the Duck, its expected
      Soup points, while high cards, kept for the Soup, count for its (expected) Duck points.
      The course where it has fewer points is where it fights harder, and a course with no point
      at all, which would zero the product, is what it avoids most.
    * In the Duck the winner takes the face-up card: Aces (best in both courses), low cards
      (good in the Duck) and cards that pair with its hand (quacks) make a trick worth more.
    * It wins with the cheapest card that wins (in the Duck the winning card of the suit that
      is highest in rank, in the Soup the lowest), keeps Aces and pairs, and when it cannot win
      throws the card it needs least, in suit if that saves the opponent a point.
    * It quacks when a quack is likely to win (it holds the rest of the rank, or the leader is
      unlikely to hold a third card), answers "quack-quack" when it holds a third card and the
      fourth is unlikely to be the follower's, and always calls "duck soup" when it can.

    Ties between equal choices are broken by its own ``random.Random(seed)``.
    """

    name = "greedy"

    # The weights, in points, chosen by self-play (4,000 deals per trial, each deck played from
    # both seats): card_worth, pair_worth and stake_factor lose deals when moved either way; the
    # others made no measurable difference between sensible values and are set by reasoning.
    card_worth = 2.2
    """A card sure to win a trick later: about a trick's swing, more than a trick's points."""
    pair_worth = 0.2
    """Each further card of a rank in hand: the chance to quack or quack-quack with it."""
    stake_factor = 1.0
    """How much the face-up card counts (0 would ignore it; ignoring it loses deals)."""
    duck_horizon = 6.0
    """Duck tricks left from which on a card's Duck strength counts in full: near the end of the
    Duck few of the cards in hand will still be played in it."""
    urgency = 2.0
    """How much more a Duck point is worth, at the end of the Duck, to a player with none yet."""
    soup_damping = 4.0
    """Added to both players' Duck points when weighing Soup points, so that the product's
    weighting does not turn a small lead in the Duck into reckless (or timid) Soup play."""
    remember = True
    """Whether to remember the cards seen leaving play (see :class:`Memory`); it wins about two
    deals in three against the same bot without memory."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.memory = Memory()
        self.silent = False
        """Whether the calls are silent (ruling DS-R15): then a card of the rank led quacks, or takes both tricks,
        without a call. The view does not say so; the legal actions do (:func:`_silent_calls`)."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The action of highest value for the player of ``view``; random among equals."""
        if not legal:
            raise NoLegalAction()
        gone = self.memory.update(view) if self.remember else frozenset()
        if len(legal) == 1:
            return legal[0]
        seen = Seen.read(view, gone)
        self.silent = _silent_calls(view, legal)
        best: list[Action] = []
        top = float("-inf")
        for action in legal:
            value = self.value(seen, action)
            if value > top + 1e-9:
                best, top = [action], value
            elif value >= top - 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else best[self.rng.randrange(len(best))]

    # The worth of points, cards and the face-up card

    def weights(self, seen: Seen) -> tuple[float, float]:
        """What a point in the current course is worth to the player, and costs it when the opponent wins it.

        In the Soup a point multiplies the Duck points of whoever wins it, so the player with
        more Duck points has more to gain from each Soup trick (and a player with none can only
        keep points from the opponent); the weights average 1, so that they rebalance the
        players' points without changing their worth against the cards'. In the Duck a point
        multiplies the Soup points still to come, alike for both players; but a player with no
        Duck point near the end of the Duck needs one, or its deal score is zero.
        """
        mine, theirs = seen.points
        if seen.course == SOUP:
            damping = self.soup_damping
            mean = (mine[DUCK] + theirs[DUCK]) / 2 + damping
            return (mine[DUCK] + damping) / mean, (theirs[DUCK] + damping) / mean
        urgency = 1.0
        if mine[DUCK] == 0:
            urgency += self.urgency * (1 - seen.stock / 26)
        return urgency, 1.0

    def soup_weight(self, seen: Seen) -> float:
        """How much Soup strength is worth in the Duck: in proportion to the Duck points expected,
        so that a player short of Duck points spends its Aces to win Duck tricks."""
        mine = seen.points[0][DUCK]
        expected = mine + 0.7 * seen.stock / 2  # about half of the remaining Duck tricks, at about 1.4 points each
        return min(1.5, (expected + 1) / TYPICAL_POINTS)

    def keep(self, seen: Seen, card: int) -> float:
        """What ``card`` is worth in the player's hand for the rest of the deal, in points."""
        pairs = self.pair_worth * (seen.rank_count[RANK[card]] - 1) if card in seen.hand else 0.0
        if seen.course == SOUP:
            stronger = [
                other
                for other in range(SUIT[card] * 13, SUIT[card] * 13 + 13)
                if STRENGTH[SOUP][other] > STRENGTH[SOUP][card]
            ]
            return self.card_worth * (1 - seen.opponent_may_hold(stronger)) + pairs
        duck_tricks_left = seen.stock / 2
        duck = _curve(STRENGTH[DUCK][card]) * min(1.0, duck_tricks_left / self.duck_horizon)
        soup = _curve(STRENGTH[SOUP][card]) * self.soup_weight(seen)
        return self.card_worth * (duck + soup) + pairs

    def stake(self, seen: Seen) -> float:
        """How much more the winner of this Duck trick gets than the loser: the face-up card
        against an unknown one, for the player (a card pairing its hand is worth more) and, in
        its generic worth, for the opponent; nothing in the Soup or with the stock hidden."""
        card = seen.face_up
        if seen.course == SOUP or card is None:
            return 0.0
        generic = self.card_worth * (_curve(STRENGTH[DUCK][card]) + _curve(STRENGTH[SOUP][card]) - MEAN_CARD)
        pairs = self.pair_worth * seen.rank_count[RANK[card]]
        return self.stake_factor * (2 * generic + pairs)

    # The value of each kind of action

    def value(self, seen: Seen, action: Action) -> float:
        """The expected points of ``action`` (weighted, the opponent's counting against), less the cards it spends."""
        if isinstance(action, SayDuck):
            lose = self.weights(seen)[1]
            return -2 * lose - self.stake(seen) / 2  # the quacker wins a two-suit trick
        card = action.card.index
        if seen.phase == "lead":
            return self.lead_value(seen, card)
        matching = self.silent and bool(seen.table) and RANK[card] == RANK[seen.table[0]]
        if seen.phase == "follow":
            return self.follow_value(seen, card, action.call is Call.QUACK or matching)
        if seen.phase == "answer":
            return self.quack_quack_value(seen, card)
        return self.fourth_value(seen, card, action.call is Call.DUCK_SOUP or matching)

    def lead_value(self, seen: Seen, card: int) -> float:
        """Leading ``card``: it wins unless the opponent holds a stronger card of the suit or quacks it."""
        win, lose = self.weights(seen)
        stake = self.stake(seen)
        course = seen.course
        suit_cards = range(SUIT[card] * 13, SUIT[card] * 13 + 13)
        beaters = [c for c in suit_cards if STRENGTH[course][c] > STRENGTH[course][card]]
        followers = [c for c in suit_cards if STRENGTH[course][c] < STRENGTH[course][card]]
        rank_mates = [c for c in range(RANK[card], 52, 13) if c != card]
        p_beat = seen.opponent_may_hold(beaters)
        # Holding another card of the rank, a quack would meet a quack-quack: a sensible opponent does not try it.
        p_quack = 0.0 if seen.rank_count[RANK[card]] > 1 else seen.opponent_may_hold(rank_mates)
        p_in_suit = seen.opponent_may_hold(followers)
        won = 1 * p_in_suit + 2 * (1 - p_in_suit)
        p_win = (1 - p_quack) * (1 - p_beat)
        value = (
            p_win * (won * win + stake / 2)
            - p_quack * (2 * lose + stake / 2)
            - (1 - p_quack) * p_beat * (lose + stake / 2)
        )
        return value - self.keep(seen, card)

    def follow_value(self, seen: Seen, card: int, quack: bool) -> float:
        """Following the lead with ``card``: a plain win, a quack, or a loss of 1 (in suit) or 2."""
        win, lose = self.weights(seen)
        stake = self.stake(seen)
        lead = seen.table[0]
        cost = self.keep(seen, card)
        if quack:
            if seen.rank_count[RANK[card]] >= 2:
                p_third = 0.0  # the fourth card is mine: "duck", or "quack-quack" met by "duck soup"
            else:
                others = [c for c in range(RANK[card], 52, 13) if c not in (card, lead)]
                p_third = seen.opponent_may_hold(others)
            won = 2 * win + stake / 2
            lost = -QUACK_QUACK_POINTS * lose - stake / 2
            return (1 - p_third) * won + p_third * lost - cost
        if SUIT[card] == SUIT[lead]:
            if STRENGTH[seen.course][card] > STRENGTH[seen.course][lead]:
                return win + stake / 2 - cost
            return -lose - stake / 2 - cost
        return -2 * lose - stake / 2 - cost

    def quack_quack_value(self, seen: Seen, card: int) -> float:
        """Answering a quack with ``card`` and "quack-quack": both tricks unless the follower holds the last card."""
        win, lose = self.weights(seen)
        stake = self.stake(seen)
        last = [c for c in range(RANK[card], 52, 13) if c != card and c not in seen.table]
        p_last = 0.0 if all(c in seen.hand for c in last) else seen.opponent_may_hold(last)
        won = QUACK_QUACK_POINTS * win + stake / 2
        lost = -4 * lose - stake / 2
        return (1 - p_last) * won + p_last * lost - self.keep(seen, card)

    def fourth_value(self, seen: Seen, card: int, duck_soup: bool) -> float:
        """The follower's card to a quack-quack: "duck soup" takes both tricks; else lose as little as possible."""
        win, lose = self.weights(seen)
        stake = self.stake(seen)
        if duck_soup:
            return 4 * win + stake / 2
        second = 1 if SUIT[card] == SUIT[seen.table[2]] else 2
        return -(2 + second) * lose - stake / 2 - self.keep(seen, card)


def _silent_calls(view: View, legal: Sequence[Action]) -> bool:
    """Whether the calls are silent, read off the legal actions: a follower holding a card of the rank led is offered
    no call to make with it (spoken, "quack" or "duck soup" would be listed)."""
    if view["phase"] not in ("follow", "fourth") or not view["table"]:
        return False
    rank = view["table"][0]
    plays = [action for action in legal if isinstance(action, Play)]
    return any(play.card.rank.letter == rank for play in plays) and all(play.call is Call.NONE for play in plays)
