"""Duck Soup in OpenSpiel (``ducksoup.duck_soup.bridges.openspiel``): OpenSpiel's own checks, the engine's states and
views step by step for the same deck order, information states that depend on the player's own history
only, and an OpenSpiel bot (IS-MCTS) against the greedy bot.

Skipped without the extra (``pip install -e ".[openspiel]"``); ``nox -s bridges`` installs it.
``DUCKSOUP_BRIDGE_DEALS`` sets how many random deals each test plays (default 6).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel

from duckcheck.duck_soup.encoding import deal_state_json
from ducksoup.duck_soup.bots import GreedyBot
from ducksoup.duck_soup.bridges.chance import MAX_ACTIONS, ChanceDeal
from ducksoup.duck_soup.bridges.encoding import (
    DUCK_ACTION,
    MAX_SCORE,
    NUM_ACTIONS,
    action_id,
    action_text,
    decode_view,
    engine_action,
)
from ducksoup.duck_soup.bridges.openspiel import SHORT_NAME, DuckSoupState, parse_parameters
from ducksoup.duck_soup.engine import CARDS, Deal
from duckspec.cards import parse_card
from duckspec.duck_soup import deal as spec
from duckspec.duck_soup.errors import ErrorCode, IllegalAction

JSON = dict[str, Any]
DEALS = int(os.environ.get("DUCKSOUP_BRIDGE_DEALS", "6"))
PARAMETERS: list[dict[str, Any]] = [
    {},
    {"stock": "hidden"},
    {"double_draw": "alternate"},
    {"stock": "hidden", "double_draw": "alternate", "dealer": 0},
    {"calls": "silent"},
]
"""The rule options in every combination that matters (the face-up card, the order of a double draw, silent
calls), and player 0 dealing."""
EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "python" / "openspiel_example.py"


def load(params: dict[str, Any]) -> Any:
    return pyspiel.load_game(SHORT_NAME, params)


def shuffled(rng: random.Random) -> list[int]:
    deck = list(range(52))
    rng.shuffle(deck)
    return deck


def pick(rng: random.Random, legal: list[int], calls: bool) -> int:
    """A random legal action; with ``calls``, one with a call ("quack", "quack-quack", "duck soup") seven
    times in ten when there is one, so that quacks and quack-quacks come often."""
    calling = [number for number in legal if number & 3 and number != DUCK_ACTION]
    if calls and calling and rng.random() < 0.7:
        return rng.choice(calling)
    return rng.choice(legal)


def play_deck(game: Any, deck: list[int], choose: Any) -> DuckSoupState:
    """A deal on the bridge with chance following ``deck``; ``choose(state)`` picks each player action."""
    state: DuckSoupState = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(deck[len(state.deal.deck)])
        else:
            state.apply_action(choose(state))
    return state


# Registration and OpenSpiel's own checks


def test_the_game_is_registered_with_its_facts() -> None:
    game = pyspiel.load_game("python_duck_soup")
    kind = game.get_type()
    assert kind.short_name == SHORT_NAME and kind.provides_information_state_tensor
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (game.num_distinct_actions(), game.max_chance_outcomes(), game.max_game_length()) == (209, 52, 78)
    assert (game.min_utility(), game.max_utility()) == (-MAX_SCORE, MAX_SCORE)
    assert game.observation_tensor_shape() == [391]
    assert game.information_state_tensor_shape() == [2 + 2 + 52 + 52 + 78 * 59 + 13 * 104]
    assert game.get_parameters() == {"stock": "face-up", "double_draw": "winner-first", "calls": "spoken", "dealer": 1}


def test_the_module_docstring_example_holds() -> None:
    import doctest

    import ducksoup.duck_soup.bridges.openspiel

    failed, tried = doctest.testmod(ducksoup.duck_soup.bridges.openspiel)
    assert failed == 0 and tried >= 3


def test_bad_parameters_get_one_clear_message() -> None:
    with pytest.raises(ValueError, match=r"'stock' cannot be 'open'; choose one of \['face-up', 'hidden'\]"):
        pyspiel.load_game("python_duck_soup(stock=open)")
    with pytest.raises(ValueError, match="'dealer' cannot be 2"):
        parse_parameters({"dealer": 2})
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'best_of'"):
        pyspiel.load_game("python_duck_soup(best_of=3)")


@pytest.mark.parametrize("params", PARAMETERS, ids=json.dumps)
def test_openspiel_random_simulation_with_serialization(params: dict[str, Any]) -> None:
    pyspiel.random_sim_test(load(params), num_sims=max(2, DEALS // 2), serialize=True, verbose=False)


# The engine's deal, step by step


@pytest.mark.parametrize("params", PARAMETERS, ids=json.dumps)
def test_the_bridge_goes_through_the_engine_and_spec_states_for_the_same_deck(params: dict[str, Any]) -> None:
    """Random play: at every decision the engine inside the bridge is in the state the engine (and the
    specification) reach from the whole deck; the views, legal actions and returns agree."""
    game = load(params)
    options, dealer = parse_parameters(params)
    rng = random.Random(f"differential {params}")
    for deal in range(DEALS):
        deck = shuffled(rng)
        reference = Deal(deck, dealer, options)
        oracle = spec.new_deal([CARDS[card] for card in deck], dealer, options)
        state = game.new_initial_state()
        chance_nodes = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                card = deck[len(state.deal.deck)]
                assert sorted(outcomes) == outcomes and (card, 1.0 / len(outcomes)) in outcomes
                state.apply_action(card)
                chance_nodes += 1
                continue
            player = state.current_player()
            assert player == reference.to_act
            assert state.deal.engine.state() == reference.state() == deal_state_json(oracle)
            for seat in (0, 1):
                view = reference.observation(seat)
                assert json.loads(state.observation_string(seat)) == view
                assert decode_view(state.observation_tensor(seat)) == view
            legal = state.legal_actions()
            assert legal == [action_id(action) for action in reference.legal_actions()] == sorted(legal)
            number = pick(rng, legal, calls=deal % 2 == 1)
            action = engine_action(player, number)
            state.apply_action(number)
            reference.apply(action)
            oracle = spec.apply(oracle, action)
        assert state.deal.engine.state() == reference.state() == deal_state_json(oracle)
        first, second = reference.scores()
        assert state.returns() == [first - second, second - first]
        assert chance_nodes == 52 and len(state.history()) - chance_nodes <= MAX_ACTIONS
        assert state.deal.deck == deck


@pytest.mark.parametrize("params", PARAMETERS, ids=json.dumps)
@pytest.mark.parametrize("stock_left", [6, 4, 2])
def test_a_quack_quack_in_the_duck_draws_its_cards_by_chance(params: dict[str, Any], stock_left: int) -> None:
    """After a quack-quack chance chooses the four cards drawn (the face-up one is known already) and the new
    face-up card, if any is left; with two cards left in the stock, one each. The engine's states agree.
    (``stock_left`` 6 stands for 6 or more.)"""
    game = load(params)
    options, dealer = parse_parameters(params)
    rng = random.Random(f"quack-quack {params} {stock_left}")
    for _ in range(500):  # a few dozen deals find one
        deck, actions = shuffled(rng), list[int]()
        reference = Deal(deck, dealer, options)
        found = None
        while not reference.is_over:
            left = 26 - reference.top
            if reference.phase == "fourth" and reference.course == 0 and min(left, 6) == stock_left:
                found = len(actions)
            number = pick(rng, [action_id(action) for action in reference.legal_actions()], calls=True)
            actions.append(number)
            assert reference.to_act is not None
            reference.apply(engine_action(reference.to_act, number))
        if found is not None:
            break
    assert found is not None
    expected = {(6, "face-up"): 4, (6, "hidden"): 4, (4, "face-up"): 3, (4, "hidden"): 4, (2, "face-up"): 1}
    expected[2, "hidden"] = 2
    again = Deal(deck, dealer, options)
    state = game.new_initial_state()
    chance_after: list[int] = []
    for number in actions:
        while state.is_chance_node():
            state.apply_action(deck[len(state.deal.deck)])
            chance_after[-1:] = [chance_after[-1] + 1] if chance_after else []
        assert state.deal.engine.state() == again.state()
        player = state.current_player()
        state.apply_action(number)
        again.apply(engine_action(player, number))
        chance_after.append(0)
    while state.is_chance_node():
        state.apply_action(deck[len(state.deal.deck)])
        chance_after[-1] += 1
    assert state.is_terminal() and state.deal.engine.state() == again.state()
    assert chance_after[found] == expected[stock_left, options.stock.value]


def test_chance_chooses_each_drawn_card_when_it_is_drawn() -> None:
    """The deal's 26 cards (and the face-up card) first; after a Duck trick, the loser's card and the new
    face-up card; the engine gets the trick's last action only once they are chosen."""
    state = load({}).new_initial_state()
    for card in range(26):
        assert state.is_chance_node() and state.deal.engine is None
        state.apply_action(card)
    assert state.is_chance_node()  # the face-up card
    state.apply_action(51)
    assert state.current_player() == 0 and state.deal.engine.face_up == 51
    state.apply_action(4 * 0)  # player 0 leads AC
    state.apply_action(4 * 1)  # player 1 follows with 2C: the Ace wins in the Duck
    assert state.is_chance_node() and json.loads(state.observation_string(0))["phase"] == "draw"
    assert json.loads(state.observation_string(1))["table"] == "AC2C"
    state.apply_action(40)  # the card player 1 draws
    assert state.is_chance_node()
    state.apply_action(30)  # the new face-up card
    assert state.current_player() == 0
    assert state.view(0)["face_up"] == CARDS[30].__str__() and "KS" in state.view(0)["hand"]
    assert CARDS[40].__str__() in state.view(1)["hand"]


