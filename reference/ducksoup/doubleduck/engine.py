"""The reference engine for Doubleduck: deals and games of four players with two packs, built for speed.

Written independently of the specification's rule logic (the differential tests prove the two
equal). Cards are ints ``suit * 13 + rank`` (rank 0 is the Ace); the two copies of a card are the
same int, so each hand is a sorted list that may hold a card twice, with a count per card and per
rank beside it. Actions are the specification's own :class:`~duckspec.doubleduck.actions.Play`
values, created once for every player, card and call and reused: ``legal_actions()`` builds no
action objects (a hand keeps the plain plays of its distinct cards up to date, and the tuple is
cached until the next step), and ``apply()`` recognises its own actions by identity. The trick is
decided as it is played: the best card of the suit led so far, the seat of the winning call, the
suits seen. Anything else is checked only on the slow path of an illegal action.

>>> from duckspec.doubleduck.cards import two_packs
>>> deal = Deal(two_packs(), dealer=3)
>>> len(deal.legal_actions()), deal.to_act
(13, 0)
>>> deal.apply(deal.legal_actions()[0])
>>> deal.phase, deal.to_act
('follow', 1)
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Sequence
from typing import Any

from ducksoup.arguments import check_card_number, check_options, check_player
from duckspec.cards import Card, card_from_index, parse_card
from duckspec.doubleduck.actions import Call, Play, check_well_formed
from duckspec.doubleduck.errors import ErrorCode, IllegalAction
from duckspec.doubleduck.variants import STANDARD, DrawOrder, RuleOptions

JSON = dict[str, Any]

LEAD, FOLLOW, OVER = "lead", "follow", "over"
DUCK, SOUP = 0, 1
COURSE_NAMES = ("duck", "soup")
NONE, QUACK1, QUACK2, QUACK3, DOUBLEDUCK = 0, 1, 2, 3, 4
CALLS = (Call.NONE, Call.QUACK, Call.QUACK_QUACK, Call.QUACK_QUACK_QUACK, Call.DOUBLEDUCK)
CALL_NAMES = tuple(call.value for call in CALLS)
CALL_NUMBER = {call: number for number, call in enumerate(CALLS)}

CARDS = tuple(card_from_index(i) for i in range(52))
NAMES = tuple(str(card) for card in CARDS)
SUIT = tuple(i // 13 for i in range(52))
RANK = tuple(i % 13 for i in range(52))
SUIT_BIT = tuple(1 << (i // 13) for i in range(52))
SUITS_IN = tuple(bin(mask).count("1") for mask in range(16))
"""The number of suits in a trick from the mask of its suits: the cards the winner stores."""
# How good a card is at taking a trick of the suit led, higher better, 0 off the suit led:
# KEYS[course][suit led][card]; Duck: lower wins, Ace low (best); Soup: higher wins, Ace high (best).
_DUCK_STRENGTH = tuple(13 - i % 13 for i in range(52))
_SOUP_STRENGTH = tuple(i % 13 or 13 for i in range(52))
KEYS = tuple(
    tuple(tuple(strength[c] if c // 13 == suit else 0 for c in range(52)) for suit in range(4))
    for strength in (_DUCK_STRENGTH, _SOUP_STRENGTH)
)
DRAWERS = tuple(tuple((winner + k) & 3 for k in range(4)) for winner in range(4))
"""The order of the draw after a Duck trick: the winner, then round to the left."""

PLAYS = tuple(tuple(tuple(Play(p, CARDS[c], call) for call in CALLS) for c in range(52)) for p in range(4))
PLAIN = tuple(tuple(PLAYS[p][c][NONE] for c in range(52)) for p in range(4))
ACTION_INFO: dict[int, tuple[Play, int, int, int]] = {
    id(PLAYS[p][c][k]): (PLAYS[p][c][k], p, c, k) for p in range(4) for c in range(52) for k in range(5)
}
DECK_SIZE = 104
STOCK_START = 52
NOBODY = 4
"""The seat of an action's player who is not at the table: never the player to act."""


