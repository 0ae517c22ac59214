"""The Soup solver: right on every action, checked against a minimax written only for this test.

The oracle is the plainest search there is: it tries every legal action in every position,
with no pruning and no merging of cards, remembers each position's value, and takes every rule
(who wins a trick, its points, what a quack, a duck, a quack-quack or a duck soup gives) from the
specification's own functions. The solver must give every legal action the oracle's value.

The tests that search run twice: on the pure Python solver (the reference) and on its copy
compiled with mypyc (:mod:`ducksoup.compiling`), which must agree with it on every position, down
to the positions it searched. The compiled half runs in ``nox -s soak``, where its build is paid
once (:mod:`tests.compiled`); the default session skips it with that reason.
"""

from __future__ import annotations

import doctest
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ducksoup.duck_soup import solver as solver_module
from ducksoup.duck_soup.bots import Bot, GreedyBot, RandomBot
from ducksoup.duck_soup.engine import Deal
from ducksoup.duck_soup.simulate import new_deck
from ducksoup.duck_soup.solver import PositionError, Solver, SoupPosition
from duckspec.cards import Card, card_from_index, parse_card, parse_cards
from duckspec.duck_soup import deal as spec
from duckspec.duck_soup.actions import Action, Play, SayDuck
from duckspec.duck_soup.cards import Course
from duckspec.duck_soup.deal import DealState, Phase
from duckspec.duck_soup.quacking import Call, is_quack, quack_answered_by_duck, quack_quack_result
from duckspec.duck_soup.tricks import Role, Trick, trick_winner
from duckspec.duck_soup.variants import STANDARD, Calls
from tests.compiled import compiled_or_skip


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


@pytest.fixture(scope="module", params=["pure", "compiled"])
def engine(request: pytest.FixtureRequest) -> Any:
    """The solver module: the pure Python reference, or its compiled copy."""
    if request.param == "pure":
        return solver_module
    return compiled_or_skip(solver_module)


def on(engine: Any, position: SoupPosition) -> Any:
    """``position`` as a position of ``engine`` (the compiled module has a class of its own)."""
    return engine.SoupPosition(
        position.hands, position.leader, position.phase, position.table, position.duck, position.soup, position.silent
    )


# The oracle

State = tuple[tuple[frozenset[Card], frozenset[Card]], int, str, tuple[Card, ...]]
"""Both hands, the leader, the phase, the table."""


def oracle_moves(state: State, silent: bool) -> list[Action]:
    """Every legal action, written out from the rules: any card; a call on a card of the rank led
    (with silent calls, ruling DS-R15, no call at all: the rank alone decides)."""
    hands, leader, phase, table = state
    me = leader if phase in ("lead", "answer") else 1 - leader
    if phase == "lead" or (silent and phase != "answer"):
        return [Play(me, card) for card in hands[me]]
    rank = table[0].rank
    if phase == "answer":
        answer = Call.NONE if silent else Call.QUACK_QUACK
        return [Play(me, c, answer) for c in hands[me] if c.rank == rank] + [SayDuck(me)]
    call = Call.QUACK if phase == "follow" else Call.DUCK_SOUP
    moves: list[Action] = []
    for card in hands[me]:
        moves.append(Play(me, card))
        if card.rank == rank:
            moves.append(Play(me, card, call))
    return moves


def oracle_step(state: State, action: Action, silent: bool) -> tuple[State | None, tuple[int, int]]:
    """The state after ``action`` (None when the Soup is over) and the points it gave each player."""
    hands, leader, phase, table = state

    def finish(held: tuple[frozenset[Card], frozenset[Card]], role: Role, tricks: tuple[Trick, ...]) -> Any:
        winner = leader if role is Role.LEADER else 1 - leader
        points = sum(trick.points for trick in tricks)
        gained = (points, 0) if winner == 0 else (0, points)
        return (None if not held[0] and not held[1] else (held, winner, "lead", ())), gained

    if isinstance(action, SayDuck):
        role, trick = quack_answered_by_duck(table[0], table[1])
        return finish(hands, role, (trick,))  # type: ignore[no-any-return]
    me, card = action.player, action.card
    held = (hands[0] - {card}, hands[1]) if me == 0 else (hands[0], hands[1] - {card})
    played = (*table, card)
    if phase in ("lead", "answer"):
        return (held, leader, "follow" if phase == "lead" else "fourth", played), (0, 0)
    calls = Calls.SILENT if silent else Calls.SPOKEN
    if phase == "follow":
        if is_quack(table[0], card, action.call, calls):
            return (held, leader, "answer", played), (0, 0)
        return finish(held, trick_winner(table[0], card, Course.SOUP), (Trick(table[0], card),))  # type: ignore[no-any-return]
    role, tricks = quack_quack_result(table[0], table[1], table[2], card, action.call, calls)
    return finish(held, role, tricks)  # type: ignore[no-any-return]