def test_the_information_state_tells_the_hand_each_action_and_each_whole_draw() -> None:
    """A line for the hand dealt and one for the face-up card, one per action, and after a draw the cards each
    player drew (the winner's is the face-up card it took) and the new face-up card; while the draw's cards are
    chosen the information state is the one after the trick's last card."""
    state = load({}).new_initial_state()
    for card in [*range(26), 51]:
        state.apply_action(card)
    state.apply_action(4 * 0)  # player 0 leads AC
    state.apply_action(4 * 1)  # player 1 follows with 2C: the Ace wins in the Duck
    during = [state.information_state_string(player) for player in (0, 1)]
    state.apply_action(40)  # the card player 1 draws
    assert [state.information_state_string(player) for player in (0, 1)] == during
    state.apply_action(30)  # the new face-up card
    hands = [" ".join(CARDS[card].__str__() for card in range(first, 26, 2)) for first in (0, 1)]
    trick = f"face-up: KS\n0: AC\n1: 2C\ndrew: {{}}\nface-up: {CARDS[30]}"
    assert state.information_state_string(0) == f"player 0, dealer 1\nhand: {hands[0]}\n" + trick.format("KS")
    assert state.information_state_string(1) == f"player 1, dealer 1\nhand: {hands[1]}\n" + trick.format(CARDS[40])
    assert during[0] == f"player 0, dealer 1\nhand: {hands[0]}\nface-up: KS\n0: AC\n1: 2C"


