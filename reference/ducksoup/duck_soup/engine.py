"""The reference engine: Duck Soup deals, games and matches, built for speed.

Written independently of the specification's rule logic (the differential tests prove the two
equal): cards are ints ``suit * 13 + rank`` (rank 0 is the Ace), hands are bitmasks with a
sorted list beside them, the stock is a list with a pointer, and actions are the
specification's own :class:`~duckspec.duck_soup.actions.Play` and
:class:`~duckspec.duck_soup.actions.SayDuck` values, created once and reused, so that
``legal_actions()`` builds no objects and ``apply()`` recognises its own actions by identity.

>>> from duckspec.cards import full_deck
>>> deal = Deal(full_deck(), dealer=1)
>>> len(deal.legal_actions()), deal.to_act
(13, 0)
>>> deal.apply(deal.legal_actions()[0])
>>> deal.phase
'follow'
"""

from __future__ import annotations

from bisect import bisect
from collections.abc import Sequence
from typing import Any

from ducksoup.arguments import check_card_number, check_options
from ducksoup.arguments import check_player as check_seat
from duckspec.cards import Card, card_from_index, parse_card
from duckspec.duck_soup.actions import Action, Play, SayDuck, check_well_formed
from duckspec.duck_soup.errors import ErrorCode, IllegalAction
from duckspec.duck_soup.quacking import Call
from duckspec.duck_soup.variants import STANDARD, Calls, DoubleDraw, RuleOptions, StockVisibility
from duckspec.seats import opponent

JSON = dict[str, Any]

LEAD, FOLLOW, ANSWER, FOURTH, OVER = "lead", "follow", "answer", "fourth", "over"
DUCK, SOUP = 0, 1
COURSE_NAMES = ("duck", "soup")
NONE, QUACK, QUACK_QUACK, DUCK_SOUP = 0, 1, 2, 3
CALLS = (Call.NONE, Call.QUACK, Call.QUACK_QUACK, Call.DUCK_SOUP)
CALL_NUMBER = {call: number for number, call in enumerate(CALLS)}
ALLOWED_CALLS = {LEAD: (NONE,), FOLLOW: (NONE, QUACK), ANSWER: (QUACK_QUACK,), FOURTH: (NONE, DUCK_SOUP)}
SILENT_CALLS = {LEAD: (NONE,), FOLLOW: (NONE,), ANSWER: (NONE,), FOURTH: (NONE,)}
"""With the option ``calls = "silent"`` no card carries a call: the rank alone makes a quack, a quack-quack and
a duck soup."""

