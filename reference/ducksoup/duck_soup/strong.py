"""The strong bot: sampling and play-outs in the Duck, the Soup solver in the Soup.

Like every bot it decides from its player's view alone (and what it remembers of earlier
views). It follows the deal with :class:`~ducksoup.duck_soup.sampling.Knowledge`: which cards it has
seen leave play, and what the points said of those it did not see. From that it deals
*worlds*: the cards it cannot place, dealt at random so that every world agrees with all it
has seen.

* **In the Duck** it ranks the legal actions by the greedy bot's one-trick estimate. A clear
  choice is left to that estimate; when the best few are close, it plays each of them out in
  the same sampled worlds with the greedy bot on both sides to the end of the deal (in the Soup
  of a play-out each greedy bot is shown the other's hand, as a player who has placed every
  card would know it). The greedy bot's own first choice keeps its place unless another
  action's mean deal-score difference beats it by a clear margin (see :attr:`Budget.margin` for
  why the bar is high).
* **In the Soup** every world is a position of perfect information. Once the hands are small
  enough (:attr:`Budget.soup_cards`), it solves each world exactly (every action's value) within
  one node budget for the decision, keeping the solvers of worlds it meets again so that their
  tables carry over, and takes the action best on average over the worlds. Earlier in the Soup
  it does the same with a bounded search: the solver looks :attr:`Budget.soup_horizon` tricks
  ahead and estimates the rest (:func:`ducksoup.duck_soup.solver.estimate`). When the budget runs out
  before every world is searched, it plays the greedy bot's choice.

Every budget is a count (samples, candidates, positions searched), never a time, so the same
seed gives the same play on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ducksoup.bots import NoLegalAction, clear_winner
from ducksoup.duck_soup.bots import GreedyBot, Seen
from ducksoup.duck_soup.engine import Deal
from ducksoup.duck_soup.sampling import Knowledge, World, clone, play_out
from ducksoup.duck_soup.solver import BudgetExceeded, Solver, SoupPosition
from duckspec.duck_soup.actions import Action, Play
from duckspec.duck_soup.quacking import Call

View = Mapping[str, Any]


@dataclass(frozen=True)
class Budget:
    """How much the strong bot may think per decision (counts, never seconds)."""

    duck_samples: int = 12
    """Worlds sampled for each Duck decision."""
    duck_candidates: int = 2
    """Actions played out in each world: the greedy bot's best few."""
    close: float = 0.25
    """Only actions within this many points of the greedy bot's best estimate are played out:
    clear choices are left to its estimate, close ones settled by play-outs."""
    margin: float = 2.0
    """How many standard errors of the difference another action must gain over the greedy
    bot's first choice to replace it. Measured over the same decks, letting the play-outs decide
    more often (closer calls, a smaller margin) lost deal points: the worlds are dealt without
    regard to how the opponent has played, so the play-outs misjudge as often as they correct."""
    soup_samples: int = 6
    """Worlds solved for each Soup decision."""
    soup_nodes: int = 80_000
    """Positions the solver may visit per Soup decision, over all worlds."""
    soup_cards: int = 9
    """The largest hand the solver is tried on."""
    soup_horizon: int = 2
    """With larger hands, the tricks searched ahead before the rest is estimated (0: play the
    greedy bot's choice instead)."""


DEFAULT_BUDGET = Budget()
KEPT_SOLVERS = 8
"""Solvers (with their tables) kept for the worlds of the current deal's Soup."""