def card_number(card: Card | int | str) -> int:
    """A card as the engine's int, from a Card, an int 0-51 or ``TC`` notation.

    ``TypeError`` for anything else (a float, a bool or a NumPy integer is not a card number: see
    :mod:`ducksoup.arguments`), ``ValueError`` for an int out of range or a text that is not a card.
    """
    return check_card_number(card, 52, _parse_card_number, Card, "TC")


def _parse_card_number(text: str) -> int:
    return parse_card(text).index


def check_deck(deck: Sequence[int]) -> None:
    """Raise ``ValueError`` unless ``deck`` holds every card number exactly twice (two packs)."""
    counts = [0] * 52
    for card in deck:
        counts[card] += 1
    if len(deck) != DECK_SIZE or any(count != 2 for count in counts):
        missing = [NAMES[c] for c in range(52) for _ in range(max(0, 2 - counts[c]))]
        extra = [NAMES[c] for c in range(52) for _ in range(max(0, counts[c] - 2))]
        details = "; ".join(
            f"{label}: {' '.join(cards)}" for label, cards in (("missing", missing), ("too many", extra)) if cards
        )
        raise ValueError(
            f"a deck of two packs lists each of the 52 cards twice, 104 cards top first; "
            f"this one has {len(deck)} cards" + (f" ({details})" if details else "")
        )


def deck_numbers(deck: Sequence[Card | int | str]) -> list[int]:
    """A checked deck of card numbers from cards, card numbers or notation."""
    if len(deck) == DECK_SIZE and all(type(card) is int for card in deck):
        numbers: list[int] = list(deck)  # type: ignore[arg-type]
        if all(0 <= card < 52 for card in numbers):
            check_deck(numbers)
            return numbers
    numbers = [card_number(card) for card in deck]
    check_deck(numbers)
    return numbers


def cards_text(cards: Sequence[int]) -> str:
    return "".join([NAMES[c] for c in cards])


def _describe(action: Play) -> tuple[Play, int, int, int]:
    """(action, player, card, call number) of an action the engine did not create.

    The slow path: the action's types are checked as the specification checks them
    (:func:`~duckspec.doubleduck.actions.check_well_formed`), so a malformed action is a ``TypeError``
    raised before anything changes. A player who is not at the table is kept as seat 4, whose turn
    never comes, so that it is refused as out of turn.
    """
    check_well_formed(action)
    player = action.player
    return action, player if 0 <= player < 4 else NOBODY, action.card.index, CALL_NUMBER[action.call]


