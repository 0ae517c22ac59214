"""Worlds for Doubleduck's analysis and strong bot: copies of a deal, the cards a player cannot see dealt anew, and
play-outs between greedy players.

A *world* is a deal that agrees with everything one player has seen, its hidden cards (the other three hands and
the stock still to be drawn) dealt at random. The analysis deals worlds from the real deal (:func:`redeal`: the
player at the table saw every card played, so the hidden cards are exactly the others' hands and the stock); the
strong bot, which gets only its own views, deals them from what it remembers (:class:`Knowledge`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ducksoup.doubleduck.bots import CALL_NUMBER, GreedyBot, Seen
from ducksoup.doubleduck.engine import DUCK, NAMES, PLAIN, PLAYS, SOUP, Deal
from duckspec.doubleduck.actions import Play

View = Mapping[str, Any]
CARD_NUMBER = {name: number for number, name in enumerate(NAMES)}


def clone(deal: Deal) -> Deal:
    """An independent copy of ``deal``, to play on without touching it."""
    copy = Deal.__new__(Deal)
    for name in Deal.__slots__:
        setattr(copy, name, getattr(deal, name))
    copy.hands = [list(hand) for hand in deal.hands]
    copy.counts = [list(counts) for counts in deal.counts]
    copy.rank_counts = [list(counts) for counts in deal.rank_counts]
    copy.distinct = [list(cards) for cards in deal.distinct]
    copy.plays = [list(plays) for plays in deal.plays]
    copy.stock = list(deal.stock)
    copy.table = list(deal.table)
    copy.calls = list(deal.calls)
    copy.piles = [list(side) for side in deal.piles]
    copy.tricks = [list(side) for side in deal.tricks]
    copy.keepers = [list(side) for side in deal.keepers]
    return copy


def set_hand(deal: Deal, player: int, cards: Sequence[int]) -> None:
    """Give ``player`` exactly ``cards`` in ``deal``, keeping the engine's lists and counts up to date."""
    hand = sorted(cards)
    counts, ranks = [0] * 52, [0] * 13
    for card in hand:
        counts[card] += 1
        ranks[card % 13] += 1
    deal.hands[player] = hand
    deal.counts[player] = counts
    deal.rank_counts[player] = ranks
    deal.distinct[player] = sorted(set(hand))
    deal.plays[player] = [PLAIN[player][card] for card in deal.distinct[player]]
    deal.legal = None


def hidden_from(deal: Deal, player: int) -> list[int]:
    """The cards ``player`` cannot see in ``deal``: the other three hands and the stock still to be drawn."""
    hidden = [card for other in range(4) if other != player for card in deal.hands[other]]
    return hidden + deal.stock[deal.top :]


def redeal(deal: Deal, player: int, rng: random.Random) -> Deal:
    """A world of ``deal`` for ``player``: a copy whose hidden cards (:func:`hidden_from`) are shuffled anew, each
    other hand keeping its size."""
    world = clone(deal)
    pool = hidden_from(deal, player)
    rng.shuffle(pool)
    start = 0
    for other in range(4):
        if other != player:
            size = len(deal.hands[other])
            set_hand(world, other, pool[start : start + size])
            start += size
    world.stock[world.top :] = pool[start:]
    return world


