"""Analysing a Duck Soup deal: the best play at each decision of a recorded deal, and what each mistake cost.

``ducksoup analyse`` and ``ducksoup explain --analyse`` (``ducksoup.telling``) reach :func:`analysis`
through Duck Soup's registry entry; the streaming, the progress bar, the time budget and the statistics of the
estimates are the family's (:mod:`ducksoup.analysis`). Only the solver and the sampling of unseen cards are
Duck Soup's, and they are here.

**The Soup** is solved exactly (:mod:`ducksoup.duck_soup.solver`): both hands are fixed once the stock is
gone, so every Soup decision has a value under perfect play, the deal score difference
(own deal score minus the opponent's) each player ends with when both play best from there.
For each decision the analysis values the position, the action taken and, when that was not
best, the first action found to be best (every action with ``all_actions``), and states the
points the action taken lost. These add up: the value at the Soup's start minus the deal's
actual result equals player 0's Soup losses minus player 1's (a mistake by player 1 is a gift
to player 0), which :meth:`~ducksoup.analysis_events.DealTotals.identity_holds` checks.

The solver sees both hands, as a bridge double-dummy analysis does. The players did not
quite: a player never sees the card the opponent plays to its lead. So "best" here is the best
play of someone who could place every card, which a player can usually do in the late Soup and
not always early in it.

**The Duck** has no exact value: the stock and the opponent's hand are hidden. Each decision is
estimated by sampling: a world (the opponent's unseen cards, the stock, the cards gone unseen)
is dealt at random consistently with what the player to act had seen
(:class:`~ducksoup.duck_soup.sampling.Knowledge`), and in it each legal action is played and the
greedy bot plays both sides to the end of the deal; an action's result is the player's deal
score difference. :func:`ducksoup.analysis.estimate` turns such worlds into a verdict with an
honest interval: it is an estimate of how the action fares between greedy players, not of
perfect play.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from duckcheck.duck_soup.encoding import action_json, parse_action, parse_options
from ducksoup.analysis import MIN_SAMPLES, Outcomes, Summary, estimate, json_number
from ducksoup.analysis_events import (
    DealHeading,
    DealTotals,
    Decide,
    ValuedDecision,
    by_deal,
    sampled_worlds,
    verdict_method,
)
from ducksoup.duck_soup import solver as pure_solver
from ducksoup.duck_soup.bots import GreedyBot
from ducksoup.duck_soup.engine import Deal, Match, card_number
from ducksoup.duck_soup.sampling import Knowledge, clone, play_out
from ducksoup.duck_soup.solver import Solver
from duckspec.duck_soup.actions import Action, SayDuck
from duckspec.duck_soup.errors import IllegalAction
from duckspec.duck_soup.quacking import Call
from duckspec.duck_soup.variants import RuleOptions

JSON = dict[str, Any]
DEFAULT_SAMPLES = 16
PARTS: tuple[tuple[str, bool], ...] = (("Soup", True), ("Duck", False))
"""The two courses as the analysis's parts: the Soup's values are exact, the Duck's estimated."""
OBJECTIVE = "deal score difference: own deal score minus the opponent's, at the end of the deal"


class AnalysisError(ValueError):
    """A trace that cannot be analysed; the message says why."""


@dataclass(kw_only=True)
class Decision(ValuedDecision[Action]):
    """One decision with more than one legal action (:class:`~ducksoup.analysis_events.ValuedDecision`): exact in
    the Soup, estimated in the Duck; its course and its phase are Duck Soup's own."""

    course: str
    phase: str

    def part_name(self) -> str:
        return self.course.capitalize()

    def own_json(self) -> JSON:
        return {"course": self.course, "phase": self.phase}

    def told(self, action: Action) -> str:
        return describe(action)

    def encoded(self, action: Action) -> JSON:
        return action_json(action)