class Deal:
    """One deal in progress: ``legal_actions()``, ``apply(action)``, ``observation(player)``, ``state()``."""

    __slots__ = (
        "as_played",
        "best_key",
        "best_seat",
        "call_seat",
        "calls",
        "counts",
        "course",
        "dealer",
        "distinct",
        "doubleducked",
        "hands",
        "keepers",
        "keys",
        "led",
        "legal",
        "matches",
        "piles",
        "plays",
        "rank_counts",
        "stock",
        "suits",
        "table",
        "to_move",
        "top",
        "tricks",
    )

    def __init__(self, deck: Sequence[Card | int | str], dealer: int, options: RuleOptions | None = None) -> None:
        numbers = deck_numbers(deck)
        check_player(dealer, 4, "the dealer")
        self.as_played = check_options(options, RuleOptions, STANDARD).draw is DrawOrder.AS_PLAYED
        self.dealer = dealer
        first = (dealer + 1) & 3  # the dealer's left receives the first card and leads
        hands: list[list[int]] = [[], [], [], []]
        for position in range(52):
            hands[(first + position) & 3].append(numbers[position])
        self.hands = [sorted(hand) for hand in hands]
        self.counts = [[0] * 52 for _ in range(4)]
        self.rank_counts = [[0] * 13 for _ in range(4)]
        self.distinct: list[list[int]] = [[], [], [], []]
        self.plays: list[list[Play]] = [[], [], [], []]
        for player, hand in enumerate(self.hands):
            counts, ranks = self.counts[player], self.rank_counts[player]
            for card in hand:
                counts[card] += 1
                ranks[card % 13] += 1
            self.distinct[player] = sorted(set(hand))
            self.plays[player] = [PLAIN[player][card] for card in self.distinct[player]]
        self.stock = numbers
        self.top = STOCK_START
        self.course = DUCK
        self.to_move = first
        self.table: list[int] = []
        self.calls: list[int] = []
        self.piles = [[0, 0], [0, 0]]
        self.tricks = [[0, 0], [0, 0]]
        self.keepers: list[list[int | None]] = [[None, None], [None, None]]
        self.legal: tuple[Play, ...] | None = None
        self.keys: tuple[int, ...] = KEYS[DUCK][0]
        self.led = -1
        self.best_key = self.best_seat = 0
        self.call_seat = -1
        self.doubleducked = False
        self.suits = 0
        self.matches = 0

    # What the players may do

    @property
    def to_act(self) -> int | None:
        return None if self.to_move < 0 else self.to_move

    @property
    def is_over(self) -> bool:
        return self.to_move < 0

    @property
    def phase(self) -> str:
        if self.to_move < 0:
            return OVER
        return FOLLOW if self.table else LEAD

    @property
    def leader(self) -> int:
        return (self.to_move - len(self.table)) & 3

    def legal_actions(self) -> tuple[Play, ...]:
        """Every legal action, in the specification's canonical order; empty when the deal is over."""
        legal = self.legal
        if legal is not None:
            return legal
        player = self.to_move
        if player < 0:
            legal = ()
        elif not self.table or not self.rank_counts[player][self.led % 13]:
            legal = tuple(self.plays[player])
        else:
            led = self.led
            rank = led % 13
            quack = self.matches + 1
            plays = PLAYS[player]
            actions: list[Play] = []
            for card in self.distinct[player]:
                row = plays[card]
                actions.append(row[NONE])
                if card % 13 == rank:
                    actions.append(row[quack])
                    if card == led:
                        actions.append(row[DOUBLEDUCK])
            legal = tuple(actions)
        self.legal = legal
        return legal

    def apply(self, action: Play) -> None:
        """Play ``action``; if it is illegal, raise :class:`IllegalAction` with the spec's code and change nothing."""
        info = ACTION_INFO.get(id(action))
        if info is None or info[0] is not action:
            info = _describe(action)
        _, player, card, call = info
        to_move = self.to_move
        if player != to_move:
            self._refuse_turn(player)
        counts = self.counts[player]
        if not counts[card]:
            raise IllegalAction(ErrorCode.CARD_NOT_IN_HAND, "§4", f"player {player} holds no {NAMES[card]}")
        if call:
            self._check_call(card, call)
        # The card leaves the hand.
        left = counts[card] - 1
        counts[card] = left
        self.rank_counts[player][card % 13] -= 1
        hand = self.hands[player]
        del hand[bisect_left(hand, card)]
        if not left:
            index = bisect_left(self.distinct[player], card)
            del self.distinct[player][index]
            del self.plays[player][index]
        self.legal = None
        # The card joins the trick, which is decided as it goes.
        table = self.table
        if table:
            key = self.keys[card]
            if key >= self.best_key:
                self.best_key, self.best_seat = key, player
            self.suits |= SUIT_BIT[card]
            if card % 13 == self.led % 13:
                self.matches += 1
                if call == DOUBLEDUCK:
                    self.doubleducked, self.call_seat = True, player
                elif call and not self.doubleducked:
                    self.call_seat = player
        else:
            keys = KEYS[self.course][card // 13]
            self.keys, self.led, self.best_key, self.best_seat = keys, card, keys[card], player
            self.call_seat, self.doubleducked, self.suits, self.matches = -1, False, SUIT_BIT[card], 0
        table.append(card)
        self.calls.append(call)
        if self.as_played and self.course == DUCK:
            self._take(player, self.stock[self.top])
            self.top += 1
        if len(table) == 4:
            self._finish()
        else:
            self.to_move = (player + 1) & 3

    def _refuse_turn(self, player: int) -> None:
        if self.to_move < 0:
            raise IllegalAction(ErrorCode.DEAL_OVER, "§5", "the deal is over: every hand is played out")
        raise IllegalAction(ErrorCode.NOT_YOUR_TURN, "§4", f"player {self.to_move} must play now, not player {player}")

    def _check_call(self, card: int, call: int) -> None:
        """The slow path of a card played with a call: refuse a call the card is not entitled to."""
        if not self.table:
            raise IllegalAction(
                ErrorCode.CALL_NOT_ALLOWED, "DD-R05", f"nothing is called with a lead; play {NAMES[card]}"
            )
        led = self.led
        if card % 13 != led % 13:
            raise IllegalAction(
                ErrorCode.CALL_RANK_MISMATCH,
                "DD-R05",
                f"'{CALL_NAMES[call]}' needs a card of the rank led ({NAMES[led][0]}), not {NAMES[card]}",
            )
        if call == DOUBLEDUCK:
            if card != led:
                raise IllegalAction(
                    ErrorCode.NOT_THE_DUPLICATE,
                    "DD-R05",
                    f"only the other {NAMES[led]} may call 'doubleduck', not {NAMES[card]}",
                )
        elif call != self.matches + 1:
            due = self.matches + 1
            raise IllegalAction(
                ErrorCode.QUACK_COUNT_MISMATCH,
                "DD-R04",
                f"this is card {due} of rank {NAMES[led][0]} after the lead: call {due} quack(s), "
                f"not '{CALL_NAMES[call]}'",
            )

    def _finish(self) -> None:
        """Decide the trick, store the winner's cards, draw in the Duck, change course, set the next leader."""
        winner = self.call_seat if self.call_seat >= 0 else self.best_seat
        side, course = winner & 1, self.course
        self.piles[side][course] += SUITS_IN[self.suits]
        self.tricks[side][course] += 1
        keepers = self.keepers[side]
        if course == DUCK:
            if keepers[0] is None:
                keepers[0] = winner
        elif keepers[1] is None:
            keepers[1] = winner if keepers[0] is None else keepers[0] ^ 2
        self.table = []
        self.calls = []
        if course == DUCK:
            if not self.as_played:
                stock, top = self.stock, self.top
                for player in DRAWERS[winner]:
                    self._take(player, stock[top])
                    top += 1
                self.top = top
            if self.top >= DECK_SIZE:
                self.course = SOUP
            self.to_move = winner
        else:
            self.to_move = winner if self.hands[0] else -1

    def _take(self, player: int, card: int) -> None:
        """Put a drawn card into ``player``'s hand, keeping its lists and counts up to date."""
        counts = self.counts[player]
        if not counts[card]:
            distinct = self.distinct[player]
            index = bisect_left(distinct, card)
            distinct.insert(index, card)
            self.plays[player].insert(index, PLAIN[player][card])
        counts[card] += 1
        self.rank_counts[player][card % 13] += 1
        insort(self.hands[player], card)

    # The canonical state and the players' observations

    def scores(self) -> tuple[int, int]:
        """Each side's deal score so far: Duck pile times Soup pile."""
        piles = self.piles
        return piles[0][0] * piles[0][1], piles[1][0] * piles[1][1]

    def summary(self) -> JSON:
        """The deal's piles, tricks and scores, as a trace's ``final`` lists each finished deal."""
        return {
            "piles": [list(side) for side in self.piles],
            "tricks": [list(side) for side in self.tricks],
            "scores": list(self.scores()),
        }

    def state(self) -> JSON:
        """The canonical state, in the conformance suite's JSON form."""
        to_act = self.to_act
        return {
            "dealer": self.dealer,
            "course": COURSE_NAMES[self.course],
            "phase": self.phase,
            "to_act": to_act,
            "hands": [cards_text(hand) for hand in self.hands],
            "stock": DECK_SIZE - self.top,
            "table": cards_text(self.table),
            "calls": [CALL_NAMES[call] for call in self.calls],
            "piles": [list(side) for side in self.piles],
            "keepers": [list(side) for side in self.keepers],
            "tricks": [list(side) for side in self.tricks],
            "scores": list(self.scores()) if to_act is None else None,
        }

    def observation(self, player: int, state: JSON | None = None) -> JSON:
        """What ``player`` may see: the state without the other hands, and how many cards each hand holds.

        ``state``, if given, is this deal's :meth:`state` (or a game's), to build on without recomputing it.
        """
        if type(player) is not int or not 0 <= player < 4:
            check_player(player, 4)
        seen = {key: value for key, value in (state or self.state()).items() if key != "hands"}
        seen["player"] = player
        seen["hand"] = cards_text(self.hands[player])
        seen["hand_sizes"] = [len(hand) for hand in self.hands]
        return seen


class Game:
    """A game: deals from the given decks, the deal passing to the left, until four deals or 1000 points.

    The decks are consumed one per deal; when they run out before the end the game waits
    (``needs_deck``) until :meth:`add_decks` gives more.
    """

    def __init__(
        self, decks: Sequence[Sequence[Card | int | str]], first_dealer: int, options: RuleOptions | None = None
    ) -> None:
        if not decks:
            raise ValueError("a game needs at least one deck")
        self.options = check_options(options, RuleOptions, STANDARD)
        self.decks = [deck_numbers(deck) for deck in decks]
        self.deal = Deal(self.decks[0], first_dealer, self.options)
        self.dealt = 1
        self.deal_scores: list[tuple[int, int]] = []
        self.finished: list[JSON] = []
        """Every finished deal: its ``piles`` and ``tricks`` by side and course, and its ``scores`` (a trace's
        ``final`` form)."""
        self.result: JSON | None = None

    @property
    def totals(self) -> tuple[int, int]:
        return sum(s[0] for s in self.deal_scores), sum(s[1] for s in self.deal_scores)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def needs_deck(self) -> bool:
        return self.result is None and self.deal.to_move < 0

    @property
    def to_act(self) -> int | None:
        return None if self.result is not None else self.deal.to_act

    def legal_actions(self) -> tuple[Play, ...]:
        return () if self.result is not None else self.deal.legal_actions()

    def apply(self, action: Play) -> None:
        """Play ``action`` in the current deal; a finished deal is scored and the next one dealt."""
        if self.result is not None:
            raise IllegalAction(
                ErrorCode.GAME_OVER, "DD-R16", f"the game is over: side {self.result['winner']} has won it"
            )
        deal = self.deal
        deal.apply(action)
        if deal.to_move < 0:
            self._score(deal)

    def _score(self, deal: Deal) -> None:
        scores = deal.scores()
        self.deal_scores.append(scores)
        self.finished.append(deal.summary())
        totals = self.totals
        played = len(self.deal_scores)
        if (max(totals) >= 1000 or played >= 4) and totals[0] != totals[1]:
            winner = 0 if totals[0] > totals[1] else 1
            reached = totals[winner] >= 1000
            points = 2 + max(0, 4 - played) if reached and totals[1 - winner] < 1000 else 1
            self.result = {"winner": winner, "end": "target" if reached else "deals", "game_points": points}
            return
        self._next_deal()

    def _next_deal(self) -> None:
        if self.dealt >= len(self.decks):
            return
        self.deal = Deal(self.decks[self.dealt], (self.deal.dealer + 1) & 3, self.options)
        self.dealt += 1

    def add_decks(self, decks: Sequence[Sequence[Card | int | str]]) -> None:
        self.decks.extend(deck_numbers(deck) for deck in decks)
        if self.needs_deck:
            self._next_deal()

    def state(self) -> JSON:
        state = self.deal.state()
        state.update(
            {
                "deal": self.dealt - 1,
                "deal_scores": [list(s) for s in self.deal_scores],
                "totals": list(self.totals),
                "result": None if self.result is None else dict(self.result),
            }
        )
        return state

    def observation(self, player: int, state: JSON | None = None) -> JSON:
        """What ``player`` may see of the game (see :meth:`Deal.observation`)."""
        return self.deal.observation(player, state or self.state())
