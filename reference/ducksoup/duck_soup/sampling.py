"""What one player knows of the cards it cannot see, and whole deals consistent with it.

A player sees its own hand, the cards on the table while a trick is open, the face-up card and
the face-up cards the opponent took. It does not see the card the opponent plays to its lead
(the trick ends, and its cards leave the view, the moment the follower plays) nor the fourth
card of its own quack-quack, nor any card drawn blind. What it can tell of such a card follows
from the points: in the course of the trick, a card that won one point for the opponent was of
the suit led and stronger; one point for the player, of the suit led and weaker; two points
for the player, of another suit. The fourth card of a quack-quack that took both tricks with
"duck soup" is the last card of its rank, so it is known outright.

:class:`Knowledge` follows one player through a deal from that player's views alone (and the
actions it took), as a careful card player would, and :meth:`Knowledge.sample` deals the
cards it cannot place: the opponent's unseen cards, the stock below the face-up card, and the
cards that left play unseen, each of the last meeting what the points said of it. The analysis
of Duck decisions (:mod:`ducksoup.duck_soup.analyse`) and the strong bot (:mod:`ducksoup.duck_soup.strong`) both
reason from such samples.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ducksoup.duck_soup import engine
from ducksoup.duck_soup.engine import BIT, NAMES, PLAIN, RANK, STRENGTH, SUIT, Deal
from duckspec.duck_soup.actions import Action, SayDuck
from duckspec.duck_soup.variants import STANDARD, DoubleDraw, RuleOptions, StockVisibility

View = Mapping[str, Any]
CARD_NUMBER = {name: number for number, name in enumerate(NAMES)}
DUCK, SOUP = 0, 1
PHASES = {"lead": engine.LEAD, "follow": engine.FOLLOW, "answer": engine.ANSWER, "fourth": engine.FOURTH}


def cards_of(text: str) -> list[int]:
    """The engine's card numbers of ``TC``-notation text (``"9C4CAS"``)."""
    return [CARD_NUMBER[text[i : i + 2]] for i in range(0, len(text), 2)]


@dataclass(frozen=True)
class Slot:
    """A card of the opponent's that left play unseen, and what the points said of it.

    ``relation`` is ``"stronger"`` or ``"weaker"`` (of the suit of ``card``, in ``course``),
    ``"same-suit"`` or ``"other-suit"`` (than ``card``), or ``"any"`` when nothing can be told.
    """

    card: int
    relation: str
    course: int

    def allows(self, candidate: int) -> bool:
        if self.relation == "any":
            return True
        same = SUIT[candidate] == SUIT[self.card]
        if self.relation == "other-suit":
            return not same
        if self.relation == "same-suit":
            return same
        stronger = STRENGTH[self.course][candidate] > STRENGTH[self.course][self.card]
        return same and stronger == (self.relation == "stronger")


@dataclass(frozen=True)
class World:
    """One way the cards the player cannot place may lie: the opponent's hand, the stock below
    the face-up card (top first; all of it under the hidden stock), and the cards gone unseen."""

    opponent: tuple[int, ...]
    stock: tuple[int, ...]
    gone: tuple[int, ...]


