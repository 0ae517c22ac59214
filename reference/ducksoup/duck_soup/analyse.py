"""Analysing a Duck Soup deal: the best play at each decision of a recorded deal, and what each mistake cost.

``ducksoup analyse`` and ``ducksoup explain --analyse`` (``ducksoup.telling``) reach
:func:`analyse_trace` through Duck Soup's registry entry.

**The Soup** is solved exactly (:mod:`ducksoup.duck_soup.solver`): both hands are fixed once the stock is
gone, so every Soup decision has a value under perfect play, the deal score difference
(own deal score minus the opponent's) each player ends with when both play best from there.
For each decision the analysis names the best action(s) and the points the action taken lost
against them. These add up: the value at the Soup's start minus the deal's actual result
equals player 0's Soup losses minus player 1's (a mistake by player 1 is a gift to player 0),
which :meth:`DealAnalysis.identity_holds` checks.

The solver sees both hands, as a bridge double-dummy analysis does. The players did not
quite: a player never sees the card the opponent plays to its lead. So "best" here is the best
play of someone who could place every card, which a player can usually do in the late Soup and
not always early in it.

**The Duck** has no exact value: the stock and the opponent's hand are hidden. Each decision is
estimated by sampling: worlds (the opponent's unseen cards, the stock, the cards gone unseen)
are dealt at random consistently with what the player to act had seen
(:class:`~ducksoup.duck_soup.sampling.Knowledge`), each legal action is played in every world, and the
greedy bot plays both sides to the end of the deal. Every action meets the same worlds and the
same play-outs, so their differences are estimated more precisely than their values. The
estimate of an action is the mean deal score difference; the report states the number of
samples, the spread (standard deviation) of the results of the action taken, and the standard
error of the loss. It is an estimate of how the action fares between greedy players, not of
perfect play.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from duckcheck.duck_soup.encoding import action_json, parse_action, parse_options
from ducksoup.duck_soup.bots import GreedyBot
from ducksoup.duck_soup.engine import Deal, Match, card_number
from ducksoup.duck_soup.sampling import Knowledge, clone, play_out
from ducksoup.duck_soup.solver import Solver, SoupPosition
from duckspec.duck_soup.actions import Action, SayDuck
from duckspec.duck_soup.errors import IllegalAction
from duckspec.duck_soup.quacking import Call

JSON = dict[str, Any]
DEFAULT_SAMPLES = 16


class AnalysisError(ValueError):
    """A trace that cannot be analysed; the message says why."""


@dataclass
class Decision:
    """One decision with more than one legal action: what was done, what was best, what it cost.

    In the Soup the values are exact; in the Duck they are means over ``samples`` play-outs,
    ``error`` is the standard error of the loss and ``spread`` the standard deviation of the
    results of the action taken.
    """

    step: int
    player: int
    course: str
    phase: str
    taken: Action
    best: tuple[Action, ...]
    values: tuple[tuple[Action, float], ...]
    loss: float
    samples: int | None = None
    error: float | None = None
    spread: float | None = None

    @property
    def value_taken(self) -> float:
        return next(value for action, value in self.values if action == self.taken)

    @property
    def value_best(self) -> float:
        return max(value for _, value in self.values)

    def to_json(self) -> JSON:
        data: JSON = {
            "step": self.step,
            "player": self.player,
            "course": self.course,
            "phase": self.phase,
            "taken": action_json(self.taken),
            "best": [action_json(action) for action in self.best],
            "value_taken": _number(self.value_taken),
            "value_best": _number(self.value_best),
            "loss": _number(self.loss),
            "values": [{"action": action_json(action), "value": _number(value)} for action, value in self.values],
        }
        if self.samples is not None:
            data.update({"samples": self.samples, "error": _number(self.error), "spread": _number(self.spread)})
        return data


@dataclass
class DealAnalysis:
    """The decisions of one deal, with the Soup's value at its start and the deal's result (player 0's view)."""

    number: int
    duck_points: tuple[int, int] | None = field(default=None, init=False)
    soup_start: int | None = field(default=None, init=False)
    """Player 0's deal score minus player 1's under perfect play from the Soup's first (analysed) decision."""
    soup_start_step: int | None = field(default=None, init=False)
    result: int | None = field(default=None, init=False)
    """Player 0's deal score minus player 1's at the end of the deal (None if the trace stops before)."""
    decisions: list[Decision] = field(default_factory=list)

    def losses(self, player: int, course: str) -> float:
        return sum(d.loss for d in self.decisions if d.player == player and d.course == course)

    def identity_holds(self) -> bool:
        """Whether the Soup's value at its start minus the result equals player 0's Soup losses minus player 1's."""
        if self.soup_start is None or self.result is None:
            return True
        return self.soup_start - self.result == self.losses(0, "soup") - self.losses(1, "soup")

    def to_json(self) -> JSON:
        return {
            "deal": self.number,
            "duck_points": None if self.duck_points is None else list(self.duck_points),
            "soup_start_step": self.soup_start_step,
            "soup_start_value": self.soup_start,
            "result": self.result,
            "soup_losses": [_number(self.losses(p, "soup")) for p in (0, 1)],
            "duck_losses": [_number(self.losses(p, "duck")) for p in (0, 1)],
            "decisions": [d.to_json() for d in self.decisions],
        }


@dataclass
class Analysis:
    """The analysis of a whole trace: its deals, and a summary per player."""

    trace_id: str
    description: str
    samples: int
    seed: int
    deals: list[DealAnalysis] = field(default_factory=list)

    def summary(self) -> list[JSON]:
        out = []
        for player in (0, 1):
            mine = [d for deal in self.deals for d in deal.decisions if d.player == player]
            soup = [d for d in mine if d.course == "soup"]
            duck = [d for d in mine if d.course == "duck"]
            out.append(
                {
                    "player": player,
                    "soup_decisions": len(soup),
                    "soup_mistakes": sum(d.loss > 0 for d in soup),
                    "soup_points_lost": _number(sum(d.loss for d in soup)),
                    "duck_decisions": len(duck),
                    "duck_estimated_loss": _number(sum(d.loss for d in duck)),
                }
            )
        return out

    def report_lines(self, mistakes_only: bool = False) -> list[str]:
        """The analysis for people (:func:`report_lines`)."""
        return report_lines(self, mistakes_only)

    def step_notes(self) -> dict[int, str]:
        """The analysis line of each analysed step (:func:`step_notes`)."""
        return step_notes(self)

    def to_json(self) -> JSON:
        return {
            "trace": self.trace_id,
            "description": self.description,
            "objective": "deal score difference: own deal score minus the opponent's",
            "duck_samples": self.samples,
            "seed": self.seed,
            "deals": [deal.to_json() for deal in self.deals],
            "summary": self.summary(),
        }


def _number(value: float | None) -> float | int | None:
    if value is None:
        return None
    return int(value) if float(value).is_integer() else round(float(value), 2)


# Replaying a trace


def replay(trace: JSON) -> Iterator[tuple[int, Deal | None, Action]]:
    """Each accepted step of ``trace``: its number, the engine's deal before it (None once a game is
    over), and the action; the engine plays it after the caller has looked. Refused steps are skipped."""
    try:
        options = parse_options(trace["options"])
        decks = [[card_number(text[i : i + 2]) for i in range(0, len(text), 2)] for text in trace["decks"]]
        game: Deal | Match = (
            Deal(decks[0], trace["dealer"], options)
            if trace["scope"] == "deal"
            else Match(decks, trace["dealer"], options)
        )
    except (KeyError, ValueError, IndexError) as error:
        raise AnalysisError(f"the trace cannot be set up: {error}") from None
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


def analyse_trace(
    trace: JSON, samples: int = DEFAULT_SAMPLES, seed: int = 0, soup: bool = True, start: int = 1
) -> Analysis:
    """Analyse the decisions of ``trace`` from step ``start`` on: exactly in the Soup (unless
    ``soup`` is false), by ``samples`` sampled play-outs in the Duck (none when ``samples`` is 0).

    Each deal's Soup is valued at its first analysed decision, its start unless ``start`` falls
    within it; the losses listed from there add up to that value minus the result.
    """
    analysis = Analysis(str(trace.get("id", "")), str(trace.get("description", "")), samples, seed)
    knowledge = (Knowledge(), Knowledge())
    current: DealAnalysis | None = None
    solver = Solver()
    seen_deal: Deal | None = None
    for number, deal, action in replay(trace):
        assert deal is not None
        if deal is not seen_deal:
            if current is not None:
                _close(current, seen_deal)
            current = DealAnalysis(len(analysis.deals) + 1)
            analysis.deals.append(current)
            seen_deal, solver = deal, Solver()
        assert current is not None
        player = deal.to_act
        assert player is not None
        view = deal.observation(player)
        knowledge[player].observe(view)
        legal = deal.legal_actions()
        if action not in legal:
            raise AnalysisError(f"step {number}: {action} is not a legal action here")
        if number < start:
            pass
        elif deal.course == 1:
            if current.duck_points is None:
                current.duck_points = (deal.points[0][0], deal.points[1][0])
            if soup:
                decision = soup_decision(number, deal, action, solver, current, deal.silent)
                if decision is not None:
                    current.decisions.append(decision)
        elif samples and len(legal) > 1:
            rng = random.Random(f"{seed}:{number}")
            current.decisions.append(duck_decision(number, deal, action, knowledge[player], samples, rng, trace))
        knowledge[player].acted(action)
    if current is not None:
        _close(current, seen_deal)
    return analysis


def _close(analysis: DealAnalysis, deal: Deal | None) -> None:
    """Record the result of a finished deal."""
    if deal is not None and deal.is_over:
        scores = deal.scores()
        analysis.result = scores[0] - scores[1]


def soup_decision(
    number: int, deal: Deal, action: Action, solver: Solver, current: DealAnalysis, silent: bool = False
) -> Decision | None:
    """The exact values of a Soup decision; None when only one action was legal (the Soup's start is valued even so)."""
    position = SoupPosition.from_state(deal.state(), silent)
    legal = deal.legal_actions()
    player = position.to_act
    if len(legal) == 1:
        if current.soup_start is None:
            current.soup_start, current.soup_start_step = solver.result(position), number
        return None
    values = solver.action_values(position)
    best_value = max(value for _, value in values)
    if current.soup_start is None:
        current.soup_start, current.soup_start_step = (best_value if player == 0 else -best_value), number
    taken = next(value for candidate, value in values if candidate == action)
    return Decision(
        step=number,
        player=player,
        course="soup",
        phase=position.phase,
        taken=action,
        best=tuple(candidate for candidate, value in values if value == best_value),
        values=tuple((candidate, float(value)) for candidate, value in values),
        loss=best_value - taken,
    )


def duck_decision(
    number: int, deal: Deal, action: Action, knowledge: Knowledge, samples: int, rng: random.Random, trace: JSON
) -> Decision:
    """The sampled estimate of every legal action of a Duck decision (see the module's description).

    The best action is the one with the best mean over ``samples`` worlds. Its lead over the
    action taken is then measured again in as many fresh worlds: the best of many noisy means
    is itself too high (the winner's curse), and an estimate from the samples that chose it
    would overstate every loss.
    """
    player = deal.to_act
    assert player is not None
    legal = deal.legal_actions()
    options = parse_options(trace["options"])
    results = _play_outs(deal, legal, knowledge, samples, rng, options)
    means = [statistics.fmean(r) for r in results]
    best_mean = max(means)
    best = tuple(candidate for candidate, mean in zip(legal, means, strict=True) if mean == best_mean)
    taken = legal.index(action)
    spread = statistics.stdev(results[taken]) if samples > 1 else 0.0
    loss, error = 0.0, 0.0
    if action not in best:
        again = _play_outs(deal, (best[0], action), knowledge, samples, rng, options)
        differences = [b - t for b, t in zip(again[0], again[1], strict=True)]
        loss = statistics.fmean(differences)
        error = statistics.stdev(differences) / len(differences) ** 0.5 if samples > 1 else 0.0
    return Decision(
        step=number,
        player=player,
        course="duck",
        phase=str(deal.phase),
        taken=action,
        best=best,
        values=tuple((candidate, mean) for candidate, mean in zip(legal, means, strict=True)),
        loss=loss,
        samples=samples,
        error=error,
        spread=spread,
    )


def _play_outs(
    deal: Deal, actions: Sequence[Action], knowledge: Knowledge, samples: int, rng: random.Random, options: Any
) -> list[list[int]]:
    """Each action's results (the player's deal score difference) in the same ``samples`` sampled
    worlds, played out to the end of the deal by the greedy bot on both sides."""
    player = deal.to_act
    assert player is not None
    results: list[list[int]] = [[] for _ in actions]
    for _ in range(samples):
        world = knowledge.world_deal(knowledge.sample(rng), options)
        seeds = (rng.randrange(2**32), rng.randrange(2**32))
        for index, candidate in enumerate(actions):
            trial = clone(world)
            trial.apply(candidate)
            scores = play_out(trial, (GreedyBot(seeds[0]), GreedyBot(seeds[1])))
            results[index].append(scores[player] - scores[1 - player])
    return results


# Telling


def describe(action: Action) -> str:
    if isinstance(action, SayDuck):
        return "duck"
    said = "" if action.call is Call.NONE else f" {action.call.value}"
    return f"{action.card}{said}"


def decision_line(decision: Decision) -> str:
    """One line for a decision: what was done, what was best, what it lost."""
    best = ", ".join(describe(action) for action in decision.best[:4]) + (" ..." if len(decision.best) > 4 else "")
    if decision.course == "soup":
        verdict = "best" if decision.loss == 0 else f"loses {decision.loss:g}"
        return (
            f"Soup: player {decision.player} {describe(decision.taken)} (value {decision.value_taken:+g}); "
            f"best {best} ({decision.value_best:+g}): {verdict}"
        )
    assert decision.error is not None and decision.spread is not None
    if decision.taken in decision.best:
        verdict = "best of the estimates"
    else:
        noise = " (within the noise)" if abs(decision.loss) < 2 * decision.error else ""
        verdict = f"estimated loss {decision.loss:.1f} ± {decision.error:.1f}{noise}"
    return (
        f"Duck: player {decision.player} {describe(decision.taken)} (estimate {decision.value_taken:+.1f}, "
        f"spread {decision.spread:.0f}); best {best} ({decision.value_best:+.1f}): {verdict} "
        f"({decision.samples} samples)"
    )


def report_lines(analysis: Analysis, mistakes_only: bool = False) -> list[str]:
    """The analysis for people, deal by deal, then a summary per player."""
    lines = [f"{analysis.trace_id}: {analysis.description}"]
    lines.append(
        "values are deal score differences (own deal score minus the opponent's) at the end of the deal; "
        f"the Soup is solved exactly, the Duck estimated from {analysis.samples} sampled play-outs per action"
        if analysis.samples
        else "values are deal score differences (own deal score minus the opponent's); the Soup is solved exactly"
    )
    for deal in analysis.deals:
        lines.append(f"deal {deal.number}:")
        for decision in deal.decisions:
            if mistakes_only and decision.loss == 0:
                continue
            lines.append(f"  step {decision.step:>3}  {decision_line(decision)}")
        if deal.soup_start is not None:
            lines.append(
                f"  Duck points {deal.duck_points[0]} and {deal.duck_points[1]}; value at the Soup's start "
                f"(step {deal.soup_start_step}) {deal.soup_start:+d} for player 0"
                if deal.duck_points
                else f"  value at the Soup's start (step {deal.soup_start_step}) {deal.soup_start:+d} for player 0"
            )
        if deal.result is not None and deal.soup_start is not None:
            lost = deal.losses(0, "soup"), deal.losses(1, "soup")
            holds = "holds" if deal.identity_holds() else "DOES NOT HOLD"
            lines.append(
                f"  result {deal.result:+d} for player 0: {deal.soup_start:+d} - ({deal.result:+d}) = "
                f"{deal.soup_start - deal.result:g} = player 0's Soup losses {lost[0]:g} "
                f"- player 1's {lost[1]:g} ({holds})"
            )
    lines.append("summary:")
    for row in analysis.summary():
        lines.append(
            f"  player {row['player']}: Soup {row['soup_decisions']} decisions, {row['soup_mistakes']} mistakes, "
            f"{row['soup_points_lost']:g} points lost; Duck {row['duck_decisions']} decisions, "
            f"estimated loss {row['duck_estimated_loss']:g}"
        )
    return lines


def step_notes(analysis: Analysis) -> dict[int, str]:
    """The analysis line of each analysed step, by step number (for ``explain --analyse``)."""
    return {d.step: decision_line(d) for deal in analysis.deals for d in deal.decisions}
