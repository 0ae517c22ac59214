"""The Doubleduck double-dummy solver agrees with a plain minimax over the engine, and refuses what its budget
cannot finish."""

from __future__ import annotations

import random

import pytest

from ducksoup.doubleduck.engine import Deal
from ducksoup.doubleduck.sampling import clone
from ducksoup.doubleduck.solver import BudgetExceeded, PositionError, Solver, SoupPosition


def soup_deal(seed: int, cards_each: int) -> Deal:
    """A deal played at random (calling whenever it may, mostly) into the Soup until each hand holds
    ``cards_each`` cards or fewer; half the time it stops in the middle of a trick."""
    rng = random.Random(seed)
    deck = list(range(52)) * 2
    rng.shuffle(deck)
    deal = Deal(deck, seed % 4)
    while not (
        deal.course == 1 and len(deal.hands[deal.to_move]) <= cards_each and (not deal.table or rng.random() < 0.5)
    ):
        legal = deal.legal_actions()
        calls = [action for action in legal if action.call.value != "none"]
        deal.apply(rng.choice(calls) if calls and rng.random() < 0.7 else rng.choice(legal))
    return deal


def stop_here(deal: Deal, rng: random.Random) -> bool:
    return not deal.table or rng.random() < 0.5


def minimax(deal: Deal) -> int:
    """Side 0's final deal score minus side 1's under perfect play: every legal action of the engine tried, each
    side taking its best; no pruning, no table, no merging."""
    if deal.is_over:
        scores = deal.scores()
        return scores[0] - scores[1]
    values = []
    for action in deal.legal_actions():
        after = clone(deal)
        after.apply(action)
        values.append(minimax(after))
    return max(values) if deal.to_move % 2 == 0 else min(values)


GENERATED = [(seed, cards) for cards in (1, 2, 3) for seed in range(10 if cards < 3 else 8)]


@pytest.mark.parametrize(("seed", "cards_each"), GENERATED)
def test_the_solver_agrees_with_minimax(seed: int, cards_each: int) -> None:
    deal = soup_deal(seed * 31 + cards_each, cards_each)
    assert Solver().result(SoupPosition.of_deal(deal)) == minimax(deal)


@pytest.mark.parametrize("seed", range(4))
def test_every_action_value_agrees_with_minimax(seed: int) -> None:
    deal = soup_deal(seed * 17 + 5, 2)
    side = deal.to_move & 1
    expected = []
    for action in deal.legal_actions():
        after = clone(deal)
        after.apply(action)
        value = minimax(after)
        expected.append((action, -value if side else value))
    assert Solver().action_values(SoupPosition.of_deal(deal)) == expected


@pytest.mark.parametrize("seed", range(6))
def test_a_position_steps_as_the_engine_does(seed: int) -> None:
    deal = soup_deal(seed, 3)
    rng = random.Random(seed)
    while not deal.is_over:
        position = SoupPosition.of_deal(deal)
        assert position.legal_actions() == deal.legal_actions()
        action = rng.choice(deal.legal_actions())
        after = position.after(action)
        deal.apply(action)
        scores = deal.scores()
        assert after == (scores[0] - scores[1] if deal.is_over else SoupPosition.of_deal(deal))


def test_a_whole_soup_is_refused_by_the_budget_in_one_line() -> None:
    deal = soup_deal(3, 13)
    position = SoupPosition.of_deal(deal)
    assert position.cards_each == 13
    with pytest.raises(BudgetExceeded) as refused:
        Solver(budget=5_000).result(position)
    message = str(refused.value)
    assert "\n" not in message
    assert message.startswith("doubleduck: the double-dummy search")
    assert "13 cards each" in message and "5,000 nodes" in message


def test_the_solver_refuses_a_deal_outside_the_soup() -> None:
    deal = soup_deal(1, 13)
    duck = Deal(list(range(52)) * 2, 0)
    with pytest.raises(PositionError, match="not in the Soup"):
        SoupPosition.of_deal(duck)
    assert SoupPosition.of_deal(deal).cards_each == 13