def oracle_values(position: SoupPosition) -> list[tuple[Action, int]]:
    """Each legal action's value for the player to act, by memoised minimax without pruning."""
    duck = position.duck
    memo: dict[State, int] = {}

    def value(state: State | None) -> int:  # the points still to come, weighted, player 0's view
        if state is None:
            return 0
        if state in memo:
            return memo[state]
        me = state[1] if state[2] in ("lead", "answer") else 1 - state[1]
        outcomes = []
        for action in oracle_moves(state, position.silent):
            after, (won0, won1) = oracle_step(state, action, position.silent)
            outcomes.append(duck[0] * won0 - duck[1] * won1 + value(after))
        memo[state] = max(outcomes) if me == 0 else min(outcomes)
        return memo[state]

    state: State = (
        (frozenset(position.hands[0]), frozenset(position.hands[1])),
        position.leader,
        position.phase,
        position.table,
    )
    me = position.to_act
    out = []
    for action in oracle_moves(state, position.silent):
        after, (won0, won1) = oracle_step(state, action, position.silent)
        total = position.result() + duck[0] * won0 - duck[1] * won1 + value(after)
        out.append((action, total if me == 0 else -total))
    order = {action: i for i, action in enumerate(position.legal_actions())}
    return sorted(out, key=lambda item: order[item[0]])


# Positions


@st.composite
def soup_positions(draw: st.DrawFn, sizes: st.SearchStrategy[int], silent: st.SearchStrategy[bool]) -> SoupPosition:
    """A Soup position with ``sizes`` cards each at a trick's start, then a few legal actions in.

    Most cards come from a few ranks, so that quacks, quack-quacks and duck soups are common.
    """
    size = draw(sizes)
    ranks = draw(st.lists(st.integers(0, 12), min_size=2, max_size=5, unique=True))
    crowded = [suit * 13 + rank for suit in range(4) for rank in ranks]
    pool = list(dict.fromkeys(crowded + list(draw(st.permutations(range(52))))))[: len(crowded) + 2 * size]
    cards = [card_from_index(i) for i in draw(st.permutations(pool))[: 2 * size]]
    position = SoupPosition.start(
        cards[:size],
        cards[size:],
        leader=draw(st.integers(0, 1)),
        duck=(draw(st.integers(0, 30)), draw(st.integers(0, 30))),
        soup=(draw(st.integers(0, 20)), draw(st.integers(0, 20))),
        silent=draw(silent),
    )
    for _ in range(draw(st.integers(0, 3))):
        after = position.after(draw(st.sampled_from(position.legal_actions())))
        if isinstance(after, int):
            break
        position = after
    return position


@given(soup_positions(st.integers(1, 6), st.booleans()))
def test_the_solver_gives_every_action_the_oracles_value(engine: Any, position: SoupPosition) -> None:
    assert engine.Solver().action_values(on(engine, position)) == oracle_values(position)


@settings(max_examples=3, derandomize=True, deadline=None)
@given(soup_positions(st.integers(7, 8), st.just(False)))
def test_the_solver_agrees_with_the_oracle_up_to_eight_cards_each(engine: Any, position: SoupPosition) -> None:
    assert engine.Solver().action_values(on(engine, position)) == oracle_values(position)


@given(soup_positions(st.integers(1, 6), st.just(False)), st.randoms(use_true_random=False))
def test_positions_follow_the_specification(position: SoupPosition, rng: random.Random) -> None:
    """The solver's positions list the spec's legal actions and apply them as the spec does."""
    start = position
    state = DealState(
        STANDARD, 0, Course.SOUP, Phase(position.phase), position.leader, position.hands, (), position.table
    )
    while True:
        assert position.legal_actions() == spec.legal_actions(state)
        action = rng.choice(position.legal_actions())
        after = position.after(action)
        state = spec.apply(state, action)
        gained = state.points(Course.SOUP)
        soup = (start.soup[0] + gained[0], start.soup[1] + gained[1])
        if isinstance(after, int):
            assert state.is_over
            assert after == start.duck[0] * soup[0] - start.duck[1] * soup[1]
            return
        assert (after.hands, after.leader, after.phase, after.table) == (
            state.hands,
            state.leader,
            state.phase.value,
            state.table,
        )
        assert after.soup == soup and after.duck == start.duck
        position = after


