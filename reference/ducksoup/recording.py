"""Recording play on a game's engine as a conformance trace, the one way for every game of the family.

``ducksoup play`` saves the game it plays, and anything else that plays on an engine can keep its play
as a trace to replay, share or dispute. :class:`EngineRecorder` does it the same way for every game: it
plays each action on the engine and writes down the action and the engine's canonical state after it,
or, for an illegal action, the error code (then re-raises the error, so the caller can tell the
player); it assembles the trace's header, decks, steps and ``final``, and checks the whole against the
schemas. The engine's states are the specification's (the differential tests prove it), so a recorded
trace passes ``ducksoup check``.

A game's ``traces`` module subclasses it, giving only what differs: how its engine starts, how an
action is written, how many decks the play has used, and the game's ``final`` (its deals' or rounds'
outcomes and the result).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast, runtime_checkable

from duckcheck import FORMAT_VERSION
from duckcheck.codec import JSON
from duckcheck.trace import validate_trace

ActionT = TypeVar("ActionT")
ActionT_contra = TypeVar("ActionT_contra", contravariant=True)


class Engine(Protocol[ActionT_contra]):
    """What :class:`EngineRecorder` uses of a game's engine (a deal, round, game or match)."""

    @property
    def is_over(self) -> bool: ...

    def apply(self, action: ActionT_contra, /) -> None: ...

    def state(self) -> JSON: ...


EngineT = TypeVar("EngineT", bound="Engine[Any]")


@runtime_checkable
class TakesDecks(Protocol):
    """An engine of a whole game (or match), which takes more decks when its own run out."""

    def add_decks(self, decks: Sequence[Sequence[Any]], /) -> None: ...


class Refused(Protocol):
    """What a game's ``IllegalAction`` carries: the stable code of the error (an enum of kebab-case values)."""

    @property
    def code(self) -> enum.Enum: ...


class EngineRecorder(Generic[EngineT, ActionT]):
    """Records play on an engine (its ``play``) as a conformance trace; each game's ``TraceRecorder`` is a
    subclass that starts the engine and gives :meth:`action_json`, :meth:`decks_used` and :meth:`final`."""

    def __init__(
        self,
        header: JSON,
        decks: Sequence[Sequence[object]],
        play: EngineT,
        illegal: type[Exception],
    ) -> None:
        """``header`` holds the trace's ``id``, ``description``, ``game``, ``players``, ``scope``, ``options``
        and ``dealer`` (see :func:`header`); ``decks`` are the deck orders given, ``play`` the engine started on
        them and ``illegal`` the game's ``IllegalAction``."""
        self.header = header
        self.decks = [deck_text(deck) for deck in decks]
        self.play = play
        self.illegal = illegal
        self.initial = play.state()
        self.steps: list[JSON] = []

    # What each game gives

    def action_json(self, action: ActionT, /) -> JSON:
        """The action as a trace step writes it (the game's codec)."""
        raise NotImplementedError

    def decks_used(self) -> int:
        """How many of the decks the play has dealt so far."""
        raise NotImplementedError

    def final(self) -> JSON:
        """The trace's ``final`` so far: the finished deals' or rounds' outcomes, and the result of a game."""
        raise NotImplementedError

    # What every game shares

    def apply(self, action: ActionT, *, keep_rejected: bool = True) -> None:
        """Play ``action`` and record it. An illegal action changes nothing and is re-raised, recorded first as a
        rejected step unless ``keep_rejected`` is false (a player's slip at the keyboard is no part of the game)."""
        try:
            self.play.apply(action)
        except self.illegal as error:
            if keep_rejected:
                code = cast(Refused, error).code  # mypy cannot say "an exception with a code"
                self.steps.append({"action": self.action_json(action), "reject": code.value})
            raise
        self.steps.append({"action": self.action_json(action), "state": self.play.state()})

    def add_deck(self, deck: Sequence[object]) -> None:
        """One more deck for a game that needs it (after level totals, say), given to the engine and written
        among the trace's decks."""
        if not isinstance(self.play, TakesDecks):
            raise TypeError("a single deal or round is played from its one deck: only a game takes more")
        self.play.add_decks([deck])
        self.decks.append(deck_text(deck))
        # A trace gives all its decks at the start, so the step that finished the last deal or round dealt the
        # next one at once: its state is the engine's now, not the waiting state recorded before the deck came.
        accepted = [step for step in self.steps if "state" in step]
        if accepted:
            accepted[-1]["state"] = self.play.state()

    def trace(self) -> JSON:
        """The trace so far, valid against the trace schema and the game's."""
        return validate_trace(self.snapshot(), self.header["id"])

    def snapshot(self) -> JSON:
        """The trace so far, not validated: what ``play`` saves after every move, where validating each time
        would cost more than the move (the recorder's own steps are valid by construction)."""
        return {
            **self.header,
            "decks": self.decks[: self.decks_used()],
            "initial": self.initial,
            "steps": self.steps,
            "final": self.final(),
        }


