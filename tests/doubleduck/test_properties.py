"""Properties of every Doubleduck deal and game (Hypothesis), checked on the specification.

The 104 cards are conserved as a multiset at every step; after every Duck trick each hand holds 13
cards; each course has 13 tricks; each trick stores 1 to 4 cards, one per suit; a side's score is
its Duck pile times its Soup pile; an illegal action changes nothing; the legal actions are exactly
the accepted ones, and empty exactly at the end. The engine is proven equal to the specification by
``test_differential.py``, so these hold for it too.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from duckspec.doubleduck import deal as deals
from duckspec.doubleduck import game as games
from duckspec.doubleduck.actions import Play
from duckspec.doubleduck.cards import Course, two_packs
from duckspec.doubleduck.duck_course import cards_stored
from duckspec.doubleduck.errors import IllegalAction
from duckspec.doubleduck.variants import RuleOptions
from tests.doubleduck.strategies import ALL_ACTIONS, choose, dealers, decks, options, seeded_decks, seeds
from tests.strategies import scaled

PACKS = Counter(two_packs())


def in_play(state: deals.DealState, gone: Counter[object]) -> Counter[object]:
    """Every card of the deal: the hands, the stock, the table, and the cards of finished tricks."""
    cards: Counter[object] = Counter(card for hand in state.hands for card in hand)
    cards.update(state.stock)
    cards.update(play.card for play in state.table)
    return cards + gone


@given(decks, dealers, options, seeds, st.sampled_from((0.0, 0.5, 1.0)))
@scaled(0.5)
def test_a_whole_deal_keeps_every_invariant(
    deck: tuple[object, ...], dealer: int, rules: RuleOptions, seed: int, call_bias: float
) -> None:
    rng = random.Random(seed)
    state = deals.new_deal(deck, dealer, rules)  # type: ignore[arg-type]
    gone: Counter[object] = Counter()
    tricks = {Course.DUCK: 0, Course.SOUP: 0}
    while True:
        actions = deals.legal_actions(state)
        assert (actions == ()) == state.is_over
        assert in_play(state, gone) == PACKS
        if state.is_over:
            break
        before, action = state, choose(actions, rng, call_bias)
        state = deals.apply(state, action)
        if state.table:
            continue
        cards = [play.card for play in before.table] + [action.card]  # the trick just finished
        gone.update(cards)
        stored = sum(map(sum, state.piles)) - sum(map(sum, before.piles))
        assert 1 <= stored <= 4 and stored == cards_stored(cards)
        tricks[before.course] += 1
        if before.course is Course.DUCK:
            assert all(len(hand) == 13 for hand in state.hands)
    assert tricks == {Course.DUCK: 13, Course.SOUP: 13}
    assert all(sum(side) == 13 for side in zip(*state.tricks, strict=True))
    assert state.scores() == tuple(duck * soup for duck, soup in state.piles)


@given(decks, dealers, options, seeds)
@scaled(0.3)
def test_the_legal_actions_are_exactly_the_accepted_ones_and_an_illegal_one_changes_nothing(
    deck: tuple[object, ...], dealer: int, rules: RuleOptions, seed: int
) -> None:
    rng = random.Random(seed)
    state = deals.new_deal(deck, dealer, rules)  # type: ignore[arg-type]
    checks = sorted(rng.sample(range(104), 3))
    step = 0
    while not state.is_over:
        legal = deals.legal_actions(state)
        if step in checks:
            for action in ALL_ACTIONS:
                before = state
                try:
                    deals.apply(state, action)
                except IllegalAction:
                    assert action not in legal and state == before
                else:
                    assert action in legal
        state = deals.apply(state, choose(legal, rng, 0.5))
        step += 1
    for action in rng.sample(ALL_ACTIONS, 20):
        try:
            deals.apply(state, action)
        except IllegalAction as error:
            assert error.code.value == "deal-over"


@given(seeds, dealers, options)
@scaled(0.1)
def test_a_game_ends_by_the_rules_and_its_legal_actions_are_empty_exactly_then(
    seed: int, dealer: int, rules: RuleOptions
) -> None:
    rng = random.Random(seed)
    state = games.new_game(seeded_decks(seed, 8), dealer, rules)
    while True:
        actions = games.legal_actions(state)
        assert (actions == ()) == (state.is_over or state.needs_deck)
        if not actions:
            break
        state = games.apply(state, choose(actions, rng, 0.3))
    assert state.is_over and state.result is not None
    totals, played = state.totals, state.deals_played
    assert totals == (sum(s[0] for s in state.deal_scores), sum(s[1] for s in state.deal_scores))
    assert max(totals) >= 1000 or played >= 4
    assert totals[state.result.winner] > totals[1 - state.result.winner]
    assert all(
        scores == tuple(d * s for d, s in piles)
        for scores, piles in zip(state.deal_scores, state.deal_piles, strict=True)
    )
    assert isinstance(actions, tuple) and not any(isinstance(a, Play) for a in actions)