# Whole positions from real deals


def soup_position_from_deal(seed: int, cards: int, make: Callable[[int], Bot]) -> SoupPosition:
    """The Soup position with ``cards`` cards each at a lead, in a deal played by two bots."""
    rng = random.Random(seed)
    while True:
        deal = Deal(new_deck(rng), rng.randrange(2))
        bots = (make(rng.randrange(1000)), make(rng.randrange(1000)))
        while not deal.is_over:
            state = deal.state()
            if state["course"] == "soup" and state["phase"] == "lead" and len(deal.hand_lists[0]) <= cards:
                if len(deal.hand_lists[0]) == cards:
                    return SoupPosition.from_state(state)
                break
            player = deal.to_act
            assert player is not None
            deal.apply(bots[player].choose(deal.observation(player), deal.legal_actions()))


@pytest.mark.parametrize(("seed", "make"), [(1, GreedyBot), (2, RandomBot)], ids=["greedy", "random"])
def test_each_listed_value_is_a_fresh_solve_of_the_position_after_it(
    engine: Any, seed: int, make: Callable[[int], Bot]
) -> None:
    """On positions of whole deals, beyond the oracle's reach: the value listed for each action is
    what a new solver finds for the position the action leads to (or the result, if it ends the Soup)."""
    position = on(engine, soup_position_from_deal(seed, 9, make))
    rng = random.Random(seed)
    for _ in range(3):  # the lead, then two positions inside tricks
        listed = engine.Solver().action_values(position)
        player = position.to_act
        for action, value in listed:
            after = position.after(action)
            fresh = after if isinstance(after, int) else engine.Solver().value(after, player=0)
            assert value == (fresh if player == 0 else -fresh), action
        assert max(value for _, value in listed) == engine.Solver().value(position)
        nxt = position.after(rng.choice(position.legal_actions()))
        if isinstance(nxt, int):
            break
        position = nxt


# Positions with a known best play and a known mistake


def test_duck_soup_is_best_and_the_silent_fourth_card_a_known_mistake(engine: Any) -> None:
    """Player 0 led 5S, player 1 quacked 5C, player 0 led 5D with quack-quack; player 1 holds the
    last five and a low club, player 0 a higher club. Duck points 3 and 4.

    Duck soup takes both tricks (4 points, worth 16); player 1 then leads 2C and player 0 wins it
    with 3C (1 point, worth 3): 16 - 3 = 13. The five played silently gives player 0 both tricks
    (2 + 2) and the club: 5 points, -15. The two of clubs: 2 + 2, then player 0 leads the club and
    the five is thrown on it, 2 more: 6 points, -18.
    """
    position = engine.SoupPosition(
        (cards("3C"), cards("2C 5H")),
        leader=0,
        phase="fourth",
        table=cards("5S 5C 5D"),
        duck=(3, 4),
        soup=(0, 0),
    )
    values = dict(engine.Solver().action_values(position))
    assert values == {
        Play(1, parse_card("2C")): -18,
        Play(1, parse_card("5H")): -15,
        Play(1, parse_card("5H"), Call.DUCK_SOUP): 13,
    }


def test_quacking_into_a_quack_quack_is_a_mistake(engine: Any) -> None:
    """Player 0 leads 7S holding 7H; player 1 holds 7C, and no other seven is left. Quacking invites
    quack-quack: player 0 takes both tricks (4 points), player 1 only the diamond after (1): -15.
    Winning the spade with the king (1 point) and later the diamond (1), while player 0 quacks the
    club seven (2), breaks even: 0."""
    position = engine.SoupPosition(
        (cards("7H 2D"), cards("7C KS 3D")),
        leader=0,
        phase="follow",
        table=cards("7S"),
        duck=(5, 5),
        soup=(0, 0),
    )
    values = dict(engine.Solver().action_values(position))
    assert max(values.values()) == values[Play(1, parse_card("KS"))] == 0
    assert values[Play(1, parse_card("7C"), Call.QUACK)] == -15