def test_an_illegal_action_is_refused_with_the_rules_code_and_changes_nothing() -> None:
    state = play_until(load({}), decisions=1)
    before, history = str(state), state.history()
    with pytest.raises(IllegalAction) as refused:
        state.apply_action(DUCK_ACTION)
    assert refused.value.code is ErrorCode.DUCK_NOT_ALLOWED
    assert str(state) == before and state.history() == history
    with pytest.raises(ValueError, match="chance chooses a card still in the deck"):
        ChanceDeal().apply(52)


def test_action_numbers_are_stable() -> None:
    assert (action_id(engine_action(0, 0)), action_text(0), action_text(33), action_text(DUCK_ACTION)) == (
        0,
        "AC",
        "9C quack",
        "duck",
    )
    assert [action_text(4 * 51 + call) for call in range(4)] == ["KS", "KS quack", "KS quack-quack", "KS duck-soup"]
    assert all(action_id(engine_action(player, n)) == n for player in (0, 1) for n in range(NUM_ACTIONS))
    with pytest.raises(ValueError, match="from 0 to 208"):
        engine_action(0, NUM_ACTIONS)


def play_until(game: Any, decisions: int, seed: int = 0) -> DuckSoupState:
    """A state after ``decisions`` random player actions (and the chance nodes before the next one)."""
    rng = random.Random(seed)
    state: DuckSoupState = game.new_initial_state()
    made = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        elif made == decisions:
            break
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            made += 1
    return state


