"""A Duck Soup deal whose deck order is chosen one card at a time, as the cards are dealt and drawn: the shared
:class:`~ducksoup.bridges.chance.ChanceEpisode` with what only Duck Soup knows.

The machinery (the engine created once the start is chosen, an action held back until the cards it takes are
chosen, serialization, resampling) is the shared episode's; this module says how Duck Soup deals and draws:

* **Dealing** (§3): the first 26 chance outcomes are the dealt cards in deck order (the non-dealer gets the
  first), then, with the stock face up, the card turned up.
* **Drawing** (§5, §6): an action that finishes a Duck-course trick waits until chance has chosen the cards
  the players draw (two, or four after a quack-quack) and, with the stock face up, the new face-up card.
  The engine keeps only its stock, the 26 cards after those dealt.

Between a trick-finishing action and the end of its draws the deal shows the phase ``draw``, with the
trick's last card on the table; while the hands are dealt, ``deal``.

Each player's **information state** is the player's number and the dealer, the hand dealt, every action of
either player (all of them are public: cards are played face up and calls are said aloud), and after each
draw the cards the player drew (the face-up card the winner takes among them) and the new face-up card. The
order in which a player received the cards of one deal or one draw is not kept: the player makes no decision
in between, so it cannot matter to play.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

from ducksoup.arguments import check_options
from ducksoup.bridges.chance import EVERYONE, ChanceEpisode
from ducksoup.duck_soup.bridges.encoding import (
    DUCK_ACTION,
    NUM_ACTIONS,
    action_text,
    engine_action,
    legal_ids,
)
from ducksoup.duck_soup.engine import (
    ACTION_INFO,
    ANSWER,
    DUCK,
    FOLLOW,
    FOURTH,
    NAMES,
    QUACK,
    RANK,
    Deal,
    check_player,
)
from duckspec.duck_soup.actions import Action
from duckspec.duck_soup.variants import STANDARD, RuleOptions, StockVisibility

JSON = dict[str, Any]
DEALT = 26
"""Cards dealt, 13 to each player; the other 26 are the stock."""
MAX_ACTIONS = 78
"""Player actions in a deal at most: each of the 52 cards is played once, and each of the 26 tricks
can add one answer "duck" (a quack answered by a quack-quack makes two tricks of four actions)."""
MAX_DRAWS = 13
"""Draws in a deal at most: each takes at least two of the 26 cards of the stock."""


class Draw(NamedTuple):
    """One draw after a Duck-course trick, as the players know it."""

    got: tuple[tuple[int, ...], tuple[int, ...]]
    """The cards each player drew, ascending: the winner's include the face-up card it took."""
    face_up: int
    """The new face-up card; -1 for none (a hidden stock, or an empty one)."""


def _cards(cards: list[int] | tuple[int, ...]) -> str:
    return " ".join(NAMES[card] for card in sorted(cards)) or "-"


