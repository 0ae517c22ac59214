"""Aw Ducks! in OpenSpiel (``ducksoup.aw_ducks.bridges.openspiel``) for 2, 3 and 4 players: OpenSpiel's own checks,
the engine's states step by step for the same deck order, the draws of a Draw chain, a Safe Draw, a Quick Quack
and a Secret Stash as chance nodes, stash cards in nobody's information state, the tensors' layouts and the
errors (the checks are :mod:`tests.bridge_checks`, shared by every game).

Skipped without the extra (``pip install -e ".[openspiel]"``); ``nox -s bridges`` installs it.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel

from ducksoup.aw_ducks.bridges.encoding import (
    MAX_POINTS,
    ChanceRound,
    ObservationWriter,
    action_id,
    action_text,
    engine_action,
    information_state_layout,
    max_actions,
    observation_layout,
)
from ducksoup.aw_ducks.bridges.openspiel import SHORT_NAME
from ducksoup.aw_ducks.engine import FULL, NAMES, Round
from ducksoup.bridges.chance import EVERYONE, NOBODY
from ducksoup.bridges.tensors import offsets
from duckspec.aw_ducks.components import parse_card
from duckspec.aw_ducks.errors import IllegalAction
from tests.bridge_checks import (
    check_differential,
    check_hidden_cards,
    check_layout,
    check_wrong_moves,
    play_deck,
    random_choice,
)

PLAYERS = [2, 3, 4]
DRAW, SCORE = 0, 1


def load(players: int, start: int = 0) -> Any:
    return pyspiel.load_game(SHORT_NAME, {"players": players, "start": start})


def deck_starting(*cards: int) -> list[int]:
    """The 96 cards with ``cards`` on top, the rest in the canonical order."""
    rest = list(FULL)
    for card in cards:
        rest.remove(card)
    return [*cards, *rest]


@pytest.mark.parametrize("players", PLAYERS)
def test_the_game_is_registered_with_its_facts(players: int) -> None:
    game = load(players)
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (kind.min_num_players, kind.max_num_players) == (2, 4)
    assert (game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()) == (players, 38, 42)
    assert (game.max_game_length(), game.min_utility(), game.max_utility()) == (194 + players, 0, MAX_POINTS)
    check_layout(game, observation_layout(players), information_state_layout(players))
    assert information_state_layout(players) == (
        ("player", (players,)),
        ("start", (players,)),
        ("events", (max_actions(players) + 96, players + 38 + 42)),
    )


def test_the_module_docstring_example_holds() -> None:
    import doctest

    import ducksoup.aw_ducks.bridges.openspiel

    failed, tried = doctest.testmod(ducksoup.aw_ducks.bridges.openspiel)
    assert failed == 0 and tried >= 3


@pytest.mark.parametrize("players", PLAYERS)
def test_openspiel_random_simulation_with_serialization(players: int) -> None:
    pyspiel.random_sim_test(load(players, players - 1), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("players", PLAYERS)
def test_the_bridge_goes_through_the_engine_states_for_the_same_deck(players: int) -> None:
    def points(game: Round) -> list[float]:
        return [float(p) for p in game.points]

    check_differential(load(players, 1), lambda deck: Round(deck, 1, players), FULL, points)


def hidden(state: Any, player: int) -> list[int]:
    """The positions of the deck nobody saw: the cards of Secret Stashes."""
    return [position for position, seers in enumerate(state.deal.seers_of) if seers == NOBODY]


@pytest.mark.parametrize("players", PLAYERS)
def test_the_information_state_depends_only_on_what_the_player_saw(players: int) -> None:
    for player in {0, players - 1}:
        check_hidden_cards(load(players), player, hidden, seed=10 * players + player)


def test_every_card_a_rule_takes_is_a_chance_node_and_stash_cards_are_seen_by_nobody() -> None:
    """A Draw chain (two ducks, then a number), a Safe Draw (two cards), a Quick Quack (three) and a Secret Stash
    (two, face down): chance chooses each card when the rules take it."""
    duck_r, duck_y = 36, 37
    deck = deck_starting(duck_r, duck_y, 1, 2, 4, 5, 0, 6, 7, 8, 9)  # 2R 3R 5R 6R 1R 1Y 2Y 3Y 4Y after the ducks
    state = load(2).new_initial_state()
    chance_after: list[int] = []

    def act(number: int) -> None:
        state.apply_action(number)
        chance_after.append(0)
        while state.is_chance_node():
            state.apply_action(deck[len(state.deal.deck)])
            chance_after[-1] += 1

    act(DRAW)  # player 0: DR, DY to the pond, then 2R to the tableau
    act(DRAW)  # player 1: 3R
    act(2 + 1)  # player 0 discards 2R: a Safe Draw, 5R 6R
    act(2 + 2)  # player 1 discards 3R: a Quick Quack, 1R 1Y 2Y, then must Score
    act(SCORE)
    act(2 + 4)  # player 0 discards 5R: a Secret Stash, 3Y 4Y face down
    assert chance_after == [3, 1, 2, 3, 0, 2]
    assert state.deal.seers_of == [EVERYONE] * 9 + [NOBODY, NOBODY]
    assert state.deal.engine.stashes[0] == [8, 9] and state.current_player() == 0  # the Score the Stash calls for
    for player in (0, 1):
        told = state.information_state_string(player)
        assert "sees 3Y" not in told and "sees 4Y" not in told and "0: discard 5R" in told
        assert told.count("\nsees ") == 9
    assert '"stashes"' not in state.observation_string(0) and '"stash_sizes":[2,0]' in state.observation_string(1)


def test_bad_parameters_wrong_types_and_illegal_actions_are_refused() -> None:
    with pytest.raises(ValueError, match=r"'players' cannot be 5; choose one of \[2, 3, 4\]"):
        pyspiel.load_game("python_aw_ducks(players=5)")
    with pytest.raises(ValueError, match=r"'start' cannot be 2 with 2 players; choose one of \[0, 1\]"):
        load(2, 2)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'target'"):
        pyspiel.load_game("python_aw_ducks(target=100)")
    state = play_deck(load(3).new_initial_state(), list(FULL), random_choice(random.Random(2)), decisions=1)
    check_wrong_moves(state, 38)
    before = str(state)
    with pytest.raises(IllegalAction):
        state.apply_action(2 + 35)
    assert str(state) == before
    drawing = ChanceRound()
    drawing.apply(DRAW)
    assert drawing.is_chance
    with pytest.raises(ValueError, match=r"^chance chooses a card still in the deck \(0 1 .* 41\); 42 is not one$"):
        drawing.apply(42)
    assert drawing.moves == [DRAW] and drawing.deck == []


def test_after_the_end_no_action_is_taken() -> None:
    state = play_deck(load(4).new_initial_state(), list(FULL), random_choice(random.Random(3)))
    assert state.is_terminal() and state.legal_actions() == []
    assert state.returns() == [float(p) for p in state.deal.engine.points]
    with pytest.raises(ValueError, match=r"^the round is over: no action can be taken$"):
        state.deal.apply(0)


def test_action_numbers_are_stable() -> None:
    assert [action_text(n) for n in (0, 1, 2, 7, 37)] == ["draw", "score", "discard 1R", "discard 6R", "discard 6K"]
    assert all(action_id(engine_action(player, n)) == n for player in range(4) for n in range(38))
    assert NAMES[36:] == ("DR", "DY", "DG", "DB", "DP", "DW")


def test_clones_and_serialized_states_come_back_equal() -> None:
    game = load(3)
    state = play_deck(game.new_initial_state(), deck_starting(36, 37, 38), random_choice(random.Random(4)), 12)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(state.history()) < len(clone.history())
    restored = game.deserialize_state(state.serialize())
    assert restored.history() == state.history() and str(restored) == str(state)
    for player in range(3):
        assert restored.information_state_string(player) == state.information_state_string(player)


def expected_observation(view: dict[str, Any], players: int) -> list[float]:
    """The observation vector of a view in the engine's form, encoded here from the view's JSON (independently of
    the bridge's encoder, which reads the engine)."""
    layout = observation_layout(players)
    at = offsets(layout)
    numbers = [0.0] * at["end"]

    def cards(text: str) -> list[int]:
        return [parse_card(text[i : i + 2]).index for i in range(0, len(text), 2)]

    numbers[view["player"]] = numbers[at["start"] + view["start"]] = 1
    numbers[at["phase"] + ("turn", "forced-score", "final-score", "over").index(view["phase"])] = 1
    if view["to_act"] is not None:
        numbers[at["to_act"] + view["to_act"]] = 1
    if view["ender"] is not None:
        numbers[at["ender"] + view["ender"]] = 1
    numbers[at["deck"]] = view["deck"]
    for card in cards(view["pond"]):
        numbers[at["pond"] + card - 36] += 1
    for card in cards(view["discards"]):
        numbers[at["discards"] + card] += 1
    for seat in range(players):
        for card in cards(view["tableaux"][seat]):
            numbers[at["tableaux"] + 36 * seat + card] += 1
        for card in cards(view["scored"][seat]):
            numbers[at["scored"] + 42 * seat + card] += 1
    numbers[at["stash_sizes"] : at["stash_sizes"] + players] = view["stash_sizes"]
    if view["scores"] is not None:
        numbers[at["scores"] : at["scores"] + players] = view["scores"]
    return numbers


@pytest.mark.parametrize("players", PLAYERS)
def test_the_observation_tensor_encodes_the_engine_view(players: int) -> None:
    """At every step of a random round each player's observation tensor is the view's encoding, piece by piece (the
    layout pinned here), through OpenSpiel and through the environment's writer, which keeps pile counts."""
    assert [name for name, _ in observation_layout(players)] == [
        "player", "start", "phase", "to_act", "deck", "pond", "discards", "tableaux", "scored", "stash_sizes",
        "ender", "scores",
    ]  # fmt: skip
    assert dict(observation_layout(players))["tableaux"] == (players, 36)
    assert dict(observation_layout(players))["scored"] == (players, 42)
    rng = random.Random(players)
    writer = ObservationWriter(players)
    out = np.empty(offsets(observation_layout(players))["end"], dtype=np.float32)
    state = load(players).new_initial_state()
    while True:
        for player in range(players):
            expected = expected_observation(json.loads(state.observation_string(player)), players)
            assert state.observation_tensor(player) == expected
            if not state.is_chance_node():
                writer.write(out, state.deal.engine, player)
                assert out.tolist() == expected
        if state.is_terminal():
            break
        if state.is_chance_node():
            cards, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(cards, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
