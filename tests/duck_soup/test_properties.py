"""Property tests: random deals, games and matches played through the specification.

Every test here plays random legal moves from random deck orders and checks, at every step or
at the end, a fact that the rules (or the rulings register) state and that the test computes
for itself with logic simpler than the specification's: cards are neither lost nor made,
hands and stock keep their sizes, tricks are won and scored as §4, §6 and §8 say, games and
matches end as §9 and §11 say. The deal tests run with the face-up stock and with the hidden
stock (parametrized), the other options (``double_draw``, ``calls``) are drawn at random.

Play is random but biased in several ways (:class:`Bias`): toward the calls (quack, quack-quack,
duck soup), so that the rare events (a quack-quack, a duck soup, a Soup of 12 tricks) occur often
enough; toward forgotten calls; toward low deal scores, so that games last several deals and end
by the 250 rule. ``event`` labels the rare events in ``--hypothesis-show-statistics``.

The number of examples comes from the Hypothesis profile (``tests/conftest.py``); the tests
that play whole games or matches run a fraction of it.
"""

from __future__ import annotations

import copy
import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from duckspec.cards import Card, Rank, full_deck
from duckspec.duck_soup import (
    Action,
    Call,
    Calls,
    Course,
    DealState,
    DoubleDraw,
    ErrorCode,
    GameEnd,
    IllegalAction,
    Phase,
    Play,
    RuleOptions,
    SayDuck,
    StockVisibility,
    apply,
    legal_actions,
    new_deal,
    new_game,
    new_match,
)
from duckspec.duck_soup import game as games
from duckspec.duck_soup.actions import action_sort_key
from duckspec.duck_soup.tricks import Trick
from duckspec.duck_soup.winning import game_result
from tests.strategies import ALL_ACTIONS, MAX_DEAL_STEPS, scaled

DECK = full_deck()
ALL_CALLS = tuple(Call)

DECKS_PER_GAME = 30


# --------------------------------------------------------------------------------------------
# Strategies
# --------------------------------------------------------------------------------------------


class Bias(enum.StrEnum):
    """How random play chooses among the legal actions."""

    UNIFORM = "uniform"
    """Any legal action, all equally likely."""
    CALLS = "calls"
    """An action with a call whenever there is one: quack when possible, quack-quack rather than
    duck, duck soup when the fourth card is held. Makes quack-quacks and 12-card Soups common."""
    MIXED = "mixed"
    """At each step, a coin decides between the two."""
    FORGETFUL = "forgetful"
    """Plays the cards of the rank led but forgets calls: the fourth card of a rank always without
    "duck soup" (DS-R03), a quack forgotten half the time (§6); quack-quack whenever possible."""
    SHARE = "share"
    """No calls; in the Duck follow the suit led (tricks of 1 point); in the Soup, a follower takes the
    trick while that keeps their deal score under ``SHARE_LIMIT``, else gives it away. Deal scores
    stay low, so games run over several deals to 250, with losers in the soup and level totals."""


SHARE_LIMIT = 80


decks = st.permutations(DECK).map(tuple)
dealers = st.sampled_from((0, 1))
double_draws = st.sampled_from(tuple(DoubleDraw))
call_options = st.sampled_from(tuple(Calls))
biases = st.sampled_from(tuple(Bias))
game_biases = st.sampled_from((*Bias, Bias.SHARE, Bias.SHARE))
"""The bias of a whole game or match: half of them ``SHARE``, so that games last."""
stocks = pytest.mark.parametrize("stock", tuple(StockVisibility))


def rule_options(best_of: int = 1, stock: StockVisibility | None = None) -> st.SearchStrategy[RuleOptions]:
    """Rule options with any stock visibility (unless given) and either double-draw order."""
    visibilities = st.just(stock) if stock is not None else st.sampled_from(tuple(StockVisibility))
    return st.builds(RuleOptions, stock=visibilities, best_of=st.just(best_of), double_draw=double_draws)


def seeded_deck(seed: int) -> tuple[Card, ...]:
    """A deck order shuffled from ``seed``; games use these to keep thirty decks cheap to generate."""
    return tuple(random.Random(seed).sample(DECK, len(DECK)))


game_decks = st.lists(st.integers(0, 2**32 - 1), min_size=DECKS_PER_GAME, max_size=DECKS_PER_GAME).map(
    lambda seeds: tuple(seeded_deck(seed) for seed in seeds)
)


def has_call(action: Action) -> bool:
    return isinstance(action, Play) and action.call is not Call.NONE