CARDS = tuple(card_from_index(i) for i in range(52))
NAMES = tuple(str(card) for card in CARDS)
SUIT = tuple(i // 13 for i in range(52))
RANK = tuple(i % 13 for i in range(52))
# How good a card is within its suit, higher better: Duck (Ace low, lower wins), Soup (Ace high).
STRENGTH = (tuple(13 - i % 13 for i in range(52)), tuple((i % 13 or 13) for i in range(52)))

ALL_CARDS = frozenset(range(52))
INT_TYPES = (int,) * 52
BIT = tuple(1 << c for c in range(52))
RANK_MASK = tuple(sum(1 << (suit * 13 + rank) for suit in range(4)) for rank in range(13))
PLAYS = tuple(tuple(tuple(Play(p, CARDS[c], call) for call in CALLS) for c in range(52)) for p in (0, 1))
PLAIN = tuple(tuple(PLAYS[p][c][0] for c in range(52)) for p in (0, 1))
DUCKS = (SayDuck(0), SayDuck(1))
ACTION_INFO: dict[int, tuple[Action, int, int, int]] = {}
for _player in (0, 1):
    for _card in range(52):
        for _call in range(4):
            _action = PLAYS[_player][_card][_call]
            ACTION_INFO[id(_action)] = (_action, _player, _card, _call)
    ACTION_INFO[id(DUCKS[_player])] = (DUCKS[_player], _player, -1, -1)


def card_number(card: Card | int | str) -> int:
    """A card as the engine's int, from a Card, an int 0-51 or ``TC`` notation.

    ``TypeError`` for anything else (a float, a bool or a NumPy integer is not a card number: see
    :mod:`ducksoup.arguments`), ``ValueError`` for an int out of range or a string that is not a card.
    """
    return check_card_number(card, 52, _parse_card_number, Card, "TC")


def _parse_card_number(text: str) -> int:
    return parse_card(text).index


def check_player(player: object, what: str = "a player") -> int:
    """``player`` if it is player 0 or 1: ``TypeError`` unless an int (``True``, ``1.0`` are not players)."""
    return check_seat(player, 2, what)


def check_deck(deck: Sequence[int]) -> None:
    if len(deck) != 52 or len(set(deck)) != 52:
        missing = sorted(set(range(52)) - set(deck))
        raise ValueError(
            f"a deck lists each of the 52 cards once, top first; this one has {len(deck)} cards"
            + (f", missing {' '.join(NAMES[c] for c in missing)}" if missing else "")
        )


def cards_text(cards: Sequence[int]) -> str:
    return "".join([NAMES[c] for c in cards])


class Deal:
    """One deal in progress: ``legal_actions()``, ``apply(action)``, ``observation(player)``, ``state()``."""

    __slots__ = (
        "course",
        "dealer",
        "double_draw_alternate",
        "hand_lists",
        "hand_plays",
        "hands",
        "hidden",
        "known",
        "leader",
        "phase",
        "points",
        "silent",
        "stock",
        "table",
        "top",
        "tricks",
    )

    def __init__(self, deck: Sequence[Card | int | str], dealer: int, options: RuleOptions | None = None) -> None:
        given = list(deck)
        if len(given) == 52 and tuple(map(type, given)) == INT_TYPES and set(given) == ALL_CARDS:
            numbers: list[int] = given  # type: ignore[assignment]  # the fast path: checked to be ints above
        else:  # the slow path: Cards, names, or anything wrong
            numbers = [card_number(card) for card in given]
            check_deck(numbers)
        check_player(dealer, "the dealer")
        options = check_options(options, RuleOptions, STANDARD)
        self.hidden = options.stock is StockVisibility.HIDDEN
        self.double_draw_alternate = options.double_draw is DoubleDraw.ALTERNATE
        self.silent = options.calls is Calls.SILENT
        self.dealer = dealer
        first = opponent(dealer)
        dealt = [sorted(numbers[0:26:2]), sorted(numbers[1:26:2])]  # the non-dealer gets the first card
        self.hand_lists = dealt if first == 0 else dealt[::-1]
        self.hands = [sum(map(BIT.__getitem__, hand)) for hand in self.hand_lists]
        # Each player's plain plays, in the order of the hand: the legal leads, kept up to date.
        self.hand_plays = [list(map(PLAIN[p].__getitem__, self.hand_lists[p])) for p in (0, 1)]
        self.stock = numbers[26:]
        self.top = 0
        self.course = DUCK
        self.phase = LEAD
        self.leader = first
        self.table: list[int] = []
        self.tricks = [[0, 0], [0, 0]]
        self.points = [[0, 0], [0, 0]]
        self.known = [0, 0]

    # What the players see and may do

    @property
    def to_act(self) -> int | None:
        phase = self.phase
        if phase is LEAD or phase is ANSWER:
            return self.leader
        return None if phase is OVER else 1 - self.leader  # opponent(leader), inlined on the hot path

    @property
    def is_over(self) -> bool:
        return self.phase is OVER

    @property
    def face_up(self) -> int | None:
        return None if self.hidden or self.top >= 26 else self.stock[self.top]

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action, in the specification's canonical order; empty when the deal is over."""
        phase = self.phase
        if phase is OVER:
            return ()
        player = self.leader if phase is LEAD or phase is ANSWER else 1 - self.leader  # inlined opponent(leader)
        if phase is LEAD:
            return tuple(self.hand_plays[player])
        hand = self.hand_lists[player]
        rank = RANK[self.table[0]]
        plays = PLAYS[player]
        if phase is ANSWER:
            answer = NONE if self.silent else QUACK_QUACK
            return (*[plays[c][answer] for c in hand if RANK[c] == rank], DUCKS[player])
        if self.silent or not self.hands[player] & RANK_MASK[rank]:
            return tuple(self.hand_plays[player])
        extra = QUACK if phase is FOLLOW else DUCK_SOUP
        actions: list[Action] = []
        for c in hand:
            actions.append(plays[c][NONE])
            if RANK[c] == rank:
                actions.append(plays[c][extra])
        return tuple(actions)

    def apply(self, action: Action) -> None:
        """Play ``action``; if it is illegal, raise :class:`IllegalAction` with the spec's code and change nothing."""
        info = ACTION_INFO.get(id(action))
        if info is None or info[0] is not action:
            info = _describe(action)
        _, player, card, call = info
        phase = self.phase
        if phase is LEAD or phase is ANSWER:
            to_act = self.leader
        elif phase is OVER:
            raise IllegalAction(ErrorCode.DEAL_OVER, "§7", "the deal is over: both hands are played out")
        else:
            to_act = 1 - self.leader  # opponent(leader), inlined on the hot path
        if player != to_act:
            raise IllegalAction(ErrorCode.NOT_YOUR_TURN, "§4", f"player {to_act} must act now, not player {player}")
        if card < 0:
            if phase is not ANSWER:
                raise IllegalAction(ErrorCode.DUCK_NOT_ALLOWED, "§6", "'duck' answers a quack, and no quack is waiting")
            self._finish(1 - self.leader, 2, 1, False)  # the quacker, opponent(leader), wins a two-suit trick
            return
        if call or phase is ANSWER or not self.hands[player] >> card & 1:
            self._check_play(phase, player, card, call)
        self.hands[player] ^= BIT[card]
        held = self.hand_lists[player]
        index = held.index(card)
        del held[index]
        del self.hand_plays[player][index]
        if self.known[player]:
            self.known[player] &= ~BIT[card]
        table = self.table
        if phase is LEAD:
            table.append(card)
            self.phase = FOLLOW
        elif phase is FOLLOW:
            lead = table[0]
            if call == QUACK or (self.silent and RANK[card] == RANK[lead]):
                table.append(card)
                self.phase = ANSWER
            elif SUIT[card] == SUIT[lead] and STRENGTH[self.course][card] > STRENGTH[self.course][lead]:
                self._finish(player, 1, 1, False)
            else:
                self._finish(self.leader, 1 if SUIT[card] == SUIT[lead] else 2, 1, False)
        elif phase is ANSWER:
            table.append(card)
            self.phase = FOURTH
        else:
            second = 1 if SUIT[card] == SUIT[table[2]] else 2
            soup = call == DUCK_SOUP or (self.silent and RANK[card] == RANK[table[2]])
            winner = player if soup else self.leader
            self._finish(winner, 2 + second, 2, True)

    def _check_play(self, phase: str, player: int, card: int, call: int) -> None:
        silent = self.silent
        if phase is ANSWER and (RANK[card] != RANK[self.table[0]] if silent else call != QUACK_QUACK):
            rank = NAMES[self.table[0]][0]
            how = "(calls are silent)" if silent else "with 'quack-quack'"
            raise IllegalAction(
                ErrorCode.ANSWER_REQUIRED, "DS-R10", f"a quack is waiting: say 'duck', or lead another {rank} {how}"
            )
        if not self.hands[player] >> card & 1:
            raise IllegalAction(ErrorCode.CARD_NOT_IN_HAND, "§4", f"{NAMES[card]} is not in player {player}'s hand")
        if call not in (SILENT_CALLS if silent else ALLOWED_CALLS)[phase]:
            raise IllegalAction(
                ErrorCode.CALL_NOT_ALLOWED,
                "DS-R15" if silent else "DS-R12",
                f"'{CALLS[call]}' cannot be said when the {phase} is played" + ("; calls are silent" if silent else ""),
            )
        if call != NONE and RANK[card] != RANK[self.table[0]]:
            raise IllegalAction(
                ErrorCode.CALL_RANK_MISMATCH,
                "DS-R02",
                f"'{CALLS[call]}' needs a card of the rank led, not {NAMES[card]}",
            )

    def _finish(self, winner: int, points: int, tricks: int, double: bool) -> None:
        """Store the trick(s) with the winner, draw in the Duck, change course, set the next lead."""
        course = self.course
        self.tricks[winner][course] += tricks
        self.points[winner][course] += points
        self.table = []
        self.leader = winner
        if course == SOUP:
            self.phase = LEAD if self.hand_lists[0] else OVER
            return
        self.phase = LEAD
        top = self.top
        if double and top <= 22:
            self._draw_two_each(winner)
        else:  # one card each: the winner takes the top (face-up) card, the loser the next
            taken = self.stock[top]
            self._take(winner, taken)
            self._take(1 - winner, self.stock[top + 1])  # opponent(winner), inlined on the hot path
            if not self.hidden:
                self.known[winner] |= BIT[taken]
            self.top = top + 2
        if self.top >= 26:
            self.course = SOUP

    def _draw_two_each(self, winner: int) -> None:
        """After a quack-quack: the winner's two cards first, or alternately under the option."""
        stock, top, loser = self.stock, self.top, opponent(winner)
        order = (winner, loser, winner, loser) if self.double_draw_alternate else (winner, winner, loser, loser)
        if not self.hidden:
            self.known[winner] |= 1 << stock[top]
        for player, card in zip(order, stock[top : top + 4], strict=True):
            self._take(player, card)
        self.top = top + 4

    def _take(self, player: int, card: int) -> None:
        """Put a drawn card into ``player``'s hand, keeping the hand's lists in order."""
        self.hands[player] |= BIT[card]
        held = self.hand_lists[player]
        index = bisect(held, card)
        held.insert(index, card)
        self.hand_plays[player].insert(index, PLAIN[player][card])

    # The canonical state and the players' observations

    def scores(self) -> tuple[int, int]:
        """Each player's deal score so far: Duck points times Soup points."""
        return self.points[0][0] * self.points[0][1], self.points[1][0] * self.points[1][1]

    def state(self) -> JSON:
        """The canonical state, in the conformance suite's JSON form."""
        face_up = self.face_up
        return {
            "dealer": self.dealer,
            "course": COURSE_NAMES[self.course],
            "phase": self.phase,
            "to_act": self.to_act,
            "hands": [cards_text(self.hand_lists[0]), cards_text(self.hand_lists[1])],
            "stock": 26 - self.top,
            "face_up": None if face_up is None else NAMES[face_up],
            "table": cards_text(self.table),
            "tricks": [list(self.tricks[0]), list(self.tricks[1])],
            "points": [list(self.points[0]), list(self.points[1])],
            "scores": list(self.scores()) if self.phase is OVER else None,
        }

    def observation(self, player: int, state: JSON | None = None) -> JSON:
        """What ``player`` may see: no opponent's card but those seen taken from the face-up stock.

        ``state``, if given, is this deal's :meth:`state` (or a game's), to build on without recomputing it.
        """
        if type(player) is not int or not 0 <= player <= 1:
            check_player(player)
        seen = {key: value for key, value in (state or self.state()).items() if key != "hands"}
        other = opponent(player)
        seen["player"] = player
        seen["hand"] = cards_text(self.hand_lists[player])
        seen["opponent_hand"] = len(self.hand_lists[other])
        seen["opponent_known"] = cards_text([c for c in self.hand_lists[other] if self.known[other] >> c & 1])
        return seen


class Match:
    """A game (``best_of`` 1) or a match of games: deals from the given decks until a result.

    The decks are consumed one per deal; when they run out before the end, the match waits
    (``needs_deck``) until :meth:`add_decks` gives more.
    """

    def __init__(
        self, decks: Sequence[Sequence[Card | int | str]], first_dealer: int, options: RuleOptions | None = None
    ) -> None:
        if not decks:
            raise ValueError("a game needs at least one deck")
        self.options = check_options(options, RuleOptions, STANDARD)
        self.decks = [[card_number(card) for card in deck] for deck in decks]
        for deck in self.decks:
            check_deck(deck)
        self.deal = Deal(self.decks[0], first_dealer, self.options)
        self.dealt = 1
        self.deal_scores: list[tuple[int, int]] = []
        self.deal_points: list[list[list[int]]] = []
        self.finished: list[tuple[list[list[int]], tuple[int, int]]] = []
        """Every finished deal of the match, across games: its points by player and course, its scores."""
        self.result: JSON | None = None
        self.games: list[JSON] = []
        self.games_won = [0, 0]
        self.winner: int | None = None

    @property
    def totals(self) -> tuple[int, int]:
        return sum(s[0] for s in self.deal_scores), sum(s[1] for s in self.deal_scores)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def needs_deck(self) -> bool:
        return self.winner is None and self.deal.phase is OVER

    def legal_actions(self) -> tuple[Action, ...]:
        return () if self.winner is not None or self.result is not None else self.deal.legal_actions()

    def apply(self, action: Action) -> None:
        """Play ``action`` in the current deal; a finished deal is scored and the next one dealt.

        Once the game or match is won every action is refused with ``game-over``; while the match
        waits for the deck of its next game, with ``deal-over`` (the match goes on).
        """
        if self.winner is not None:
            raise IllegalAction(ErrorCode.GAME_OVER, "§9", "the game is over")
        if self.result is not None:
            raise IllegalAction(
                ErrorCode.DEAL_OVER,
                "§11",
                f"game {len(self.games)} is won and the match goes on, "
                "but no deck is left for the first deal of the next game",
            )
        deal = self.deal
        deal.apply(action)
        if deal.phase is OVER:
            self._score(deal)

    def _score(self, deal: Deal) -> None:
        scores = deal.scores()
        self.deal_scores.append(scores)
        self.deal_points.append([list(deal.points[0]), list(deal.points[1])])
        self.finished.append(([list(deal.points[0]), list(deal.points[1])], scores))
        totals = self.totals
        winner, end = None, "pond"
        if max(scores) >= 125 and scores[0] != scores[1]:
            winner = 0 if scores[0] > scores[1] else 1
        elif max(totals) >= 250 and totals[0] != totals[1]:
            winner, end = (0 if totals[0] > totals[1] else 1), "target"
        if winner is not None:
            in_soup = totals[opponent(winner)] < 125
            value = 2 if end == "pond" or in_soup else 1
            self.result = {"winner": winner, "end": end, "in_the_soup": in_soup, "value": value}
            self.games.append(self.result)
            self.games_won[winner] += value
            if self.games_won[winner] > self.options.best_of // 2:
                self.winner = winner
                return
        self._next_deal()

    def _next_deal(self) -> None:
        if self.dealt >= len(self.decks):
            return
        if self.result is not None:
            self.result = None
            self.deal_scores, self.deal_points = [], []
        self.deal = Deal(self.decks[self.dealt], opponent(self.deal.dealer), self.options)
        self.dealt += 1

    def add_decks(self, decks: Sequence[Sequence[Card | int | str]]) -> None:
        for deck in decks:
            numbers = [card_number(card) for card in deck]
            check_deck(numbers)
            self.decks.append(numbers)
        if self.winner is None and self.deal.phase is OVER:
            self._next_deal()

    def state(self) -> JSON:
        state = self.deal.state()
        state.update(
            {
                "deal": self.dealt - 1,
                "deal_scores": [list(s) for s in self.deal_scores],
                "deal_points": [[list(p) for p in points] for points in self.deal_points],
                "totals": list(self.totals),
                "result": None if self.result is None else dict(self.result),
                "games": [dict(result) for result in self.games],
                "games_won": list(self.games_won),
                "winner": self.winner,
            }
        )
        return state

    def observation(self, player: int, state: JSON | None = None) -> JSON:
        """What ``player`` may see of the game (see :meth:`Deal.observation`)."""
        return self.deal.observation(player, state or self.state())


def _describe(action: Action) -> tuple[Action, int, int, int]:
    """(action, player, card, call) of an action the engine did not create; card -1 for "duck".

    The slow path: the action's types are checked as the specification checks them
    (:func:`~duckspec.duck_soup.actions.check_well_formed`), so a malformed action is a ``TypeError``
    raised before anything changes.
    """
    check_well_formed(action)
    if isinstance(action, SayDuck):
        return action, action.player, -1, -1
    return action, action.player, action.card.index, CALL_NUMBER[action.call]