def test_clones_are_independent_and_serialized_states_come_back_equal() -> None:
    game = load({"stock": "hidden"})
    state = play_until(game, decisions=9, seed=3)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert str(state) != str(clone) and len(state.history()) + 1 == len(clone.history())
    restored = game.deserialize_state(state.serialize())
    assert restored.history() == state.history() and str(restored) == str(state)
    for player in (0, 1):
        assert restored.information_state_string(player) == state.information_state_string(player)
    assert restored.legal_actions() == state.legal_actions()


# Information states: the player's own history, nothing more


def seen_by(deck: list[int], dealer: int, options: Any, actions: list[int], player: int) -> set[int]:
    """Every card ``player`` saw while ``actions`` were played from ``deck``, found from the engine's views
    (every card of its hand, the face-up card, the table and the cards seen going into the opponent's hand)
    and the cards played, which both players see."""
    deal = Deal(deck, dealer, options)
    seen: set[int] = set()

    def look() -> None:
        view = deal.observation(player)
        for key in ("hand", "table", "opponent_known"):
            seen.update(numbers(view[key]))
        seen.update(numbers(view["face_up"] or ""))

    look()
    for number in actions:
        to_act = deal.to_act
        assert to_act is not None
        if number != DUCK_ACTION:
            seen.add(number >> 2)
        deal.apply(engine_action(to_act, number))
        look()
    return seen


def numbers(text: str) -> list[int]:
    """The card numbers of cards in ``TC`` notation."""
    return [parse_card(text[i : i + 2]).index for i in range(0, len(text), 2)]


def replayed(game: Any, deck: list[int], moves: list[int], chance: list[bool]) -> DuckSoupState:
    """The moves again, the chance outcomes taken from ``deck`` instead."""
    state: DuckSoupState = game.new_initial_state()
    for move, is_chance in zip(moves, chance, strict=True):
        assert state.is_chance_node() == is_chance
        state.apply_action(deck[len(state.deal.deck)] if is_chance else move)
    return state


@pytest.mark.parametrize("params", PARAMETERS, ids=json.dumps)
def test_the_information_state_depends_only_on_what_the_player_saw(params: dict[str, Any]) -> None:
    """Shuffling the cards a player never saw among their places in the deck leaves its information state,
    observation and both tensors unchanged; exchanging one of them with a card it sees (in its hand, face
    up on the stock, seen going into the opponent's hand) changes its information state."""
    game = load(params)
    options, dealer = parse_parameters(params)
    rng = random.Random(f"information {params}")
    checked = 0
    for _ in range(DEALS):
        state = play_until(game, decisions=rng.randrange(1, 50), seed=rng.randrange(10**6))
        if state.is_terminal():
            continue
        player = state.current_player()
        deck = state.deal.deck
        moves = state.history()
        chance = [False] * len(moves)
        replay = game.new_initial_state()
        for i, move in enumerate(moves):
            chance[i] = replay.is_chance_node()
            replay.apply_action(move)
        actions = [move for move, is_chance in zip(moves, chance, strict=True) if not is_chance]
        full_deck = deck + [card for card in range(52) if card not in deck]
        unseen = sorted(set(deck) - seen_by(full_deck, dealer, options, actions, player))
        if len(unseen) < 2:  # late in the Soup the opponent may hold one card, or only cards seen taken
            continue
        shuffled_unseen = unseen[1:] + unseen[:1]  # every unseen card moves
        swap = dict(zip(unseen, shuffled_unseen, strict=True))
        other = replayed(game, [swap.get(card, card) for card in deck], moves, chance)
        assert other.deal.deck != deck
        for function in ("information_state_string", "observation_string"):
            assert getattr(other, function)(player) == getattr(state, function)(player), function
        for function in ("information_state_tensor", "observation_tensor"):
            assert np.array_equal(getattr(other, function)(player), getattr(state, function)(player)), function
        assert other.legal_actions() == state.legal_actions()
        view = state.view(player)
        for mine in numbers(view["hand"][:4] + (view["face_up"] or "") + view["opponent_known"]):
            exchanged = {mine: unseen[0], unseen[0]: mine}
            moved = replayed(game, [exchanged.get(card, card) for card in deck], moves, chance)
            assert moved.information_state_string(player) != state.information_state_string(player), mine
            assert not np.array_equal(moved.information_state_tensor(player), state.information_state_tensor(player))
        checked += 1
    assert checked >= DEALS // 2