class ChanceDeal(ChanceEpisode):
    """One deal, its deck chosen card by card at chance nodes by :meth:`~ducksoup.bridges.chance.ChanceEpisode.apply`,
    played by the engine.

    ``apply(n)`` takes a card number (0-51) at a chance node and an action number
    (:mod:`ducksoup.duck_soup.bridges.encoding`) at a player's turn.
    """

    pack: ClassVar[tuple[int, ...]] = tuple(range(52))
    kinds: ClassVar[int] = 52
    num_actions: ClassVar[int] = NUM_ACTIONS
    deck_start: ClassVar[int] = DEALT
    fixed_draws: ClassVar[bool] = True

    def __init__(self, options: RuleOptions = STANDARD, dealer: int = 1) -> None:
        check_player(dealer, "the dealer")
        options = check_options(options, RuleOptions, STANDARD)
        if options.best_of != 1:
            raise ValueError(f"a bridge episode is one deal: best_of must be 1, not {options.best_of}")
        self.options = options
        self.dealer = dealer
        super().__init__(2)

    @property
    def hidden(self) -> bool:
        return self.options.stock is StockVisibility.HIDDEN

    def parameters(self) -> JSON:
        return {"options": self.options, "dealer": self.dealer}

    # The engine's hooks

    def new_engine(self, deck: list[int]) -> Deal:
        return Deal(deck, self.dealer, self.options)

    def engine_deck(self, engine: Deal) -> list[int]:
        """The engine's stock: the deck from position :data:`DEALT` on."""
        return engine.stock

    def revealed(self, engine: Deal) -> int:
        """The cards dealt (§3), the stock's cards drawn (§5), and the face-up card on it unless the stock is hidden
        (§11)."""
        top = engine.top
        return DEALT + top + (0 if engine.hidden or top >= 26 else 1)

    def seers(self, engine: Deal, position: int, actor: int) -> int:
        """A dealt card is seen by the player dealt it, a face-up card by both; a drawn card by its drawer: after
        a trick the winner takes the top card and the loser the next (§5), after a quack-quack each takes two,
        the winner's first, or in turn under the double-draw option (§6, ruling DS-R04)."""
        if position < DEALT:
            return 1 - self.dealer if position % 2 == 0 else self.dealer
        index = position - DEALT
        if index >= engine.top:  # the card turned up on the stock once the draws are made
            return EVERYONE
        before: int = self.engine.top
        winner = engine.leader
        loser = 1 - winner
        if engine.top - before == 2:
            order: tuple[int, ...] = (winner, loser)
        else:
            order = (winner, loser, winner, loser) if engine.double_draw_alternate else (winner, winner, loser, loser)
        return order[index - before]

    def may_take_cards(self, engine: Deal, number: int) -> bool:
        """Only an action that finishes a trick of the Duck course: the players draw after it (§5, §6)."""
        player = engine.to_act
        return player is not None and engine.course == DUCK and _finishes_trick(engine, engine_action(player, number))

    def shown_later(self) -> set[int]:
        """The cards played so far: face up, seen by both."""
        return {number >> 2 for actor, number, _ in self.events if actor >= 0 and number != DUCK_ACTION}

    def legal_ids(self, engine: Deal) -> list[int]:
        return legal_ids(engine)

    def engine_action(self, player: int, number: int) -> Action:
        return engine_action(player, number)

    def action_text(self, number: int) -> str:
        return action_text(number)

    def card_name(self, card: int) -> str:
        return NAMES[card]

    def final_returns(self, engine: Deal) -> list[float]:
        """Each player's deal score minus the opponent's."""
        first, second = engine.scores()
        return [float(first - second), float(second - first)]

    def header(self) -> str:
        return f"dealer {self.dealer}"

    # The history as the players know it

    @property
    def actions(self) -> list[tuple[int, int]]:
        """Every player action so far, a held one included: (player, action number)."""
        return [(actor, number) for actor, number, _ in self.events if actor >= 0]

    @property
    def draws(self) -> list[Draw]:
        """Every draw made so far (one whose cards are still being chosen is not made yet)."""
        return [item for item in self.timeline() if isinstance(item, Draw)]

    def timeline(self) -> list[tuple[int, int] | Draw]:
        """The actions, (player, action number), and the draws made after them, in order."""
        items: list[tuple[int, int] | Draw] = []
        drawn: list[tuple[int, int]] = []  # the cards chosen since the last action, with their seers
        face_up = self.deck[DEALT] if not self.hidden and len(self.deck) > DEALT else -1
        for actor, number, seers in self.events[self.dealt_events() :]:
            if actor < 0:
                drawn.append((number, seers))
                continue
            if drawn:  # the player acting now won the trick, so took the face-up card
                draw = _draw(drawn, actor, face_up)
                items.append(draw)
                face_up, drawn = draw.face_up, []
            items.append((actor, number))
        if drawn and self.pending is None:
            items.append(_draw(drawn, self.engine.leader, face_up))
        return items

    def dealt_events(self) -> int:
        """How many events the dealing is: the cards dealt so far and the first face-up card."""
        return min(len(self.events), DEALT + (0 if self.hidden else 1))

    def dealt_to(self, player: int) -> list[int]:
        """The cards dealt to ``player`` so far, in the order dealt."""
        first = 0 if player != self.dealer else 1
        return self.deck[first:DEALT:2]

    def history_lines(self, player: int) -> list[str]:
        """The hand dealt and the face-up card, then each action, and after each draw the cards ``player`` drew
        and the new face-up card."""
        lines = [f"hand: {_cards(self.dealt_to(player))}"]
        if not self.hidden and len(self.deck) > DEALT:
            lines.append(f"face-up: {NAMES[self.deck[DEALT]]}")
        for item in self.timeline():
            if isinstance(item, Draw):
                lines.append(f"drew: {_cards(item.got[player])}")
                if item.face_up >= 0:
                    lines.append(f"face-up: {NAMES[item.face_up]}")
            else:
                lines.append(f"{item[0]}: {action_text(item[1])}")
        return lines

    # What a player sees

    def dealing_view(self, player: int) -> JSON:
        """While the hands are dealt: the phase ``deal`` and the cards dealt so far."""
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

    def view(self, player: int) -> JSON:
        """What ``player`` sees now, in the form of the engine's :meth:`~ducksoup.duck_soup.engine.Deal.observation`.

        At a player's turn and at the end it is the engine's observation. While the hands are dealt it shows
        the phase ``deal`` and the cards dealt so far; while a draw's cards are chosen, the phase ``draw``, with
        the trick-finishing card on the table (the engine's view just before it).
        """
        view = super().view(player)
        if self.pending is None or self.engine is None:
            return view
        _, actor, card, _ = ACTION_INFO[id(self.engine_action(self.pending_player, self.pending))]
        view["phase"], view["to_act"] = "draw", None
        if card >= 0:
            view["table"] += NAMES[card]
            if actor == player:
                view["hand"] = "".join(NAMES[c] for c in self.engine.hand_lists[player] if c != card)
            else:
                view["opponent_hand"] -= 1
        return view


def _draw(drawn: list[tuple[int, int]], winner: int, taken: int) -> Draw:
    """The draw of the cards ``drawn`` (with their seers) after a trick ``winner`` won, taking the face-up card
    ``taken`` (-1 for none)."""
    got: tuple[list[int], list[int]] = ([], [])
    face_up = -1
    for card, seers in drawn:
        if seers == EVERYONE:
            face_up = card
        else:
            got[seers].append(card)
    if taken >= 0:
        got[winner].append(taken)
    return Draw((tuple(sorted(got[0])), tuple(sorted(got[1]))), face_up)


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
