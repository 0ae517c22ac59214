"""The checks every game's bridges pass, written once (each game's ``test_openspiel.py`` and ``test_pettingzoo.py``
call them with the game's engine and numbers): OpenSpiel's own random simulation, PettingZoo's API and seed
tests, the engine's states step by step for the same deck order, information states that depend only on what
the player saw, and the clear errors.

Import only after ``pytest.importorskip`` of the library a check needs.
"""

from __future__ import annotations

import json
import os
import random
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ducksoup.bridges.chance import EVERYONE

EPISODES = int(os.environ.get("DUCKSOUP_BRIDGE_DEALS", "6"))
"""How many random episodes each check plays (``nox -s bridges`` sets 6)."""
TOLERATED = {
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
    "Observation is not a NumPy array",
}
"""What PettingZoo's API test says of every environment with action masks (a dict of an observation and a
mask, as its own card games have), unless it is one of PettingZoo's own."""

Engine = Callable[[list[int]], Any]
"""A new engine from a whole deck order (top first), for the episode's parameters."""


# OpenSpiel


def play_deck(state: Any, deck: Sequence[int], choose: Callable[[Any], int], decisions: int | None = None) -> Any:
    """Play ``state`` on with chance following ``deck`` and ``choose(state)`` picking each player action, to the end
    or until ``decisions`` actions are taken (and the chance nodes after them)."""
    made = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(deck[len(state.deal.deck)])
        elif decisions is not None and made == decisions:
            break
        else:
            state.apply_action(choose(state))
            made += 1
    return state


def random_choice(rng: random.Random) -> Callable[[Any], int]:
    return lambda state: rng.choice(state.legal_actions())


def shuffled(pack: Sequence[int], rng: random.Random) -> list[int]:
    deck = list(pack)
    rng.shuffle(deck)
    return deck


def check_differential(game: Any, engine: Engine, pack: Sequence[int], returns: Callable[[Any], list[float]]) -> None:
    """Random play: at every decision the engine inside the bridge is in the state the engine reaches from the whole
    deck; the observations, legal actions and returns agree; chance offers each card with its share of the deck."""
    rng = random.Random(f"differential {game}")
    for _ in range(EPISODES):
        deck = shuffled(pack, rng)
        reference = engine(deck)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = dict(state.chance_outcomes())
                left = deck[len(state.deal.deck) :]
                assert outcomes == {card: left.count(card) / len(left) for card in set(left)}
                assert list(outcomes) == sorted(outcomes)
                state.apply_action(deck[len(state.deal.deck)])
                continue
            player = state.current_player()
            assert player == reference.to_act
            assert state.deal.engine.state() == reference.state()
            for seat in range(game.num_players()):
                assert json.loads(state.observation_string(seat)) == reference.observation(seat)
            legal = state.legal_actions()
            assert [state.deal.encoding.engine_action(player, n) for n in legal] == list(reference.legal_actions())
            number = rng.choice(legal)
            state.apply_action(number)
            reference.apply(state.deal.encoding.engine_action(player, number))
        assert reference.is_over and state.deal.engine.state() == reference.state()
        assert state.returns() == returns(reference)
        assert state.deal.deck == deck[: len(state.deal.deck)]
        assert len(state.history()) - len(state.deal.deck) <= game.max_game_length()
        assert all(game.min_utility() <= value <= game.max_utility() for value in state.returns())


