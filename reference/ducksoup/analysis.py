"""The analysis of recorded games, for every game of the family: the statistics of sampled estimates, and the
streaming of an analysis to its reader.

A game's analysis (its registry entry's ``analyse``, :meth:`ducksoup.games.GameReference.analysis`) brings what
only it knows: its solver, for the decisions whose value is exact, and its sampling of the cards a player could
not see, for the decisions whose value can only be estimated. Everything else is here, the same for every game:

- **The estimate of a decision** (:func:`estimate`). Worlds are drawn from what the player had seen, and in each
  one every candidate action gets a result. A first set of worlds *chooses* the rival: the other action with the
  best mean (the worlds come in rounds, and the weaker half of the other actions is dropped after each). Fresh
  worlds, independent of the choice, then *measure* the rival's result minus the taken action's
  (:class:`Difference`), with its confidence interval. Choosing and measuring on the same worlds would favour the
  rival (the best of several noisy means is too high, the winner's curse) and could make a loss come out
  negative. The taken action is a **mistake** only when the whole interval is above zero, and then its loss is
  the measured difference (so never negative); it is **best** when the whole interval is below zero (it beat its
  strongest rival); otherwise the decision is **within the noise** and no loss is counted. With fewer than
  :data:`MIN_SAMPLES` samples there is no interval, no verdict and no loss figure.
- **Streaming** (:func:`stream`). The header is printed at once, each decision as soon as it is analysed (text,
  or JSON Lines with ``--json``), a progress bar on standard error when it is a terminal, and a summary at the end
  that adds only the losses that count (exact ones, and estimated mistakes) and counts the inconclusive decisions.
  Ctrl-C (and SIGTERM, SIGHUP) prints what is done and exits 130 (143, 129); a time budget that runs out prints
  what is done, says so and exits 124.
"""

from __future__ import annotations

import json
import math
import signal
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    from rich.console import Console

JSON = dict[str, Any]
T = TypeVar("T")
"""A game's action, as its analysis names the candidates of a decision."""

MIN_SAMPLES = 8
"""The fewest fresh samples a difference is measured on: below it no interval, no verdict and no loss figure (with
one sample there is no spread at all, and with a handful the interval is too wide to say anything)."""
CONFIDENCE = 0.95
"""The confidence of every interval: an action is called a mistake (or best) by chance in at most 2.5% of
decisions where it is in truth equal to its rival."""
_Z = statistics.NormalDist().inv_cdf(0.5 + CONFIDENCE / 2)


# The statistics of an estimate


class Verdict(Enum):
    """What a decision's analysis concludes about the action taken."""

    BEST = "best"
    MISTAKE = "mistake"
    NOISE = "within the noise"
    TOO_FEW = "too few samples"