class Knowledge:
    """What one player has seen of the current deal, from its own views alone: every card it saw on the table.

    A bot is shown the table only when it is its turn, so the cards played after it in a trick go unseen; a world
    deals the other hands and the stock from every card not in its hand and not seen played (:meth:`world`). Seeing
    the same view twice changes nothing.
    """

    def __init__(self) -> None:
        self.deal: tuple[object, object] | None = None
        self.tables: dict[int, list[int]] = {}
        """The cards seen on the table, by the number of tricks played before."""
        self.played: dict[int, int] = {}
        """The card this player played, by the number of tricks played before."""
        self.tricks = -1

    def observe(self, view: View) -> None:
        """Note what ``view`` shows (a new deal starts afresh)."""
        tricks = sum(sum(side) for side in view["tricks"])
        deal = (view.get("deal"), view["dealer"])
        if deal != self.deal or tricks < self.tricks:
            self.deal, self.tables, self.played = deal, {}, {}
        self.tricks = tricks
        self.tables[tricks] = [CARD_NUMBER[view["table"][i : i + 2]] for i in range(0, len(view["table"]), 2)]

    def acted(self, card: int) -> None:
        """Note the card this player played to the current trick."""
        self.played[self.tricks] = card

    def unseen(self, hand: Sequence[int]) -> list[int]:
        """Every card of the two packs neither in ``hand`` nor seen played, sorted."""
        counts = [2] * 52
        seen = [card for table in self.tables.values() for card in table]
        for card in (*hand, *seen, *self.played.values()):
            counts[card] -= 1
        if min(counts) < 0:
            extra = ", ".join(NAMES[card] for card in range(52) if counts[card] < 0)
            raise ValueError(f"doubleduck: the views do not add up: more than two of {extra} seen")
        return [card for card in range(52) for _ in range(counts[card])]

    def world(self, view: View, rng: random.Random) -> Deal:
        """A deal that agrees with ``view`` and everything seen before: the unseen cards dealt at random to the
        other hands and the stock."""
        hand = [CARD_NUMBER[view["hand"][i : i + 2]] for i in range(0, len(view["hand"]), 2)]
        pool = self.unseen(hand)
        rng.shuffle(pool)
        return deal_of_view(view, hand, pool)


def deal_of_view(view: View, hand: Sequence[int], pool: Sequence[int]) -> Deal:
    """The engine's deal of ``view`` with ``hand`` for its player, and the other hands then the stock taken from
    ``pool`` in order."""
    player = int(view["player"])
    deal = Deal(list(range(52)) * 2, int(view["dealer"]))
    start = 0
    for seat in range(4):
        if seat == player:
            set_hand(deal, seat, hand)
        else:
            size = int(view["hand_sizes"][seat])
            set_hand(deal, seat, pool[start : start + size])
            start += size
    stock = int(view["stock"])
    deal.stock = [0] * (104 - stock) + list(pool[start : start + stock])
    deal.top = 104 - stock
    deal.course = DUCK if view["course"] == "duck" else SOUP
    deal.piles = [list(side) for side in view["piles"]]
    deal.tricks = [list(side) for side in view["tricks"]]
    deal.keepers = [list(side) for side in view["keepers"]]
    table = [CARD_NUMBER[view["table"][i : i + 2]] for i in range(0, len(view["table"]), 2)]
    leader = (player - len(table)) & 3
    deal.to_move = leader
    deal.table, deal.calls = [], []
    deal.legal = None
    for card, call in zip(table, view["calls"], strict=True):
        _replay_card(deal, deal.to_move, card, call)
    return deal


def _replay_card(deal: Deal, seat: int, card: int, call: str) -> None:
    """Play a card already on the view's table: given to ``seat`` first, so that the engine takes it from the hand."""
    hand = [*deal.hands[seat], card]
    set_hand(deal, seat, hand)
    deal.apply(PLAYS[seat][card][CALL_NUMBER[call]])


def greedy_choice(bot: GreedyBot, deal: Deal, player: int) -> Play:
    """The greedy bot's choice for ``player`` in ``deal``, read from the deal directly (no view is built)."""
    legal = deal.legal_actions()
    if len(legal) == 1:
        return legal[0]
    side = player & 1
    piles = deal.piles
    seen = Seen(
        me=player,
        course=deal.course,
        hand=tuple(deal.hands[player]),
        table=tuple(deal.table),
        calls=tuple(deal.calls),
        piles=((piles[side][0], piles[side][1]), (piles[1 - side][0], piles[1 - side][1])),
    )
    return bot.pick(seen, legal)


def play_out(deal: Deal, bots: Sequence[GreedyBot]) -> tuple[int, int]:
    """Play ``deal`` to its end with ``bots`` (one per seat); the two sides' deal scores."""
    while deal.to_move >= 0:
        player = deal.to_move
        deal.apply(greedy_choice(bots[player], deal, player))
    return deal.scores()
