"""The deal as a state machine: ``new_deal``, ``legal_actions``, ``apply``.

This module holds no rule of its own. It composes the section modules in the order play
happens: deal (§3), lead and follow (§4), quack and answer (§6), store the trick and draw (§4.4,
§5), change course (§7), until the Soup is played out and the deal is scored (§8). Who acts,
which calls a card may carry, what each refusal is and which refusal comes first are the
section modules' rules (:mod:`~duckspec.duck_soup.tricks`, :mod:`~duckspec.duck_soup.quacking`,
:mod:`~duckspec.duck_soup.courses`, :mod:`~duckspec.duck_soup.errors`).

A trick moves through the phases ``LEAD`` (the leader plays), ``FOLLOW`` (the follower
plays), and after a quack ``ANSWER`` (the leader says "duck" or leads a third card with
"quack-quack") and ``FOURTH`` (the follower plays to the second trick). ``OVER`` ends the
deal. States are immutable; ``apply`` returns a new one and never changes its argument.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from duckspec.cards import Card
from duckspec.duck_soup.actions import Action, Play, SayDuck, check_well_formed
from duckspec.duck_soup.cards import PLAYERS, Course
from duckspec.duck_soup.courses import course_after_drawing, course_points, deal_over_refusal, is_deal_over
from duckspec.duck_soup.dealing import check_deck, deal_hands, initial_stock
from duckspec.duck_soup.drawing import draw_after, face_up_card
from duckspec.duck_soup.quacking import (
    answer_problem,
    call_problem,
    calls_for,
    duck_problem,
    is_quack,
    may_say_duck,
    quack_answered_by_duck,
    quack_quack_result,
)
from duckspec.duck_soup.scoring import deal_score
from duckspec.duck_soup.tricks import (
    Phase,
    Role,
    Trick,
    first_leader,
    hand_problem,
    player_in_role,
    player_to_act,
    trick_winner,
    turn_problem,
)
from duckspec.duck_soup.variants import STANDARD, RuleOptions
from duckspec.refusals import most_urgent
from duckspec.seats import opponent

T = TypeVar("T")
Hands = tuple[tuple[Card, ...], tuple[Card, ...]]
TricksWon = tuple[tuple[Trick, ...], tuple[Trick, ...]]

__all__ = ["DealState", "Phase", "apply", "check_action", "legal_actions", "new_deal"]


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
        """The player who must act now: the leader leads and answers a quack, the follower follows and plays the
        fourth card (§4, §6); None when the deal is over."""
        return player_to_act(self.phase, self.leader)

    @property
    def led(self) -> Card | None:
        """The card led to the trick on the table, if any."""
        return self.table[0] if self.table else None

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
        """Each player's points in ``course`` so far: a point per face-down trick, two per face-up trick (§4.4, §7)."""
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

    Each card of the hand of the player to act, with each call it may carry
    (:func:`~duckspec.duck_soup.quacking.calls_for`; none with the option ``calls`` silent), and
    "duck" while a quack waits. They are
    built in the canonical order of :func:`~duckspec.duck_soup.actions.action_sort_key` (the hand
    is in card order, the calls in ``CALL_ORDER``, "duck" last), so no sort is needed. An action
    is listed exactly when :func:`check_action` finds nothing wrong with it (the property tests
    try every writable action at every step).
    """
    player = state.to_act
    if player is None:
        return ()
    phase, led, calls = state.phase, state.led, state.options.calls
    actions: list[Action] = [
        Play(player, card, call) for card in state.hands[player] for call in calls_for(card, phase, led, calls)
    ]
    if may_say_duck(phase):
        actions.append(SayDuck(player))
    return tuple(actions)


def check_action(state: DealState, action: Action) -> None:
    """Raise :class:`~duckspec.duck_soup.errors.IllegalAction` if the rules forbid ``action`` now: the refusal of
    highest precedence.

    A malformed action (not an action at all, a card that is no :class:`~duckspec.cards.Card`) is first a
    ``TypeError`` (:func:`~duckspec.duck_soup.actions.check_well_formed`). Then every section module's refusal
    is gathered (the calls judged by the option ``calls``), and :func:`~duckspec.refusals.most_urgent`
    picks the one to report, so the precedence is the order of :class:`~duckspec.duck_soup.errors.ErrorCode`
    and nothing else.
    """
    check_well_formed(action)
    player = state.to_act
    if player is None:
        raise deal_over_refusal()
    problems = [turn_problem(action.player, player)]
    if isinstance(action, SayDuck):
        problems.append(duck_problem(state.phase))
    else:
        phase, led, calls = state.phase, state.led, state.options.calls
        problems += [
            answer_problem(phase, led, action.card, action.call, calls),
            hand_problem(action.card, state.hands[player], player),
            call_problem(phase, led, action.card, action.call, calls),
        ]
    found = [problem for problem in problems if problem is not None]
    if found:
        raise most_urgent(found)


def apply(state: DealState, action: Action) -> DealState:
    """The state after ``action``; raises :class:`~duckspec.duck_soup.errors.IllegalAction` (changing nothing) if
    it is not legal. What makes a quack and a duck soup follows the option ``calls``."""
    check_action(state, action)
    calls = state.options.calls
    if isinstance(action, SayDuck):
        role, trick = quack_answered_by_duck(state.table[0], state.table[1])
        return finish_tricks(state, role, (trick,))
    played = play_card(state, action.player, action.card)
    if state.phase is Phase.LEAD:
        return replace(played, phase=Phase.FOLLOW)
    if state.phase is Phase.FOLLOW:
        lead = state.table[0]
        if is_quack(lead, action.card, action.call, calls):
            return replace(played, phase=Phase.ANSWER)
        return finish_tricks(played, trick_winner(lead, action.card, state.course), (Trick(lead, action.card),))
    if state.phase is Phase.ANSWER:
        return replace(played, phase=Phase.FOURTH)
    lead, quack, third = state.table
    role, tricks = quack_quack_result(lead, quack, third, action.card, action.call, calls)
    return finish_tricks(played, role, tricks)


def play_card(state: DealState, player: int, card: Card) -> DealState:
    """The state with ``card`` moved from ``player``'s hand (the player to act) to the table."""
    hand = tuple(held for held in state.hands[player] if held != card)
    return replace(state, hands=with_player(state.hands, player, hand), table=state.table + (card,))


