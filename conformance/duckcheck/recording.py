"""What every game's trace recorder shares: recording steps on the oracle, and playing a trace out.

Each game's ``recorder`` builds its traces by playing on its oracle (a ``Table``), step by step. What
is the same for every game is written once here: :class:`Recorder` plays an action and records the
state the oracle reaches (:meth:`~Recorder.act`), records an illegal action with the code the oracle
rejects it with (:meth:`~Recorder.reject`), and assembles the trace (:meth:`~Recorder.trace`);
:func:`play_out` plays on to the end of a trace with a policy, trying illegal actions on the way.
:class:`SetupRecorder` starts one from a trace's setup on the game's oracle. A game's recorder gives only what
differs: the events of its setup and steps, and its outcome.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Mapping, Sequence, Sized
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar, cast

from duckcheck import FORMAT_VERSION
from duckcheck.codec import JSON
from duckcheck.oracle import AnyTable, Scope


class RecordingError(RuntimeError):
    """A scenario that does not do what it says (a bug in the generator, not in an implementation)."""


class PlayedTable(Protocol):
    """What :func:`play_out` reads of a game's oracle table."""

    @property
    def is_over(self) -> bool: ...

    @property
    def needs_deck(self) -> bool: ...

    @property
    def decks_used(self) -> int: ...


TableT = TypeVar("TableT", bound=PlayedTable)
TableT_co = TypeVar("TableT_co", bound=PlayedTable, covariant=True)
ActionT = TypeVar("ActionT")
ActionT_contra = TypeVar("ActionT_contra", contravariant=True)


class Recording(Protocol[TableT_co, ActionT_contra]):
    """What :func:`play_out` uses of a game's recorder."""

    @property
    def id(self) -> str: ...

    @property
    def decks(self) -> Sized: ...

    @property
    def steps(self) -> Sized: ...

    @property
    def table(self) -> TableT_co: ...

    def act(self, action: ActionT_contra) -> object: ...

    def reject(self, action: ActionT_contra) -> object: ...


def play_out(
    recorder: Recording[TableT, ActionT],
    policy: Callable[[TableT, random.Random], ActionT],
    rng_of: Callable[[TableT], random.Random],
    illegal_actions: Callable[[TableT], Iterable[ActionT]],
    rejection: Callable[[TableT, ActionT], object],
    inject: float = 0.0,
    only: object = None,
    until: int | None = None,
) -> None:
    """Play ``recorder``'s trace with ``policy`` until its play ends (or ``until`` steps are recorded).

    Each deal (or round) draws its random choices from ``rng_of`` its first table, so its play depends
    only on its deck and the player who starts it. With ``inject`` > 0, an illegal action (one whose
    ``rejection`` is ``only``, if given) is tried before a step with that probability.
    """
    rng, used = rng_of(recorder.table), recorder.table.decks_used
    while not recorder.table.is_over and (until is None or len(recorder.steps) < until):
        table = recorder.table
        if table.needs_deck:
            raise RecordingError(f"{recorder.id}: the game needs more than {len(recorder.decks)} decks")
        if table.decks_used != used:
            rng, used = rng_of(table), table.decks_used
        if inject and rng.random() < inject:
            candidates = [
                action for action in illegal_actions(table) if only is None or rejection(table, action) is only
            ]
            if candidates:
                recorder.reject(rng.choice(candidates))
        recorder.act(policy(recorder.table, rng))


class OracleTable(PlayedTable, Protocol[ActionT_contra]):
    """What :class:`Recorder` reads of a game's oracle table, besides what :func:`play_out` reads."""

    @property
    def scope(self) -> enum.Enum: ...

    @property
    def finished(self) -> object | None:
        """The deal or round that the last action finished, if any."""
        ...

    def apply(self, action: ActionT_contra, /) -> Self: ...

    def to_json(self) -> JSON: ...


RecordedT = TypeVar("RecordedT", bound="OracleTable[Any]")
CodeT = TypeVar("CodeT", bound=enum.Enum)


class Refusal(Protocol[CodeT]):
    """What a specification's ``IllegalAction`` carries: the stable code of the error."""

    code: CodeT


def rejection_code(table: OracleTable[ActionT], action: ActionT, illegal: type[Exception]) -> enum.Enum | None:
    """The code ``table``'s oracle rejects ``action`` with (``illegal`` is its game's ``IllegalAction``),
    or None if the action is legal."""
    try:
        table.apply(action)
    except illegal as error:
        return cast("Refusal[enum.Enum]", error).code
    return None


