"""The Soup solver: the value of a Soup position under perfect play, and of every legal action.

Once the stock is gone, both hands are fixed: nothing is drawn and no card changes hands, so
the Soup is a game of perfect information, like a bridge hand double dummy. This module
searches it exactly.

**The objective.** Each player maximises their own deal score minus the opponent's. Duck points
are fixed by the time the Soup starts, so with Duck points ``D0`` and ``D1`` and final Soup
points ``S0`` and ``S1`` the deal score difference of player 0 is ``D0 * S0 - D1 * S1``: a
Soup point is worth its winner's Duck points, and the game is zero-sum. A value here is always
that difference at the end of the deal, from the point of view of the player named (by default
the player to act), points already won included.

**Every call is a choice.** Quacking or playing a card of the rank led silently, answering
"duck" or "quack-quack", calling "duck soup" or not: each is an action with its own value.

**The search.** Alpha-beta over whole tricks, driven by MTD(f): null-window probes that each
answer "is the value at least this?", sharing one transposition table. Four things keep it
small:

* *Interchangeable cards are tried once.* Two cards of one hand in one suit with no card of
  the opponent between them are interchangeable when neither can take part in a quack (the
  opponent holds no card of their rank): they never meet in a trick and stand in the same order
  against every card of the opponent. A card whose rank the opponent holds stays apart, since a
  quack depends on the rank.
* *The table is keyed on patterns, not cards.* No card changes hands in the Soup, so a position
  is its cards left and its leader; two positions whose suits show the same sequence of owners
  from low to high, with the same cards able to quack, have the same value, and share an entry.
  A card able to quack is labelled by the place of its rank among the ranks both players hold,
  not by the rank itself: a quack needs only to know which cards are of one rank. Played cards
  drop out of the pattern: once every card above it is gone, a 9 that cannot take part in a
  quack is seen as the Ace it has become.
* *Likely moves first.* The table's best lead; leads the opponent can neither beat nor quack;
  replies that win cheaply, then quacks, then the cheapest losing cards.
* *A close first guess.* MTD(f) needs as many probes as the steps from its first guess to the
  value; with no guess given, a long Soup is first searched three tricks deep with the rest
  estimated (:func:`estimate`), a few hundredths of the cost, for a guess that cuts the probes
  from 24-48 to 4-13. An action's value is at most its position's: the search of each action
  starts at that bound and never probes above it.

**Memory within bounds.** The table keeps at most :data:`TABLE_LIMIT` positions (a full table is
emptied and filled again, which costs time, never a wrong value). The patterns and classes of
cards are made suit by suit and put together two suits at a time, each kept in a cache of at most
:data:`CACHE_LIMIT` entries, whose older half goes when it is full: a hand long in two suits
makes many two-suit entries, each quick to put together again from the suits' own.

**A few actions cost less than all of them.** An analysis needs at each decision the position's
value, the played action's and one best action (:meth:`Solver.best_and_played`): the played
action is searched from the position's value as its first guess, and a best action, when the
played one falls short, is found with one null-window probe per action ("does it reach the
value?"), far cheaper than each action's exact value.

**Compiled, on request.** This module is the reference and the package ships it as it is. mypyc
(part of mypy) compiles it unchanged to about 40% less processor time
(:func:`ducksoup.compiling.compiled`; ``ducksoup analyse --compiled`` builds it once in the
user's own cache folder and searches with it); the tests check that the copy searches exactly as
this module does, and ``nox -s bench-solver`` times both.

See :class:`Solver` for the budget, and :class:`Statistics` for what a search reports.

>>> from duckspec.cards import parse_cards
>>> position = SoupPosition.start(parse_cards("AS KH".split()), parse_cards("QS 2H".split()), leader=0, duck=(5, 4))
>>> Solver().value(position)
10
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import islice
from math import gcd
from typing import Any

from duckspec.cards import Card, card_from_index, parse_card
from duckspec.duck_soup.actions import Action, Play, SayDuck
from duckspec.duck_soup.quacking import Call

JSON = dict[str, Any]
LEAD, FOLLOW, ANSWER, FOURTH = "lead", "follow", "answer", "fourth"
PHASES = (LEAD, FOLLOW, ANSWER, FOURTH)

# The solver's own card numbers, "Soup order": suit * 13 + strength, strength 0 for the 2 up to
# 12 for the Ace, so that within a suit a higher bit is a stronger card. The spec's index is
# suit * 13 + rank with the Ace as rank 0.
SOUP_BIT = tuple(1 << (index // 13 * 13 + (index % 13 + 12) % 13) for index in range(52))
CARD_OF_BIT = {bit: card_from_index(index) for index, bit in enumerate(SOUP_BIT)}
SUIT_MASK = tuple(0x1FFF << (13 * suit) for suit in range(4))
RANK_MASK = tuple(sum(1 << (13 * suit + strength) for suit in range(4)) for strength in range(13))
SUIT_OF = {1 << i: SUIT_MASK[i // 13] for i in range(52)}
"""The mask of a card's suit, by the card's bit."""
RANK_OF = {1 << i: RANK_MASK[i % 13] for i in range(52)}
"""The mask of a card's rank (the four suits), by the card's bit."""
LOW13 = 0x1FFF
SPREAD = tuple(r | r << 13 | r << 26 | r << 39 for r in range(1 << 13))
"""A set of ranks (13 bits) as the mask of every card of those ranks."""

INFINITY = 1 << 40
CARD_BITS = tuple(1 << i for i in range(52))
"""Each card's bit as one number object, kept by the caches (not a copy of it in each entry)."""
TABLE_LIMIT = 4_000_000
"""Positions the table holds at most (about 130 bytes each); when it is full it is emptied and
filled again, so that a long search keeps within about 1 GB of memory."""
CACHE_LIMIT = 200_000
"""Entries of each cache of the cards of one or two suits (pattern and classes, about 500 bytes each) at most."""
GUESS_FROM, GUESS_TRICKS = 8, 3
"""A Soup of :data:`GUESS_FROM` tricks or more, searched with no guess at its value, is first searched
:data:`GUESS_TRICKS` tricks deep for one (with the rest estimated by :func:`estimate`)."""


