"""One deal of Duck Soup in OpenSpiel: IS-MCTS as player 0 against ducksoup's greedy bot as player 1."""

import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import ducksoup.duck_soup.bridges.openspiel  # noqa: F401  (registers python_duck_soup)
from ducksoup.duck_soup.bots import GreedyBot
from ducksoup.duck_soup.bridges.encoding import action_id

game = pyspiel.load_game("python_duck_soup", {"stock": "face-up", "dealer": 1})
rng = random.Random(1)
rollouts = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
searcher = ismcts.ISMCTSBot(game, rollouts, uct_c=2.0, max_simulations=20, random_state=np.random.RandomState(1))
# IS-MCTS plays from what it saw: each simulation deals the cards it has not seen anew.
searcher.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.random))
greedy = GreedyBot(seed=1)

state = game.new_initial_state()
while not state.is_terminal():
    if state.is_chance_node():  # a card dealt, drawn or turned face up
        card, _ = rng.choice(state.chance_outcomes())
        state.apply_action(card)
    elif state.current_player() == 0:
        state.apply_action(searcher.step(state))
    else:  # the greedy bot decides from the engine's view of player 1
        action = greedy.choose(state.view(1), state.engine_legal_actions())
        state.apply_action(action_id(action))

print(state)
ismcts_return, greedy_return = state.returns()
print(f"IS-MCTS {ismcts_return:+.0f}, greedy {greedy_return:+.0f} (deal score differences)")