def choose(data: st.DataObject, state: DealState, bias: Bias) -> Action:
    """One of the legal actions of ``state``, drawn by ``data`` among those ``bias`` prefers."""
    actions = legal_actions(state)
    called = tuple(action for action in actions if has_call(action))
    if bias is Bias.SHARE:
        actions = shared(state, tuple(action for action in actions if not has_call(action)) or actions)
    elif bias is Bias.FORGETFUL and state.phase in (Phase.FOLLOW, Phase.FOURTH) and called:
        forget = state.phase is Phase.FOURTH or data.draw(st.booleans(), label="forget the quack")
        if forget:
            called = tuple(Play(action.player, action.card) for action in called if isinstance(action, Play))
        actions = called
    elif called and (
        bias in (Bias.CALLS, Bias.FORGETFUL) or (bias is Bias.MIXED and data.draw(st.booleans(), label="call"))
    ):
        actions = called
    return data.draw(st.sampled_from(actions), label="action")


def shared(state: DealState, actions: tuple[Action, ...]) -> tuple[Action, ...]:
    """The actions ``Bias.SHARE`` prefers among ``actions`` (all of them if it prefers none)."""
    if state.phase not in (Phase.FOLLOW, Phase.FOURTH):
        return actions
    led, player = state.table[-1], actor(state)
    if state.course is Course.DUCK:
        preferred = [a for a in actions if isinstance(a, Play) and a.card.suit == led.suit]
    else:
        duck, soup = state.points(Course.DUCK)[player], state.points(Course.SOUP)[player]
        take = duck * (soup + 2) < SHARE_LIMIT
        preferred = [a for a in actions if isinstance(a, Play) and beats(a.card, led, Course.SOUP) is take]
    return tuple(preferred) or actions


@dataclass(frozen=True)
class Step:
    """One action of a deal and the states around it."""

    before: DealState
    action: Action
    after: DealState


def play_deal(data: st.DataObject, state: DealState, bias: Bias) -> list[Step]:
    """Play ``state`` to the end of the deal with random legal actions; every step taken."""
    steps: list[Step] = []
    while not state.is_over:
        assert len(steps) < MAX_DEAL_STEPS, "the deal does not end"
        action = choose(data, state, bias)
        after = apply(state, action)
        steps.append(Step(state, action, after))
        state = after
    label_events(steps)
    return steps


def random_deal(data: st.DataObject, stock: StockVisibility) -> list[Step]:
    """A random deal from a random deck, dealer, double-draw order and calls (spoken or silent), played to its end."""
    options = RuleOptions(
        stock=stock,
        double_draw=data.draw(double_draws, label="double draw"),
        calls=data.draw(call_options, label="calls"),
    )
    state = new_deal(data.draw(decks, label="deck"), data.draw(dealers, label="dealer"), options)
    return play_deal(data, state, data.draw(biases, label="bias"))


def label_events(steps: Sequence[Step]) -> None:
    """Count the rare events in Hypothesis's statistics."""
    for step in steps:
        before, action = step.before, step.action
        if before.phase is Phase.ANSWER:
            event("quack-quack" if isinstance(action, Play) else "quack answered with duck")
        if isinstance(action, Play) and before.phase is Phase.FOLLOW and action.card.rank == before.table[0].rank:
            event("quack" if quacked(before, action) else "forgotten quack")
        if isinstance(action, Play) and before.phase is Phase.FOURTH and action.card.rank == before.table[0].rank:
            event("duck soup" if duck_soup_played(before, action) else "forgotten duck soup")
    event(f"Soup of {soup_start_size(steps)} cards")


# --------------------------------------------------------------------------------------------
# Independent, simple versions of the rules, to check the specification against
# --------------------------------------------------------------------------------------------


def strength(card: Card, course: Course) -> int:
    """Higher is better: the lower card wins the Duck (Ace lowest), the higher the Soup (Ace highest)."""
    if course is Course.DUCK:
        return -card.rank.value
    return 14 if card.rank is Rank.ACE else card.rank.value


def beats(follow: Card, lead: Card, course: Course) -> bool:
    """Whether the card played to ``lead`` wins an ordinary trick: the suit led, and better in it (§4)."""
    return follow.suit == lead.suit and strength(follow, course) > strength(lead, course)


def points_of(trick: Trick) -> int:
    return 1 if trick.lead.suit == trick.follow.suit else 2


def total_points(tricks: Sequence[Trick]) -> int:
    return sum(points_of(trick) for trick in tricks)


def deal_scores_of(state: DealState) -> tuple[int, int]:
    """Each player's Duck points times Soup points, counted from the tricks."""
    duck = [total_points(state.duck_tricks[player]) for player in (0, 1)]
    soup = [total_points(state.soup_tricks[player]) for player in (0, 1)]
    return duck[0] * soup[0], duck[1] * soup[1]


