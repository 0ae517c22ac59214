"""Analysing a Doubleduck deal: the best play at each decision of a recorded deal or game, and what each mistake
cost.

``ducksoup analyse --game doubleduck`` and ``ducksoup explain --analyse`` reach :func:`analysis` through
Doubleduck's registry entry; the streaming, the progress bar, the time budget and the statistics of the estimates
are the family's (:mod:`ducksoup.analysis`). Only the solver and the sampling of unseen cards are Doubleduck's.

Values are **deal score differences**: the side's deal score minus the other side's at the end of the deal, for
the side of the player deciding. A deal's decisions fall in three parts:

* **The endgame** (the last :data:`EXACT_CARDS` tricks of the Soup) is valued exactly and **double dummy**
  (:mod:`ducksoup.doubleduck.solver`): every hand is seen, as bridge analysis sees them, and all four play
  perfectly from there. At the table no one knows how the other hands are split, so "best" is the play of someone
  who could place every card. For each decision the position, the action taken and, when that was not best, the
  first action found to be best (every action with ``all_actions``) are valued, and the action taken loses the
  difference. These add up: the value at the endgame's first decision minus the deal's result equals side 0's
  endgame losses minus side 1's (a mistake by side 1 is a gift to side 0), which
  :meth:`~ducksoup.analysis_events.DealTotals.identity_holds` checks.
* **The Duck and the rest of the Soup** are estimated by sampling: each world deals the cards the player to act
  could not see (the other three hands and the stock still to be drawn) at random, and in it each legal action is
  played and the greedy bot plays all four seats to the end of the deal.
  :func:`ducksoup.analysis.estimate` turns such worlds into a verdict with an honest interval: an estimate of how
  the action fares between greedy players, not of perfect play.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from duckcheck.doubleduck.encoding import action_json, parse_action, parse_options
from ducksoup.analysis import MIN_SAMPLES, Outcomes, estimate, json_number
from ducksoup.analysis_events import (
    DealHeading,
    DealTotals,
    Decide,
    ValuedDecision,
    by_deal,
    sampled_worlds,
    verdict_method,
)
from ducksoup.doubleduck.bots import GreedyBot
from ducksoup.doubleduck.engine import SOUP, Deal, Game, card_number
from ducksoup.doubleduck.sampling import clone, play_out, redeal
from ducksoup.doubleduck.solver import Solver, SoupPosition
from duckspec.doubleduck.actions import Call, Play
from duckspec.doubleduck.errors import IllegalAction

JSON = dict[str, Any]
DEFAULT_SAMPLES = 16
"""Sampled worlds that choose each estimated decision's rival, and as many that measure it, by default."""
EXACT_CARDS = 5
"""The endgame solved double dummy: the Soup's decisions from the trick where each hand holds this many cards."""
ENDGAME, SOUP_PART, DUCK_PART = "Endgame", "Soup", "Duck"
PARTS: tuple[tuple[str, bool], ...] = ((ENDGAME, True), (SOUP_PART, False), (DUCK_PART, False))
"""The analysis's parts: the endgame's values are exact (double dummy), the rest of the Soup's and the Duck's
estimated."""
OBJECTIVE = "deal score difference: own side's deal score minus the other side's, at the end of the deal"


class AnalysisError(ValueError):
    """A trace that cannot be analysed; the message says why and names the game."""


@dataclass(kw_only=True)
class Decision(ValuedDecision[Play]):
    """One decision with more than one legal action (:class:`~ducksoup.analysis_events.ValuedDecision`): exact in
    the endgame, estimated elsewhere; ``part`` is one of :data:`PARTS`."""

    part: str

    def part_name(self) -> str:
        return self.part

    def own_json(self) -> JSON:
        return {"part": self.part.lower()}

    def told(self, action: Play) -> str:
        return describe(action)

    def encoded(self, action: Play) -> JSON:
        return action_json(action)


