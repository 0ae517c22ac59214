"""Doubleduck's strong bot: play-outs in sampled worlds, and the double-dummy solver for the last tricks.

Like every bot it decides from its player's views alone. It remembers every card it saw on the table
(:class:`~ducksoup.doubleduck.sampling.Knowledge`; the cards played after it in a trick it never sees), and deals
*worlds* from the rest: the cards it cannot place, dealt at random to the other hands and the stock, so that each
world agrees with all it has seen.

* **Most decisions** start from the greedy bot's estimate of each action. A clear choice is left to it; when the
  best few are close (:attr:`Budget.close`), each of them is played in the same sampled worlds and the greedy bot
  plays all four seats to the end of the deal. The greedy bot's first choice keeps its place unless another
  action's mean deal-score difference beats it by :attr:`Budget.margin` standard errors of their paired
  difference: the worlds ignore what the others' play said about their hands, so a small gain is often noise.
* **In the last tricks of the Soup** (:attr:`Budget.soup_cards` cards each or fewer) every world is solved double
  dummy (:mod:`ducksoup.doubleduck.solver`) within one node budget for the decision, and the action best on average
  over the worlds is played; when the budget runs out first, the play-outs decide instead.

Every budget is a count (worlds, candidates, nodes), never a time, so a seed gives the same play on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ducksoup.bots import NoLegalAction, clear_winner
from ducksoup.doubleduck.bots import GreedyBot, Seen
from ducksoup.doubleduck.engine import Deal
from ducksoup.doubleduck.sampling import Knowledge, clone, play_out
from ducksoup.doubleduck.solver import BudgetExceeded, Solver, SoupPosition
from duckspec.doubleduck.actions import Play

View = Mapping[str, Any]


@dataclass(frozen=True)
class Budget:
    """How much the strong bot may think per decision (counts, never seconds)."""

    samples: int = 10
    """Worlds sampled for a decision settled by play-outs."""
    candidates: int = 3
    """Actions played out in each world: the greedy bot's best few."""
    close: float = 0.6
    """Only actions within this much of the greedy bot's best estimate are played out."""
    margin: float = 1.0
    """How many standard errors of the paired difference another action must gain over the greedy bot's first
    choice to replace it."""
    soup_cards: int = 4
    """The largest hands (cards each) whose worlds are solved double dummy."""
    soup_samples: int = 6
    """Worlds solved for each such decision."""
    soup_nodes: int = 150_000
    """Nodes the solver may play per decision, over all its worlds."""


DEFAULT_BUDGET = Budget()
VIEW_KEYS = (
    "player",
    "dealer",
    "course",
    "hand",
    "hand_sizes",
    "stock",
    "table",
    "calls",
    "piles",
    "keepers",
    "tricks",
)
"""What the bot reads of a view."""


class StrongBot:
    """Play-outs in sampled worlds, the double-dummy solver in the last tricks (see the module's description)."""

    name = "strong"

    def __init__(self, seed: int | None = None, budget: Budget = DEFAULT_BUDGET) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.knowledge: dict[int, Knowledge] = {}
        """What each seat it plays has seen (a simulation seats one bot at both places of a side)."""
        self.greedy = GreedyBot(self.rng.randrange(2**32))

    def choose(self, view: View, legal: Sequence[Play]) -> Play:
        """One of ``legal``, from ``view`` and the views before it."""
        if not legal:
            raise NoLegalAction()
        missing = [key for key in VIEW_KEYS if key not in view]
        if missing:
            raise ValueError(
                f"doubleduck strong bot: the view has no {', '.join(map(repr, missing))}: give it the observation of "
                "the player to act in a Doubleduck deal or game (the engine's observation(player))"
            )
        knowledge = self.knowledge.setdefault(int(view["player"]), Knowledge())
        knowledge.observe(view)
        action = legal[0] if len(legal) == 1 else self.decide(view, legal)
        knowledge.acted(action.card.index)
        return action

    def decide(self, view: View, legal: Sequence[Play]) -> Play:
        ranked = self.ranked(view, legal)
        if view["course"] == "soup" and len(view["hand"]) // 2 + bool(view["table"]) <= self.budget.soup_cards:
            solved = self.solved(view, legal)
            if solved is not None:
                return solved
        return self.played_out(view, ranked)

    def ranked(self, view: View, legal: Sequence[Play]) -> list[tuple[float, Play]]:
        """The legal actions with the greedy bot's estimates, best first (canonical order among equals)."""
        seen = Seen.read(view)
        values = [self.greedy.value(seen, action) for action in legal]
        order = sorted(range(len(legal)), key=lambda index: (-values[index], index))
        return [(values[index], legal[index]) for index in order]

    def worlds(self, view: View, count: int) -> list[Deal]:
        knowledge = self.knowledge[int(view["player"])]
        return [knowledge.world(view, self.rng) for _ in range(count)]

    def played_out(self, view: View, ranked: list[tuple[float, Play]]) -> Play:
        """The greedy bot's first choice, unless play-outs in sampled worlds show a close rival clearly better."""
        top = ranked[0][0]
        candidates = [action for value, action in ranked[: self.budget.candidates] if value >= top - self.budget.close]
        if len(candidates) == 1 or self.budget.samples < 2:
            return candidates[0]
        side = int(view["player"]) & 1
        results: list[list[int]] = [[] for _ in candidates]
        for world in self.worlds(view, self.budget.samples):
            seeds = [self.rng.randrange(2**32) for _ in range(4)]
            for index, action in enumerate(candidates):
                trial = clone(world)
                trial.apply(action)
                scores = play_out(trial, [GreedyBot(seed) for seed in seeds])
                results[index].append(scores[side] - scores[1 - side])
        return candidates[clear_winner(results, self.budget.margin)]

    def solved(self, view: View, legal: Sequence[Play]) -> Play | None:
        """The action best on average over sampled worlds each solved double dummy; None when the node budget runs
        out first."""
        solver = Solver(budget=self.budget.soup_nodes)
        totals = [0] * len(legal)
        try:
            for world in self.worlds(view, self.budget.soup_samples):
                values = dict(solver.action_values(SoupPosition.of_deal(world)))
                solver.budget = max(1, self.budget.soup_nodes - solver.nodes)
                for index, action in enumerate(legal):
                    totals[index] += values[action]
        except BudgetExceeded:
            return None
        best = max(totals)
        return next(action for action, total in zip(legal, totals, strict=True) if total == best)
