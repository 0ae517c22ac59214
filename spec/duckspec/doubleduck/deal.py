"""The deal as a state machine: ``new_deal``, ``legal_actions``, ``apply``.

This module holds no rule of its own. It composes the section modules in the order play happens:
deal (§2), play a trick of four cards with their calls (§4.1-§4.3), decide it (§4.2-§4.4), store
the winner's cards (§4.5), draw (§4.6) or play on without drawing (§5), until the Soup course is
played out and the deal is scored (§6).

A trick moves through the phases ``LEAD`` (the leader plays) and ``FOLLOW`` (the other three play
in turn to the left); ``OVER`` ends the deal. States are immutable: ``apply`` returns a new one
and never changes its argument.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar, cast

from duckspec.cards import Card
from duckspec.doubleduck.actions import Action, Play, check_well_formed
from duckspec.doubleduck.cards import Course
from duckspec.doubleduck.dealing import PLAYERS, Hands, check_deck, deal_hands, initial_stock
from duckspec.doubleduck.duck_course import (
    TRICK_SIZE,
    allowed_calls,
    call_problem,
    cards_stored,
    draw_after_trick,
    first_leader,
    hand_problem,
    player_to_play,
    turn_problem,
    winning_position,
)
from duckspec.doubleduck.scoring import deal_scores
from duckspec.doubleduck.soup_course import (
    Keepers,
    course_after_trick,
    deal_over_refusal,
    is_deal_over,
    keepers_after_trick,
)
from duckspec.doubleduck.variants import STANDARD, DrawOrder, RuleOptions
from duckspec.refusals import most_urgent
from duckspec.seats import side_of

Items = TypeVar("Items", bound=tuple[Any, ...])
SidePair = tuple[tuple[int, int], tuple[int, int]]
"""A pair of counts per side, side 0 (seats 0 and 2) first, each ``(Duck, Soup)``."""
NOTHING: SidePair = ((0, 0), (0, 0))
NO_KEEPERS: tuple[Keepers, Keepers] = ((None, None), (None, None))


class Phase(enum.StrEnum):
    """Where the deal stands: a trick to lead, a trick to follow, or the end."""

    LEAD = "lead"
    FOLLOW = "follow"
    OVER = "over"


@dataclass(frozen=True)
class DealState:
    """Everything about a deal in progress.

    Hands are in canonical card order (the two copies of a card side by side), the stock top first.
    ``table`` holds the plays of the unfinished trick in the order played, the lead first. ``piles``
    counts the cards each side has stored in each course, ``tricks`` the tricks it has won, and
    ``keepers`` names the seats keeping each side's Duck and Soup piles (ruling DD-R11).
    """

    options: RuleOptions
    dealer: int
    course: Course
    leader: int
    hands: Hands
    stock: tuple[Card, ...]
    table: tuple[Play, ...] = ()
    piles: SidePair = NOTHING
    tricks: SidePair = NOTHING
    keepers: tuple[Keepers, Keepers] = NO_KEEPERS
    over: bool = False

    @property
    def phase(self) -> Phase:
        if self.over:
            return Phase.OVER
        return Phase.FOLLOW if self.table else Phase.LEAD

    @property
    def to_act(self) -> int | None:
        """The player who must play now, or None when the deal is over."""
        return None if self.over else player_to_play(self.leader, len(self.table))

    @property
    def is_over(self) -> bool:
        return self.over

    def scores(self) -> tuple[int, int]:
        """Each side's deal score, Duck pile times Soup pile (§6); final once the deal is over."""
        return deal_scores(self.piles)


def new_deal(deck: Sequence[Card], dealer: int, options: RuleOptions = STANDARD) -> DealState:
    """The state after dealing ``deck`` (top first) with ``dealer`` dealing (Rules §2).

    Raises :class:`duckspec.doubleduck.dealing.InvalidDeck` for a deck that is not two packs, and
    ``ValueError`` for a dealer other than 0 to 3.
    """
    check_deck(deck)
    if dealer not in range(PLAYERS) or isinstance(dealer, bool):
        raise ValueError(f"the dealer must be player 0, 1, 2 or 3, not {dealer!r}")
    return DealState(
        options=options,
        dealer=dealer,
        course=Course.DUCK,
        leader=first_leader(dealer),
        hands=deal_hands(deck, dealer),
        stock=initial_stock(deck),
    )