@dataclass
class DealAnalysis(DealTotals[Decision]):
    """The decisions of one deal, with the endgame's double-dummy value at its first decision and the deal's result
    (side 0's view); printed, once the deal is done, as its closing lines."""

    endgame_start: int | None = field(default=None, init=False)
    """Side 0's deal score minus side 1's, double dummy, from the endgame's first analysed decision."""
    endgame_step: int | None = field(default=None, init=False)

    def losses(self, side: int, part: str = ENDGAME) -> float:
        """The points ``side``'s players lost in ``part``: exact in the endgame; elsewhere the estimated mistakes."""
        return sum(d.loss or 0 for d in self.decisions if d.player & 1 == side and d.part == part)

    def exact_start(self) -> int | None:
        return self.endgame_start

    def exact_losses(self, side: int) -> float:
        return self.losses(side)

    def lines(self) -> list[str]:
        if self.endgame_start is None:
            return []
        lines = [f"  endgame value (step {self.endgame_step}, double dummy) {self.endgame_start:+d} for side 0"]
        return lines + self.identity_lines("side", "endgame")

    def to_json(self) -> JSON:
        return {
            "type": "deal",
            "deal": self.number,
            "endgame_step": self.endgame_step,
            "endgame_value": self.endgame_start,
            "result": self.result,
            "endgame_losses": [json_number(self.losses(side)) for side in (0, 1)],
            "identity_holds": self.identity_holds(),
        }


# Replaying a trace


def _engine(trace: JSON) -> Deal | Game:
    """The engine's deal or game of ``trace``, before its first step."""
    try:
        options = parse_options(trace["options"])
        decks = [[card_number(text[i : i + 2]) for i in range(0, len(text), 2)] for text in trace["decks"]]
        if trace["scope"] == "deal":
            return Deal(decks[0], trace["dealer"], options)
        return Game(decks, trace["dealer"], options)
    except (KeyError, ValueError, IndexError, TypeError) as error:
        raise AnalysisError(f"doubleduck: the trace cannot be set up: {error}") from None


def replay(trace: JSON) -> Iterator[tuple[int, Deal, Play]]:
    """Each accepted step of ``trace``: its number, the engine's deal before it, and the action; the engine plays
    it after the caller has looked. Refused steps are skipped."""
    engine = _engine(trace)
    for number, step in enumerate(trace["steps"], 1):
        if "reject" in step:
            continue
        action = parse_action(step["action"], f"step {number}")
        deal = engine.deal if isinstance(engine, Game) else engine
        yield number, deal, action
        try:
            engine.apply(action)
        except IllegalAction as error:
            raise AnalysisError(
                f"doubleduck: step {number}: {action} is refused by the rules: {error.message}"
            ) from None


# The analysis


Event = Decision | DealHeading | DealAnalysis


class DealsAnalysis:
    """The analysis of a Doubleduck trace (a deal or a game), made decision by decision
    (:class:`ducksoup.analysis.Analysis`)."""

    players = 4
    parts = PARTS

    def __init__(
        self,
        trace: JSON,
        samples: int = DEFAULT_SAMPLES,
        seed: int = 0,
        start: int = 1,
        all_actions: bool = False,
        exact_cards: int = EXACT_CARDS,
    ) -> None:
        _engine(trace)  # a trace that cannot be set up is refused at once
        self.trace, self.samples, self.seed, self.start, self.all_actions = trace, samples, seed, start, all_actions
        self.exact_cards = exact_cards
        """The endgame starts at the trick where each hand holds this many cards."""

    def method(self) -> list[str]:
        exact = (
            "every action valued"
            if self.all_actions
            else "the action taken and a best one valued (--all-actions: every action)"
        )
        lines = [
            "values are deal score differences (own side's deal score minus the other side's) at the end of the deal",
            f"the endgame (the Soup from {self.exact_cards} cards each) is solved exactly, double dummy (every hand "
            f"seen): {exact}",
        ]
        if not self.samples:
            lines.append("the Duck and the rest of the Soup are not analysed (--samples 0)")
            return lines
        if self.samples < MIN_SAMPLES:
            estimated = f"from {sampled_worlds(self.samples)} of play between greedy players"
        else:
            estimated = "from play between greedy players, the unseen hands and stock dealt at random"
        lines.append(f"the Duck and the rest of the Soup are estimated {estimated}: {verdict_method(self.samples)}")
        return lines

    def settings(self) -> JSON:
        return {
            "objective": OBJECTIVE,
            "samples": self.samples,
            "seed": self.seed,
            "from": self.start,
            "all_actions": self.all_actions,
            "exact_cards": self.exact_cards,
        }

    def events(self) -> Iterator[Event]:
        """The analysis, piece by piece: a heading at each deal's start, each decision as soon as it is analysed,
        each deal's closing lines at its end (or where the trace stops)."""

        def open_deal(number: int) -> tuple[DealAnalysis, Decide[Deal, Play, Decision]]:
            current, solver = DealAnalysis(number), Solver()  # one solver's table a deal

            def decide(step: int, deal: Deal, action: Play) -> Decision | None:
                return self._decision(step, deal, action, solver, current)

            return current, decide

        yield from by_deal(replay(self.trace), open_deal)

    def _decision(
        self, number: int, deal: Deal, action: Play, solver: Solver, current: DealAnalysis
    ) -> Decision | None:
        """The analysis of step ``number``, if it is analysed."""
        legal = deal.legal_actions()
        if action not in legal:
            raise AnalysisError(f"doubleduck: step {number}: {action} is not a legal action here")
        if number < self.start:
            return None
        if deal.course == SOUP and len(deal.hands[deal.leader]) + bool(deal.table) <= self.exact_cards:
            return endgame_decision(number, deal, action, solver, current, self.all_actions)
        if not self.samples or len(legal) < 2:
            return None
        rng = random.Random(f"{self.seed}:{number}")
        return sampled_decision(number, deal, action, self.samples, rng)