class SetupRecorder(EngineRecorder[EngineT, ActionT]):
    """An :class:`EngineRecorder` started from a trace's setup, the same way in every game: each game's
    ``TraceRecorder`` names its game, its ``IllegalAction``, its usual number of players and its engine's class of
    a longer play (:attr:`series`), and gives how its engine starts and how its options are written, most of
    them functions of its own (``encode_options = staticmethod(options_json)``: the hooks take their arguments by
    position); the header, the options' default, the engine's start and the count of decks used are this
    class's."""

    game_id: ClassVar[str]
    illegal_action: ClassVar[type[Exception]]
    default_players: ClassVar[int]
    series: ClassVar[type]
    """The engine's class of a game or match, which counts the decks it has dealt (``dealt``); any other play is
    one deal or round, from one deck."""

    def __init__(
        self,
        trace_id: str,
        description: str,
        scope: str,
        decks: Sequence[Sequence[Any]],
        dealer: int,
        options: Any = None,
        tags: Sequence[str] = ("recorded",),
        players: int | None = None,
    ) -> None:
        """``dealer`` is the trace's ``dealer`` (the game's first dealer or first player); ``options`` the game's
        ``RuleOptions`` (its standard ones when None); ``players`` the game's usual count when None."""
        self.options = self.standard_options() if options is None else options
        count = self.default_players if players is None else players
        play = self.start_engine(scope, self.options, dealer, decks, count)
        head = header(
            trace_id, description, self.game_id, count, scope, self.encode_options(self.options), dealer, tags
        )
        super().__init__(head, decks, play, self.illegal_action)

    def standard_options(self) -> Any:
        """The game's ``RuleOptions()``."""
        raise NotImplementedError

    def start_engine(
        self, scope: str, options: Any, dealer: int, decks: Sequence[Sequence[Any]], players: int, /
    ) -> EngineT:
        """The game's engine for this setup, checked as a trace's setup is."""
        raise NotImplementedError

    def encode_options(self, options: Any, /) -> JSON:
        """``options`` as a trace writes them."""
        raise NotImplementedError

    def decks_used(self) -> int:
        """A game or match (:attr:`series`) has used the decks it has dealt; a deal or round, its one deck."""
        return cast(Dealing, self.play).dealt if isinstance(self.play, self.series) else 1


class Dealing(Protocol):
    """What :meth:`SetupRecorder.decks_used` reads of a game's or match's engine: how many decks it has dealt."""

    @property
    def dealt(self) -> int: ...


def header(
    trace_id: str,
    description: str,
    game: str,
    players: int,
    scope: str,
    options: JSON,
    first: int,
    tags: Sequence[str] = ("recorded",),
) -> JSON:
    """The header of a recorded trace: no sections or rulings (the generator computes those for the suite's
    traces; a recording only plays), and the tags given."""
    return {
        "format": FORMAT_VERSION,
        "id": trace_id,
        "description": description,
        "game": game,
        "players": players,
        "scope": scope,
        "options": options,
        "dealer": first,
        "sections": [],
        "rulings": [],
        "tags": list(tags),
    }


def deck_text(deck: Sequence[object]) -> str:
    """A deck as a trace writes it: its cards' codes, top first (``str`` of each game's cards is its code)."""
    return "".join(str(card) for card in deck)