def test_with_silent_calls_the_rank_alone_decides(engine: Any) -> None:
    """Ruling DS-R15's option: the five of hearts takes both tricks with no call, and no card can
    be played as a plain card of another suit instead (the same position as above, spoken: 13)."""
    position = engine.SoupPosition(
        (cards("3C"), cards("2C 5H")),
        leader=0,
        phase="fourth",
        table=cards("5S 5C 5D"),
        duck=(3, 4),
        soup=(0, 0),
        silent=True,
    )
    assert dict(engine.Solver().action_values(position)) == {
        Play(1, parse_card("2C")): -18,
        Play(1, parse_card("5H")): 13,
    }


def test_the_leader_ducks_when_the_quacker_holds_the_last_card(engine: Any) -> None:
    """After a quack, leading the third card of the rank loses both tricks to duck soup: duck instead.

    Ducking gives player 1 the trick (2 points) and the lead; player 0 then quacks the last nine
    (2 points) and loses the club (1): -6. Quack-quack meets duck soup (4 points) and the club: -30.
    """
    position = engine.SoupPosition(
        (cards("9H 4C"), cards("9D 5C")),
        leader=0,
        phase="answer",
        table=cards("9S 9C"),
        duck=(6, 6),
        soup=(0, 0),
    )
    assert dict(engine.Solver().action_values(position)) == {
        Play(0, parse_card("9H"), Call.QUACK_QUACK): -30,
        SayDuck(0): -6,
    }


# Budgets, reuse, bad positions


def test_a_budget_in_positions_stops_the_search_the_same_way_every_time(engine: Any) -> None:
    position = on(engine, soup_position_from_deal(3, 8, GreedyBot))
    for _ in range(2):
        with pytest.raises(engine.BudgetExceeded):
            engine.Solver(budget=50).value(position)
    solver = engine.Solver(budget=10_000_000)
    assert solver.value(position) == engine.Solver().value(position)
    assert 0 < solver.stats.nodes <= 10_000_000 and 0 <= solver.stats.hit_rate <= 1


def test_a_full_table_is_emptied_and_the_values_stay_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table and the caches have a limit, for the memory: beyond it they are emptied, never wrong."""
    position = soup_position_from_deal(3, 8, GreedyBot)
    expected = Solver().action_values(position)
    monkeypatch.setattr(solver_module, "TABLE_LIMIT", 300)
    monkeypatch.setattr(solver_module, "CACHE_LIMIT", 40)
    small = Solver()
    assert small.action_values(position) == expected
    assert small.stats.emptied > 0 and small.stats.entries <= 300


def test_one_solver_serves_positions_of_different_soups(engine: Any) -> None:
    """Its table is kept for positions of the same Soup and started afresh for any other."""
    first, second = (
        on(engine, soup_position_from_deal(4, 6, GreedyBot)),
        on(engine, soup_position_from_deal(5, 6, RandomBot)),
    )
    solver = engine.Solver()
    for position in (first, second, first):
        assert solver.value(position) == engine.Solver().value(position)


@pytest.mark.parametrize(
    ("hands", "phase", "table", "message"),
    [
        (("AS", "KS QS"), "lead", "", "same number"),
        (("AS", "AS"), "lead", "", "twice"),
        (("AS", ""), "answer", "KS", "table holds"),
        (("AS", "2C"), "answer", "KS QS", "rank led"),
        (("", ""), "lead", "", "empty"),
    ],
)
def test_an_impossible_position_is_refused(hands: tuple[str, str], phase: str, table: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        SoupPosition(
            (parse_cards(hands[0].split()), parse_cards(hands[1].split())),
            0,
            phase,
            parse_cards(table.split()),
            (1, 1),
            (0, 0),
        )


@pytest.mark.parametrize(
    ("hand", "other", "sure"),
    [
        ("AS KS 2H", "QS 3H", 2),  # the two top spades; the heart is beaten
        ("AS KS 2H", "QS 3H AH", 1),  # the Ace of spades can be quacked
        ("5C 4C", "", 2),  # no card of the other hand can stop them
        ("5C 9D", "6C TD", 0),
    ],
)
def test_sure_leads_cannot_be_beaten_or_quacked(engine: Any, hand: str, other: str, sure: int) -> None:
    assert engine.sure_leads(engine.mask_of(cards(hand)), engine.mask_of(cards(other))) == sure


def test_the_estimate_shares_the_tricks_a_point_and_a_half_each(engine: Any) -> None:
    """Each player wins its sure leads and half of the other tricks, a point and a half each."""
    # Two sure leads (the top spades) against two (the 3H over the 2H, and the only diamond): 2 against 1.
    assert (
        engine.estimate(engine.mask_of(cards("AS KS 2H")), engine.mask_of(cards("QS 3H 4D")), 2, 2)
        == 3 * (2 * 4 - 2 * 2) // 4
    )
    # No sure lead (7S is beaten, 7C can be quacked) against one (8S): half a trick against one and a half.
    assert (
        engine.estimate(engine.mask_of(cards("7S 7C")), engine.mask_of(cards("7H 8S")), 2, 2)
        == 3 * (2 * 1 - 2 * 3) // 4
    )


def test_a_bounded_search_is_exact_when_its_horizon_reaches_the_end(engine: Any) -> None:
    position = on(engine, soup_position_from_deal(6, 7, GreedyBot))
    exact = engine.Solver().action_values(position)
    assert engine.Solver(horizon=7).action_values(position) == exact
    bounded = engine.Solver(horizon=2)
    estimates = bounded.action_values(position)
    assert [action for action, _ in estimates] == [action for action, _ in exact]
    assert bounded.search is not None and bounded.search.floor == 5


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(solver_module).failed == 0


# Valuing a few actions, and the compiled copy


@given(soup_positions(st.integers(1, 6), st.booleans()), st.data())
def test_best_and_played_gives_the_oracles_values_and_a_best_action(
    engine: Any, position: SoupPosition, data: Any
) -> None:
    """The position's value, the played action's, and an action that reaches the position's value."""
    values = dict(oracle_values(position))
    played = data.draw(st.sampled_from(position.legal_actions()))
    found = engine.Solver().best_and_played(on(engine, position), played)
    assert (found.value, found.played) == (max(values.values()), values[played])
    assert values[found.best] == found.value
    assert (found.best == played) == (found.played == found.value)


