"""What every game's analysis prints, written once: its decisions (valued exactly or estimated) with their line of
text and of JSON, a deal's heading, and the loop that analyses a recorded game deal by deal.

These are the :class:`ducksoup.analysis.Event` pieces that the games' analyses share. A game brings only what is
its own: the names of its parts, how it tells and encodes an action, the fields its decisions add to their JSON,
and what a deal's closing lines say (:class:`DealTotals`).
"""

# No postponed annotations here: a game's subclass inherits the dataclass fields with their type variables as
# objects, which the docs then name in full (a string such as "list[DecisionT]" would be looked up in the game's
# module, where nothing defines it, and the nitpicky build would refuse it).
from abc import ABCMeta, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, Self, TypeVar

from ducksoup.analysis import MIN_SAMPLES, Difference, Estimate, Judged, Verdict, json_number

JSON = dict[str, Any]
ActionT = TypeVar("ActionT")
"""A game's action."""


def inconclusive(verdict: Verdict) -> bool:
    """Whether an estimate's verdict names neither a mistake nor the best: the summary counts these apart."""
    return verdict in (Verdict.NOISE, Verdict.TOO_FEW)


def values_json(values: Iterable[tuple[ActionT, float]], encoded: Callable[[ActionT], JSON]) -> list[JSON]:
    """Each action's value (or mean), for the JSON of a decision."""
    return [{"action": encoded(action), "value": json_number(value)} for action, value in values]


def difference_json(difference: Difference | None) -> JSON | None:
    """The measured difference for the JSON of a decision; null with too few samples."""
    return None if difference is None else difference.to_json()


def sampled_worlds(samples: int) -> str:
    """``16 sampled worlds`` (``1 sampled world``), as an analysis's header counts them."""
    return f"{samples} sampled world{'s' if samples > 1 else ''}"


def verdict_method(samples: int) -> str:
    """How an analysis's header says the verdict of an estimate from ``samples`` worlds is reached (the rival chosen,
    the difference measured on fresh worlds), or that with fewer than :data:`~ducksoup.analysis.MIN_SAMPLES` there
    is none."""
    if samples < MIN_SAMPLES:
        return f"too few for a verdict (at least {MIN_SAMPLES}), so no loss is given"
    return (
        f"{sampled_worlds(samples)} choose the strongest rival of the action taken, {samples} fresh ones measure the "
        "difference with its 95% interval; a mistake or best only when the interval excludes 0"
    )


def estimate_line(found: Estimate[ActionT], player: int, told: Callable[[ActionT], str], part: str = "") -> str:
    """One line for an estimated decision: the action taken against its rival and what the fresh worlds say of
    their difference, or, with too few samples, the two means only; after ``part:`` when the game names one."""
    prefix = f"{part}: " if part else ""
    taken, rival = told(found.taken), told(found.rival)
    difference = found.difference
    if difference is None:
        means = dict(found.means)
        return (
            f"{prefix}player {player} {taken} (mean {means[found.taken]:+.1f}) against {rival} "
            f"(mean {means[found.rival]:+.1f}) on {found.samples} sample{'s' if found.samples != 1 else ''}: "
            f"too few samples for a verdict (at least {MIN_SAMPLES})"
        )
    verdict = found.verdict.value
    if found.loss is not None:
        verdict = f"a mistake, estimated loss {found.loss:.1f}"
    return (
        f"{prefix}player {player} {taken} against {rival}: {rival} - {taken} = {difference.mean:+.1f}, "
        f"95% interval {difference.low:+.1f} to {difference.high:+.1f} ({difference.samples} fresh samples): {verdict}"
    )