@dataclass
class DealAnalysis(DealTotals[Decision]):
    """The decisions of one deal, with the Soup's value at its start and the deal's result (player 0's view);
    printed, once the deal is done, as its closing lines."""

    duck_points: tuple[int, int] | None = field(default=None, init=False)
    soup_start: int | None = field(default=None, init=False)
    """Player 0's deal score minus player 1's under perfect play from the Soup's first (analysed) decision."""
    soup_start_step: int | None = field(default=None, init=False)

    def losses(self, player: int, course: str) -> float:
        """The points ``player`` lost in ``course``: exact in the Soup; in the Duck, the estimated mistakes only."""
        return sum(d.loss or 0 for d in self.decisions if d.player == player and d.course == course)

    def exact_start(self) -> int | None:
        return self.soup_start

    def exact_losses(self, side: int) -> float:
        return self.losses(side, "soup")

    def lines(self) -> list[str]:
        lines = []
        if self.soup_start is not None:
            start = f"value at the Soup's start (step {self.soup_start_step}) {self.soup_start:+d} for player 0"
            points = self.duck_points
            lines.append(f"  Duck points {points[0]} and {points[1]}; {start}" if points else f"  {start}")
        return lines + self.identity_lines("player", "Soup")

    def to_json(self) -> JSON:
        return {
            "type": "deal",
            "deal": self.number,
            "duck_points": None if self.duck_points is None else list(self.duck_points),
            "soup_start_step": self.soup_start_step,
            "soup_start_value": self.soup_start,
            "result": self.result,
            "soup_losses": [json_number(self.losses(p, "soup")) for p in (0, 1)],
            "identity_holds": self.identity_holds(),
        }


@dataclass
class AnalysedTrace:
    """The analysis of a whole trace, collected (:func:`analyse_trace`): its deals, and a summary per player."""

    trace_id: str
    description: str
    samples: int
    seed: int
    deals: list[DealAnalysis] = field(default_factory=list)

    def summary(self) -> Summary:
        summary = Summary(2, PARTS)
        for deal in self.deals:
            for decision in deal.decisions:
                summary.add(decision.judged())
        return summary


# Replaying a trace


def _game(trace: JSON) -> Deal | Match:
    """The engine's deal or match of ``trace``, before its first step."""
    try:
        options = parse_options(trace["options"])
        decks = [[card_number(text[i : i + 2]) for i in range(0, len(text), 2)] for text in trace["decks"]]
        if trace["scope"] == "deal":
            return Deal(decks[0], trace["dealer"], options)
        return Match(decks, trace["dealer"], options)
    except (KeyError, ValueError, IndexError) as error:
        raise AnalysisError(f"the trace cannot be set up: {error}") from None


def replay(trace: JSON) -> Iterator[tuple[int, Deal | None, Action]]:
    """Each accepted step of ``trace``: its number, the engine's deal before it (None once a game is
    over), and the action; the engine plays it after the caller has looked. Refused steps are skipped."""
    game = _game(trace)
    for number, step in enumerate(trace["steps"], 1):
        action = parse_action(step["action"], f"step {number}")
        deal = game.deal if isinstance(game, Match) else game
        if "reject" in step:
            continue
        yield number, deal, action
        try:
            game.apply(action)
        except IllegalAction as error:
            raise AnalysisError(f"step {number}: {action} is refused by the rules: {error.message}") from None


def _dealt(steps: Iterator[tuple[int, Deal | None, Action]]) -> Iterator[tuple[int, Deal, Action]]:
    """The steps of a trace, each with the deal it is played in (there is one, since the engine took the step
    before)."""
    for number, deal, action in steps:
        assert deal is not None
        yield number, deal, action


# The analysis


Event = Decision | DealHeading | DealAnalysis


