"""Differential tests: the Doubleduck engine (``ducksoup.doubleduck.engine``) against the specification, step by step.

The same deck orders, first dealer and rule options are played on the engine and, through the suite's
oracle (:class:`duckcheck.doubleduck.oracle.Table`, or the game state machine for games given more decks
on the way), on the specification. Before and after every action both must agree exactly on:

* the legal actions, as a tuple in the same canonical order;
* whether the action is accepted, and for a rejected one the error code; a rejection changes nothing,
  neither the engine's internals nor the specification's state;
* the canonical state JSON, compared as JSON text (so that ``1`` and ``true`` differ);
* the four players' observations, against :func:`duckcheck.doubleduck.views.views`;
* whether the deal or game is over or waits for a deck, and the scores and result at the end.

Random play includes illegal actions (any of the 4 x 52 x 5 writable actions, or near misses: another
player's card, a wrong number of quacks, "doubleduck" on another card of the rank), actions made afresh
rather than taken from the engine's prebuilt ones, and decks given as cards, card numbers or notation.
Play is biased toward calls in some deals, so that quacks and doubleducks are frequent.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from duckcheck.doubleduck.encoding import game_state_json
from duckcheck.doubleduck.oracle import Scope, Table
from duckcheck.doubleduck.views import views
from duckcheck.strict import same
from ducksoup.doubleduck import engine as fast
from ducksoup.doubleduck.engine import Deal, Game
from duckspec.cards import Card
from duckspec.doubleduck import game as games
from duckspec.doubleduck.actions import Call, Play
from duckspec.doubleduck.duck_course import quack_call
from duckspec.doubleduck.errors import IllegalAction
from duckspec.doubleduck.variants import RuleOptions
from tests.doubleduck.strategies import ALL_ACTIONS, choose, dealers, decks, options, seeded_decks, seeds
from tests.strategies import scaled

JSON = dict[str, Any]


def pooled(action: Play) -> Play:
    """The engine's own object for ``action`` (recognised by identity, the fast path)."""
    return fast.PLAYS[action.player][action.card.index][fast.CALL_NUMBER[action.call]]


def snapshot(play: Deal | Game) -> Any:
    """Everything inside the engine, to show that a rejected action changes nothing."""
    deal = play if isinstance(play, Deal) else play.deal
    inside = {slot: copy.deepcopy(getattr(deal, slot)) for slot in Deal.__slots__ if slot != "legal"}
    if isinstance(play, Game):
        inside["game"] = (play.dealt, list(play.deal_scores), copy.deepcopy(play.result), play.totals)
    return inside


def near_misses(table: Table, rng: random.Random) -> list[Play]:
    """Illegal actions close to the legal ones: the wrong player, a wrong count, a doubleduck on the wrong card."""
    deal = table.deal
    player = deal.to_act if deal.to_act is not None else 0
    card = rng.choice(deal.hands[player]) if deal.hands[player] else ALL_ACTIONS[0].card
    misses = [Play((player + 1) % 4, card), Play(player, card, rng.choice(tuple(Call)))]
    if deal.table:
        led = deal.table[0].card
        misses += [Play(player, card, quack_call(n)) for n in (1, 2, 3)] + [Play(player, card, Call.DOUBLEDUCK)]
        misses.append(Play(player, led, Call.DOUBLEDUCK))
    return misses


def wrong_action(table: Table, rng: random.Random) -> Play:
    return rng.choice(near_misses(table, rng)) if rng.random() < 0.6 else rng.choice(ALL_ACTIONS)


def same_everything(table: Table, play: Deal | Game, state: JSON) -> None:
    """The engine and the specification agree on the legal actions, the state, the views and the end."""
    assert play.legal_actions() == table.legal_actions()
    engine_state = play.state()
    assert same(state, engine_state)
    assert [play.observation(player, engine_state) for player in range(4)] == views(state)
    assert [play.observation(player) for player in range(4)] == views(state)
    assert play.is_over == table.is_over