def check_hidden_cards(game: Any, player: int, hidden: Callable[[Any, int], list[int]], seed: int) -> None:
    """Exchanging the cards of positions ``player`` did not see (``hidden(state, player)``: positions of the deck
    chosen so far) leaves its information state, observation and both tensors unchanged; exchanging one it saw
    with one it did not changes its information state."""
    rng = random.Random(seed)
    for _ in range(EPISODES):
        state = game.new_initial_state()
        decisions = rng.randrange(5, 60)
        moves, chance = [], []
        while not state.is_terminal() and decisions:
            if state.is_chance_node():
                move = rng.choice(state.chance_outcomes())[0]
            else:
                move, decisions = rng.choice(state.legal_actions()), decisions - 1
            chance.append(state.is_chance_node())
            moves.append(move)
            state.apply_action(move)
        deck = state.deal.deck
        unseen = hidden(state, player)
        others = [deck[position] for position in unseen]
        rng.shuffle(others)
        again = dict(zip(unseen, others, strict=True))
        other = replay(game, [again.get(p, card) for p, card in enumerate(deck)], moves, chance)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.information_state_tensor(player) == state.information_state_tensor(player)
        assert other.observation_string(player) == state.observation_string(player)
        assert other.observation_tensor(player) == state.observation_tensor(player)
        seen = [p for p, seers in enumerate(state.deal.seers_of) if seers in (player, EVERYONE)]
        swaps = [(a, b) for a in seen for b in unseen if deck[a] != deck[b]]
        if not swaps:
            continue
        a, b = rng.choice(swaps)
        changed = deck[:]
        changed[a], changed[b] = deck[b], deck[a]
        try:
            differs = replay(game, changed, moves, chance)
        except Exception:  # an action of the history no longer legal: the player would tell them apart too
            continue
        assert differs.information_state_string(player) != state.information_state_string(player)


def replay(game: Any, deck: Sequence[int], moves: Sequence[int], chance: Sequence[bool]) -> Any:
    """The moves again, the chance outcomes taken from ``deck`` instead."""
    state = game.new_initial_state()
    for move, is_chance in zip(moves, chance, strict=True):
        assert state.is_chance_node() == is_chance
        state.apply_action(deck[len(state.deal.deck)] if is_chance else move)
    return state


def check_layout(game: Any, observation: Sequence[tuple[str, tuple[int, ...]]], information: Any) -> None:
    """The tensors' pieces are the documented ones, in order, and fill the tensors exactly."""
    import pyspiel
    from open_spiel.python.observation import make_observation

    for perfect_recall, layout in ((False, observation), (True, information)):
        observer = make_observation(game, pyspiel.IIGObservationType(perfect_recall=perfect_recall))
        assert [(name, tuple(piece.shape)) for name, piece in observer.dict.items()] == list(layout)
        total = sum(int(np.prod(shape)) for _, shape in layout)
        shape = game.information_state_tensor_shape() if perfect_recall else game.observation_tensor_shape()
        assert shape == [total]


def check_wrong_moves(state: Any, action_range: int) -> None:
    """An action out of range, of the wrong type, or at a chance node a card not left is refused, changing nothing."""
    import pytest

    before, history = str(state), state.history()
    for wrong in (True, 1.0, "1"):
        with pytest.raises(TypeError, match=r" is an int, not "):
            state.deal.apply(wrong)
    with pytest.raises(ValueError, match=f"an action is a number from 0 to {action_range - 1}, not {action_range}"):
        state.deal.apply(action_range)
    assert str(state) == before and state.history() == history


# PettingZoo


def check_api(env: Any) -> None:
    from pettingzoo.test import api_test

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=100 * EPISODES)
    assert {str(warning.message) for warning in caught} <= TOLERATED


