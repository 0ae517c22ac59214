"""A Duck Soup deal whose deck order is chosen one card at a time, as the cards are dealt and drawn.

The engine (:class:`ducksoup.duck_soup.engine.Deal`) plays a deal from a whole deck order. Game-AI
libraries want the chance events where the rules put them instead: each card dealt, and each
card drawn from the stock after a Duck-course trick, chosen when it is needed, so that their
samplers and search see the draws as chance. :class:`ChanceDeal` drives the engine that way:

* **Dealing** (§3): the first 26 chance outcomes are the dealt cards in deck order (the
  non-dealer gets the first), then, with the stock face up, the card turned up. The engine is
  created only then, with the chosen cards on top and the cards not chosen yet below them.
* **Drawing** (§5, §6): a player action that finishes a Duck-course trick is held back until
  chance has chosen the cards the players draw (two, or four after a quack-quack) and, with the
  stock face up, the new face-up card. Each chosen card is put in its place in the engine's
  stock, then the held action is applied: the engine draws exactly the chosen cards.

So for the same deck order and the same player actions the engine goes through exactly the
states it goes through when given the whole deck at once (the bridges' differential tests
check it). Between a trick-finishing action and the end of its draws the deal shows the phase
``draw``; while the hands are dealt, ``deal``.

Each player's **information state** is kept as it grows: the player's number and the dealer,
the hand dealt, every action of either player (all of them are public: cards are played face
up and calls are said aloud), and after each draw the cards the player drew and the new
face-up card. The order in which a player received the cards of one deal or one draw is not
kept: the player makes no decision in between, so it cannot matter to play.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ducksoup.arguments import check_int, check_options
from ducksoup.bridges.chance import uniform_sample
from ducksoup.duck_soup.bridges.encoding import DUCK_ACTION, action_text, engine_action, legal_ids
from ducksoup.duck_soup.engine import (
    ACTION_INFO,
    ANSWER,
    DUCK,
    FOLLOW,
    FOURTH,
    NAMES,
    OVER,
    QUACK,
    RANK,
    Deal,
    check_player,
)
from duckspec.duck_soup.actions import Action
from duckspec.duck_soup.variants import STANDARD, Calls, DoubleDraw, RuleOptions, StockVisibility

JSON = dict[str, Any]
DEALT = 26
"""Cards dealt, 13 to each player; the other 26 are the stock."""
MAX_ACTIONS = 78
"""Player actions in a deal at most: each of the 52 cards is played once, and each of the 26 tricks
can add one answer "duck" (a quack answered by a quack-quack makes two tricks of four actions)."""
MAX_DRAWS = 13
"""Draws in a deal at most: each takes at least two of the 26 cards of the stock."""


def _cards(cards: list[int] | tuple[int, ...]) -> str:
    return " ".join(NAMES[card] for card in sorted(cards)) or "-"


def _copy(value: Any) -> Any:
    """A copy of one of the engine's fields: lists are copied, immutable values shared."""
    if type(value) is list:
        return [_copy(item) for item in value]
    if isinstance(value, dict | set | bytearray):
        raise TypeError(f"cannot copy a deal holding a {type(value).__name__}")
    return value


def copy_deal(deal: Deal) -> Deal:
    """A copy of an engine deal that shares the engine's action objects (a deep copy would not)."""
    copied = Deal.__new__(Deal)
    for name in Deal.__slots__:
        setattr(copied, name, _copy(getattr(deal, name)))
    return copied