def bit_of(card: Card) -> int:
    return SOUP_BIT[card.index]


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= SOUP_BIT[card.index]
    return mask


def bits(mask: int) -> list[int]:
    """The single-bit masks of ``mask``, lowest (weakest) first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def cards_of(mask: int) -> tuple[Card, ...]:
    return tuple(sorted((CARD_OF_BIT[bit] for bit in bits(mask)), key=lambda card: card.index))


def ranks(hand: int) -> int:
    """The ranks (13 bits, strength order) of which ``hand`` holds at least one card."""
    return (hand | hand >> 13 | hand >> 26 | hand >> 39) & LOW13


def representatives(hand: int, other: int) -> list[int]:
    """One card of each class of interchangeable cards of ``hand``, weakest first.

    Two cards of ``hand`` are interchangeable when they are of one suit, ``other`` (the
    opponent's cards, with the card led when following) holds no card of that suit between
    them, and neither card's rank is held by ``other``: such cards never meet each other in a
    trick, stand in the same order against every card of the opponent, and cannot quack or be
    quacked. A card whose rank ``other`` holds is a class of its own.
    """
    return class_representatives(hand, other, SPREAD[ranks(other)] & hand)


def class_representatives(hand: int, other: int, live: int) -> list[int]:
    """:func:`representatives` with the cards of ``hand`` that may take part in a quack given as ``live``."""
    out = []
    last = 0
    mask = hand
    while mask:
        low = mask & -mask
        mask ^= low
        if low & live:
            out.append(low)
        elif last and SUIT_OF[last] & low and not other & (low - (last << 1)):
            continue  # same suit, nothing of the opponent's between: the same class as ``last``
        else:
            out.append(low)
            last = low
    return out


def sure_leads(hand: int, other: int) -> int:
    """How many cards of ``hand`` win the trick when led, whatever ``other`` does: no card of
    ``other`` beats them in their suit, and ``other`` holds none of their rank to quack with."""
    dead = ~SPREAD[ranks(other)]
    count = 0
    for mask in SUIT_MASK:
        theirs = other & mask
        mine = hand & mask & dead
        if theirs:
            mine &= ~((1 << theirs.bit_length()) - 1)
        count += mine.bit_count()
    return count


def estimate(leader: int, follower: int, lead_weight: int, follow_weight: int) -> int:
    """A quick estimate of the rest of a Soup from the leader's view, for a search cut short.

    Each player is reckoned to win a trick with each of its sure leads (:func:`sure_leads`) and
    half of the other tricks, at a point and a half a trick (a trick is worth 1 or 2).
    """
    tricks = leader.bit_count()
    mine, theirs = sure_leads(leader, follower), sure_leads(follower, leader)
    open_tricks = max(0, tricks - mine - theirs)
    twice_mine = min(2 * tricks, 2 * mine + open_tricks)
    return 3 * (lead_weight * twice_mine - follow_weight * (2 * tricks - twice_mine)) // 4


@dataclass
class Statistics:
    """What a search has done so far."""

    nodes: int = 0
    """Positions at the start of a trick that the search reached (each looked up in the table)."""
    hits: int = 0
    """Those found in the table."""
    probes: int = 0
    """Null-window probes (MTD(f) iterations)."""
    entries: int = 0
    """Positions in the table."""
    emptied: int = 0
    """Times the table was full (:data:`TABLE_LIMIT`) and emptied."""

    @property
    def hit_rate(self) -> float:
        """The share of the positions reached that the table knew."""
        return self.hits / self.nodes if self.nodes else 0.0


class BudgetExceeded(Exception):
    """The search expanded more positions than its budget allows."""


class Search:
    """The search over one Soup (fixed hands at its start, fixed Duck points): a table shared by
    every probe, so that solving the actions of a position one after another reuses the work.

    ``weights`` are the two players' Duck points (what a Soup point is worth to each). Values
    inside are the weighted points still to come, from the leader's point of view.
    """

    def __init__(self, weights: tuple[int, int], owner0: int, floor: int = 1, silent: bool = False) -> None:
        self.owner0 = owner0
        self.silent = silent
        """The rule option ``calls = "silent"``: a card of the rank led only quacks, the last one only takes both."""
        self.floor = floor
        """Positions with this many cards each or fewer are estimated (:func:`estimate`), not searched;
        1, the default, searches to the end."""
        common = gcd(weights[0], weights[1]) or 1
        self.scale = common
        self.weights = (weights[0] // common, weights[1] // common)
        self.table: dict[int, int] = {}
        self.stats = Statistics()
        self._build()

    def _build(self) -> None:
        w = self.weights
        table = self.table
        suit_of, rank_of = SUIT_OF, RANK_OF
        suit_base = {1 << i: 1 << (i // 13 * 13) for i in range(52)}
        reps = representatives
        OFF = 1 << 24
        FIELD = (1 << 25) - 1
        LIMIT = 1 << 23  # beyond any value: 26 tricks of 2 points at a weight under 100,000
        own0 = self.owner0
        M26 = (1 << 26) - 1
        pairs0: dict[int, Any] = {}
        pairs1: dict[int, Any] = {}
        suits: dict[int, Any] = {}
        patterns: dict[int, int] = {}
        nodes = hits = forgotten = 0
        limit = INFINITY
        floor = self.floor
        silent = self.silent

        def suit_entry(low: int, rs: int, lv: int) -> Any:
            """The pattern of one suit (its lowest card is bit ``low``) and each player's classes of cards in it,
            from its cards left ``rs`` (13 bits) and the live ranks ``lv`` (13 bits: the ranks both players hold)."""
            rem = rs << low
            mine = rem & own0
            theirs = rem ^ mine
            live = rem & SPREAD[lv]
            # The pattern as one number: from the suit's lowest card left up, five bits a card (its owner, and
            # for a card that can quack the place of its rank among the live ranks, which is all a quack needs of
            # the rank), after a leading 1.
            pattern = 1
            for i in range(low, low + 13):
                if rem >> i & 1:
                    label = (lv & ((1 << (i - low)) - 1)).bit_count() + 1 if live >> i & 1 else 0
                    pattern = pattern << 5 | (mine >> i & 1) << 4 | label
            classes = (  # each card as the one number object of CARD_BITS, which keeps the caches small
                tuple(CARD_BITS[c.bit_length() - 1] for c in class_representatives(mine, theirs, live & mine)),
                tuple(CARD_BITS[c.bit_length() - 1] for c in class_representatives(theirs, mine, live & theirs)),
            )
            others = (theirs, mine)
            # Each player's leads in the order worth trying first: cards the opponent can neither beat
            # nor quack, then the others, then those that can be quacked.
            ordered = tuple(
                (
                    tuple(c for c in classes[x] if not c & live and not (suit_of[c] & others[x]) > c),
                    tuple(c for c in classes[x] if not c & live and (suit_of[c] & others[x]) > c),
                    tuple(c for c in classes[x] if c & live),
                )
                for x in (0, 1)
            )
            entry = (pattern, classes[0], classes[1], ordered[0], ordered[1])
            remember(suits, low | rs << 6 | lv << 19, entry)
            return entry

        def pair_entry(half: int, r: int, lv: int) -> Any:
            """The pattern id and each player's classes of cards in two suits (half 0: clubs and
            diamonds, 1: hearts and spades), from the cards left ``r`` and the live ranks ``lv``: the
            two suits' entries put together."""
            low, high = 26 * half, 26 * half + 13
            rl, rh = r & LOW13, r >> 13
            s = suits.get(low | rl << 6 | lv << 19) or suit_entry(low, rl, lv)
            t = suits.get(high | rh << 6 | lv << 19) or suit_entry(high, rh, lv)
            pid = patterns.setdefault(s[0] << 71 | t[0], len(patterns))  # t[0] < 2**66: the two stay apart
            so, to, sf, tf = s[3], t[3], s[4], t[4]
            entry = (
                pid,
                s[1] + t[1],
                s[2] + t[2],
                (so[0] + to[0], so[1] + to[1], so[2] + to[2]),
                (sf[0] + tf[0], sf[1] + tf[1], sf[2] + tf[2]),
            )
            remember(pairs1 if half else pairs0, r | lv << 26, entry)
            return entry

        def remember(cache: dict[int, Any], key: int, entry: Any) -> None:
            """Keep ``entry`` in ``cache``; when the cache is full, its older half goes first (the entries in use
            come back at once, and each is cheap to make again): its size is what the memory allows."""
            if len(cache) >= CACHE_LIMIT:
                for old in list(islice(cache, len(cache) // 2)):
                    del cache[old]
            cache[key] = entry

        def node(a: int, b: int, p: int, alpha: int, beta: int) -> int:
            """Leader ``p`` holds ``a``, the follower ``b``; the leader's value of the rest."""
            if not a & (a - 1):  # the last trick, or none
                if not a:
                    return 0
                if suit_of[a] & b:
                    return -w[1 - p] if b > a else w[p]
                if rank_of[a] & b:
                    return -2 * w[1 - p]  # quack (the leader has no third card): better than a silent match
                return 2 * w[p]
            if floor > 1 and a.bit_count() <= floor:
                return estimate(a, b, w[p], w[1 - p])
            nonlocal nodes, hits
            nodes += 1
            if nodes > limit:
                raise BudgetExceeded
            rest = a | b
            x0 = rest & own0
            x1 = rest ^ x0
            x0 |= x0 >> 26
            x1 |= x1 >> 26
            lv = (x0 | x0 >> 13) & (x1 | x1 >> 13) & LOW13  # ranks both players hold: quacks possible
            r = rest & M26
            e = pairs0.get(r | lv << 26) or pair_entry(0, r, lv)
            r = rest >> 26
            f = pairs1.get(r | lv << 26) or pair_entry(1, r, lv)
            key = e[0] << 25 | f[0] << 1 | p
            entry = table.get(key)
            if entry is not None:
                hits += 1
                lo = (entry >> 57) - OFF
                if lo >= beta:
                    return lo
                hi = ((entry >> 32) & FIELD) - OFF
                if hi <= alpha:
                    return hi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            else:
                lo, hi = -INFINITY, INFINITY
            eo, fo = e[3 + p], f[3 + p]
            leads = eo[0] + fo[0] + eo[1] + fo[1] + eo[2] + fo[2]
            if entry is not None and len(leads) > 1:
                first = 1 << (entry & 63)  # the best lead found before: try it first
                if first & a and leads[0] != first and first in leads:
                    leads = (first, *(c for c in leads if c != first))
            replies = e[2 - p] + f[2 - p]
            g = -INFINITY
            best = leads[0]
            for c in leads:
                v = follow(a ^ c, b, p, c, replies, alpha if alpha > g else g, beta)
                if v > g:
                    g = v
                    best = c
                    if g >= beta:
                        break
            if g <= alpha:
                hi = g
            elif g >= beta:
                lo = g
            else:
                lo = hi = g
            if lo < -LIMIT:
                lo = -LIMIT
            if hi > LIMIT:
                hi = LIMIT
            if len(table) >= TABLE_LIMIT:  # bounds forgotten are found again; memory runs out for good
                table.clear()
                nonlocal forgotten
                forgotten += 1
            table[key] = (lo + OFF) << 57 | (hi + OFF) << 32 | (best.bit_length() - 1)
            return g

        def counts() -> tuple[int, int, int]:
            return nodes, hits, forgotten

        def allow(more: int | None) -> None:
            nonlocal limit
            limit = INFINITY if more is None else nodes + more

        def follow(a: int, b: int, p: int, c: int, replies: tuple[int, ...], alpha: int, beta: int) -> int:
            """Card ``c`` led by ``p`` (its hand now ``a``); the follower ``b`` answers. ``replies``
            are the follower's classes of cards against the leader's hand with ``c``."""
            wl, wf = w[p], w[1 - p]
            q = 1 - p
            sm = suit_of[c]
            v = INFINITY
            base = suit_base[c]
            i = bisect_left(replies, base)
            k = bisect_left(replies, c, i)
            j = bisect_left(replies, base << 13, k)
            # Cheapest first: win with a higher card of the suit, quack, lose in the suit, throw another suit.
            quacks = rank_of[c] & b
            if quacks:
                order = (*replies[k:j], *(-x for x in bits(quacks)), *replies[i:k], *replies[:i], *replies[j:])
                if silent:  # a card of the rank led is a quack, never a plain card
                    order = tuple(x for x in order if x < 0 or not x & quacks)
            else:
                order = replies[k:j] + replies[i:k] + replies[:i] + replies[j:]
            for x in order:
                top = beta if beta < v else v
                if x < 0:
                    val = answer(a, b ^ -x, p, c, -x, alpha, top)
                elif x & sm:
                    if x > c:  # a higher card of the suit led: the follower wins one point
                        val = -wf - node(b ^ x, a, q, -top - wf, -alpha - wf)
                    else:
                        val = wl + node(a, b ^ x, p, alpha - wl, top - wl)
                else:
                    pts = 2 * wl
                    val = pts + node(a, b ^ x, p, alpha - pts, top - pts)
                if val < v:
                    v = val
                    if v <= alpha:
                        return v
            return v

        def answer(a: int, b: int, p: int, c: int, x: int, alpha: int, beta: int) -> int:
            """The follower quacked ``x`` on ``c``: the leader says duck or leads a third card."""
            wf = w[1 - p]
            pts = 2 * wf
            g = -pts - node(b, a, 1 - p, -beta - pts, -alpha - pts)
            if g >= beta:
                return g
            thirds = rank_of[c] & a
            for t in bits(thirds):
                val = fourth(a ^ t, b, p, t, alpha if alpha > g else g, beta)
                if val > g:
                    g = val
                    if g >= beta:
                        return g
            return g

        def fourth(a: int, b: int, p: int, t: int, alpha: int, beta: int) -> int:
            """Quack-quack with ``t``: the follower plays a card to the second trick."""
            wl, wf = w[p], w[1 - p]
            v = INFINITY
            last = rank_of[t] & b
            if last:
                pts = 4 * wf
                v = -pts - node(b ^ last, a, 1 - p, -beta - pts, -alpha - pts)
                if v <= alpha:
                    return v
            st = suit_of[t]
            classes = [x for x in reps(b, a) if not (silent and x & last)]  # silent: the last card takes both
            for x in (*(x for x in classes if x & st), *(x for x in classes if not x & st)):
                pts = (3 if x & st else 4) * wl
                top = beta if beta < v else v
                val = pts + node(a, b ^ x, p, alpha - pts, top - pts)
                if val < v:
                    v = val
                    if v <= alpha:
                        return v
            return v

        self._node, self._follow, self._answer, self._fourth = node, follow, answer, fourth
        self._counts = counts
        self.allow = allow
        """``allow(n)``: let the search visit ``n`` more positions (None: no limit), then raise
        :class:`BudgetExceeded`."""

    def sync_stats(self) -> Statistics:
        self.stats.nodes, self.stats.hits, self.stats.emptied = self._counts()
        self.stats.entries = len(self.table)
        return self.stats

    def probe_at_least(self, probe: Callable[[int, int], int], threshold: int) -> bool:
        """Whether the value is at least ``threshold``: one null-window probe."""
        self.stats.probes += 1
        return probe(threshold - 1, threshold) >= threshold

    def mtd(
        self, probe: Callable[[int, int], int], guess: int = 0, lower: int = -INFINITY, upper: int = INFINITY
    ) -> int:
        """The exact value by null-window probes (MTD(f)): each probe answers "at least ``beta``?".

        ``lower`` and ``upper`` are bounds known beforehand: no probe is spent finding them again."""
        g = min(max(guess, lower), upper)
        while lower < upper:
            beta = g + 1 if g == lower else g
            g = probe(beta - 1, beta)
            self.stats.probes += 1
            if g < beta:
                upper = g
            else:
                lower = g
        return g


# Positions


class PositionError(ValueError):
    """A position that is not a Soup position the rules can reach; the message says why."""


@dataclass(frozen=True)
class SoupPosition:
    """A Soup position: both hands, the leader, the phase of the trick, the table, and the points.

    ``hands`` are in card order; ``table`` holds the cards of the unfinished trick (the lead; the
    lead and the quack; the lead, the quack and the third card), as in the canonical state.
    ``duck`` are the Duck points (fixed), ``soup`` the Soup points won so far. ``silent`` plays
    the rule option ``calls = "silent"`` (ruling DS-R15): no card carries a call, a card of the
    rank led is a quack, and the fourth card of the rank takes both tricks.
    """

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    leader: int
    phase: str
    table: tuple[Card, ...]
    duck: tuple[int, int]
    soup: tuple[int, int]
    silent: bool = False

    def __post_init__(self) -> None:
        if self.phase not in PHASES:
            raise PositionError(f"the phase is one of {', '.join(PHASES)}, not {self.phase!r}")
        if self.leader not in (0, 1):
            raise PositionError(f"the leader is player 0 or 1, not {self.leader!r}")
        if min(*self.duck, *self.soup) < 0:
            raise PositionError("points cannot be negative")
        cards = [*self.hands[0], *self.hands[1], *self.table]
        if len(set(cards)) != len(cards):
            raise PositionError("a card is held or played twice")
        played = {LEAD: (0, 0), FOLLOW: (1, 0), ANSWER: (1, 1), FOURTH: (2, 1)}[self.phase]
        if len(self.table) != sum(played):
            raise PositionError(f"in the {self.phase} phase the table holds {sum(played)} cards, not {len(self.table)}")
        lead_count = len(self.hands[self.leader]) + played[0]
        if lead_count != len(self.hands[1 - self.leader]) + played[1]:
            raise PositionError("the two players must have held the same number of cards when the trick began")
        if len(self.table) > 1 and any(card.rank != self.table[0].rank for card in self.table[1:]):
            raise PositionError("after a quack every card on the table is of the rank led")
        if not lead_count and self.phase == LEAD:
            raise PositionError("the hands are empty: the Soup is over")

    @classmethod
    def start(
        cls,
        hand0: Iterable[Card],
        hand1: Iterable[Card],
        leader: int,
        duck: tuple[int, int],
        soup: tuple[int, int] = (0, 0),
        silent: bool = False,
    ) -> SoupPosition:
        """A position at the start of a trick."""
        return cls((_sorted(hand0), _sorted(hand1)), leader, LEAD, (), duck, soup, silent)

    @classmethod
    def from_state(cls, state: JSON, silent: bool = False) -> SoupPosition:
        """The position of a canonical state (the engine's ``state()``, a trace's states) in the Soup."""
        if state.get("course") != "soup" or state.get("phase") not in PHASES:
            raise PositionError("the state is not a Soup position waiting for an action")
        to_act = int(state["to_act"])
        phase = str(state["phase"])
        leader = to_act if phase in (LEAD, ANSWER) else 1 - to_act
        points = state["points"]
        return cls(
            (_parse(state["hands"][0]), _parse(state["hands"][1])),
            leader,
            phase,
            tuple(parse_card(state["table"][i : i + 2]) for i in range(0, len(state["table"]), 2)),
            (int(points[0][0]), int(points[1][0])),
            (int(points[0][1]), int(points[1][1])),
            silent,
        )

    @property
    def to_act(self) -> int:
        return self.leader if self.phase in (LEAD, ANSWER) else 1 - self.leader

    def result(self) -> int:
        """Player 0's deal score minus player 1's with the Soup points won so far."""
        return self.duck[0] * self.soup[0] - self.duck[1] * self.soup[1]

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions in the specification's canonical order."""
        player = self.to_act
        hand = self.hands[player]
        if self.phase == LEAD:
            return tuple(Play(player, card) for card in hand)
        rank = self.table[0].rank
        if self.phase == ANSWER:
            answer = Call.NONE if self.silent else Call.QUACK_QUACK
            return (*(Play(player, card, answer) for card in hand if card.rank == rank), SayDuck(player))
        if self.silent:
            return tuple(Play(player, card) for card in hand)
        call = Call.QUACK if self.phase == FOLLOW else Call.DUCK_SOUP
        actions: list[Action] = []
        for card in hand:
            actions.append(Play(player, card))
            if card.rank == rank:
                actions.append(Play(player, card, call))
        return tuple(actions)

    def after(self, action: Action) -> SoupPosition | int:
        """The position after ``action``, or, when it ends the Soup, the final result (player 0's view)."""
        if action not in self.legal_actions():
            raise PositionError(f"{action} is not legal here")
        leader, follower = self.leader, 1 - self.leader
        if isinstance(action, SayDuck):
            return self._finish(follower, 2, self._without())
        player, card = action.player, action.card
        hands = self._without(player, card)
        table = (*self.table, card)
        if self.phase == LEAD:
            return SoupPosition(hands, leader, FOLLOW, table, self.duck, self.soup, self.silent)
        if self.phase == ANSWER:
            return SoupPosition(hands, leader, FOURTH, table, self.duck, self.soup, self.silent)
        lead = self.table[0]
        matched = card.rank == lead.rank
        if self.phase == FOLLOW:
            if action.call is Call.QUACK or (self.silent and matched):
                return SoupPosition(hands, leader, ANSWER, table, self.duck, self.soup, self.silent)
            if card.suit == lead.suit:
                won = follower if _strength(card) > _strength(lead) else leader
                return self._finish(won, 1, hands)
            return self._finish(leader, 2, hands)
        if action.call is Call.DUCK_SOUP or (self.silent and matched):
            return self._finish(follower, 4, hands)
        return self._finish(leader, 3 if card.suit == self.table[2].suit else 4, hands)

    def _without(self, player: int = 0, card: Card | None = None) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        if card is None:
            return self.hands
        hand = tuple(held for held in self.hands[player] if held != card)
        return (hand, self.hands[1]) if player == 0 else (self.hands[0], hand)

    def _finish(self, winner: int, points: int, hands: tuple[tuple[Card, ...], tuple[Card, ...]]) -> SoupPosition | int:
        soup = (self.soup[0] + points, self.soup[1]) if winner == 0 else (self.soup[0], self.soup[1] + points)
        if not hands[0]:
            return self.duck[0] * soup[0] - self.duck[1] * soup[1]
        return SoupPosition(hands, winner, LEAD, (), self.duck, soup, self.silent)


def _strength(card: Card) -> int:
    return SOUP_BIT[card.index]


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda card: card.index))