def check_env_differential(
    env: Any, engine: Callable[[list[int], int], Any], pack: Sequence[int], rewards: Callable[[Any], list[float]]
) -> None:
    """Random masked play from a given deck: the env's deal is the engine's at every step, each mask is the
    engine's legal actions for the agent to act (nothing for the others), and the rewards come at the end only."""
    rng = random.Random(f"env {env}")
    seat_option = env.unwrapped.seat_option
    players = len(env.possible_agents)
    for episode in range(EPISODES):
        deck, seat = shuffled(pack, rng), episode % players
        reference = engine(deck, seat)
        env.reset(seed=episode, options={"deck": deck, seat_option: seat})
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, info = env.last()
            totals[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            player = env.possible_agents.index(agent)
            assert player == reference.to_act and info == {} and reward == 0
            assert env.unwrapped.deal.state() == reference.state()
            for seat_now, name in enumerate(env.possible_agents):
                mask = np.flatnonzero(env.observe(name)["action_mask"]).tolist()
                legal = list(reference.legal_actions()) if seat_now == player else []
                assert [env.unwrapped.encoding.engine_action(player, n) for n in mask] == legal
            number = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
            env.step(number)
            reference.apply(env.unwrapped.encoding.engine_action(player, number))
        assert reference.is_over and totals == dict(zip(env.possible_agents, rewards(reference), strict=True))
        assert env.agents == []


def check_env_refusals(make: Callable[..., Any], name: str, unit: str) -> None:
    """Wrong types, actions the mask forbids and steps before reset are refused, saying what would be right."""
    import pytest

    with pytest.raises(RuntimeError, match=rf"^{name}: step\(\) before reset\(\): call reset\(\) first"):
        make().unwrapped.step(0)
    env = make()
    env.reset(seed=1)
    raw = env.unwrapped
    before, agent = raw.deal.state(), env.agent_selection
    legal = raw.legal_actions()
    forbidden = next(n for n in range(raw.num_actions) if n not in legal)
    with pytest.raises(ValueError, match=rf"^{name}: {agent} cannot take action {forbidden} \(.*\) now; the legal"):
        env.step(forbidden)
    expected = rf"an action number, an int from 0 to {raw.num_actions - 1} that the action mask allows"
    wrongs = [(float(legal[0]), r".*\(a float\)"), (str(legal[0]), r".*\(a str\)"), (True, r"True \(a bool\)")]
    for wrong, shown in wrongs:
        with pytest.raises(TypeError, match=f"^{name}: step\\(\\) takes {expected}, not {shown}$"):
            env.step(wrong)
    with pytest.raises(TypeError, match=f"step\\(None\\) is for an agent whose {unit} is over; {agent} is to act"):
        env.step(None)
    assert raw.deal.state() == before and env.agent_selection == agent
    with pytest.raises(ValueError, match=f"^{name}: render_mode is 'ansi' or None, not 'human'$"):
        make(render_mode="human")
    option = raw.seat_option
    with pytest.raises(ValueError, match=f"^{name}: {option} is 0, 1,? .*or None \\(at random\\), not True$"):
        make(**{option: True})
    with pytest.raises(ValueError, match=f"^{name}: {option} is 0,? .*1.*, not 9$"):
        env.reset(options={option: 9})


# An OpenSpiel bot against the greedy bot


def ismcts_against_greedy(
    game: Any, greedy: Callable[[int], Any], action_id: Callable[[Any], int], episodes: int
) -> None:
    """IS-MCTS in seat ``episode % players``, sampling the cards it has not seen through ``resample_from_infostate``,
    against the game's greedy bot (``greedy(seed)``, deciding from the engine's view) in every other seat; the
    returns are the engine's for the same deck and actions."""
    from open_spiel.python.algorithms import ismcts, mcts

    rng = random.Random(11)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=np.random.RandomState(2))
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.random))
    players = game.num_players()
    for episode in range(episodes):
        seat = episode % players
        greedies = {player: greedy(episode * players + player) for player in range(players) if player != seat}
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            elif state.current_player() == seat:
                state.apply_action(bot.step(state))
            else:
                player = state.current_player()
                chosen = greedies[player].choose(state.view(player), state.engine_legal_actions())
                state.apply_action(action_id(chosen))
        deal = state.deal
        rest = list(deal.pack)
        for card in deal.deck:
            rest.remove(card)
        reference = deal.new_engine(deal.deck + rest)
        for actor, number, _ in deal.events:
            if actor >= 0:
                reference.apply(deal.encoding.engine_action(actor, number))
        assert reference.is_over and state.returns() == deal.final_returns(reference)


def check_steps_after_the_end(make: Callable[..., Any], name: str, unit: str) -> None:
    """Once the episode is over, an agent whose turn it is steps out with None only (PettingZoo's rule); once all
    have, the environment says to reset (the wrapped one warns, as PettingZoo's wrapper does)."""
    import pytest

    env = make().unwrapped
    env.reset(seed=3)
    rng = random.Random(3)
    while not env.terminations[env.agent_selection]:
        env.step(rng.choice(env.legal_actions()))
    with pytest.raises(ValueError, match="when an agent is dead, the only valid action is None"):
        env.step(0)
    while env.agents:
        env.step(None)
    said = rf"^{name}: step\(\) after the {unit} is over and every agent has stepped out; call reset\(\) for another$"
    with pytest.raises(RuntimeError, match=said):
        env.step(None)