def legal_actions(state: DealState) -> tuple[Action, ...]:
    """Every action the rules allow now, canonically sorted; empty exactly when the deal is over.

    One action per distinct card held (a card held twice is one choice) and call allowed with it
    (:func:`~duckspec.doubleduck.duck_course.allowed_calls`), built in the canonical order of
    :func:`~duckspec.doubleduck.actions.action_sort_key`, so no sort is needed.
    """
    player = state.to_act
    if player is None:
        return ()
    table = [play.card for play in state.table]
    hand = state.hands[player]
    distinct = [card for index, card in enumerate(hand) if index == 0 or hand[index - 1] != card]
    return tuple(Play(player, card, call) for card in distinct for call in allowed_calls(card, table))


def check_action(state: DealState, action: Action) -> None:
    """Raise :class:`IllegalAction` if the rules forbid ``action`` now: the refusal of highest precedence.

    A malformed action (not a :class:`Play`, a card that is no :class:`~duckspec.cards.Card`) is first a
    ``TypeError`` (:func:`~duckspec.doubleduck.actions.check_well_formed`). Then every section module's
    refusal is gathered and :func:`~duckspec.refusals.most_urgent` picks the one to report, so
    the precedence is the order of :class:`~duckspec.doubleduck.errors.ErrorCode` and nothing else.
    """
    check_well_formed(action)
    player = state.to_act
    if player is None:
        raise deal_over_refusal()
    table = [play.card for play in state.table]
    problems = [
        turn_problem(action.player, player),
        hand_problem(action.card, state.hands[player], player),
        call_problem(action.card, action.call, table),
    ]
    found = [problem for problem in problems if problem is not None]
    if found:
        raise most_urgent(found)


def apply(state: DealState, action: Action) -> DealState:
    """The state after ``action``; raises :class:`IllegalAction` (changing nothing) if it is not legal."""
    check_action(state, action)
    played = play_card(state, action)
    if len(played.table) < TRICK_SIZE:
        return played
    return finish_trick(played)


def play_card(state: DealState, action: Action) -> DealState:
    """The state with the card moved from the player's hand to the table (one copy of it).

    Under the ``as-played`` draw option the player draws at once in the Duck course (§2; DD-R02).
    """
    hand = list(state.hands[action.player])
    hand.remove(action.card)
    stock = state.stock
    if state.options.draw is DrawOrder.AS_PLAYED and state.course is Course.DUCK:
        hand, stock = sorted([*hand, stock[0]]), stock[1:]
    hands = with_item(state.hands, action.player, tuple(hand))
    return replace(state, hands=hands, stock=stock, table=(*state.table, action))


def finish_trick(state: DealState) -> DealState:
    """Decide the complete trick, store the winner's cards, draw in the Duck, change course, set the next leader."""
    winner = state.table[winning_position(state.table, state.course)].player
    side, course = side_of(winner), 0 if state.course is Course.DUCK else 1
    stored = cards_stored([play.card for play in state.table])
    piles = with_item(state.piles, side, with_item(state.piles[side], course, state.piles[side][course] + stored))
    tricks = with_item(state.tricks, side, with_item(state.tricks[side], course, state.tricks[side][course] + 1))
    keepers = with_item(state.keepers, side, keepers_after_trick(state.keepers[side], winner, state.course))
    hands, stock = state.hands, state.stock
    if state.course is Course.DUCK and state.options.draw is DrawOrder.WINNER_FIRST:
        draw = draw_after_trick(stock, winner)
        for player, card in draw.cards:
            hands = with_item(hands, player, tuple(sorted((*hands[player], card))))
        stock = draw.stock
    next_course = course_after_trick(state.course, len(stock))
    return replace(
        state,
        hands=hands,
        stock=stock,
        table=(),
        course=next_course,
        leader=winner,
        piles=piles,
        tricks=tricks,
        keepers=keepers,
        over=is_deal_over(next_course, tuple(len(hand) for hand in hands)),
    )


def with_item(items: Items, index: int, value: object) -> Items:
    """``items`` (a tuple of fixed length) with the entry at ``index`` replaced by ``value``."""
    return cast(Items, (*items[:index], value, *items[index + 1 :]))


__all__ = ["DealState", "Phase", "apply", "check_action", "legal_actions", "new_deal"]
