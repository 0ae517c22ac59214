"""Duck Soup as a PettingZoo AEC environment (``ducksoup.envs.duck_soup_v0``): PettingZoo's API and seed
tests, the engine's views, masks and scores step by step for the same deck order, and the ansi table.

Skipped without the extra (``pip install -e ".[pettingzoo]"``); ``nox -s bridges`` installs it.
``DUCKSOUP_BRIDGE_DEALS`` sets how many random deals each test plays (default 6).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

from ducksoup.duck_soup.bridges.encoding import NUM_ACTIONS, action_id, decode_view, engine_action
from ducksoup.duck_soup.engine import Deal
from ducksoup.envs import duck_soup_v0
from duckspec.cards import full_deck
from duckspec.duck_soup.variants import Calls, DoubleDraw, RuleOptions, StockVisibility

DEALS = int(os.environ.get("DUCKSOUP_BRIDGE_DEALS", "6"))
OPTIONS = [
    {},
    {"stock": "hidden"},
    {"double_draw": "alternate"},
    {"stock": "hidden", "double_draw": "alternate"},
    {"calls": "silent"},
]
TOLERATED = {
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
    "Observation is not a NumPy array",
}
"""What PettingZoo's API test says of every environment with action masks (a dict of an observation and a
mask, as its own card games have), unless it is one of PettingZoo's own."""
EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "python" / "pettingzoo_example.py"


def rule_options(kwargs: dict[str, Any]) -> RuleOptions:
    return RuleOptions(
        stock=StockVisibility(kwargs.get("stock", "face-up")),
        double_draw=DoubleDraw(kwargs.get("double_draw", "winner-first")),
        calls=Calls(kwargs.get("calls", "spoken")),
    )


@pytest.mark.parametrize("kwargs", OPTIONS, ids=str)
def test_pettingzoo_api_test(kwargs: dict[str, Any]) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(duck_soup_v0.env(**kwargs), num_cycles=100 * DEALS)
    assert {str(warning.message) for warning in caught} <= TOLERATED


def test_pettingzoo_seed_test() -> None:
    seed_test(duck_soup_v0.env, num_cycles=100 * DEALS)


def test_the_same_seed_deals_the_same_cards_and_another_seed_others() -> None:
    first, second = duck_soup_v0.env(), duck_soup_v0.env()
    first.reset(seed=4)
    second.reset(seed=4)
    assert first.unwrapped.deal.state() == second.unwrapped.deal.state()
    second.reset(seed=5)
    assert first.unwrapped.deal.state()["hands"] != second.unwrapped.deal.state()["hands"]