class StrongBot:
    """Sampled play-outs in the Duck, the solver in the Soup (see the module's description)."""

    name = "strong"

    def __init__(self, seed: int | None = None, budget: Budget = DEFAULT_BUDGET) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.knowledge = Knowledge()
        self.greedy = GreedyBot(self.rng.randrange(2**32))
        self.solvers: list[Solver] = []
        self.solvers_deal: tuple[object, object] = (None, None)
        self.silent = False
        """Whether calls are silent (ruling DS-R15): the view does not say, the legal actions do
        (:func:`silent_calls_seen`)."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """One of ``legal``, from ``view`` and the views before it."""
        if not legal:
            raise NoLegalAction()
        self.knowledge.observe(view)
        gone = self.greedy.memory.update(view)
        seen = silent_calls_seen(view, legal)
        if seen is not None:
            self.silent = seen
        if len(legal) == 1:
            action = legal[0]
        elif view["course"] == "soup":
            action = self.soup_choice(view, legal, gone)
        else:
            action = self.duck_choice(view, legal, gone)
        self.knowledge.acted(action)
        return action

    def ranked(
        self, view: View, legal: Sequence[Action], gone: frozenset[int], close: float | None = None
    ) -> list[Action]:
        """The legal actions, best first by the greedy bot's estimate (canonical order among equals);
        with ``close``, only those within ``close`` points of the best."""
        seen = Seen.read(view, gone)
        values = [self.greedy.value(seen, action) for action in legal]
        order = sorted(range(len(legal)), key=lambda i: (-values[i], i))
        if close is not None:
            order = [i for i in order if values[i] >= values[order[0]] - close]
        return [legal[i] for i in order]

    def solver_for(self, position: SoupPosition) -> Solver:
        """A solver whose table was built for this world's Soup, if one is kept (a world met again
        in a later decision), else a new one; the last few are kept, and only within a deal."""
        if self.knowledge.deal != self.solvers_deal:
            self.solvers, self.solvers_deal = [], self.knowledge.deal
        for solver in self.solvers:
            if solver.fits(position):
                return solver
        solver = Solver()
        self.solvers = [solver, *self.solvers[: KEPT_SOLVERS - 1]]
        return solver

    def worlds(self, count: int) -> list[World]:
        return [self.knowledge.sample(self.rng) for _ in range(count)]

    # The Duck

    def duck_choice(self, view: View, legal: Sequence[Action], gone: frozenset[int]) -> Action:
        ranked = self.ranked(view, legal, gone, self.budget.close)
        candidates = ranked[: self.budget.duck_candidates]
        if len(candidates) == 1 or not self.budget.duck_samples:
            return candidates[0]
        me = int(view["player"])
        results: list[list[int]] = [[] for _ in candidates]
        for world in self.worlds(self.budget.duck_samples):
            deal = self.knowledge.world_deal(world, silent=self.silent)
            seed = self.rng.randrange(2**32)
            for index, action in enumerate(candidates):
                results[index].append(_play_out(deal, action, me, seed))
        return candidates[clear_winner(results, self.budget.margin)]

    # The Soup

    def soup_choice(self, view: View, legal: Sequence[Action], gone: frozenset[int]) -> Action:
        exact = len(view["hand"]) // 2 <= self.budget.soup_cards
        if not exact and not self.budget.soup_horizon:
            return self.ranked(view, legal, gone)[0]
        worlds = self.worlds(1 if not self.knowledge.slots else self.budget.soup_samples)
        budget = self.budget.soup_nodes
        totals = [0] * len(legal)
        try:
            for world in worlds:
                position = SoupPosition.from_state(self.knowledge.world_deal(world).state(), self.silent)
                solver = self.solver_for(position) if exact else Solver(horizon=self.budget.soup_horizon)
                solver.budget = budget
                before = solver.stats.nodes
                values = solver.action_values(position)
                budget -= solver.stats.nodes - before
                by_action = dict(values)
                for index, action in enumerate(legal):
                    totals[index] += by_action[action]
        except BudgetExceeded:
            return self.ranked(view, legal, gone)[0]
        best = max(totals)
        return next(action for action, total in zip(legal, totals, strict=True) if total == best)


def silent_calls_seen(view: View, legal: Sequence[Action]) -> bool | None:
    """Whether the legal actions show silent calls (ruling DS-R15), or None when they cannot tell:
    a player holding a card of the rank led is offered no call with it, and the third card of a
    quack-quack carries none."""
    plays = [action for action in legal if isinstance(action, Play)]
    if view["phase"] == "answer":
        return plays[0].call is Call.NONE if plays else None
    if view["phase"] not in ("follow", "fourth") or not view["table"]:
        return None
    rank = view["table"][0]
    if not any(play.card.rank.letter == rank for play in plays):
        return None
    return all(play.call is Call.NONE for play in plays)


def _play_out(deal: Deal, action: Action, me: int, seed: int) -> int:
    """``action`` in ``deal``, then the greedy bot on both sides to the end: ``me``'s deal-score difference."""
    world = clone(deal)
    world.apply(action)
    rng = random.Random(seed)
    bots = (GreedyBot(rng.randrange(2**32)), GreedyBot(rng.randrange(2**32)))
    scores = play_out(world, bots, informed_soup=True)
    return scores[me] - scores[1 - me]
