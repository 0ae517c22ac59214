"""Analysing an Aw Ducks! round: how each decision of a recorded round or game fared against its strongest rival.

``ducksoup analyse --game aw-ducks`` and ``ducksoup explain --analyse`` reach :func:`analysis` through Aw Ducks!'s
registry entry; the streaming, the progress bar, the time budget and the statistics of the estimates are the
family's (:mod:`ducksoup.analysis`). Only the sampling and the play-outs are Aw Ducks!'s, and they are the strong
bot's (:mod:`ducksoup.aw_ducks.strong`).

No decision of Aw Ducks! has an exact value: until the count, every player's next cards lie in the deck, face
down. So every decision with a choice is **estimated**. A *world* deals the cards the player to act could not see
(the deck's order and every stash, their own included: ruling AD-R17) at random, consistently with their view;
in it each legal action is played, and the greedy bot's rule plays every seat to the end of the round (each
action of one world with the same play-out seed, so the actions are compared on the same luck). An action's
result in a world is the **objective**: the player's round score minus the mean of the other players' (for two
players, the difference of the two scores; why the mean and not the best other is told in
:mod:`ducksoup.aw_ducks.strong`). :func:`ducksoup.analysis.estimate` turns the worlds into a verdict with an
honest interval: some worlds choose the taken action's strongest rival, fresh ones measure the difference, and a
loss is counted only for a mistake, whose interval lies above zero. It is an estimate of how the action fares
between greedy players, not of perfect play.

Why play-outs and not expectimax over the next draws: a card taken now pays at a Score turns later, a duck
drawn three turns on can knock it out, and a Secret Stash's worth is settled only at the count; a search of the
next few draws (each of up to 42 kinds) would end in a guess of the rest of the round, which is what a play-out
measures.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from duckcheck.aw_ducks.encoding import action_json, parse_action, parse_cards_text, parse_options
from duckcheck.codec import EncodingError
from ducksoup.analysis import MIN_SAMPLES, Estimate, Judged, Outcomes, Verdict, estimate, json_number
from ducksoup.analysis_events import (
    difference_json,
    estimate_line,
    inconclusive,
    sampled_worlds,
    values_json,
    verdict_method,
)
from ducksoup.aw_ducks.engine import Game, Round
from ducksoup.aw_ducks.strong import outcome, sample_world, unseen_cards
from ducksoup.aw_ducks.traces import start as start_engine
from duckspec.aw_ducks import GAME_ID
from duckspec.aw_ducks.actions import Action, Discard, Draw
from duckspec.aw_ducks.errors import IllegalAction

JSON = dict[str, Any]
DEFAULT_SAMPLES = 16
"""Worlds that choose each decision's rival, and as many fresh ones that measure it."""
PART = "Turns"
PARTS: tuple[tuple[str, bool], ...] = ((PART, False),)
"""The analysis's one part: every turn with a choice, estimated."""
OBJECTIVE = "own round score minus the mean of the other players' round scores, at the end of the round"


class AnalysisError(ValueError):
    """A trace that cannot be analysed; the message names the game and says why."""

    def __init__(self, message: str) -> None:
        super().__init__(f"Aw Ducks!: {message}")


def describe(action: Action) -> str:
    """An action as the analysis names it: ``draw``, ``score``, ``discard 3R``."""
    if isinstance(action, Discard):
        return f"discard {action.card}"
    return "draw" if isinstance(action, Draw) else "score"


@dataclass(frozen=True)
class Decision:
    """One analysed decision: the taken action against its strongest rival, estimated."""

    step: int
    round: int
    player: int
    estimate: Estimate[Action]

    @property
    def verdict(self) -> Verdict:
        return self.estimate.verdict

    def judged(self) -> Judged:
        return Judged(self.step, self.player, PART, False, self.estimate.loss, inconclusive(self.verdict))

    def lines(self) -> list[str]:
        return [estimate_line(self.estimate, self.player, describe)]

    def to_json(self) -> JSON:
        found = self.estimate
        return {
            "type": "decision",
            "round": self.round,
            "step": self.step,
            "player": self.player,
            "taken": action_json(found.taken),
            "rival": action_json(found.rival),
            "best": [action_json(action) for action in found.best],
            "verdict": self.verdict.value,
            "loss": json_number(found.loss),
            "samples": found.samples,
            "values": values_json(found.means, action_json),
            "difference": difference_json(found.difference),
        }


@dataclass(frozen=True)
class RoundNote:
    """A round's start (``round 2:``, text only) or its end, with its scores."""

    round: int
    scores: tuple[int, ...] | None = None

    def lines(self) -> list[str]:
        if self.scores is None:
            return [f"round {self.round}:"]
        return [f"  round {self.round} over: scores {' '.join(map(str, self.scores))}"]

    def to_json(self) -> JSON | None:
        if self.scores is None:
            return None
        return {"type": "round", "round": self.round, "scores": list(self.scores)}

    def judged(self) -> Judged | None:
        return None


Event = Decision | RoundNote