def actor(state: DealState) -> int:
    """Who acts: the leader leads and answers a quack, the follower follows and plays the fourth card."""
    return state.leader if state.phase in (Phase.LEAD, Phase.ANSWER) else 1 - state.leader


CALLS_BY_PHASE = {
    Phase.LEAD: {Call.NONE},
    Phase.FOLLOW: {Call.NONE, Call.QUACK},
    Phase.ANSWER: {Call.QUACK_QUACK},
    Phase.FOURTH: {Call.NONE, Call.DUCK_SOUP},
}
"""The calls a card may carry at each moment, spoken (DS-R10, DS-R12); with silent calls none (DS-R15)."""


def calls_here(state: DealState) -> set[Call]:
    return {Call.NONE} if state.options.calls is Calls.SILENT else CALLS_BY_PHASE[state.phase]


def quacked(state: DealState, action: Play) -> bool:
    """Whether a follow is a quack: the rank led with the call, or with silent calls the rank led alone (§6)."""
    rank = action.card.rank == state.table[0].rank
    return rank and (state.options.calls is Calls.SILENT or action.call is Call.QUACK)


def duck_soup_played(state: DealState, action: Play) -> bool:
    """Whether the fourth card takes both tricks: the last of the rank, called, or silent (§6; DS-R03, DS-R15)."""
    rank = action.card.rank == state.table[0].rank
    return rank and (state.options.calls is Calls.SILENT or action.call is Call.DUCK_SOUP)


def expected_error(state: DealState, action: Action) -> ErrorCode | None:
    """The code an action must be refused with, by the precedence documented in ``errors``; None if legal."""
    if state.phase is Phase.OVER:
        return ErrorCode.DEAL_OVER
    player = actor(state)
    if action.player != player:
        return ErrorCode.NOT_YOUR_TURN
    if isinstance(action, SayDuck):
        return None if state.phase is Phase.ANSWER else ErrorCode.DUCK_NOT_ALLOWED
    silent = state.options.calls is Calls.SILENT
    if state.phase is Phase.ANSWER and (
        action.card.rank != state.table[0].rank if silent else action.call is not Call.QUACK_QUACK
    ):
        return ErrorCode.ANSWER_REQUIRED
    if action.card not in state.hands[player]:
        return ErrorCode.CARD_NOT_IN_HAND
    if action.call not in calls_here(state):
        return ErrorCode.CALL_NOT_ALLOWED
    if action.call is not Call.NONE and action.card.rank != state.table[0].rank:
        return ErrorCode.CALL_RANK_MISMATCH
    return None


def cards_everywhere(state: DealState) -> list[Card]:
    """Every card of the deal, wherever it is: hands, stock, table and the tricks of both courses."""
    cards = [*state.hands[0], *state.hands[1], *state.stock, *state.table]
    for course in Course:
        for won in state.tricks(course):
            for trick in won:
                cards += [trick.lead, trick.follow]
    return cards


def trick_count(state: DealState, course: Course) -> int:
    return sum(len(won) for won in state.tricks(course))


@dataclass(frozen=True)
class Finished:
    """The trick or tricks a step finished: who won them and in which course."""

    winner: int
    course: Course
    tricks: tuple[Trick, ...]


def finished(step: Step) -> Finished | None:
    """What the step finished, read off the growth of the tricks won; None for a step mid-trick."""
    course = step.before.course
    before, after = step.before.tricks(course), step.after.tricks(course)
    grown = [player for player in (0, 1) if len(after[player]) > len(before[player])]
    if not grown:
        return None
    assert len(grown) == 1, "one step gave tricks to both players"
    winner = grown[0]
    assert after[1 - winner] == before[1 - winner]
    assert after[winner][: len(before[winner])] == before[winner], "tricks won earlier changed"
    return Finished(winner, course, after[winner][len(before[winner]) :])


def soup_start(steps: Sequence[Step]) -> Step:
    """The step that ended the Duck course."""
    return next(step for step in steps if step.before.course is Course.DUCK and step.after.course is Course.SOUP)


def soup_start_size(steps: Sequence[Step]) -> int:
    return len(soup_start(steps).after.hands[0])


def is_quack_quack_on_two(step: Step) -> bool:
    """Whether the step finished a quack-quack while only two cards were left in the stock."""
    return step.before.phase is Phase.FOURTH and step.before.course is Course.DUCK and len(step.before.stock) == 2


# --------------------------------------------------------------------------------------------
# Deals
# --------------------------------------------------------------------------------------------