def test_the_information_state_has_perfect_recall() -> None:
    """At each of a player's turns its information state extends the one of its previous turn by what
    happened since, its own action included."""
    game = load({})
    rng = random.Random(5)
    state = game.new_initial_state()
    last: dict[int, tuple[str, int]] = {}
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        player = state.current_player()
        now = state.information_state_string(player)
        if player in last:
            before, action = last[player]
            assert now.startswith(before + "\n") and f"\n{player}: {action_text(action)}\n" in now[len(before) :] + "\n"
        action = rng.choice(state.legal_actions())
        last[player] = (now, action)
        state.apply_action(action)


# An OpenSpiel bot against the greedy bot


def test_ismcts_plays_whole_deals_against_the_greedy_bot() -> None:
    """IS-MCTS, sampling the cards it has not seen through ``resample_from_infostate``, against the greedy bot
    deciding from the engine's view; the returns are the engine's score difference for the same deck."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = load({})
    rng = random.Random(11)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=np.random.RandomState(2))
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.random))
    for deal in range(2):
        greedy, seat = GreedyBot(deal), deal % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            elif state.current_player() == seat:
                state.apply_action(bot.step(state))
            else:
                view, legal = state.view(1 - seat), state.engine_legal_actions()
                state.apply_action(action_id(greedy.choose(view, legal)))
        reference = Deal(state.deal.deck, 1)
        for player, number in state.deal.actions:
            reference.apply(engine_action(player, number))
        first, second = reference.scores()
        assert state.returns() == [first - second, second - first]


def test_the_documented_example_runs() -> None:
    """docs/python/openspiel_example.py, as the OpenSpiel page shows it."""
    done = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "IS-MCTS" in done.stdout and "greedy" in done.stdout


def test_chance_outcomes_and_samplers_out_of_range_are_refused_and_change_nothing() -> None:
    state = play_until(load({}), decisions=0)
    assert state.current_player() == 0
    history = state.history()
    for sampler, error in [(lambda: 1.0, ValueError), (lambda: -0.5, ValueError), (lambda: float("nan"), ValueError)]:
        with pytest.raises(error, match=r"^the probability sampler gives a float in \[0, 1\), not "):
            state.resample_from_infostate(0, sampler)
    with pytest.raises(TypeError, match=r"^the probability sampler gives a float in \[0, 1\), not '0.5'$"):
        state.resample_from_infostate(0, lambda: "0.5")  # type: ignore[arg-type, return-value]
    with pytest.raises(ValueError, match=r"^a player must be player 0 or 1, not 2$"):
        state.resample_from_infostate(2, lambda: 0.5)
    assert state.history() == history
    resampled = state.resample_from_infostate(0, random.Random(3).random)
    assert resampled.view(0) == state.view(0)
    deal = ChanceDeal()
    every_card = " ".join(str(card) for card in range(52))
    for outcome in (52, -1):
        refused = rf"^chance chooses a card still in the deck \({every_card}\); {outcome} is not one$"
        with pytest.raises(ValueError, match=refused):
            deal.apply(outcome)
    for wrong in (True, 1.0, np.int64(1)):
        with pytest.raises(TypeError, match=r"^a chance outcome, a card number 0-51 is an int, not "):
            deal.apply(wrong)  # type: ignore[arg-type]
    assert deal.deck == [] and deal.moves == []
    deal.apply(5)
    but_five = " ".join(str(card) for card in range(52) if card != 5)
    with pytest.raises(ValueError, match=rf"^chance chooses a card still in the deck \({but_five}\); 5 is not one$"):
        deal.apply(5)
    assert deal.deck == [5] and deal.moves == [5] and deal.information_state(0) == "player 0, dealer 1\nhand: 6C"
    with pytest.raises(TypeError, match=r"^the dealer is an int, player 0 or 1, not True$"):
        ChanceDeal(dealer=True)
    with pytest.raises(ValueError, match=r"^a player must be player 0 or 1, not -1$"):
        deal.view(-1)  # once player 1's cards