@pytest.mark.parametrize("kwargs", OPTIONS, ids=str)
def test_the_env_goes_through_the_engine_states_views_and_scores_for_the_same_deck(kwargs: dict[str, Any]) -> None:
    """Random masked play: every observation decodes to the engine's view of that player, the mask is the
    engine's legal actions for the player to act (nothing for the other), the rewards come at the end only
    and are the deal score differences."""
    env = duck_soup_v0.env(**kwargs)
    rng = random.Random(f"pettingzoo {kwargs}")
    for deal in range(DEALS):
        deck, dealer = list(range(52)), deal % 2
        rng.shuffle(deck)
        reference = Deal(deck, dealer, rule_options(kwargs))
        env.reset(seed=deal, options={"deck": deck, "dealer": dealer})
        totals = {agent: 0.0 for agent in env.possible_agents}
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, info = env.last()
            totals[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            player = env.possible_agents.index(agent)
            assert player == reference.to_act and info == {}
            assert env.unwrapped.deal.state() == reference.state()
            for seat, name in enumerate(env.possible_agents):
                seen = env.observe(name)
                assert decode_view(seen["observation"]) == reference.observation(seat)
                legal = [action_id(action) for action in reference.legal_actions()] if seat == player else []
                assert np.flatnonzero(seen["action_mask"]).tolist() == legal
            assert reward == 0
            number = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
            env.step(number)
            reference.apply(engine_action(player, number))
        first, second = reference.scores()
        assert reference.is_over and totals == {"player_0": first - second, "player_1": second - first}
        assert env.agents == []


def test_a_deck_can_be_given_as_the_engine_takes_it() -> None:
    env = duck_soup_v0.env()
    names = [str(card) for card in full_deck()][::-1]
    env.reset(options={"deck": names, "dealer": 0})
    assert env.unwrapped.deal.state() == Deal(names, 0).state()
    env.reset(options={"deck": np.arange(52), "dealer": 1})
    assert env.unwrapped.deal.state() == Deal(list(range(52)), 1).state()
    with pytest.raises(ValueError, match="a deck lists each of the 52 cards once, top first; this one has 51 cards"):
        env.reset(options={"deck": list(range(51))})
    env.reset(options={"deck": np.arange(52)[::-1], "dealer": np.int64(0)})
    assert env.unwrapped.deal.state() == Deal(list(range(52))[::-1], 0).state()
    with pytest.raises(ValueError, match="dealer is 0 or 1"):
        env.reset(options={"dealer": 2})
    with pytest.raises(TypeError, match="a card is a Card, an int 0-51 or a name like 'TC', not True"):
        env.reset(options={"deck": [True, *range(2, 52), 0]})  # the engine's message: a bool is no card number


def test_an_action_the_mask_forbids_is_refused_and_changes_nothing() -> None:
    env = duck_soup_v0.env()
    env.reset(seed=1)
    before = env.unwrapped.deal.state()
    agent = env.agent_selection
    with pytest.raises(ValueError, match=r"cannot take action 208 \(duck\) now; the legal actions are \d+ \("):
        env.step(208)
    assert env.unwrapped.deal.state() == before and env.agent_selection == agent
    with pytest.raises(ValueError, match="render_mode is 'ansi' or None"):
        duck_soup_v0.env(render_mode="human")
    with pytest.raises(ValueError, match="stock is 'face-up' or 'hidden'"):
        duck_soup_v0.env(stock="open")
    assert env.action_space(agent).n == NUM_ACTIONS


def test_ansi_rendering_tells_the_deal_in_the_words_of_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """The narrator of ``ducksoup play`` tells the whole table: the deal, each trick's winner and points, who took
    the face-up card and who drew, the new face-up card, the change of course, the options of the player to act
    and the scores at the end."""
    monkeypatch.setenv("NO_COLOR", "1")
    env = duck_soup_v0.env(render_mode="ansi", dealer=1)
    env.reset(seed=2)
    deal = env.unwrapped.deal
    text = env.render()
    assert text.startswith("deal 1: player 1 deals 13 cards each, one at a time, the first to player 0 (§3, DS-R01)\n")
    hand_line = next(line for line in text.splitlines() if line.startswith("  player 0's hand: "))
    assert sorted(hand_line.split(": ")[1].split()) == sorted(pairs(deal.state()["hands"][0]))
    assert f"  stock: 26 cards, face-up card: {deal.state()['face_up']}; course: duck\n" in text
    assert "player 0's options: player 0 leads " in text
    rng = random.Random(2)
    told: list[str] = []
    for _agent in env.agent_iter():
        observation, _, terminated, _, _ = env.last()
        before = deal.state()
        env.step(None if terminated else rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        if terminated:
            continue
        text = env.render()
        told.append(text)
        after = deal.state()
        if after["to_act"] is not None:
            assert f"player {after['to_act']}'s options: " in text
        if after["table"] == "" and before["course"] == "duck":  # a Duck trick ended: points, then the draws
            winner = after["to_act"]
            assert f"  player {winner} takes the face-up card {before['face_up']}" in text
            assert f"  player {1 - winner} draws " in text
            (duck0, soup0), (duck1, soup1) = after["points"]
            assert f"points (Duck, Soup): player 0 {duck0}, {soup0}; player 1 {duck1}, {soup1}" in text
        if after["course"] == "soup" and before["course"] == "duck":
            assert "  the Soup course begins, higher cards winning, Aces high; " in text
        elif after["phase"] == "lead" and after["course"] == "duck" and after["stock"] < before["stock"]:
            assert f"  the new face-up card is {after['face_up']} (§5.3)" in text
            assert f"stock: {after['stock']} cards, face-up card: {after['face_up']}; course: duck" in text
    (duck0, soup0), (duck1, soup1) = deal.state()["points"]
    first, second = deal.scores()
    assert "  the deal is over; each scores Duck points times Soup points (§8):" in told[-1]
    assert (
        f"    player 0: {duck0} × {soup0} = {first}" in told[-1]
        and f"    player 1: {duck1} × {soup1} = {second}" in told[-1]
    )
    winner = 0 if first > second else 1
    assert told[-1].endswith(f"  player {winner} wins the deal, {max(first, second)} to {min(first, second)} (§8)")
    plain = duck_soup_v0.env()
    plain.reset(seed=2)
    with warnings.catch_warnings(record=True):
        assert plain.render() is None


def pairs(cards: str) -> list[str]:
    """The cards of a hand in ``TC`` notation, one by one."""
    return [cards[i : i + 2] for i in range(0, len(cards), 2)]


def test_colours_are_ansi_codes() -> None:
    env = duck_soup_v0.env(render_mode="ansi")
    env.unwrapped.style = type(env.unwrapped.style)(symbols=True)
    env.reset(seed=0)
    assert "\x1b[31m" in env.render() and ("♥" in env.render() or "♦" in env.render())


def test_the_documented_example_runs() -> None:
    """docs/python/pettingzoo_example.py, as the PettingZoo page shows it."""
    done = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "the deal is over" in done.stdout and "rewards" in done.stdout


@pytest.mark.parametrize("make", [duck_soup_v0.env, duck_soup_v0.raw_env], ids=["env", "raw_env"])
def test_step_refuses_what_is_no_action_number_saying_what_it_got_and_what_it_expects(make: Any) -> None:
    env = make()
    env.reset(seed=1)
    legal = env.unwrapped.legal_actions()[0]
    before, agent = env.unwrapped.deal.state(), env.agent_selection
    expected = r"an action number, an int from 0 to 208 that the action mask allows"
    for wrong, shown in [
        (float(legal), rf"{legal}\.0 \(a float\)"),
        (str(legal), rf"'{legal}' \(a str\)"),  # int("12") would play it
        (True, r"True \(a bool\)"),  # True == 1
        (np.float32(legal), r".*\(a float32\)"),
    ]:
        with pytest.raises(TypeError, match=f"^duck_soup_v0: step\\(\\) takes {expected}, not {shown}$"):
            env.step(wrong)
    with pytest.raises(TypeError, match=f"step\\(None\\) is for an agent whose deal is over; {agent} is to act"):
        env.step(None)
    assert env.unwrapped.deal.state() == before and env.agent_selection == agent
    env.step(np.int64(legal))  # NumPy integers, as policies return them, are action numbers
    assert env.unwrapped.deal.state() != before


def test_step_before_reset_says_to_call_reset_first() -> None:
    with pytest.raises(RuntimeError, match=r"^duck_soup_v0: step\(\) before reset\(\): call reset\(\) first"):
        duck_soup_v0.raw_env().step(0)
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before step"):  # PettingZoo's own wrapper
        duck_soup_v0.env().step(0)


@pytest.mark.parametrize("dealer", [True, 1.0, "1"], ids=repr)
def test_a_dealer_that_is_no_int_is_refused_before_the_first_deal(dealer: object) -> None:
    with pytest.raises(ValueError, match=f"dealer is 0, 1 or None \\(at random\\), not {dealer!r}"):
        duck_soup_v0.env(dealer=dealer)
    with pytest.raises(ValueError, match=f"dealer is 0 or 1, not {dealer!r}"):
        duck_soup_v0.env().reset(options={"dealer": dealer})


def test_steps_after_the_end_say_to_reset() -> None:
    from tests.bridge_checks import check_steps_after_the_end

    check_steps_after_the_end(duck_soup_v0.env, "duck_soup_v0", "deal")