@pytest.mark.ruling("DS-R01")
@stocks
@given(deck=decks, dealer=dealers, double_draw=double_draws)
def test_the_deal_follows_the_deck_order(
    stock: StockVisibility, deck: tuple[Card, ...], dealer: int, double_draw: DoubleDraw
) -> None:
    """Cards go one at a time to the non-dealer first, who leads; the other 26 are the stock, top first."""
    state = new_deal(deck, dealer, RuleOptions(stock=stock, double_draw=double_draw))
    non_dealer = 1 - dealer
    assert state.hands[non_dealer] == tuple(sorted(deck[0:26:2]))
    assert state.hands[dealer] == tuple(sorted(deck[1:26:2]))
    assert state.stock == deck[26:]
    assert (state.phase, state.course, state.leader, state.dealer) == (Phase.LEAD, Course.DUCK, non_dealer, dealer)
    assert state.table == () and state.duck_tricks == state.soup_tricks == ((), ())
    assert state.face_up_card == (deck[26] if stock is StockVisibility.FACE_UP else None)


@stocks
@given(data=st.data())
def test_every_card_is_in_exactly_one_place(data: st.DataObject, stock: StockVisibility) -> None:
    """At every step the hands, stock, table and tricks of both courses hold the 52 cards once each."""
    steps = random_deal(data, stock)
    for state in [steps[0].before, *(step.after for step in steps)]:
        cards = cards_everywhere(state)
        assert len(cards) == 52
        assert set(cards) == set(DECK)
        assert all(hand == tuple(sorted(hand)) for hand in state.hands), "hands are kept in canonical order"
    final = steps[-1].after
    assert final.hands == ((), ()) and final.stock == () and final.table == ()


@stocks
@given(data=st.data())
def test_hand_sizes_at_every_lead(data: st.DataObject, stock: StockVisibility) -> None:
    """13 cards each at every Duck lead; equal hands in the Soup, which starts with 13 cards or 12.

    12 exactly when the last Duck trick was a quack-quack that met a stock of two cards (§6).
    """
    steps = random_deal(data, stock)
    for step in steps:
        state = step.before
        sizes = len(state.hands[0]), len(state.hands[1])
        leader, follower = state.leader, 1 - state.leader
        if state.phase is Phase.LEAD and state.course is Course.DUCK:
            assert sizes == (13, 13)
        elif state.phase is Phase.LEAD:
            assert sizes[0] == sizes[1]
        elif state.phase in (Phase.FOLLOW, Phase.FOURTH):
            assert sizes[leader] == sizes[follower] - 1
        else:
            assert sizes[leader] == sizes[follower]
    change = soup_start(steps)
    assert change.after.phase is Phase.LEAD
    expected = 12 if is_quack_quack_on_two(change) else 13
    assert (len(change.after.hands[0]), len(change.after.hands[1])) == (expected, expected)


@pytest.mark.ruling("DS-R04")
@stocks
@given(data=st.data())
def test_the_stock_shrinks_by_two_or_four_and_the_right_cards_are_drawn(
    data: st.DataObject, stock: StockVisibility
) -> None:
    """Each Duck trick draws 2 cards (4 after a quack-quack, 2 if only 2 are left); the winner draws first.

    Single trick: winner the top card, loser the next (§5). Quack-quack: the winner the top two
    and the loser the next two, or winner, loser, winner, loser with ``double_draw`` alternate
    (DS-R04). The stock never changes mid-trick, stays even, and is empty throughout the Soup.
    """
    steps = random_deal(data, stock)
    for step in steps:
        before, after = step.before, step.after
        assert len(after.stock) % 2 == 0
        if before.course is Course.SOUP:
            assert before.stock == after.stock == ()
        done = finished(step)
        if done is None:
            assert after.stock == before.stock
            continue
        old, drawn = before.stock, len(before.stock) - len(after.stock)
        assert after.stock == old[drawn:], "cards are drawn from the top"
        if done.course is Course.SOUP:
            assert drawn == 0
            continue
        if len(done.tricks) == 2 and len(old) >= 4:
            assert drawn == 4
            order = (old[0], old[1], old[2], old[3])
            if before.options.double_draw is DoubleDraw.ALTERNATE:
                order = (old[0], old[2], old[1], old[3])
            winner_cards, loser_cards = set(order[:2]), set(order[2:])
        else:
            assert drawn == 2
            winner_cards, loser_cards = {old[0]}, {old[1]}
        winner, loser = done.winner, 1 - done.winner
        played = {step.action.card} if isinstance(step.action, Play) else set()
        assert set(after.hands[winner]) == (set(before.hands[winner]) - played) | winner_cards
        assert set(after.hands[loser]) == (set(before.hands[loser]) - played) | loser_cards
        assert after.course is (Course.SOUP if after.stock == () else Course.DUCK)