@dataclass(kw_only=True)
class ValuedDecision(Generic[ActionT], metaclass=ABCMeta):
    """One decision with more than one legal action: what was done, what was best, what it cost.

    Valued exactly, ``values`` holds the actions valued (the one taken and a best one, or every action) and
    ``loss`` is the best value minus the taken action's. Estimated, ``estimate`` holds the sampled analysis,
    ``values`` each action's mean on the worlds that chose the rival, and ``loss`` is the measured loss of a
    mistake, None when the decision is not a mistake or cannot be told.
    """

    step: int
    player: int
    taken: ActionT
    best: tuple[ActionT, ...]
    values: tuple[tuple[ActionT, float], ...]
    loss: float | None
    deal: int = 1
    estimate: Estimate[ActionT] | None = None

    @classmethod
    def exact(
        cls, step: int, player: int, taken: ActionT, values: Sequence[tuple[ActionT, int]], best: int, **own: Any
    ) -> Self:
        """A decision valued exactly: the ``values`` of the actions valued, the ``taken`` one among them, and the
        ``best`` value of the position, for the player deciding; ``own``, the game's fields."""
        value_taken = next(value for action, value in values if action == taken)
        return cls(
            step=step,
            player=player,
            taken=taken,
            best=tuple(action for action, value in values if value == best),
            values=tuple((action, float(value)) for action, value in values),
            loss=best - value_taken,
            **own,
        )

    @classmethod
    def estimated(cls, step: int, player: int, found: Estimate[ActionT], **own: Any) -> Self:
        """A decision estimated (:func:`ducksoup.analysis.estimate`); ``own``, the game's fields."""
        return cls(
            step=step,
            player=player,
            taken=found.taken,
            best=found.best,
            values=found.means,
            loss=found.loss,
            estimate=found,
            **own,
        )

    @abstractmethod
    def part_name(self) -> str:
        """The part of the game the decision belongs to, as the summary and the decision's line name it."""

    @abstractmethod
    def own_json(self) -> JSON:
        """The game's own fields of the decision's JSON, after its deal, step and player."""

    @abstractmethod
    def told(self, action: ActionT) -> str:
        """An action as the decision's line names it."""

    @abstractmethod
    def encoded(self, action: ActionT) -> JSON:
        """An action as the trace format writes it."""

    @property
    def value_taken(self) -> float:
        return next(value for action, value in self.values if action == self.taken)

    @property
    def value_best(self) -> float:
        return max(value for _, value in self.values)

    @property
    def verdict(self) -> Verdict:
        if self.estimate is not None:
            return self.estimate.verdict
        return Verdict.BEST if self.loss == 0 else Verdict.MISTAKE

    def judged(self) -> Judged:
        exact = self.estimate is None
        return Judged(self.step, self.player, self.part_name(), exact, self.loss, inconclusive(self.verdict))

    def lines(self) -> list[str]:
        return [self.line()]

    def line(self) -> str:
        """One line for the decision: what was done, what was best, what it lost."""
        if self.estimate is not None:
            return estimate_line(self.estimate, self.player, self.told, self.part_name())
        shown = self.best[:4]
        best = ", ".join(self.told(action) for action in shown) + (" ..." if len(self.best) > len(shown) else "")
        verdict = "best" if self.loss == 0 else f"loses {self.loss:g}"
        return (
            f"{self.part_name()}: player {self.player} {self.told(self.taken)} (value {self.value_taken:+g}); "
            f"best {best} ({self.value_best:+g}): {verdict}"
        )

    def to_json(self) -> JSON:
        data: JSON = {
            "type": "decision",
            "deal": self.deal,
            "step": self.step,
            "player": self.player,
            **self.own_json(),
            "taken": self.encoded(self.taken),
            "best": [self.encoded(action) for action in self.best],
            "verdict": self.verdict.value,
            "loss": json_number(self.loss),
            "values": values_json(self.values, self.encoded),
        }
        if self.estimate is None:
            data.update(value_taken=json_number(self.value_taken), value_best=json_number(self.value_best))
        else:
            data.update(
                samples=self.estimate.samples,
                rival=self.encoded(self.estimate.rival),
                difference=difference_json(self.estimate.difference),
            )
        return data


@dataclass(frozen=True)
class DealHeading:
    """The start of a deal in the text (``deal 2:``); the JSON names the deal in each decision instead."""

    number: int

    def lines(self) -> list[str]:
        return [f"deal {self.number}:"]

    def to_json(self) -> JSON | None:
        return None

    def judged(self) -> Judged | None:
        return None


