"""The deal as a state machine: ``new_deal``, ``legal_actions``, ``apply``.

This module holds no rule of its own. It composes the section modules in the order play
happens: deal (§3), lead and follow (§4), quack and answer (§6), store the trick and draw (§4.4,
§5), change course (§7), until the Soup is played out and the deal is scored (§8).

A trick moves through the phases ``LEAD`` (the leader plays), ``FOLLOW`` (the follower
plays), and after a quack ``ANSWER`` (the leader says "duck" or leads a third card with
"quack-quack") and ``FOURTH`` (the follower plays to the second trick). ``OVER`` ends the
deal. States are immutable; ``apply`` returns a new one and never changes its argument.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from duckspec.cards import Card
from duckspec.duck_soup.actions import CALL_ORDER, Action, Play, SayDuck, check_well_formed
from duckspec.duck_soup.cards import PLAYERS, Course
from duckspec.duck_soup.courses import course_after_drawing, is_deal_over, next_leader
from duckspec.duck_soup.dealing import check_deck, deal_hands, initial_stock
from duckspec.duck_soup.drawing import draw_after_quack_quack, draw_after_trick, face_up_card
from duckspec.duck_soup.errors import ErrorCode, IllegalAction
from duckspec.duck_soup.quacking import Call, is_quack, is_rank_match, quack_answered_by_duck, quack_quack_result
from duckspec.duck_soup.scoring import course_points, deal_score
from duckspec.duck_soup.tricks import Role, Trick, first_leader, trick_winner
from duckspec.duck_soup.variants import STANDARD, RuleOptions

T = TypeVar("T")
Hands = tuple[tuple[Card, ...], tuple[Card, ...]]
TricksWon = tuple[tuple[Trick, ...], tuple[Trick, ...]]


class Phase(enum.StrEnum):
    """Where the deal stands: who must act next, and what they may do."""

    LEAD = "lead"
    FOLLOW = "follow"
    ANSWER = "answer"
    FOURTH = "fourth"
    OVER = "over"


CALLS_ALLOWED: dict[Phase, frozenset[Call]] = {
    Phase.LEAD: frozenset({Call.NONE}),
    Phase.FOLLOW: frozenset({Call.NONE, Call.QUACK}),
    Phase.ANSWER: frozenset({Call.QUACK_QUACK}),
    Phase.FOURTH: frozenset({Call.NONE, Call.DUCK_SOUP}),
}
"""The calls a card may carry in each phase (Rules §6; rulings DS-R10, DS-R12)."""


@dataclass(frozen=True)
class DealState:
    """Everything about a deal in progress. Hands are in canonical card order, the stock top first.

    ``table`` holds the cards of the unfinished trick or quack-quack, in the order played.
    ``duck_tricks`` and ``soup_tricks`` hold the tricks each player has won in each course.
    """

    options: RuleOptions
    dealer: int
    course: Course
    phase: Phase
    leader: int
    hands: Hands
    stock: tuple[Card, ...]
    table: tuple[Card, ...] = ()
    duck_tricks: TricksWon = ((), ())
    soup_tricks: TricksWon = ((), ())

    @property
    def to_act(self) -> int | None:
        """The player who must act now, or None when the deal is over."""
        if self.phase is Phase.OVER:
            return None
        return self.leader if self.phase in (Phase.LEAD, Phase.ANSWER) else 1 - self.leader

    @property
    def face_up_card(self) -> Card | None:
        """The stock's face-up card, if one is showing (§3.3, §5.3; option ``stock``)."""
        return face_up_card(self.stock, self.options.stock)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def tricks(self, course: Course) -> TricksWon:
        """The tricks each player has won in ``course``."""
        return self.duck_tricks if course is Course.DUCK else self.soup_tricks

    def points(self, course: Course) -> tuple[int, int]:
        """Each player's points in ``course`` so far (§8)."""
        won = self.tricks(course)
        return course_points(won[0]), course_points(won[1])

    def scores(self) -> tuple[int, int]:
        """Each player's deal score, Duck points times Soup points (§8); final once the deal is over."""
        duck, soup = self.points(Course.DUCK), self.points(Course.SOUP)
        return deal_score(duck[0], soup[0]), deal_score(duck[1], soup[1])


def new_deal(deck: Sequence[Card], dealer: int, options: RuleOptions = STANDARD) -> DealState:
    """The state after dealing ``deck`` (top first) with ``dealer`` dealing (Rules §3).

    Raises :class:`duckspec.duck_soup.dealing.InvalidDeck` for a deck that is not one pack,
    ``ValueError`` for a dealer other than 0 or 1, and ``TypeError`` for a dealer that is not an
    ``int`` (``True`` and ``1.0`` are not players) or options that are not :class:`RuleOptions`.
    """
    check_deck(deck)
    if type(dealer) is not int:
        raise TypeError(f"the dealer is an int, player 0 or 1, not {dealer!r}")
    if not isinstance(options, RuleOptions):
        raise TypeError(f"the rule options are RuleOptions, not {type(options).__name__}")
    if dealer not in range(PLAYERS):
        raise ValueError(f"the dealer must be player 0 or 1, not {dealer!r}")
    return DealState(
        options=options,
        dealer=dealer,
        course=Course.DUCK,
        phase=Phase.LEAD,
        leader=first_leader(dealer),
        hands=deal_hands(deck, dealer),
        stock=initial_stock(deck),
    )