@stocks
@given(data=st.data())
def test_tricks_are_won_as_sections_4_and_6_say(data: st.DataObject, stock: StockVisibility) -> None:
    """The winner of every trick, by the independent rules of §4 (ordinary trick) and §6 (quacks).

    A trick ends on an unquacked follow, on "duck", or on the fourth card of a quack-quack, and
    only then; a lead asks for a follow, a quack for an answer, a quack-quack for the fourth card.
    The winner of a trick leads the next one, across the change of course too (§7).
    """
    steps = random_deal(data, stock)
    for step in steps:
        before, action, done = step.before, step.action, finished(step)
        unquacked = isinstance(action, Play) and before.phase is Phase.FOLLOW and not quacked(before, action)
        ends = isinstance(action, SayDuck) or before.phase is Phase.FOURTH or unquacked
        assert (done is not None) == ends
        if done is None:
            next_phase = {Phase.LEAD: Phase.FOLLOW, Phase.FOLLOW: Phase.ANSWER, Phase.ANSWER: Phase.FOURTH}
            assert step.after.phase is next_phase[before.phase]
            assert step.after.leader == before.leader
            continue
        assert step.after.phase in (Phase.LEAD, Phase.OVER) and step.after.table == ()
        leader, follower = before.leader, 1 - before.leader
        if isinstance(action, SayDuck):  # a quack answered with "duck": the quacker wins
            assert done.tricks == (Trick(*before.table),)
            assert done.winner == follower
        elif before.phase is Phase.FOURTH:  # a quack-quack: both tricks to one player
            lead, quack, third = before.table
            assert done.tricks == (Trick(lead, quack), Trick(third, action.card))
            assert isinstance(action, Play)
            assert done.winner == (follower if duck_soup_played(before, action) else leader)
        else:
            assert isinstance(action, Play) and before.phase is Phase.FOLLOW and not quacked(before, action)
            (lead,) = before.table
            assert done.tricks == (Trick(lead, action.card),)
            assert done.winner == (follower if beats(action.card, lead, done.course) else leader)
        assert step.after.leader == done.winner


@stocks
@given(data=st.data())
def test_points_and_trick_counts(data: st.DataObject, stock: StockVisibility) -> None:
    """Every trick is worth 1 (one suit) or 2 (two suits); course points are the sums of the tricks' points.

    The Duck and Soup have 26 tricks in all: the Soup 13, or 12 after a quack-quack met a stock of
    two cards, when the Duck has 14 (its 12 ordinary draws plus that quack-quack's two tricks).
    """
    steps = random_deal(data, stock)
    for state in (step.after for step in steps):
        for course in Course:
            for player in (0, 1):
                tricks = state.tricks(course)[player]
                assert all(trick.points == points_of(trick) in (1, 2) for trick in tricks)
                assert state.points(course)[player] == total_points(tricks)
        assert trick_count(state, Course.DUCK) <= 14
        assert trick_count(state, Course.SOUP) <= 13
    final = steps[-1].after
    soup = trick_count(final, Course.SOUP)
    assert soup in (12, 13)
    assert soup == soup_start_size(steps)
    assert trick_count(final, Course.DUCK) == 26 - soup
    assert soup == (12 if is_quack_quack_on_two(soup_start(steps)) else 13)


@stocks
@given(data=st.data())
def test_the_deal_score_is_duck_points_times_soup_points(data: st.DataObject, stock: StockVisibility) -> None:
    """§8: ``scores()`` is each player's Duck points times Soup points, counted from the tricks."""
    steps = random_deal(data, stock)
    for state in (step.after for step in steps):
        duck, soup = state.points(Course.DUCK), state.points(Course.SOUP)
        assert state.scores() == (duck[0] * soup[0], duck[1] * soup[1])
    final = steps[-1].after
    assert final.scores() == deal_scores_of(final)
    event(f"deal scores {'both' if min(final.scores()) > 0 else 'not both'} positive")


@stocks
@given(data=st.data())
def test_legal_actions_are_sorted_distinct_and_empty_only_at_the_end(
    data: st.DataObject, stock: StockVisibility
) -> None:
    """``legal_actions`` is a tuple in ``action_sort_key`` order, without repeats, all by the player to act;
    it is empty exactly when the deal is over."""
    steps = random_deal(data, stock)
    for state in [steps[0].before, *(step.after for step in steps)]:
        actions = legal_actions(state)
        assert isinstance(actions, tuple)
        assert list(actions) == sorted(actions, key=action_sort_key)
        assert len(set(actions)) == len(actions)
        assert (actions == ()) == state.is_over
        assert all(action.player == state.to_act for action in actions)
        assert state.to_act == (None if state.is_over else actor(state))
    assert steps[-1].after.phase is Phase.OVER


