"""Doubleduck in OpenSpiel (``ducksoup.doubleduck.bridges.openspiel``): OpenSpiel's own checks, the engine's states
step by step for the same deck order, information states that depend on the player's own history only, the
tensors' layouts and the errors (the checks are :mod:`tests.bridge_checks`, shared by every game).

Skipped without the extra (``pip install -e ".[openspiel]"``); ``nox -s bridges`` installs it.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import pyspiel

from ducksoup.bridges.chance import EVERYONE
from ducksoup.bridges.tensors import offsets
from ducksoup.doubleduck.bridges.encoding import (
    CALLS,
    INFORMATION_LAYOUT,
    MAX_SCORE,
    OBSERVATION_LAYOUT,
    ChanceDeal,
    action_id,
    action_text,
    engine_action,
)
from ducksoup.doubleduck.bridges.openspiel import SHORT_NAME
from ducksoup.doubleduck.engine import Deal
from duckspec.cards import parse_card
from duckspec.doubleduck.errors import IllegalAction
from duckspec.doubleduck.variants import DrawOrder, RuleOptions
from tests.bridge_checks import (
    EPISODES,
    check_differential,
    check_hidden_cards,
    check_layout,
    check_wrong_moves,
    play_deck,
    random_choice,
)

PARAMETERS: list[dict[str, Any]] = [{}, {"draw": "as-played"}, {"dealer": 0}]
PACK = ChanceDeal.pack


def load(params: dict[str, Any]) -> Any:
    return pyspiel.load_game(SHORT_NAME, params)


def test_the_game_is_registered_with_its_facts() -> None:
    game = pyspiel.load_game(SHORT_NAME)
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM and kind.provides_information_state_tensor
    assert (game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()) == (4, 260, 52)
    assert (game.max_game_length(), game.min_utility(), game.max_utility()) == (104, 0, MAX_SCORE)
    assert game.get_parameters() == {"draw": "winner-first", "dealer": 3}


def test_the_module_docstring_example_holds() -> None:
    import doctest

    import ducksoup.doubleduck.bridges.openspiel

    failed, tried = doctest.testmod(ducksoup.doubleduck.bridges.openspiel)
    assert failed == 0 and tried >= 3


def test_the_tensor_layouts_are_pinned() -> None:
    check_layout(load({}), OBSERVATION_LAYOUT, INFORMATION_LAYOUT)
    assert [(name, shape) for name, shape in INFORMATION_LAYOUT] == [
        ("player", (4,)),
        ("dealer", (4,)),
        ("events", (130, 4 + 52 + 5 + 52)),
    ]
    assert sum(int(__import__("numpy").prod(shape)) for _, shape in OBSERVATION_LAYOUT) == 381


@pytest.mark.parametrize("params", PARAMETERS, ids=json.dumps)
def test_openspiel_random_simulation_with_serialization(params: dict[str, Any]) -> None:
    pyspiel.random_sim_test(load(params), num_sims=max(1, EPISODES // 6), serialize=True, verbose=False)


@pytest.mark.parametrize("params", PARAMETERS, ids=json.dumps)
def test_the_bridge_goes_through_the_engine_states_for_the_same_deck(params: dict[str, Any]) -> None:
    values = {"draw": "winner-first", "dealer": 3, **params}
    options = RuleOptions(draw=DrawOrder(values["draw"]))

    def side_scores(deal: Deal) -> list[float]:
        scores = deal.scores()
        return [float(scores[player & 1]) for player in range(4)]

    check_differential(load(params), lambda deck: Deal(deck, values["dealer"], options), PACK, side_scores)


def hidden(state: Any, player: int) -> list[int]:
    """The positions of the deck whose cards ``player`` never saw: dealt to or drawn by another, and never played
    (a card value played by anyone is left in place, copies being alike)."""
    deal = state.deal
    played = {number // CALLS for actor, number, _ in deal.events if actor >= 0}
    return [
        position
        for position, seers in enumerate(deal.seers_of)
        if seers not in (player, EVERYONE) and deal.deck[position] not in played
    ]


@pytest.mark.parametrize("params", PARAMETERS[:2], ids=json.dumps)
@pytest.mark.parametrize("player", range(4))
def test_the_information_state_depends_only_on_what_the_player_saw(params: dict[str, Any], player: int) -> None:
    check_hidden_cards(load(params), player, hidden, seed=player)


def test_chance_deals_the_hands_then_draws_each_card_as_the_trick_ends() -> None:
    """52 dealt cards first (the dealer's left first); the engine is created only then; after the fourth card of a
    Duck trick, four chance nodes choose the cards drawn, winner first, each seen by its drawer only."""
    state = load({}).new_initial_state()
    for _ in range(52):
        assert state.is_chance_node() and state.deal.engine is None
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.current_player() == 0 and json.loads(state.observation_string(0))["phase"] == "lead"
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    assert state.is_chance_node() and len(state.deal.deck) == 52  # the trick waits for its four draws
    for k in range(4):  # four different spades (the lowest 26 cards were dealt, twice): KS, QS, JS, TS
        state.apply_action(state.chance_outcomes()[-1 - k][0])
    winner = state.current_player()
    drawers = [(winner + k) & 3 for k in range(4)]
    assert state.deal.seers_of[52:56] == drawers and state.deal.deck[52:56] == [51, 50, 49, 48]
    for k, drawer in enumerate(drawers):
        drawn = f"sees {action_text(CALLS * state.deal.deck[52 + k])}"
        assert drawn in state.information_state_string(drawer)
        assert all(drawn not in state.information_state_string(other) for other in set(range(4)) - {drawer})


def test_as_played_each_card_played_in_the_duck_draws_one_for_its_player() -> None:
    state = load({"draw": "as-played"}).new_initial_state()
    play_deck(state, list(PACK), random_choice(random.Random(1)), decisions=0)
    player = state.current_player()
    state.apply_action(state.legal_actions()[0])
    assert state.is_chance_node()
    state.apply_action(state.chance_outcomes()[0][0])
    assert state.deal.seers_of[-1] == player and state.current_player() == (player + 1) & 3


def test_bad_parameters_wrong_types_and_illegal_actions_are_refused() -> None:
    with pytest.raises(ValueError, match=r"'draw' cannot be 'later'; choose one of \['winner-first', 'as-played'\]"):
        pyspiel.load_game("python_doubleduck(draw=later)")
    with pytest.raises(ValueError, match=r"'dealer' cannot be 4; choose one of \[0, 1, 2, 3\]"):
        load({"dealer": 4})
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'players'"):
        pyspiel.load_game("python_doubleduck(players=3)")
    state = play_deck(load({}).new_initial_state(), list(PACK), random_choice(random.Random(2)), decisions=1)
    check_wrong_moves(state, 260)
    before = str(state)
    illegal = next(n for n in range(260) if n not in state.legal_actions())
    with pytest.raises(IllegalAction):
        state.apply_action(illegal)
    assert str(state) == before
    with pytest.raises(ValueError, match=r"^chance chooses a card still in the deck \(.*\); 52 is not one$"):
        ChanceDeal().apply(52)


def test_after_the_end_no_action_is_taken() -> None:
    state = play_deck(load({}).new_initial_state(), list(PACK), random_choice(random.Random(3)))
    assert state.is_terminal() and state.legal_actions() == []
    with pytest.raises(ValueError, match=r"^the deal is over: no action can be taken$"):
        state.deal.apply(0)


def test_action_numbers_are_stable() -> None:
    texts = [action_text(number) for number in (0, 40, 41, 259)]
    assert texts == ["AC", "9C", "9C quack", "KS doubleduck"]
    assert all(action_id(engine_action(player, n)) == n for player in range(4) for n in range(260))


def test_clones_and_serialized_states_come_back_equal() -> None:
    game = load({"draw": "as-played"})
    state = play_deck(game.new_initial_state(), list(reversed(PACK)), random_choice(random.Random(4)), decisions=9)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(state.history()) + 1 == len(clone.history())
    restored = game.deserialize_state(state.serialize())
    assert restored.history() == state.history() and str(restored) == str(state)
    for player in range(4):
        assert restored.information_state_string(player) == state.information_state_string(player)


def expected_observation(view: dict[str, Any]) -> list[float]:
    """The observation vector of a view in the engine's form, encoded here from the view's JSON (independently of
    the bridge's encoder, which reads the engine)."""
    numbers = [0.0] * 381
    at = {name: start for name, start in offsets(OBSERVATION_LAYOUT).items()}

    def cards(text: str) -> list[int]:
        return [parse_card(text[i : i + 2]).index for i in range(0, len(text), 2)]

    numbers[view["player"]] = numbers[at["dealer"] + view["dealer"]] = 1
    numbers[at["course"] + ("duck", "soup").index(view["course"])] = 1
    numbers[at["phase"] + ("lead", "follow", "over", "deal").index(view["phase"])] = 1
    if view["to_act"] is not None:
        numbers[at["to_act"] + view["to_act"]] = 1
    hand = cards(view["hand"])
    for card in hand:
        numbers[at["hand"] + card + (52 if hand.count(card) == 2 and numbers[at["hand"] + card] else 0)] = 1
    for row, card in enumerate(cards(view["table"])):
        numbers[at["table"] + 52 * row + card] = 1
        call = ("none", "quack", "quack-quack", "quack-quack-quack", "doubleduck").index(view["calls"][row])
        numbers[at["calls"] + CALLS * row + call] = 1
    numbers[at["hand_sizes"] : at["hand_sizes"] + 4] = view["hand_sizes"]
    numbers[at["stock"]] = view["stock"]
    numbers[at["piles"] : at["piles"] + 4] = [n for side in view["piles"] for n in side]
    numbers[at["tricks"] : at["tricks"] + 4] = [n for side in view["tricks"] for n in side]
    for side in (0, 1):
        for course in (0, 1):
            keeper = view["keepers"][side][course]
            if keeper is not None:
                numbers[at["keepers"] + 8 * side + 4 * course + keeper] = 1
    if view["scores"] is not None:
        numbers[at["scores"] : at["scores"] + 2] = view["scores"]
    return numbers


def test_the_observation_tensor_encodes_the_engine_view() -> None:
    """At every step of random deals, under both draw orders, and while the hands are dealt, each player's
    observation tensor is the view's encoding, piece by piece (:data:`OBSERVATION_LAYOUT`, pinned here)."""
    assert OBSERVATION_LAYOUT == (
        ("player", (4,)),
        ("dealer", (4,)),
        ("course", (2,)),
        ("phase", (4,)),
        ("to_act", (4,)),
        ("hand", (2, 52)),
        ("table", (4, 52)),
        ("calls", (4, 5)),
        ("hand_sizes", (4,)),
        ("stock", (1,)),
        ("piles", (2, 2)),
        ("tricks", (2, 2)),
        ("keepers", (2, 2, 4)),
        ("scores", (2,)),
    )
    rng = random.Random(5)
    for params in PARAMETERS[:2]:
        state = load(params).new_initial_state()
        while not state.is_terminal():
            for player in range(4):
                view = json.loads(state.observation_string(player))
                assert state.observation_tensor(player) == expected_observation(view)
            if state.is_chance_node():
                cards, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(cards, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert state.observation_tensor(0) == expected_observation(json.loads(state.observation_string(0)))