def t_quantile(degrees: int) -> float:
    """The two-sided :data:`CONFIDENCE` quantile of Student's t with ``degrees`` degrees of freedom (Cornish-Fisher
    expansion, Abramowitz and Stegun 26.7.5: within 0.001 from 7 degrees up, which :data:`MIN_SAMPLES` assures)."""
    z, v = _Z, float(degrees)
    terms = (
        (z**3 + z) / 4,
        (5 * z**5 + 16 * z**3 + 3 * z) / 96,
        (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
        (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160,
    )
    return z + sum(term / v ** (power + 1) for power, term in enumerate(terms))


@dataclass(frozen=True)
class Difference:
    """The rival's result minus the taken action's, measured on ``samples`` fresh worlds: its mean and its
    :data:`CONFIDENCE` interval (``low`` to ``high``). Positive: the taken action did worse."""

    mean: float
    low: float
    high: float
    samples: int

    @property
    def verdict(self) -> Verdict:
        if self.low > 0:
            return Verdict.MISTAKE
        if self.high < 0:
            return Verdict.BEST
        return Verdict.NOISE

    @property
    def loss(self) -> float | None:
        """The points the taken action lost, only when it is a mistake (then the mean, above zero)."""
        return self.mean if self.verdict is Verdict.MISTAKE else None

    def to_json(self) -> JSON:
        data = {name: json_number(getattr(self, name)) for name in ("mean", "low", "high")}
        return {**data, "samples": self.samples}


def paired_difference(differences: Sequence[float]) -> Difference | None:
    """The mean of ``differences`` (one per fresh world) with its t interval; None below :data:`MIN_SAMPLES`."""
    count = len(differences)
    if count < MIN_SAMPLES:
        return None
    mean = statistics.fmean(differences)
    half = t_quantile(count - 1) * statistics.stdev(differences) / math.sqrt(count)
    return Difference(mean, mean - half, mean + half, count)


Outcomes = Callable[[T], float]
"""One sampled world: the result each candidate action gets in it, for the player deciding (higher is better)."""


@dataclass(frozen=True)
class Estimate(Generic[T]):
    """The sampled analysis of one decision (:func:`estimate`)."""

    taken: T
    rival: T
    """The other action with the best mean on the choosing worlds."""
    means: tuple[tuple[T, float], ...]
    """Every candidate's mean result on the choosing worlds it played (all of them for the rival and the taken
    action; the first rounds only for a candidate dropped on the way). The rival's is biased up: it was chosen for
    it."""
    samples: int
    """The worlds drawn to choose the rival; as many again measure the difference."""
    difference: Difference | None
    """Measured on fresh worlds; None with fewer than :data:`MIN_SAMPLES` samples."""

    @property
    def verdict(self) -> Verdict:
        return Verdict.TOO_FEW if self.difference is None else self.difference.verdict

    @property
    def loss(self) -> float | None:
        return None if self.difference is None else self.difference.loss

    @property
    def best(self) -> tuple[T, ...]:
        """The action(s) the estimate points to: the rival after a mistake, the taken one when best, both when it
        cannot tell."""
        verdict = self.verdict
        if verdict is Verdict.MISTAKE:
            return (self.rival,)
        return (self.taken,) if verdict is Verdict.BEST else (self.taken, self.rival)


CHOOSING_ROUNDS = 4
"""The rounds the choosing worlds are drawn in (:func:`estimate`): after each round but the last, the weaker half
of the other candidates is dropped."""


def estimate(
    candidates: Sequence[T], taken: T, draw: Callable[[], Outcomes[T]], samples: int, narrowing: bool = True
) -> Estimate[T]:
    """The taken action against its strongest rival among ``candidates`` (at least two), each world drawn by
    ``draw``: ``samples`` worlds choose the rival, and ``samples`` fresh ones (when there are at least
    :data:`MIN_SAMPLES`) measure the difference (see the module's description).

    With ``narrowing`` (the default), the choosing worlds come in :data:`CHOOSING_ROUNDS` rounds and after each
    round but the last only the better half of the other candidates (by their means so far) play on: a Duck
    decision with thirteen candidates then plays about half as many worlds out. The rival is the best mean among
    those that played every choosing world. Any rule of choice keeps the verdict honest, since the difference is
    measured on fresh worlds; a poor choice can only make a mistake go unseen (the calibration tests measure how
    often).
    """
    totals = {candidate: [0.0, 0] for candidate in candidates}
    playing = list(candidates)
    for size in _rounds(samples, CHOOSING_ROUNDS if narrowing else 1):
        for _ in range(size):
            world = draw()
            for candidate in playing:
                tally = totals[candidate]
                tally[0] += world(candidate)
                tally[1] += 1
        playing = _better_half(playing, taken, totals)

    def mean(candidate: T) -> float:
        total, count = totals[candidate]
        return total / count

    means = tuple((candidate, mean(candidate)) for candidate in candidates)
    rival = max((c for c in playing if c != taken), key=lambda c: (mean(c), -candidates.index(c)))
    difference = None
    if samples >= MIN_SAMPLES:
        differences = []
        for _ in range(samples):
            world = draw()
            differences.append(world(rival) - world(taken))
        difference = paired_difference(differences)
    return Estimate(taken, rival, means, samples, difference)


def _rounds(samples: int, rounds: int) -> list[int]:
    """``samples`` worlds split into at most ``rounds`` rounds, as evenly as they go."""
    rounds = max(1, min(rounds, samples))
    return [samples // rounds + (index < samples % rounds) for index in range(rounds)]


def _better_half(playing: list[T], taken: T, totals: dict[T, list[float]]) -> list[T]:
    """The taken action and the better half (rounded up) of the others in ``playing``, by their means so far; in
    their order, ties to the earlier."""
    others = [candidate for candidate in playing if candidate != taken]
    ranked = sorted(others, key=lambda candidate: -totals[candidate][0] / totals[candidate][1])
    kept = set(ranked[: (len(others) + 1) // 2])
    return [candidate for candidate in playing if candidate == taken or candidate in kept]


def json_number(value: float | None) -> float | int | None:
    """A value for JSON: whole numbers as integers, others to two decimals."""
    if value is None:
        return None
    return int(value) if float(value).is_integer() else round(float(value), 2)


# What a game's analysis gives the shared machinery


@dataclass(frozen=True)
class Judged:
    """What the summary needs of one analysed decision."""

    step: int
    player: int
    part: str
    """The part of the game the decision belongs to, as the game names it (one of its :attr:`Analysis.parts`)."""
    exact: bool
    loss: float | None
    """The points lost: exact (0 when best) or, estimated, only for a mistake; None when nothing is counted."""
    inconclusive: bool = False
    """An estimate that names neither a mistake nor the best (within the noise, or too few samples)."""


class Event(Protocol):
    """One piece of an analysis, printed as soon as it is made: a decision, or a note (a deal's start or end)."""

    def lines(self) -> list[str]:
        """The text printed for it (nothing, for what only the JSON shows); a decision's lines are printed after its
        step number (as ``step  12`` with a margin)."""
        ...

    def to_json(self) -> JSON | None:
        """Its line of ``--json`` output (with a ``type``), or None for what only the text shows."""
        ...

    def judged(self) -> Judged | None:
        """What the summary counts, for a decision; None for a note."""
        ...


class Analysis(Protocol):
    """A game's analysis of one recorded game, ready to run (:meth:`ducksoup.games.GameReference.analysis`)."""

    players: int
    parts: tuple[tuple[str, bool], ...]
    """The game's parts (``("Soup", True)``): each name and whether its values are exact."""

    def method(self) -> list[str]:
        """What is measured and how: the lines of the header after the trace's name."""
        ...

    def settings(self) -> JSON:
        """The settings that reproduce it (samples, seed, ...), for the JSON header."""
        ...

    def events(self) -> Iterator[Event]:
        """The analysis, piece by piece, as it is made."""
        ...


def step_notes(analysis: Analysis) -> dict[int, str]:
    """The line of each analysed decision, by step number, all at once (:class:`StepNotes` makes them as asked)."""
    notes = {}
    for event in analysis.events():
        judged = event.judged()
        if judged is not None:
            notes[judged.step] = " ".join(event.lines())
    return notes


class StepNotes:
    """The line of each analysed decision, made only when it is asked for, in step order: ``ducksoup explain
    --analyse`` tells a step, then asks for its note (:meth:`at`), so that each decision is told as soon as it is
    analysed while the analysis of a later one goes on.

    An analysis that refuses the game part way (a ``ValueError``) gives no more notes; ``refused`` keeps why.
    """

    def __init__(self, analysis: Analysis) -> None:
        self._events = analysis.events()
        self._next: tuple[int, str] | None = None
        self._done = False
        self.refused: ValueError | None = None

    def at(self, step: int) -> str | None:
        """The line of step ``step``, or None when it is not an analysed decision (steps asked in increasing order);
        the analysis runs up to the first decision at or after ``step``."""
        while not self._done and (self._next is None or self._next[0] < step):
            self._next = self._following()
        if self._next is not None and self._next[0] == step:
            return self._next[1]
        return None

    def _following(self) -> tuple[int, str] | None:
        """The next decision's step and line; None (and no more) at the end of the analysis or when it refuses."""
        try:
            for event in self._events:
                judged = event.judged()
                if judged is not None:
                    return judged.step, " ".join(event.lines())
        except ValueError as refused:
            self.refused = refused
        self._done = True
        return None


# The summary


@dataclass
class Tally:
    """One player's decisions in one part of the game."""

    decisions: int = 0
    mistakes: int = 0
    lost: float = 0.0
    inconclusive: int = 0

    def add(self, judged: Judged) -> None:
        self.decisions += 1
        if judged.loss is not None and judged.loss > 0:
            self.mistakes += 1
            self.lost += judged.loss
        self.inconclusive += judged.inconclusive

    def text(self, part: str, exact: bool) -> str:
        mistakes = f"{self.mistakes} mistake{'' if self.mistakes == 1 else 's'}"
        if not self.decisions:
            return f"{part} no decisions"
        if exact:
            return f"{part} {self.decisions} decisions, {mistakes}, {self.lost:g} points lost"
        return (
            f"{part} {self.decisions} decisions, {mistakes} (estimated {self.lost:.1f} points lost), "
            f"{self.inconclusive} inconclusive"
        )

    def to_json(self) -> JSON:
        return {
            "decisions": self.decisions,
            "mistakes": self.mistakes,
            "points_lost": json_number(self.lost),
            "inconclusive": self.inconclusive,
        }


@dataclass
class Summary:
    """The totals per player and part: only the losses that count are added, the inconclusive decisions counted."""

    players: int
    parts: tuple[tuple[str, bool], ...]
    tallies: dict[tuple[int, str], Tally] = field(default_factory=dict)

    def add(self, judged: Judged) -> None:
        self.tallies.setdefault((judged.player, judged.part), Tally()).add(judged)

    def tally(self, player: int, part: str) -> Tally:
        return self.tallies.get((player, part), Tally())

    def lines(self) -> list[str]:
        rows = []
        for player in range(self.players):
            parts = "; ".join(self.tally(player, part).text(part, exact) for part, exact in self.parts)
            rows.append(f"  player {player}: {parts}")
        return ["summary:", *rows]

    def to_json(self) -> list[JSON]:
        return [
            {"player": player, **{part.lower(): self.tally(player, part).to_json() for part, _ in self.parts}}
            for player in range(self.players)
        ]


# Streaming


class BudgetSpent(Exception):
    """The time budget of an analysis ran out."""


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP, handled like Ctrl-C."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


OUT_OF_TIME = 124
"""The exit status of an analysis stopped by its ``--budget`` (as ``check --max-time`` and ``timeout(1)`` exit)."""


@dataclass(frozen=True)
class Output:
    """How an analysis is shown: ``--json`` (JSON Lines), ``--mistakes`` (only the decisions that lost points),
    ``--budget`` (seconds, or None)."""

    as_json: bool = False
    mistakes_only: bool = False
    budget: float | None = None


@dataclass
class _Run:
    """The state of one streamed analysis: what was printed, and where it is."""

    analysis: Analysis
    output: Output
    write: Callable[[str], None]
    summary: Summary
    step: int = 0
    writing: bool = False
    overdue: bool = False

    def show(self, event: Event) -> None:
        judged = event.judged()
        if judged is not None:
            self.step = judged.step
            self.summary.add(judged)
            if self.output.mistakes_only and not (judged.loss or 0) > 0:
                return
        if not self.output.as_json:
            lines = event.lines()
            self.emit(lines if judged is None else [f"  step {judged.step:>3}  {line}" for line in lines])
        elif (data := event.to_json()) is not None:
            self.emit([json.dumps(data)])

    def emit(self, lines: list[str]) -> None:
        """Print ``lines`` whole: a budget that runs out meanwhile stops the analysis after them."""
        self.writing = True
        try:
            for line in lines:
                self.write(line)
        finally:
            self.writing = False
        if self.overdue:
            raise BudgetSpent

    def ring(self) -> None:
        """The budget's alarm: stop the analysis now, or after the lines being printed."""
        self.overdue = True
        if not self.writing:
            raise BudgetSpent


def stream(
    analysis: Analysis,
    header: JSON,
    output: Output,
    total: int = 0,
    first: int = 1,
) -> int:
    """Run ``analysis`` and print it as it goes (see the module's description); the exit status.

    ``header`` (``trace``, ``description``) names the recorded game; ``total`` is its number of steps and
    ``first`` the first analysed, for the progress bar, which standard error shows if it is a terminal.
    """
    from rich.console import Console

    from duckcheck.interrupts import alarm_calls, signals_raise

    console = Console(stderr=True)
    run = _Run(analysis, output, _printer(), Summary(analysis.players, analysis.parts))
    run.emit(_header_lines(analysis, header, output))
    deadline = None if output.budget is None else time.monotonic() + output.budget
    ending: tuple[str, int] | None = None
    try:
        timer = alarm_calls(output.budget or 0.0, run.ring) if deadline else nullcontext()
        with signals_raise(Stopped), timer, _ProgressBar(console, max(total - first + 1, 1), first) as advance:
            for event in analysis.events():
                run.show(event)
                advance(run.step)
                if deadline is not None and time.monotonic() > deadline:
                    raise BudgetSpent
    except BudgetSpent:
        ending = (f"the time budget of {output.budget:g} s ran out (--budget)", OUT_OF_TIME)
    except KeyboardInterrupt as interrupt:
        number = interrupt.number if isinstance(interrupt, Stopped) else signal.SIGINT
        ending = (f"interrupted ({signal.Signals(number).name})", 128 + number)
    stopped = None if ending is None else _stopped(run, ending[0])
    if output.as_json:
        run.write(json.dumps({"type": "summary", "stopped": stopped, "players": run.summary.to_json()}))
    else:
        for line in run.summary.lines():
            run.write(line)
        if stopped is not None:
            run.write(f"stopped: {stopped['reason']}; {stopped['done']}")
    return 0 if ending is None else ending[1]


def _stopped(run: _Run, reason: str) -> JSON:
    done = f"the decisions up to step {run.step} are analysed, the rest not" if run.step else "no decision was analysed"
    return {"reason": reason, "last_step": run.step or None, "done": done}


def _header_lines(analysis: Analysis, header: JSON, output: Output) -> list[str]:
    if output.as_json:
        data = {"type": "analysis", **header, "settings": analysis.settings(), "method": analysis.method()}
        return [json.dumps(data)]
    from duckcheck.untrusted import shown

    return [f"{shown(str(header['trace']))}: {shown(str(header['description']))}", *analysis.method()]


def _printer() -> Callable[[str], None]:
    """Print one line to standard output now (never wrapped or cut, flushed at once so a reader sees it)."""

    def write(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    return write


class _ProgressBar:
    """A progress bar of the steps analysed, on ``console`` if it is a terminal; nothing otherwise."""

    def __init__(self, console: Console, total: int, first: int) -> None:
        self.console, self.total, self.first = console, total, first
        self.bar: Any = None

    def __enter__(self) -> Callable[[int], None]:
        from duckcheck.progress import progress_display

        if not self.console.is_terminal:
            return lambda step: None
        self.bar = progress_display(self.console, redirect_stdout=sys.stdout.isatty())
        self.bar.start()
        task = self.bar.add_task("analysing steps", total=self.total)
        return lambda step: self.bar.update(task, completed=max(step - self.first + 1, 0))

    def __exit__(self, *args: object) -> None:
        if self.bar is not None:
            self.bar.stop()