@pytest.mark.ruling("DS-R10")
@stocks
@scaled(0.25)
@given(data=st.data())
def test_apply_accepts_every_legal_action_and_never_changes_its_input(
    data: st.DataObject, stock: StockVisibility
) -> None:
    """Every listed action is accepted; ``apply`` leaves its argument equal (and equally hashed) to before."""
    steps = random_deal(data, stock)
    for step in steps:
        state = step.before
        snapshot, fingerprint = copy.deepcopy(state), hash(state)
        for action in legal_actions(state):
            after = apply(state, action)
            assert after != state
            assert state == snapshot and hash(state) == fingerprint
        assert apply(state, step.action) == step.after, "apply is a function of its arguments"
        if state.phase is Phase.ANSWER:  # the leader must answer: "duck", or quack-quack with the rank led
            answers = legal_actions(state)
            assert SayDuck(state.leader) in answers
            assert all(
                isinstance(a, SayDuck)
                or (
                    a.call is (Call.NONE if state.options.calls is Calls.SILENT else Call.QUACK_QUACK)
                    and a.card.rank == state.table[0].rank
                )
                for a in answers
            )


def illegal_candidates(state: DealState) -> dict[str, list[Action]]:
    """Actions the rules forbid in ``state``, by the kind of mistake (empty kinds left out)."""
    if state.is_over:
        return {"after the end": list(ALL_ACTIONS)}
    player, phase = actor(state), state.phase
    hand = state.hands[player]
    allowed = calls_here(state)
    legal = set(legal_actions(state))
    kinds: dict[str, list[Action]] = {
        "wrong player": [replace(action, player=1 - player) for action in legal],
        "card not in hand": [Play(player, card, call) for card in DECK if card not in hand for call in allowed],
        "call out of place": [Play(player, card, call) for card in hand for call in ALL_CALLS if call not in allowed],
        "call on another rank": [
            Play(player, card, call)
            for card in hand
            for call in allowed - {Call.NONE}
            if card.rank != state.table[0].rank
        ],
        "duck with no quack waiting": [SayDuck(player), SayDuck(1 - player)] if phase is not Phase.ANSWER else [],
        "anything not listed": [action for action in ALL_ACTIONS if action not in legal],
    }
    return {kind: actions for kind, actions in kinds.items() if actions}


@pytest.mark.ruling("DS-R02")
@pytest.mark.ruling("DS-R10")
@pytest.mark.ruling("DS-R12")
@stocks
@scaled(0.2)
@given(data=st.data())
def test_illegal_actions_are_refused_and_change_nothing(data: st.DataObject, stock: StockVisibility) -> None:
    """At every step an illegal action of each kind raises ``IllegalAction`` with the code of highest
    precedence, and the state stays as it was; at the end of the deal every action is refused."""
    steps = random_deal(data, stock)
    states = [step.before for step in steps] + [steps[-1].after]
    for state in states:
        snapshot, fingerprint = copy.deepcopy(state), hash(state)
        for kind, candidates in illegal_candidates(state).items():
            action = data.draw(st.sampled_from(candidates), label=kind)
            code = expected_error(state, action)
            assert code is not None, f"{kind}: {action} should be illegal"
            with pytest.raises(IllegalAction) as refusal:
                apply(state, action)
            assert refusal.value.code is code, f"{kind}: {action}"
            assert state == snapshot and hash(state) == fingerprint


@stocks
@scaled(0.05)
@given(data=st.data())
def test_exactly_the_listed_actions_are_accepted(data: st.DataObject, stock: StockVisibility) -> None:
    """All 418 writable actions, at every step of a few deals: accepted iff listed, refused with the right code."""
    steps = random_deal(data, stock)
    for state in [step.before for step in steps] + [steps[-1].after]:
        legal = set(legal_actions(state))
        for action in ALL_ACTIONS:
            code = expected_error(state, action)
            assert (code is None) == (action in legal), str(action)
            if code is None:
                continue
            try:
                apply(state, action)
            except IllegalAction as refusal:
                assert refusal.code is code, str(action)
            else:
                raise AssertionError(f"{action} was accepted")


