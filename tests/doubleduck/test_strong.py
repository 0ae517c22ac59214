"""Doubleduck's strong bot decides from its own view only, replays a seeded deal identically, is offered by
``play`` and ``simulate``, and refuses what it cannot read in one line naming the game. (Its strength and its time
per decision are measured by ``nox -s bench-doubleduck-analysis``, not here: they take minutes.)"""

from __future__ import annotations

import random

import pytest

from ducksoup.bots import NoLegalAction, clear_winner
from ducksoup.doubleduck.bots import GreedyBot
from ducksoup.doubleduck.engine import Deal
from ducksoup.doubleduck.playing import play
from ducksoup.doubleduck.roster import BOTS
from ducksoup.doubleduck.sampling import Knowledge, redeal
from ducksoup.doubleduck.strong import Budget, StrongBot
from duckspec.doubleduck.actions import Play

CHEAP = Budget(samples=2, candidates=2, close=10.0, soup_cards=3, soup_samples=2, soup_nodes=20_000)
"""A budget that takes every path (play-outs at every decision with a choice, the solver in the last three tricks)
in a fraction of the time."""


def dealt(seed: int) -> Deal:
    rng = random.Random(seed)
    deck = list(range(52)) * 2
    rng.shuffle(deck)
    return Deal(deck, seed % 4)


def advanced(seed: int, steps: int) -> Deal:
    """A deal after ``steps`` random plays."""
    deal = dealt(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


@pytest.mark.parametrize(("seed", "steps"), [(1, 5), (2, 30), (3, 61), (4, 93), (5, 98)])
def test_what_the_bot_cannot_see_does_not_change_its_decision(seed: int, steps: int) -> None:
    """The same view with the hidden cards (the other hands and the stock) dealt otherwise: the same choice, with
    the same seed; in the Duck, the Soup's early tricks (play-outs) and its last ones (the solver)."""
    deal = advanced(seed, steps)
    player = deal.to_move
    other = redeal(deal, player, random.Random(seed))
    assert other.hands[player] == deal.hands[player] and other.hands != deal.hands
    view = deal.observation(player)
    assert other.observation(player) == view
    choices = {StrongBot(seed, CHEAP).choose(game.observation(player), game.legal_actions()) for game in (deal, other)}
    assert len(choices) == 1 and choices <= set(deal.legal_actions())


def play_deal(seed: int, budget: Budget) -> list[Play]:
    """A deal between a strong partnership (seats 0 and 2) and greedy bots: every action, in order."""
    deal = dealt(seed)
    bots: list[StrongBot | GreedyBot] = [StrongBot(seed, budget), GreedyBot(seed + 1)]
    bots += [StrongBot(seed + 2, budget), GreedyBot(seed + 3)]
    actions = []
    while not deal.is_over:
        player = deal.to_move
        action = bots[player].choose(deal.observation(player), deal.legal_actions())
        deal.apply(action)
        actions.append(action)
    return actions


def test_a_seeded_deal_replays_identically() -> None:
    first = play_deal(7, CHEAP)
    assert len(first) == 104
    assert play_deal(7, CHEAP) == first


def test_the_strong_bot_plays_in_play_and_simulate() -> None:
    assert "strong" in BOTS and isinstance(BOTS["strong"](3), StrongBot)
    choices = {param.name: getattr(param.type, "choices", ()) for param in play.params}
    assert "strong" in choices["bot_name"] and "strong" in choices["partner_name"]


def test_a_clear_gain_replaces_the_greedy_choice_and_noise_does_not() -> None:
    assert clear_winner([[0, 0, 0, 0], [10, 12, 9, 11]], margin=1.0) == 1
    assert clear_winner([[0, 0, 0, 0], [30, -28, 25, -24]], margin=1.0) == 0


def test_the_strong_bot_refuses_what_it_cannot_do_in_one_line_naming_the_game() -> None:
    bot = StrongBot(0, CHEAP)
    with pytest.raises(NoLegalAction):
        bot.choose({}, ())
    deal = dealt(0)
    view = dict(deal.observation(deal.to_move))
    del view["hand"]
    with pytest.raises(ValueError, match=r"^doubleduck strong bot: ") as refused:
        bot.choose(view, deal.legal_actions())
    assert "\n" not in str(refused.value) and "'hand'" in str(refused.value)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_worlds_agree_with_everything_the_player_saw(seed: int) -> None:
    """At every step a world dealt from the player's views shows that player the same view, with the same legal
    actions; seeing a view twice changes nothing."""
    deal = dealt(seed)
    rng = random.Random(seed)
    knowledge = [Knowledge() for _ in range(4)]
    while not deal.is_over:
        player = deal.to_move
        view = deal.observation(player)
        knowledge[player].observe(view)
        knowledge[player].observe(view)
        world = knowledge[player].world(view, rng)
        assert world.observation(player) == view and world.legal_actions() == deal.legal_actions()
        action = rng.choice(deal.legal_actions())
        knowledge[player].acted(action.card.index)
        deal.apply(action)


def test_views_that_do_not_add_up_are_refused_in_one_line_naming_the_game() -> None:
    deal = dealt(3)
    view = deal.observation(deal.to_move)
    knowledge = Knowledge()
    knowledge.observe(view)
    for _ in range(3):
        knowledge.acted(deal.hands[deal.to_move][0])
        knowledge.tricks += 1
    with pytest.raises(ValueError, match=r"^doubleduck: the views do not add up: more than two of "):
        knowledge.world(view, random.Random(0))