def legal_actions(state: DealState) -> tuple[Action, ...]:
    """Every action the rules allow now, canonically sorted; empty exactly when the deal is over.

    They are built in the canonical order of :func:`~duckspec.duck_soup.actions.action_sort_key`
    (the hand is in card order, the calls in ``CALL_ORDER``, "duck" last), so no sort is needed.
    """
    player = state.to_act
    if player is None:
        return ()
    calls = [call for call in CALL_ORDER if call in CALLS_ALLOWED[state.phase]]
    actions: list[Action] = [
        Play(player, card, call)
        for card in state.hands[player]
        for call in calls
        if call is Call.NONE or is_rank_match(card, state.table[0])
    ]
    if state.phase is Phase.ANSWER:
        actions.append(SayDuck(player))
    return tuple(actions)


def check_action(state: DealState, action: Action) -> None:
    """Raise :class:`IllegalAction` if the rules forbid ``action`` now, with the code of highest precedence.

    The order of the tests is the precedence documented in :mod:`duckspec.duck_soup.errors`; before
    them, a malformed action is a ``TypeError`` (:func:`~duckspec.duck_soup.actions.check_well_formed`).
    """
    check_well_formed(action)
    player = state.to_act
    if player is None:
        raise IllegalAction(ErrorCode.DEAL_OVER, "§7", "the deal is over: both hands are played out")
    if action.player != player:
        raise IllegalAction(ErrorCode.NOT_YOUR_TURN, "§4", f"player {player} must act now, not player {action.player}")
    if isinstance(action, SayDuck):
        if state.phase is not Phase.ANSWER:
            raise IllegalAction(
                ErrorCode.DUCK_NOT_ALLOWED, "§6", "'duck' answers a quack, and no quack is waiting; play a card"
            )
        return
    if state.phase is Phase.ANSWER and action.call is not Call.QUACK_QUACK:
        raise IllegalAction(
            ErrorCode.ANSWER_REQUIRED,
            "DS-R10",
            f"a quack is waiting: say 'duck', or lead another {state.table[0].rank.letter} with 'quack-quack'",
        )
    if action.card not in state.hands[player]:
        raise IllegalAction(ErrorCode.CARD_NOT_IN_HAND, "§4", f"{action.card} is not in player {player}'s hand")
    if action.call not in CALLS_ALLOWED[state.phase]:
        raise IllegalAction(
            ErrorCode.CALL_NOT_ALLOWED,
            "DS-R12",
            f"'{action.call}' cannot be said when the {state.phase} is played; "
            f"allowed here: {', '.join(sorted(CALLS_ALLOWED[state.phase]))}",
        )
    if action.call is not Call.NONE and not is_rank_match(action.card, state.table[0]):
        raise IllegalAction(
            ErrorCode.CALL_RANK_MISMATCH,
            "DS-R02",
            f"'{action.call}' needs a card of the rank led ({state.table[0].rank.letter}), not {action.card}",
        )


def apply(state: DealState, action: Action) -> DealState:
    """The state after ``action``; raises :class:`IllegalAction` (changing nothing) if it is not legal."""
    check_action(state, action)
    if isinstance(action, SayDuck):
        role, trick = quack_answered_by_duck(state.table[0], state.table[1])
        return finish_tricks(state, role, (trick,))
    played = play_card(state, action.card)
    if state.phase is Phase.LEAD:
        return replace(played, phase=Phase.FOLLOW)
    if state.phase is Phase.FOLLOW:
        lead = state.table[0]
        if is_quack(lead, action.card, action.call):
            return replace(played, phase=Phase.ANSWER)
        return finish_tricks(played, trick_winner(lead, action.card, state.course), (Trick(lead, action.card),))
    if state.phase is Phase.ANSWER:
        return replace(played, phase=Phase.FOURTH)
    lead, quack, third = state.table
    role, tricks = quack_quack_result(lead, quack, third, action.card, action.call)
    return finish_tricks(played, role, tricks)


def play_card(state: DealState, card: Card) -> DealState:
    """The state with ``card`` moved from the acting player's hand to the table."""
    player = state.to_act
    assert player is not None
    hand = tuple(held for held in state.hands[player] if held != card)
    return replace(state, hands=with_player(state.hands, player, hand), table=state.table + (card,))


def finish_tricks(state: DealState, role: Role, tricks: tuple[Trick, ...]) -> DealState:
    """Store the finished trick(s) with their winner, draw in the Duck, change course, pick the next leader.

    Two tricks at once (a quack-quack) draw two cards each (§6); one trick draws one (§5).
    """
    winner = state.leader if role is Role.LEADER else 1 - state.leader
    won = state.tricks(state.course)
    won = with_player(won, winner, won[winner] + tricks)
    hands, stock = state.hands, state.stock
    if state.course is Course.DUCK:
        draw = draw_after_quack_quack(stock, state.options.double_draw) if len(tricks) == 2 else draw_after_trick(stock)
        hands = with_player(hands, winner, tuple(sorted(hands[winner] + draw.winner_cards)))
        hands = with_player(hands, 1 - winner, tuple(sorted(hands[1 - winner] + draw.loser_cards)))
        stock = draw.stock
    course = course_after_drawing(state.course, stock)
    over = is_deal_over(course, (len(hands[0]), len(hands[1])))
    in_duck = state.course is Course.DUCK
    return replace(
        state,
        hands=hands,
        stock=stock,
        table=(),
        course=course,
        leader=next_leader(winner),
        phase=Phase.OVER if over else Phase.LEAD,
        duck_tricks=won if in_duck else state.duck_tricks,
        soup_tricks=state.soup_tricks if in_duck else won,
    )


def with_player(pair: tuple[T, T], player: int, value: T) -> tuple[T, T]:
    """``pair`` with the entry of ``player`` replaced by ``value``."""
    return (value, pair[1]) if player == 0 else (pair[0], value)