@pytest.mark.ruling("DS-R09")
@given(data=st.data(), deck=decks, dealer=dealers, double_draw=double_draws, bias=biases)
def test_the_hidden_stock_changes_only_what_is_seen(
    data: st.DataObject, deck: tuple[Card, ...], dealer: int, double_draw: DoubleDraw, bias: Bias
) -> None:
    """The same deck and actions give the same hands, stock and tricks with the stock face up or hidden;
    hidden, no card is ever face up; face up, the top card of the stock is."""
    face_up = new_deal(deck, dealer, RuleOptions(stock=StockVisibility.FACE_UP, double_draw=double_draw))
    hidden = new_deal(deck, dealer, RuleOptions(stock=StockVisibility.HIDDEN, double_draw=double_draw))
    steps = play_deal(data, face_up, bias)
    states = [face_up] + [step.after for step in steps]
    for index, state in enumerate(states):
        assert hidden == replace(state, options=hidden.options)
        assert hidden.face_up_card is None
        assert state.face_up_card == (state.stock[0] if state.stock else None)
        assert legal_actions(hidden) == legal_actions(state)
        if index < len(steps):
            hidden = apply(hidden, steps[index].action)
    assert hidden.is_over and hidden.scores() == steps[-1].after.scores()


# --------------------------------------------------------------------------------------------
# Games and matches
# --------------------------------------------------------------------------------------------


def pond_winner(deal_scores: tuple[int, int]) -> int | None:
    """125 or more in one deal wins at once; if both reach it, the strictly higher deal (DS-R05)."""
    reached = [player for player in (0, 1) if deal_scores[player] >= 125]
    if len(reached) == 1:
        return reached[0]
    if len(reached) == 2 and deal_scores[0] != deal_scores[1]:
        return 0 if deal_scores[0] > deal_scores[1] else 1
    return None


@dataclass(frozen=True)
class Expected:
    """How a game should stand after a deal, by §9 computed afresh."""

    over: bool
    winner: int | None = None
    end: GameEnd | None = None
    value: int = 0


def expected_after_deal(totals: tuple[int, int], deal_scores: tuple[int, int]) -> Expected:
    pond = pond_winner(deal_scores)
    if pond is not None:
        return Expected(True, pond, GameEnd.POND, 2)
    if max(totals) >= 250 and totals[0] != totals[1]:
        winner = 0 if totals[0] > totals[1] else 1
        return Expected(True, winner, GameEnd.TARGET, 2 if totals[1 - winner] < 125 else 1)
    return Expected(False)


THRESHOLDS = (0, 1, 124, 125, 126, 249, 250, 251)
"""The scores where §9 changes its mind (DS-R14), drawn often so that the boundaries are tested."""


def near_thresholds(at_least: int = 0) -> st.SearchStrategy[int]:
    """Scores of at least ``at_least``, often exactly on a threshold."""
    on_a_line = [value for value in THRESHOLDS if value >= at_least] or [at_least]
    return st.one_of(st.sampled_from(on_a_line), st.sampled_from(on_a_line), st.integers(at_least, at_least + 400))


@pytest.mark.ruling("DS-R05")
@pytest.mark.ruling("DS-R06")
@pytest.mark.ruling("DS-R07")
@pytest.mark.ruling("DS-R08")
@pytest.mark.ruling("DS-R14")
@scaled(4)
@given(data=st.data())
def test_game_result_decides_as_section_9_says(data: st.DataObject) -> None:
    """``winning.game_result`` on any deal scores and totals, on and around the thresholds 125 and 250,
    with equal deal scores and level totals drawn often, agrees with §9 computed afresh."""
    if data.draw(st.booleans(), label="equal deal scores"):
        score = data.draw(near_thresholds(), label="both deal scores")
        deal: tuple[int, int] = (score, score)
    else:
        deal = (data.draw(near_thresholds(), label="deal score 0"), data.draw(near_thresholds(), label="deal score 1"))
    if data.draw(st.booleans(), label="level totals"):
        total = data.draw(near_thresholds(max(deal)), label="both totals")
        totals = (total, total)
    else:
        totals = (
            data.draw(near_thresholds(deal[0]), label="total 0"),
            data.draw(near_thresholds(deal[1]), label="total 1"),
        )
    expected = expected_after_deal(totals, deal)
    result = game_result(totals, deal)
    if result is None:
        assert not expected.over
        return
    assert (result.winner, result.end, result.value) == (expected.winner, expected.end, expected.value)
    assert result.in_the_soup == (totals[1 - result.winner] < 125) and result.totals == totals
    event(f"{result.end}, worth {result.value}")


def check_deal_start(previous: DealState, started: DealState, deck: tuple[Card, ...]) -> None:
    """A new deal: dealt from the next deck, by the other player, with the same options."""
    assert started == new_deal(deck, 1 - previous.dealer, previous.options)