class FinishedDeal(Protocol):
    """What a deal's totals read of the engine's deal at its end."""

    @property
    def is_over(self) -> bool: ...

    def scores(self) -> Sequence[int]: ...


DecisionT = TypeVar("DecisionT", bound=ValuedDecision[Any])


@dataclass
class DealTotals(Generic[DecisionT], metaclass=ABCMeta):
    """The decisions of one deal and its result, printed, once the deal is done, as its closing lines.

    The deal's exact part (its last tricks, solved) has a value at its first decision, and the losses on it add up:
    that value minus the deal's result equals side 0's losses on the exact part minus side 1's (a mistake by side
    1 is a gift to side 0), which :meth:`identity_holds` checks. A game's subclass keeps that value and says the
    rest of the closing lines.
    """

    number: int
    result: int | None = field(default=None, init=False)
    """The deal score of player (or side) 0 minus the other's at the end of the deal (None if the trace stops
    before)."""
    decisions: list[DecisionT] = field(default_factory=list)

    @abstractmethod
    def exact_start(self) -> int | None:
        """Side 0's deal score minus side 1's under perfect play from the exact part's first analysed decision."""

    @abstractmethod
    def exact_losses(self, side: int) -> float:
        """The points ``side`` (a player, or a side of two) lost on the exact part."""

    def identity_holds(self) -> bool:
        """Whether the exact part's value at its start minus the result equals side 0's losses on it minus side
        1's."""
        start = self.exact_start()
        if start is None or self.result is None:
            return True
        return start - self.result == self.exact_losses(0) - self.exact_losses(1)

    def identity_lines(self, side: str, part: str) -> list[str]:
        """The line that checks the identity (each ``side`` named with its number, the exact ``part`` by name),
        once the deal is over."""
        start = self.exact_start()
        if self.result is None or start is None:
            return []
        lost = self.exact_losses(0), self.exact_losses(1)
        holds = "holds" if self.identity_holds() else "DOES NOT HOLD"
        return [
            f"  result {self.result:+d} for {side} 0: {start:+d} - ({self.result:+d}) = {start - self.result:g} = "
            f"{side} 0's {part} losses {lost[0]:g} - {side} 1's {lost[1]:g} ({holds})"
        ]

    def close(self, deal: FinishedDeal | None) -> Self:
        """Record the result of a finished deal; the totals themselves, to be printed."""
        if deal is not None and deal.is_over:
            scores = deal.scores()
            self.result = scores[0] - scores[1]
        return self

    def judged(self) -> Judged | None:
        return None


TotalsT = TypeVar("TotalsT", bound=DealTotals[Any])
DealT = TypeVar("DealT", bound=FinishedDeal)
Decide = Callable[[int, DealT, ActionT], DecisionT | None]
"""The analysis of one step of a deal (its number, the engine's deal before it, the action), None if it is not
analysed."""


def by_deal(
    steps: Iterable[tuple[int, DealT, ActionT]],
    open_deal: Callable[[int], tuple[TotalsT, Decide[DealT, ActionT, DecisionT]]],
) -> Iterator[DealHeading | TotalsT | DecisionT]:
    """The analysis of a recorded game's ``steps``, piece by piece: a heading at each deal's start, each decision as
    soon as it is analysed, each deal's totals at its end (or where the trace stops).

    ``open_deal(number)`` starts the totals of that deal (numbered from 1) and the analysis of its steps, which may
    keep what only that deal needs (a solver's table).
    """
    current: TotalsT | None = None
    seen: DealT | None = None
    for number, deal, action in steps:
        if current is None or deal is not seen:
            if current is not None:
                yield current.close(seen)
            current, decide = open_deal(current.number + 1 if current else 1)
            seen = deal
            yield DealHeading(current.number)
        decision = decide(number, deal, action)
        if decision is not None:
            decision.deal = current.number
            current.decisions.append(decision)
            yield decision
    if current is not None:
        yield current.close(seen)