def _parse(text: str) -> tuple[Card, ...]:
    return _sorted(parse_card(text[i : i + 2]) for i in range(0, len(text), 2))


# The solver


class Solver:
    """Exact values of Soup positions.

    With a ``horizon``, the solver is a bounded search instead: it searches that many tricks
    ahead of the first position it is given and estimates the rest (:func:`estimate`), so its
    values are estimates, not exact.

    ``budget`` caps the positions one call (of :meth:`result`, :meth:`value` or
    :meth:`action_values`) may search; beyond it :class:`BudgetExceeded` is raised, so that a
    caller with a limit of effort gets the same answer, or the same refusal, on any machine. The
    table is kept between calls on positions of the same Soup (hands that are subsets of the
    first position's), so analysing a deal step by step reuses it.
    """

    def __init__(self, budget: int | None = None, horizon: int | None = None) -> None:
        self.budget = budget
        self.horizon = horizon
        self.search: Search | None = None
        self._base: tuple[int, int, tuple[int, int]] = (0, 0, (0, 0))
        self._solved: dict[SoupPosition, int] = {}
        """The results (player 0's) of the positions solved with this search: the position after the action
        played at one decision is the next decision's, and its value is known already."""

    def fits(self, position: SoupPosition) -> bool:
        """Whether ``position`` belongs to the Soup the solver's table was built for, so that it is reused."""
        base0, base1, duck = self._base
        mine0, mine1 = mask_of(position.hands[0]), mask_of(position.hands[1])
        return (
            self.search is not None
            and self.search.silent == position.silent
            and duck == position.duck
            and not mine0 & ~base0
            and not mine1 & ~base1
        )

    def _search_for(self, position: SoupPosition) -> Search:
        if not self.fits(position) or self.search is None:
            floor = 1 if self.horizon is None else max(1, len(position.hands[position.leader]) - self.horizon)
            self.search = Search(position.duck, mask_of(position.hands[0]), floor, position.silent)
            self._base = (mask_of(position.hands[0]), mask_of(position.hands[1]), position.duck)
            self._solved = {}
        self.search.allow(self.budget)
        return self.search

    @property
    def stats(self) -> Statistics:
        return self.search.sync_stats() if self.search else Statistics()

    def _probe(self, position: SoupPosition, search: Search | None = None) -> Callable[[int, int], int]:
        """The search of ``position`` in a window ``(alpha, beta)`` (by ``search``, by default the solver's
        own): the weighted Soup points still to come, in the search's units, from the leader's view
        (fail-soft bounds outside the window)."""
        search = search or self.search
        assert search is not None
        a, b = mask_of(position.hands[position.leader]), mask_of(position.hands[1 - position.leader])
        p = position.leader
        table = [bit_of(card) for card in position.table]
        if position.phase == LEAD:
            return lambda alpha, beta: search._node(a, b, p, alpha, beta)
        if position.phase == FOLLOW:
            replies = tuple(representatives(b, a | table[0]))
            return lambda alpha, beta: search._follow(a, b, p, table[0], replies, alpha, beta)
        if position.phase == ANSWER:
            return lambda alpha, beta: search._answer(a, b, p, table[0], table[1], alpha, beta)
        return lambda alpha, beta: search._fourth(a, b, p, table[2], alpha, beta)

    def _future(self, position: SoupPosition, guess: int = 0) -> int:
        """The weighted Soup points still to come, in the search's units, from the leader's view."""
        search = self.search
        assert search is not None
        return search.mtd(self._probe(position), guess)

    def _reaches(self, position: SoupPosition | int, player: int, value: int) -> bool:
        """Whether ``player``'s value of ``position`` (a final result: player 0's) is at least ``value``:
        one null-window probe, far cheaper than the exact value."""
        if isinstance(position, int):
            return (position if player == 0 else -position) >= value
        search = self.search
        assert search is not None
        own = 1 if player == 0 else -1  # player 0's view to the player's
        lead = 1 if position.leader == 0 else -1  # the leader's view to player 0's
        # own * (result + lead * future * scale) >= value, solved for the future in the leader's view
        need = value - own * position.result()
        if own * lead > 0:
            threshold = -(-need // search.scale)  # the future is at least this
            return bool(search.probe_at_least(self._probe(position), threshold))
        # minus the future times the scale is at least ``need``: the future is at most ``-need / scale``
        return not search.probe_at_least(self._probe(position), -need // search.scale + 1)

    def result(self, position: SoupPosition, guess: int | None = None) -> int:
        """Player 0's deal score minus player 1's at the end, under perfect play from ``position``.

        ``guess``, a value expected to be near (in the same terms), only speeds the search up.
        """
        self._search_for(position)
        return self._result(position, guess)

    def _result(self, position: SoupPosition, guess: int | None = None) -> int:
        """:meth:`result` within the budget of the call that is under way."""
        search = self.search
        assert search is not None
        known = self._solved.get(position)
        if known is not None:
            return known
        sign = 1 if position.leader == 0 else -1
        start = self._first_guess(position) if guess is None else sign * (guess - position.result()) // search.scale
        return self._solve(position, position.result() + sign * self._future(position, start) * search.scale)

    def _solve(self, position: SoupPosition, result: int) -> int:
        """``result``, found for ``position``: remembered, and given back."""
        self._solved[position] = result
        return result

    def _first_guess(self, position: SoupPosition) -> int:
        """A first guess at the future of a long Soup, when the caller has none: the value of a search
        :data:`GUESS_TRICKS` tricks deep that estimates the rest (:func:`estimate`). MTD(f) needs fewer
        probes from a close guess; this one costs a few hundredths of the search it speeds up."""
        search = self.search
        assert search is not None
        cards = len(position.hands[position.leader]) + (position.phase != LEAD)
        if cards < GUESS_FROM:
            return 0
        shallow = Search(position.duck, search.owner0, cards - GUESS_TRICKS, position.silent)
        shallow.allow(self.budget)  # within the same budget, so that a refusal is the same everywhere
        return shallow.mtd(self._probe(position, shallow))

    def value(self, position: SoupPosition, player: int | None = None) -> int:
        """The deal score difference at the end under perfect play, for ``player`` (default: the player to act)."""
        player = position.to_act if player is None else player
        final0 = self.result(position)
        return final0 if player == 0 else -final0

    def action_values(
        self, position: SoupPosition, guess: int | None = None, actions: Iterable[Action] | None = None
    ) -> list[tuple[Action, int]]:
        """Every legal action (or only those of ``actions``) with its value for the player to act, in
        canonical order.

        The position itself is solved first; its value (player 0's result, as :meth:`result`
        gives it), a close guess for every action, speeds their searches up, as ``guess`` speeds up
        that first one. Valuing a few ``actions`` (the one played, say) costs little more than the
        position's value; valuing all of them can cost twice as much.
        """
        legal = position.legal_actions()
        wanted = legal if actions is None else _legal_subset(legal, actions)
        self._search_for(position)
        guess = self._result(position, guess)  # the best action's value: a close guess for all of them
        return self._values_of(position, wanted, guess)

    def best_and_played(self, position: SoupPosition, played: Action, guess: int | None = None) -> BestAndPlayed:
        """The value of ``position`` and of ``played`` for the player to act, and one best action.

        What an analysis needs at a decision, for far less than :meth:`action_values`: the
        position's value, the played action's (``guess`` near it), then, only when the played action
        falls short, one action that reaches the position's value, found with null-window probes
        (each answers "at least this?") in canonical order: the first that reaches it.
        """
        player = position.to_act
        if played not in position.legal_actions():
            raise PositionError(f"{played} is not legal here")
        self._search_for(position)
        final0 = self._result(position, guess)
        best = final0 if player == 0 else -final0
        [(_, value)] = self._values_of(position, (played,), final0)
        if value == best:
            return BestAndPlayed(played, best, value)
        for action in position.legal_actions():
            if action != played and self._reaches(position.after(action), player, best):
                return BestAndPlayed(action, best, value)
        raise AssertionError("no action reaches the position's value")  # the value is some action's

    def _values_of(self, position: SoupPosition, actions: Iterable[Action], best0: int) -> list[tuple[Action, int]]:
        """The values of ``actions`` (legal in ``position``) for the player to act, within the budget of
        the call under way; ``best0`` is the position's value (player 0's result under perfect play)."""
        player = position.to_act
        ceiling = best0 if player == 0 else -best0
        out = []
        for action in actions:
            after = position.after(action)
            final0 = after if isinstance(after, int) else self._result_at_most(after, player, ceiling)
            out.append((action, final0 if player == 0 else -final0))
        return out

    def _result_at_most(self, position: SoupPosition, player: int, ceiling: int) -> int:
        """:meth:`_result` of a position whose value for ``player`` is known to be at most ``ceiling`` (an
        action's value is at most its position's): the search starts there, and never probes above it."""
        search = self.search
        assert search is not None
        known = self._solved.get(position)
        if known is not None:
            return known
        sign = 1 if position.leader == 0 else -1  # the leader's view to player 0's
        own = 1 if player == 0 else -1  # player 0's view to the player's
        # own * (result + sign * future * scale) <= ceiling, solved for the future (the leader's view)
        room = ceiling - own * position.result()
        if own * sign > 0:
            bound = room // search.scale
            future = search.mtd(self._probe(position), bound, upper=bound)
        else:
            bound = -(room // search.scale)
            future = search.mtd(self._probe(position), bound, lower=bound)
        return self._solve(position, position.result() + sign * future * search.scale)


@dataclass(frozen=True)
class BestAndPlayed:
    """A decision valued for an analysis: one best action, the position's value and the played action's,
    each for the player to act (:meth:`Solver.best_and_played`)."""

    best: Action
    """An action whose value is the position's (the played one when it is as good as any)."""
    value: int
    """The position's value: the best action's."""
    played: int
    """The played action's value; ``value - played`` is what it lost."""


def _legal_subset(legal: tuple[Action, ...], actions: Iterable[Action]) -> tuple[Action, ...]:
    """``actions`` in canonical order, each of them legal (else :class:`PositionError`)."""
    wanted = set(actions)
    for action in wanted:
        if action not in legal:
            raise PositionError(f"{action} is not legal here")
    return tuple(action for action in legal if action in wanted)