@pytest.mark.ruling("DS-R05")
@pytest.mark.ruling("DS-R06")
@pytest.mark.ruling("DS-R07")
@pytest.mark.ruling("DS-R08")
@pytest.mark.ruling("DS-R14")
@scaled(0.5)
@given(data=st.data(), all_decks=game_decks, first_dealer=dealers, options=rule_options())
def test_games_end_as_the_winning_rules_say(
    data: st.DataObject, all_decks: tuple[tuple[Card, ...], ...], first_dealer: int, options: RuleOptions
) -> None:
    """After every deal the game ends iff a player is in the pond (125+ in the deal, strictly ahead if both
    are) or a total has reached 250 and the totals differ; the winner and the game's value follow §9."""
    game = new_game(all_decks, first_dealer, options)
    assert game.deal == new_deal(all_decks[0], first_dealer, options)
    totals, used, bias = (0, 0), 1, data.draw(game_biases, label="bias")
    while not game.is_over:
        actions = games.legal_actions(game)
        if not actions:  # the decks ran out (play with no points at all can go on for long)
            assert game.needs_deck and used == len(all_decks)
            event("game ran out of decks")
            return
        assert actions == legal_actions(game.deal)
        action = choose(data, game.deal, bias)
        deal_after = apply(game.deal, action)
        after = games.apply(game, action)
        if not deal_after.is_over:
            assert after == replace(game, deal=deal_after)
            game = after
            continue
        scores = deal_scores_of(deal_after)
        totals = (totals[0] + scores[0], totals[1] + scores[1])
        assert after.deal_scores == (*game.deal_scores, scores)
        assert after.totals == totals
        expected = expected_after_deal(totals, scores)
        if min(scores) >= 125:
            event("both players in the pond")
        if max(totals) >= 250 and totals[0] == totals[1]:
            event("level totals past 250")
        assert after.is_over == expected.over, f"totals {totals}, deal {scores}"
        if after.result is not None:
            result = after.result
            assert (result.winner, result.end, result.value) == (expected.winner, expected.end, expected.value)
            assert result.totals == totals and result.loser == 1 - result.winner
            assert result.in_the_soup == (totals[result.loser] < 125)
            assert after.deal == deal_after
            event(f"game won {result.end}, worth {result.value}")
        elif used < len(all_decks):
            check_deal_start(game.deal, after.deal, all_decks[used])
            used += 1
        else:
            assert after.needs_deck
        game = after
    assert games.legal_actions(game) == ()
    with pytest.raises(IllegalAction) as refusal:
        games.apply(game, Play(0, DECK[0]))
    assert refusal.value.code is ErrorCode.GAME_OVER
    event(f"game of {len(game.deal_scores)} deal(s)")


@pytest.mark.ruling("DS-R07")
@pytest.mark.ruling("DS-R11")
@pytest.mark.parametrize("best_of", [3, 5])
@scaled(0.25)
@given(data=st.data(), all_decks=game_decks, first_dealer=dealers)
def test_matches_end_at_a_majority_and_the_dealer_alternates(
    data: st.DataObject, all_decks: tuple[tuple[Card, ...], ...], first_dealer: int, best_of: int
) -> None:
    """A match ends when a player's games won (a double game counting two) reach ``best_of // 2 + 1``;
    the dealer changes on every deal, from one game to the next too, and decks are used in order."""
    options = data.draw(rule_options(best_of=best_of), label="options")
    match = new_match(all_decks, first_dealer, options)
    assert match.game.deal == new_deal(all_decks[0], first_dealer, options)
    won, used, needed, bias = [0, 0], 1, best_of // 2 + 1, data.draw(game_biases, label="bias")
    while not match.is_over:
        actions = games.match_legal_actions(match)
        if not actions:
            assert match.needs_deck and used == len(all_decks)
            event("match ran out of decks")
            return
        action = choose(data, match.game.deal, bias)
        deal_after = apply(match.game.deal, action)
        after = games.match_apply(match, action)
        if deal_after.is_over:
            if len(after.results) > len(match.results):
                assert len(after.results) == len(match.results) + 1
                result = after.results[-1]
                value = 2 if result.end is GameEnd.POND or result.totals[result.loser] < 125 else 1
                won[result.winner] += value
            assert after.games_won == (won[0], won[1])
            assert after.is_over == (max(won) >= needed)
            if after.is_over:
                assert after.winner == (0 if won[0] >= needed else 1)
            elif used < len(all_decks):
                check_deal_start(match.game.deal, after.game.deal, all_decks[used])
                used += 1
            else:
                assert after.needs_deck
        else:
            assert after.game.deal == deal_after and after.results == match.results
        match = after
    assert games.match_legal_actions(match) == ()
    with pytest.raises(IllegalAction) as refusal:
        games.match_apply(match, Play(0, DECK[0]))
    assert refusal.value.code is ErrorCode.GAME_OVER
    event(f"match of {len(match.results)} game(s), won {max(won)}-{min(won)}")
