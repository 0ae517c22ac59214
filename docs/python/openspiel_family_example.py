"""A deal of Doubleduck and a round of Aw Ducks! for three in OpenSpiel, every player choosing at random."""

import random

import pyspiel

import ducksoup.aw_ducks.bridges.openspiel
import ducksoup.doubleduck.bridges.openspiel  # noqa: F401  (each registers its game)

rng = random.Random(7)
for name, params in [("python_doubleduck", {"draw": "winner-first"}), ("python_aw_ducks", {"players": 3})]:
    game = pyspiel.load_game(name, params)
    state = game.new_initial_state()
    chance = 0
    while not state.is_terminal():
        if state.is_chance_node():  # a card dealt or taken from the deck, by its copies left
            cards, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(cards, probabilities)[0])
            chance += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    print(f"{name}: {chance} chance nodes, {len(state.history()) - chance} actions, returns {state.returns()}")