@settings(max_examples=50)
@given(soup_positions(st.integers(1, 6), st.booleans()), st.data())
def test_valuing_some_actions_gives_their_oracle_values(engine: Any, position: SoupPosition, data: Any) -> None:
    legal = position.legal_actions()
    chosen = data.draw(st.lists(st.sampled_from(legal), unique=True))
    expected = [(action, value) for action, value in oracle_values(position) if action in chosen]
    assert engine.Solver().action_values(on(engine, position), actions=reversed(chosen)) == expected


@settings(max_examples=50)
@given(soup_positions(st.integers(1, 6), st.booleans()), st.integers(-3, 3), st.integers(0, 1))
def test_a_threshold_probe_answers_as_the_exact_value_does(
    engine: Any, position: SoupPosition, near: int, player: int
) -> None:
    """One null-window probe ("is the value at least this?") agrees with the oracle's value, near it and at it."""
    exact = max(value for _, value in oracle_values(position))
    exact = exact if player == position.to_act else -exact
    solver = engine.Solver()
    solver._search_for(on(engine, position))
    assert solver._reaches(on(engine, position), player, exact + near) == (exact >= exact + near)


def test_an_action_not_legal_is_refused(engine: Any) -> None:
    position = engine.SoupPosition.start(cards("AS KH"), cards("QS 2H"), leader=0, duck=(5, 4))
    with pytest.raises(engine.PositionError, match="not legal"):
        engine.Solver().best_and_played(position, Play(1, parse_card("QS")))
    with pytest.raises(engine.PositionError, match="not legal"):
        engine.Solver().action_values(position, actions=[Play(0, parse_card("QS"))])


@pytest.mark.parametrize(
    ("seed", "size", "make"), [(1, 9, GreedyBot), (2, 9, RandomBot), (3, 8, GreedyBot), (6, 7, GreedyBot)]
)
def test_the_compiled_solver_searches_exactly_as_the_pure_one(seed: int, size: int, make: Callable[[int], Bot]) -> None:
    """The same values for every action and the same positions searched, probes and table: the same search."""
    fast = compiled_or_skip(solver_module)
    position = soup_position_from_deal(seed, size, make)
    pure, compiled = Solver(), fast.Solver()
    assert compiled.action_values(on(fast, position)) == pure.action_values(position)
    assert (compiled.stats.nodes, compiled.stats.probes, compiled.stats.entries) == (
        pure.stats.nodes,
        pure.stats.probes,
        pure.stats.entries,
    )