def analysis(
    trace: JSON, samples: int = DEFAULT_SAMPLES, seed: int = 0, start: int = 1, all_actions: bool = False
) -> DealsAnalysis:
    """The analysis of ``trace`` from step ``start`` on, ready to run (the registry's ``analyse``)."""
    return DealsAnalysis(trace, samples, seed, start, all_actions)


# The endgame: exact values, double dummy


def endgame_decision(
    number: int, deal: Deal, action: Play, solver: Solver, current: DealAnalysis, all_actions: bool = False
) -> Decision | None:
    """The exact (double-dummy) values of an endgame decision; None when only one action was legal (the endgame's
    start is valued even so)."""
    position = SoupPosition.of_deal(deal)
    result = solver.result(position)
    if current.endgame_start is None:
        current.endgame_start, current.endgame_step = result, number
    if len(deal.legal_actions()) == 1:
        return None
    best_value = -result if position.to_act & 1 else result
    values = (
        solver.action_values(position, guess=result)
        if all_actions
        else taken_and_best(solver, position, action, result)
    )
    return Decision.exact(number, position.to_act, action, values, best_value, part=ENDGAME)


def taken_and_best(solver: Solver, position: SoupPosition, taken: Play, result: int) -> list[tuple[Play, int]]:
    """The values (for the side to act) of ``taken`` and, unless it is best, of the actions tried in canonical order
    until one is best, in canonical order; the rest are not searched."""
    best = -result if position.to_act & 1 else result
    found = dict(solver.action_values(position, (taken,), guess=result))
    for candidate in position.legal_actions():
        if best in found.values():
            break
        if candidate not in found:
            found.update(solver.action_values(position, (candidate,), guess=result))
    return [(action, found[action]) for action in position.legal_actions() if action in found]


# The Duck and the rest of the Soup: sampled estimates


def sampled_decision(number: int, deal: Deal, action: Play, samples: int, rng: random.Random) -> Decision:
    """The sampled estimate of a decision (:func:`ducksoup.analysis.estimate`): each world deals what the player
    could not see, and each candidate action is played in it and then played out by the greedy bot on all seats."""
    player = deal.to_move
    side = player & 1

    def draw() -> Outcomes[Play]:
        world = redeal(deal, player, rng)
        seeds = [rng.randrange(2**32) for _ in range(4)]

        def outcome(candidate: Play) -> float:
            trial = clone(world)
            trial.apply(candidate)
            scores = play_out(trial, [GreedyBot(seed) for seed in seeds])
            return scores[side] - scores[1 - side]

        return outcome

    found = estimate(deal.legal_actions(), action, draw, samples)
    return Decision.estimated(number, player, found, part=SOUP_PART if deal.course == SOUP else DUCK_PART)


# Telling


def describe(action: Play) -> str:
    said = "" if action.call is Call.NONE else f" {action.call.value}"
    return f"{action.card}{said}"