class Knowledge:
    """One player's knowledge of a deal, built from its views (:meth:`observe`) and its actions (:meth:`acted`)."""

    def __init__(self) -> None:
        self.reset((None, None))

    def reset(self, deal: tuple[object, object]) -> None:
        self.deal = deal
        self.progress = -1
        self.gone: set[int] = set()
        """Cards known to have left play: the player's own, those seen on the table, those
        seen going into the opponent's hand and then gone, and the fourth card of a duck soup."""
        self.slots: list[Slot] = []
        self.hand: frozenset[int] = frozenset()
        self.opponent_known: frozenset[int] = frozenset()
        self.mine_known: set[int] = set()
        """The player's cards that the opponent saw it take face up."""
        self.face_up: int | None = None
        # What the player did that the next view settles: (kind, card, table, course, points).
        self.pending: tuple[str, int, tuple[int, ...], int, tuple[int, ...]] | None = None
        self.view: View | None = None

    def observe(self, view: View) -> None:
        """Take in the view the player has when it must act."""
        tricks = view["tricks"]
        table = cards_of(view["table"])
        progress = (26 - int(view["stock"])) * 4 + (sum(tricks[0]) + sum(tricks[1])) * 4 + len(table)
        hand = frozenset(cards_of(view["hand"]))
        known = frozenset(cards_of(view["opponent_known"]))
        deal = (view.get("deal"), view["dealer"])
        if deal != self.deal or progress < self.progress or hand & self.gone:
            self.reset(deal)
        self.progress = progress
        me = int(view["player"])
        if self.face_up is not None and self.face_up in hand and self.face_up not in self.hand:
            self.mine_known.add(self.face_up)
        self.mine_known &= hand
        vanished = set(self.opponent_known - known)
        self.gone |= (self.hand - hand) | vanished | set(table)
        if self.pending is not None:
            self._settle(view, me, table, vanished)
        self.hand, self.opponent_known = hand, known
        self.face_up = None if view["face_up"] is None else CARD_NUMBER[view["face_up"]]
        self.view = view

    def _settle(self, view: View, me: int, table: list[int], vanished: set[int]) -> None:
        """Learn what became of the player's lead (or third card) from the points since."""
        kind, card, before_table, course, before = self.pending or ("", 0, (), 0, ())
        self.pending = None
        if kind == "lead" and len(table) == 2 and table[0] == card:
            return  # the opponent quacked: the quack is on the table, seen
        points = view["points"]
        mine = int(points[me][course]) - before[0]
        theirs = int(points[1 - me][course]) - before[1]
        unseen_known = [c for c in vanished if c not in before_table and c not in table]
        if len(unseen_known) == 1:
            self.gone.add(unseen_known[0])  # a card seen going into the opponent's hand answered it
            return
        if kind == "third":
            rank_mates = [c for c in range(RANK[card], 52, 13) if c != card and c not in before_table]
            if theirs == 4 and len(rank_mates) == 1:
                self.gone.add(rank_mates[0])  # duck soup: the last card of the rank
                return
            relation = {3: "same-suit", 4: "other-suit"}.get(mine, "any")
        else:
            relation = "any"
            if theirs == 1:
                relation = "stronger"
            elif mine == 1:
                relation = "weaker"
            elif mine == 2:
                relation = "other-suit"
        self.slots.append(Slot(card, relation, course))

    def acted(self, action: Action) -> None:
        """Note the player's own action: a lead, or a third card, is settled by the next view."""
        view = self.view
        if view is None or isinstance(action, SayDuck):
            return
        phase = view["phase"]
        if phase in ("lead", "answer"):  # a lead, or the third card of a quack-quack (with or without the call)
            me = int(view["player"])
            course = DUCK if view["course"] == "duck" else SOUP
            points = view["points"]
            kind = "lead" if phase == "lead" else "third"
            table = tuple(cards_of(view["table"])) + (action.card.index,)
            self.pending = (
                kind,
                action.card.index,
                table,
                course,
                (int(points[me][course]), int(points[1 - me][course])),
            )

    # Sampling

    def unplaced(self) -> tuple[list[int], int, int]:
        """The cards the player cannot place, how many of them the opponent holds, how many lie in the stock unseen."""
        view = self.view
        assert view is not None
        seen = set(self.hand) | self.gone | set(self.opponent_known) | set(cards_of(view["table"]))
        if self.face_up is not None:
            seen.add(self.face_up)
        pool = [c for c in range(52) if c not in seen]
        held = int(view["opponent_hand"]) - len(self.opponent_known)
        stock = int(view["stock"]) - (1 if self.face_up is not None else 0)
        return pool, held, stock

    def sample(self, rng: random.Random) -> World:
        """A world consistent with what the player knows, each unseen card drawn at random."""
        pool, held, stock = self.unplaced()
        slots = list(self.slots)
        extra = len(pool) - held - stock
        if extra != len(slots):  # a deal the tracker did not follow from its start: drop what cannot fit
            slots = slots[: max(0, extra)] + [Slot(0, "any", 0)] * max(0, extra - len(slots))
        for _ in range(50):
            gone = _fill(slots, pool, rng)
            if gone is not None:
                break
        else:
            gone = rng.sample(pool, len(slots))
        rest = [c for c in pool if c not in gone]
        rng.shuffle(rest)
        return World(tuple(sorted(rest[:held])), tuple(rest[held:]), tuple(gone))

    def world_deal(self, world: World, options: RuleOptions | None = None, silent: bool | None = None) -> Deal:
        """The engine's deal in ``world``: the view's position with the opponent's hand and the stock filled in.

        ``silent`` (when not None) says whether calls are silent (ruling DS-R15), whatever ``options`` say.
        """
        view = self.view
        assert view is not None
        me = int(view["player"])
        opponent_hand = sorted([*self.opponent_known, *world.opponent])
        hands = [sorted(self.hand), opponent_hand] if me == 0 else [opponent_hand, sorted(self.hand)]
        known = [sum(BIT[c] for c in self.mine_known), sum(BIT[c] for c in self.opponent_known)]
        return build_deal(view, hands, known if me == 0 else known[::-1], world.stock, self.face_up, options, silent)