def finish_tricks(state: DealState, role: Role, tricks: tuple[Trick, ...]) -> DealState:
    """Store the finished trick(s) with their winner, draw (in the order of the option ``double_draw``), change
    course, and let the winner lead the next trick."""
    winner = player_in_role(role, state.leader)
    loser = opponent(winner)
    won = state.tricks(state.course)
    won = with_player(won, winner, won[winner] + tricks)
    draw = draw_after(state.course, state.stock, len(tricks), state.options.double_draw)
    hands = state.hands
    if draw.winner_cards:  # hands stay in canonical order
        hands = with_player(hands, winner, tuple(sorted(hands[winner] + draw.winner_cards)))
        hands = with_player(hands, loser, tuple(sorted(hands[loser] + draw.loser_cards)))
    course = course_after_drawing(state.course, draw.stock)
    over = is_deal_over(course, (len(hands[0]), len(hands[1])))
    in_duck = state.course is Course.DUCK
    return replace(
        state,
        hands=hands,
        stock=draw.stock,
        table=(),
        course=course,
        leader=winner,
        phase=Phase.OVER if over else Phase.LEAD,
        duck_tricks=won if in_duck else state.duck_tricks,
        soup_tricks=state.soup_tricks if in_duck else won,
    )


def with_player(pair: tuple[T, T], player: int, value: T) -> tuple[T, T]:
    """``pair`` with the entry of ``player`` replaced by ``value``."""
    return (value, pair[1]) if player == 0 else (pair[0], value)