class RuleCode(Protocol):
    """What the recorder reads of a game's error code: its value, and the rules section it breaks."""

    @property
    def value(self) -> str: ...

    @property
    def section(self) -> str: ...


def sections_and_rulings(
    events: set[str],
    event_sections: Mapping[str, Sequence[str]],
    event_rulings: Mapping[str, Sequence[str]],
    codes: Iterable[RuleCode],
) -> tuple[list[str], list[str]]:
    """The sorted rules sections and rulings that a trace with these ``events`` exercises: those of each event,
    and for each error code rejected (event ``error-<code>``) its section, and its ruling where a code names one."""
    sections = {section for event in events for section in event_sections.get(event, ())}
    rulings = {ruling for event in events for ruling in event_rulings.get(event, ())}
    for code in codes:
        if f"error-{code.value}" in events:
            sections.add(code.section)
            ruling = getattr(code, "ruling", None)  # only some games' codes name a ruling
            if ruling:
                rulings.add(ruling)
    return sorted(sections, key=lambda section: int(section[1:])), sorted(rulings)


def rejection_events(code: enum.Enum) -> set[str]:
    """The events of a rejected step: a negative trace, and the error code it exercises."""
    return {"negative", f"error-{code.value}"}


class Recorder(Generic[RecordedT, ActionT, CodeT]):
    """Builds one trace by playing on a game's oracle; each game's recorder is a subclass.

    The subclass makes the table (its setup) and gives what differs between games: the events of a step
    (:meth:`step_events`) with the sections and rulings behind them (:attr:`event_sections`,
    :attr:`event_rulings`, :attr:`error_codes`), the setting of the trace (:meth:`setting`), a finished
    deal's or round's outcome (:meth:`outcome`) and the trace's ``final`` (:meth:`final`); and for
    :meth:`play_out`, its random source (:meth:`rng_of`) and the illegal actions worth trying
    (:meth:`illegal_actions`).
    """

    event_sections: ClassVar[Mapping[str, Sequence[str]]]
    """The rules sections behind each event of the game."""
    event_rulings: ClassVar[Mapping[str, Sequence[str]]]
    """The rulings behind each event of the game."""
    error_codes: ClassVar[Iterable[RuleCode]]
    """The game's error codes (its ``ErrorCode`` enum)."""
    untagged: ClassVar[frozenset[str]] = frozenset()
    """Events that every trace of the game has, left out of its tags."""

    def __init__(
        self,
        trace_id: str,
        description: str,
        decks: Sequence[Sequence[object]],
        table: RecordedT,
        illegal: type[Exception],
        events: Iterable[str],
    ) -> None:
        """``table`` is the oracle at the start, ``illegal`` the game's ``IllegalAction``, ``events`` those of
        the setup and the scenario's own tags."""
        self.id = trace_id
        self.description = description
        self.decks = tuple(tuple(deck) for deck in decks)
        self.table = table
        self.illegal = illegal
        self.initial = table.to_json()
        self.steps: list[JSON] = []
        self.events = set(events)
        self.outcomes: list[JSON] = []
        """The outcome of every deal or round finished so far (:meth:`outcome`)."""

    # What each game gives

    def action_json(self, action: ActionT) -> JSON:
        """The action as a trace step writes it (the game's codec)."""
        raise NotImplementedError

    def step_events(self, before: RecordedT, action: ActionT, after: RecordedT) -> set[str]:
        """The events of one accepted step."""
        raise NotImplementedError

    def setting(self) -> JSON:
        """The trace's ``game``, ``players``, ``options`` and ``dealer`` (and ``format``, if not the suite's)."""
        raise NotImplementedError

    def outcome(self, table: RecordedT) -> JSON:
        """What the deal or round that ``table`` has just finished adds to the trace's ``final``."""
        raise NotImplementedError

    def final(self) -> JSON:
        """The trace's ``final``: the :attr:`outcomes`, and the game's or match's result if it is one."""
        raise NotImplementedError

    def rng_of(self, table: RecordedT) -> random.Random:
        """The random source of the current deal or round: a function of its cards and first player only."""
        raise NotImplementedError

    def illegal_actions(self, table: RecordedT) -> Iterable[ActionT]:
        """Actions the rules forbid now, of every kind the position offers (for negative steps)."""
        raise NotImplementedError

    # What every game shares

    def act(self, action: ActionT) -> None:
        """Play ``action``, which must be legal, and record the state it leads to."""
        before = self.table
        try:
            self.table = self.table.apply(action)
        except self.illegal as error:
            raise RecordingError(f"{self.id}: step {len(self.steps)}: {action} is illegal: {error}") from None
        self.steps.append({"action": self.action_json(action), "state": self.table.to_json()})
        self.events |= self.step_events(before, action, self.table)
        if self.table.finished is not None:
            self.outcomes.append(self.outcome(self.table))

    def reject(self, action: ActionT, expected: CodeT | None = None) -> CodeT:
        """Record ``action`` as a step that must be rejected; the code is the oracle's."""
        code = self.rejection_code(self.table, action)
        if code is None:
            raise RecordingError(f"{self.id}: {action} was meant to be illegal but is accepted")
        if expected is not None and code is not expected:
            raise RecordingError(f"{self.id}: {action} is rejected with {code}, not {expected}")
        self.steps.append({"action": self.action_json(action), "reject": code.value})
        self.events |= rejection_events(code)
        return code

    def rejection_code(self, table: RecordedT, action: ActionT) -> CodeT | None:
        """The code the oracle rejects ``action`` with at ``table``, or None if it is legal."""
        return cast("CodeT | None", rejection_code(table, action, self.illegal))

    def play_out(
        self,
        policy: Callable[[RecordedT, random.Random], ActionT],
        inject: float = 0.0,
        only: CodeT | None = None,
        until: int | None = None,
    ) -> None:
        """Play with ``policy`` until the trace's play ends (or ``until`` steps are recorded).

        Each deal or round draws its random choices from :meth:`rng_of`, so its play depends only on its
        cards and first player. With ``inject`` > 0, an illegal action (of code ``only``, if given) is tried
        before a step with that probability.
        """
        play_out(self, policy, self.rng_of, self.illegal_actions, self.rejection_code, inject, only, until)

    def trace(self) -> JSON:
        """The finished trace as JSON data."""
        sections, rulings = sections_and_rulings(self.events, self.event_sections, self.event_rulings, self.error_codes)
        setting = self.setting()
        return {
            "format": setting.get("format", FORMAT_VERSION),
            "id": self.id,
            "description": self.description,
            "game": setting["game"],
            "players": setting["players"],
            "scope": self.table.scope.value,
            "options": setting["options"],
            "dealer": setting["dealer"],
            "sections": sections,
            "rulings": rulings,
            "tags": sorted(self.events - self.untagged),
            "decks": [
                "".join(map(str, deck)) for deck in self.decks[: self.table.decks_used]
            ],  # every game's cards_text
            "initial": self.initial,
            "steps": self.steps,
            "final": self.final(),
        }