def _fill(slots: Sequence[Slot], pool: Sequence[int], rng: random.Random) -> list[int] | None:
    """Cards of ``pool`` for the ``slots``, each meeting its slot, the most constrained slot first."""
    choices = sorted(((s, [c for c in pool if s.allows(c)]) for s in slots), key=lambda item: len(item[1]))
    used: set[int] = set()
    out = []
    for _, candidates in choices:
        free = [c for c in candidates if c not in used]
        if not free:
            return None
        card = free[rng.randrange(len(free))]
        used.add(card)
        out.append(card)
    return out


def build_deal(
    view: View,
    hands: Sequence[Iterable[int]],
    known: Sequence[int],
    stock_below: Sequence[int],
    face_up: int | None,
    options: RuleOptions | None = None,
    silent: bool | None = None,
) -> Deal:
    """An engine deal in the position ``view`` shows, with both hands and the stock given.

    ``known[p]`` is the mask of player ``p``'s cards the opponent saw it take; ``stock_below``
    the stock under the face-up card (all of it when no card is face up), top first.
    """
    options = options or STANDARD
    if face_up is None and int(view["stock"]) and options.stock is not StockVisibility.HIDDEN:
        options = RuleOptions(stock=StockVisibility.HIDDEN, double_draw=options.double_draw)
    deal = Deal.__new__(Deal)
    deal.hidden = options.stock is StockVisibility.HIDDEN
    deal.double_draw_alternate = options.double_draw is DoubleDraw.ALTERNATE
    deal.dealer = int(view["dealer"])
    deal.course = DUCK if view["course"] == "duck" else SOUP
    phase = str(view["phase"])
    deal.phase = PHASES[phase]
    to_act = int(view["to_act"])
    deal.leader = to_act if phase in ("lead", "answer") else 1 - to_act
    deal.hand_lists = [sorted(hand) for hand in hands]
    deal.hands = [sum(BIT[c] for c in hand) for hand in deal.hand_lists]
    deal.hand_plays = [[PLAIN[p][c] for c in deal.hand_lists[p]] for p in (0, 1)]
    left = int(view["stock"])
    top = 26 - left
    stock = [*([] if face_up is None else [face_up]), *stock_below]
    deal.stock = [-1] * top + stock
    deal.top = top
    deal.table = cards_of(view["table"])
    deal.tricks = [list(view["tricks"][0]), list(view["tricks"][1])]
    deal.points = [list(view["points"][0]), list(view["points"][1])]
    deal.known = list(known)
    deal.silent = silent_calls(options) if silent is None else silent
    return deal


def silent_calls(options: object) -> bool:
    """Whether rule options (or their JSON) play silent calls (ruling DS-R15)."""
    calls = options.get("calls") if isinstance(options, dict) else getattr(options, "calls", None)
    return str(calls) == "silent"


def play_out(deal: Deal, bots: Sequence[Any], informed_soup: bool = False) -> tuple[int, int]:
    """Play ``deal`` to its end with ``bots`` (one per seat, deciding from their views); the deal scores.

    With ``informed_soup``, each bot's view in the Soup lists the opponent's whole hand as known,
    as a player who has placed every card would know it.
    """
    while not deal.is_over:
        player = deal.to_act
        assert player is not None
        view = deal.observation(player)
        if informed_soup and deal.course == SOUP:
            view["opponent_known"] = engine.cards_text(deal.hand_lists[1 - player])
        deal.apply(bots[player].choose(view, deal.legal_actions()))
    return deal.scores()


def clone(deal: Deal) -> Deal:
    """A copy of an engine deal that can be played on without touching the original."""
    copy = Deal.__new__(Deal)
    for name in Deal.__slots__:  # every flag and number as it is; the lists copied below
        setattr(copy, name, getattr(deal, name))
    copy.hand_lists = [list(deal.hand_lists[0]), list(deal.hand_lists[1])]
    copy.hands = list(deal.hands)
    copy.hand_plays = [list(deal.hand_plays[0]), list(deal.hand_plays[1])]
    copy.table = list(deal.table)  # the stock is shared: drawing only moves the pointer ``top``
    copy.tricks = [list(deal.tricks[0]), list(deal.tricks[1])]
    copy.points = [list(deal.points[0]), list(deal.points[1])]
    copy.known = list(deal.known)
    return copy