class ChanceDeal:
    """One deal, its deck chosen card by card by :meth:`apply` at chance nodes, played by the engine.

    ``apply(n)`` takes a card number (0-51) at a chance node and an action number
    (:mod:`ducksoup.duck_soup.bridges.encoding`) at a player's turn.
    """

    __slots__ = (
        "actions",
        "chosen",
        "dealer",
        "deck",
        "draws",
        "engine",
        "moves",
        "options",
        "pending",
        "seen",
        "target",
        "tokens",
    )

    def __init__(self, options: RuleOptions = STANDARD, dealer: int = 1) -> None:
        check_player(dealer, "the dealer")
        options = check_options(options, RuleOptions, STANDARD)
        if options.best_of != 1:
            raise ValueError(f"a bridge episode is one deal: best_of must be 1, not {options.best_of}")
        self.options = options
        self.dealer = dealer
        self.deck: list[int] = []
        """The deck order chosen so far, top first."""
        self.chosen = 0
        """The cards of :attr:`deck`, as a bitmask."""
        self.engine: Deal | None = None
        """The engine's deal, once the hands are dealt."""
        self.pending: Action | None = None
        """A trick-finishing action waiting for its draws to be chosen."""
        self.target = DEALT + (0 if self.hidden else 1)
        """How many cards must be chosen before the next player action (or the held one) can be played."""
        self.moves: list[int] = []
        """Every chance outcome and action number applied, in order (the OpenSpiel history)."""
        self.actions: list[tuple[int, int]] = []
        """Every player action so far, held one included: (player, action number)."""
        self.draws: list[tuple[tuple[tuple[int, ...], tuple[int, ...]], int]] = []
        """Every draw so far: the cards each player drew, and the new face-up card (-1 for none)."""
        self.seen = [0, 0]
        """The cards each player has seen, as bitmasks."""
        self.tokens: tuple[list[str], list[str]] = ([], [])
        """Each player's information state so far, one line per event."""

    @property
    def hidden(self) -> bool:
        return self.options.stock is StockVisibility.HIDDEN

    @property
    def is_chance(self) -> bool:
        """Whether chance chooses the next card (the deal is being dealt, or a draw's cards chosen)."""
        return self.engine is None or self.pending is not None

    @property
    def is_over(self) -> bool:
        return self.engine is not None and self.pending is None and self.engine.phase is OVER

    @property
    def to_act(self) -> int | None:
        """The player to act; None at chance nodes and at the end."""
        if self.engine is None or self.pending is not None:
            return None
        return self.engine.to_act

    def chance_outcomes(self) -> list[int]:
        """The cards chance may choose now (every card not chosen yet, equally likely), ascending."""
        chosen = self.chosen
        return [card for card in range(52) if not chosen >> card & 1]

    def legal_actions(self) -> list[int]:
        """The legal action numbers of the player to act, ascending; empty at chance nodes and at the end."""
        if self.engine is None or self.pending is not None:
            return []
        return legal_ids(self.engine)

    def engine_action(self, player: int, number: int) -> Action:
        """The engine's own action object for ``player`` taking action ``number``."""
        return engine_action(player, number)

    def returns(self) -> tuple[int, int]:
        """Each player's deal score minus the opponent's, once the deal is over; (0, 0) before."""
        if not self.is_over:
            return 0, 0
        assert self.engine is not None
        first, second = self.engine.scores()
        return first - second, second - first

    # Playing

    def apply(self, number: int) -> None:
        """Choose card ``number`` at a chance node, or take action ``number``; an illegal one changes nothing.

        ``TypeError`` unless ``number`` is an int (a bool or a float is no card and no action), ``ValueError``
        for a card not left to choose or an action number out of range.
        """
        if type(number) is not int:
            what = "a chance outcome, a card number 0-51" if self.is_chance else "an action number 0-208"
            check_int(number, what, "an int")
        if self.is_chance:
            self._choose(number)
        else:
            self._act(number)
        self.moves.append(number)

    def _choose(self, card: int) -> None:
        if not 0 <= card < 52 or self.chosen >> card & 1:
            raise ValueError(f"chance chooses a card still in the deck, 0 to 51; {card} is not one")
        position = len(self.deck)
        self.deck.append(card)
        self.chosen |= 1 << card
        if self.engine is None:
            if len(self.deck) == self.target:
                self._start()
            return
        stock = self.engine.stock  # put the card in its place; the cards not chosen yet stay below it
        place, found = position - DEALT, stock.index(card, position - DEALT)
        stock[place], stock[found] = stock[found], stock[place]
        if len(self.deck) == self.target:
            action, self.pending = self.pending, None
            assert action is not None
            self._play(action)

    def _start(self) -> None:
        chosen = self.chosen
        self.engine = Deal(self.deck + [c for c in range(52) if not chosen >> c & 1], self.dealer, self.options)
        for player in (0, 1):
            hand = self.engine.hand_lists[player]
            self.seen[player] = sum(1 << card for card in hand)
            self.tokens[player].extend([f"player {player}, dealer {self.dealer}", f"hand: {_cards(hand)}"])
        if not self.hidden:
            face_up = self.deck[DEALT]
            for player in (0, 1):
                self.seen[player] |= 1 << face_up
                self.tokens[player].append(f"face-up: {NAMES[face_up]}")

    def _act(self, number: int) -> None:
        deal = self.engine
        assert deal is not None
        player = deal.to_act
        if player is None:
            raise ValueError("the deal is over: no action can be taken")
        action = engine_action(player, number)
        if not any(legal is action for legal in deal.legal_actions()):
            deal.apply(action)  # raises IllegalAction with the rules' error code, changing nothing
            raise RuntimeError(f"the engine accepted {action} though it is not among its legal actions")
        text = f"{player}: {action_text(number)}"
        card = number >> 2
        for other in (0, 1):
            self.tokens[other].append(text)
            if number != DUCK_ACTION:
                self.seen[other] |= 1 << card
        self.actions.append((player, number))
        if deal.course == DUCK and _finishes_trick(deal, action):
            end = deal.top + (4 if deal.phase is FOURTH and deal.top <= 22 else 2)
            self.target = DEALT + end + (0 if self.hidden or end >= 26 else 1)
            if len(self.deck) < self.target:
                self.pending = action
                return
        self._play(action)

    def _play(self, action: Action) -> None:
        """Apply ``action`` on the engine and record the draws it made."""
        deal = self.engine
        assert deal is not None
        top = deal.top
        deal.apply(action)
        needed = DEALT + deal.top + (0 if self.hidden or deal.top >= 26 else 1)
        if needed != len(self.deck):
            raise RuntimeError(
                f"the engine drew up to stock card {deal.top} but chance chose {len(self.deck) - DEALT}: "
                "the bridge's reading of when cards are drawn disagrees with the engine"
            )
        self.target = needed
        if deal.top == top:
            return
        drawn = deal.stock[top : deal.top]
        got = (
            tuple(card for card in drawn if deal.hands[0] >> card & 1),
            tuple(card for card in drawn if deal.hands[1] >> card & 1),
        )
        face_up = deal.face_up
        self.draws.append((got, -1 if face_up is None else face_up))
        for player in (0, 1):
            self.seen[player] |= sum(1 << card for card in got[player])
            self.tokens[player].append(f"drew: {_cards(got[player])}")
            if face_up is not None:
                self.seen[player] |= 1 << face_up
                self.tokens[player].append(f"face-up: {NAMES[face_up]}")

    # What a player knows

    def information_state(self, player: int) -> str:
        """What ``player`` has seen and done so far, one line per event (see the module's docstring)."""
        check_player(player)
        if self.engine is None:
            return f"player {player}, dealer {self.dealer}\nhand: {_cards(self.dealt_to(player))}"
        return "\n".join(self.tokens[player])

    def dealt_to(self, player: int) -> list[int]:
        """The cards dealt to ``player`` so far, in the order dealt."""
        first = 0 if player != self.dealer else 1
        return self.deck[first:DEALT:2]

    def view(self, player: int) -> JSON:
        """What ``player`` sees now, in the form of the engine's :meth:`~ducksoup.duck_soup.engine.Deal.observation`.

        At a player's turn and at the end it is the engine's observation. While the hands are dealt
        it shows the phase ``deal`` and the cards dealt so far; while a draw's cards are chosen, the
        phase ``draw``, with the trick-finishing card on the table (the engine's view just before it).
        """
        check_player(player)
        deal = self.engine
        if deal is None:
            mine = self.dealt_to(player)
            return {
                "dealer": self.dealer,
                "course": "duck",
                "phase": "deal",
                "to_act": None,
                "stock": 26,
                "face_up": None,
                "table": "",
                "tricks": [[0, 0], [0, 0]],
                "points": [[0, 0], [0, 0]],
                "scores": None,
                "player": player,
                "hand": "".join(NAMES[card] for card in sorted(mine)),
                "opponent_hand": len(self.deck[:DEALT]) - len(mine),
                "opponent_known": "",
            }
        view = deal.observation(player)
        action = self.pending
        if action is not None:
            _, actor, card, _ = ACTION_INFO[id(action)]
            view["phase"], view["to_act"] = "draw", None
            if card >= 0:
                view["table"] += NAMES[card]
                if actor == player:
                    view["hand"] = "".join(NAMES[c] for c in deal.hand_lists[player] if c != card)
                else:
                    view["opponent_hand"] -= 1
        return view

    def unseen(self, player: int) -> list[int]:
        """The chosen cards ``player`` has not seen (the opponent's hidden cards, and a draw's cards not yet given)."""
        hidden = self.chosen & ~self.seen[player]
        return [card for card in self.deck if hidden >> card & 1]

    def resampled_moves(self, player: int, uniform: Callable[[], float]) -> list[int]:
        """The moves of a history ``player`` cannot tell from this one: the cards it has not seen shuffled
        among their places in the deck (``uniform()`` draws from [0, 1)), the actions unchanged (each stays
        legal: every card played was seen, and any card may be played without a call)."""
        check_player(player)
        unseen = self.unseen(player)
        shuffled = unseen[:]
        for i in range(len(shuffled) - 1, 0, -1):  # Fisher-Yates
            j = min(i, int(uniform_sample(uniform) * (i + 1)))
            shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
        swap = dict(zip(unseen, shuffled, strict=True))
        deck = [swap.get(card, card) for card in self.deck]
        replay = ChanceDeal(self.options, self.dealer)
        moves = []
        for number in self.moves:
            move = deck[len(replay.deck)] if replay.is_chance else number
            replay.apply(move)
            moves.append(move)
        return moves

    # Copies, for OpenSpiel's clone and serialization

    def __deepcopy__(self, memo: dict[int, Any]) -> ChanceDeal:
        copied = ChanceDeal.__new__(ChanceDeal)
        copied.options, copied.dealer, copied.chosen = self.options, self.dealer, self.chosen
        copied.engine = None if self.engine is None else copy_deal(self.engine)
        copied.pending, copied.target = self.pending, self.target
        copied.deck, copied.moves, copied.actions = self.deck[:], self.moves[:], self.actions[:]
        copied.draws = self.draws[:]
        copied.seen = self.seen[:]
        copied.tokens = (self.tokens[0][:], self.tokens[1][:])
        return copied

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its options, dealer and moves, and rebuilt by replaying them."""
        options = self.options
        return replay, (
            options.stock.value,
            options.double_draw.value,
            self.dealer,
            tuple(self.moves),
            options.calls.value,
        )


def replay(
    stock: str, double_draw: str, dealer: int, moves: tuple[int, ...], calls: str = Calls.SPOKEN.value
) -> ChanceDeal:
    """The deal reached by playing ``moves`` from the start (how a pickled :class:`ChanceDeal` is rebuilt)."""
    options = RuleOptions(stock=StockVisibility(stock), double_draw=DoubleDraw(double_draw), calls=Calls(calls))
    deal = ChanceDeal(options, dealer)
    for move in moves:
        deal.apply(move)
    return deal


def _finishes_trick(deal: Deal, action: Action) -> bool:
    """Whether ``action``, about to be played in ``deal``, decides a trick: a follow that is no quack (§4),
    "duck" (§6), or the card after a quack-quack (§6); every other action waits for an answer. With silent
    calls (ruling DS-R15) a follow of the rank led is a quack without the word."""
    phase = deal.phase
    if phase is FOURTH:
        return True
    _, _, card, call = ACTION_INFO[id(action)]
    if phase is ANSWER:
        return card < 0
    if phase is not FOLLOW:
        return False
    return call != QUACK and not (deal.silent and RANK[card] == RANK[deal.table[0]])