class SetupRecorder(Recorder[RecordedT, ActionT, CodeT]):
    """A :class:`Recorder` started from a trace's setup on the game's oracle, the same way in every game.

    The game names its oracle (:attr:`oracle`, whose ``start`` deals and whose ``illegal_action`` is the game's
    ``IllegalAction``) and the events its setup exercises (:meth:`setup_events`); its codec's and events'
    functions may stand as the hooks themselves (``action_json = staticmethod(action_json)``)."""

    oracle: ClassVar[type[AnyTable]]
    """The game's oracle (its ``Table``), which deals the trace's setup and plays its steps."""

    def __init__(
        self,
        trace_id: str,
        description: str,
        scope: Scope,
        options: Any,
        first: int,
        decks: Sequence[Sequence[Any]],
        players: int | None = None,
        tags: Iterable[str] = (),
    ) -> None:
        """``first`` is the trace's ``dealer`` (the first dealer, or the first player in a game without one),
        ``options`` the game's ``RuleOptions``, ``players`` left out in a game for one number of players, ``tags``
        the scenario's own."""
        table = cast(RecordedT, self.oracle.start(scope, options, first, tuple(tuple(deck) for deck in decks), players))
        events = self.setup_events(table) | set(tags)
        super().__init__(trace_id, description, decks, table, self.oracle.illegal_action, events)

    def setup_events(self, table: RecordedT) -> set[str]:
        """The events of the trace's setup (the game's first table)."""
        raise NotImplementedError