def round_end(number: int, played: Round) -> RoundNote:
    """The end of a round (its scores when it was played to the count)."""
    return RoundNote(number, tuple(played.points) if played.is_over else None)


# Replaying a trace


def _engine(trace: JSON) -> Round | Game:
    """The engine's round or game of ``trace``, before its first step."""
    if trace.get("game") != GAME_ID:
        raise AnalysisError(f"the trace is of the game {trace.get('game')!r}, not {GAME_ID!r}")
    try:
        decks = [parse_cards_text(text, f"decks[{index}]") for index, text in enumerate(trace["decks"])]
        options = parse_options(trace["options"])
        return start_engine(trace["scope"], options, trace["dealer"], decks, trace["players"])
    except KeyError as error:
        raise AnalysisError(f"the trace cannot be set up: it has no {error}") from None
    except (ValueError, TypeError, IndexError) as error:
        raise AnalysisError(f"the trace cannot be set up: {error}") from None


def replay(trace: JSON) -> Iterator[tuple[int, Round | Game, Action]]:
    """Each accepted step of ``trace``: its number, the engine before it and the action, which the engine plays after
    the caller has looked. Refused steps are skipped."""
    engine = _engine(trace)
    for number, step in enumerate(trace["steps"], 1):
        if "reject" in step:
            continue
        try:
            action = parse_action(step["action"], f"step {number}")
        except EncodingError as error:
            raise AnalysisError(str(error)) from None
        yield number, engine, action
        try:
            engine.apply(action)
        except IllegalAction as error:
            raise AnalysisError(f"step {number}: {describe(action)} is refused by the rules: {error}") from None


def current_round(engine: Round | Game) -> tuple[int, Round]:
    """The number of the round being played (from 1) and the round."""
    if isinstance(engine, Game):
        return len(engine.round_scores) + 1, engine.round
    return 1, engine


# The analysis


class RoundsAnalysis:
    """The analysis of an Aw Ducks! trace (a round or a game), made decision by decision
    (:class:`ducksoup.analysis.Analysis`)."""

    parts = PARTS

    def __init__(self, trace: JSON, samples: int = DEFAULT_SAMPLES, seed: int = 0, start: int = 1) -> None:
        _engine(trace)  # a trace that cannot be set up is refused at once
        self.trace, self.samples, self.seed, self.start = trace, samples, seed, start
        self.players = int(trace["players"])

    def method(self) -> list[str]:
        lines = [f"values are round score margins: {OBJECTIVE}"]
        if not self.samples:
            return [*lines, "no decision is analysed (--samples 0)"]
        lines.append(
            "every decision is estimated by play between greedy players in worlds that deal the deck's order and the "
            "stashes, which the player could not see"
        )
        verdict = verdict_method(self.samples)
        lines.append(f"{sampled_worlds(self.samples)}: {verdict}" if self.samples < MIN_SAMPLES else verdict)
        return lines

    def settings(self) -> JSON:
        return {"objective": OBJECTIVE, "samples": self.samples, "seed": self.seed, "from": self.start}

    def events(self) -> Iterator[Event]:
        """A heading at each round's start, each decision as soon as it is analysed, each round's scores at its
        end."""
        current: tuple[int, Round] | None = None
        for step, engine, action in replay(self.trace):
            number, played = current_round(engine)
            if current is None or current[0] != number:
                if current is not None:
                    yield round_end(*current)
                current = (number, played)
                yield RoundNote(number)
            decision = self._decision(step, number, played, action)
            if decision is not None:
                yield decision
        if current is not None and current[1].is_over:
            yield round_end(*current)

    def _decision(self, step: int, number: int, played: Round, action: Action) -> Decision | None:
        legal = played.legal_actions()
        if action not in legal:
            raise AnalysisError(f"step {step}: {describe(action)} is not a legal action here")
        if step < self.start or len(legal) < 2 or not self.samples:
            return None
        player = played.p
        rng = random.Random(f"{self.seed}:{step}")
        found = estimate_decision(played.observation(player), legal, action, self.samples, rng)
        return Decision(step, number, player, found)


def estimate_decision(
    view: JSON, legal: Sequence[Action], taken: Action, samples: int, rng: random.Random
) -> Estimate[Action]:
    """The sampled estimate of one decision (:func:`ducksoup.analysis.estimate`) from the view of the player to act:
    each world deals what they could not see, and in it each candidate is played and then played out."""
    player = int(view["player"])
    unseen = unseen_cards(view)

    def draw() -> Outcomes[Action]:
        world = sample_world(view, rng, unseen)
        seed = rng.randrange(2**32)
        return lambda candidate: outcome(world, candidate, player, seed)

    return estimate(legal, taken, draw, samples)


def analysis(
    trace: JSON, samples: int = DEFAULT_SAMPLES, seed: int = 0, start: int = 1, all_actions: bool = False
) -> RoundsAnalysis:
    """The analysis of ``trace`` from step ``start`` on, ready to run (the registry's ``analyse``); no value is exact,
    so ``all_actions`` changes nothing: every decision values every legal action on the worlds that choose the
    rival."""
    return RoundsAnalysis(trace, samples, seed, start)