class DealsAnalysis:
    """The analysis of a Duck Soup trace (a deal or a match), made decision by decision
    (:class:`ducksoup.analysis.Analysis`)."""

    players = 2
    parts = PARTS

    def __init__(
        self,
        trace: JSON,
        samples: int = DEFAULT_SAMPLES,
        seed: int = 0,
        start: int = 1,
        all_actions: bool = False,
        soup: bool = True,
        solver: ModuleType = pure_solver,
    ) -> None:
        _game(trace)  # a trace that cannot be set up is refused at once
        self.trace, self.samples, self.seed, self.start = trace, samples, seed, start
        self.all_actions, self.soup = all_actions, soup
        self.solver = solver
        """The solver module: :mod:`ducksoup.duck_soup.solver`, or its compiled copy (the same search)."""

    def method(self) -> list[str]:
        soup = (
            "every action valued"
            if self.all_actions
            else "the action taken and a best one valued (--all-actions: every action)"
        )
        lines = ["values are deal score differences (own deal score minus the opponent's) at the end of the deal"]
        lines.append(f"the Soup is solved exactly, {soup}" if self.soup else "the Soup is not analysed")
        if not self.samples:
            lines.append("the Duck is not analysed (--samples 0)")
            return lines
        if self.samples < MIN_SAMPLES:
            estimated = f"from {sampled_worlds(self.samples)} of play between greedy players"
        else:
            estimated = "from play between greedy players"
        lines.append(f"the Duck is estimated {estimated}: {verdict_method(self.samples)}")
        return lines

    def settings(self) -> JSON:
        return {
            "objective": OBJECTIVE,
            "duck_samples": self.samples,
            "seed": self.seed,
            "from": self.start,
            "all_actions": self.all_actions,
            "soup": self.soup,
        }

    def events(self) -> Iterator[Event]:
        """The analysis, piece by piece: a heading at each deal's start, each decision as soon as it is
        analysed, each deal's closing lines at its end (or where the trace stops)."""
        knowledge = (Knowledge(), Knowledge())
        options = parse_options(self.trace["options"])

        def open_deal(number: int) -> tuple[DealAnalysis, Decide[Deal, Action, Decision]]:
            current, solver = DealAnalysis(number), self.solver.Solver()  # one solver's table a deal

            def decide(step: int, deal: Deal, action: Action) -> Decision | None:
                return self._decision(step, deal, action, knowledge, solver, current, options)

            return current, decide

        yield from by_deal(_dealt(replay(self.trace)), open_deal)

    def _decision(
        self,
        number: int,
        deal: Deal,
        action: Action,
        knowledge: tuple[Knowledge, Knowledge],
        solver: Solver,
        current: DealAnalysis,
        options: RuleOptions,
    ) -> Decision | None:
        """The analysis of step ``number``, if it is analysed; each player's knowledge follows the deal either way."""
        player = deal.to_act
        assert player is not None
        knowledge[player].observe(deal.observation(player))
        legal = deal.legal_actions()
        if action not in legal:
            raise AnalysisError(f"step {number}: {action} is not a legal action here")
        decision = None
        if number < self.start:
            pass
        elif deal.course == 1:
            if current.duck_points is None:
                current.duck_points = (deal.points[0][0], deal.points[1][0])
            if self.soup:
                decision = soup_decision(number, deal, action, solver, current, self.all_actions, self.solver)
        elif self.samples and len(legal) > 1:
            rng = random.Random(f"{self.seed}:{number}")
            decision = duck_decision(number, deal, action, knowledge[player], self.samples, rng, options)
        knowledge[player].acted(action)
        return decision


def analysis(
    trace: JSON, samples: int = DEFAULT_SAMPLES, seed: int = 0, start: int = 1, all_actions: bool = False
) -> DealsAnalysis:
    """The analysis of ``trace`` from step ``start`` on, ready to run (the registry's ``analyse``)."""
    return DealsAnalysis(trace, samples, seed, start, all_actions)


def compiled_analysis(
    trace: JSON, samples: int = DEFAULT_SAMPLES, seed: int = 0, start: int = 1, all_actions: bool = False
) -> DealsAnalysis:
    """:func:`analysis` on the solver's copy compiled by mypyc, built now if it is not yet: the same values in
    less time (the registry's ``compiled_analyse``, ``ducksoup analyse --compiled``)."""
    return DealsAnalysis(trace, samples, seed, start, all_actions, solver=compiled_solver())