def step_both(table: Table, play: Deal | Game, action: Play, fresh: bool) -> Table:
    """Apply ``action`` to both sides; they must accept or refuse it alike, and a refusal changes nothing."""
    try:
        after = table.apply(action)
    except IllegalAction as expected:
        before = snapshot(play)
        try:
            play.apply(action if fresh else pooled(action))
        except IllegalAction as error:
            assert error.code is expected.code, f"{action}: engine {error.code}, spec {expected.code}"
        else:
            raise AssertionError(f"{action}: the engine accepts what the spec refuses with {expected.code}")
        assert snapshot(play) == before
        return table
    play.apply(action if fresh else pooled(action))
    return after


def deck_form(deck: tuple[Card, ...], form: int) -> list[Card] | list[int] | list[str]:
    if form == 1:
        return [card.index for card in deck]
    if form == 2:
        return [str(card) for card in deck]
    return list(deck)


@given(decks, dealers, options, seeds, st.sampled_from((0.0, 0.5, 1.0)), st.sampled_from((0, 5, 20)), st.integers(0, 2))
@scaled(0.5)
def test_a_deal_on_the_engine_equals_the_spec(
    deck: tuple[Card, ...], dealer: int, rules: RuleOptions, seed: int, call_bias: float, wrong: int, form: int
) -> None:
    rng = random.Random(seed)
    table = Table.start(Scope.DEAL, rules, dealer, [deck])
    play = Deal(deck_form(deck, form), dealer, rules)
    while True:
        same_everything(table, play, table.to_json())
        if table.is_over:
            break
        if rng.randrange(100) < wrong:
            table = step_both(table, play, wrong_action(table, rng), fresh=True)
            continue  # a "wrong" action may be legal, and may end the deal
        table = step_both(table, play, choose(table.legal_actions(), rng, call_bias), fresh=rng.random() < 0.2)
    assert play.scores() == table.deal.scores()
    for action in rng.sample(ALL_ACTIONS, 30):
        step_both(table, play, action, fresh=True)


@given(seeds, dealers, options, st.sampled_from((1, 2, 8)), st.sampled_from((0.0, 0.3)))
@scaled(0.1)
def test_a_game_on_the_engine_equals_the_spec(
    seed: int, dealer: int, rules: RuleOptions, given_decks: int, bias: float
) -> None:
    rng = random.Random(seed)
    all_decks = seeded_decks(seed, 10)
    state = games.new_game(all_decks[:given_decks], dealer, rules)
    play = Game(all_decks[:given_decks], dealer, rules)
    handed = given_decks
    while True:
        expected = game_state_json(state, handed)
        assert same(expected, play.state())
        assert [play.observation(player) for player in range(4)] == views(expected)
        assert play.legal_actions() == games.legal_actions(state)
        assert (play.is_over, play.needs_deck) == (state.is_over, state.needs_deck)
        if state.is_over:
            break
        if state.needs_deck:
            state = games.add_decks(state, all_decks[handed : handed + 1])
            play.add_decks(all_decks[handed : handed + 1])
            handed += 1
            continue
        action = choose(games.legal_actions(state), rng, bias)
        if rng.random() < 0.05:
            wrong = rng.choice(ALL_ACTIONS)
            try:
                games.apply(state, wrong)
            except IllegalAction as expected_error:
                before = snapshot(play)
                try:
                    play.apply(wrong)
                except IllegalAction as error:
                    assert error.code is expected_error.code
                assert snapshot(play) == before
        state = games.apply(state, action)
        play.apply(pooled(action))
    assert state.result is not None and play.result is not None
    assert play.result == {
        "winner": state.result.winner,
        "end": state.result.end.value,
        "game_points": state.result.game_points,
    }
    assert [deal["piles"] for deal in play.finished] == [[list(side) for side in piles] for piles in state.deal_piles]
    for action in rng.sample(ALL_ACTIONS, 10):
        try:
            play.apply(action)
        except IllegalAction as error:
            assert error.code.value == "game-over"
        else:
            raise AssertionError("the engine plays on after the game's result")


def test_the_engine_refuses_an_action_that_is_not_a_play() -> None:
    play = Deal(seeded_decks(1, 1)[0], 0)
    try:
        play.apply("0:AC")  # type: ignore[arg-type]
    except TypeError as error:
        assert "a Play" in str(error)
    else:
        raise AssertionError("a string was taken for an action")