def compiled_solver() -> ModuleType:
    """The solver module compiled by mypyc, from the user's private cache (built there once per version);
    :class:`ducksoup.compiling.Unavailable` saying why where it cannot be built or loaded."""
    from ducksoup import compiling  # only on request: the pure solver needs none of it

    return compiling.compiled(pure_solver)


def analyse_trace(
    trace: JSON,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    soup: bool = True,
    start: int = 1,
    all_actions: bool = False,
) -> AnalysedTrace:
    """Analyse the decisions of ``trace`` from step ``start`` on, all at once: exactly in the Soup (unless
    ``soup`` is false), by ``samples`` sampled worlds in the Duck (none when ``samples`` is 0).

    Each deal's Soup is valued at its first analysed decision, its start unless ``start`` falls
    within it; the losses listed from there add up to that value minus the result.
    """
    collected = AnalysedTrace(str(trace.get("id", "")), str(trace.get("description", "")), samples, seed)
    for event in DealsAnalysis(trace, samples, seed, start, all_actions, soup).events():
        if isinstance(event, DealHeading):
            collected.deals.append(DealAnalysis(event.number))
        elif isinstance(event, DealAnalysis):
            collected.deals[-1] = event
    return collected


# The Soup: exact values


def soup_decision(
    number: int,
    deal: Deal,
    action: Action,
    solver: Solver,
    current: DealAnalysis,
    all_actions: bool = False,
    engine: ModuleType = pure_solver,
) -> Decision | None:
    """The exact values of a Soup decision; None when only one action was legal (the Soup's start is valued even so).

    By default only the action taken and one best action are valued
    (:meth:`ducksoup.duck_soup.solver.Solver.best_and_played`): the best is
    the first action in canonical order that reaches the position's value, found by a null-window probe each;
    with ``all_actions`` every action is valued and every best one named. The losses are the same either way.
    """
    position = engine.SoupPosition.from_state(deal.state(), deal.silent)  # the solver's own (a compiled copy's)
    player = position.to_act
    if len(deal.legal_actions()) == 1:
        if current.soup_start is None:
            current.soup_start, current.soup_start_step = solver.result(position), number
        return None
    if all_actions:
        result = solver.result(position)
        best_value = result if player == 0 else -result
        values = solver.action_values(position, result)
    else:
        found = solver.best_and_played(position, action)
        best_value = found.value
        result = best_value if player == 0 else -best_value
        valued = {action: found.played, found.best: found.value}
        values = [(candidate, valued[candidate]) for candidate in position.legal_actions() if candidate in valued]
    if current.soup_start is None:
        current.soup_start, current.soup_start_step = result, number
    return Decision.exact(number, player, action, values, best_value, course="soup", phase=position.phase)


# The Duck: sampled estimates


def duck_decision(
    number: int, deal: Deal, action: Action, knowledge: Knowledge, samples: int, rng: random.Random, options: Any
) -> Decision:
    """The sampled estimate of a Duck decision (:func:`ducksoup.analysis.estimate`): each world deals what the
    player could not see, and each candidate action is played in it and then played out by the greedy bot on
    both sides."""
    player = deal.to_act
    assert player is not None

    def draw() -> Outcomes[Action]:
        world = knowledge.world_deal(knowledge.sample(rng), options)
        seeds = (rng.randrange(2**32), rng.randrange(2**32))

        def outcome(candidate: Action) -> float:
            trial = clone(world)
            trial.apply(candidate)
            scores = play_out(trial, (GreedyBot(seeds[0]), GreedyBot(seeds[1])))
            return scores[player] - scores[1 - player]

        return outcome

    found = estimate(deal.legal_actions(), action, draw, samples)
    return Decision.estimated(number, player, found, course="duck", phase=str(deal.phase))


# Telling


def describe(action: Action) -> str:
    if isinstance(action, SayDuck):
        return "duck"
    said = "" if action.call is Call.NONE else f" {action.call.value}"
    return f"{action.card}{said}"
